package advertising

import (
	"cmp"
	"context"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of 广告漏斗.
const (
	MsgFunnelLevelBad = "请选择分析对象（广告活动、广告组、关键词/投放或广告SKU）"
	MsgFunnelSortBad  = "请选择排序（曝光量、点击量、点击率最低或转化率最低）"
)

// FunnelQuery is the body of 广告漏斗: 广告概览's filters (a store group, a profile, the days; the last 30 days when
// none), the rows (campaign, adgroup, keyword or sku; campaigns when none) and their order: impressions or clicks
// (the most first), ctr or cvr (the lowest first, of the rows that reached that stage: where the funnel leaks).
type FunnelQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
	Level     string `json:"level" query:"level"`
	RankBy    string `json:"rankBy" query:"rankBy"`
}

// FunnelLine is a campaign's (ad group's, keyword's, SKU's) impressions, clicks and orders of the days, and of the
// as many days just before them (Previous).
type FunnelLine struct {
	RoasLine
	Previous OverviewDay
}

// Funnel is 广告漏斗: the days' and the previous days' totals (广告概览's), and a page of its rows.
type Funnel struct {
	Start, End, PreviousStart, PreviousEnd string
	Total, Previous                        OverviewDay
	Lines                                  []FunnelLine
	Count                                  int64
}

// funnelOrders are the rows' orders; each keeps the rows it can judge (a click rate needs impressions, a
// conversion rate clicks), and ties go to the larger row.
var funnelOrders = map[string]struct {
	keep func(*FunnelLine) bool
	less func(a, b *FunnelLine) int
}{
	"impressions": {func(*FunnelLine) bool { return true }, func(a, b *FunnelLine) int { return cmp.Compare(b.Impressions, a.Impressions) }},
	"clicks":      {func(*FunnelLine) bool { return true }, func(a, b *FunnelLine) int { return cmp.Compare(b.Clicks, a.Clicks) }},
	"ctr": {func(l *FunnelLine) bool { return l.Impressions > 0 }, func(a, b *FunnelLine) int {
		return rate(a.Clicks, a.Impressions).Cmp(rate(b.Clicks, b.Impressions))
	}},
	"cvr": {func(l *FunnelLine) bool { return l.Clicks > 0 }, func(a, b *FunnelLine) int {
		return rate(a.Orders, a.Clicks).Cmp(rate(b.Orders, b.Clicks))
	}},
}

func rate(of, over int64) decimal.Decimal {
	return decimal.NewFromInt(of).DivRound(decimal.NewFromInt(over), 8)
}

// FunnelPage answers 广告漏斗: impressions → clicks → orders of the days and the days before, and a page of the
// rows in the order asked.
func (s *Service) FunnelPage(ctx context.Context, p core.Principal, q FunnelQuery) (Funnel, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	out := Funnel{Lines: []FunnelLine{}}
	level := cmp.Or(strings.TrimSpace(q.Level), advertisingdb.LevelCampaign)
	switch level {
	case advertisingdb.LevelCampaign, advertisingdb.LevelAdGroup, advertisingdb.LevelKeyword, advertisingdb.LevelSKU:
	default:
		return out, r, core.Invalid(MsgFunnelLevelBad)
	}
	order, known := funnelOrders[cmp.Or(strings.TrimSpace(q.RankBy), "impressions")]
	if !known {
		return out, r, core.Invalid(MsgFunnelSortBad)
	}
	where := OverviewQuery{GroupID: q.GroupID, ProfileID: q.ProfileID, StartDate: q.StartDate, EndDate: q.EndDate}
	o, err := s.Overview(ctx, p, where)
	if err != nil {
		return out, r, err
	}
	out.Start, out.End, out.PreviousStart, out.PreviousEnd, out.Total, out.Previous = o.Start, o.End, o.PreviousStart, o.PreviousEnd, o.Total, o.Previous
	now, err := s.levelLines(ctx, p, where, level, o.Start, o.End)
	if err != nil {
		return out, r, err
	}
	before, err := s.levelLines(ctx, p, where, level, o.PreviousStart, o.PreviousEnd)
	if err != nil {
		return out, r, err
	}
	previous := make(map[advertisingdb.RankedKey]OverviewDay, len(before))
	for _, l := range before {
		previous[advertisingdb.RankedKey{ProfileID: l.ProfileID, Key: l.Key}] = l.OverviewDay
	}
	lines := []FunnelLine{}
	for _, l := range now {
		line := FunnelLine{RoasLine: l, Previous: previous[advertisingdb.RankedKey{ProfileID: l.ProfileID, Key: l.Key}]}
		if order.keep(&line) {
			lines = append(lines, line)
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := &lines[i], &lines[j]
		return cmp.Or(order.less(a, b), cmp.Compare(b.Impressions, a.Impressions), cmp.Compare(a.ProfileID, b.ProfileID),
			strings.Compare(a.Key, b.Key)) < 0
	})
	out.Count = int64(len(lines))
	from := min(r.Offset(), len(lines))
	out.Lines = append(out.Lines, lines[from:min(from+r.Size, len(lines))]...)
	named := make([]RoasLine, len(out.Lines))
	for i := range out.Lines {
		out.Lines[i].Rank = from + i + 1
		named[i] = out.Lines[i].RoasLine
	}
	if err := s.nameLines(ctx, p.CompanyID, level, named); err != nil {
		return out, r, err
	}
	for i := range named {
		out.Lines[i].RoasLine = named[i]
	}
	return out, r, nil
}

// FunnelLines answers a page of 广告漏斗's rows (for the export).
func (s *Service) FunnelLines(ctx context.Context, p core.Principal, q FunnelQuery) ([]FunnelLine, int64, core.PageRequest, error) {
	f, r, err := s.FunnelPage(ctx, p, q)
	return f.Lines, f.Count, r, err
}
