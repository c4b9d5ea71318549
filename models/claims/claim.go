// Package claims keeps 待索赔: the claims the audit found a seller can still file with Amazon, and what became of
// each (submitted with a case id, settled by a reimbursement, expired).
package claims

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Claim kinds and statuses.
const (
	KindLost    = "lost"    // units lost or damaged at a fulfilment centre
	KindInbound = "inbound" // an inbound shipment received short
	KindReturn  = "return"  // a customer refund whose item never came back to a fulfilment centre
	KindFee     = "fee"     // an FBA fulfilment fee charged above the fee of the product's measured size tier

	StatusOpen      = "open"
	StatusSubmitted = "submitted"
	StatusSettled   = "settled"
	StatusExpired   = "expired"
)

// Claim is one claim of 待索赔.
type Claim struct {
	ID              int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID       int64
	GroupID         int64
	SellerID        int64
	MarketplaceID   string
	Kind            string
	ClaimKey        string
	SKU             string `gorm:"column:sku"`
	FNSKU           string `gorm:"column:fnsku"`
	ReferenceID     string
	Units           int
	Currency        string
	UnitValue       models.Money
	Amount          models.Money
	EventDay        string
	OpensOn         string
	Deadline        string
	Policy          string
	Evidence        string
	Status          string
	CaseID          string
	SubmittedAt     *time.Time
	SubmittedBy     *int64
	ReimbursementID string
	SettledAt       *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// TableName is fba_claims.
func (Claim) TableName() string { return "fba_claims" }

// BeforeCreate gives a new claim its id.
func (c *Claim) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// ClaimsOfCompany lists a company's claims of a kind, every status.
func ClaimsOfCompany(db *models.DB, companyID int64, kind string) ([]Claim, error) {
	out := []Claim{}
	err := db.Scopes(models.InCompany("fba_claims", companyID)).Where("fba_claims.kind = ?", kind).
		Order("fba_claims.event_day, fba_claims.claim_key").Find(&out).Error
	return out, err
}

// CreateClaim stores a new claim.
func CreateClaim(db *models.DB, c *Claim) error { return db.Create(c).Error }

// UpdateClaim changes a claim of the company.
func UpdateClaim(db *models.DB, companyID, id int64, changes map[string]any) error {
	return db.Model(&Claim{}).Where("company_id = ? AND id = ?", companyID, id).Updates(changes).Error
}

// ClaimOf finds a claim of the company in a store group the user is granted.
func ClaimOf(db *models.DB, companyID, userID, id int64) (*Claim, error) {
	var c Claim
	err := db.Scopes(models.InCompany("fba_claims", companyID), models.InGrantedGroups("fba_claims.group_id", userID)).
		Where("fba_claims.id = ?", id).Take(&c).Error
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// ClaimRow is a claim as 待索赔 lists it, with its store group's name.
type ClaimRow struct {
	Claim
	GroupName string
}

// ClaimFilter selects the claims of the store groups UserID is granted: of a store group and marketplace, a kind
// ("" any) and a status ("" open and submitted, "all" any), whose SKU, FNSKU, reference or case id contains Keyword.
type ClaimFilter struct {
	UserID        int64
	GroupID       int64
	MarketplaceID string
	Kind, Status  string
	Keyword       string
	Offset, Limit int
	Anchor        models.Anchor
}

func (f ClaimFilter) matching(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("fba_claims").Scopes(models.InCompany("fba_claims", companyID), models.InGrantedGroups("fba_claims.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("fba_claims.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("fba_claims.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Kind != "" {
		q = q.Where("fba_claims.kind = ?", f.Kind)
	}
	switch f.Status {
	case "":
		// Those still to act on or waiting for Amazon.
		q = q.Where("fba_claims.status IN ?", []string{StatusOpen, StatusSubmitted})
	case "all":
	default:
		q = q.Where("fba_claims.status = ?", f.Status)
	}
	return db.ContainsKeyword(q, f.Keyword, "fba_claims.sku", "fba_claims.fnsku", "fba_claims.reference_id", "fba_claims.case_id")
}

// ClaimPage lists a page of claims, the nearest deadline first.
func ClaimPage(db *models.DB, companyID int64, f ClaimFilter) ([]ClaimRow, int64, error) {
	rows := []ClaimRow{}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.matching(db, companyID) }, ID: "fba_claims.id",
		Order: models.ByKeys("fba_claims", false, "deadline"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor,
		Searched: f.Keyword != ""}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fba_claims").Scopes(models.InCompany("fba_claims", companyID)).
			Joins("JOIN store_groups ON store_groups.id = fba_claims.group_id").
			Select("fba_claims.*, store_groups.name AS group_name")
	}, &rows)
	return rows, total, err
}
