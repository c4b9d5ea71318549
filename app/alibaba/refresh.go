package alibaba

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/jobs"
	"sellerhub/models"
	alidb "sellerhub/models/alibaba"
)

// refreshEvery is how often bound accounts import again: a 1688 order changes a few times (paid, shipped, signed)
// over days, and a buyer checks its purchase orders a few times a day.
const refreshEvery = time.Hour

// refreshOverlap reads the orders changed a little before the last import ended, so that a change made while it ran
// is not missed (keeping an order twice changes nothing).
const refreshOverlap = 10 * time.Minute

// RefreshArgs is the periodic job queueing the import of every account whose last import is older than an hour.
type RefreshArgs struct{}

// Kind names the job.
func (RefreshArgs) Kind() string { return "alibaba_refresh" }

type refreshWorker struct {
	river.WorkerDefaults[RefreshArgs]
	s *Service
}

func (w *refreshWorker) Work(ctx context.Context, _ *river.Job[RefreshArgs]) error {
	_, err := w.s.RefreshDue(ctx)
	return err
}

// registerRefresh adds the periodic refresh (once per hour across instances, by River's leader).
func (s *Service) registerRefresh(q *jobs.Queue) {
	jobs.AddWorker(q, &refreshWorker{s: s})
	q.AddPeriodic(refreshEvery, func() (river.JobArgs, *river.InsertOpts) {
		return RefreshArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: refreshEvery}}
	}, false)
}

// RefreshDue queues an import of each active account whose last import ended an hour ago or more, reading only the
// orders changed since then; it answers how many it queued. An account being imported, or whose grant has gone, is
// left alone (its buyer binds it again).
func (s *Service) RefreshDue(ctx context.Context) (int, error) {
	due, err := alidb.DueAccounts(s.db.With(ctx), s.now.Stamp().Add(-refreshEvery))
	if err != nil {
		return 0, err
	}
	queued := 0
	for i := range due {
		a := &due[i]
		claimed := false
		err := s.db.Tx(ctx, func(tx *models.DB) error {
			ok, err := alidb.ClaimImport(tx, a.CompanyID, a.ID, s.now.Stamp())
			if err != nil || !ok {
				return err
			}
			since := a.ImportedAt.Add(-refreshOverlap)
			_, err = s.jobs.Insert(tx, ImportArgs{CompanyID: a.CompanyID, AccountID: a.ID, ChangedSince: &since},
				&river.InsertOpts{MaxAttempts: 1})
			claimed = err == nil
			return err
		})
		if err != nil {
			return queued, err
		}
		if claimed {
			queued++
		}
	}
	return queued, nil
}
