package jobs_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/app/jobs"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// crashChildEnv names the database a re-run of this test binary works jobs on until it is killed.
const crashChildEnv = "SELLERHUB_TEST_JOBS_CRASH_CHILD"

func TestMain(m *testing.M) {
	if url := os.Getenv(crashChildEnv); url != "" {
		if err := runCrashChild(url); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

// runCrashChild is an instance whose worker announces its job on stdout and then hangs until the process is
// killed: a crash in the middle of a job.
func runCrashChild(url string) error {
	db, err := models.Open(url)
	if err != nil {
		return err
	}
	q, err := jobs.New(db, jobs.Config{Work: true, PollInterval: 50 * time.Millisecond, AliveEvery: testAliveEvery})
	if err != nil {
		return err
	}
	jobs.AddWorker(q, &hangWorker{})
	if err := q.Start(context.Background()); err != nil {
		return err
	}
	select {}
}

type hangWorker struct{ river.WorkerDefaults[pingArgs] }

func (*hangWorker) Work(context.Context, *river.Job[pingArgs]) error {
	fmt.Printf("working %d\n", os.Getpid())
	select {}
}

// A job whose instance is killed while working it stays running in the queue; it runs again, to completion, right
// after the next start, not after River's rescue delay (15 minutes here, as in production): the new instance sees
// that the killed one has stopped saying it is alive.
func TestJobOfAKilledInstanceRunsAgainRightAfterTheNextStart(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		t.Parallel()
		survivor, w := crashMidJob(t, db, testConfig(t))
		start := time.Now()
		if err := survivor.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = survivor.Stop(context.Background()) })
		if n := receive(t, w.done, 10*time.Second, "the killed instance's job worked again"); n != 42 {
			t.Fatalf("worked %d, expected the crashed job 42", n)
		}
		t.Logf("worked again %s after the start", time.Since(start).Round(time.Millisecond))
		expectSecondAttempt(t, db)
	})
}

// crashMidJob queues job 42, has another instance (a child process) start it and kills that instance, and answers
// a queue with a ping worker, not started, to take over.
func crashMidJob(t *testing.T, db *models.DB, cfg jobs.Config) (*jobs.Queue, *pingWorker) {
	t.Helper()
	survivor, err := jobs.New(db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	w := newPingWorker()
	jobs.AddWorker(survivor, w)
	insert(t, db, survivor, pingArgs{N: 42}, nil)

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), crashChildEnv+"="+db.URL)
	var stderr bytes.Buffer
	child.Stderr = &stderr
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(out)
		for s.Scan() {
			lines <- s.Text()
		}
		close(lines)
	}()
	select {
	case line, ok := <-lines:
		if !ok {
			t.Fatalf("the crashing instance ended before working the job: %s", stderr.String())
		}
		t.Logf("crashing instance: %s", line)
	case <-time.After(30 * time.Second):
		_ = child.Process.Kill()
		t.Fatalf("the crashing instance did not start the job: %s", stderr.String())
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	rows := listJobs(t, db, "test_ping")
	if len(rows) != 1 || rows[0].State != rivertype.JobStateRunning || rows[0].Attempt != 1 {
		t.Fatalf("after the crash: %d jobs, first %+v; expected the one job left running", len(rows), rows[0])
	}
	return survivor, w
}

// expectSecondAttempt checks that job 42 completed at its second attempt, by another instance than the first.
func expectSecondAttempt(t *testing.T, db *models.DB) {
	t.Helper()
	var row *rivertype.JobRow
	waitFor(t, 10*time.Second, "the job recorded as completed", func() bool {
		row = listJobs(t, db, "test_ping")[0]
		return row.State == rivertype.JobStateCompleted
	})
	if row.Attempt != 2 || len(row.AttemptedBy) != 2 || row.AttemptedBy[0] == row.AttemptedBy[1] {
		t.Fatalf("completed at attempt %d by %v, expected the second attempt by another instance", row.Attempt, row.AttemptedBy)
	}
}

// With several instances beating, a job is never taken from the live one working it, however long it runs: it is
// started once and completes at its first attempt.
func TestALiveInstancesJobIsNotRescued(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newPingWorker()
		w.hold = make(chan struct{})
		var first *jobs.Queue
		for range 2 {
			q := started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.AddWorker(q, w) })
			if first == nil {
				first = q
			}
		}
		insert(t, db, first, pingArgs{N: 7}, nil)
		receive(t, w.started, 10*time.Second, "the job started")
		// An absence is seen over a window: three times the silence after which an instance is taken as gone.
		window := time.Now().Add(3 * 6 * testAliveEvery)
		waitFor(t, 10*time.Second, "the window", func() bool {
			select {
			case n := <-w.started:
				t.Fatalf("job %d started a second time while its instance was alive", n)
			default:
			}
			return time.Now().After(window)
		})
		close(w.hold)
		receive(t, w.done, 10*time.Second, "the job done")
		var row *rivertype.JobRow
		waitFor(t, 10*time.Second, "the job recorded as completed", func() bool {
			row = listJobs(t, db, "test_ping")[0]
			return row.State == rivertype.JobStateCompleted
		})
		if row.Attempt != 1 {
			t.Fatalf("completed at attempt %d by %v, expected its first", row.Attempt, row.AttemptedBy)
		}
	})
}
