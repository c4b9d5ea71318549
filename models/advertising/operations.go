package advertising

import (
	"errors"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// amountColumns are the amount a change of a level sets: a campaign's daily budget, an ad group's default bid, a
// keyword's bid (product ads have none).
var amountColumns = map[string]string{LevelCampaign: "budget", LevelAdGroup: "default_bid", LevelKeyword: "bid"}

// EditEntity is an entity a change reaches, with what calling Amazon for it takes: its profile's Amazon id,
// region and currency.
type EditEntity struct {
	ID            int64
	GroupID       int64
	ProfileID     int64
	AmazonProfile int64
	Region        string
	Currency      string
	AmazonID      string
	Name          string
	State         string
	Amount        models.Money
	// AdType is the ad product of the entity's campaign (SP, SD, SB).
	AdType string
}

// EntitiesForChange reads the company's entities of a level by our ids, within the user's store groups; ids the
// user may not reach are left out.
func EntitiesForChange(db *models.DB, companyID, userID int64, level string, ids []int64) ([]EditEntity, error) {
	lv, ok := levels[level]
	amount, editable := amountColumns[level]
	if !ok || !editable {
		return nil, errors.New("advertising: no change of level " + level)
	}
	q := db.Table(lv.table+" e").Where("e.company_id = ? AND e.id IN ?", companyID, ids).
		Scopes(models.InGrantedGroups("e.group_id", userID)).
		Joins("JOIN adv_profiles p ON p.id = e.profile_id").Joins("JOIN adv_auths a ON a.id = p.auth_id")
	adType := "e.ad_type"
	if level != LevelCampaign {
		q = q.Joins("LEFT JOIN adv_campaigns c ON c.profile_id = e.profile_id AND c.campaign_id = e.campaign_id")
		adType = "COALESCE(c.ad_type, 'SP')"
	}
	cur, err := q.Select("e.id, e.group_id, e.profile_id, p.profile_id, a.region, p.currency_code, e." + lv.id + ", e." + lv.name +
		", e.state, e." + amount + ", " + adType).Order("e.id").Rows()
	if err != nil {
		return nil, err
	}
	out := []EditEntity{}
	for cur.Next() {
		var e EditEntity
		var units int64
		if err := cur.Scan(&e.ID, &e.GroupID, &e.ProfileID, &e.AmazonProfile, &e.Region, &e.Currency, &e.AmazonID,
			&e.Name, &e.State, &units, &e.AdType); err != nil {
			cur.Close()
			return nil, err
		}
		e.Amount = models.MoneyFromUnits(units)
		out = append(out, e)
	}
	return out, errors.Join(cur.Err(), cur.Close())
}

// ApplyChange writes a change Amazon made to the entity here, so that 广告管理 shows it before the next sync.
func ApplyChange(db *models.DB, companyID int64, level string, id int64, state string, amount *models.Money, now time.Time) error {
	lv := levels[level]
	set := map[string]any{"updated_at": now}
	if state != "" {
		set["state"] = state
	}
	if amount != nil {
		set[amountColumns[level]] = amount.Units()
	}
	return db.Table(lv.table).Where("company_id = ? AND id = ?", companyID, id).Updates(set).Error
}

// Operation is a change sent to the Advertising API for one entity, with Amazon's answer.
type Operation struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	GroupID     int64
	ProfileID   int64
	BatchID     int64
	Level       string
	AmazonID    string
	EntityName  string
	Action      string
	BeforeValue string
	AfterValue  string
	OK          bool `gorm:"column:ok"`
	ErrorType   string
	Message     string
	Source      string
	UserID      int64
	CreatedAt   time.Time
	// RuleID is the 广告规则 that made the change (0: by hand), Reason the figures that made it.
	RuleID int64
	Reason string
}

// TableName is the operations' table.
func (Operation) TableName() string { return "adv_operations" }

// SaveOperations writes operations, giving each an id.
func SaveOperations(db *models.DB, ops []Operation) error {
	if len(ops) == 0 {
		return nil
	}
	for i := range ops {
		if ops[i].ID == 0 {
			ops[i].ID = models.NewID()
		}
	}
	return db.CreateInBatches(ops, 200).Error
}

// OperationFilter is 操作记录's query: the user (store groups), a group, a profile, the level, the action, the
// result (ok, refused or any), a part of the entity's name, the times (from included, to excluded), the page.
type OperationFilter struct {
	UserID             int64
	GroupID, ProfileID int64
	Level, Action      string
	Result             string // "ok", "failed" or ""
	Source             string // "manual", "rule" or ""
	RuleID             int64
	Search             string
	From, To           time.Time
	Offset, Limit      int
}

// OperationRow is an operation as 操作记录 lists it: who by name, the store group and the profile's marketplace.
type OperationRow struct {
	Operation
	UserName    string
	GroupName   string
	CountryCode string
	Currency    string
	RuleName    string
}

// OperationsPage reads a page of the company's operations, the latest first, with the count.
func OperationsPage(db *models.DB, companyID int64, f OperationFilter) ([]OperationRow, int64, error) {
	base := func() *gorm.DB {
		q := db.Table("adv_operations o").Where("o.company_id = ?", companyID).Scopes(models.InGrantedGroups("o.group_id", f.UserID))
		if f.GroupID != 0 {
			q = q.Where("o.group_id = ?", f.GroupID)
		}
		if f.ProfileID != 0 {
			q = q.Where("o.profile_id = ?", f.ProfileID)
		}
		if f.Level != "" {
			q = q.Where("o.level = ?", f.Level)
		}
		if f.Action != "" {
			q = q.Where("o.action = ?", f.Action)
		}
		switch f.Result {
		case "ok":
			q = q.Where("o.ok = ?", true)
		case "failed":
			q = q.Where("o.ok = ?", false)
		}
		if f.Source != "" {
			q = q.Where("o.source = ?", f.Source)
		}
		if f.RuleID != 0 {
			q = q.Where("o.rule_id = ?", f.RuleID)
		}
		if f.Search != "" {
			q = q.Where("o.entity_name "+db.Caseless(), models.ContainsPattern(f.Search))
		}
		if !f.From.IsZero() {
			q = q.Where("o.created_at >= ?", f.From)
		}
		if !f.To.IsZero() {
			q = q.Where("o.created_at < ?", f.To)
		}
		return q
	}
	var total int64
	if err := base().Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []OperationRow{}
	err := base().Joins("LEFT JOIN users u ON u.id = o.user_id").
		Joins("LEFT JOIN user_profiles up ON up.user_id = o.user_id").
		Joins("LEFT JOIN store_groups g ON g.id = o.group_id").
		Joins("LEFT JOIN adv_profiles p ON p.id = o.profile_id").
		Joins("LEFT JOIN adv_rules r ON r.id = o.rule_id").
		Select("o.*, COALESCE(NULLIF(up.name, ''), u.account, '') AS user_name, COALESCE(g.name, '') AS group_name, " +
			"COALESCE(p.country_code, '') AS country_code, COALESCE(p.currency_code, '') AS currency, COALESCE(r.name, '') AS rule_name").
		Order("o.created_at DESC").Order("o.id DESC").Offset(f.Offset).Limit(f.Limit).Scan(&rows).Error
	return rows, total, err
}
