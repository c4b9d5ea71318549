package amazondata

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Reimbursement is a line of Amazon's reimbursements report: what Amazon paid back for an SKU, in cash
// (AmountTotal for QuantityCash units) or in units put back in stock (QuantityInventory), why and under which case.
type Reimbursement struct {
	ID                        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID                 int64
	GroupID                   int64
	SellerID                  int64
	MarketplaceID             string
	ApprovalDate              time.Time
	ReimbursementID           string
	CaseID                    string
	AmazonOrderID             string
	Reason                    string
	SKU                       string `gorm:"column:sku"`
	FNSKU                     string `gorm:"column:fnsku"`
	ASIN                      string `gorm:"column:asin"`
	ProductName               string
	ItemCondition             string
	Currency                  string
	AmountPerUnit             models.Money
	AmountTotal               models.Money
	QuantityCash              int
	QuantityInventory         int
	QuantityTotal             int
	OriginalReimbursementID   string
	OriginalReimbursementType string
	CreatedAt                 time.Time
	UpdatedAt                 time.Time
}

// TableName: gorm would say fba_reimbursements anyway; written for the search.
func (Reimbursement) TableName() string { return "fba_reimbursements" }

var reimbursementsTable = &models.UpsertTable{
	Name: "fba_reimbursements",
	Columns: []string{"id", "company_id", "group_id", "seller_id", "marketplace_id", "approval_date", "reimbursement_id",
		"case_id", "amazon_order_id", "reason", "sku", "fnsku", "asin", "product_name", "item_condition", "currency",
		"amount_per_unit", "amount_total", "quantity_cash", "quantity_inventory", "quantity_total",
		"original_reimbursement_id", "original_reimbursement_type", "created_at", "updated_at"},
	Key:  []string{"seller_id", "reimbursement_id", "sku", "fnsku", "reason", "original_reimbursement_id"},
	Keep: []string{"company_id"},
}

// UpsertReimbursements writes a batch of reimbursement lines (each key once) in one transaction and returns how
// many rows were inserted or changed.
func UpsertReimbursements(db *models.DB, lines []Reimbursement) (int64, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	row := func(i int) []any {
		r := &lines[i]
		return []any{models.NewID(), r.CompanyID, r.GroupID, r.SellerID, r.MarketplaceID, r.ApprovalDate.UTC(),
			r.ReimbursementID, r.CaseID, r.AmazonOrderID, r.Reason, r.SKU, r.FNSKU, r.ASIN, r.ProductName, r.ItemCondition,
			r.Currency, r.AmountPerUnit.Units(), r.AmountTotal.Units(), r.QuantityCash, r.QuantityInventory, r.QuantityTotal,
			r.OriginalReimbursementID, r.OriginalReimbursementType, now, now}
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		var err error
		written, err = tx.Upsert(reimbursementsTable, len(lines), row)
		return err
	})
	return written, err
}

// ReimbursementsOfSeller lists a seller account's reimbursements by approval date.
func ReimbursementsOfSeller(db *models.DB, companyID, sellerID int64) ([]Reimbursement, error) {
	out := []Reimbursement{}
	err := db.Scopes(models.InCompany("fba_reimbursements", companyID)).Where("fba_reimbursements.seller_id = ?", sellerID).
		Order("fba_reimbursements.approval_date, fba_reimbursements.reimbursement_id, fba_reimbursements.sku").Find(&out).Error
	return out, err
}

// ReimbursementRow is a reimbursement as 赔偿报告 lists it, with its store group's name.
type ReimbursementRow struct {
	Reimbursement
	GroupName string
}

// ReimbursementFilter selects the reimbursements of the store groups UserID is granted: of a store group and
// marketplace, a reason, approved from From to before To (UTC instants; zero for open), whose SKU, FNSKU, case,
// reimbursement or order id contains Keyword.
type ReimbursementFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Reason        string
	Keyword       string
	From, To      time.Time
	OrderBy       string
	Desc          bool
	Offset, Limit int
	Anchor        models.Anchor
}

func (f ReimbursementFilter) matching(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("fba_reimbursements").Scopes(models.InCompany("fba_reimbursements", companyID),
		models.InGrantedGroups("fba_reimbursements.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("fba_reimbursements.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("fba_reimbursements.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Reason != "" {
		q = q.Where("fba_reimbursements.reason = ?", f.Reason)
	}
	if !f.From.IsZero() {
		q = q.Where("fba_reimbursements.approval_date >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("fba_reimbursements.approval_date < ?", f.To)
	}
	return db.ContainsKeyword(q, f.Keyword, "fba_reimbursements.sku", "fba_reimbursements.fnsku", "fba_reimbursements.case_id",
		"fba_reimbursements.reimbursement_id", "fba_reimbursements.amazon_order_id")
}

// ReimbursementPage lists a page of reimbursements, the newest first unless another order is asked.
func ReimbursementPage(db *models.DB, companyID int64, f ReimbursementFilter) ([]ReimbursementRow, int64, error) {
	rows := []ReimbursementRow{}
	order := models.ByKeys("fba_reimbursements", f.Desc, "approval_date")
	if f.OrderBy != "" {
		order = models.ByKeys("fba_reimbursements", f.Desc, f.OrderBy)
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.matching(db, companyID) }, ID: "fba_reimbursements.id",
		Order: order, Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fba_reimbursements").Scopes(models.InCompany("fba_reimbursements", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_reimbursements.group_id").
			Select("fba_reimbursements.*, store_groups.name AS group_name")
	}, &rows)
	return rows, total, err
}

// ReimbursementReasons lists the reasons the company's reimbursements give, for the screen's filter.
func ReimbursementReasons(db *models.DB, companyID int64) ([]string, error) {
	out := []string{}
	err := db.Table("fba_reimbursements").Where("company_id = ? AND reason <> ''", companyID).Distinct("reason").
		Order("reason").Pluck("reason", &out).Error
	return out, err
}
