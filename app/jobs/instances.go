package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"time"
)

// A crashed instance's job stays running in the queue, and River's rescuer takes it as crashed only after
// RescueAfter (15 minutes). Each working instance therefore says it is alive every AliveEvery
// (models.JobInstanceAlive); at its start and at each of those beats it makes available again the jobs of the
// instances silent for goneAfter. With several instances, a job is only ever taken from an instance that has
// stopped saying it is alive, and the instances racing to rescue it take it once.

// goneAfter is how long an instance may be silent before its jobs are taken as crashed: several missed beats, so
// that a slow beat or a clock a little apart never takes a live instance's job.
func (q *Queue) goneAfter() time.Duration { return 6 * q.cfg.AliveEvery }

// newInstanceID names one start of this instance, for River (a job's attempted_by) and job_instances: its host and
// random bytes, so that a restart is another instance and its predecessor's jobs are rescued.
func newInstanceID() string {
	host, _ := os.Hostname()
	if len(host) > 60 {
		host = host[:60]
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return host + "_" + hex.EncodeToString(b)
}

// rescueGone makes available again the jobs of the instances gone silent.
func (q *Queue) rescueGone(ctx context.Context) {
	ids, err := q.db.With(ctx).RescueJobsOfGoneInstances(time.Now().Add(-q.goneAfter()))
	if err != nil {
		q.cfg.Log.Warn("jobs: rescue the jobs of stopped instances", "err", err)
		return
	}
	if len(ids) > 0 {
		q.cfg.Log.Info("jobs: jobs of a stopped instance queued again", "jobs", ids)
	}
}

// keepAlive says every AliveEvery that the instance id is alive and rescues the jobs of instances gone silent,
// until stop is closed.
func (q *Queue) keepAlive(id string, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	tick := time.NewTicker(q.cfg.AliveEvery)
	defer tick.Stop()
	ctx := context.Background()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if err := q.db.With(ctx).JobInstanceAlive(id, time.Now()); err != nil {
			q.cfg.Log.Warn("jobs: say this instance is alive", "err", err)
		}
		q.rescueGone(ctx)
	}
}
