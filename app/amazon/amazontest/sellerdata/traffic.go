package sellerdata

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Sales and traffic (Amazon's business report, GET_SALES_AND_TRAFFIC_REPORT): per child ASIN and day, the sessions
// and page views its detail page had, its Buy Box share, and the units and sales ordered. Units and sales are the
// world's orders of that day (every order purchased, cancelled ones too, as Amazon counts them), so the report agrees
// with the orders report; sessions are drawn from a conversion rate of the product's own around them. Days before
// the orders' history are drawn from the same seeds (dayOrders needs only the day), so a year of days is served.
// Two products lose something in the last week, so the screens have drops to find: the best seller's
// conversion halves (its sessions double, its orders stay), and the second best's Buy Box falls to about 60%.

// SalesTrafficReport is the report's type.
const SalesTrafficReport = "GET_SALES_AND_TRAFFIC_REPORT"

// TrafficLine is one child ASIN's figures of a day in a marketplace. Sales in the market's minor units;
// BuyBoxBP and the unit session percentage in basis points (9550 is 95.50%).
type TrafficLine struct {
	Day                   time.Time
	ParentASIN, ChildASIN string
	SKU                   string
	Sessions, PageViews   int64
	BrowserSessions       int64
	BuyBoxBP              int64
	Units, OrderItems     int64
	Sales                 int64
	Currency              string
	dec                   int32
}

// UnitSessionBP is the unit session percentage in basis points (units per session), 0 without sessions.
func (l TrafficLine) UnitSessionBP() int64 {
	if l.Sessions == 0 {
		return 0
	}
	return (l.Units*10000*2 + l.Sessions) / (2 * l.Sessions)
}

// trafficDrop is how many days before the world's day the two drops begin.
const trafficDrop = 7

// Traffic is a marketplace's lines of day d (UTC) for the seller, one per product it sells there, by ASIN.
func (w *World) Traffic(sellerID, marketplaceID string, d time.Time) []TrafficLine {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	d = d.UTC().Truncate(day)
	if !d.Before(w.Now) {
		return nil
	}
	type sold struct{ units, items, sales int64 }
	byProduct := map[*product]*sold{}
	for _, o := range s.dayOrders(m, d) {
		if !o.purchase.Before(w.Now) {
			continue
		}
		for _, it := range o.items {
			x := byProduct[it.p]
			if x == nil {
				x = &sold{}
				byProduct[it.p] = x
			}
			x.units += it.qty
			x.items++
			x.sales += it.price
		}
	}
	dropping := !d.Before(w.Now.Truncate(day).Add(-trafficDrop * day))
	var out []TrafficLine
	for i, p := range s.selling {
		if p.newOnly {
			continue
		}
		x := byProduct[p]
		if x == nil {
			x = &sold{}
		}
		r := rngOf("traffic", s.def.id, m.id, p.asin, d.Format(postedLayout))
		// A product converts at 6-16% of its sessions, its own rate every day give or take a fifth.
		base := 0.06 + 0.10*rngOf("conversion", s.def.id, p.asin).Float64()
		rate := base * (0.8 + 0.4*r.Float64())
		buyBox := int64(9300 + r.IntN(701))
		if dropping && i == 0 {
			rate /= 2
		}
		if dropping && i == 1 {
			buyBox = int64(5600 + r.IntN(800))
		}
		// Window shoppers come whether or not anyone buys: a product with no orders still has sessions.
		expected := (float64(x.units) + 0.3 + 0.7*r.Float64()) / rate
		sessions := max(x.units, int64(math.Round(expected*(0.9+0.2*r.Float64()))))
		pages := sessions + int64(math.Round(float64(sessions)*(0.15+0.45*r.Float64())))
		browser := int64(math.Round(float64(sessions) * (0.35 + 0.2*r.Float64())))
		out = append(out, TrafficLine{Day: d, ParentASIN: parentOr(p), ChildASIN: p.asin, SKU: p.sku, Sessions: sessions,
			PageViews: pages, BrowserSessions: browser, BuyBoxBP: buyBox, Units: x.units, OrderItems: x.items,
			Sales: x.sales, Currency: m.currency, dec: m.dec})
	}
	return out
}

// parentOr is the product's variation parent, or its own ASIN when it stands alone (Amazon's report names a
// standalone product as its own parent).
func parentOr(p *product) string {
	if p.parent != "" {
		return p.parent
	}
	return p.asin
}

// TrafficJSON is the report's document (JSON, as Amazon writes it) of the marketplaces over [start, end): one
// salesAndTrafficByDate entry per day and, per child ASIN, its figures summed over the days (Amazon's by-ASIN part
// is the whole range's: the sync asks a day per report).
func (w *World) TrafficJSON(sellerID string, marketplaceIDs []string, start, end time.Time) (io.Reader, error) {
	s := w.sellers[sellerID]
	if s == nil {
		return nil, fmt.Errorf("sellerdata: no seller %s", sellerID)
	}
	ms, err := s.marketsOf(marketplaceIDs)
	if err != nil {
		return nil, err
	}
	type money struct {
		Amount       json.Number `json:"amount"`
		CurrencyCode string      `json:"currencyCode"`
	}
	amount := func(v int64, dec int32, cur string) money {
		return money{json.Number(decimal.New(v, -dec).StringFixed(dec)), cur}
	}
	pct := func(bp int64) json.Number { return json.Number(decimal.New(bp, -2).StringFixed(2)) }
	type byDate struct {
		Date        string         `json:"date"`
		SalesByDate map[string]any `json:"salesByDate"`
		Traffic     map[string]any `json:"trafficByDate"`
	}
	type byASIN struct {
		Parent  string         `json:"parentAsin"`
		Child   string         `json:"childAsin"`
		SKU     string         `json:"sku,omitempty"`
		Sales   map[string]any `json:"salesByAsin"`
		Traffic map[string]any `json:"trafficByAsin"`
	}
	doc := struct {
		Spec   map[string]any `json:"reportSpecification"`
		ByDate []byDate       `json:"salesAndTrafficByDate"`
		ByASIN []byASIN       `json:"salesAndTrafficByAsin"`
	}{ByDate: []byDate{}, ByASIN: []byASIN{}}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.id
	}
	doc.Spec = map[string]any{"reportType": SalesTrafficReport, "reportOptions": map[string]string{
		"dateGranularity": "DAY", "asinGranularity": "CHILD"}, "dataStartTime": start.UTC().Format(postedLayout),
		"dataEndTime": end.UTC().Add(-time.Second).Format(postedLayout), "marketplaceIds": ids}
	sum := map[string]*TrafficLine{}
	var order []string
	for d := start.UTC().Truncate(day); d.Before(end); d = d.Add(day) {
		var total TrafficLine
		for _, m := range ms {
			for _, l := range w.Traffic(sellerID, m.id, d) {
				total.Sessions += l.Sessions
				total.PageViews += l.PageViews
				total.Units += l.Units
				total.OrderItems += l.OrderItems
				total.Sales += l.Sales
				total.Currency, total.dec = l.Currency, l.dec
				key := m.id + "\t" + l.ChildASIN
				x := sum[key]
				if x == nil {
					c := l
					c.BuyBoxBP *= l.Sessions
					sum[key] = &c
					order = append(order, key)
					continue
				}
				x.Sessions += l.Sessions
				x.PageViews += l.PageViews
				x.BrowserSessions += l.BrowserSessions
				x.BuyBoxBP += l.BuyBoxBP * l.Sessions
				x.Units += l.Units
				x.OrderItems += l.OrderItems
				x.Sales += l.Sales
			}
		}
		doc.ByDate = append(doc.ByDate, byDate{Date: d.Format(postedLayout),
			SalesByDate: map[string]any{"orderedProductSales": amount(total.Sales, total.dec, total.Currency),
				"unitsOrdered": total.Units, "totalOrderItems": total.OrderItems},
			Traffic: map[string]any{"sessions": total.Sessions, "pageViews": total.PageViews,
				"unitSessionPercentage": pct(total.UnitSessionBP())}})
	}
	for _, key := range order {
		l := *sum[key]
		if l.Sessions > 0 {
			l.BuyBoxBP = (l.BuyBoxBP + l.Sessions/2) / l.Sessions
		}
		mobile := l.Sessions - l.BrowserSessions
		share := func(part int64) json.Number {
			if l.Sessions == 0 {
				return "0.00"
			}
			return pct((part*10000*2 + l.Sessions) / (2 * l.Sessions))
		}
		doc.ByASIN = append(doc.ByASIN, byASIN{Parent: l.ParentASIN, Child: l.ChildASIN,
			Sales: map[string]any{"unitsOrdered": l.Units, "unitsOrderedB2B": 0,
				"orderedProductSales":    amount(l.Sales, l.dec, l.Currency),
				"orderedProductSalesB2B": amount(0, l.dec, l.Currency), "totalOrderItems": l.OrderItems, "totalOrderItemsB2B": 0},
			Traffic: map[string]any{"browserSessions": l.BrowserSessions, "mobileAppSessions": mobile,
				"sessions": l.Sessions, "browserSessionPercentage": share(l.BrowserSessions),
				"mobileAppSessionPercentage": share(mobile), "sessionPercentage": share(l.Sessions),
				"browserPageViews": l.PageViews - l.PageViews*mobile/max(1, l.Sessions), "pageViews": l.PageViews,
				"buyBoxPercentage": pct(l.BuyBoxBP), "buyBoxPercentageB2B": pct(0),
				"unitSessionPercentage": pct(l.UnitSessionBP()), "unitSessionPercentageB2B": pct(0)}})
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return strings.NewReader(string(b)), nil
}
