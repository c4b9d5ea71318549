package datasync

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/app/stores"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// Register adds the data sync's workers and its periodic job to the queue, before it starts. River enqueues a
// periodic job on the leader only, so several instances on one database queue the due tasks once.
func (s *Service) Register(q *jobs.Queue) {
	jobs.AddWorker(q, &syncWorker{s: s})
	jobs.AddWorker(q, &scheduleWorker{s: s})
	jobs.AddWorker(q, &uploadWorker{s: s})
	q.AddPeriodic(s.schedule, func() (river.JobArgs, *river.InsertOpts) {
		return ScheduleArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: s.schedule}}
	}, true)
}

// scheduleWorker runs the periodic job.
type scheduleWorker struct {
	river.WorkerDefaults[ScheduleArgs]
	s *Service
}

func (w *scheduleWorker) Work(ctx context.Context, _ *river.Job[ScheduleArgs]) error {
	_, err := w.s.QueueDue(ctx)
	return err
}

// syncWorker runs a task's sync. One go is bounded by the queue's job timeout (below its rescue of jobs taken as
// crashed); waiting for Amazon is a snooze, not a go.
type syncWorker struct {
	river.WorkerDefaults[SyncArgs]
	s *Service
}

func (w *syncWorker) Work(ctx context.Context, job *river.Job[SyncArgs]) error {
	return w.s.sync(ctx, job.Args, job.Attempt >= job.MaxAttempts)
}

// syncing is one go of a task's sync.
type syncing struct {
	s      *Service
	ctx    context.Context
	db     *models.DB
	task   *datasyncdb.SyncTask
	seller *storesdb.Seller
	kind   amazondata.Kind
	run    *datasyncdb.SyncRun
	api    stores.SellerAPI
}

// sync runs (or resumes) a task's sync: it plans the run's reports once, then takes each in turn: asks Amazon for
// it (or finds the one already asked for), snoozes the job while Amazon makes it, downloads and imports it. A job
// picked up again after a crash resumes the same run from its reports' recorded states. last tells that River
// will not retry a failure (the last attempt).
func (s *Service) sync(ctx context.Context, a SyncArgs, last bool) error {
	db := s.db.With(ctx)
	task, err := datasyncdb.SyncTaskOf(db, a.CompanyID, a.SellerID, a.DataKind)
	if models.IsNotFound(err) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	seller, err := storesdb.SellerByID(db, a.CompanyID, a.SellerID)
	if err != nil {
		return err
	}
	if refusal := syncable(seller.Status, seller.Disabled); refusal != nil || seller.RefreshToken == "" {
		return s.skip(db, task, seller, MsgSellerInvalid)
	}
	if amazondata.Kind(task.Kind).Advertising() {
		return s.syncAdvertising(ctx, db, task, seller, last)
	}
	if refusal := s.secretUsable(ctx, seller.ClientID, seller.ClientRefusedAt); refusal != nil {
		if ce := (*core.Error)(nil); !errors.As(refusal, &ce) {
			return refusal
		}
		return s.skip(db, task, seller, stores.MsgClientInvalid)
	}
	if wait, err := s.waitsForListings(db, a); err != nil || wait {
		if err != nil {
			return err
		}
		return s.snoozeForListings()
	}
	sy := &syncing{s: s, ctx: ctx, db: db, task: task, seller: seller, kind: amazondata.Kind(task.Kind)}
	if err := sy.startOrResume(); err != nil {
		return err
	}
	if sy.api, err = s.stores.SellerAPIOf(ctx, seller); err != nil {
		return err
	}
	err = sy.work()
	var snooze *river.JobSnoozeError
	switch {
	case err == nil:
		return sy.succeed()
	case errors.As(err, &snooze):
		return err
	case ctx.Err() != nil:
		// Stopping (a deploy) or out of time: the run stays as it is and the next go resumes it.
		return err
	}
	return sy.fail(err, last)
}

// skip ends a sync that cannot run: the seller account was disabled, or refused since it was queued (its grant,
// or its application's secret: why says which).
func (s *Service) skip(db *models.DB, task *datasyncdb.SyncTask, seller *storesdb.Seller, why string) error {
	now := s.now.Stamp()
	changes := map[string]any{"state": datasyncdb.SyncIdle, "report_state": "", "updated_at": now}
	if !seller.Disabled && (seller.Status != storesdb.SellerActive || why == stores.MsgClientInvalid) {
		changes["state"], changes["last_error"] = datasyncdb.SyncFailed, why
	}
	return datasyncdb.UpdateSyncTask(db, task.CompanyID, task.ID, changes)
}

