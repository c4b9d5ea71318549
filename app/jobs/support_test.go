package jobs_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/app/jobs"
	"sellerhub/models"
)

// pingArgs is a job the tests queue; N tells the jobs apart.
type pingArgs struct {
	N int `json:"n"`
}

func (pingArgs) Kind() string { return "test_ping" }

// pingWorker reports each job it works on done, after waiting for hold when one is given.
type pingWorker struct {
	river.WorkerDefaults[pingArgs]
	started chan int
	hold    chan struct{}
	done    chan int
}

func newPingWorker() *pingWorker {
	return &pingWorker{started: make(chan int, 100), done: make(chan int, 100)}
}

func (w *pingWorker) Work(ctx context.Context, job *river.Job[pingArgs]) error {
	w.started <- job.Args.N
	if w.hold != nil {
		select {
		case <-w.hold:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	w.done <- job.Args.N
	return nil
}

// testAliveEvery is how often the tests' instances say they are alive: a killed one is taken as gone after 0.6 s.
const testAliveEvery = 100 * time.Millisecond

// testConfig is a working instance with a quick poll and beat, as the tests cannot wait a second per job.
func testConfig(t *testing.T) jobs.Config {
	return jobs.Config{Work: true, PollInterval: 50 * time.Millisecond, AliveEvery: testAliveEvery, Log: testLog(t)}
}

// started builds a queue with the worker and starts it; it is stopped when the test ends.
func started(t *testing.T, db *models.DB, cfg jobs.Config, add func(q *jobs.Queue)) *jobs.Queue {
	t.Helper()
	q, err := jobs.New(db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	add(q)
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := q.Stop(ctx); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
	return q
}

// insert queues a job in a transaction of its own that commits.
func insert(t *testing.T, db *models.DB, q *jobs.Queue, args river.JobArgs, opts *river.InsertOpts) bool {
	t.Helper()
	var inserted bool
	err := db.Tx(context.Background(), func(tx *models.DB) error {
		var err error
		inserted, err = q.Insert(tx, args, opts)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return inserted
}

// receive waits for the next value from c, failing the test after the deadline.
func receive[T any](t *testing.T, c <-chan T, within time.Duration, what string) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(within):
		t.Fatalf("no %s within %s", what, within)
	}
	var zero T
	return zero
}

// listJobs reads the queue's rows of a kind through River's own API, oldest first.
func listJobs(t *testing.T, db *models.DB, kind string) []*rivertype.JobRow {
	t.Helper()
	sqlDB, err := db.DB.DB()
	if err != nil {
		t.Fatal(err)
	}
	params := river.NewJobListParams().Kinds(kind).States(allStates...).First(1000)
	var res *river.JobListResult
	if db.Driver == "sqlite" {
		c, err := river.NewClient(riversqlite.New(sqlDB), &river.Config{})
		if err != nil {
			t.Fatal(err)
		}
		res, err = c.JobList(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
	} else {
		c, err := river.NewClient(riverdatabasesql.New(sqlDB), &river.Config{})
		if err != nil {
			t.Fatal(err)
		}
		res, err = c.JobList(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
	}
	return res.Jobs
}

var allStates = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateCancelled,
	rivertype.JobStateCompleted, rivertype.JobStateDiscarded, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled}

// waitFor polls cond until it holds, failing the test after the deadline.
func waitFor(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var (
	errRollback  = errors.New("roll back")
	errTransient = errors.New("Amazon answered 503")
)

// testLog sends River's warnings and errors to the test's log.
func testLog(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
