package jobs_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/jobs"
	"sellerhub/models/dbtest"
)

type tickArgs struct{}

func (tickArgs) Kind() string { return "test_tick" }

type tick struct {
	instance  int
	scheduled time.Time
}

type tickWorker struct {
	river.WorkerDefaults[tickArgs]
	instance int
	ticks    chan tick
}

func (w *tickWorker) Work(_ context.Context, job *river.Job[tickArgs]) error {
	w.ticks <- tick{w.instance, job.ScheduledAt}
	return nil
}

// Two instances on one PostgreSQL database, each with its own River client and pool, both declaring the same
// periodic job: it is queued once per period (by the elected leader), not once per instance.
func TestPeriodicJobRunsOncePerPeriodAcrossInstances(t *testing.T) {
	db := dbtest.Open(t, dbtest.Postgres)
	const period = time.Second
	ticks := make(chan tick, 100)
	for i := range 2 {
		started(t, db, testConfig(t), func(q *jobs.Queue) {
			jobs.AddWorker(q, &tickWorker{instance: i, ticks: ticks})
			q.AddPeriodic(period, func() (river.JobArgs, *river.InsertOpts) { return tickArgs{}, nil }, false)
		})
	}
	const runs = 6
	var got []tick
	for range runs {
		got = append(got, receive(t, ticks, 30*time.Second, "periodic run"))
	}
	slices.SortFunc(got, func(a, b tick) int { return a.scheduled.Compare(b.scheduled) })
	by := map[int]int{}
	for i, g := range got {
		by[g.instance]++
		if i > 0 && g.scheduled.Sub(got[i-1].scheduled) < period*9/10 {
			t.Fatalf("runs scheduled %s apart (%s, %s): queued by more than one instance",
				g.scheduled.Sub(got[i-1].scheduled), got[i-1].scheduled.Format(time.StampMilli), g.scheduled.Format(time.StampMilli))
		}
	}
	if span := got[runs-1].scheduled.Sub(got[0].scheduled); span < (runs-1)*period*9/10 {
		t.Fatalf("%d runs within %s, expected one per %s", runs, span, period)
	}
	t.Logf("%d runs, worked by instance 0: %d, instance 1: %d", runs, by[0], by[1])
}
