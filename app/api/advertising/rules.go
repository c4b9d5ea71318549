package advertising

import (
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	storesdb "sellerhub/models/stores"
)

// RulesHandler serves 广告规则 (sp/rules/...) and 预警管理 (sp/alerts/...).
type RulesHandler struct {
	Rules    *advertising.Rules
	TimeZone *time.Location
}

// Rule is a row of 广告规则: what it reads and does in words (condition, change, schedule), its last run, and its
// figures as the form shows them.
type Rule struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Kind            string `json:"kind"`
	KindName        string `json:"kindName"`
	Enabled         bool   `json:"enabled"`
	StateName       string `json:"stateName"`
	GroupID         string `json:"groupId"`
	GroupName       string `json:"groupName"`
	ProfileID       string `json:"profileId"`
	MarketplaceName string `json:"marketplaceName"`
	Condition       string `json:"condition"`
	Change          string `json:"change"`
	Schedule        string `json:"schedule"`
	LastDay         string `json:"lastDay"`
	LastRunAt       string `json:"lastRunAt"`
	LastResult      string `json:"lastResult"`
	Creator         string `json:"creator"`
	CreatedAt       string `json:"createdAt"`
	LookbackDays    string `json:"lookbackDays"`
	MinClicks       string `json:"minClicks"`
	MinOrders       string `json:"minOrders"`
	AcosAbove       string `json:"acosAbove"`
	RoasBelow       string `json:"roasBelow"`
	CoverBelow      string `json:"coverBelow"`
	CoverAbove      string `json:"coverAbove"`
	RoasAbove       string `json:"roasAbove"`
	SpentDays       string `json:"spentDays"`
	Percent         string `json:"percent"`
	Bid             string `json:"bid"`
	AdGroupID       string `json:"adGroupId"`
	AdGroupName     string `json:"adGroupName"`
	Weekdays        string `json:"weekdays"`
	Hour            string `json:"hour"`
}

var weekdayNames = []string{"", "一", "二", "三", "四", "五", "六", "日"}

// hundredthsText is a figure kept in hundredths as typed, without trailing zeros ("" for 0).
func hundredthsText(h int64) string {
	if h == 0 {
		return ""
	}
	return decimal.New(h, -2).String()
}

