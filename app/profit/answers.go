package profit

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"sellerhub/models"
	profitdb "sellerhub/models/profit"
)

// maxKeptLines bounds the SKU lines the report's answers keep over all companies and queries (about a kilobyte
// each with their amounts): a month by SKU of a seller with thousands of SKUs is a few thousand lines; an answer
// larger than all may hold is computed on every call.
const maxKeptLines = 40_000

// answer is a report's lines by SKU and, for each view asked (grouping, column, direction), its lines in order.
type answer struct {
	lines []Line
	mu    sync.Mutex
	views map[string][]Line
	// month is the answer's lines summed for 月度报告 (a month's answer), computed once (monthSums).
	month *monthSums
}

// view is the answer's lines grouped and sorted as asked, computed once per answer (a column the report does not
// sort by is its default order, so that no query keeps more than the views the report offers).
func (a *answer) view(by, column string, desc bool) []Line {
	if lineSorts[column] == nil {
		column, desc = "", false
	}
	name := by + "|" + column + "|" + strconv.FormatBool(desc)
	a.mu.Lock()
	defer a.mu.Unlock()
	if v, ok := a.views[name]; ok {
		return v
	}
	var v []Line
	switch by {
	case ByStore:
		v = regroup(a.lines, func(l *Line) lineKey { return lineKey{month: l.Month, groupID: l.GroupID, currency: l.Currency} })
	case ByMonth:
		v = regroup(a.lines, func(l *Line) lineKey { return lineKey{month: l.Month, currency: l.Currency} })
	default:
		v = slices.Clone(a.lines)
	}
	sortLines(v, column, desc)
	a.views[name] = v
	return v
}

// answer is the report the filter asks: kept from an earlier call while nothing it reads has changed (the
// company's sales and profit generations: orders, settlements, rates, fee estimates, products' cost and size,
// SKU配对, shipments and their freight, 利润配置, store names) and the user's store groups are the same,
// otherwise computed and kept.
func (s *Service) answer(ctx context.Context, companyID int64, f profitdb.ProfitFilter) (*answer, error) {
	generation, groups, err := s.db.With(ctx).ReportVersion(companyID, f.UserID, models.GenerationProfit)
	if err != nil {
		return nil, err
	}
	return s.answerAt(ctx, companyID, f, generation, groups)
}

// answerAt is answer at a version read already: 月度报告's three months read it once, not once each (three round
// trips of the database a month, which under load were most of a kept answer's time).
func (s *Service) answerAt(ctx context.Context, companyID int64, f profitdb.ProfitFilter, generation int64, groups string) (*answer, error) {
	key := strings.Join([]string{fmt.Sprint(companyID), groups, f.FromMonth, f.ToMonth, fmt.Sprint(f.GroupID),
		f.MarketplaceID, f.Search}, "|")
	return s.answers.Answer(ctx, key, generation, func(ctx context.Context) (*answer, int, error) {
		lines, err := s.lines(ctx, companyID, f)
		if err != nil {
			return nil, 0, err
		}
		return &answer{lines: lines, views: map[string][]Line{}}, len(lines), nil
	})
}
