package profit

import "strings"

// Bucket is where the report puts an amount: one of its columns.
type Bucket string

// The report's buckets. Every settlement amount lands in exactly one (Classify); Other holds whatever Amazon
// names that is none of the others, so that nothing a settlement paid or charged is dropped.
const (
	BucketSales       Bucket = "sales"
	BucketReferral    Bucket = "referral"
	BucketFulfilment  Bucket = "fulfilment"
	BucketStorage     Bucket = "storage"
	BucketOther       Bucket = "other"
	BucketRefunds     Bucket = "refunds"
	BucketAdvertising Bucket = "advertising"
)

// AmazonBuckets are the buckets a settlement's amounts fall in, in the report's order.
var AmazonBuckets = []Bucket{BucketSales, BucketReferral, BucketFulfilment, BucketStorage, BucketOther, BucketRefunds, BucketAdvertising}

// BucketNames are the buckets' column names.
var BucketNames = map[Bucket]string{
	BucketSales: "销售额", BucketReferral: "佣金", BucketFulfilment: "FBA配送费", BucketStorage: "仓储费",
	BucketOther: "其他费用", BucketRefunds: "退款", BucketAdvertising: "广告费",
}

// Classify puts a settlement amount, by Amazon's names for it (transaction type, amount type, amount description;
// the settlement report's V2 flat file), in one bucket:
//   - taxes Amazon collects and withholds for the marketplace (ItemPrice/Promotion …Tax, ItemWithheldTax):
//     other, where they cancel out;
//   - advertising invoices (Cost of Advertising): advertising;
//   - anything named storage (Storage Fee, StorageRenewalBilling, FBA Long-Term Storage Fee): storage;
//   - the item fees of FBA's fulfilment (FBAPerUnitFulfillmentFee, FBAWeightBasedFee, FBAPerOrderFulfillmentFee):
//     fulfilment;
//   - the referral fee and its part kept on a refund (Commission, ReferralFee, RefundCommission): referral;
//   - the item price, shipping, gift wrap and promotions of an Order: sales; of a Refund: refunds;
//   - everything else (subscription, closing fees, chargebacks, reimbursements, adjustments): other.
func Classify(transactionType, amountType, description string) Bucket {
	desc := strings.ToLower(description)
	switch {
	case amountType == "ItemWithheldTax" || ((amountType == "ItemPrice" || amountType == "Promotion") && strings.Contains(desc, "tax")):
		return BucketOther
	case strings.EqualFold(amountType, "Cost of Advertising"):
		return BucketAdvertising
	case strings.Contains(desc, "storage") || strings.Contains(strings.ToLower(amountType), "storage"):
		return BucketStorage
	case amountType == "ItemFees" && strings.HasPrefix(description, "FBA"):
		return BucketFulfilment
	case amountType == "ItemFees" && (description == "Commission" || description == "ReferralFee" || description == "RefundCommission"):
		return BucketReferral
	case (amountType == "ItemPrice" || amountType == "Promotion") && transactionType == "Order":
		return BucketSales
	case (amountType == "ItemPrice" || amountType == "Promotion") && transactionType == "Refund":
		return BucketRefunds
	}
	return BucketOther
}

// IsReimbursement tells a settlement amount Amazon paid back for the seller's inventory (lost or damaged in its
// warehouses, a customer's return not received, its reversal): the settlement report's amount type FBA Inventory
// Reimbursement, or a reason code of the reimbursements report as its description (WAREHOUSE_LOST,
// REVERSAL_REIMBURSEMENT, …). Classify puts it in other; 月度报告 shows it apart.
func IsReimbursement(transactionType, amountType, description string) bool {
	if strings.EqualFold(amountType, "FBA Inventory Reimbursement") {
		return true
	}
	d := strings.ToUpper(description)
	return strings.HasPrefix(d, "WAREHOUSE_") || strings.Contains(d, "REIMBURSEMENT")
}
