package jobs_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/app/jobs"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// companyArgs is a job of a company, its id as the product's jobs give it (a JSON string).
type companyArgs struct {
	CompanyID int64 `json:"company_id,string"`
	N         int   `json:"n"`
}

func (companyArgs) Kind() string { return "test_company" }

// slowWorker holds each job until release is closed, counting the jobs of each company running at once.
type slowWorker struct {
	river.WorkerDefaults[companyArgs]
	started chan companyArgs
	release chan struct{}
	once    sync.Once

	mu            sync.Mutex
	running, most map[int64]int
}

func (w *slowWorker) Work(ctx context.Context, job *river.Job[companyArgs]) error {
	c := job.Args.CompanyID
	w.mu.Lock()
	w.running[c]++
	w.most[c] = max(w.most[c], w.running[c])
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.running[c]--
		w.mu.Unlock()
	}()
	w.started <- job.Args
	select {
	case <-w.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// free lets every job held, and every later one, finish.
func (w *slowWorker) free() { w.once.Do(func() { close(w.release) }) }

// One company's slow jobs fill its share of the workers (half of them), not all: another company's job queued
// behind them still starts at once, while they run.
func TestOneCompanyCannotHoldEveryWorker(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := &slowWorker{started: make(chan companyArgs, 100), release: make(chan struct{}),
			running: map[int64]int{}, most: map[int64]int{}}
		cfg := testConfig(t)
		cfg.MaxWorkers = 4
		q := started(t, db, cfg, func(q *jobs.Queue) { jobs.AddWorker(q, w) })
		t.Cleanup(w.free)
		const bomber, other = 1001, 2002
		for n := range 6 {
			insert(t, db, q, companyArgs{CompanyID: bomber, N: n}, nil)
		}
		for range 2 {
			if a := receive(t, w.started, 10*time.Second, "the first company's jobs started"); a.CompanyID != bomber {
				t.Fatalf("started %+v", a)
			}
		}
		queued := time.Now()
		insert(t, db, q, companyArgs{CompanyID: other, N: 99}, nil)
		for {
			a := receive(t, w.started, 5*time.Second, "the other company's job started beside the first's")
			if a.CompanyID == other {
				break
			}
		}
		t.Logf("the other company's job started %s after it was queued", time.Since(queued).Round(time.Millisecond))
		w.mu.Lock()
		most := w.most[bomber]
		w.mu.Unlock()
		if most > 2 {
			t.Fatalf("%d jobs of one company ran at once on 4 workers, more than its share of 2", most)
		}
		// Once released, the company's waiting jobs run too: waiting for the share costs them no attempt.
		w.free()
		waitFor(t, 30*time.Second, "every job completed", func() bool {
			for _, row := range listJobs(t, db, "test_company") {
				if row.State != rivertype.JobStateCompleted {
					return false
				}
			}
			return true
		})
	})
}
