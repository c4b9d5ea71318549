package advertising

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/jobs"
	advertisingdb "sellerhub/models/advertising"
)

// WatchArgs is the job of 广告规则 and 预警管理: the enabled rules whose schedule admits the hour run on their newest
// day of data once, and each company's newest day is checked for sudden changes once. CompanyID limits it to one
// company (0: all, the periodic job); it travels as text, which River's PostgreSQL args keep exact (a number came
// back rounded to a float's 17 digits).
type WatchArgs struct {
	CompanyID int64 `json:"company_id,omitempty,string"`
}

// Kind names the job for River.
func (WatchArgs) Kind() string { return "adv_watch" }

// watchEvery is how often the job looks for a new day of data or a rule's hour: data arrive with the 广告报表 sync,
// and a rule's hour is kept to within this.
const watchEvery = 15 * time.Minute

// Register adds the job's worker and its periodic run to the queue, before it starts.
func (r *Rules) Register(q *jobs.Queue) {
	jobs.AddWorker(q, &watchWorker{r: r})
	q.AddPeriodic(watchEvery, func() (river.JobArgs, *river.InsertOpts) {
		return WatchArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: watchEvery}}
	}, true)
}

type watchWorker struct {
	river.WorkerDefaults[WatchArgs]
	r *Rules
}

func (w *watchWorker) Work(ctx context.Context, job *river.Job[WatchArgs]) error {
	_, err := w.r.Watch(ctx, job.Args.CompanyID)
	return err
}

// Watch runs the due rules, then raises the alerts of each company with data (of one company, or all with 0),
// answering how many rules ran.
func (r *Rules) Watch(ctx context.Context, companyID int64) (int, error) {
	ran, err := r.RunDue(ctx, companyID)
	if err != nil {
		return ran, err
	}
	companies := []int64{companyID}
	if companyID == 0 {
		if companies, err = advertisingdb.CompaniesWithAdDays(r.ads.db.With(ctx)); err != nil {
			return ran, err
		}
	}
	for _, c := range companies {
		if _, err := r.RaiseAlerts(ctx, c, false); err != nil {
			r.log.Error("advertising alerts failed", "company", c, "err", err)
		}
	}
	return ran, nil
}
