package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/models"
)

// plannerStatisticsEvery is how often the database's planner statistics are refreshed: imports add hundreds of
// thousands of rows in an hour, and a refresh that finds nothing changed costs milliseconds.
const plannerStatisticsEvery = time.Hour

// PlannerStatisticsArgs is the periodic refresh of the planner's statistics (models.RefreshPlannerStatistics).
type PlannerStatisticsArgs struct{}

// Kind names the job in River's table.
func (PlannerStatisticsArgs) Kind() string { return "planner_statistics" }

type plannerStatisticsWorker struct {
	river.WorkerDefaults[PlannerStatisticsArgs]
	db *models.DB
}

func (w *plannerStatisticsWorker) Work(ctx context.Context, _ *river.Job[PlannerStatisticsArgs]) error {
	return w.db.RefreshPlannerStatistics(ctx)
}

// KeepPlannerStatistics refreshes the SQLite database's planner statistics at start and every hour; before Start.
// PostgreSQL keeps its own, and gets no job.
func KeepPlannerStatistics(q *Queue, db *models.DB) {
	if db.Driver != "sqlite" {
		return
	}
	AddWorker(q, &plannerStatisticsWorker{db: db})
	q.AddPeriodic(plannerStatisticsEvery, func() (river.JobArgs, *river.InsertOpts) {
		return PlannerStatisticsArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: plannerStatisticsEvery}}
	}, true)
}
