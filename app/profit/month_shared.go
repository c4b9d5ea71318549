package profit

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// MonthSharedQuery is the body of 月度报告's 分摊费用 lines: the page, the month (yyyy-MM) and the store group ("":
// every store the user may see), as the report was asked.
type MonthSharedQuery struct {
	core.PageRequest
	Month   string `json:"month"`
	GroupID string `json:"groupId"`
}

// MonthShared answers a page of the shares that make 月度报告's 分摊费用 of a month and scope, each with its cost and
// rule as 利润报告's 分摊费用 opens them (shareLine), and the footer: the report's own figure, which the shares of
// every page sum to. A store the user may not see has none.
func (s *Service) MonthShared(ctx context.Context, p core.Principal, q MonthSharedQuery) ([]DetailLine, int64, core.PageRequest, *DetailTotal, error) {
	r := q.PageRequest.Normalized()
	m, err := parseMonth(strings.TrimSpace(q.Month), s.timeZone)
	if err != nil {
		return nil, 0, r, nil, err
	}
	month := m.Format("2006-01")
	groupID, _, ok := core.StoreFilter(q.GroupID, "")
	db := s.db.With(ctx)
	if ok && groupID != 0 {
		groups, err := storesdb.StoreGroupsOf(db, p.CompanyID, p.UserID)
		if err != nil {
			return nil, 0, r, nil, err
		}
		ok = false
		for _, g := range groups {
			ok = ok || g.ID == groupID
		}
	}
	if !ok {
		return []DetailLine{}, 0, r, &DetailTotal{Label: "合计", Currency: "CNY", Sums: true}, nil
	}
	shares, total, err := profitdb.MonthShares(db, p.CompanyID, p.UserID, month, groupID, r.Offset(), r.Size)
	if err != nil {
		return nil, 0, r, nil, err
	}
	out := make([]DetailLine, len(shares))
	for i := range shares {
		out[i] = shareLine(&shares[i])
	}
	// The footer is the figure 月度报告 shows (its answers are kept, so this reads what the screen just read).
	scope := ""
	if groupID != 0 {
		scope = fmt.Sprint(groupID)
	}
	report, err := s.Month(ctx, p, MonthQuery{Month: month, GroupID: scope})
	if err != nil {
		return nil, 0, r, nil, err
	}
	return out, total, r, &DetailTotal{Label: "合计", Amount: report.Current.Total.Shared, Currency: "CNY", Sums: true}, nil
}
