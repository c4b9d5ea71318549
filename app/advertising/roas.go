package advertising

import (
	"context"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of ROAS排名.
const (
	MsgRoasLevelBad = "请选择排名对象（广告活动、广告组、关键词/投放或广告SKU）"
	MsgMinSpendBad  = "最低花费应为不小于0的金额"
	MsgRoasOrderBad = "排名方向应为ROAS最高（top）或ROAS最低（bottom）"
)

// RoasQuery is the body of ROAS排名: 广告概览's filters (a store group, a profile, the days; the last 30 days
// when none), what is ranked (campaign, adgroup, keyword (keywords
// and product targets) or sku; campaigns when none), the least spend in CNY a row needs
// to be ranked, and which end comes first (top: the highest ROAS; bottom: the lowest).
type RoasQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
	Level     string `json:"level" query:"level"`
	MinSpend  string `json:"minSpend" query:"minSpend"`
	Ranking   string `json:"ranking" query:"ranking"`
}

// RoasLine is a ranked campaign, ad group or SKU: its place, its name and its figures of the days in CNY, each
// profile's day at its month's rate, as 广告概览 sums them.
type RoasLine struct {
	Rank      int
	Level     string
	ProfileID int64
	Key       string
	advertisingdb.RankedName
	OverviewDay
}

// roas is sales over spend, unrounded enough to order by.
func (l *RoasLine) roas() decimal.Decimal { return l.SalesCNY.DivRound(l.CostCNY.Decimal, 8) }

// RoasPage answers a page of ROAS排名: the rows that spent at least the least spend (and something), by ROAS.
func (s *Service) RoasPage(ctx context.Context, p core.Principal, q RoasQuery) ([]RoasLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	level := strings.TrimSpace(q.Level)
	if level == "" {
		level = advertisingdb.LevelCampaign
	}
	switch level {
	case advertisingdb.LevelCampaign, advertisingdb.LevelAdGroup, advertisingdb.LevelKeyword, advertisingdb.LevelSKU:
	default:
		return nil, 0, r, core.Invalid(MsgRoasLevelBad)
	}
	least := decimal.Zero
	if raw := strings.TrimSpace(q.MinSpend); raw != "" {
		var err error
		if least, err = decimal.NewFromString(raw); err != nil || least.IsNegative() {
			return nil, 0, r, core.Invalid(MsgMinSpendBad)
		}
	}
	order := strings.TrimSpace(q.Ranking)
	if order != "" && order != "top" && order != "bottom" {
		return nil, 0, r, core.Invalid(MsgRoasOrderBad)
	}
	start, end, err := s.days(q.StartDate, q.EndDate)
	if err != nil {
		return nil, 0, r, err
	}
	all, err := s.levelLines(ctx, p, OverviewQuery{GroupID: q.GroupID, ProfileID: q.ProfileID}, level, start, end)
	if err != nil {
		return nil, 0, r, err
	}
	ranked := all[:0]
	for _, l := range all {
		if l.CostCNY.IsPositive() && l.CostCNY.Round(2).GreaterThanOrEqual(least) {
			ranked = append(ranked, l)
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		a, b := ranked[i].roas(), ranked[j].roas()
		if !a.Equal(b) {
			return a.GreaterThan(b) == (order != "bottom")
		}
		if !ranked[i].CostCNY.Equal(ranked[j].CostCNY.Decimal) {
			return ranked[i].CostCNY.GreaterThan(ranked[j].CostCNY.Decimal)
		}
		if ranked[i].ProfileID != ranked[j].ProfileID {
			return ranked[i].ProfileID < ranked[j].ProfileID
		}
		return ranked[i].Key < ranked[j].Key
	})
	total := int64(len(ranked))
	from := min(r.Offset(), len(ranked))
	page := ranked[from:min(from+r.Size, len(ranked))]
	for i := range page {
		page[i].Rank = from + i + 1
	}
	if err := s.nameLines(ctx, p.CompanyID, level, page); err != nil {
		return nil, 0, r, err
	}
	return append([]RoasLine{}, page...), total, r, nil
}
