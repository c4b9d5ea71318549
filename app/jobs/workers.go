package jobs

import (
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// AddWorker registers the worker of one kind of job; before Start. A second worker of a kind panics, as a wiring
// mistake caught at start-up.
func AddWorker[T river.JobArgs](q *Queue, w river.Worker[T]) {
	river.AddWorker(q.work, w)
	q.kinds++
}

// AddPeriodic queues the job args returns every period, on the elected leader only, so once across instances;
// runOnStart also queues one when a leader starts. Before Start.
func (q *Queue) AddPeriodic(every time.Duration, args func() (river.JobArgs, *river.InsertOpts), runOnStart bool) {
	q.period = append(q.period, river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) {
			a, opts := args()
			return a, uniqueWhileQueued(opts)
		},
		&river.PeriodicJobOpts{RunOnStart: runOnStart}))
}

// WaitingOrRunning are the states in which a unique job blocks another of the same args: queued, scheduled,
// waiting for a retry, or running.
func WaitingOrRunning() []rivertype.JobState {
	return []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
		rivertype.JobStateRunning, rivertype.JobStateScheduled}
}

// uniqueWhileQueued gives unique options that name no states WaitingOrRunning, instead of River's default, which
// also counts the completed jobs River keeps for a day and would refuse the next run of a finished sync until then.
func uniqueWhileQueued(opts *river.InsertOpts) *river.InsertOpts {
	if opts == nil {
		return nil
	}
	u := opts.UniqueOpts
	if !(u.ByArgs || u.ByPeriod > 0 || u.ByQueue) || len(u.ByState) > 0 {
		return opts
	}
	o := *opts
	o.UniqueOpts.ByState = WaitingOrRunning()
	return &o
}