// startOrResume takes the task's running run, or starts one (its cause what queued the task).
func (sy *syncing) startOrResume() error {
	now := sy.s.now.Stamp()
	if sy.task.RunID != nil {
		run, err := datasyncdb.SyncRunByID(sy.db, sy.task.CompanyID, *sy.task.RunID)
		if err == nil && run.Status == datasyncdb.SyncRunning {
			sy.run = run
			return datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"state": datasyncdb.SyncRunning, "updated_at": now})
		}
		if err != nil && !models.IsNotFound(err) {
			return err
		}
	}
	cause := sy.task.QueuedBy
	if cause == "" {
		cause = datasyncdb.SyncByTimer
	}
	run := &datasyncdb.SyncRun{CompanyID: sy.task.CompanyID, SellerID: sy.task.SellerID, TaskID: sy.task.ID, Kind: sy.task.Kind,
		Cause: cause, Status: datasyncdb.SyncRunning, StartedAt: now}
	// One transaction: an instance killed between the two left a run no task named, which the instance resuming
	// the job could not find, so it started a second one and the first stayed 进行中 for ever.
	err := sy.db.Tx(sy.ctx, func(tx *models.DB) error {
		if err := datasyncdb.CreateSyncRun(tx, run); err != nil {
			return err
		}
		return datasyncdb.UpdateSyncTask(tx, sy.task.CompanyID, sy.task.ID, map[string]any{"state": datasyncdb.SyncRunning, "run_id": run.ID,
			"report_state": "", "lines": 0, "reports_done": 0, "reports_total": 0, "updated_at": now})
	})
	if err != nil {
		return err
	}
	sy.run, sy.task.RunID = run, &run.ID
	return nil
}

// work plans the run's reports once, then brings each in, in order; the parents, which come from no report, are
// looked up instead.
func (sy *syncing) work() error {
	if !sy.kind.FromReport() {
		return sy.lookUpParents()
	}
	reports, err := datasyncdb.SyncReportsOfRun(sy.db, sy.run.CompanyID, sy.run.ID)
	if err != nil {
		return err
	}
	if len(reports) == 0 {
		if reports, err = sy.plan(); err != nil {
			return err
		}
		if err := datasyncdb.CreateSyncReports(sy.db, reports); err != nil {
			return err
		}
		if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"reports_total": len(reports)}); err != nil {
			return err
		}
	}
	for i := range reports {
		if finished(reports[i].State) {
			continue
		}
		if err := sy.bringIn(reports, i); err != nil {
			return err
		}
	}
	if sy.kind == amazondata.FeeEstimates {
		return sy.estimateUnreportedFees()
	}
	return nil
}

// finished tells a report that needs nothing more: imported, or CANCELLED by Amazon (no data in its range).
func finished(state string) bool {
	return state == datasyncdb.SyncReportImported || state == amazon.ReportCancelled
}

