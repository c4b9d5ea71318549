package datasync_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
)

// The Japanese store syncs only 销售与流量 from the stand-in, a report per day: the table holds exactly the
// world's lines; 流量报告's week of the best seller sums exactly the world's days (sessions, page views, units,
// yen); Listing分析 ranks the best seller's halved conversion first and the second best's lost Buy Box first by
// Buy Box; a day's figure opens to its stored row; syncing again (the cursor forgotten) writes nothing.
func TestSyncTrafficFromTheStandIn(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000148", "流量报告公司")
			sellerID := authorise(t, h, amz, c, amazontest.JapanSeller, "FE", "日本店")
			kinds := []string{string(amazondata.SalesTraffic)}
			onlyKinds(t, h, kinds)
			start := h.Clock.Now().UTC().Add(-time.Second)
			var tasks []datasyncdb.SyncTask
			h.DB.Where("seller_id = ? AND kind IN ?", sellerID, kinds).Find(&tasks)
			if len(tasks) != 1 {
				t.Fatalf("%d traffic tasks", len(tasks))
			}
			began := time.Now()
			h.StartWorkers(t)
			waitTasksDone(t, h, tasks, start)
			t.Logf("first sync of %s: %v", kind, time.Since(began))

			// A report per whole day, each a day's rows of the world.
			m := w.Marketplaces(amazontest.JapanSeller)[0]
			from, to := window(t, h, sellerID, string(amazondata.SalesTraffic))
			var reports int64
			h.DB.Model(&datasyncdb.SyncReport{}).Where("seller_id = ? AND kind = ?", sellerID, kinds[0]).Count(&reports)
			if reports != 14 || from.Hour() != 0 || to.Sub(from) != 14*24*time.Hour-time.Second {
				t.Fatalf("%d reports from %v to %v", reports, from, to)
			}
			want := 0
			for d := from; d.Before(to); d = d.AddDate(0, 0, 1) {
				want += len(w.Traffic(amazontest.JapanSeller, m, d))
			}
			var stored int64
			h.DB.Model(&amazondatadb.TrafficDay{}).Where("seller_id = ?", sellerID).Count(&stored)
			if stored != int64(want) || want == 0 {
				t.Fatalf("%d rows stored, the world has %d", stored, want)
			}

			// The best seller's last week, summed from the world's days.
			lastDay := to.UTC().Truncate(24 * time.Hour)
			firstDay := lastDay.AddDate(0, 0, -6)
			best := w.Traffic(amazontest.JapanSeller, m, lastDay)[0].ChildASIN
			var sessions, views, units, yen int64
			for d := firstDay; !d.After(lastDay); d = d.AddDate(0, 0, 1) {
				for _, l := range w.Traffic(amazontest.JapanSeller, m, d) {
					if l.ChildASIN == best {
						sessions, views, units, yen = sessions+l.Sessions, views+l.PageViews, units+l.Units, yen+l.Sales
					}
				}
			}
			week := map[string]any{"by": "asin", "period": "range", "startDate": firstDay.Format(time.DateOnly),
				"endDate": lastDay.Format(time.DateOnly), "asin": best}
			var page struct {
				Total   int
				Records []struct {
					ASIN, Currency, Conversion, BuyBox, FirstDay, LastDay string
					Sales, ConversionDrop, BuyBoxDrop                     json.Number
					Sessions, PageViews, Units, PreviousSessions          int64
				}
			}
			env := c.Call(http.MethodPost, "/amazon/api/v1/traffic/report/lines", week)
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total != 1 {
				t.Fatalf("week of %s: %+v", best, page)
			}
			got := page.Records[0]
			conv := decimal.NewFromInt(units*100).Div(decimal.NewFromInt(sessions)).StringFixed(2) + "%"
			if got.Sessions != sessions || got.PageViews != views || got.Units != units || got.Sales.String() != fmt.Sprintf("%d.00", yen) ||
				got.Currency != "JPY" || got.Conversion != conv || got.PreviousSessions == 0 {
				t.Fatalf("week of %s: %+v, the world sums %d sessions, %d views, %d units, ¥%d (%s)", best, got, sessions, views,
					units, yen, conv)
			}

			// Listing分析: this week against the one before, the halved conversion first (by the units it cost, not
			// by points: a small listing's points move by chance), the lost Buy Box first by Buy Box.
			drops := map[string]any{"drops": true, "startDate": firstDay.Format(time.DateOnly), "endDate": lastDay.Format(time.DateOnly)}
			env = c.Call(http.MethodPost, "/amazon/api/v1/traffic/listing/lines", drops)
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total == 0 || page.Records[0].ASIN != best {
				t.Fatalf("drops by conversion: %+v, want %s first", page, best)
			}
			second := w.Traffic(amazontest.JapanSeller, m, lastDay)[1].ChildASIN
			drops["sort"], drops["order"] = "buyBoxDrop", "desc"
			env = c.Call(http.MethodPost, "/amazon/api/v1/traffic/listing/lines", drops)
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total == 0 || page.Records[0].ASIN != second {
				t.Fatalf("drops by Buy Box: %+v, want %s first", page, second)
			}

			// A day's figure opens to its stored row.
			var rows []struct {
				ChildASIN string
				Sessions  int64
			}
			env = c.Call(http.MethodPost, "/amazon/api/v1/traffic/listing/rows", map[string]any{"day": lastDay.Format(time.DateOnly), "asin": best})
			apptest.ExpectOK(t, env)
			env.Into(t, &rows)
			if len(rows) != 1 || rows[0].ChildASIN != best || rows[0].Sessions != w.Traffic(amazontest.JapanSeller, m, lastDay)[0].Sessions {
				t.Fatalf("rows of %s on %s: %+v", best, lastDay, rows)
			}
			apptest.Expect(t, c.Call(http.MethodPost, "/amazon/api/v1/traffic/listing/rows", map[string]any{"day": "12/01"}),
				http.StatusBadRequest, "A0400", "日期格式不正确，应为yyyy-MM-dd")

			// Again from the first day (the cursor forgotten): every row read again, nothing written.
			waitNoSyncJobs(t, h)
			again := h.Clock.Now().UTC()
			if err := h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND kind IN ?", sellerID, kinds).
				Update("sync_cursor", nil).Error; err != nil {
				t.Fatal(err)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+itoa(tasks[0].ID)+"/sync", nil))
			waitTasksDone(t, h, tasks, again)
			var runs []datasyncdb.SyncRun
			h.DB.Where("started_at >= ?", again).Find(&runs)
			if len(runs) != 1 || runs[0].Status != datasyncdb.SyncDone || runs[0].Written != 0 || runs[0].Lines != int64(want) {
				t.Fatalf("second sync: %+v (the first read %d lines)", runs, want)
			}
		})
	}
}
