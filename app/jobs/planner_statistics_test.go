package jobs_test

import (
	"testing"
	"time"

	"sellerhub/app/jobs"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// On SQLite the queue refreshes the planner's statistics when it starts: the brands' table, analysed, has its
// row in sqlite_stat1, and no table has stat4 samples (which would make every statement compile twice). On
// PostgreSQL, which keeps its own statistics, the job's kind is not even known to the queue.
func TestPlannerStatisticsRefreshedAtStart(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "统计"}, owner); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"甲", "乙", "丙"} {
			if err := db.Create(&catalogdb.Brand{ID: models.NewID(), CompanyID: owner.CompanyID, Name: name}).Error; err != nil {
				t.Fatal(err)
			}
		}
		q := started(t, db, testConfig(t), func(q *jobs.Queue) { jobs.KeepPlannerStatistics(q, db) })
		if db.Driver != "sqlite" {
			// No worker of the kind was added: the queue refuses to insert it at once, so neither the periodic
			// job nor anyone else can queue it.
			if _, err := q.Insert(db, jobs.PlannerStatisticsArgs{}, nil); err == nil {
				t.Fatal("PostgreSQL's queue knows the planner statistics job")
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
