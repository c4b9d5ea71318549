package purchase_test

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/sales"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

const forecastCall = "/amazon/api/v1/sales/forecast"

type forecastRow struct {
	ID      string `json:"id"`
	SKU     string `json:"sku"`
	Method  string `json:"method"`
	Last12  int64  `json:"last12"`
	M1      *int   `json:"m1"`
	P1      *int   `json:"p1"`
	History []struct {
		Month   string   `json:"month"`
		Units   int64    `json:"units"`
		OutDays int      `json:"outDays"`
		Rate    *float64 `json:"rate"`
	} `json:"history"`
	Months []struct {
		Month    string `json:"month"`
		Forecast int    `json:"forecast"`
		Plan     *int   `json:"plan"`
	} `json:"months"`
}

// season is the known pattern: each calendar month's share of the trend (January first), averaging 1.
var season = [12]float64{0.70, 0.75, 0.90, 1.00, 1.05, 1.00, 1.10, 1.25, 1.00, 0.95, 1.10, 1.20}

// trendRate is the daily rate of the trend t months after the first month of the history.
func trendRate(t int) float64 { return 8 + 0.25*float64(t) }

// seasonalSKU gives the shop US-SEASON: 24 months of sales following trendRate × season, except that in one month
// (the 20th) it was out of FBA stock for 12 days, on which it sold nothing (the ledger says so).
func (s *shop) seasonalSKU(t *testing.T, h *apptest.Harness) time.Time {
	first := time.Date(s.today.Year(), s.today.Month(), 1, 0, 0, 0, 0, time.UTC)
	start := first.AddDate(0, -24, 0)
	for i := 0; i < 24; i++ {
		m := start.AddDate(0, i, 0)
		days := m.AddDate(0, 1, -1).Day()
		inStock := days
		if i == 20 {
			inStock = days - 12
			for d := 1; d <= 12; d++ {
				must(t, h.DB.Create(&amazondatadb.LedgerBalance{ID: models.NewID(), CompanyID: s.companyID, GroupID: s.groupID,
					SellerID: s.sellerID, MarketplaceID: us, Day: m.AddDate(0, 0, d-1).Format(time.DateOnly), FNSKU: "X0SEASON",
					SKU: "US-SEASON", Disposition: "SELLABLE", Location: "US", CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error)
			}
		}
		units := int64(math.Round(trendRate(i) * season[m.Month()-1] * float64(inStock)))
		month := m.Format("2006-01")
		must(t, h.DB.Exec("INSERT INTO sales_sku_months (company_id, group_id, seller_id, marketplace_id, sku, currency, month, "+
			"bj_month, asin, product_name, units, orders, amount) VALUES (?, ?, ?, ?, 'US-SEASON', 'USD', ?, ?, 'B0SEASON', '季节商品', ?, ?, 0)",
			s.companyID, s.groupID, s.sellerID, us, month, month, units, units).Error)
	}
	return first
}

func (s *shop) forecast(t *testing.T, body map[string]any) []forecastRow {
	t.Helper()
	body["currentpage"], body["pagesize"] = 1, 100
	env := s.c.Call(http.MethodPost, forecastCall, body)
	apptest.ExpectOK(t, env)
	var p page[forecastRow]
	env.Into(t, &p)
	return p.Records
}

// The forecast of a SKU whose two years follow a known trend and season lands, for each of the six coming months,
// within 3 % of trend × season × the month's days, though one month of its history was 12 days out of stock; a
// SKU with two months of history is forecast at their average. The screen's export holds the same lines.
func TestForecastOfASeasonalSeries(t *testing.T) {
	const tolerance = 0.03
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			first := s.seasonalSKU(t, h)
			rows := s.forecast(t, map[string]any{"months": 6, "search": "SEASON"})
			if len(rows) != 1 || rows[0].SKU != "US-SEASON" || rows[0].Method != sales.MethodSeasonal || len(rows[0].Months) != 6 {
				t.Fatalf("rows %+v", rows)
			}
			r := rows[0]
			if h20 := r.History[20]; h20.OutDays != 12 || h20.Rate == nil {
				t.Fatalf("the stock-out month %+v", h20)
			} else if want := trendRate(20) * season[first.AddDate(0, -4, 0).Month()-1]; math.Abs(*h20.Rate-want) > 0.02 {
				t.Fatalf("the stock-out month's rate %.2f, want %.2f (the days out of stock taken out)", *h20.Rate, want)
			}
			for i, m := range r.Months {
				mt := first.AddDate(0, i, 0)
				want := trendRate(24+i) * season[mt.Month()-1] * float64(mt.AddDate(0, 1, -1).Day())
				if m.Month != mt.Format("2006-01") || math.Abs(float64(m.Forecast)-want) > tolerance*want {
					t.Errorf("month %s: forecast %d, want %.0f ± %.0f%%", m.Month, m.Forecast, want, tolerance*100)
				}
			}
			if r.M1 == nil || *r.M1 != r.Months[0].Forecast || r.P1 != nil {
				t.Fatalf("columns m1 %v p1 %v", r.M1, r.P1)
			}
			// A line with the last two months only: their mean rate, flat.
			for i, units := range []int64{300, 330} {
				m := first.AddDate(0, i-2, 0)
				must(t, h.DB.Exec("INSERT INTO sales_sku_months (company_id, group_id, seller_id, marketplace_id, sku, currency, month, "+
					"bj_month, asin, product_name, units, orders, amount) VALUES (?, ?, ?, ?, 'US-NEW', 'USD', ?, ?, 'B0NEW', '', ?, ?, 0)",
					s.companyID, s.groupID, s.sellerID, us, m.Format("2006-01"), m.Format("2006-01"), units, units).Error)
			}
			rows = s.forecast(t, map[string]any{"months": 1, "search": "US-NEW"})
			m0, m1, m2 := first, first.AddDate(0, -1, 0), first.AddDate(0, -2, 0)
			mean := (300/float64(m2.AddDate(0, 1, -1).Day()) + 330/float64(m1.AddDate(0, 1, -1).Day())) / 2
			if len(rows) != 1 || rows[0].Method != sales.MethodAverage || rows[0].Months[0].Forecast != int(math.Round(mean*float64(m0.AddDate(0, 1, -1).Day()))) {
				t.Fatalf("two months' line %+v, want %.0f", rows, mean*float64(m0.AddDate(0, 1, -1).Day()))
			}
			env := s.c.Call(http.MethodPost, forecastCall, map[string]any{"months": 7})
			if env.Msg != sales.MsgForecastMonthsBad {
				t.Fatalf("7 months: %+v", env)
			}
			resp, raw := s.c.Raw(http.MethodGet, forecastCall+"/export?months=6&search=SEASON", "", nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("export %d %s", resp.StatusCode, raw)
			}
			book, err := excelize.OpenReader(bytes.NewReader(raw))
			must(t, err)
			sheet, err := book.GetRows(book.GetSheetName(0))
			must(t, err)
			header := strings.Join(sheet[0], ",")
			if len(sheet) != 2 || !strings.Contains(header, "本月预测") || !strings.Contains(strings.Join(sheet[1], ","), fmt.Sprint(r.Months[0].Forecast)) {
				t.Fatalf("export %q", sheet)
			}
		})
	}
}

