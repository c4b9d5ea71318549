package amazon_test

import (
	"testing"

	"sellerhub/app/amazon"
)

// Every return reason and settlement name the reports produce (the stand-in's, app/amazon/amazontest/sellerdata,
// and the ones sellers' reports carry) has a Chinese name; an unknown code is shown as Amazon wrote it.
func TestAmazonNames(t *testing.T) {
	for code, want := range map[string]string{
		"UNWANTED_ITEM": "不再需要", "DEFECTIVE": "商品有缺陷或无法使用", "NOT_AS_DESCRIBED": "与描述不符",
		"DAMAGED_BY_CARRIER": "承运人运输途中损坏", "ORDERED_WRONG_ITEM": "买错了商品", "FOUND_BETTER_PRICE": "找到更低的价格",
		"MISSED_ESTIMATED_DELIVERY": "未在预计时间送达", "CR-DEFECTIVE": "商品有缺陷或无法使用", "damaged_by_fc": "亚马逊运营中心损坏",
	} {
		if got, ok := amazon.ReturnReasonName(code); !ok || got != want {
			t.Errorf("return reason %s: %q %v, want %q", code, got, ok, want)
		}
	}
	if got, ok := amazon.ReturnReasonName("SOMETHING_NEW"); ok || got != "SOMETHING_NEW" {
		t.Errorf("an unknown reason: %q %v", got, ok)
	}
	for _, tx := range []string{"Order", "Refund", "other-transaction", "ServiceFee"} {
		if _, ok := amazon.TransactionTypeName(tx); !ok {
			t.Errorf("transaction type %s has no name", tx)
		}
	}
	for _, a := range []struct{ kind, desc, want string }{
		{"ItemPrice", "Principal", "商品价格"}, {"ItemPrice", "Tax", "商品税"}, {"ItemPrice", "Shipping", "运费"},
		{"ItemPrice", "ShippingTax", "运费税"}, {"Promotion", "Principal", "商品促销折扣"},
		{"ItemWithheldTax", "MarketplaceFacilitatorTax-Principal", "平台代缴税（商品）"},
		{"ItemWithheldTax", "MarketplaceFacilitatorTax-Shipping", "平台代缴税（运费）"},
		{"ItemFees", "FBAPerUnitFulfillmentFee", "FBA配送费（按件）"}, {"ItemFees", "Commission", "佣金"},
		{"ItemFees", "RefundCommission", "退款手续费"}, {"other-transaction", "Subscription Fee", "月度订阅费"},
		{"other-transaction", "Storage Fee", "月度仓储费"}, {"Cost of Advertising", "TransactionTotalAmount", "广告费"},
	} {
		if got, ok := amazon.AmountName(a.kind, a.desc); !ok || got != a.want {
			t.Errorf("%s / %s: %q %v, want %q", a.kind, a.desc, got, ok, a.want)
		}
	}
	if got, ok := amazon.AmountName("ItemFees", "NewFee"); ok || got != "ItemFees / NewFee" {
		t.Errorf("an unknown amount: %q %v", got, ok)
	}
}
