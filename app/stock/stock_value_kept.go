package stock

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
)

// maxKeptValueLines bounds the stock lines 库存货值 keeps over all companies and days (about 50 bytes each): a
// company of 50,000 products in 20 warehouses has a million.
const maxKeptValueLines = 3_000_000

// valueBase is a company's stock at the end of a day, valued at that day's costs: the lines by value (highest
// first; without a cost last), then warehouse name and SKU, as the list shows them, each warehouse's lines and
// totals, and the products the lines name. Nobody changes it once kept.
type valueBase struct {
	lines       []valueLine
	order       []int32 // 0, 1, ... len(lines)-1: every line in order
	byWarehouse map[int64][]int32
	totals      map[int64]*StockValueTotal
	products    []stockdb.ProductNamed
	search      []string // each product's SKU and name in lower case, which 查询's keyword looks in
}

// valueLine is a product's stock in a warehouse; cost is its unit cost (Money's units), -1 without one.
type valueLine struct {
	warehouse                      int64
	product                        int32 // its index in products
	inbound, fulfillable, outbound int32
	cost                           int64
}

func (l *valueLine) quantity() int { return int(l.inbound + l.fulfillable + l.outbound) }

func (l *valueLine) value() int64 { return l.cost * int64(l.quantity()) }

func (b *valueBase) all() []int32 { return b.order }

// valuation is what a 库存货值 query reads: the date's kept lines (nil base when the user may see none of the
// warehouse asked), the warehouses' names read now, and the filter.
type valuation struct {
	report    *StockValueReport
	base      *valueBase
	names     map[int64]stockdb.WarehouseAt
	hidden    map[int64]bool
	warehouse int64
	term      string
}

// shows tells whether the query shows a warehouse's lines.
func (v *valuation) shows(w int64) bool {
	return !v.hidden[w] && (v.warehouse == 0 || v.warehouse == w)
}

// each calls fn with each of the lines the query shows, in order, until it answers false.
func (v *valuation) each(lines []int32, fn func(int32) bool) {
	for _, i := range lines {
		l := &v.base.lines[i]
		if !v.shows(l.warehouse) || (v.term != "" && !strings.Contains(v.base.search[l.product], v.term)) {
			continue
		}
		if !fn(i) {
			return
		}
	}
}

