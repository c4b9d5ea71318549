package advertising

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// AlertSettings are a company's thresholds of 预警管理 (percents in hundredths).
type AlertSettings struct {
	CompanyID  int64 `gorm:"primaryKey;autoIncrement:false"`
	Enabled    bool
	PeriodDays int
	SpendPct   int64
	AcosPct    int64
	ClicksPct  int64
	MinClicks  int
	CheckedDay string
	UpdatedBy  int64
	UpdatedAt  time.Time
}

// TableName is the settings' table.
func (AlertSettings) TableName() string { return "adv_alert_settings" }

// DefaultAlertSettings are a company's thresholds until it saves its own: 7 days against the 7 before, spend or
// clicks moved by half, ACOS by 30 %, periods of fewer than 20 clicks left alone.
func DefaultAlertSettings(companyID int64, now time.Time) AlertSettings {
	return AlertSettings{CompanyID: companyID, Enabled: true, PeriodDays: 7, SpendPct: 5000, AcosPct: 3000, ClicksPct: 5000,
		MinClicks: 20, UpdatedAt: now}
}

// AlertSettingsOf reads a company's thresholds, its defaults when it has none.
func AlertSettingsOf(db *models.DB, companyID int64, now time.Time) (AlertSettings, error) {
	var s AlertSettings
	err := db.Where("company_id = ?", companyID).Take(&s).Error
	if models.IsNotFound(err) {
		return DefaultAlertSettings(companyID, now), nil
	}
	return s, err
}

// SaveAlertSettings writes a company's thresholds.
func SaveAlertSettings(db *models.DB, s *AlertSettings) error { return db.Save(s).Error }

// Alert is a sudden change raised: a campaign's metric over the period ending on the day of data against the
// period before (values: ten-thousandths of the currency for spend, hundredths of a percent for ACOS, clicks).
type Alert struct {
	ID           int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID    int64
	GroupID      int64
	ProfileID    int64
	CampaignID   string
	CampaignName string
	Metric       string
	DataDay      string
	PeriodDays   int
	BeforeValue  int64
	AfterValue   int64
	ChangePct    int64
	ThresholdPct int64
	Currency     string
	ReadAt       *time.Time
	ReadBy       int64
	CreatedAt    time.Time
}

// TableName is the alerts' table.
func (Alert) TableName() string { return "adv_alerts" }

// SaveAlerts writes alerts, leaving out those already raised for their campaign, metric and day; it answers how many
// were new.
func SaveAlerts(db *models.DB, alerts []Alert) (int64, error) {
	var n int64
	for i := range alerts {
		if alerts[i].ID == 0 {
			alerts[i].ID = models.NewID()
		}
		res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&alerts[i])
		if res.Error != nil {
			return n, res.Error
		}
		n += res.RowsAffected
	}
	return n, nil
}

// ProfileNewest is a profile's newest day of campaign figures.
type ProfileNewest struct {
	ProfileID int64
	GroupID   int64
	Currency  string
	Day       string
}

// NewestDays reads each profile's newest day of campaign figures of a company.
func NewestDays(db *models.DB, companyID int64) ([]ProfileNewest, error) {
	out := []ProfileNewest{}
	err := db.Table("adv_campaign_days d").Where("d.company_id = ?", companyID).
		Select("d.profile_id, d.group_id, MAX(d.currency) AS currency, MAX(d.day) AS day").
		Group("d.profile_id, d.group_id").Order("d.profile_id").Scan(&out).Error
	return out, err
}

// CompaniesWithAdDays lists the companies with campaign figures.
func CompaniesWithAdDays(db *models.DB) ([]int64, error) {
	var out []int64
	return out, db.Table("adv_campaign_days").Distinct("company_id").Order("company_id").Pluck("company_id", &out).Error
}

// CampaignSums are a campaign's figures summed over days, with its name.
type CampaignSums struct {
	CampaignID string
	Name       string
	Sums
}

