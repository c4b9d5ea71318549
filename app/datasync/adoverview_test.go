package datasync_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"

	"sellerhub/app/apptest"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

type overviewFigures struct {
	Spend, Sales decimal.Decimal
	Orders       int64
	Impressions  int64
	Clicks       int64
	ACOS, CPC    string
}

type overviewAnswer struct {
	StartDate, EndDate, PreviousStart, PreviousEnd string
	Total, Previous                                overviewFigures
	Days                                           []struct {
		Day   string
		Spend decimal.Decimal
	}
}

// syncedOverview sums the synced campaign days of the days as 广告概览 should: each profile's day at its
// month's rate, to the cent.
func (w *adWorld) syncedOverview(t *testing.T, start, end string, profile int64) (spend, sales decimal.Decimal, orders, clicks int64) {
	t.Helper()
	q := w.h.DB.Table("adv_campaign_days").Where("company_id = ? AND day BETWEEN ? AND ?", w.company, start, end)
	if profile != 0 {
		q = q.Where("profile_id = ?", profile)
	}
	return w.syncedCNY(t, q)
}

// syncedCNY sums the synced days the query reads (of adv_campaign_days or adv_product_days) as 广告概览 does: each
// profile's day at its month's rate, to the cent.
func (w *adWorld) syncedCNY(t *testing.T, q *gorm.DB) (spend, sales decimal.Decimal, orders, clicks int64) {
	t.Helper()
	book, err := w.h.Svc.Finance.Rates(context.Background(), w.company)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ProfileID                   int64
		Day, Currency               string
		Cost, Sales, Orders, Clicks int64
	}
	if err := q.Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	type key struct {
		profile int64
		day     string
	}
	cost, sale := map[key]decimal.Decimal{}, map[key]decimal.Decimal{}
	cur := map[key]string{}
	for _, r := range rows {
		k := key{r.ProfileID, r.Day}
		cost[k] = cost[k].Add(models.MoneyFromUnits(r.Cost).Decimal)
		sale[k] = sale[k].Add(models.MoneyFromUnits(r.Sales).Decimal)
		cur[k] = r.Currency
		orders += r.Orders
		clicks += r.Clicks
	}
	for k := range cost {
		on, _ := time.ParseInLocation(time.DateOnly, k.day, w.h.Config.TimeZone)
		c, err := book.ToCNY(models.Money{Decimal: cost[k]}, cur[k], on)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := book.ToCNY(models.Money{Decimal: sale[k]}, cur[k], on)
		spend, sales = spend.Add(c.Decimal), sales.Add(s.Decimal)
	}
	return spend.Round(2), sales.Round(2), orders, clicks
}

func (w *adWorld) overview(t *testing.T, c *apptest.Client, body map[string]any) overviewAnswer {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/overview", body)
	apptest.ExpectOK(t, env)
	var o overviewAnswer
	env.Into(t, &o)
	return o
}

// 广告概览 totals a period's synced campaign days in CNY to the cent, and the previous period of as many days
// just before it; a 站点 narrows it; a user without the screen is refused; another company sees nothing.
func TestAdOverviewTotalsTheSyncedDaysInCNY(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			a := w.amz.AdAccount(1100000000000001)
			today := a.Today(time.Now())
			start, end := today.AddDate(0, 0, -13).Format(time.DateOnly), today.AddDate(0, 0, -7).Format(time.DateOnly)
			prevStart, prevEnd := today.AddDate(0, 0, -20).Format(time.DateOnly), today.AddDate(0, 0, -14).Format(time.DateOnly)
			o := w.overview(t, w.owner, map[string]any{"startDate": start, "endDate": end})
			spend, sales, orders, clicks := w.syncedOverview(t, start, end, 0)
			if !spend.IsPositive() || !o.Total.Spend.Equal(spend) || !o.Total.Sales.Equal(sales) || o.Total.Orders != orders || o.Total.Clicks != clicks {
				t.Fatalf("totals %+v, the synced days spend %s sales %s orders %d clicks %d", o.Total, spend, sales, orders, clicks)
			}
			if o.PreviousStart != prevStart || o.PreviousEnd != prevEnd || len(o.Days) != 7 || o.Days[0].Day != start {
				t.Fatalf("period %s..%s, previous %s..%s, %d days", o.StartDate, o.EndDate, o.PreviousStart, o.PreviousEnd, len(o.Days))
			}
			pSpend, pSales, pOrders, _ := w.syncedOverview(t, prevStart, prevEnd, 0)
			if !o.Previous.Spend.Equal(pSpend) || !o.Previous.Sales.Equal(pSales) || o.Previous.Orders != pOrders {
				t.Fatalf("previous %+v, the synced days spend %s sales %s orders %d", o.Previous, pSpend, pSales, pOrders)
			}
			want := o.Total.Spend.DivRound(o.Total.Sales, 4).Mul(decimal.NewFromInt(100)).StringFixed(2) + "%"
			if o.Total.ACOS != want {
				t.Fatalf("ACOS %s, want %s", o.Total.ACOS, want)
			}
			// One 站点 (the US profile) only.
			var us int64
			if err := w.h.DB.Table("adv_profiles").Where("company_id = ? AND country_code = ?", w.company, "US").Pluck("id", &us).Error; err != nil {
				t.Fatal(err)
			}
			one := w.overview(t, w.owner, map[string]any{"startDate": start, "endDate": end, "profileId": fmt.Sprint(us)})
			usSpend, _, _, _ := w.syncedOverview(t, start, end, us)
			if !one.Total.Spend.Equal(usSpend) || !usSpend.LessThan(spend) {
				t.Fatalf("US spend %s, the synced %s of all %s", one.Total.Spend, usSpend, spend)
			}
			// The days list and its export.
			env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/overview/days", map[string]any{"startDate": start, "endDate": end, "pagesize": 5})
			apptest.ExpectOK(t, env)
			var page struct {
				Records []struct{ Day string } `json:"records"`
				Total   int                    `json:"total"`
			}
			env.Into(t, &page)
			if page.Total != 7 || len(page.Records) != 5 || page.Records[0].Day != end {
				t.Fatalf("days page %+v", page)
			}
			res, body := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/overview/export?startDate="+start+"&endDate="+end, "", nil)
			if res.StatusCode != http.StatusOK || len(body) < 1000 {
				t.Fatalf("export: %d, %d bytes", res.StatusCode, len(body))
			}
			apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/overview", map[string]any{"startDate": end, "endDate": start}),
				http.StatusBadRequest, "A0400", "开始日期不能晚于结束日期")
			// Another company sees nothing of it.
			other := w.h.SignedIn("13900000002", "乙公司")
			if o := w.overview(t, other, map[string]any{"startDate": start, "endDate": end}); !o.Total.Spend.IsZero() || o.Total.Clicks != 0 || len(o.Days) != 7 {
				t.Fatalf("another company sees %+v", o.Total)
			}
			// A sub-user without the screen is refused.
			sub := w.h.Member("13900000001", "13900000003", false)
			if env := sub.Call(http.MethodPost, "/amazonadv/api/v1/sp/overview", map[string]any{}); env.Status != http.StatusUnauthorized || env.Code != "A0301" {
				t.Fatalf("a user without 广告概览: %+v", env)
			}
		})
	}
}
