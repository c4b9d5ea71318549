package profit

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Bases of 费用分摊: how a cost is shared out over the seller SKUs of its month.
const (
	ShareBySales  = "sales"
	ShareByUnits  = "units"
	ShareByVolume = "volume"
	ShareByHand   = "manual"
)

// SharedCost is a cost of 费用分摊 (migration 00131): of a store group, or of the company (GroupID nil), dated,
// in its currency and in CNY at its month's rate; Basis is how it was shared ("" until it is).
type SharedCost struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	GroupID   *int64
	CostDate  string
	Month     string
	Category  string
	Amount    models.Money
	Currency  string
	AmountCNY models.Money `gorm:"column:amount_cny"`
	Note      string
	Basis     string
	SharedAt  *time.Time
	CreatedBy int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new cost its id.
func (c *SharedCost) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// SharedCostRow is a cost with its store's name and its shares counted, as the list shows it.
type SharedCostRow struct {
	SharedCost
	GroupName string `gorm:"->"`
	Shares    int    `gorm:"->"`
}

// SharedCostShare is a cost's share of one seller SKU line (store group, marketplace, SKU, currency) of its month:
// the weight it was shared by (sales in CNY, units or volume, as Money) and its amount in CNY.
type SharedCostShare struct {
	SharedCostID  int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	Month         string
	GroupID       int64  `gorm:"primaryKey;autoIncrement:false"`
	MarketplaceID string `gorm:"primaryKey"`
	SKU           string `gorm:"primaryKey;column:sku"`
	Currency      string `gorm:"primaryKey"`
	Weight        models.Money
	Amount        models.Money
}

// SharedCostFilter selects costs: of a month (yyyy-MM, "" any), a store group (0 any, -1 the company's), a
// category (exact, "" any), visible to UserID (a store's cost of a granted group, and the company's).
type SharedCostFilter struct {
	UserID   int64
	Month    string
	GroupID  int64
	Category string
}

