package amazondata

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// SettlementFilter selects the settlements of the store groups UserID is granted: of a store group and
// marketplace, whose period ends from Since to Before (zero: open), whose settlement id contains Keyword; with
// Unbalanced, only those whose lines do not sum to their total.
type SettlementFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Since, Before time.Time
	Keyword       string
	Unbalanced    bool
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
}

// linesSumSQL is the sum of a settlement's lines (Money's units), read beside each settlement.
const linesSumSQL = "(SELECT COALESCE(CAST(SUM(sl.amount) AS BIGINT), 0) FROM settlement_lines sl " +
	"WHERE sl.seller_id = settlements.seller_id AND sl.settlement_id = settlements.settlement_id)"

func (f SettlementFilter) scope(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("settlements").Scopes(models.InCompany("settlements", companyID),
		models.InGrantedGroups("settlements.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("settlements.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("settlements.marketplace_id = ?", f.MarketplaceID)
	}
	if !f.Since.IsZero() {
		q = q.Where("settlements.settlement_end_date >= ?", f.Since.UTC())
	}
	if !f.Before.IsZero() {
		q = q.Where("settlements.settlement_end_date < ?", f.Before.UTC())
	}
	if f.Unbalanced {
		q = q.Where("settlements.total_amount <> " + linesSumSQL)
	}
	return db.ContainsKeyword(q, f.Keyword, "settlements.settlement_id")
}

// SettlementRow is a settlement as 结算记录 lists it: its store group's name and what its lines sum to (Money's
// units) and how many there are.
type SettlementRow struct {
	Settlement
	GroupName string
	LinesSum  int64
	LineCount int64
}

// settlementSorts are the columns 结算记录 sorts by.
var settlementSorts = map[string]bool{"settlement_end_date": true, "deposit_date": true, "total_amount": true, "settlement_id": true}

// SettlementPage lists a page of settlements, the latest period first unless another order is asked.
func SettlementPage(db *models.DB, companyID int64, f SettlementFilter) ([]SettlementRow, int64, error) {
	rows := []SettlementRow{}
	order := models.ByKeys("settlements", true, "settlement_end_date")
	if settlementSorts[f.OrderBy] {
		order = models.ByKeys("settlements", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.scope(db, companyID) }, ID: "settlements.id", Order: order,
		Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != "" || f.Unbalanced}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("settlements").Scopes(models.InCompany("settlements", companyID)).
			Joins("JOIN store_groups ON store_groups.id = settlements.group_id").
			Select("settlements.*, store_groups.name AS group_name, " + linesSumSQL + " AS lines_sum, " +
				"(SELECT COUNT(*) FROM settlement_lines sl WHERE sl.seller_id = settlements.seller_id AND " +
				"sl.settlement_id = settlements.settlement_id) AS line_count")
	}, &rows)
	return rows, total, err
}

// SettlementByID is one settlement of the store groups UserID is granted, by its row id, with its lines' sum, or
// ErrRecordNotFound.
func SettlementByID(db *models.DB, companyID, userID, id int64) (*SettlementRow, error) {
	var rows []SettlementRow
	err := db.Table("settlements").Scopes(models.InCompany("settlements", companyID),
		models.InGrantedGroups("settlements.group_id", userID)).
		Joins("JOIN store_groups ON store_groups.id = settlements.group_id").
		Where("settlements.id = ?", id).
		Select("settlements.*, store_groups.name AS group_name, " + linesSumSQL + " AS lines_sum, " +
			"(SELECT COUNT(*) FROM settlement_lines sl WHERE sl.seller_id = settlements.seller_id AND " +
			"sl.settlement_id = settlements.settlement_id) AS line_count").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, gorm.ErrRecordNotFound
	}
	return &rows[0], nil
}

// SettlementTypeSum is what a settlement's lines of one of Amazon's names (transaction type, amount type, amount
// description) sum to, in Money's units, and how many lines they are.
type SettlementTypeSum struct {
	TransactionType   string
	AmountType        string
	AmountDescription string
	Amount            int64
	Lines             int64
}

// SettlementTypeSums groups a settlement's lines by Amazon's names, in the order they first appear in the file.
func SettlementTypeSums(db *models.DB, companyID, sellerID int64, settlementID string) ([]SettlementTypeSum, error) {
	out := []SettlementTypeSum{}
	err := db.Table("settlement_lines").Scopes(models.InCompany("settlement_lines", companyID)).
		Where("settlement_lines.seller_id = ? AND settlement_lines.settlement_id = ?", sellerID, settlementID).
		Select("transaction_type, amount_type, amount_description, CAST(SUM(amount) AS BIGINT) AS amount, COUNT(*) AS lines").
		Group("transaction_type, amount_type, amount_description").Order("MIN(line_no)").Scan(&out).Error
	return out, err
}

// SettlementLineFilter selects a settlement's lines: of one transaction type, amount type and description when
// named (Typed), whose order id or SKU contains Keyword.
type SettlementLineFilter struct {
	SellerID          int64
	SettlementID      string
	Typed             bool
	TransactionType   string
	AmountType        string
	AmountDescription string
	Keyword           string
	Offset, Limit     int
	Anchor            models.Anchor
}

// SettlementLinePage lists a page of a settlement's lines in the file's order.
func SettlementLinePage(db *models.DB, companyID int64, f SettlementLineFilter) ([]SettlementLine, int64, error) {
	rows := []SettlementLine{}
	matching := func() *gorm.DB {
		q := db.Table("settlement_lines").Scopes(models.InCompany("settlement_lines", companyID)).
			Where("settlement_lines.seller_id = ? AND settlement_lines.settlement_id = ?", f.SellerID, f.SettlementID)
		if f.Typed {
			q = q.Where("settlement_lines.transaction_type = ? AND settlement_lines.amount_type = ? AND settlement_lines.amount_description = ?",
				f.TransactionType, f.AmountType, f.AmountDescription)
		}
		return db.ContainsKeyword(q, f.Keyword, "settlement_lines.order_id", "settlement_lines.sku")
	}
	p := models.PageQuery{Matching: matching, ID: "settlement_lines.id", Order: models.ByKeys("settlement_lines", false, "line_no"),
		Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: true}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("settlement_lines").Scopes(models.InCompany("settlement_lines", companyID)).Select("settlement_lines.*")
	}, &rows)
	return rows, total, err
}
