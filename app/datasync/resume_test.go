package datasync_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/app/datasync"
	"sellerhub/app/jobs"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// until waits for cond, failing the test with what after the deadline.
func until(t *testing.T, h *apptest.Harness, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(syncDeadline)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: %s\n%s", syncDeadline, what, h.Log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// resumeKinds are the kinds the resume test syncs: those whose tables countsOf reads.
var resumeKinds = []string{string(amazondata.Orders), string(amazondata.Inventory), string(amazondata.Settlements),
	string(amazondata.FeeEstimates), string(amazondata.Returns), string(amazondata.Listings), string(amazondata.Parents)}

// A worker stopped while it downloads a report (a deploy, a crash) leaves the job to be picked up again: the new
// worker finds the reports already asked for and their states, asks Amazon for none of them again, and the data
// is complete and not doubled.
func TestSyncResumesAfterTheWorkerStops(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000062", "同步公司")
			seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
			// The kinds countsOf compares with the world; the rest of the first sync would only add minutes.
			onlyKinds(t, h, resumeKinds)
			var tasks []datasyncdb.SyncTask
			h.DB.Where("seller_id = ? AND kind IN ?", seller, resumeKinds).Find(&tasks)
			amz.HoldDocuments()
			if err := h.Jobs.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			// Mid-report: a sync has its report DONE at Amazon and is downloading it. Which kind gets there first is
			// the queue's to choose: the kinds share the company's two workers.
			until(t, h, "a report downloading", func() bool {
				var n int64
				h.DB.Model(&datasyncdb.SyncReport{}).Where("state = ?", "DONE").Count(&n)
				return n > 0 && downloading(amz)
			})
			stop, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			_ = h.Jobs.Stop(stop)
			cancel()
			var asked int64
			h.DB.Model(&datasyncdb.SyncReport{}).Where("report_id <> ''").Count(&asked)

			// Another instance's workers take over.
			q, err := jobs.New(h.DB, jobs.Config{Work: true, PollInterval: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			h.Svc.DataSync.Register(q)
			amz.ReleaseDocuments()
			if err := q.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				_ = q.Stop(ctx)
			})
			waitTasksDone(t, h, tasks, time.Time{})

			var reports []datasyncdb.SyncReport
			h.DB.Where("report_id <> '' AND kind <> ?", "settlements").Find(&reports)
			created := 0
			for _, r := range amz.Requests() {
				if r.Method == http.MethodPost && r.Path == "/reports/2021-06-30/reports" {
					created++
				}
			}
			if created != len(reports) || int64(len(reports)) < asked-int64(settlementsOf(t, h)) {
				t.Fatalf("Amazon was asked for %d reports; the runs have %d (%d before the stop)", created, len(reports), asked)
			}
			var runs []datasyncdb.SyncRun
			h.DB.Find(&runs)
			if len(runs) != len(resumeKinds) {
				t.Fatalf("%d runs: the stopped sync was not resumed but started again", len(runs))
			}
			var s storesdb.Seller
			h.DB.Take(&s, "id = ?", seller)
			if got, want := countsOf(t, h, s.CompanyID, s.ID), truth(t, h, w, s.ID, amazontest.DefaultSeller); got != want {
				t.Errorf("synced\n %+v\nthe world has\n %+v", got, want)
			}
		})
	}
}

// downloading tells that a document download has reached the stand-in (and waits there, held).
func downloading(amz *amazontest.Server) bool {
	for _, r := range amz.Requests() {
		if len(r.Path) > len("/standin-documents/") && r.Path[:len("/standin-documents/")] == "/standin-documents/" {
			return true
		}
	}
	return false
}

func settlementsOf(t *testing.T, h *apptest.Harness) int {
	t.Helper()
	var n int64
	h.DB.Model(&datasyncdb.SyncReport{}).Where("kind = ?", "settlements").Count(&n)
	return int(n)
}

// Amazon refusing the seller's grant (invalid_grant) marks the store 授权失效 with 授权已失效，请重新授权 on its tasks,
// and the jobs are cancelled, not retried.
func TestInvalidGrant(t *testing.T) {
	t.Parallel()
	h, amz, _ := world(t, dbtest.SQLite)
	c := h.SignedIn("13900000063", "同步公司")
	seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
	// The access token the authorisation got expires first, so that the syncs must ask for a new one.
	amz.RefuseGrants(true)
	h.Clock.Advance(2 * time.Hour)
	h.StartWorkers(t)
	// Every job ends (none is left to retry), and every task with it.
	until(t, h, "every sync job ended", func() bool {
		var open int64
		h.DB.Table("river_job").Where("kind = ? AND state IN ?", "datasync",
			[]string{"available", "running", "retryable", "scheduled"}).Count(&open)
		return open == 0
	})
	ended(t, h)
	var s storesdb.Seller
	h.DB.Take(&s, "id = ?", seller)
	if s.Status != storesdb.SellerInvalid {
		t.Fatalf("seller status %q after invalid_grant", s.Status)
	}
	var tasks []datasyncdb.SyncTask
	h.DB.Where("seller_id = ?", seller).Find(&tasks)
	for _, task := range tasks {
		if task.State != datasyncdb.SyncFailed || task.LastError != datasync.MsgSellerInvalid {
			t.Errorf("%s of the refused seller: %s %q", task.Kind, task.State, task.LastError)
		}
	}
	var cancelled int64
	h.DB.Table("river_job").Where("kind = ? AND state = ?", "datasync", "cancelled").Count(&cancelled)
	if cancelled == 0 {
		t.Fatal("no sync job was cancelled by the invalid grant")
	}
}

