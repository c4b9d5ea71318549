package models_test

import (
	"bytes"
	"io"
	"testing"
	"time"

	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// The data sync's helpers that change or read a task, a run or a report by id match nothing through another
// company's id: its rows stay as they were and none of them is read.
func TestSyncHelpersKeepToTheCompany(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000021")
		b := dbtest.NewCompany(t, db, "乙", "13800000022")
		seller := &storesdb.Seller{CompanyID: a.CompanyID, GroupID: dbtest.NewStoreGroup(t, db, a.CompanyID, "甲店").ID, Region: "NA",
			SellingPartnerID: "A1", RefreshToken: "v1.x"}
		dbtest.SaveSeller(t, db, seller, "ATVPDKIKX0DER")
		now := time.Now().UTC().Truncate(time.Second)
		if err := datasyncdb.EnsureSyncTasks(db, a.CompanyID, seller.ID, []string{"orders"}, now); err != nil {
			t.Fatal(err)
		}
		task, err := datasyncdb.SyncTaskOf(db, a.CompanyID, seller.ID, "orders")
		if err != nil {
			t.Fatal(err)
		}
		run := &datasyncdb.SyncRun{CompanyID: a.CompanyID, SellerID: seller.ID, TaskID: task.ID, Kind: "orders",
			Cause: datasyncdb.SyncByHand, Status: datasyncdb.SyncRunning, StartedAt: now}
		if err := datasyncdb.CreateSyncRun(db, run); err != nil {
			t.Fatal(err)
		}
		report := datasyncdb.SyncReport{CompanyID: a.CompanyID, SellerID: seller.ID, RunID: run.ID, Seq: 1, Kind: "orders",
			ReportID: "R1", State: datasyncdb.SyncReportImported, CreatedAt: now, UpdatedAt: now}
		if err := datasyncdb.CreateSyncReports(db, []datasyncdb.SyncReport{report}); err != nil {
			t.Fatal(err)
		}
		var reports []datasyncdb.SyncReport
		if reports, err = datasyncdb.SyncReportsOfRun(db, a.CompanyID, run.ID); err != nil || len(reports) != 1 {
			t.Fatalf("own run's reports %+v %v", reports, err)
		}

		if err := datasyncdb.UpdateSyncTask(db, b.CompanyID, task.ID, map[string]any{"state": datasyncdb.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := datasyncdb.UpdateSyncRun(db, b.CompanyID, run.ID, map[string]any{"status": datasyncdb.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := datasyncdb.UpdateSyncReport(db, b.CompanyID, reports[0].ID, map[string]any{"state": "FATAL"}); err != nil {
			t.Fatal(err)
		}
		if got, err := datasyncdb.SyncReportsOfRun(db, b.CompanyID, run.ID); err != nil || len(got) != 0 {
			t.Fatalf("another company read the run's reports: %+v %v", got, err)
		}
		if got, err := datasyncdb.ImportedReports(db, b.CompanyID, seller.ID, []string{"R1"}); err != nil || got["R1"] {
			t.Fatalf("another company sees the report imported: %v %v", got, err)
		}
		if got, err := datasyncdb.SyncTaskOf(db, a.CompanyID, seller.ID, "orders"); err != nil || got.State != datasyncdb.SyncIdle {
			t.Fatalf("task changed through another company: %+v %v", got, err)
		}
		if got, err := datasyncdb.SyncRunByID(db, a.CompanyID, run.ID); err != nil || got.Status != datasyncdb.SyncRunning {
			t.Fatalf("run changed through another company: %+v %v", got, err)
		}
		if got, err := datasyncdb.SyncReportsOfRun(db, a.CompanyID, run.ID); err != nil || got[0].State != datasyncdb.SyncReportImported {
			t.Fatalf("report changed through another company: %+v %v", got, err)
		}
		if got, err := datasyncdb.ImportedReports(db, a.CompanyID, seller.ID, []string{"R1"}); err != nil || !got["R1"] {
			t.Fatalf("own imported report %v %v", got, err)
		}

		// The company's own id changes its rows.
		if err := datasyncdb.UpdateSyncTask(db, a.CompanyID, task.ID, map[string]any{"state": datasyncdb.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := datasyncdb.UpdateSyncRun(db, a.CompanyID, run.ID, map[string]any{"status": datasyncdb.SyncFailed}); err != nil {
			t.Fatal(err)
		}
		if err := datasyncdb.UpdateSyncReport(db, a.CompanyID, reports[0].ID, map[string]any{"state": "FATAL"}); err != nil {
			t.Fatal(err)
		}
		if got, err := datasyncdb.SyncTaskOf(db, a.CompanyID, seller.ID, "orders"); err != nil || got.State != datasyncdb.SyncFailed {
			t.Fatalf("own task %+v %v", got, err)
		}
		if got, err := datasyncdb.SyncRunByID(db, a.CompanyID, run.ID); err != nil || got.Status != datasyncdb.SyncFailed {
			t.Fatalf("own run %+v %v", got, err)
		}
		if got, err := datasyncdb.SyncReportsOfRun(db, a.CompanyID, run.ID); err != nil || got[0].State != "FATAL" {
			t.Fatalf("own report %+v %v", got, err)
		}
	})
}

// An uploaded file is stored in parts and read back whole, byte for byte, across the parts' edges; another
// company's id reads nothing of it and deletes nothing of it; deleting it by its own company's id leaves none.
func TestUploadPartsRoundTrip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000023")
		b := dbtest.NewCompany(t, db, "乙", "13800000024")
		seller := &storesdb.Seller{CompanyID: a.CompanyID, GroupID: dbtest.NewStoreGroup(t, db, a.CompanyID, "甲店").ID, Region: "NA",
			SellingPartnerID: "A1", RefreshToken: "v1.x"}
		dbtest.SaveSeller(t, db, seller, "ATVPDKIKX0DER")
		now := time.Now().UTC().Truncate(time.Second)
		if err := datasyncdb.EnsureSyncTasks(db, a.CompanyID, seller.ID, []string{"listings"}, now); err != nil {
			t.Fatal(err)
		}
		task, err := datasyncdb.SyncTaskOf(db, a.CompanyID, seller.ID, "listings")
		if err != nil {
			t.Fatal(err)
		}
		run := &datasyncdb.SyncRun{CompanyID: a.CompanyID, SellerID: seller.ID, TaskID: task.ID, Kind: "listings",
			Cause: datasyncdb.SyncByUpload, Status: datasyncdb.SyncQueued, StartedAt: now}
		if err := datasyncdb.CreateSyncRun(db, run); err != nil {
			t.Fatal(err)
		}
		file := bytes.Repeat([]byte("出品者SKU\t価格\n"), 150_000) // about 2.7 MB: three parts
		err = db.Tx(t.Context(), func(tx *models.DB) error {
			n, err := datasyncdb.SaveUploadParts(tx, a.CompanyID, run.ID, bytes.NewReader(file))
			if err == nil && n != int64(len(file)) {
				t.Errorf("stored %d bytes of %d", n, len(file))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		var parts int64
		db.Model(&datasyncdb.SyncUploadPart{}).Where("run_id = ?", run.ID).Count(&parts)
		if parts != 3 {
			t.Fatalf("%d parts", parts)
		}
		got, err := io.ReadAll(datasyncdb.UploadReader(db, a.CompanyID, run.ID))
		if err != nil || !bytes.Equal(got, file) {
			t.Fatalf("read back %d bytes of %d (%v)", len(got), len(file), err)
		}
		if got, err := io.ReadAll(datasyncdb.UploadReader(db, b.CompanyID, run.ID)); err != nil || len(got) != 0 {
			t.Fatalf("another company read %d bytes (%v)", len(got), err)
		}
		if err := datasyncdb.DeleteUploadParts(db, b.CompanyID, run.ID); err != nil {
			t.Fatal(err)
		}
		db.Model(&datasyncdb.SyncUploadPart{}).Where("run_id = ?", run.ID).Count(&parts)
		if parts != 3 {
			t.Fatalf("another company's delete left %d parts", parts)
		}
		if err := datasyncdb.DeleteUploadParts(db, a.CompanyID, run.ID); err != nil {
			t.Fatal(err)
		}
		db.Model(&datasyncdb.SyncUploadPart{}).Where("run_id = ?", run.ID).Count(&parts)
		if parts != 0 {
			t.Fatalf("%d parts left after the delete", parts)
		}
	})
}