// valuationOf reads the query's date and filter and the company's valuation of the day, kept or worked out now.
func valuationOf(ctx context.Context, s *Service, p core.Principal, q StockValueQuery) (*valuation, error) {
	db := s.db.With(ctx)
	today := s.now().In(s.timeZone).Format(time.DateOnly)
	v := &valuation{report: &StockValueReport{Date: today}, term: strings.ToLower(strings.TrimSpace(q.Search))}
	var before time.Time
	if d := strings.TrimSpace(q.Date); d != "" && d != today {
		day, err := time.ParseInLocation(time.DateOnly, d, s.timeZone)
		switch {
		case err != nil:
			return nil, core.Invalid(core.MsgDateBad)
		case d > today:
			return nil, core.Invalid(MsgStockValueFuture)
		}
		v.report.Date, before = d, day.AddDate(0, 0, 1)
	}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if v.warehouse, ok = core.ParseID(w); !ok {
			return v, nil
		}
	}
	hidden, ok, err := db.WarehouseSeen(p.CompanyID, p.UserID, v.warehouse)
	if err != nil || !ok {
		return v, err
	}
	v.hidden = make(map[int64]bool, len(hidden))
	for _, h := range hidden {
		v.hidden[h] = true
	}
	// The generation is read before the lines: a movement committed in between makes them newer than it says.
	generation, err := stockdb.ValueGeneration(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%s", p.CompanyID, v.report.Date)
	v.base, err = s.values.Answer(ctx, key, generation, func(ctx context.Context) (*valueBase, int, error) {
		b, err := workValues(s.db.With(ctx), p.CompanyID, v.report.Date, before)
		if err != nil {
			return nil, 0, err
		}
		return b, len(b.lines), nil
	})
	if err != nil {
		return nil, err
	}
	warehouses, err := stockdb.WarehousesAt(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	v.names = make(map[int64]stockdb.WarehouseAt, len(warehouses))
	for _, w := range warehouses {
		v.names[w.ID] = w
	}
	return v, nil
}

// workValues values the company's stock at the end of date (before: the next day's start; zero for now): each
// line of every warehouse read in one statement, each product at its cost in force that day.
func workValues(db *models.DB, companyID int64, date string, before time.Time) (*valueBase, error) {
	warehouses, err := stockdb.WarehousesAt(db, companyID)
	if err != nil {
		return nil, err
	}
	named, err := stockdb.ProductsNamed(db, companyID)
	if err != nil {
		return nil, err
	}
	var costs []catalogdb.ProductCost
	if err := db.Scopes(models.InCompany("product_costs", companyID)).
		Order("product_costs.product_id, product_costs.effective_from").Find(&costs).Error; err != nil {
		return nil, err
	}
	unitCost := map[int64]int64{}
	for i := 0; i < len(costs); {
		j := i
		for j < len(costs) && costs[j].ProductID == costs[i].ProductID {
			j++
		}
		if c := catalogdb.CostOn(costs[i:j], date); c.UnitCost.Valid {
			unitCost[costs[i].ProductID] = models.Money{Decimal: c.UnitCost.Decimal}.Units()
		}
		i = j
	}
	b := &valueBase{byWarehouse: map[int64][]int32{}, totals: map[int64]*StockValueTotal{}}
	index := map[int64]int32{}
	rank := make(map[int64]int32, len(warehouses))
	for n, w := range warehouses {
		rank[w.ID] = int32(n)
	}
	// One statement for every warehouse's lines (EachHeld), each kept with its warehouse's rank for the sort.
	var ranks []int32
	err = stockdb.EachHeld(db, companyID, before, func(h stockdb.Held) {
		pr, ok := named[h.ProductID]
		wr, known := rank[h.WarehouseID]
		if !ok || !known {
			return
		}
		at, ok := index[h.ProductID]
		if !ok {
			at = int32(len(b.products))
			index[h.ProductID] = at
			b.products = append(b.products, pr)
			b.search = append(b.search, strings.ToLower(pr.SKU)+"\x00"+strings.ToLower(pr.Name))
		}
		cost, ok := unitCost[h.ProductID]
		if !ok {
			cost = -1
		}
		b.lines = append(b.lines, valueLine{warehouse: h.WarehouseID, product: at, inbound: int32(h.Inbound),
			fulfillable: int32(h.Fulfillable), outbound: int32(h.Outbound), cost: cost})
		ranks = append(ranks, wr)
	})
	if err != nil {
		return nil, err
	}
	// Highest value first, lines without a cost last; then by warehouse name and SKU (then the older product):
	// sorted on keys of integers, the products ranked by SKU once rather than their SKUs compared a million
	// times over.
	byName := make([]int32, len(b.products))
	for i := range byName {
		byName[i] = int32(i)
	}
	slices.SortFunc(byName, func(x, y int32) int {
		if c := strings.Compare(b.products[x].SKU, b.products[y].SKU); c != 0 {
			return c
		}
		return cmpDesc(b.products[y].ID, b.products[x].ID)
	})
	productRank := make([]int32, len(b.products))
	for r, p := range byName {
		productRank[p] = int32(r)
	}
	type sortKey struct {
		value                 int64
		warehouse, product, i int32
	}
	keys := make([]sortKey, len(b.lines))
	for i := range b.lines {
		l := &b.lines[i]
		v := int64(-1)
		if l.cost >= 0 {
			v = l.value()
		}
		keys[i] = sortKey{value: v, warehouse: ranks[i], product: productRank[l.product], i: int32(i)}
	}
	slices.SortFunc(keys, func(x, y sortKey) int {
		if c := cmpDesc(x.value, y.value); c != 0 {
			return c
		}
		if x.warehouse != y.warehouse {
			return int(x.warehouse - y.warehouse)
		}
		return int(x.product - y.product)
	})
	sorted := make([]valueLine, len(b.lines))
	for n, k := range keys {
		sorted[n] = b.lines[k.i]
	}
	b.lines = sorted
	b.order = make([]int32, len(b.lines))
	for i := range b.lines {
		l := &b.lines[i]
		b.order[i] = int32(i)
		b.byWarehouse[l.warehouse] = append(b.byWarehouse[l.warehouse], int32(i))
		t := b.totals[l.warehouse]
		if t == nil {
			t = &StockValueTotal{}
			b.totals[l.warehouse] = t
		}
		t.Lines++
		t.Quantity += l.quantity()
		if l.cost < 0 {
			t.Uncosted++
		} else {
			t.Value += l.value()
		}
	}
	return b, nil
}
