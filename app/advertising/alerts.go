package advertising

import (
	"context"
	"strconv"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// 预警管理: on each new day of data the daily job compares every campaign's spend, ACOS and clicks over the last
// days with the days before and raises an alert where one moved by the company's threshold or more; periods with
// fewer clicks than the company's least are noise and raise nothing.

// PermissionWarningEdit saves 预警管理's thresholds and checks now; reading and marking alerts read need the screen.
const PermissionWarningEdit = "amz:adv:warning:edit"

// The metrics alerts watch.
const (
	MetricSpend  = "spend"
	MetricAcos   = "acos"
	MetricClicks = "clicks"
)

// MetricNames are the metrics in the seller's words.
var MetricNames = map[string]string{MetricSpend: "花费", MetricAcos: "ACOS", MetricClicks: "点击量"}

// Messages of 预警管理.
const (
	MsgAlertPeriod  = "对比天数须为1到30的整数"
	MsgAlertPct     = "变化幅度须为1到1000的百分比，最多两位小数"
	MsgAlertClicks  = "最少点击须为0到100000的整数"
	MsgAlertMetric  = "指标只能是花费、ACOS或点击量"
	MsgAlertRead    = "状态只能是未读或已读"
	MsgAlertNone    = "请选择预警"
	MsgAlertNoneNew = "没有未读的预警"
)

// AlertSettingsForm is 预警设置 as typed: the days compared, the percents, the least clicks.
type AlertSettingsForm struct {
	Enabled    bool   `json:"enabled"`
	PeriodDays string `json:"periodDays"`
	SpendPct   string `json:"spendPct"`
	AcosPct    string `json:"acosPct"`
	ClicksPct  string `json:"clicksPct"`
	MinClicks  string `json:"minClicks"`
}

// AlertSettings reads the company's thresholds (its defaults until saved).
func (r *Rules) AlertSettings(ctx context.Context, p core.Principal) (advertisingdb.AlertSettings, error) {
	return advertisingdb.AlertSettingsOf(r.ads.db.With(ctx), p.CompanyID, r.ads.now.Stamp())
}

// SaveAlertSettings checks and saves the company's thresholds; the next check uses them.
func (r *Rules) SaveAlertSettings(ctx context.Context, p core.Principal, f AlertSettingsForm) (advertisingdb.AlertSettings, error) {
	s, err := r.AlertSettings(ctx, p)
	if err != nil {
		return s, err
	}
	var ok bool
	if s.PeriodDays, ok = intIn(f.PeriodDays, 1, 30, 7); !ok {
		return s, core.Invalid(MsgAlertPeriod)
	}
	for _, v := range []struct {
		raw string
		to  *int64
	}{{f.SpendPct, &s.SpendPct}, {f.AcosPct, &s.AcosPct}, {f.ClicksPct, &s.ClicksPct}} {
		n, ok := hundredths(v.raw, 1000)
		if !ok || n < 100 {
			return s, core.Invalid(MsgAlertPct)
		}
		*v.to = n
	}
	if s.MinClicks, ok = intIn(f.MinClicks, 0, 100000, 20); !ok {
		return s, core.Invalid(MsgAlertClicks)
	}
	s.Enabled, s.UpdatedBy, s.UpdatedAt = f.Enabled, p.UserID, r.ads.now.Stamp()
	// New thresholds look at the newest day again.
	s.CheckedDay = ""
	return s, advertisingdb.SaveAlertSettings(r.ads.db.With(ctx), &s)
}

// changePct is after against before in hundredths of a percent (before > 0).
func changePct(before, after int64) int64 { return (after - before) * 10000 / before }

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// RaiseAlerts compares each profile's campaigns over its newest days of data with the days before, raising the
// alerts the company's thresholds call for, once per campaign, metric and day; a day already looked at is not
// looked at again (unless force, 立即检查). It answers how many alerts are new.
func (r *Rules) RaiseAlerts(ctx context.Context, companyID int64, force bool) (int64, error) {
	db := r.ads.db.With(ctx)
	now := r.ads.now.Stamp()
	s, err := advertisingdb.AlertSettingsOf(db, companyID, now)
	if err != nil || !s.Enabled {
		return 0, err
	}
	profiles, err := advertisingdb.NewestDays(db, companyID)
	if err != nil || len(profiles) == 0 {
		return 0, err
	}
	newest := ""
	for _, pr := range profiles {
		newest = max(newest, pr.Day)
	}
	if newest == s.CheckedDay && !force {
		return 0, nil
	}
	var alerts []advertisingdb.Alert
	for _, pr := range profiles {
		last, err := time.Parse(time.DateOnly, pr.Day)
		if err != nil {
			continue
		}
		d := s.PeriodDays
		cur, err := advertisingdb.CampaignSumsOf(db, companyID, pr.ProfileID, last.AddDate(0, 0, 1-d).Format(time.DateOnly), pr.Day)
		if err != nil {
			return 0, err
		}
		prev, err := advertisingdb.CampaignSumsOf(db, companyID, pr.ProfileID, last.AddDate(0, 0, 1-2*d).Format(time.DateOnly),
			last.AddDate(0, 0, -d).Format(time.DateOnly))
		if err != nil {
			return 0, err
		}
		for id, c := range cur {
			b := prev[id]
			// Noise: a period of few clicks moves by chance.
			if max(c.Clicks, b.Clicks) < int64(s.MinClicks) {
				continue
			}
			raise := func(metric string, before, after, threshold int64) {
				if before <= 0 {
					return
				}
				change := changePct(before, after)
				if abs(change) < threshold {
					return
				}
				alerts = append(alerts, advertisingdb.Alert{CompanyID: companyID, GroupID: pr.GroupID, ProfileID: pr.ProfileID,
					CampaignID: id, CampaignName: c.Name, Metric: metric, DataDay: pr.Day, PeriodDays: d, BeforeValue: before,
					AfterValue: after, ChangePct: change, ThresholdPct: threshold, Currency: pr.Currency, CreatedAt: now})
			}
			raise(MetricSpend, b.Cost, c.Cost, s.SpendPct)
			raise(MetricClicks, b.Clicks, c.Clicks, s.ClicksPct)
			if b.Sales > 0 && c.Sales > 0 {
				raise(MetricAcos, b.Cost*10000/b.Sales, c.Cost*10000/c.Sales, s.AcosPct)
			}
		}
	}
	var n int64
	err = r.ads.db.Tx(ctx, func(tx *models.DB) error {
		if n, err = advertisingdb.SaveAlerts(tx, alerts); err != nil {
			return err
		}
		s.CheckedDay = newest
		return advertisingdb.SaveAlertSettings(tx, &s)
	})
	return n, err
}

// CheckAlerts is 立即检查: the company's newest days looked at now with its thresholds.
func (r *Rules) CheckAlerts(ctx context.Context, p core.Principal) (int64, error) {
	return r.RaiseAlerts(ctx, p.CompanyID, true)
}

// AlertQuery is 预警管理's list: the page, a store group, a metric, read or unread, a part of the campaign's name
// and the days raised (yyyy-MM-dd, Beijing time; the last 30 days when none).
type AlertQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	Metric    string `json:"metric" query:"metric"`
	Read      string `json:"read" query:"read"`
	Search    string `json:"search" query:"search"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
}

// AlertsPage answers a page of alerts, the unread first, then the newest days.
func (r *Rules) AlertsPage(ctx context.Context, p core.Principal, q AlertQuery) ([]advertisingdb.AlertRow, int64, core.PageRequest, error) {
	pr := q.PageRequest.Normalized()
	f := advertisingdb.AlertFilter{UserID: p.UserID, Metric: strings.TrimSpace(q.Metric), Read: strings.TrimSpace(q.Read),
		Search: strings.TrimSpace(q.Search), Offset: pr.Offset(), Limit: pr.Size}
	if _, ok := MetricNames[f.Metric]; f.Metric != "" && !ok {
		return nil, 0, pr, core.Invalid(MsgAlertMetric)
	}
	if f.Read != "" && f.Read != "read" && f.Read != "unread" {
		return nil, 0, pr, core.Invalid(MsgAlertRead)
	}
	start, end, err := r.ads.days(q.StartDate, q.EndDate)
	if err != nil {
		return nil, 0, pr, err
	}
	from, _ := time.ParseInLocation(time.DateOnly, start, r.ads.timeZone)
	to, _ := time.ParseInLocation(time.DateOnly, end, r.ads.timeZone)
	f.From, f.To = from, to.AddDate(0, 0, 1)
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return []advertisingdb.AlertRow{}, 0, pr, nil
	}
	rows, total, err := advertisingdb.AlertsPage(r.ads.db.With(ctx), p.CompanyID, f)
	return rows, total, pr, err
}

// UnreadAlerts counts the user's unread alerts.
func (r *Rules) UnreadAlerts(ctx context.Context, p core.Principal) (int64, error) {
	return advertisingdb.UnreadAlerts(r.ads.db.With(ctx), p.CompanyID, p.UserID)
}

// AlertIDs names alerts to mark read (all: every unread one).
type AlertIDs struct {
	IDs []string `json:"ids"`
	All bool     `json:"all"`
}

// MarkAlertsRead marks alerts read (opening one does), answering how many were unread.
func (r *Rules) MarkAlertsRead(ctx context.Context, p core.Principal, f AlertIDs) (int64, error) {
	var ids []int64
	if !f.All {
		if len(f.IDs) == 0 || len(f.IDs) > 500 {
			return 0, core.Invalid(MsgAlertNone)
		}
		for _, raw := range f.IDs {
			id, ok := core.ParseID(raw)
			if !ok {
				return 0, core.Invalid(MsgAlertNone)
			}
			ids = append(ids, id)
		}
	}
	return advertisingdb.MarkAlertsRead(r.ads.db.With(ctx), p.CompanyID, p.UserID, ids, r.ads.now.Stamp())
}

// alertText is an alert's values in words: spend in its currency, ACOS in percent, clicks as they are.
func AlertValue(metric, currency string, v int64) string {
	switch metric {
	case MetricSpend:
		return currency + " " + amount(v)
	case MetricAcos:
		return pct(v)
	}
	return strconv.FormatInt(v, 10)
}