func blankZero(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// ruleWords says what a rule reads and what it changes.
func ruleWords(r *advertisingdb.Rule, adGroup string) (string, string) {
	days := "近" + strconv.Itoa(r.LookbackDays) + "天"
	clicks := ""
	if r.MinClicks > 0 {
		clicks = "，点击 ≥ " + strconv.Itoa(r.MinClicks)
	}
	switch r.Kind {
	case advertising.RulePauseKeyword:
		return days + "关键词ACOS > " + hundredthsText(r.AcosAbove) + "%" + clicks, "暂停关键词"
	case advertising.RuleLowerBid:
		var when []string
		if r.RoasBelow > 0 {
			when = append(when, "ROAS < "+hundredthsText(r.RoasBelow))
		}
		if r.CoverBelow > 0 {
			when = append(when, "SKU可售天数 < "+strconv.Itoa(r.CoverBelow)+"天")
		}
		return days + "关键词" + strings.Join(when, " 且 ") + clicks, "竞价降低" + hundredthsText(r.Percent) + "%"
	case advertising.RuleRaiseBid:
		when := "SKU可售天数 > " + strconv.Itoa(r.CoverAbove) + "天"
		if r.RoasAbove > 0 {
			when += " 且 ROAS > " + hundredthsText(r.RoasAbove)
		}
		return days + "关键词" + when + clicks, "竞价提高" + hundredthsText(r.Percent) + "%，不超过 " + models.MoneyFromUnits(r.Bid).StringFixed(2)
	case advertising.RuleAddKeyword:
		return days + "搜索词订单 ≥ " + strconv.Itoa(r.MinOrders), "添加为广告组“" + adGroup + "”的精准关键词，竞价 " +
			models.MoneyFromUnits(r.Bid).StringFixed(2)
	case advertising.RuleRaiseBudget:
		return days + "有 ≥ " + strconv.Itoa(r.SpentDays) + "天花费达到预算", "预算提高" + hundredthsText(r.Percent) + "%"
	}
	return "", ""
}

func scheduleWords(weekdays string, hour int) string {
	days := "每天"
	if weekdays != "1234567" {
		var names []string
		for _, d := range weekdays {
			names = append(names, "周"+weekdayNames[d-'0'])
		}
		days = strings.Join(names, "、")
	}
	return days + " " + strconv.Itoa(hour) + "点起，有新一天的数据时执行一次"
}

func (h *RulesHandler) rule(r *advertisingdb.RuleRow) Rule {
	m, _ := storesdb.MarketplaceByCountry(r.CountryCode)
	market := m.Name
	if r.ProfileID == 0 {
		market = "全部站点"
	}
	state := "停用"
	if r.Enabled {
		state = "启用"
	}
	cond, change := ruleWords(&r.Rule, r.AdGroupName)
	result := ""
	if r.LastRunAt != nil {
		result = "成功" + strconv.Itoa(r.LastChanged) + "，失败" + strconv.Itoa(r.LastRefused)
	}
	adGroup := ""
	if r.AdGroupID != 0 {
		adGroup = strconv.FormatInt(r.AdGroupID, 10)
	}
	profile := ""
	if r.ProfileID != 0 {
		profile = strconv.FormatInt(r.ProfileID, 10)
	}
	bid := ""
	if r.Bid != 0 {
		bid = models.MoneyFromUnits(r.Bid).StringFixed(2)
	}
	return Rule{ID: strconv.FormatInt(r.ID, 10), Name: r.Name, Kind: r.Kind, KindName: advertising.RuleKindNames[r.Kind],
		Enabled: r.Enabled, StateName: state, GroupID: strconv.FormatInt(r.GroupID, 10), GroupName: r.GroupName,
		ProfileID: profile, MarketplaceName: market, Condition: cond, Change: change, Schedule: scheduleWords(r.Weekdays, r.Hour),
		LastDay: r.LastDay, LastRunAt: api.FormatTime(r.LastRunAt, h.TimeZone), LastResult: result, Creator: r.CreatorName,
		CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone), LookbackDays: strconv.Itoa(r.LookbackDays),
		MinClicks: strconv.Itoa(r.MinClicks), MinOrders: blankZero(r.MinOrders), AcosAbove: hundredthsText(r.AcosAbove),
		RoasBelow: hundredthsText(r.RoasBelow), CoverBelow: blankZero(r.CoverBelow), CoverAbove: blankZero(r.CoverAbove),
		RoasAbove: hundredthsText(r.RoasAbove), SpentDays: blankZero(r.SpentDays),
		Percent: hundredthsText(r.Percent), Bid: bid, AdGroupID: adGroup, AdGroupName: r.AdGroupName, Weekdays: r.Weekdays,
		Hour: strconv.Itoa(r.Hour)}
}

// RulesPage answers POST sp/rules/page {currentpage, pagesize, groupId, kind, state, search}: a page of 广告规则.
func (h *RulesHandler) RulesPage(c *echo.Context) error {
	return api.PageOf(h.Rules.RulesPage, h.rule)(c)
}

// RulesExport answers GET sp/rules/export?<RulesPage's filters>: 广告规则_<date>.xlsx.
func (h *RulesHandler) RulesExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "广告规则", "advRuleList", h.Rules.RulesPage, h.rule)
}

// Saved is a saved rule's id.
type Saved struct {
	ID string `json:"id"`
}

// SaveRule answers POST sp/rules/save {id?, name, groupId, profileId, kind, lookbackDays, minClicks, minOrders,
// acosAbove, roasBelow, coverBelow, coverAbove, roasAbove, spentDays, percent, bid, adGroupId, weekdays, hour, enabled}.
func (h *RulesHandler) SaveRule(c *echo.Context) error {
	var in advertising.RuleForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	id, err := h.Rules.SaveRule(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, Saved{ID: strconv.FormatInt(id, 10)})
}

// Count is how many rows a call reached.
type Count struct {
	Count int64 `json:"count"`
}

// EnableRules answers POST sp/rules/enable {ids}; DisableRules sp/rules/disable {ids}.
func (h *RulesHandler) EnableRules(c *echo.Context) error  { return h.switchRules(c, true) }
func (h *RulesHandler) DisableRules(c *echo.Context) error { return h.switchRules(c, false) }

func (h *RulesHandler) switchRules(c *echo.Context, on bool) error {
	var in advertising.RuleIDs
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Rules.SetRulesEnabled(c.Request().Context(), p, in, on)
	if err != nil {
		return err
	}
	return api.OK(c, Count{Count: n})
}

// DeleteRules answers POST sp/rules/delete {ids}.
func (h *RulesHandler) DeleteRules(c *echo.Context) error {
	var in advertising.RuleIDs
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Rules.DeleteRules(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, Count{Count: n})
}

