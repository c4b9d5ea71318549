package purchase

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	purchasedb "sellerhub/models/purchase"
)

// MsgReportByBad refuses a 采购报表 grouping it does not know.
const MsgReportByBad = "请选择统计维度"

// ReportQuery is the body of 采购报表: the page, the grouping (supplier, product, buyer or month), the orders' creation
// dates (yyyy-MM-dd, both included, "" for open) and a supplier.
type ReportQuery struct {
	core.PageRequest
	By         string `json:"by"`
	StartDate  string `json:"startDate"`
	EndDate    string `json:"endDate"`
	SupplierID string `json:"supplierId"`
}

// ReportRow is a supplier's, product's or month's purchasing: orders approved, units ordered, received, returned
// and closed short, the CNY cost of what came, the measured lead time (approval to first receipt, days on average
// over the order lines that came) and the share of receipts on or before the expected date.
type ReportRow struct {
	Key        string `json:"id"`
	Name       string `json:"name"`
	Detail     string `json:"detail"`
	Orders     int    `json:"orders"`
	Quantity   int    `json:"quantity"`
	Received   int    `json:"received"`
	Returned   int    `json:"returned"`
	Closed     int    `json:"closed"`
	Cost       string `json:"cost"`
	LeadDays   string `json:"leadDays"`
	OnTimeRate string `json:"onTimeRate"`
}

type reportSums struct {
	row                  ReportRow
	orders               map[int64]bool
	cost                 int64
	leadDays, leads      int
	onTime, withExpected int
}

// Report sums the company's approved orders by supplier, product, buyer (the order's creator) or month (of the
// order's creation).
func (s *Service) Report(ctx context.Context, p core.Principal, q ReportQuery) ([]ReportRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	if q.By == "" {
		q.By = "supplier"
	}
	if q.By != "supplier" && q.By != "product" && q.By != "buyer" && q.By != "month" {
		return nil, 0, r, core.Invalid(MsgReportByBad)
	}
	from, to, err := core.DayRange(s.timeZone, q.StartDate, q.EndDate)
	if err != nil {
		return nil, 0, r, err
	}
	var supplier int64
	if v := strings.TrimSpace(q.SupplierID); v != "" {
		var ok bool
		if supplier, ok = core.ParseID(v); !ok {
			return []ReportRow{}, 0, r, nil
		}
	}
	lines, receipts, err := purchasedb.ReportData(s.db.With(ctx), p.CompanyID, from, to, supplier)
	if err != nil {
		return nil, 0, r, err
	}
	type pair struct{ order, product int64 }
	got := map[pair][]purchasedb.ReportReceipt{}
	for _, rc := range receipts {
		k := pair{rc.OrderID, rc.ProductID}
		got[k] = append(got[k], rc)
	}
	sums := map[string]*reportSums{}
	var keys []string
	for _, l := range lines {
		var key, name, detail string
		switch q.By {
		case "supplier":
			key, name = fmt.Sprint(l.SupplierID), l.SupplierName
		case "product":
			key, name, detail = fmt.Sprint(l.ProductID), l.ProductSKU, l.ProductName
		case "buyer":
			// The buyer is who created the order; an order made by no user (none today) sums apart.
			key, name, detail = "0", "—", ""
			if l.CreatorID != nil {
				key, name, detail = fmt.Sprint(*l.CreatorID), l.CreatorName, l.CreatorAcct
				if name == "" {
					name = l.CreatorAcct
				}
			}
		default:
			key = l.CreatedAt.In(s.timeZone).Format("2006-01")
			name = key
		}
		g := sums[key]
		if g == nil {
			g = &reportSums{row: ReportRow{Key: key, Name: name, Detail: detail}, orders: map[int64]bool{}}
			sums[key] = g
			keys = append(keys, key)
		}
		g.orders[l.OrderID] = true
		g.row.Quantity += l.Quantity
		g.row.Received += l.Received
		g.row.Returned += l.Returned
		g.row.Closed += l.Closed
		came := got[pair{l.OrderID, l.ProductID}]
		for _, rc := range came {
			g.cost += int64(rc.Quantity) * rc.UnitCost
			if l.ExpectedDate != "" {
				g.withExpected++
				if rc.EventDate <= l.ExpectedDate {
					g.onTime++
				}
			}
		}
		if days, ok := leadDays(l, came, s.timeZone); ok {
			g.leadDays += days
			g.leads++
		}
	}
	rows := make([]ReportRow, 0, len(keys))
	for _, k := range keys {
		g := sums[k]
		g.row.Orders = len(g.orders)
		g.row.Cost = models.MoneyFromUnits(g.cost).StringFixed(2)
		if g.leads > 0 {
			g.row.LeadDays = decimal.NewFromInt(int64(g.leadDays)).Div(decimal.NewFromInt(int64(g.leads))).StringFixed(1)
		}
		if g.withExpected > 0 {
			g.row.OnTimeRate = decimal.NewFromInt(int64(g.onTime*100)).Div(decimal.NewFromInt(int64(g.withExpected))).Round(0).String() + "%"
		}
		rows = append(rows, g.row)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if q.By == "month" {
			return rows[i].Name > rows[j].Name
		}
		return rows[i].Name < rows[j].Name
	})
	total := int64(len(rows))
	start := min(r.Offset(), len(rows))
	return rows[start:min(start+r.Size, len(rows))], total, r, nil
}

// leadDays is an order line's lead time: the days from the order's approval (its day in tz) to the line's first
// receipt; false while it has none.
func leadDays(l purchasedb.ReportLine, came []purchasedb.ReportReceipt, tz *time.Location) (int, bool) {
	first := ""
	for _, rc := range came {
		if first == "" || rc.EventDate < first {
			first = rc.EventDate
		}
	}
	if first == "" || l.ApprovedAt == nil {
		return 0, false
	}
	approved, _ := time.Parse(time.DateOnly, l.ApprovedAt.In(tz).Format(time.DateOnly))
	d, err := time.Parse(time.DateOnly, first)
	if err != nil {
		return 0, false
	}
	return int(d.Sub(approved).Hours() / 24), true
}

// SupplierLead is a supplier's measured lead time: the mean of Lines' lead days, rounded up.
type SupplierLead struct {
	Days  int
	Lines int
}

// supplierLeads measures each supplier's lead time over the orders made since since, as 采购报表 does.
func supplierLeads(db *models.DB, companyID int64, since time.Time, tz *time.Location) (map[int64]SupplierLead, error) {
	lines, receipts, err := purchasedb.ReportData(db, companyID, since, time.Time{}, 0)
	if err != nil {
		return nil, err
	}
	type pair struct{ order, product int64 }
	got := map[pair][]purchasedb.ReportReceipt{}
	for _, rc := range receipts {
		got[pair{rc.OrderID, rc.ProductID}] = append(got[pair{rc.OrderID, rc.ProductID}], rc)
	}
	sums := map[int64][2]int{}
	for _, l := range lines {
		if days, ok := leadDays(l, got[pair{l.OrderID, l.ProductID}], tz); ok {
			s := sums[l.SupplierID]
			sums[l.SupplierID] = [2]int{s[0] + days, s[1] + 1}
		}
	}
	out := make(map[int64]SupplierLead, len(sums))
	for id, s := range sums {
		out[id] = SupplierLead{Days: max(0, (s[0]+s[1]-1)/s[1]), Lines: s[1]}
	}
	return out, nil
}
