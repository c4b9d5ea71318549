package finance

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// FundAccount (资金账户) is one of the company's accounts in one currency: a bank account, Payoneer, WorldFirst,
// Alipay or cash, with its balance on OpeningDate (yyyy-MM-dd) in Money's units.
type FundAccount struct {
	ID             int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID      int64
	Name           string
	Kind           string
	Currency       string
	Number         string
	OpeningBalance int64
	OpeningDate    string
	Remark         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// BeforeCreate gives a new account its id.
func (a *FundAccount) BeforeCreate(*gorm.DB) error {
	if a.ID == 0 {
		a.ID = models.NewID()
	}
	return nil
}

// FundMovement is money in (Amount > 0) or out (< 0) of an account on a day, in the account's currency, matched
// at most to one settlement (its deposit) or one 付款申请. A voided movement stays, out of the balance.
type FundMovement struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	AccountID     int64
	MovedOn       string
	Amount        int64
	Category      string
	Counterparty  string
	Remark        string
	SettlementRef *int64
	PaymentRef    *int64
	CreatedBy     *int64
	VoidedBy      *int64
	VoidedAt      *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// BeforeCreate gives a new movement its id.
func (m *FundMovement) BeforeCreate(*gorm.DB) error {
	if m.ID == 0 {
		m.ID = models.NewID()
	}
	return nil
}

// FundAccountRow is an account with what its movements not voided sum to and how many there are.
type FundAccountRow struct {
	FundAccount `gorm:"embedded"`
	Moved       int64
	Movements   int64
}

// Balance is the opening balance plus every movement not voided, in Money's units.
func (r *FundAccountRow) Balance() int64 { return r.OpeningBalance + r.Moved }

// FundAccounts lists the company's accounts by name, each with its movements' sum.
func FundAccounts(db *models.DB, companyID int64) ([]FundAccountRow, error) {
	rows := []FundAccountRow{}
	err := db.Table("fund_accounts").Scopes(models.InCompany("fund_accounts", companyID)).
		Select("fund_accounts.*, " +
			"(SELECT CAST(COALESCE(SUM(m.amount), 0) AS BIGINT) FROM fund_movements m WHERE m.account_id = fund_accounts.id AND m.voided_at IS NULL) AS moved, " +
			"(SELECT COUNT(*) FROM fund_movements m WHERE m.account_id = fund_accounts.id AND m.voided_at IS NULL) AS movements").
		Order("fund_accounts.name, fund_accounts.id").Scan(&rows).Error
	return rows, err
}

// FundAccountByID loads one of the company's accounts, or ErrRecordNotFound.
func FundAccountByID(db *models.DB, companyID, id int64) (*FundAccount, error) {
	var a FundAccount
	err := db.Scopes(models.InCompany("fund_accounts", companyID)).Where("fund_accounts.id = ?", id).Take(&a).Error
	if err != nil {
		return nil, err
	}
	return &a, nil
}

// FundMovementFilter selects movements: of one account (0: every one), from Since to Until (yyyy-MM-dd, ""
// open), whose counterparty or remark contains Keyword, with voided ones only when Voided.
type FundMovementFilter struct {
	AccountID     int64
	Since, Until  string
	Keyword       string
	Category      string
	Voided        bool
	Offset, Limit int
	Anchor        models.Anchor
}

// FundMovementRow is a movement with its account's name and currency.
type FundMovementRow struct {
	FundMovement    `gorm:"embedded"`
	AccountName     string
	AccountCurrency string
}

// FundMovementPage lists a page of the company's movements, the latest day first.
func FundMovementPage(db *models.DB, companyID int64, f FundMovementFilter) ([]FundMovementRow, int64, error) {
	rows := []FundMovementRow{}
	matching := func() *gorm.DB {
		q := db.Table("fund_movements").Scopes(models.InCompany("fund_movements", companyID))
		if f.AccountID != 0 {
			q = q.Where("fund_movements.account_id = ?", f.AccountID)
		}
		if f.Since != "" {
			q = q.Where("fund_movements.moved_on >= ?", f.Since)
		}
		if f.Until != "" {
			q = q.Where("fund_movements.moved_on <= ?", f.Until)
		}
		if f.Category != "" {
			q = q.Where("fund_movements.category = ?", f.Category)
		}
		if !f.Voided {
			q = q.Where("fund_movements.voided_at IS NULL")
		}
		return db.ContainsKeyword(q, f.Keyword, "fund_movements.counterparty", "fund_movements.remark")
	}
	p := models.PageQuery{Matching: matching, ID: "fund_movements.id", Order: models.ByKeys("fund_movements", true, "moved_on"),
		Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: true}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return db.Table("fund_movements").Scopes(models.InCompany("fund_movements", companyID)).
			Joins("JOIN fund_accounts ON fund_accounts.id = fund_movements.account_id").
			Select("fund_movements.*, fund_accounts.name AS account_name, fund_accounts.currency AS account_currency")
	}, &rows)
	return rows, total, err
}

// FundMovementByID loads one of the company's movements, or ErrRecordNotFound.
func FundMovementByID(db *models.DB, companyID, id int64) (*FundMovement, error) {
	var m FundMovement
	err := db.Scopes(models.InCompany("fund_movements", companyID)).Where("fund_movements.id = ?", id).Take(&m).Error
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// FundMovementOfSettlement is the movement (not voided) matched to a settlement's row id, or nil.
func FundMovementOfSettlement(db *models.DB, companyID, settlementRef int64) (*FundMovementRow, error) {
	var rows []FundMovementRow
	err := db.Table("fund_movements").Scopes(models.InCompany("fund_movements", companyID)).
		Joins("JOIN fund_accounts ON fund_accounts.id = fund_movements.account_id").
		Where("fund_movements.settlement_ref = ? AND fund_movements.voided_at IS NULL", settlementRef).
		Select("fund_movements.*, fund_accounts.name AS account_name, fund_accounts.currency AS account_currency").
		Scan(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}
