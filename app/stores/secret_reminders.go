package stores

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/jobs"
)

// SecretRemindersArgs is the periodic job that sends the reminders of application secrets that end.
type SecretRemindersArgs struct{}

// Kind names the job for River.
func (SecretRemindersArgs) Kind() string { return "secret_reminders" }

// secretRemindersEvery is how often the job looks: a reminder goes out within hours of its day.
const secretRemindersEvery = 6 * time.Hour

// Register adds the secret reminders' worker and periodic job to the queue, before it starts (queued on the
// elected leader only, so once across instances).
func (s *Service) Register(q *jobs.Queue) {
	jobs.AddWorker(q, &secretRemindersWorker{s: s})
	q.AddPeriodic(secretRemindersEvery, func() (river.JobArgs, *river.InsertOpts) {
		return SecretRemindersArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: secretRemindersEvery}}
	}, true)
}

type secretRemindersWorker struct {
	river.WorkerDefaults[SecretRemindersArgs]
	s *Service
}

func (w *secretRemindersWorker) Work(ctx context.Context, _ *river.Job[SecretRemindersArgs]) error {
	_, err := w.s.RemindSecrets(ctx)
	return err
}
