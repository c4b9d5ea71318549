package jobs

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/models"
)

// shareSnooze is how long a job of a company already at its share waits before it asks again; a random part
// keeps a company's waiting jobs from all asking at once.
func shareSnooze() time.Duration { return time.Second + rand.N(time.Second) }

// companyShare keeps one company from holding every worker (four uploads of huge files held them all, and another
// company's 立即同步 waited minutes): a job whose args name a company_id starts only while fewer than share jobs of
// that company that started before it run on all instances; otherwise it is snoozed for a moment, which costs no
// attempt, and the worker takes the next job in the queue. River marks a job running as it fetches it; counting
// only those ahead lets the first of several starting together run instead of all of them waiting.
type companyShare struct {
	river.MiddlewareDefaults
	db    *models.DB
	share int
}

func (m *companyShare) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	var args struct {
		CompanyID json.RawMessage `json:"company_id"`
	}
	if json.Unmarshal(job.EncodedArgs, &args) != nil || len(args.CompanyID) == 0 {
		return doInner(ctx)
	}
	ahead, err := m.db.With(ctx).RunningJobsOfCompanyAhead(strings.Trim(string(args.CompanyID), `"`), job.ID)
	if err != nil {
		return river.JobSnooze(shareSnooze()) // the count is asked again, not the job's attempt spent
	}
	if ahead >= int64(m.share) {
		return river.JobSnooze(shareSnooze())
	}
	return doInner(ctx)
}
