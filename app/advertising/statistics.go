package advertising

import (
	"cmp"
	"context"
	"sort"
	"strings"
	"time"

	"sellerhub/app/core"
	advertisingdb "sellerhub/models/advertising"
	storesdb "sellerhub/models/stores"
)

// Messages of 广告统计.
const (
	MsgPeriodBad  = "请选择统计周期（按日、按周或按月）"
	MsgGroupByBad = "请选择分组（不分组、店铺、站点或广告类型）"
)

// StatisticsQuery is the body of 广告统计: 广告概览's filters (a store group, a profile, the days; the last 30
// days when none), the period rows are summed by (day, week or month; days when none) and what they are split by
// besides (store, profile (a 站点), type (a campaign's targeting: 自动 or 手动); nothing when none).
type StatisticsQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
	Period    string `json:"period" query:"period"`
	GroupBy   string `json:"groupBy" query:"groupBy"`
}

// StatisticsLine is a period's figures (of a store, a 站点 or a campaign type), as 广告概览 sums them: its first and
// last day within the days asked.
type StatisticsLine struct {
	Period, From, To string
	Of               string
	OverviewDay
}

// Statistics is 广告统计: a page of its lines and the days' totals; on the first page of lines not split, every
// line, the earliest first, for the chart.
type Statistics struct {
	Lines []StatisticsLine
	Count int64
	Total OverviewDay
	Chart []StatisticsLine
}

// targetingNames are a campaign's targeting in the console's words.
var targetingNames = map[string]string{"AUTO": "自动投放", "MANUAL": "手动投放"}

// periodOf is the period a day falls in: the day, its week (from Monday) or its month, and the period's first
// and last day.
func periodOf(day, period string) (string, string, string) {
	on, _ := time.Parse(time.DateOnly, day)
	switch period {
	case "week":
		monday := on.AddDate(0, 0, -(int(on.Weekday())+6)%7)
		return monday.Format(time.DateOnly) + " 周", monday.Format(time.DateOnly), monday.AddDate(0, 0, 6).Format(time.DateOnly)
	case "month":
		first := time.Date(on.Year(), on.Month(), 1, 0, 0, 0, 0, time.UTC)
		return day[:7], first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)
	}
	return day, day, day
}

// StatisticsPage answers a page of 广告统计, the latest period first, and the days' totals.
func (s *Service) StatisticsPage(ctx context.Context, p core.Principal, q StatisticsQuery) (Statistics, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	out := Statistics{Lines: []StatisticsLine{}}
	period := strings.TrimSpace(q.Period)
	if period == "" {
		period = "day"
	}
	if period != "day" && period != "week" && period != "month" {
		return out, r, core.Invalid(MsgPeriodBad)
	}
	by := strings.TrimSpace(q.GroupBy)
	if by != "" && by != "store" && by != "profile" && by != "type" {
		return out, r, core.Invalid(MsgGroupByBad)
	}
	start, end, err := s.days(q.StartDate, q.EndDate)
	if err != nil {
		return out, r, err
	}
	f, ok := overviewFilter(p, OverviewQuery{GroupID: q.GroupID, ProfileID: q.ProfileID}, start, end)
	if !ok {
		return out, r, nil
	}
	// The campaigns' days, so that a type is a campaign's; each profile's day converted as 广告概览 does.
	f.By = advertisingdb.LevelCampaign
	db := s.db.With(ctx)
	rows, err := advertisingdb.OverviewDays(db, p.CompanyID, f)
	if err != nil {
		return out, r, err
	}
	cny, err := s.daysToCNY(ctx, p.CompanyID, rows)
	if err != nil {
		return out, r, err
	}
	names := map[advertisingdb.RankedKey]advertisingdb.RankedName{}
	if by != "" {
		seen := map[advertisingdb.RankedKey]bool{}
		keys := []advertisingdb.RankedKey{}
		for _, row := range rows {
			k := advertisingdb.RankedKey{ProfileID: row.ProfileID, Key: row.Key}
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		if names, err = advertisingdb.RankedNames(db, p.CompanyID, advertisingdb.LevelCampaign, keys); err != nil {
			return out, r, err
		}
	}
	type lineKey struct{ period, of string }
	at := map[lineKey]int{}
	all := []StatisticsLine{}
	for i, row := range rows {
		name, from, to := periodOf(row.Day, period)
		from, to = max(from, start), min(to, end)
		n := names[advertisingdb.RankedKey{ProfileID: row.ProfileID, Key: row.Key}]
		market, _ := storesdb.MarketplaceByCountry(n.CountryCode)
		of := map[string]string{"": "", "store": n.GroupName, "profile": n.GroupName + " · " + cmp.Or(market.Name, n.CountryCode),
			"type": cmp.Or(targetingNames[n.TargetingType], "其他")}[by]
		k := lineKey{name, of}
		j, in := at[k]
		if !in {
			j = len(all)
			at[k] = j
			all = append(all, StatisticsLine{Period: name, From: from, To: to, Of: of})
		}
		all[j].add(cny[i])
		out.Total.add(cny[i])
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].From != all[j].From {
			return all[i].From > all[j].From
		}
		return all[i].Of < all[j].Of
	})
	out.Count = int64(len(all))
	from := min(r.Offset(), len(all))
	out.Lines = append(out.Lines, all[from:min(from+r.Size, len(all))]...)
	if by == "" && r.Current == 1 {
		out.Chart = make([]StatisticsLine, len(all))
		for i := range all {
			out.Chart[len(all)-1-i] = all[i]
		}
	}
	return out, r, nil
}

// StatisticsLines answers a page of 广告统计's lines (for the export).
func (s *Service) StatisticsLines(ctx context.Context, p core.Principal, q StatisticsQuery) ([]StatisticsLine, int64, core.PageRequest, error) {
	st, r, err := s.StatisticsPage(ctx, p, q)
	return st.Lines, st.Count, r, err
}
