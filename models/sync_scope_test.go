package models_test

import (
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// The data sync's helpers that change or read a task, a run or a report by id match nothing through another
// company's id: its rows stay as they were and none of them is read.
func TestSyncHelpersKeepToTheCompany(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := db.SaveMarketplaces(); err != nil {
			t.Fatal(err)
		}
		a := newCompany(t, db, "甲", "13800000021")
		b := newCompany(t, db, "乙", "13800000022")
		seller := &models.Seller{CompanyID: a.CompanyID, GroupID: newGroup(t, db, a.CompanyID, "甲店").ID, Region: "NA",
			SellingPartnerID: "A1", RefreshToken: "v1.x"}
		saveSeller(t, db, seller, "ATVPDKIKX0DER")
		now := time.Now().UTC().Truncate(time.Second)
		if err := db.EnsureSyncTasks(a.CompanyID, seller.ID, []string{"orders"}, now); err != nil {
			t.Fatal(err)
		}
		task, err := db.SyncTaskOf(a.CompanyID, seller.ID, "orders")
		if err != nil {
			t.Fatal(err)
		}
		run := &models.SyncRun{CompanyID: a.CompanyID, SellerID: seller.ID, TaskID: task.ID, Kind: "orders",
			Cause: models.SyncByHand, Status: models.SyncRunning, StartedAt: now}
		if err := db.CreateSyncRun(run); err != nil {
			t.Fatal(err)
		}
		report := models.SyncReport{CompanyID: a.CompanyID, SellerID: seller.ID, RunID: run.ID, Seq: 1, Kind: "orders",
			ReportID: "R1", State: models.SyncReportImported, CreatedAt: now, UpdatedAt: now}
		if err := db.CreateSyncReports([]models.SyncReport{report}); err != nil {
			t.Fatal(err)
		}
		var reports []models.SyncReport
		if reports, err = db.SyncReportsOfRun(a.CompanyID, run.ID); err != nil || len(reports) != 1 {
			t.Fatalf("own run's reports %+v %v", reports, err)
		}

		if err := db.UpdateSyncTask(b.CompanyID, task.ID, map[string]any{"state": models.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := db.UpdateSyncRun(b.CompanyID, run.ID, map[string]any{"status": models.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := db.UpdateSyncReport(b.CompanyID, reports[0].ID, map[string]any{"state": "FATAL"}); err != nil {
			t.Fatal(err)
		}
		if got, err := db.SyncReportsOfRun(b.CompanyID, run.ID); err != nil || len(got) != 0 {
			t.Fatalf("another company read the run's reports: %+v %v", got, err)
		}
		if got, err := db.ImportedReports(b.CompanyID, seller.ID, []string{"R1"}); err != nil || got["R1"] {
			t.Fatalf("another company sees the report imported: %v %v", got, err)
		}
		if got, err := db.SyncTaskOf(a.CompanyID, seller.ID, "orders"); err != nil || got.State != models.SyncIdle {
			t.Fatalf("task changed through another company: %+v %v", got, err)
		}
		if got, err := db.SyncRunByID(a.CompanyID, run.ID); err != nil || got.Status != models.SyncRunning {
			t.Fatalf("run changed through another company: %+v %v", got, err)
		}
		if got, err := db.SyncReportsOfRun(a.CompanyID, run.ID); err != nil || got[0].State != models.SyncReportImported {
			t.Fatalf("report changed through another company: %+v %v", got, err)
		}
		if got, err := db.ImportedReports(a.CompanyID, seller.ID, []string{"R1"}); err != nil || !got["R1"] {
			t.Fatalf("own imported report %v %v", got, err)
		}

		// The company's own id changes its rows.
		if err := db.UpdateSyncTask(a.CompanyID, task.ID, map[string]any{"state": models.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := db.UpdateSyncRun(a.CompanyID, run.ID, map[string]any{"status": models.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := db.UpdateSyncReport(a.CompanyID, reports[0].ID, map[string]any{"state": "FATAL"}); err != nil {
			t.Fatal(err)
		}
		if got, err := db.SyncTaskOf(a.CompanyID, seller.ID, "orders"); err != nil || got.State != models.SyncFailed {
			t.Fatalf("own task %+v %v", got, err)
		}
		if got, err := db.SyncRunByID(a.CompanyID, run.ID); err != nil || got.Status != models.SyncFailed {
			t.Fatalf("own run %+v %v", got, err)
		}
		if got, err := db.SyncReportsOfRun(a.CompanyID, run.ID); err != nil || got[0].State != "FATAL" {
			t.Fatalf("own report %+v %v", got, err)
		}
	})
}
