package datasync_test

import (
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// ledgerCounts are what the ledger and reimbursement tables hold for a seller account.
type ledgerCounts struct {
	Events, EventUnits, Unreconciled int64
	Balances, EndingUnits            int64
	Reimbursements, ReimbursedUnits  int64
	ReimbursedAmount                 string
}

func ledgerCountsOf(t *testing.T, h *apptest.Harness, companyID, sellerID int64) ledgerCounts {
	t.Helper()
	var c ledgerCounts
	events, err := amazondatadb.LedgerEventsOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		c.Events++
		c.EventUnits += int64(e.Quantity)
		c.Unreconciled += int64(e.UnreconciledQuantity)
	}
	balances, err := amazondatadb.LedgerBalancesOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range balances {
		c.Balances++
		c.EndingUnits += int64(b.Ending)
	}
	lines, err := amazondatadb.ReimbursementsOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	total := int64(0)
	for _, l := range lines {
		c.Reimbursements++
		c.ReimbursedUnits += int64(l.QuantityTotal)
		total += l.AmountTotal.Units()
	}
	c.ReimbursedAmount = itoa(total)
	return c
}

// ledgerTruth is what the world's files held over the windows the sync read.
func ledgerTruth(t *testing.T, h *apptest.Harness, w *sellerdata.World, sellerID int64, seller string) ledgerCounts {
	t.Helper()
	var c ledgerCounts
	total := int64(0)
	for _, m := range w.Marketplaces(seller) {
		from, to := window(t, h, sellerID, string(amazondata.LedgerEvents))
		for _, e := range w.LedgerEvents(seller, m, from, to) {
			c.Events++
			c.EventUnits += int64(e.Quantity)
			c.Unreconciled += int64(e.UnreconciledQuantity)
		}
		from, to = window(t, h, sellerID, string(amazondata.LedgerBalances))
		for _, b := range w.LedgerBalances(seller, m, from, to) {
			c.Balances++
			c.EndingUnits += int64(b.Ending)
		}
		from, to = window(t, h, sellerID, string(amazondata.Reimbursements))
		for _, r := range w.Reimbursements(seller, m, from, to) {
			c.Reimbursements++
			c.ReimbursedUnits += int64(r.QuantityTotal)
			// Minor units to Money's ten-thousandths: the yen has no decimals.
			scale := int64(100)
			if m == sellerdata.JP {
				scale = 10000
			}
			total += r.AmountTotal * scale
		}
	}
	c.ReimbursedAmount = itoa(total)
	return c
}

