package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"sellerhub/app/jobs"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// newHeldQueue starts a queue whose worker holds its job until released, and waits for a job to be running.
func newHeldQueue(t *testing.T, db *models.DB) (*jobs.Queue, *pingWorker) {
	t.Helper()
	w := newPingWorker()
	w.hold = make(chan struct{})
	q, err := jobs.New(db, testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	jobs.AddWorker(q, w)
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	insert(t, db, q, pingArgs{N: 1}, nil)
	receive(t, w.started, 10*time.Second, "started job")
	return q, w
}

// Stop lets a running job finish within its deadline: the job completes and Stop reports nothing.
func TestStopLetsARunningJobFinish(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		q, w := newHeldQueue(t, db)
		stopped := make(chan error, 1)
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			stopped <- q.Stop(ctx)
		}()
		close(w.hold)
		if err := receive(t, stopped, 20*time.Second, "stop"); err != nil {
			t.Fatalf("stop: %v", err)
		}
		if rows := listJobs(t, db, "test_ping"); rows[0].State != rivertype.JobStateCompleted {
			t.Fatalf("after a graceful stop the job is %s, expected completed", rows[0].State)
		}
	})
}

// At Stop's deadline a running job is cancelled: Stop says so, and River puts the job back in the queue, where the
// next instance to work takes it up.
func TestStopCancelsARunningJobAtItsDeadline(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		q, _ := newHeldQueue(t, db)
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		err := q.Stop(ctx)
		if err == nil || !strings.Contains(err.Error(), "cancelled at the stop deadline") {
			t.Fatalf("stop past its deadline: %v", err)
		}
		if row := listJobs(t, db, "test_ping")[0]; row.State != rivertype.JobStateAvailable {
			t.Fatalf("the cancelled job is %s, expected back in the queue", row.State)
		}
		next := newPingWorker()
		started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.AddWorker(q, next) })
		if n := receive(t, next.done, 10*time.Second, "the cancelled job worked by the next instance"); n != 1 {
			t.Fatalf("worked %d, expected the cancelled job", n)
		}
	})
}
