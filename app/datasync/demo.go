package datasync

import (
	"context"
	"time"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
)

// DemoRun is one report the demo's first start read into the demo company.
type DemoRun struct {
	Kind              amazondata.Kind
	File              string
	Lines, Written    int64
	Started, Finished time.Time
}

// RecordDemoRuns shows in 数据同步 the runs that filled the demo company (cause 演示, each report its run, each
// kind done at its last), so the demo's data has a visible source. The demo seller has no refresh token: the
// periodic job never syncs it.
func (s *Service) RecordDemoRuns(ctx context.Context, companyID, sellerID int64, runs []DemoRun) error {
	if len(runs) == 0 {
		return nil
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		now := s.now.Stamp()
		if err := datasyncdb.EnsureSyncTasks(tx, companyID, sellerID, kindNames(), now); err != nil {
			return err
		}
		for _, r := range runs {
			task, err := datasyncdb.SyncTaskOf(tx, companyID, sellerID, string(r.Kind))
			if err != nil {
				return err
			}
			finished := r.Finished.UTC().Truncate(time.Microsecond)
			run := &datasyncdb.SyncRun{CompanyID: companyID, SellerID: sellerID, TaskID: task.ID, Kind: string(r.Kind),
				Cause: datasyncdb.SyncByDemo, Status: datasyncdb.SyncDone, FileName: r.File, Lines: r.Lines,
				Written: r.Written, StartedAt: r.Started.UTC().Truncate(time.Microsecond), FinishedAt: &finished}
			if err := datasyncdb.CreateSyncRun(tx, run); err != nil {
				return err
			}
			err = datasyncdb.UpdateSyncTask(tx, companyID, task.ID, map[string]any{"state": datasyncdb.SyncDone,
				"last_success_at": finished, "next_run_at": finished.Add(Every[r.Kind]), "last_error": "",
				"lines": r.Lines, "updated_at": now})
			if err != nil {
				return err
			}
		}
		return nil
	})
}
