package stock

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"sellerhub/app/core"
	stockdb "sellerhub/models/stock"
)

// MsgStockValueFuture refuses a date after today: its stock is not known.
const MsgStockValueFuture = "日期不能晚于今天"

// StockValueQuery is the body of 库存货值: the page, the date (yyyy-MM-dd, "" for now: the stock at the end of that
// day in the company's zone), a warehouse, a part of the SKU or name.
type StockValueQuery struct {
	core.PageRequest
	Date        string `json:"date"`
	WarehouseID string `json:"warehouseId"`
	Search      string `json:"search"`
}

// StockValueLine is a product's stock in a warehouse at the date, valued at its 采购成本 in force that day:
// Quantity is inbound (在途) + fulfillable + outbound; UnitCost and Value are models.Money units (nil: no cost).
type StockValueLine struct {
	stockdb.StockAt
	Quantity int
	UnitCost *int64
	Value    *int64
}

// StockValueTotal sums a warehouse's lines (or a store group's, or all of them): units, value, and the lines
// without a cost (their units are not in the value).
type StockValueTotal struct {
	Key, Name, Kind, GroupName string
	Lines, Quantity, Uncosted  int
	Value                      int64
}

// StockValueReport is 库存货值's totals at a date by warehouse, store group and in all.
type StockValueReport struct {
	Date       string
	Warehouses []StockValueTotal
	Groups     []StockValueTotal
	Total      StockValueTotal
}

// StockValue values the stock of the company's warehouses the user may see at the end of a day (today when none)
// at each product's cost of that day (the dated product costs): the totals by warehouse, store group and in all.
// The lines are the company's kept valuation of the day (valueKept); the names are read now.
func (s *Service) StockValue(ctx context.Context, p core.Principal, q StockValueQuery) (*StockValueReport, error) {
	v, err := valuationOf(ctx, s, p, q)
	if err != nil {
		return nil, err
	}
	if v.base == nil {
		return v.report, nil
	}
	r := v.report
	warehouses := map[int64]*StockValueTotal{}
	add := func(w int64, t StockValueTotal) {
		info := v.names[w]
		wt := warehouses[w]
		if wt == nil {
			wt = &StockValueTotal{Key: strconv.FormatInt(w, 10), Name: info.Name, Kind: info.Kind, GroupName: info.GroupName}
			warehouses[w] = wt
		}
		wt.Lines += t.Lines
		wt.Quantity += t.Quantity
		wt.Uncosted += t.Uncosted
		wt.Value += t.Value
	}
	if v.term == "" {
		for w, t := range v.base.totals {
			if v.shows(w) {
				add(w, *t)
			}
		}
	} else {
		v.each(v.base.all(), func(i int32) bool {
			l := &v.base.lines[i]
			t := StockValueTotal{Lines: 1, Quantity: l.quantity()}
			if l.cost < 0 {
				t.Uncosted = 1
			} else {
				t.Value = l.value()
			}
			add(l.warehouse, t)
			return true
		})
	}
	groups := map[string]*StockValueTotal{}
	r.Total = StockValueTotal{Key: "all", Name: "合计"}
	for w, t := range warehouses {
		group := v.names[w].GroupName
		if v.names[w].GroupID == nil {
			group = "公司仓库"
		}
		g := groups[group]
		if g == nil {
			g = &StockValueTotal{Key: group, Name: group}
			groups[group] = g
		}
		for _, sum := range []*StockValueTotal{g, &r.Total} {
			sum.Lines += t.Lines
			sum.Quantity += t.Quantity
			sum.Uncosted += t.Uncosted
			sum.Value += t.Value
		}
		r.Warehouses = append(r.Warehouses, *t)
	}
	for _, g := range groups {
		r.Groups = append(r.Groups, *g)
	}
	byValue := func(a, b StockValueTotal) int {
		if a.Value != b.Value {
			return cmpDesc(a.Value, b.Value)
		}
		return strings.Compare(a.Name, b.Name)
	}
	slices.SortFunc(r.Warehouses, byValue)
	slices.SortFunc(r.Groups, byValue)
	return r, nil
}

func cmpDesc(a, b int64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// StockValuePage pages 库存货值's lines, highest value first.
func (s *Service) StockValuePage(ctx context.Context, p core.Principal, q StockValueQuery) ([]StockValueLine, int64, core.PageRequest, error) {
	page := q.PageRequest.Normalized()
	v, err := valuationOf(ctx, s, p, q)
	if err != nil || v.base == nil {
		return []StockValueLine{}, 0, page, err
	}
	from := page.Offset()
	out := []StockValueLine{}
	take := func(i int32) {
		l := &v.base.lines[i]
		info, pr := v.names[l.warehouse], v.base.products[l.product]
		line := StockValueLine{StockAt: stockdb.StockAt{WarehouseID: l.warehouse, WarehouseName: info.Name, WarehouseKind: info.Kind,
			GroupID: info.GroupID, GroupName: info.GroupName, ProductID: pr.ID, SKU: pr.SKU, ProductName: pr.Name, Image: pr.Image,
			Inbound: int(l.inbound), Fulfillable: int(l.fulfillable), Outbound: int(l.outbound)}, Quantity: l.quantity()}
		if l.cost >= 0 {
			unit, value := l.cost, l.value()
			line.UnitCost, line.Value = &unit, &value
		}
		out = append(out, line)
	}
	lines := v.base.all()
	if v.warehouse != 0 {
		lines = v.base.byWarehouse[v.warehouse]
	}
	if v.term == "" && len(v.hidden) == 0 {
		// Every line of the list shows: the page is a slice of it.
		for _, i := range lines[min(from, len(lines)):min(from+page.Size, len(lines))] {
			take(i)
		}
		return out, int64(len(lines)), page, nil
	}
	n := 0
	v.each(lines, func(i int32) bool {
		if n >= from && n < from+page.Size {
			take(i)
		}
		n++
		return true
	})
	return out, int64(n), page, nil
}
