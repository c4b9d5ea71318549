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

	"golang.org/x/sync/singleflight"

	"sellerhub/models"
)

// maxKeptLines bounds the lines the answers keep over all companies and queries (about 200 bytes each): the least
// recently read answers go first. A year by SKU of a seller with thousands of SKUs is tens of thousands of lines.
const maxKeptLines = 200_000

// keptBy are the groupings whose answers are kept: they read only what raises the sales generation (order items,
// refunds, rates). A store's name and SKU配对 change without it, so by store and by local product are summed on
// every call.
var keptBy = map[string]bool{models.SalesBySKU: true, models.SalesByASIN: true, models.SalesByMarketplace: true,
	models.SalesByAll: true}

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

// answer is a report's lines and, for each order asked (column and direction), the lines' positions in it.
type answer struct {
	generation int64
	lines      []keptLine
	mu         sync.Mutex
	orders     map[string][]int32
	used       uint64
}

// newAnswer keeps the lines, each text of them once (a SKU's name repeats in each of its periods).
func newAnswer(lines []Line, generation int64) *answer {
	texts := map[string]string{}
	text := func(s string) string {
		if t, ok := texts[s]; ok {
			return t
		}
		texts[s] = s
		return s
	}
	a := &answer{generation: generation, lines: make([]keptLine, len(lines)), orders: map[string][]int32{}}
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

// answers keeps the latest answer of each report query (company, the user's store groups, the filter) with the
// sales generation it was summed at: a report's lines are summed and converted once per import, not once per
// page, sort or user. Shared by the service's callers; an instance keeps its own, the database's generation
// tells each when its answer is out of date.
type answers struct {
	mu      sync.Mutex
	entries map[string]*answer
	kept    int
	clock   uint64
	flight  singleflight.Group
}

// get is the query's answer if it was summed at the generation, nil if not.
func (c *answers) get(key string, generation int64) *answer {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := c.entries[key]
	if a == nil || a.generation != generation {
		return nil
	}
	c.clock++
	a.used = c.clock
	return a
}

// put keeps an answer unless a later one is kept or it alone is more than all may hold, then lets the least
// recently read answers go until the lines fit.
func (c *answers) put(key string, a *answer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(a.lines) > maxKeptLines {
		return
	}
	if old := c.entries[key]; old != nil {
		if old.generation > a.generation {
			return
		}
		c.kept -= len(old.lines)
	}
	c.clock++
	a.used = c.clock
	c.entries[key] = a
	c.kept += len(a.lines)
	for c.kept > maxKeptLines {
		oldest := ""
		for k, e := range c.entries {
			if oldest == "" || e.used < c.entries[oldest].used {
				oldest = k
			}
		}
		c.kept -= len(c.entries[oldest].lines)
		delete(c.entries, oldest)
	}
}

// answer is the report the filter asks: kept from an earlier call while the company's sales generation and the
// user's store groups are the same, otherwise summed (once, however many ask at once) and kept.
func (s *Service) answer(ctx context.Context, companyID int64, f models.SalesFilter) (*answer, error) {
	if !keptBy[f.By] {
		lines, err := s.lines(ctx, companyID, f)
		if err != nil {
			return nil, err
		}
		return newAnswer(lines, 0), nil
	}
	// The generation is read before the sums: an import committed in between makes the answer newer than its
	// generation says, never older.
	generation, groups, err := s.db.With(ctx).SalesVersion(companyID, f.UserID)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%s|%s|%s|%s|%s|%t|%d|%s|%s", companyID, groups, f.By, f.Period,
		f.First.Format(time.DateOnly), f.Last.Format(time.DateOnly), f.InRateZone, f.GroupID, f.MarketplaceID, f.Search)
	if a := s.answers.get(key, generation); a != nil {
		return a, nil
	}
	v, err, _ := s.answers.flight.Do(key+"#"+strconv.FormatInt(generation, 10), func() (any, error) {
		// The callers waiting for it are not cancelled with the first: its statements keep their time limits.
		lines, err := s.lines(context.WithoutCancel(ctx), companyID, f)
		if err != nil {
			return nil, err
		}
		a := newAnswer(lines, generation)
		s.answers.put(key, a)
		return a, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*answer), nil
}
