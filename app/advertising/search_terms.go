package advertising

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// SearchTermQuery is the body of 搜索词: the page, a store group, a profile, the campaign and ad group (Amazon's
// ids), a part of the search term and the days (yyyy-MM-dd in the profiles' zones, both included; the last 30
// days when none).
type SearchTermQuery struct {
	core.PageRequest
	GroupID    string `json:"groupId" query:"groupId"`
	ProfileID  string `json:"profileId" query:"profileId"`
	CampaignID string `json:"campaignId" query:"campaignId"`
	AdGroupID  string `json:"adGroupId" query:"adGroupId"`
	Search     string `json:"search" query:"search"`
	StartDate  string `json:"startDate" query:"startDate"`
	EndDate    string `json:"endDate" query:"endDate"`
}

// SearchTermLine is a search term's row with its cost and sales in CNY, each month at its rate.
type SearchTermLine struct {
	advertisingdb.SearchTermRow
	CostCNY, SalesCNY models.Money
}

// SearchTermsPage answers a page of 搜索词, most spent first.
func (s *Service) SearchTermsPage(ctx context.Context, p core.Principal, q SearchTermQuery) ([]SearchTermLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := advertisingdb.SearchTermFilter{UserID: p.UserID, CampaignID: strings.TrimSpace(q.CampaignID),
		AdGroupID: strings.TrimSpace(q.AdGroupID), Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	var err error
	if f.Start, f.End, err = s.days(q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return []SearchTermLine{}, 0, r, nil
	}
	if raw := strings.TrimSpace(q.ProfileID); raw != "" {
		if f.ProfileID, ok = core.ParseID(raw); !ok {
			return []SearchTermLine{}, 0, r, nil
		}
	}
	db := s.db.With(ctx)
	rows, total, err := advertisingdb.SearchTermPage(db, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	months, err := advertisingdb.SearchTermMonths(db, p.CompanyID, rows, f.Start, f.End)
	if err != nil {
		return nil, 0, r, err
	}
	currency := map[monthKey]string{}
	for _, row := range rows {
		currency[monthKey{row.ProfileID, row.TargetID + "|" + row.SearchTerm}] = row.Currency
	}
	cost, sales, err := s.monthsToCNY(ctx, p.CompanyID, months, currency)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]SearchTermLine, len(rows))
	for i, row := range rows {
		k := monthKey{row.ProfileID, row.TargetID + "|" + row.SearchTerm}
		out[i] = SearchTermLine{SearchTermRow: row, CostCNY: cost[k], SalesCNY: sales[k]}
	}
	return out, total, r, nil
}
