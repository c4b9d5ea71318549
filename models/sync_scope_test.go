package models_test

import (
	"bytes"
	"io"
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

// An uploaded file is stored in parts and read back whole, byte for byte, across the parts' edges; another
// company's id reads nothing of it and deletes nothing of it; deleting it by its own company's id leaves none.
func TestUploadPartsRoundTrip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := db.SaveMarketplaces(); err != nil {
			t.Fatal(err)
		}
		a := newCompany(t, db, "甲", "13800000023")
		b := newCompany(t, db, "乙", "13800000024")
		seller := &models.Seller{CompanyID: a.CompanyID, GroupID: newGroup(t, db, a.CompanyID, "甲店").ID, Region: "NA",
			SellingPartnerID: "A1", RefreshToken: "v1.x"}
		saveSeller(t, db, seller, "ATVPDKIKX0DER")
		now := time.Now().UTC().Truncate(time.Second)
		if err := db.EnsureSyncTasks(a.CompanyID, seller.ID, []string{"listings"}, now); err != nil {
			t.Fatal(err)
		}
		task, err := db.SyncTaskOf(a.CompanyID, seller.ID, "listings")
		if err != nil {
			t.Fatal(err)
		}
		run := &models.SyncRun{CompanyID: a.CompanyID, SellerID: seller.ID, TaskID: task.ID, Kind: "listings",
			Cause: models.SyncByUpload, Status: models.SyncQueued, StartedAt: now}
		if err := db.CreateSyncRun(run); err != nil {
			t.Fatal(err)
		}
		file := bytes.Repeat([]byte("出品者SKU\t価格\n"), 150_000) // about 2.7 MB: three parts
		err = db.Tx(t.Context(), func(tx *models.DB) error {
			n, err := tx.SaveUploadParts(a.CompanyID, run.ID, bytes.NewReader(file))
			if err == nil && n != int64(len(file)) {
				t.Errorf("stored %d bytes of %d", n, len(file))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		var parts int64
		db.Model(&models.SyncUploadPart{}).Where("run_id = ?", run.ID).Count(&parts)
		if parts != 3 {
			t.Fatalf("%d parts", parts)
		}
		got, err := io.ReadAll(db.UploadReader(a.CompanyID, run.ID))
		if err != nil || !bytes.Equal(got, file) {
			t.Fatalf("read back %d bytes of %d (%v)", len(got), len(file), err)
		}
		if got, err := io.ReadAll(db.UploadReader(b.CompanyID, run.ID)); err != nil || len(got) != 0 {
			t.Fatalf("another company read %d bytes (%v)", len(got), err)
		}
		if err := db.DeleteUploadParts(b.CompanyID, run.ID); err != nil {
			t.Fatal(err)
		}
		db.Model(&models.SyncUploadPart{}).Where("run_id = ?", run.ID).Count(&parts)
		if parts != 3 {
			t.Fatalf("another company's delete left %d parts", parts)
		}
		if err := db.DeleteUploadParts(a.CompanyID, run.ID); err != nil {
			t.Fatal(err)
		}
		db.Model(&models.SyncUploadPart{}).Where("run_id = ?", run.ID).Count(&parts)
		if parts != 0 {
			t.Fatalf("%d parts left after the delete", parts)
		}
	})
}
