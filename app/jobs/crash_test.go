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
	q, err := jobs.New(db, jobs.Config{Work: true, PollInterval: 50 * time.Millisecond})
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

// A job whose instance is killed while working it stays running in the queue; another instance takes it as crashed
// once it has run longer than RescueAfter, and works it again to completion.
func TestJobInterruptedByACrashIsPickedUpAgain(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		// The wait for the dead instance's leadership to expire is River's (about 15 s): both databases wait at once.
		t.Parallel()
		cfg := testConfig(t)
		cfg.RescueAfter = 2 * time.Second
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

		if err := survivor.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = survivor.Stop(context.Background()) })
		if n := receive(t, w.done, 90*time.Second, "the crashed job worked again"); n != 42 {
			t.Fatalf("worked %d, expected the crashed job 42", n)
		}
		var row *rivertype.JobRow
		waitFor(t, 10*time.Second, "the job recorded as completed", func() bool {
			row = listJobs(t, db, "test_ping")[0]
			return row.State == rivertype.JobStateCompleted
		})
		if row.Attempt != 2 || len(row.AttemptedBy) != 2 || row.AttemptedBy[0] == row.AttemptedBy[1] {
			t.Fatalf("completed at attempt %d by %v, expected the second attempt by another instance", row.Attempt, row.AttemptedBy)
		}
	})
}