// The seller's plan of this month sets the line's rate in 亚马逊补货计划 (plan ÷ the month's days, its step saying so)
// until it is cleared; a plan of a month the forecast does not show, a negative plan and a line of another store
// group's are refused with nothing saved.
func TestPlanOverridesReplenishment(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			before := s.lines(t, s.c, map[string]any{})[0]
			before = s.compute(t, before.ID, before.Inputs)
			if before.Rate != "2.6527" {
				t.Fatalf("rate before a plan %s", before.Rate)
			}
			first := time.Date(s.today.Year(), s.today.Month(), 1, 0, 0, 0, 0, time.UTC)
			days := first.AddDate(0, 1, -1).Day()
			id := fmt.Sprintf("%d|%s|US-A1", s.groupID, us)
			month := first.Format("2006-01")
			for _, bad := range []struct {
				body map[string]any
				want string
			}{
				{map[string]any{"id": id, "plans": map[string]string{first.AddDate(0, 6, 0).Format("2006-01"): "10"}}, sales.MsgForecastMonthBad},
				{map[string]any{"id": id, "plans": map[string]string{month: "-3"}}, sales.MsgForecastUnitsBad},
				{map[string]any{"id": id, "plans": map[string]string{month: "十"}}, sales.MsgForecastUnitsBad},
				{map[string]any{"id": "1|" + us + "|US-A1", "plans": map[string]string{month: "10"}}, sales.MsgForecastLineBad},
			} {
				if env := s.c.Call(http.MethodPut, forecastCall+"/plan", bad.body); env.Msg != bad.want {
					t.Fatalf("%v: %+v", bad.body, env)
				}
			}
			var n int64
			must(t, h.DB.Table("sales_plans").Count(&n).Error)
			if n != 0 {
				t.Fatalf("%d plans saved by refused calls", n)
			}
			plan := days * 5
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, forecastCall+"/plan", map[string]any{"id": id,
				"plans": map[string]string{month: fmt.Sprint(plan), first.AddDate(0, 1, 0).Format("2006-01"): "200"}}))
			rows := s.forecast(t, map[string]any{"months": 2, "search": "US-A1"})
			if len(rows) != 1 || rows[0].Months[0].Plan == nil || *rows[0].Months[0].Plan != plan || *rows[0].Months[1].Plan != 200 {
				t.Fatalf("forecast with the plan %+v", rows)
			}
			l := s.lines(t, s.c, map[string]any{})[0]
			l = s.compute(t, l.ID, l.Inputs)
			// By hand: 5 a day; ship need = ceil(5 × 81) = 405; ship = min(405 − 55, local 40) = 40.
			if l.Rate != "5.0000" || l.ShipNeed != 405 || l.BuyNeed != 480 || l.Buy != 480-55-40-60 {
				t.Fatalf("line with a plan: rate %s ship need %d buy need %d buy %d", l.Rate, l.ShipNeed, l.BuyNeed, l.Buy)
			}
			found := false
			for _, st := range l.Steps {
				if st.Key == "rate" {
					found = st.Label == "销售计划日均" && strings.Contains(st.Formula, fmt.Sprintf("本月销售计划 %d件 ÷ %d天", plan, days))
				}
			}
			if !found {
				t.Fatalf("steps %+v", l.Steps)
			}
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, forecastCall+"/plan", map[string]any{"id": id, "plans": map[string]string{month: ""}}))
			if after := s.lines(t, s.c, map[string]any{})[0]; s.compute(t, after.ID, after.Inputs).Rate != before.Rate {
				t.Fatalf("rate after the plan was cleared %s", after.Rate)
			}
		})
	}
}