// RuleAction is a row of a dry run or a run: the change and why.
type RuleAction struct {
	ID           string `json:"id"`
	LevelName    string `json:"levelName"`
	AmazonID     string `json:"amazonId"`
	Name         string `json:"name"`
	CampaignName string `json:"campaignName"`
	MatchType    string `json:"matchType"`
	Currency     string `json:"currency"`
	ActionName   string `json:"actionName"`
	Before       string `json:"before"`
	After        string `json:"after"`
	Reason       string `json:"reason"`
	OK           bool   `json:"ok"`
	Message      string `json:"message"`
}

// DryRun is a rule's dry run: the days read and what it would change, each with why.
type DryRun struct {
	Name  string       `json:"name"`
	Day   string       `json:"day"`
	Start string       `json:"start"`
	Note  string       `json:"note"`
	Count int          `json:"count"`
	Rows  []RuleAction `json:"rows"`
}

// DryRunRule answers POST sp/rules/dryrun {id}: what the rule would change on its newest day of data, nothing changed.
func (h *RulesHandler) DryRunRule(c *echo.Context) error {
	var in advertising.RuleID
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	d, err := h.Rules.DryRunRule(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	out := DryRun{Name: d.Rule.Name, Day: d.Day, Start: d.Start, Note: d.Note, Count: len(d.Actions), Rows: make([]RuleAction, len(d.Actions))}
	for i, a := range d.Actions {
		id := a.RowID
		if id == "" {
			id = strconv.FormatInt(a.ID, 10)
		}
		out.Rows[i] = RuleAction{ID: id, LevelName: levelNames[a.Level], AmazonID: a.AmazonID, Name: a.Name, CampaignName: a.CampaignName,
			MatchType: a.MatchType, Currency: a.Currency, ActionName: actionNames[a.Action], Before: shown(a.Before), After: shown(a.After),
			Reason: a.Reason}
	}
	return api.OK(c, out)
}

// RuleRun is a rule's run: its day of data and each row's outcome with why.
type RuleRun struct {
	Day     string       `json:"day"`
	Note    string       `json:"note"`
	Changed int          `json:"changed"`
	Refused int          `json:"refused"`
	Rows    []RuleAction `json:"rows"`
}

// RunRule answers POST sp/rules/run {id}: the rule run now on its newest day of data, once per day.
func (h *RulesHandler) RunRule(c *echo.Context) error {
	var in advertising.RuleID
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	run, err := h.Rules.RunRule(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	ch := changed(run.Results)
	out := RuleRun{Day: run.Day, Note: run.Note, Changed: ch.Changed, Refused: ch.Refused, Rows: make([]RuleAction, len(ch.Rows))}
	for i, r := range ch.Rows {
		out.Rows[i] = RuleAction{ID: r.ID, AmazonID: r.AmazonID, Name: r.Name, Currency: r.Currency, ActionName: r.ActionName,
			Before: r.Before, After: r.After, Reason: run.Reasons[i], OK: r.OK, Message: r.Message}
	}
	return api.OK(c, out)
}

// Alert is a row of 预警管理.
type Alert struct {
	ID              string `json:"id"`
	CreatedAt       string `json:"createdAt"`
	DataDay         string `json:"dataDay"`
	GroupName       string `json:"groupName"`
	MarketplaceName string `json:"marketplaceName"`
	CampaignID      string `json:"campaignId"`
	CampaignName    string `json:"campaignName"`
	Metric          string `json:"metric"`
	MetricName      string `json:"metricName"`
	Period          string `json:"period"`
	Before          string `json:"before"`
	After           string `json:"after"`
	Change          string `json:"change"`
	Direction       string `json:"direction"`
	Threshold       string `json:"threshold"`
	Read            bool   `json:"read"`
	ReadName        string `json:"readName"`
	Reader          string `json:"reader"`
	ReadAt          string `json:"readAt"`
}

func (h *RulesHandler) alert(a *advertisingdb.AlertRow) Alert {
	m, _ := storesdb.MarketplaceByCountry(a.CountryCode)
	last, _ := time.Parse(time.DateOnly, a.DataDay)
	d := a.PeriodDays
	period := last.AddDate(0, 0, 1-d).Format(time.DateOnly) + "至" + a.DataDay + " 对比 " +
		last.AddDate(0, 0, 1-2*d).Format(time.DateOnly) + "至" + last.AddDate(0, 0, -d).Format(time.DateOnly)
	dir, sign := "上升", "+"
	if a.ChangePct < 0 {
		dir, sign = "下降", ""
	}
	read := "未读"
	if a.ReadAt != nil {
		read = "已读"
	}
	return Alert{ID: strconv.FormatInt(a.ID, 10), CreatedAt: api.FormatTime(&a.CreatedAt, h.TimeZone), DataDay: a.DataDay,
		GroupName: a.GroupName, MarketplaceName: m.Name, CampaignID: a.CampaignID, CampaignName: a.CampaignName, Metric: a.Metric,
		MetricName: advertising.MetricNames[a.Metric], Period: period,
		Before: advertising.AlertValue(a.Metric, a.Currency, a.BeforeValue), After: advertising.AlertValue(a.Metric, a.Currency, a.AfterValue),
		Change: sign + decimal.New(a.ChangePct, -2).StringFixed(2) + "%", Direction: dir,
		Threshold: "±" + decimal.New(a.ThresholdPct, -2).StringFixed(0) + "%", Read: a.ReadAt != nil, ReadName: read,
		Reader: a.ReaderName, ReadAt: api.FormatTime(a.ReadAt, h.TimeZone)}
}

// AlertsPage answers POST sp/alerts/page {currentpage, pagesize, groupId, metric, read, search, startDate, endDate}.
func (h *RulesHandler) AlertsPage(c *echo.Context) error {
	return api.PageOf(h.Rules.AlertsPage, h.alert)(c)
}

// AlertsExport answers GET sp/alerts/export?<AlertsPage's filters>: 预警管理_<date>.xlsx.
func (h *RulesHandler) AlertsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "预警管理", "advAlertList", h.Rules.AlertsPage, h.alert)
}