// bringIn takes one report from wherever it stands to imported: asks for it, waits for Amazon (a snooze), and
// imports its document.
func (sy *syncing) bringIn(reports []datasyncdb.SyncReport, i int) error {
	r := &reports[i]
	c, ep, token := sy.api.Client, sy.api.Endpoint, sy.api.RefreshToken
	if r.ReportID == "" {
		reportType := sy.kind.ReportType()
		if r.ReportType != "" {
			reportType = r.ReportType
		}
		spec := amazon.ReportSpec{ReportType: reportType, MarketplaceIDs: sy.marketplacesOf(r),
			DataStartTime: r.DataStart, DataEndTime: r.DataEnd, ReportOptions: sy.kind.ReportOptions()}
		id, err := c.CreateReport(sy.ctx, ep, token, spec)
		if err != nil {
			return err
		}
		r.ReportID, r.State = id, amazon.ReportInQueue
		if err := sy.saveReport(r, map[string]any{"report_id": id, "state": r.State}); err != nil {
			return err
		}
	}
	if r.State != amazon.ReportDone {
		rep, err := c.GetReport(sy.ctx, ep, token, r.ReportID)
		if err != nil {
			return err
		}
		switch rep.ProcessingStatus {
		case amazon.ReportInQueue, amazon.ReportInProgress:
			r.State = rep.ProcessingStatus
			if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
				return err
			}
			return river.JobSnooze(sy.s.poll)
		case amazon.ReportCancelled:
			// Amazon cancels a requested report that has no data in its range: nothing to import, done.
			r.State = amazon.ReportCancelled
			if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
				return err
			}
			return sy.reportFinished(reports, i)
		case amazon.ReportFatal:
			r.State = amazon.ReportFatal
			if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
				return err
			}
			return errReportFatal
		}
		r.State, r.DocumentID = amazon.ReportDone, rep.ReportDocumentID
		if err := sy.saveReport(r, map[string]any{"state": r.State, "document_id": r.DocumentID}); err != nil {
			return err
		}
	}
	// The task shows 下载导入中 for a settlement too, which was DONE when listed.
	if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"report_state": amazon.ReportDone}); err != nil {
		return err
	}
	res, err := sy.importDocument(r)
	if err != nil {
		return err
	}
	r.State, r.Lines, r.Written = datasyncdb.SyncReportImported, int64(res.Lines), int64(res.Written)
	sy.run.Lines += r.Lines
	sy.run.Written += r.Written
	if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, map[string]any{"lines": sy.run.Lines, "written": sy.run.Written}); err != nil {
		return err
	}
	if err := sy.saveReport(r, map[string]any{"state": r.State, "lines": r.Lines, "written": r.Written}); err != nil {
		return err
	}
	return sy.reportFinished(reports, i)
}

// saveReport records a report's new state, and shows it on the task.
func (sy *syncing) saveReport(r *datasyncdb.SyncReport, changes map[string]any) error {
	now := sy.s.now.Stamp()
	changes["updated_at"] = now
	if err := datasyncdb.UpdateSyncReport(sy.db, r.CompanyID, r.ID, changes); err != nil {
		return err
	}
	return datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"report_state": r.State, "updated_at": now})
}

// reportFinished counts a report done on the task and moves the cursor: for orders and returns to the end of the
// data window once every report up to it is in (a window is never skipped by a later one's success), for
// settlements to when Amazon made the newest one imported.
func (sy *syncing) reportFinished(reports []datasyncdb.SyncReport, i int) error {
	done := 0
	for _, r := range reports {
		if finished(r.State) {
			done++
		}
	}
	changes := map[string]any{"reports_done": done, "updated_at": sy.s.now.Stamp()}
	if to := sy.cursorAfter(reports, i); to != nil && (sy.task.Cursor == nil || to.After(*sy.task.Cursor)) {
		sy.task.Cursor = to
		changes["sync_cursor"] = *to
	}
	return datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, changes)
}

// cursorAfter is where the task's cursor may move once reports[i] is in, nil for nowhere.
func (sy *syncing) cursorAfter(reports []datasyncdb.SyncReport, i int) *time.Time {
	if sy.kind.Scheduled() {
		return reports[i].MadeAt
	}
	end := reports[i].DataEnd
	if !incremental(sy.kind) || end == nil {
		return nil
	}
	for _, r := range reports {
		if r.DataEnd != nil && !r.DataEnd.After(*end) && !finished(r.State) {
			return nil
		}
	}
	return end
}

// importDocument downloads a DONE report's document (gunzipped and decoded as Amazon serves it) and imports it,
// writing the lines read to the task and the run as it goes.
func (sy *syncing) importDocument(r *datasyncdb.SyncReport) (amazondata.Result, error) {
	c := sy.api.Client
	doc, err := c.GetReportDocument(sy.ctx, sy.api.Endpoint, sy.api.RefreshToken, r.DocumentID)
	if err != nil {
		return amazondata.Result{}, err
	}
	body, err := c.OpenReportDocument(sy.ctx, doc, amazon.ReportCharset(sy.charsetMarketplace(r)))
	if err != nil {
		return amazondata.Result{}, err
	}
	defer body.Close()
	tsv, err := amazondata.OpenReport(sy.kind, body)
	if err != nil {
		return amazondata.Result{}, err
	}
	st := amazondata.Store{CompanyID: sy.seller.CompanyID, SellerID: sy.seller.ID, GroupID: sy.seller.GroupID,
		Region: sy.seller.Region}
	if perMarketplace(sy.kind) {
		st.MarketplaceID = r.MarketplaceID
	}
	pr := sy.s.newProgress(sy.ctx, sy.run.CompanyID, sy.task.ID, sy.run.ID, sy.run.Lines)
	res, err := sy.s.data.Import(sy.ctx, sy.kind, st, tsv, pr.report)
	if err != nil && sy.ctx.Err() == nil && !isNetwork(err) {
		return res, &importError{err}
	}
	return res, err
}

