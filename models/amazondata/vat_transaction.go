package amazondata

import (
	"time"

	"sellerhub/models"
)

// VATTransaction is a line of Amazon's VAT transactions report (the VAT calculation service's): a transaction
// (SALE, REFUND, RETURN...) of an event (the order) and activity (its shipment or refund) for one SKU, the VAT-
// inclusive amounts and their VAT by part in models.Money's units, the items' rate in hundredths of a percent.
type VATTransaction struct {
	ID                      int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID               int64
	GroupID                 int64
	SellerID                int64
	MarketplaceID           string
	ActivityPeriod          string
	SalesChannel            string
	TransactionType         string
	TransactionEventID      string
	ActivityTransactionID   string
	TaxCalculationDate      string
	TransactionCompleteDate string
	SellerSKU               string `gorm:"column:seller_sku"`
	ASIN                    string `gorm:"column:asin"`
	Qty                     int
	Currency                string
	ItemsVATIncl            models.Money `gorm:"column:items_vat_incl"`
	ItemsVAT                models.Money `gorm:"column:items_vat"`
	ShipVATIncl             models.Money `gorm:"column:ship_vat_incl"`
	ShipVAT                 models.Money `gorm:"column:ship_vat"`
	GiftWrapVATIncl         models.Money `gorm:"column:gift_wrap_vat_incl"`
	GiftWrapVAT             models.Money `gorm:"column:gift_wrap_vat"`
	TotalVATExcl            models.Money `gorm:"column:total_vat_excl"`
	TotalVAT                models.Money `gorm:"column:total_vat"`
	TotalVATIncl            models.Money `gorm:"column:total_vat_incl"`
	VATRate                 int          `gorm:"column:vat_rate"`
	SaleDepartCountry       string
	SaleArrivalCountry      string
	BuyerVATNumber          string `gorm:"column:buyer_vat_number"`
	VATInvNumber            string `gorm:"column:vat_inv_number"`
	TaxCollection           string
	CreatedAt               time.Time
	UpdatedAt               time.Time
}

// TableName is vat_transactions.
func (VATTransaction) TableName() string { return "vat_transactions" }

// VATSale is the transaction type of a sale's line.
const VATSale = "SALE"

var vatTransactionsTable = &models.UpsertTable{
	Name: "vat_transactions",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "activity_period", "sales_channel",
		"transaction_type", "transaction_event_id", "activity_transaction_id", "tax_calculation_date",
		"transaction_complete_date", "seller_sku", "asin", "qty", "currency", "items_vat_incl", "items_vat", "ship_vat_incl",
		"ship_vat", "gift_wrap_vat_incl", "gift_wrap_vat", "total_vat_excl", "total_vat", "total_vat_incl", "vat_rate",
		"sale_depart_country", "sale_arrival_country", "buyer_vat_number", "vat_inv_number", "tax_collection",
		"created_at", "updated_at"},
	Key:  []string{"seller_id", "transaction_type", "transaction_event_id", "activity_transaction_id", "seller_sku"},
	Keep: []string{"company_id"},
}

// UpsertVATTransactions writes a batch of the report's lines (each key once) in one transaction and returns how
// many rows were inserted or changed: the same month read again writes none.
func UpsertVATTransactions(db *models.DB, lines []VATTransaction) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		v := &lines[i]
		return []any{models.NewID(), v.CompanyID, v.GroupID, v.SellerID, v.MarketplaceID, v.ActivityPeriod, v.SalesChannel,
			v.TransactionType, v.TransactionEventID, v.ActivityTransactionID, v.TaxCalculationDate, v.TransactionCompleteDate,
			v.SellerSKU, v.ASIN, v.Qty, v.Currency, v.ItemsVATIncl.Units(), v.ItemsVAT.Units(), v.ShipVATIncl.Units(),
			v.ShipVAT.Units(), v.GiftWrapVATIncl.Units(), v.GiftWrapVAT.Units(), v.TotalVATExcl.Units(), v.TotalVAT.Units(),
			v.TotalVATIncl.Units(), v.VATRate, v.SaleDepartCountry, v.SaleArrivalCountry, v.BuyerVATNumber, v.VATInvNumber,
			v.TaxCollection, now, now}
	}
	return upsertIn(db, vatTransactionsTable, len(lines), row)
}

// VATTransactionsOfSeller lists a seller account's lines by event, activity and SKU.
func VATTransactionsOfSeller(db *models.DB, companyID, sellerID int64) ([]VATTransaction, error) {
	out := []VATTransaction{}
	err := db.Scopes(models.InCompany("vat_transactions", companyID)).Where("vat_transactions.seller_id = ?", sellerID).
		Order("transaction_event_id, activity_transaction_id, seller_sku, transaction_type").Find(&out).Error
	return out, err
}
