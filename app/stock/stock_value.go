package stock

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
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

// StockValueReport is 库存货值 at a date: the lines by value, and the totals by warehouse, store group and in all.
type StockValueReport struct {
	Date       string
	Lines      []StockValueLine
	Warehouses []StockValueTotal
	Groups     []StockValueTotal
	Total      StockValueTotal
}

// StockValue values the stock of the company's warehouses the user may see at the end of a day (today when none)
// at each product's cost of that day (the dated product costs): the lines and their totals.
func (s *Service) StockValue(ctx context.Context, p core.Principal, q StockValueQuery) (*StockValueReport, error) {
	db := s.db.With(ctx)
	today := s.now().In(s.timeZone).Format(time.DateOnly)
	r := &StockValueReport{Date: today}
	f := stockdb.StockAtFilter{}
	if d := strings.TrimSpace(q.Date); d != "" && d != today {
		day, err := time.ParseInLocation(time.DateOnly, d, s.timeZone)
		switch {
		case err != nil:
			return nil, core.Invalid(core.MsgDateBad)
		case d > today:
			return nil, core.Invalid(MsgStockValueFuture)
		}
		r.Date, f.Before = d, day.AddDate(0, 0, 1)
	}
	var ok bool
	var err error
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return r, nil
		}
	}
	if f.Hidden, ok, err = db.WarehouseSeen(p.CompanyID, p.UserID, f.WarehouseID); err != nil || !ok {
		return r, err
	}
	rows, err := stockdb.StockOn(db, p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	term := strings.ToLower(strings.TrimSpace(q.Search))
	ids := make([]int64, 0, len(rows))
	for _, row := range rows {
		ids = append(ids, row.ProductID)
	}
	costs, err := catalogdb.CostHistories(db, p.CompanyID, ids)
	if err != nil {
		return nil, err
	}
	warehouses := map[int64]*StockValueTotal{}
	groups := map[string]*StockValueTotal{}
	r.Total = StockValueTotal{Key: "all", Name: "合计"}
	for _, row := range rows {
		if term != "" && !strings.Contains(strings.ToLower(row.SKU), term) && !strings.Contains(strings.ToLower(row.ProductName), term) {
			continue
		}
		l := StockValueLine{StockAt: row, Quantity: row.Inbound + row.Fulfillable + row.Outbound}
		if c := catalogdb.CostOn(costs[row.ProductID], r.Date); c.UnitCost.Valid {
			unit := models.Money{Decimal: c.UnitCost.Decimal}.Units()
			value := unit * int64(l.Quantity)
			l.UnitCost, l.Value = &unit, &value
		}
		r.Lines = append(r.Lines, l)
		w := warehouses[row.WarehouseID]
		if w == nil {
			w = &StockValueTotal{Key: strconv.FormatInt(row.WarehouseID, 10), Name: row.WarehouseName, Kind: row.WarehouseKind, GroupName: row.GroupName}
			warehouses[row.WarehouseID] = w
		}
		group := row.GroupName
		if row.GroupID == nil {
			group = "公司仓库"
		}
		g := groups[group]
		if g == nil {
			g = &StockValueTotal{Key: group, Name: group}
			groups[group] = g
		}
		for _, t := range []*StockValueTotal{w, g, &r.Total} {
			t.Lines++
			t.Quantity += l.Quantity
			if l.Value == nil {
				t.Uncosted++
			} else {
				t.Value += *l.Value
			}
		}
	}
	for _, w := range warehouses {
		r.Warehouses = append(r.Warehouses, *w)
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
	slices.SortStableFunc(r.Lines, func(a, b StockValueLine) int { return cmpDesc(valueOf(a), valueOf(b)) })
	return r, nil
}

func valueOf(l StockValueLine) int64 {
	if l.Value == nil {
		return -1
	}
	return *l.Value
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
	r, err := s.StockValue(ctx, p, q)
	if err != nil {
		return nil, 0, page, err
	}
	from := min(page.Offset(), len(r.Lines))
	return append([]StockValueLine{}, r.Lines[from:min(from+page.Size, len(r.Lines))]...), int64(len(r.Lines)), page, nil
}
