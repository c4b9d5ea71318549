package sales_test

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/sales"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
)

// TestHomeAndSummaryRoundOnce: 首页's 近7天 and 周/月汇总's 合计(CNY) of the same seven Beijing days are the same
// figure, the one worked out here from the stand-in's orders: each currency's sales of the month summed, converted
// at the month's rate, the conversions added and rounded once to the fen. The USD rate is one under which rounding
// each day's conversion first (首页's way on main, to four decimals) or each line's (to the fen, as 销售报表's
// lines show them) lands on another fen, so that the rule is what the test sees.
func TestHomeAndSummaryRoundOnce(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		first, last := "2026-02-22", "2026-02-28"
		// 10:00 on 2026-02-28 in Beijing: 近7天 is 02-22 .. 02-28, all of it in February.
		clock := func() time.Time { return time.Date(2026, 2, 28, 2, 0, 0, 0, time.UTC) }
		svc := sales.New(db, clock, beijing, s.fin)
		// The company counts Beijing's days, as the summary below is asked for (公司设置).
		must(t, accountsdb.SaveCompanySetting(db, accountsdb.CompanySetting{CompanyID: s.owner.CompanyID,
			DayZone: accountsdb.DayZoneBeijing, UpdatedAt: clock()}))

		// The orders' sales by Beijing day and currency, cancelled orders left out.
		byDay := map[[2]string]decimal.Decimal{}
		for _, l := range s.orders() {
			day := l.PurchaseDate.In(beijing).Format(time.DateOnly)
			if day < first || day > last || l.OrderStatus == amazondatadb.OrderCancelled {
				continue
			}
			k := [2]string{day, l.Currency}
			byDay[k] = byDay[k].Add(l.ItemPrice)
		}
		book, err := s.fin.Rates(ctx, s.owner.CompanyID)
		must(t, err)
		rateOf := func(currency string, usd decimal.Decimal) decimal.Decimal {
			if currency == "USD" {
				return usd
			}
			r, _, err := book.RateOfMonth(currency, "2026-02")
			must(t, err)
			return r
		}
		// rule, per day at four decimals and per line at the fen, under a USD rate.
		figures := func(usd decimal.Decimal) (rule, perDay, perLine decimal.Decimal) {
			currencies := map[string]bool{}
			for k, v := range byDay {
				x := v.Mul(rateOf(k[1], usd))
				rule = rule.Add(x)
				perDay = perDay.Add(x.Round(4))
				perLine = perLine.Add(x.Round(2))
				currencies[k[1]] = true
			}
			if len(byDay) < 7 || len(currencies) < 2 {
				t.Fatalf("%d days and currencies of sales, in %d currencies: too few to prove anything", len(byDay), len(currencies))
			}
			return rule.Round(2), perDay.Round(2), perLine.Round(2)
		}
		var usd, want decimal.Decimal
		for n := int64(7_100_001); ; n++ {
			if n > 7_120_000 {
				t.Fatal("no USD rate makes rounding first land on another fen")
			}
			usd = decimal.New(n, -6)
			rule, perDay, perLine := figures(usd)
			if !rule.Equal(perDay) && !rule.Equal(perLine) {
				want = rule
				break
			}
		}
		_, err = s.fin.SetRate(ctx, s.owner, finance.RateForm{Currency: "USD", Month: "2026-02", Rate: usd.String()})
		must(t, err)

		d, err := svc.Dashboard(ctx, s.owner)
		must(t, err)
		week := d.Periods[2]
		if week.Label != "近7天" || week.First != first || week.Last != last {
			t.Fatalf("近7天 is %+v", week)
		}
		if !week.Now.SalesCNY.Equal(want) {
			t.Fatalf("首页 近7天 at USD %s: %s CNY, want %s", usd, week.Now.SalesCNY, want)
		}

		lines, _, _, err := svc.Summary(ctx, s.owner, sales.ReportQuery{Period: "month", Zone: "beijing",
			StartDate: first, EndDate: last, PageRequest: core.PageRequest{Size: 100}})
		must(t, err)
		totals := 0
		for _, l := range lines {
			if l.Currency != sales.SummaryTotal {
				continue
			}
			totals++
			if !l.SalesCNY.Equal(want) || l.Orders != week.Now.Orders || l.Units != week.Now.Units {
				t.Fatalf("周/月汇总 合计 %+v, want %s CNY as 首页's %+v", l, want, week.Now)
			}
		}
		if totals != 1 {
			t.Fatalf("%d totals of one month's days", totals)
		}
	})
}
