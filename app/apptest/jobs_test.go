package apptest_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/apptest"
	"sellerhub/app/jobs"
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
