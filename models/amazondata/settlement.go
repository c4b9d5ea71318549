package amazondata

import (
	"time"

	"sellerhub/models"
)

// Settlement is one of Amazon's payout periods of a seller account, as its settlement report's first line states
// it.
type Settlement struct {
	ID                  int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID           int64
	GroupID             int64
	SellerID            int64
	MarketplaceID       string
	SettlementID        string
	SettlementStartDate *time.Time
	SettlementEndDate   *time.Time
	DepositDate         *time.Time
	TotalAmount         models.Money
	Currency            string
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// SettlementLine is one line of a settlement report, numbered as in the file (LineNo), kept with Amazon's own
// names for what it is (transaction type, amount type and description).
type SettlementLine struct {
	ID                       int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID                int64
	GroupID                  int64
	SellerID                 int64
	SettlementID             string
	LineNo                   int
	MarketplaceID            string
	MarketplaceName          string
	TransactionType          string
	OrderID                  string
	MerchantOrderID          string
	AdjustmentID             string
	ShipmentID               string
	AmountType               string
	AmountDescription        string
	Amount                   models.Money
	Currency                 string
	FulfillmentID            string
	PostedDate               *time.Time
	OrderItemCode            string
	MerchantOrderItemID      string
	MerchantAdjustmentItemID string
	SKU                      string `gorm:"column:sku"`
	QuantityPurchased        int
	PromotionID              string
	CreatedAt                time.Time
	UpdatedAt                time.Time
}

var settlementsTable = &models.UpsertTable{
	Name: "settlements",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "settlement_id",
		"settlement_start_date", "settlement_end_date", "deposit_date", "total_amount", "currency", "created_at",
		"updated_at"},
	Key:  []string{"seller_id", "settlement_id"},
	Keep: []string{"company_id"},
}

var settlementLinesTable = &models.UpsertTable{
	Name: "settlement_lines",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "settlement_id", "line_no", "marketplace_id",
		"marketplace_name", "transaction_type", "order_id", "merchant_order_id", "adjustment_id", "shipment_id",
		"amount_type", "amount_description", "amount", "currency", "fulfillment_id", "posted_date",
		"order_item_code", "merchant_order_item_id", "merchant_adjustment_item_id", "sku", "quantity_purchased",
		"promotion_id", "created_at", "updated_at"},
	Key:  []string{"seller_id", "settlement_id", "line_no"},
	Keep: []string{"company_id"},
}

// utcOrNil is a nullable time in UTC, as every time is stored.
func utcOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// UpsertSettlementLines writes a batch of a settlement report in one transaction: the settlements the batch
// states (the report's first line, in the first batch) and its lines. It returns how many rows were inserted or
// changed.
func UpsertSettlementLines(db *models.DB, settlements []Settlement, lines []SettlementLine) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	headRow := func(i int) []any {
		s := &settlements[i]
		return []any{models.NewID(), s.CompanyID, s.GroupID, s.SellerID, s.MarketplaceID, s.SettlementID,
			utcOrNil(s.SettlementStartDate), utcOrNil(s.SettlementEndDate), utcOrNil(s.DepositDate),
			s.TotalAmount.Units(), s.Currency, now, now}
	}
	lineRow := func(i int) []any {
		l := &lines[i]
		return []any{models.NewID(), l.CompanyID, l.GroupID, l.SellerID, l.SettlementID, l.LineNo, l.MarketplaceID,
			l.MarketplaceName, l.TransactionType, l.OrderID, l.MerchantOrderID, l.AdjustmentID, l.ShipmentID,
			l.AmountType, l.AmountDescription, l.Amount.Units(), l.Currency, l.FulfillmentID, utcOrNil(l.PostedDate),
			l.OrderItemCode, l.MerchantOrderItemID, l.MerchantAdjustmentItemID, l.SKU, l.QuantityPurchased,
			l.PromotionID, now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		n, err := tx.Upsert(settlementsTable, len(settlements), headRow)
		if err != nil {
			return err
		}
		m, err := tx.Upsert(settlementLinesTable, len(lines), lineRow)
		written = n + m
		if err != nil || m == 0 {
			return err
		}
		// Refunds are read by 销售报表: its kept answers of the seller accounts' company are out of date.
		return tx.RaiseSalesGenerations(models.SellersOf(lines, func(l *SettlementLine) (int64, int64) { return l.CompanyID, l.SellerID }))
	})
	return written, err
}

// SettlementWithLines loads one of a seller account's settlements with its lines in the file's order, or
// ErrNotFound; a seller account of another company finds nothing.
func SettlementWithLines(db *models.DB, companyID, sellerID int64, settlementID string) (*Settlement, []SettlementLine, error) {
	var s Settlement
	err := db.Scopes(models.InCompany("settlements", companyID)).
		First(&s, "settlements.seller_id = ? AND settlements.settlement_id = ?", sellerID, settlementID).Error
	if err != nil {
		return nil, nil, err
	}
	lines := []SettlementLine{}
	err = db.Scopes(models.InCompany("settlement_lines", companyID)).
		Where("settlement_lines.seller_id = ? AND settlement_lines.settlement_id = ?", sellerID, settlementID).
		Order("settlement_lines.line_no").Find(&lines).Error
	return &s, lines, err
}
