package jobs_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/app/jobs"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// A job exists only if the transaction that queued it commits; a committed one is worked.
func TestJobOfACommittedTransactionIsWorkedAndOfARolledBackOneNeverExists(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newPingWorker()
		q := started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.AddWorker(q, w) })
		err := db.Tx(context.Background(), func(tx *models.DB) error {
			if _, err := q.Insert(tx, pingArgs{N: 1}, nil); err != nil {
				t.Fatal(err)
			}
			return errRollback
		})
		if err != errRollback {
			t.Fatalf("rolled back transaction: %v", err)
		}
		if !insert(t, db, q, pingArgs{N: 2}, nil) {
			t.Fatal("a plain job was not inserted")
		}
		if n := receive(t, w.done, 10*time.Second, "worked job"); n != 2 {
			t.Fatalf("worked job %d, expected the committed one (2)", n)
		}
		var got []*rivertype.JobRow
		waitFor(t, 10*time.Second, "the worked job recorded as completed", func() bool {
			got = listJobs(t, db, "test_ping")
			return len(got) == 1 && got[0].State == rivertype.JobStateCompleted
		})
		var args pingArgs
		if err := json.Unmarshal(got[0].EncodedArgs, &args); err != nil || args.N != 2 {
			t.Fatalf("the one job has args %s, expected the committed one", got[0].EncodedArgs)
		}
	})
}

// A unique job is not queued a second time while one of the same args waits or runs, and is again once that one
// has finished.
func TestUniqueJobIsNotQueuedTwiceWhileWaitingOrRunning(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newPingWorker()
		w.hold = make(chan struct{})
		q, err := jobs.New(db, testConfig(t))
		if err != nil {
			t.Fatal(err)
		}
		jobs.AddWorker(q, w)
		unique := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
		if !insert(t, db, q, pingArgs{N: 7}, unique) {
			t.Fatal("the first unique job was not inserted")
		}
		if insert(t, db, q, pingArgs{N: 7}, unique) {
			t.Fatal("a second job of the same args was inserted while the first waits")
		}
		if !insert(t, db, q, pingArgs{N: 8}, unique) {
			t.Fatal("a unique job of other args was refused")
		}

		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = q.Stop(context.Background()) })
		for range 2 {
			receive(t, w.started, 10*time.Second, "started job")
		}
		if insert(t, db, q, pingArgs{N: 7}, unique) {
			t.Fatal("a second job of the same args was inserted while the first runs")
		}
		close(w.hold)
		for range 2 {
			receive(t, w.done, 10*time.Second, "finished job")
		}
		waitFor(t, 10*time.Second, "both jobs recorded as completed", func() bool {
			n := 0
			for _, j := range listJobs(t, db, "test_ping") {
				if j.State == rivertype.JobStateCompleted {
					n++
				}
			}
			return n == 2
		})
		if !insert(t, db, q, pingArgs{N: 7}, unique) {
			t.Fatal("a unique job was refused after the one of the same args had completed")
		}
		if n := receive(t, w.done, 10*time.Second, "worked job"); n != 7 {
			t.Fatalf("worked %d, expected 7", n)
		}
		if rows := listJobs(t, db, "test_ping"); len(rows) != 3 {
			t.Fatalf("%d jobs in the queue, expected 3 (two of 7 in turn, one of 8)", len(rows))
		}
	})
}

// failArgs is a job that fails until its third attempt.
type failArgs struct{}

func (failArgs) Kind() string { return "test_fail" }

type failWorker struct {
	river.WorkerDefaults[failArgs]
	attempts chan attempt
}

type attempt struct {
	n  int
	at time.Time
}

// retryDelay is the failing worker's backoff: long enough to tell a retry from an immediate rerun.
const retryDelay = 400 * time.Millisecond

func (w *failWorker) Work(ctx context.Context, job *river.Job[failArgs]) error {
	w.attempts <- attempt{job.Attempt, time.Now()}
	if job.Attempt < 3 {
		return errTransient
	}
	return nil
}

func (w *failWorker) NextRetry(*river.Job[failArgs]) time.Time { return time.Now().Add(retryDelay) }

// A failing job is retried after its backoff, and its errors are kept.
func TestFailingJobIsRetriedWithBackoff(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := &failWorker{attempts: make(chan attempt, 10)}
		q := started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.AddWorker(q, w) })
		insert(t, db, q, failArgs{}, nil)
		var runs []attempt
		for range 3 {
			runs = append(runs, receive(t, w.attempts, 10*time.Second, "attempt"))
		}
		for i, r := range runs {
			if r.n != i+1 {
				t.Fatalf("attempt %d numbered %d", i+1, r.n)
			}
			if i > 0 && r.at.Sub(runs[i-1].at) < retryDelay {
				t.Fatalf("attempt %d came %s after the failure, before the backoff of %s", r.n, r.at.Sub(runs[i-1].at), retryDelay)
			}
		}
		var row *rivertype.JobRow
		waitFor(t, 10*time.Second, "the job completed", func() bool {
			rows := listJobs(t, db, "test_fail")
			row = rows[0]
			return len(rows) == 1 && row.State == rivertype.JobStateCompleted
		})
		if row.Attempt != 3 || len(row.Errors) != 2 || row.Errors[0].Error != errTransient.Error() {
			t.Fatalf("completed after %d attempts with errors %+v, expected 3 and two errors", row.Attempt, row.Errors)
		}
		select {
		case a := <-w.attempts:
			t.Fatalf("a fourth attempt (%d) after success", a.n)
		default:
		}
	})
}

// A committed job is picked up at once, through River's notification (PostgreSQL's NOTIFY, SQLite's notification
// table), not at the next poll: with a poll far longer than the wait, each of a run of jobs starts within it.
func TestCommittedJobIsPickedUpWithoutWaitingForThePoll(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newPingWorker()
		cfg := testConfig(t)
		cfg.PollInterval = time.Minute
		q := started(t, db, cfg, func(q *jobs.Queue) { jobs.AddWorker(q, w) })
		var worst time.Duration
		for i := range 10 {
			begin := time.Now()
			insert(t, db, q, pingArgs{N: i}, nil)
			if n := receive(t, w.started, 5*time.Second, "job started on its notification"); n != i {
				t.Fatalf("started %d, expected %d", n, i)
			}
			worst = max(worst, time.Since(begin))
		}
		t.Logf("%s: commit to start at worst %s", db.Driver, worst.Round(time.Millisecond))
	})
}
