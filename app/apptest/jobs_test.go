package apptest_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/apptest"
	"sellerhub/app/jobs"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

type echoArgs struct {
	Word string `json:"word"`
}

func (echoArgs) Kind() string { return "apptest_echo" }

type echoWorker struct {
	river.WorkerDefaults[echoArgs]
	words chan string
}

func (w *echoWorker) Work(_ context.Context, job *river.Job[echoArgs]) error {
	w.words <- job.Args.Word
	return nil
}

// A job queued before the test starts the harness's workers waits for them and is worked once they run.
func TestHarnessWorksQueuedJobsOnceStarted(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			w := &echoWorker{words: make(chan string, 1)}
			jobs.AddWorker(h.Jobs, w)
			err := h.DB.Tx(context.Background(), func(tx *models.DB) error {
				_, err := h.Jobs.Insert(tx, echoArgs{Word: "同步"}, nil)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			h.StartWorkers(t)
			select {
			case word := <-w.words:
				if word != "同步" {
					t.Fatalf("worked %q", word)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the waiting job was not worked within 10s of StartWorkers")
			}
		})
	}
}

// A web instance (SELLERHUB_ROLE=web) queues jobs but never works them: starting its workers starts nothing, and a
// worker instance on the same database works what it queued.
func TestAWebInstanceQueuesButDoesNotWorkJobs(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			asWeb := apptest.WithConfig(func(c *config.Config) {
				web, err := config.Load(func(name string) string { return map[string]string{"SELLERHUB_ROLE": "web"}[name] })
				if err != nil {
					t.Fatal(err)
				}
				c.Role, c.Web, c.Workers = web.Role, web.Web, web.Workers
			})
			web := apptest.Start(t, apptest.WithDatabase(kind), asWeb)
			worker := apptest.Start(t, apptest.WithDatabase(kind), apptest.SharingDatabaseWith(web))
			onWeb, onWorker := &echoWorker{words: make(chan string, 1)}, &echoWorker{words: make(chan string, 1)}
			jobs.AddWorker(web.Jobs, onWeb)
			jobs.AddWorker(worker.Jobs, onWorker)
			err := web.DB.Tx(context.Background(), func(tx *models.DB) error {
				_, err := web.Jobs.Insert(tx, echoArgs{Word: "同步"}, nil)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			web.StartWorkers(t)
			// A working instance says so in job_instances as it starts: the web one does not work.
			if n := workingInstances(t, web.DB); n != 0 {
				t.Fatalf("%d instances work jobs after the web instance started its workers", n)
			}
			worker.StartWorkers(t)
			if n := workingInstances(t, web.DB); n != 1 {
				t.Fatalf("%d instances work jobs, want the worker only", n)
			}
			select {
			case word := <-onWorker.words:
				if word != "同步" {
					t.Fatalf("worked %q", word)
				}
			case word := <-onWeb.words:
				t.Fatalf("the web instance worked %q", word)
			case <-time.After(10 * time.Second):
				t.Fatal("the worker did not work the web instance's job within 10s")
			}
		})
	}
}

func workingInstances(t *testing.T, db *models.DB) int64 {
	t.Helper()
	var n int64
	if err := db.Table("job_instances").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}