// Unread is how many alerts the user has not read.
type Unread struct {
	Unread int64 `json:"unread"`
}

// UnreadAlerts answers POST sp/alerts/unread: the user's unread alerts.
func (h *RulesHandler) UnreadAlerts(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	n, err := h.Rules.UnreadAlerts(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, Unread{Unread: n})
}

// ReadAlerts answers POST sp/alerts/read {ids, all}: the alerts marked read.
func (h *RulesHandler) ReadAlerts(c *echo.Context) error {
	var in advertising.AlertIDs
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Rules.MarkAlertsRead(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, Count{Count: n})
}

// AlertSettings is 预警设置 as the form shows it.
type AlertSettings struct {
	Enabled    bool   `json:"enabled"`
	PeriodDays string `json:"periodDays"`
	SpendPct   string `json:"spendPct"`
	AcosPct    string `json:"acosPct"`
	ClicksPct  string `json:"clicksPct"`
	MinClicks  string `json:"minClicks"`
	CheckedDay string `json:"checkedDay"`
}

func alertSettings(s advertisingdb.AlertSettings) AlertSettings {
	return AlertSettings{Enabled: s.Enabled, PeriodDays: strconv.Itoa(s.PeriodDays), SpendPct: hundredthsText(s.SpendPct),
		AcosPct: hundredthsText(s.AcosPct), ClicksPct: hundredthsText(s.ClicksPct), MinClicks: strconv.Itoa(s.MinClicks),
		CheckedDay: s.CheckedDay}
}

// GetAlertSettings answers POST sp/alerts/settings: the company's thresholds.
func (h *RulesHandler) GetAlertSettings(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	s, err := h.Rules.AlertSettings(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, alertSettings(s))
}

// SaveAlertSettings answers POST sp/alerts/settings/save {enabled, periodDays, spendPct, acosPct, clicksPct, minClicks}.
func (h *RulesHandler) SaveAlertSettings(c *echo.Context) error {
	var in advertising.AlertSettingsForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.Rules.SaveAlertSettings(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, alertSettings(s))
}

// CheckAlerts answers POST sp/alerts/check: the newest days looked at now, with how many alerts are new.
func (h *RulesHandler) CheckAlerts(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	n, err := h.Rules.CheckAlerts(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, Count{Count: n})
}

// RuleAdGroup is an ad group the rule form offers.
type RuleAdGroup struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	CampaignName    string `json:"campaignName"`
	MarketplaceName string `json:"marketplaceName"`
}

// RuleAdGroups answers POST sp/rules/adgroups {groupId}: the store group's ad groups of manual campaigns.
func (h *RulesHandler) RuleAdGroups(c *echo.Context) error {
	var in advertising.RuleAdGroupQuery
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Rules.RuleAdGroups(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	out := make([]RuleAdGroup, len(rows))
	for i, g := range rows {
		m, _ := storesdb.MarketplaceByCountry(g.CountryCode)
		out[i] = RuleAdGroup{ID: strconv.FormatInt(g.ID, 10), Name: g.Name, CampaignName: g.CampaignName, MarketplaceName: m.Name}
	}
	return api.OK(c, out)
}