// ended waits until no sync waits or runs.
func ended(t *testing.T, h *apptest.Harness) {
	t.Helper()
	until(t, h, "every sync ended", func() bool {
		var open int64
		h.DB.Model(&datasyncdb.SyncTask{}).Where("state IN ?", []string{datasyncdb.SyncQueued, datasyncdb.SyncRunning}).Count(&open)
		return open == 0
	})
}

// A report Amazon ends FATAL fails its sync with the message that the next sync tries again; River does not
// retry it, and the other kinds sync.
func TestFatalReport(t *testing.T) {
	t.Parallel()
	h, amz, _ := world(t, dbtest.SQLite)
	c := h.SignedIn("13900000065", "同步公司")
	japan := authorise(t, h, amz, c, amazontest.JapanSeller, "FE", "日本店")
	amz.FailReports(1)
	h.StartWorkers(t)
	ended(t, h)
	var failed []datasyncdb.SyncTask
	h.DB.Where("seller_id = ? AND state = ?", japan, datasyncdb.SyncFailed).Find(&failed)
	if len(failed) != 1 || failed[0].LastError != datasync.MsgReportFatal || !failed[0].NextRunAt.After(h.Clock.Now()) {
		t.Fatalf("failed tasks: %+v", failed)
	}
	var run datasyncdb.SyncRun
	h.DB.Take(&run, "task_id = ?", failed[0].ID)
	if run.Status != datasyncdb.SyncFailed || run.Error != datasync.MsgReportFatal || run.FinishedAt == nil {
		t.Fatalf("the FATAL report's run: %+v", run)
	}
	var done int64
	h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND state = ?", japan, datasyncdb.SyncDone).Count(&done)
	var retrying int64
	h.DB.Table("river_job").Where("kind = ? AND state IN ?", "datasync", []string{"retryable", "available", "scheduled"}).Count(&retrying)
	if done != int64(len(amazondata.Kinds)-1) || retrying != 0 {
		t.Fatalf("%d tasks done, %d jobs left to retry", done, retrying)
	}
}

// The periodic job queues the tasks whose time has come, of active seller accounts only, each once.
func TestQueueDue(t *testing.T) {
	h, amz, _ := world(t, dbtest.SQLite)
	c := h.SignedIn("13900000064", "同步公司")
	seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
	// As if the first syncs had run: done, each kind due at its interval from now.
	now := h.Clock.Now().UTC()
	h.DB.Exec("DELETE FROM river_job")
	for kind, every := range datasync.Every {
		h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND kind = ?", seller, string(kind)).
			Updates(map[string]any{"state": datasyncdb.SyncDone, "next_run_at": now.Add(every)})
	}
	queued := func() int {
		t.Helper()
		n, err := h.Svc.DataSync.QueueDue(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := queued(); n != 0 {
		t.Fatalf("%d queued before anything is due", n)
	}
	h.Clock.Advance(31 * time.Minute)
	if n := queued(); n != 1 {
		t.Fatalf("%d queued 31 minutes on (orders only are due)", n)
	}
	if n := queued(); n != 0 {
		t.Fatalf("%d queued again while the orders sync waits", n)
	}
	var orders datasyncdb.SyncTask
	h.DB.Take(&orders, "seller_id = ? AND kind = ?", seller, "orders")
	if orders.State != datasyncdb.SyncQueued || orders.QueuedBy != datasyncdb.SyncByTimer {
		t.Fatalf("orders task %+v", orders)
	}
	h.Clock.Advance(25 * time.Hour)
	h.DB.Model(&storesdb.Seller{}).Where("id = ?", seller).Update("disabled", true)
	if n := queued(); n != 0 {
		t.Fatalf("%d queued for a disabled store", n)
	}
	h.DB.Model(&storesdb.Seller{}).Where("id = ?", seller).Update("disabled", false)
	if n := queued(); n != len(amazondata.Kinds)-1 {
		t.Fatalf("%d queued a day on (every kind but the orders, which wait)", n)
	}
}
