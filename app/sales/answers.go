package sales

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"sellerhub/models"
	salesdb "sellerhub/models/sales"
)

// maxKeptLines bounds the lines the answers keep over all companies and queries (about 200 bytes each): the least
// recently read answers go first. A year by SKU of a seller with thousands of SKUs is tens of thousands of lines.
const maxKeptLines = 200_000

// keptBy are the groupings whose answers are kept: they read only what raises the sales generation (order items,
// refunds, rates, and the ASINs' parents, whose writes raise it too). A store's name and SKU配对 change without it,
// so by store and by local product are summed on every call.
var keptBy = map[string]bool{salesdb.SalesBySKU: true, salesdb.SalesByASIN: true, salesdb.SalesByParentASIN: true,
	salesdb.SalesByMarketplace: true, salesdb.SalesByAll: true}

// keptLine is a Line as an answer keeps it: money in ten-thousandths rather than decimals, each of which is a
// big number on the heap.
type keptLine struct {
	key, name, asin, period, currency    string
	units, orders, refundOrders          int64
	sales, salesCNY, refunds, refundsCNY int64
}

func (k *keptLine) line() Line {
	return Line{Key: k.key, Name: k.name, ASIN: k.asin, Period: k.period, Currency: k.currency, Units: k.units,
		Orders: k.orders, Sales: models.MoneyFromUnits(k.sales), SalesCNY: models.MoneyFromUnits(k.salesCNY),
		Refunds: models.MoneyFromUnits(k.refunds), RefundsCNY: models.MoneyFromUnits(k.refundsCNY),
		RefundOrders: k.refundOrders}
}

// lineSorts are the columns the report sorts by, as the island names them.
var lineSorts = map[string]func(a, b *keptLine) int{
	"key":        func(a, b *keptLine) int { return strings.Compare(a.key, b.key) },
	"period":     func(a, b *keptLine) int { return strings.Compare(a.period, b.period) },
	"currency":   func(a, b *keptLine) int { return strings.Compare(a.currency, b.currency) },
	"units":      func(a, b *keptLine) int { return cmp.Compare(a.units, b.units) },
	"orders":     func(a, b *keptLine) int { return cmp.Compare(a.orders, b.orders) },
	"sales":      func(a, b *keptLine) int { return cmp.Compare(a.sales, b.sales) },
	"salesCny":   func(a, b *keptLine) int { return cmp.Compare(a.salesCNY, b.salesCNY) },
	"refunds":    func(a, b *keptLine) int { return cmp.Compare(a.refunds, b.refunds) },
	"refundsCny": func(a, b *keptLine) int { return cmp.Compare(a.refundsCNY, b.refundsCNY) },
}

// answer is a report's lines and, for each order asked (column and direction), the lines' positions in it; by
// all, each period's CNY totals too (the summary's 合计(CNY)).
type answer struct {
	lines  []keptLine
	totals map[string]periodCNY
	mu     sync.Mutex
	orders map[string][]int32
}

// newAnswer keeps the lines, each text of them once (a SKU's name repeats in each of its periods).
func newAnswer(lines []Line, totals map[string]periodCNY) *answer {
	texts := map[string]string{}
	text := func(s string) string {
		if t, ok := texts[s]; ok {
			return t
		}
		texts[s] = s
		return s
	}
	a := &answer{lines: make([]keptLine, len(lines)), totals: totals, orders: map[string][]int32{}}
	for i := range lines {
		l := &lines[i]
		a.lines[i] = keptLine{key: text(l.Key), name: text(l.Name), asin: text(l.ASIN), period: text(l.Period),
			currency: text(l.Currency), units: l.Units, orders: l.Orders, refundOrders: l.RefundOrders,
			sales: l.Sales.Units(), salesCNY: l.SalesCNY.Units(), refunds: l.Refunds.Units(), refundsCNY: l.RefundsCNY.Units()}
	}
	return a
}

// sorted is the lines' positions by the column asked, then period (newest first), key and currency so that pages
// never overlap; each order is sorted once per answer.
func (a *answer) sorted(column string, desc bool) []int32 {
	name := column + strconv.FormatBool(desc)
	a.mu.Lock()
	defer a.mu.Unlock()
	if o, ok := a.orders[name]; ok {
		return o
	}
	by := lineSorts[column]
	o := make([]int32, len(a.lines))
	for i := range o {
		o[i] = int32(i)
	}
	slices.SortStableFunc(o, func(i, j int32) int {
		x, y := &a.lines[i], &a.lines[j]
		if by != nil {
			if c := by(x, y); c != 0 {
				if desc {
					return -c
				}
				return c
			}
		}
		if c := strings.Compare(y.period, x.period); c != 0 {
			return c
		}
		if c := strings.Compare(x.key, y.key); c != 0 {
			return c
		}
		return strings.Compare(x.currency, y.currency)
	})
	a.orders[name] = o
	return o
}

// answer is the report the filter asks: kept from an earlier call while the company's sales generation and the
// user's store groups are the same, otherwise summed and kept.
func (s *Service) answer(ctx context.Context, companyID int64, f salesdb.SalesFilter) (*answer, error) {
	if !keptBy[f.By] {
		lines, totals, err := s.lines(ctx, companyID, f)
		if err != nil {
			return nil, err
		}
		return newAnswer(lines, totals), nil
	}
	generation, groups, err := s.db.With(ctx).SalesVersion(companyID, f.UserID)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%s|%s|%s|%s|%s|%t|%d|%s|%s", companyID, groups, f.By, f.Period,
		f.First.Format(time.DateOnly), f.Last.Format(time.DateOnly), f.InRateZone, f.GroupID, f.MarketplaceID, f.Search)
	return s.answers.Answer(ctx, key, generation, func(ctx context.Context) (*answer, int, error) {
		lines, totals, err := s.lines(ctx, companyID, f)
		if err != nil {
			return nil, 0, err
		}
		return newAnswer(lines, totals), len(lines), nil
	})
}