// The Japanese store (its files in Windows-31J, the ledger's fields quoted) syncs the inventory ledger and the
// reimbursements from the stand-in: the tables hold exactly the world's events, balances and reimbursements;
// FBA每日库存's check marks the planted day alone, where a receipt is missing from the detail, by the units
// missing; syncing again writes nothing.
func TestSyncLedgerFromTheStandIn(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000071", "分类账公司")
			sellerID := authorise(t, h, amz, c, amazontest.JapanSeller, "FE", "日本店")
			start := h.Clock.Now().UTC().Add(-time.Second)
			h.StartWorkers(t)
			waitSynced(t, h, len(amazondata.Kinds), start)
			var seller storesdb.Seller
			h.DB.Take(&seller, "id = ?", sellerID)
			got, want := ledgerCountsOf(t, h, seller.CompanyID, sellerID), ledgerTruth(t, h, w, sellerID, amazontest.JapanSeller)
			if got != want {
				t.Fatalf("synced\n %+v\nthe world has\n %+v", got, want)
			}
			if got.Events < 1000 || got.Balances < 1000 || got.Reimbursements < 2 || got.Unreconciled == 0 {
				t.Fatalf("too little synced to prove anything: %+v", got)
			}
			// Japanese titles came through Windows-31J.
			var title string
			h.DB.Model(&amazondatadb.LedgerEvent{}).Where("seller_id = ?", sellerID).Limit(1).Pluck("title", &title)
			if !hasJapanese(title) {
				t.Fatalf("title %q is not the Japanese product name", title)
			}

			planted := w.Planted(amazontest.JapanSeller)
			var page struct {
				Records []struct {
					Day, FNSKU, Location, Disposition, Check string
					Difference, Starting, Ending, Events     int
				}
				Total int
			}
			env := c.Call(http.MethodPost, "/erp/api/v1/fbaDaily/page", map[string]any{"currentpage": 1, "pagesize": 50, "check": "bad"})
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total != 1 || len(page.Records) != 1 {
				t.Fatalf("days that do not add up: %+v", page)
			}
			if r := page.Records[0]; r.Day != planted.MissingDay || r.FNSKU != planted.MissingFNSKU || r.Location != planted.MissingFC ||
				r.Difference != 3 || r.Check != "不符" || r.Ending-r.Starting-r.Events != 3 {
				t.Fatalf("marked %+v, planted %+v", r, planted)
			}
			// The SKU's other days add up.
			env = c.Call(http.MethodPost, "/erp/api/v1/fbaDaily/page", map[string]any{"currentpage": 1, "pagesize": 100,
				"keyword": planted.MissingFNSKU, "location": planted.MissingFC})
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total < 30 {
				t.Fatalf("%d days of %s at %s", page.Total, planted.MissingFNSKU, planted.MissingFC)
			}
			for _, r := range page.Records {
				if (r.Day == planted.MissingDay && r.Disposition == "SELLABLE") != (r.Check == "不符") {
					t.Fatalf("day %+v", r)
				}
			}
			for _, bad := range []map[string]any{{"from": "2026-13-01"}, {"from": "2026-11-02", "to": "2026-11-01"}} {
				bad["currentpage"], bad["pagesize"] = 1, 20
				env = c.Call(http.MethodPost, "/erp/api/v1/fbaDaily/page", bad)
				if env.Code == "00000" || (env.Msg != "日期格式应为 yyyy-MM-dd" && env.Msg != "开始日期不能晚于结束日期") {
					t.Fatalf("%v answered %+v", bad, env)
				}
			}

			checkClaims(t, h, c, w, sellerID, amazontest.JapanSeller)

			// Again, the three kinds by hand: nothing is written.
			waitNoSyncJobs(t, h)
			again := h.Clock.Now().UTC()
			var tasks []datasyncdb.SyncTask
			h.DB.Where("kind IN ?", []string{"ledger", "ledgerbalance", "reimbursements"}).Find(&tasks)
			for _, task := range tasks {
				apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+itoa(task.ID)+"/sync", nil))
			}
			waitTasksDone(t, h, tasks, again)
			after := ledgerCountsOf(t, h, seller.CompanyID, sellerID)
			after.Reimbursements, after.ReimbursedUnits, after.ReimbursedAmount = got.Reimbursements, got.ReimbursedUnits, got.ReimbursedAmount // the upload's two
			if after != got {
				t.Fatalf("after syncing again\n %+v\nbefore\n %+v", after, got)
			}
			var runs []datasyncdb.SyncRun
			h.DB.Where("started_at >= ?", again).Find(&runs)
			if len(runs) != 3 {
				t.Fatalf("%d runs of the second sync", len(runs))
			}
			for _, r := range runs {
				if r.Status != datasyncdb.SyncDone || r.Written != 0 {
					t.Errorf("second run of %s: %+v", r.Kind, r)
				}
			}
		})
	}
}

// waitTasksDone waits until each of the tasks succeeded since since.
func waitTasksDone(t *testing.T, h *apptest.Harness, tasks []datasyncdb.SyncTask, since time.Time) {
	t.Helper()
	deadline := time.Now().Add(syncDeadline)
	for {
		done := 0
		for _, task := range tasks {
			var now datasyncdb.SyncTask
			h.DB.Take(&now, "id = ?", task.ID)
			if now.State == datasyncdb.SyncFailed {
				t.Fatalf("%s failed: %s", now.Kind, now.LastError)
			}
			if now.State == datasyncdb.SyncDone && now.LastSuccessAt != nil && !now.LastSuccessAt.Before(since) {
				done++
			}
		}
		if done == len(tasks) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s %d of %d tasks synced again", syncDeadline, done, len(tasks))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func hasJapanese(s string) bool {
	for _, r := range s {
		if r >= 0x3040 && r <= 0x9fff {
			return true
		}
	}
	return false
}