// marketplacesOf is the marketplaces a report is asked for: its own, or all of the seller account's. (A
// settlement's row keeps the marketplace Amazon made it for, for its encoding only.)
func (sy *syncing) marketplacesOf(r *datasyncdb.SyncReport) []string {
	if r.MarketplaceID != "" {
		return []string{r.MarketplaceID}
	}
	out := make([]string, 0, len(sy.seller.Marketplaces))
	for _, m := range sy.seller.Marketplaces {
		out = append(out, m.MarketplaceID)
	}
	return out
}

// charsetMarketplace is the marketplace whose files' encoding a document without a charset has: the report's,
// else the account's first (a region's marketplaces share Amazon's file encoding: Japan's alone is Windows-31J).
func (sy *syncing) charsetMarketplace(r *datasyncdb.SyncReport) string {
	if r.MarketplaceID != "" {
		return r.MarketplaceID
	}
	if len(sy.seller.Marketplaces) > 0 {
		return sy.seller.Marketplaces[0].MarketplaceID
	}
	return ""
}

// succeed ends the run done and schedules the task's next sync. The work after the import comes first, so that a
// run read done has its consequences (待索赔 settled) in place.
func (sy *syncing) succeed() error {
	sy.s.tellImported(sy.ctx, sy.task.CompanyID, sy.kind)
	now := sy.s.now.Stamp()
	if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, map[string]any{"status": datasyncdb.SyncDone, "error": "", "finished_at": now}); err != nil {
		return err
	}
	return datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"state": datasyncdb.SyncDone, "last_success_at": now,
		"next_run_at": now.Add(Every[sy.kind]), "last_error": "", "report_state": "", "lines": sy.run.Lines,
		"queued_by": "", "updated_at": now})
}

// fail records a failure in plain Chinese. A retried one keeps its run open and its task waiting (River's next
// go resumes it); one
// that will not be retried ends the run failed and waits for the next periodic sync. An invalid grant marks the
// seller account 授权失效 and cancels the job: retrying cannot help until the store is authorised again.
func (sy *syncing) fail(cause error, last bool) error {
	f := classify(cause)
	sy.s.log.Warn("data sync failed", "seller", sy.seller.ID, "kind", sy.kind, "run", sy.run.ID, "err", cause)
	now := sy.s.now.Stamp()
	retrying := f.retry && !last
	task := map[string]any{"state": datasyncdb.SyncFailed, "last_error": f.msg, "updated_at": now,
		"next_run_at": now.Add(Every[sy.kind]), "queued_by": ""}
	run := map[string]any{"status": datasyncdb.SyncFailed, "error": f.msg, "finished_at": now}
	if retrying {
		// The sync waits again (排队中: the list keeps following it) with its error shown; its run stays open.
		task = map[string]any{"state": datasyncdb.SyncQueued, "last_error": f.msg, "updated_at": now}
		run = map[string]any{"error": f.msg}
	}
	if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, run); err != nil {
		return err
	}
	if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, task); err != nil {
		return err
	}
	if f.invalidGrant {
		// Every kind of the store shows why, not only the one that found out.
		if err := datasyncdb.MarkSellerInvalid(sy.db, sy.seller.CompanyID, sy.seller.ID, now); err != nil {
			return err
		}
		if err := datasyncdb.FailSellerSyncTasks(sy.db, sy.seller.CompanyID, sy.seller.ID, f.msg, now); err != nil {
			return err
		}
	}
	if f.invalidClient {
		// Every kind of the store stops with it; the periodic job skips the store until the secret changes.
		if err := sy.s.stores.RefuseApp(sy.ctx, sy.seller, sy.api.App); err != nil {
			return err
		}
		if err := datasyncdb.FailSellerSyncTasks(sy.db, sy.seller.CompanyID, sy.seller.ID, f.msg, now); err != nil {
			return err
		}
	}
	switch {
	case f.invalidGrant, f.invalidClient:
		return river.JobCancel(cause)
	case retrying:
		return cause
	}
	// Not retried: the next periodic sync tries again (a FATAL report, a refused request).
	return nil
}
