package jobs_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/jobs"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
)

// logArgs is a job that writes through the product's own pool, as a sync's upserts do.
type logArgs struct {
	Seq int `json:"seq"`
}

func (logArgs) Kind() string { return "test_log" }

type logWorker struct {
	river.WorkerDefaults[logArgs]
	db        *models.DB
	companyID int64
	done      chan int
}

func (w *logWorker) Work(ctx context.Context, job *river.Job[logArgs]) error {
	err := w.db.Tx(ctx, func(tx *models.DB) error {
		return admindb.CreateOperationLog(tx, &admindb.OperationLog{CompanyID: w.companyID, Action: "job", TargetID: strconv.Itoa(job.Args.Seq)})
	})
	if err == nil {
		w.done <- job.Args.Seq
	}
	return err
}

// Requests that write and queue jobs in their transactions, and workers that write through the same database,
// all at once: on SQLite (one writer at a time, River on a connection of its own) nothing deadlocks or fails, and
// every write lands once.
func TestRequestsAndWorkersWriteSideBySide(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := &accountsdb.User{Account: "jobs@example.com", PasswordHash: "x", Profile: accountsdb.UserProfile{Name: "老板"}}
		company := &accountsdb.Company{Name: "队列公司"}
		if err := accountsdb.CreateCompanyWithOwner(db, company, owner); err != nil {
			t.Fatal(err)
		}
		const writers, each = 4, 25
		w := &logWorker{db: db, companyID: company.ID, done: make(chan int, writers*each)}
		q := started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.AddWorker(q, w) })

		begin := time.Now()
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for g := range writers {
			wg.Go(func() {
				for i := range each {
					err := db.Tx(context.Background(), func(tx *models.DB) error {
						if err := admindb.CreateOperationLog(tx, &admindb.OperationLog{CompanyID: company.ID, Action: "request"}); err != nil {
							return err
						}
						_, err := q.Insert(tx, logArgs{Seq: g*each + i}, nil)
						return err
					})
					if err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("a request's transaction failed: %v", err)
		}
		seen := map[int]bool{}
		for range writers * each {
			seen[receive(t, w.done, 60*time.Second, "worked job")] = true
		}
		elapsed := time.Since(begin)
		if len(seen) != writers*each {
			t.Fatalf("%d distinct jobs worked, expected %d", len(seen), writers*each)
		}
		_, total, err := admindb.OperationLogPage(db, company.ID, admindb.OperationLogFilter{}, false, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if total != 2*writers*each {
			t.Fatalf("%d rows written, expected %d (one per request, one per job)", total, 2*writers*each)
		}
		t.Logf("%s: %d transactions queued and %d jobs worked in %s (%.0f jobs/s)", db.Driver, writers*each,
			writers*each, elapsed.Round(time.Millisecond), float64(writers*each)/elapsed.Seconds())
	})
}
