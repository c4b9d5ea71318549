package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Outcomes of a job's attempt, as Config.Observe hears them.
const (
	Worked    = "ok"
	Failed    = "failed"    // an error: River retries it later, or discards it after its last attempt
	Snoozed   = "snoozed"   // the job asked to run later; no attempt spent
	Cancelled = "cancelled" // the job gave up for good
)

// observeWork tells Config.Observe each attempt's kind, outcome and time (the metrics' job failures by kind). It
// runs inside the company share, so that jobs snoozed for another company's turn are not counted.
type observeWork struct {
	river.MiddlewareDefaults
	observe func(kind, outcome string, took time.Duration)
}

func (m *observeWork) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	began := time.Now()
	err := doInner(ctx)
	outcome := Worked
	var snooze *rivertype.JobSnoozeError
	var cancel *rivertype.JobCancelError
	switch {
	case errors.As(err, &snooze):
		outcome = Snoozed
	case errors.As(err, &cancel):
		outcome = Cancelled
	case err != nil:
		outcome = Failed
	}
	m.observe(job.Kind, outcome, time.Since(began))
	return err
}
