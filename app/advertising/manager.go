package advertising

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of 广告管理.
const (
	MsgLevelBad     = "请选择广告层级（广告组合、广告活动、广告组、关键词、商品广告、品牌广告、商品投放、否定关键词或否定商品投放）"
	MsgStateBad     = "广告状态不正确"
	MsgAdTypeBad    = "广告类型只能是商品推广（SP）、展示型推广（SD）或品牌推广（SB）"
	MsgDateBad      = "日期格式不正确，应为yyyy-MM-dd"
	MsgDateRange    = "开始日期不能晚于结束日期"
	MsgDatesTooLong = "查询范围不能超过366天"
)

// defaultDays is the range shown when none is asked: the last 30 days.
const defaultDays = 30

// ManagerQuery is the body of 广告管理: the page, the level (campaign, adgroup, keyword, productad), a store
// group, a profile, a state (ENABLED, PAUSED, ARCHIVED), the parent campaign or ad group (Amazon's ids), a part
// of the name (or SKU) and the days (yyyy-MM-dd in the profiles' zones, both included; the last 30 days when none).
type ManagerQuery struct {
	core.PageRequest
	Level      string `json:"level" query:"level"`
	GroupID    string `json:"groupId" query:"groupId"`
	ProfileID  string `json:"profileId" query:"profileId"`
	State      string `json:"state" query:"state"`
	CampaignID string `json:"campaignId" query:"campaignId"`
	AdGroupID  string `json:"adGroupId" query:"adGroupId"`
	// PortfolioID keeps one portfolio's campaigns (Amazon's id).
	PortfolioID string `json:"portfolioId" query:"portfolioId"`
	// AdType keeps one ad product's campaigns: SP, SD or SB.
	AdType    string `json:"adType" query:"adType"`
	Search    string `json:"search" query:"search"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
}

// ManagerLine is a row with its cost and sales in CNY, each month at its rate.
type ManagerLine struct {
	advertisingdb.ManagerRow
	Level             string
	CostCNY, SalesCNY models.Money
}

var states = map[string]bool{"": true, "ENABLED": true, "PAUSED": true, "ARCHIVED": true}

// adTypes are the ad products 广告管理 filters campaigns by.
var adTypes = map[string]bool{"": true, advertisingdb.AdTypeSP: true, advertisingdb.AdTypeSD: true, advertisingdb.AdTypeSB: true}

// ManagerPage answers a page of 广告管理.
func (s *Service) ManagerPage(ctx context.Context, p core.Principal, q ManagerQuery) ([]ManagerLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := advertisingdb.ManagerFilter{Level: strings.TrimSpace(q.Level), UserID: p.UserID, State: strings.ToUpper(strings.TrimSpace(q.State)),
		PortfolioID: strings.TrimSpace(q.PortfolioID), CampaignID: strings.TrimSpace(q.CampaignID), AdGroupID: strings.TrimSpace(q.AdGroupID), Search: strings.TrimSpace(q.Search),
		Offset: r.Offset(), Limit: r.Size}
	if f.Level == "" {
		f.Level = advertisingdb.LevelCampaign
	}
	switch f.Level {
	case advertisingdb.LevelCampaign, advertisingdb.LevelAdGroup, advertisingdb.LevelKeyword, advertisingdb.LevelProductAd,
		advertisingdb.LevelTarget, advertisingdb.LevelNegativeKeyword, advertisingdb.LevelNegativeTarget, advertisingdb.LevelPortfolio,
		advertisingdb.LevelBrandAd:
	default:
		return nil, 0, r, core.Invalid(MsgLevelBad)
	}
	if !states[f.State] {
		return nil, 0, r, core.Invalid(MsgStateBad)
	}
	if f.AdType = strings.ToUpper(strings.TrimSpace(q.AdType)); !adTypes[f.AdType] {
		return nil, 0, r, core.Invalid(MsgAdTypeBad)
	}
	var err error
	if f.Start, f.End, err = s.days(q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return []ManagerLine{}, 0, r, nil
	}
	if raw := strings.TrimSpace(q.ProfileID); raw != "" {
		if f.ProfileID, ok = core.ParseID(raw); !ok {
			return []ManagerLine{}, 0, r, nil
		}
	}
	db := s.db.With(ctx)
	rows, total, err := advertisingdb.ManagerPage(db, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	months, err := advertisingdb.ManagerMonths(db, p.CompanyID, f.Level, rows, f.Start, f.End)
	if err != nil {
		return nil, 0, r, err
	}
	currency := map[monthKey]string{}
	for _, row := range rows {
		currency[monthKey{row.ProfileID, row.AmazonID}] = row.Currency
	}
	cost, sales, err := s.monthsToCNY(ctx, p.CompanyID, months, currency)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]ManagerLine, len(rows))
	for i, row := range rows {
		k := monthKey{row.ProfileID, row.AmazonID}
		out[i] = ManagerLine{ManagerRow: row, Level: f.Level, CostCNY: cost[k], SalesCNY: sales[k]}
	}
	return out, total, r, nil
}

// monthKey is a row's profile and Amazon id, as MonthFigures name it.
type monthKey struct {
	profile int64
	id      string
}

// monthsToCNY converts the rows' months of cost and sales to CNY, each month at its rate, and sums them per row.
func (s *Service) monthsToCNY(ctx context.Context, companyID int64, months []advertisingdb.MonthFigures,
	currency map[monthKey]string) (cost, sales map[monthKey]models.Money, err error) {
	book, err := s.finance.Rates(ctx, companyID)
	if err != nil {
		return nil, nil, err
	}
	cost, sales = map[monthKey]models.Money{}, map[monthKey]models.Money{}
	for _, m := range months {
		k := monthKey{m.ProfileID, m.AmazonID}
		on, err := time.ParseInLocation("2006-01", m.Month, s.timeZone)
		if err != nil {
			return nil, nil, err
		}
		c, err := book.ToCNY(m.Cost, currency[k], on)
		if err != nil {
			return nil, nil, err
		}
		sa, err := book.ToCNY(m.Sales, currency[k], on)
		if err != nil {
			return nil, nil, err
		}
		cost[k] = models.Money{Decimal: cost[k].Add(c.Decimal)}
		sales[k] = models.Money{Decimal: sales[k].Add(sa.Decimal)}
	}
	return cost, sales, nil
}

// days checks the range asked, the last 30 days (to today, Beijing time) when none.
func (s *Service) days(start, end string) (string, string, error) {
	start, end = strings.TrimSpace(start), strings.TrimSpace(end)
	today := s.now().In(s.timeZone)
	if start == "" && end == "" {
		return today.AddDate(0, 0, 1-defaultDays).Format(time.DateOnly), today.Format(time.DateOnly), nil
	}
	if start == "" {
		start = end
	}
	if end == "" {
		end = start
	}
	from, err1 := time.Parse(time.DateOnly, start)
	to, err2 := time.Parse(time.DateOnly, end)
	switch {
	case err1 != nil || err2 != nil:
		return "", "", core.Invalid(MsgDateBad)
	case from.After(to):
		return "", "", core.Invalid(MsgDateRange)
	case to.Sub(from) > 366*24*time.Hour:
		return "", "", core.Invalid(MsgDatesTooLong)
	}
	return start, end, nil
}