// SharedCosts are the filter's costs, the latest date first.
func SharedCosts(db *models.DB, companyID int64, f SharedCostFilter, offset, limit int) ([]SharedCostRow, int64, error) {
	q := db.Table("shared_costs c").Where("c.company_id = ?", companyID).
		Where(`(c.group_id IS NULL OR NOT EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ?)
			OR EXISTS (SELECT 1 FROM user_store_groups u WHERE u.user_id = ? AND u.group_id = c.group_id))`, f.UserID, f.UserID)
	if f.Month != "" {
		q = q.Where("c.month = ?", f.Month)
	}
	switch {
	case f.GroupID < 0:
		q = q.Where("c.group_id IS NULL")
	case f.GroupID > 0:
		q = q.Where("c.group_id = ?", f.GroupID)
	}
	if f.Category != "" {
		q = q.Where("c.category = ?", f.Category)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []SharedCostRow{}
	err := q.Joins("LEFT JOIN store_groups g ON g.id = c.group_id").
		Select("c.*, COALESCE(g.name, '') AS group_name, (SELECT COUNT(*) FROM shared_cost_shares s WHERE s.shared_cost_id = c.id) AS shares").
		Order("c.cost_date DESC, c.id DESC").Offset(offset).Limit(limit).Scan(&rows).Error
	return rows, total, err
}

// SharedCostOf is one of the company's costs, nil when there is none.
func SharedCostOf(db *models.DB, companyID, id int64) (*SharedCost, error) {
	rows := []SharedCost{}
	err := db.Where("company_id = ? AND id = ?", companyID, id).Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// SharesOf are a cost's shares, the largest first.
func SharesOf(db *models.DB, companyID, costID int64) ([]SharedCostShare, error) {
	rows := []SharedCostShare{}
	err := db.Where("company_id = ? AND shared_cost_id = ?", companyID, costID).
		Order("amount DESC, group_id, marketplace_id, sku").Find(&rows).Error
	return rows, err
}

// ReplaceShares puts a cost's shares in place of those it had, and its basis.
func ReplaceShares(db *models.DB, c *SharedCost, shares []SharedCostShare, at time.Time) error {
	if err := db.Where("company_id = ? AND shared_cost_id = ?", c.CompanyID, c.ID).Delete(&SharedCostShare{}).Error; err != nil {
		return err
	}
	if len(shares) > 0 {
		if err := db.CreateInBatches(shares, 200).Error; err != nil {
			return err
		}
	}
	return db.Model(&SharedCost{}).Where("company_id = ? AND id = ?", c.CompanyID, c.ID).
		Updates(map[string]any{"basis": c.Basis, "shared_at": at, "updated_at": at}).Error
}

// SharedSum is the shares of a seller SKU line of a month, summed over the costs shared to it (CNY).
type SharedSum struct {
	Month         string
	GroupID       int64
	MarketplaceID string
	SKU           string
	Currency      string
	Amount        models.Money
}

// SharedSums are the shares of the profit filter's months and lines, by seller SKU line.
func SharedSums(db *models.DB, companyID int64, f ProfitFilter) ([]SharedSum, error) {
	q := db.Table("shared_cost_shares s").Where("s.company_id = ? AND s.month >= ? AND s.month <= ?", companyID, f.FromMonth, f.ToMonth).
		Scopes(models.InGrantedGroups("s.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("s.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("s.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Search != "" {
		q = q.Where("s.sku "+db.Caseless(), models.ContainsPattern(f.Search))
	}
	rows := []SharedSum{}
	err := q.Select("s.month, s.group_id, s.marketplace_id, s.sku, s.currency, SUM(s.amount) AS amount").
		Group("s.month, s.group_id, s.marketplace_id, s.sku, s.currency").Scan(&rows).Error
	return rows, err
}

// LimitedToGroups says whether the user is limited to some store groups (user_store_groups).
func LimitedToGroups(db *models.DB, userID int64) (bool, error) {
	var n int64
	err := db.Table("user_store_groups").Where("user_id = ?", userID).Count(&n).Error
	return n > 0, err
}

// LineShare is one cost's share in a line by SKU: the cost, the line's weight and share, and the sum of the
// weights of every line the cost was shared over; the line (store group, its name, marketplace, SKU, currency).
type LineShare struct {
	ID            int64
	CostDate      string
	Category      string
	Amount        models.Money
	Currency      string
	AmountCNY     models.Money `gorm:"column:amount_cny"`
	Note          string
	Basis         string
	Weight        models.Money
	Share         models.Money
	TotalWeight   models.Money
	GroupID       int64
	GroupName     string
	MarketplaceID string
	SKU           string `gorm:"column:sku"`
	LineCurrency  string
}

// sharesOf selects the shares of a month (of a store group, 0 any) in groups userID is granted, with their costs.
func sharesOf(db *models.DB, companyID, userID int64, month string, groupID int64) *gorm.DB {
	q := db.Table("shared_cost_shares s").Joins("JOIN shared_costs c ON c.id = s.shared_cost_id AND c.company_id = s.company_id").
		Where("s.company_id = ? AND s.month = ?", companyID, month).Scopes(models.InGrantedGroups("s.group_id", userID))
	if groupID != 0 {
		q = q.Where("s.group_id = ?", groupID)
	}
	return q
}

const lineShareColumns = "c.id, c.cost_date, c.category, c.amount, c.currency, c.amount_cny, c.note, c.basis, s.weight, s.amount AS share, " +
	"(SELECT SUM(t.weight) FROM shared_cost_shares t WHERE t.shared_cost_id = c.id) AS total_weight, " +
	"s.group_id, COALESCE(g.name, '') AS group_name, s.marketplace_id, s.sku, s.currency AS line_currency"

// LineShares lists the shares of the costs shared into a line by SKU (a month, store group, marketplace, seller SKU
// and currency) of a group userID is granted, by cost date.
func LineShares(db *models.DB, companyID int64, lf ProfitLineFilter) ([]LineShare, error) {
	rows := []LineShare{}
	err := sharesOf(db, companyID, lf.UserID, lf.Month, lf.GroupID).
		Where("s.group_id = ? AND s.marketplace_id = ? AND s.sku = ? AND s.currency = ?", lf.GroupID, lf.MarketplaceID, lf.SKU, lf.Currency).
		Joins("LEFT JOIN store_groups g ON g.id = s.group_id").Select(lineShareColumns).
		Order("c.cost_date, c.id").Scan(&rows).Error
	return rows, err
}

// MonthShares pages the shares of a month's costs in a store group (0: every group userID is granted), as
// 月度报告's 分摊费用 sums them: by cost (date, id), then each cost's largest share first; with how many there are.
func MonthShares(db *models.DB, companyID, userID int64, month string, groupID int64, offset, limit int) ([]LineShare, int64, error) {
	var total int64
	if err := sharesOf(db, companyID, userID, month, groupID).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []LineShare{}
	err := sharesOf(db, companyID, userID, month, groupID).Joins("LEFT JOIN store_groups g ON g.id = s.group_id").
		Select(lineShareColumns).
		Order("c.cost_date, c.id, s.amount DESC, g.name, s.group_id, s.marketplace_id, s.sku, s.currency").
		Offset(offset).Limit(limit).Scan(&rows).Error
	return rows, total, err
}
