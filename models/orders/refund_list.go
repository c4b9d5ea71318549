package orders

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// A refund in a settlement report is several lines of one adjustment (the principal returned, its tax and
// shipping, the promotion taken back, the commission returned and the refund commission kept); every refund has
// the principal line, so the list counts refunds by it. The condition is written out as literals, not bound
// values, so that both databases match it to the partial index settlement_lines_refunds (migration 00034).
const refundPrincipal = "settlement_lines.transaction_type = 'Refund' AND settlement_lines.amount_type = 'ItemPrice' " +
	"AND settlement_lines.amount_description = 'Principal'"

// RefundRow is a refund as 退款订单 shows it: its principal line with the store group's name, what the buyer got
// back (the item price and promotion lines), the net of all its lines for the seller, and the reason of the
// customer return of the order's SKU where one came in.
type RefundRow struct {
	ID            int64
	SellerID      int64
	GroupID       int64
	GroupName     string
	MarketplaceID string
	SettlementID  string
	OrderID       string
	AdjustmentID  string
	SKU           string `gorm:"column:sku"`
	PostedDate    *time.Time
	Currency      string
	Refunded      models.Money
	Net           models.Money
	Reason        string
}

// refunds selects the principal lines of the company's refunds the filter passes (Status and Channel are orders'
// and not applied), within the user's store groups.
func refunds(db *models.DB, companyID int64, f OrderFilter) *gorm.DB {
	q := db.Table("settlement_lines").Where(refundPrincipal).
		Scopes(models.InCompany("settlement_lines", companyID), models.InGrantedGroups("settlement_lines.group_id", f.UserID),
			ofStores("settlement_lines.group_id", f))
	if f.MarketplaceID != "" {
		q = q.Where("settlement_lines.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Search != "" {
		var selects []string
		var args [][]any
		for _, col := range []string{"s.order_id", "s.sku"} {
			cond, values := startsWith(db, col, f.Search)
			selects = append(selects, "SELECT s.id FROM settlement_lines s WHERE s.company_id = ? AND "+cond)
			args = append(args, append([]any{companyID}, values...))
		}
		q = q.Where("settlement_lines.id IN (?)", anyOf(db, selects, args))
	}
	return inPeriods(q, "settlement_lines", "posted_date", f.Periods)
}

// refundOf is the condition on a line a of the same refund as the listed principal line.
const refundOf = "a.company_id = settlement_lines.company_id AND a.order_id = settlement_lines.order_id " +
	"AND a.seller_id = settlement_lines.seller_id AND a.settlement_id = settlement_lines.settlement_id " +
	"AND a.adjustment_id = settlement_lines.adjustment_id AND a.sku = settlement_lines.sku AND a.transaction_type = 'Refund'"

// RefundCount counts the company's refunds the filter passes, up to the list's cap (models.MoreThan past it).
func RefundCount(db *models.DB, companyID int64, f OrderFilter) (int64, error) {
	return db.CountCapped(refunds(db, companyID, f))
}

// RefundPage lists a page of the company's refunds, latest posted first unless another order is asked, with
// the total.
func RefundPage(db *models.DB, companyID int64, f OrderFilter) ([]RefundRow, int64, error) {
	rows := []RefundRow{}
	p := models.PageQuery{Matching: func() *gorm.DB { return refunds(db, companyID, f) }, ID: "settlement_lines.id",
		Order: f.order("settlement_lines", "posted_date"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor,
		Known: f.Total}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("settlement_lines").Scopes(models.InCompany("settlement_lines", companyID)).
			Joins("LEFT JOIN store_groups ON store_groups.id = settlement_lines.group_id").
			Select("settlement_lines.id, settlement_lines.seller_id, settlement_lines.group_id, store_groups.name AS group_name, " +
				"settlement_lines.marketplace_id, settlement_lines.settlement_id, settlement_lines.order_id, " +
				"settlement_lines.adjustment_id, settlement_lines.sku, settlement_lines.posted_date, settlement_lines.currency, " +
				"(SELECT COALESCE(SUM(a.amount), 0) FROM settlement_lines a WHERE " + refundOf +
				" AND a.amount_type IN ('ItemPrice', 'Promotion')) AS refunded, " +
				"(SELECT COALESCE(SUM(a.amount), 0) FROM settlement_lines a WHERE " + refundOf + ") AS net, " +
				"(SELECT COALESCE(MAX(r.reason), '') FROM customer_returns r WHERE r.seller_id = settlement_lines.seller_id " +
				"AND r.order_id = settlement_lines.order_id AND r.sku = settlement_lines.sku) AS reason")
	}, &rows)
	return rows, total, err
}
