package sales_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/sales"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// TestLoadReportSales prints, for the bench, the latency of 销售报表 by SKU by month for a year at 20 concurrent
// callers (issue 15's goal: p99 < 200 ms) over 2,000,000 order items on PostgreSQL and 500,000 on SQLite, two
// years of one company's orders of 500 SKUs in the US and Canada, seeded straight in SQL.
func TestLoadReportSales(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 to print the sales report's load report")
	}
	for _, c := range []struct {
		kind string
		rows int
	}{{dbtest.Postgres, 2000000}, {dbtest.SQLite, 500000}} {
		t.Run(c.kind, func(t *testing.T) {
			db := dbtest.Open(t, c.kind)
			ctx := context.Background()
			owner := &models.User{Account: "13800000081", PasswordHash: "x"}
			must(t, db.CreateCompanyWithOwner(&models.Company{Name: "压测"}, owner))
			sl, err := fixtures.Seller(ctx, db, owner.CompanyID, "压测店", "NA", "A1BENCH", "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
			must(t, err)
			end := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			start := end.AddDate(-2, 0, 0)
			step := int(end.Sub(start).Seconds()) / c.rows
			seeded := time.Now()
			must(t, db.Exec(seedSQL(c.kind, c.rows), owner.CompanyID, sl.GroupID, sl.ID, start.Unix(), step).Error)
			if c.kind == dbtest.Postgres {
				must(t, db.Exec("VACUUM ANALYZE amazon_order_items").Error)
			} else {
				must(t, db.Exec("ANALYZE").Error)
			}
			took := time.Since(seeded)
			// The seed bypasses the import, so the daily summary is summed here, as after the summary's migration.
			summed := time.Now()
			must(t, db.EnsureSalesDays(owner.CompanyID))
			if c.kind == dbtest.Postgres {
				must(t, db.Exec("ANALYZE sales_sku_days").Error)
			}
			sumTook := time.Since(summed)
			clock := func() time.Time { return end }
			svc := sales.New(db, clock, beijing, finance.New(db, clock, beijing))
			p := core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID}
			q := sales.ReportQuery{By: "sku", Period: "month", Zone: "marketplace", StartDate: "2025-01-01",
				EndDate: "2025-12-31", PageRequest: core.PageRequest{Current: 1, Size: 20}}
			alone := time.Now()
			_, total, _, err := svc.Report(ctx, p, q)
			must(t, err)
			first := time.Since(alone)
			const users, calls = 20, 2
			var mu sync.Mutex
			var lat []time.Duration
			var wg sync.WaitGroup
			for range users {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range calls {
						t0 := time.Now()
						_, _, _, err := svc.Report(ctx, p, q)
						d := time.Since(t0)
						if err != nil {
							t.Error(err)
							return
						}
						mu.Lock()
						lat = append(lat, d)
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			slices.Sort(lat)
			fmt.Printf("== 销售报表 by SKU by month for 2025 on %s: %d order items (seeded in %s, summed by day in %s), %d lines; one call alone %s; %d calls at %d users: p50 %s p99 %s\n",
				c.kind, c.rows, took.Round(time.Second), sumTook.Round(time.Millisecond), total, first.Round(time.Millisecond), len(lat), users,
				lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*99/100].Round(time.Millisecond))
		})
	}
}

// seedSQL inserts n order items, one every step seconds from the Unix time start: an order of one SKU each, a
// fiftieth of them cancelled, a fifth in Canada.
func seedSQL(kind string, n int) string {
	series, date := fmt.Sprintf("generate_series(1, %d) g", n), "to_timestamp(? + g * ?)"
	with := ""
	if kind == dbtest.SQLite {
		with = fmt.Sprintf("WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < %d) ", n)
		series, date = "s", "strftime('%Y-%m-%d %H:%M:%S+00:00', ? + g * ?, 'unixepoch')"
	}
	return with + `INSERT INTO amazon_order_items (id, company_id, group_id, seller_id, marketplace_id, amazon_order_id,
		sku, asin, product_name, purchase_date, order_status, fulfillment_channel, item_status, quantity, currency,
		item_price, promotion_ids, created_at, updated_at)
		SELECT 6000000000000000000 + g, ?, ?, ?, CASE WHEN g % 5 = 0 THEN 'A2EUQ1WTGCTBG2' ELSE 'ATVPDKIKX0DER' END,
			'B-' || g, 'SKU-' || (g % 500), 'B0' || (g % 500), '压测产品', ` + date + `,
			CASE WHEN g % 50 = 0 THEN 'Cancelled' ELSE 'Shipped' END, 'Amazon', 'Shipped', 1 + g % 3,
			CASE WHEN g % 5 = 0 THEN 'CAD' ELSE 'USD' END, (1000 + g % 5000) * 100, '', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
		FROM ` + series
}
