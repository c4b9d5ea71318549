package orders

import (
	"context"
	"fmt"

	"sellerhub/app/core"
	"sellerhub/models"
	ordersdb "sellerhub/models/orders"
)

// maxKeptTotals bounds the list totals kept: one per list, company, store groups and filter.
const maxKeptTotals = 20_000

// counter counts a list's rows the filter passes, up to the lists' cap.
type counter func(db *models.DB, companyID int64, f ordersdb.OrderFilter) (int64, error)

// withTotal gives the filter the list's total, kept from an earlier call while the company's sales generation
// (which every orders and settlement import raises in its transaction) and the user's store groups are the same,
// otherwise counted and kept: paging, sorting and coming back to a list reads only its page, not a count of
// thousands of orders each time. The filter is given that version too, which a search's far pages keep their
// marks at.
func (s *Service) withTotal(ctx context.Context, p core.Principal, list string, f ordersdb.OrderFilter, count counter) (ordersdb.OrderFilter, error) {
	generation, groups, err := s.db.With(ctx).SalesVersion(p.CompanyID, p.UserID)
	if err != nil {
		return f, err
	}
	k := f
	k.OrderBy, k.Desc, k.Offset, k.Limit, k.Total, k.Anchor = "", false, 0, 0, 0, models.Anchor{}
	key := fmt.Sprintf("%s|%d|%s|%+v", list, p.CompanyID, groups, k)
	f.Version = models.ListVersion{Generation: generation, Groups: groups}
	f.Total, err = s.totals.Answer(ctx, key, generation, func(ctx context.Context) (int64, int, error) {
		n, err := count(s.db.With(ctx), p.CompanyID, f)
		return n, 1, err
	})
	return f, err
}
