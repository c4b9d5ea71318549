package jobs_test

import (
	"testing"
	"time"

	"sellerhub/app/jobs"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// On SQLite the queue refreshes the planner's statistics when it starts: the brands' table, analysed, has its
// row in sqlite_stat1, and no table has stat4 samples (which would make every statement compile twice). On
// PostgreSQL, which keeps its own statistics, the job is not even declared.
func TestPlannerStatisticsRefreshedAtStart(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := &models.User{Account: "13900000001", PasswordHash: "x"}
		if err := db.CreateCompanyWithOwner(&models.Company{Name: "统计"}, owner); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"甲", "乙", "丙"} {
			if err := db.Create(&models.Brand{ID: models.NewID(), CompanyID: owner.CompanyID, Name: name}).Error; err != nil {
				t.Fatal(err)
			}
		}
		started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.KeepPlannerStatistics(q, db) })
		if db.Driver != "sqlite" {
			if got := listJobs(t, db, jobs.PlannerStatisticsArgs{}.Kind()); len(got) != 0 {
				t.Fatalf("PostgreSQL got %d planner statistics jobs", len(got))
			}
			return
		}
		waitFor(t, 30*time.Second, "brands analysed", func() bool {
			var n int64
			db.Raw("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'").Scan(&n)
			if n == 0 {
				return false
			}
			db.Raw("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'brands'").Scan(&n)
			return n > 0
		})
		var stat4 int64
		db.Raw("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat4'").Scan(&stat4)
		if stat4 > 0 {
			db.Raw("SELECT count(*) FROM sqlite_stat4").Scan(&stat4)
		}
		if stat4 != 0 {
			t.Fatalf("sqlite_stat4 holds %d samples", stat4)
		}
	})
}
