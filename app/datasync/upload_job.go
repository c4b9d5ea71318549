package datasync

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// UploadArgs is the job importing a file uploaded by hand (上传报告): its run, whose stored parts are the file, and
// for a kind of one marketplace the marketplace. The ids go as JSON strings, as SyncArgs' do.
type UploadArgs struct {
	CompanyID     int64  `json:"company_id,string"`
	RunID         int64  `json:"run_id,string"`
	MarketplaceID string `json:"marketplace_id"`
}

// Kind names the job for River.
func (UploadArgs) Kind() string { return "datasync_upload" }

// uploadAttempts bounds the retries of an import that failed for a reason of the moment (the database); a file
// whose lines cannot be read fails at once.
const uploadAttempts = 3

// InsertOpts are the upload job's options: each run has its own job, so nothing makes it unique.
func (UploadArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: uploadAttempts} }

// uploadWorker runs an upload's import.
type uploadWorker struct {
	river.WorkerDefaults[UploadArgs]
	s *Service
}

func (w *uploadWorker) Work(ctx context.Context, job *river.Job[UploadArgs]) error {
	return w.s.importUpload(ctx, job.Args, job.Attempt >= job.MaxAttempts)
}

// importUpload imports an uploaded file through the kind's import, as a sync imports Amazon's document, writing
// the lines read to the run as it goes (an upload is a run of the task, not its sync: the task's own progress stays
// the periodic sync's). A job picked up again after a crash reads the stored file again from the start (the
// import writes nothing twice). Once the import ends the run is done or failed and the stored file goes.
func (s *Service) importUpload(ctx context.Context, a UploadArgs, last bool) error {
	db := s.db.With(ctx)
	run, err := datasyncdb.SyncRunByID(db, a.CompanyID, a.RunID)
	if models.IsNotFound(err) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if run.Status != datasyncdb.SyncQueued && run.Status != datasyncdb.SyncRunning {
		return nil
	}
	seller, err := storesdb.SellerByID(db, run.CompanyID, run.SellerID)
	if err != nil {
		return err
	}
	if err := datasyncdb.UpdateSyncRun(db, run.CompanyID, run.ID, map[string]any{"status": datasyncdb.SyncRunning}); err != nil {
		return err
	}
	res, err := s.readUpload(ctx, run, seller, a.MarketplaceID)
	if ctx.Err() != nil {
		// Stopping (a deploy) or out of time: the run and its file stay, and the next go imports it again.
		return ctx.Err()
	}
	if err != nil && !final(err) && !last {
		s.log.Warn("report upload failed, will retry", "run", run.ID, "err", err)
		return errors.Join(datasyncdb.UpdateSyncRun(db, run.CompanyID, run.ID, map[string]any{"error": uploadFailure(err)}), err)
	}
	finished := s.now.Stamp()
	changes := map[string]any{"status": datasyncdb.SyncDone, "lines": res.Lines, "written": res.Written, "error": "",
		"finished_at": finished}
	if err != nil {
		changes["status"], changes["error"] = datasyncdb.SyncFailed, uploadFailure(err)
		s.log.Warn("report upload failed", "run", run.ID, "seller", seller.ID, "kind", run.Kind, "err", err)
	}
	// The run says 成功 only once the work after the import (待索赔's audit) is done too, so whoever reads the run
	// done reads its consequences.
	if changes["status"] == datasyncdb.SyncDone {
		s.tellImported(ctx, run.CompanyID, amazondata.Kind(run.Kind))
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if err := datasyncdb.UpdateSyncRun(tx, run.CompanyID, run.ID, changes); err != nil {
			return err
		}
		return datasyncdb.DeleteUploadParts(tx, run.CompanyID, run.ID)
	})
}

// readUpload reads the run's stored file (undoing its compression and encoding) through the kind's import.
func (s *Service) readUpload(ctx context.Context, run *datasyncdb.SyncRun, seller *storesdb.Seller, marketplace string) (amazondata.Result, error) {
	reader, err := openUpload(datasyncdb.UploadReader(s.db.With(ctx), run.CompanyID, run.ID))
	if err != nil {
		return amazondata.Result{}, err
	}
	tsv, err := amazondata.OpenReport(amazondata.Kind(run.Kind), reader)
	if err != nil {
		return amazondata.Result{}, orUnreadable(err)
	}
	st := amazondata.Store{CompanyID: seller.CompanyID, SellerID: seller.ID, GroupID: seller.GroupID,
		Region: seller.Region, MarketplaceID: marketplace}
	pr := s.newProgress(ctx, run.CompanyID, 0, run.ID, 0)
	res, err := s.data.Import(ctx, amazondata.Kind(run.Kind), st, tsv, pr.report)
	return res, asRefusal(err)
}

// final tells a failure that trying again cannot mend: the file itself (a line it cannot read, named).
func final(err error) bool {
	var ce *core.Error
	var le *amazondata.LineError
	return errors.As(err, &ce) || errors.As(err, &le)
}

// uploadFailure is what a failed upload tells the seller: the import's own refusal (a line it cannot read,
// named), else that it failed.
func uploadFailure(err error) string {
	var ce *core.Error
	var le *amazondata.LineError
	switch {
	case errors.As(err, &ce):
		return ce.Error()
	case errors.As(err, &le):
		return le.Error()
	}
	return fmt.Sprintf("%s（已读取的行已导入，再次上传同一文件不会重复）", MsgUploadFailed)
}