// CampaignSumsOf sums a profile's campaigns' days from start to end (both included).
func CampaignSumsOf(db *models.DB, companyID, profileID int64, start, end string) (map[string]CampaignSums, error) {
	var rows []CampaignSums
	err := db.Table("adv_campaign_days d").Where("d.company_id = ? AND d.profile_id = ? AND d.day >= ? AND d.day <= ?", companyID, profileID, start, end).
		Joins("LEFT JOIN adv_campaigns c ON c.profile_id = d.profile_id AND c.campaign_id = d.campaign_id").
		Select("d.campaign_id, COALESCE(MAX(c.name), '') AS name, SUM(d.impressions) AS impressions, SUM(d.clicks) AS clicks, " +
			"SUM(d.orders) AS orders, SUM(d.cost) AS cost, SUM(d.sales) AS sales").Group("d.campaign_id").Scan(&rows).Error
	out := make(map[string]CampaignSums, len(rows))
	for _, r := range rows {
		out[r.CampaignID] = r
	}
	return out, err
}

// AlertFilter is 预警管理's query: the user (store groups), a group, a metric, read or not ("unread", "read", ""),
// the times raised (from included, to excluded), a part of the campaign's name, the page.
type AlertFilter struct {
	UserID        int64
	GroupID       int64
	Metric, Read  string
	Search        string
	From, To      time.Time
	Offset, Limit int
}

// AlertRow is an alert as 预警管理 lists it, with its store group's name and its profile's marketplace.
type AlertRow struct {
	Alert
	GroupName   string
	CountryCode string
	ReaderName  string
}

func alertsOf(db *models.DB, companyID int64, f AlertFilter) *gorm.DB {
	q := db.Table("adv_alerts a").Where("a.company_id = ?", companyID).Scopes(models.InGrantedGroups("a.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("a.group_id = ?", f.GroupID)
	}
	if f.Metric != "" {
		q = q.Where("a.metric = ?", f.Metric)
	}
	switch f.Read {
	case "unread":
		q = q.Where("a.read_at IS NULL")
	case "read":
		q = q.Where("a.read_at IS NOT NULL")
	}
	if f.Search != "" {
		q = q.Where("a.campaign_name "+db.Caseless(), models.ContainsPattern(f.Search))
	}
	if !f.From.IsZero() {
		q = q.Where("a.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("a.created_at < ?", f.To)
	}
	return q
}

// AlertsPage reads a page of the company's alerts, the unread and the latest first, with the count.
func AlertsPage(db *models.DB, companyID int64, f AlertFilter) ([]AlertRow, int64, error) {
	var total int64
	if err := alertsOf(db, companyID, f).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []AlertRow{}
	err := alertsOf(db, companyID, f).Joins("LEFT JOIN store_groups g ON g.id = a.group_id").
		Joins("LEFT JOIN adv_profiles p ON p.id = a.profile_id").
		Joins("LEFT JOIN users u ON u.id = a.read_by").
		Joins("LEFT JOIN user_profiles up ON up.user_id = a.read_by").
		Select("a.*, COALESCE(g.name, '') AS group_name, COALESCE(p.country_code, '') AS country_code, " +
			"COALESCE(NULLIF(up.name, ''), u.account, '') AS reader_name").
		Order("CASE WHEN a.read_at IS NULL THEN 0 ELSE 1 END").Order("a.data_day DESC").Order("a.id DESC").
		Offset(f.Offset).Limit(f.Limit).Scan(&rows).Error
	return rows, total, err
}

// UnreadAlerts counts the company's unread alerts in the user's store groups.
func UnreadAlerts(db *models.DB, companyID, userID int64) (int64, error) {
	var n int64
	return n, alertsOf(db, companyID, AlertFilter{UserID: userID, Read: "unread"}).Count(&n).Error
}

// MarkAlertsRead marks the company's unread alerts of ids (none: all of them) in the user's store groups read.
func MarkAlertsRead(db *models.DB, companyID, userID int64, ids []int64, now time.Time) (int64, error) {
	q := db.Model(&Alert{}).Where("company_id = ? AND read_at IS NULL", companyID).Scopes(models.InGrantedGroups("group_id", userID))
	if len(ids) > 0 {
		q = q.Where("id IN ?", ids)
	}
	res := q.Updates(map[string]any{"read_at": now, "read_by": userID})
	return res.RowsAffected, res.Error
}
