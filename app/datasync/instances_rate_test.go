package datasync_test

import (
	"crypto/rand"
	"encoding/hex"
	"maps"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// Amazon's published getReport plan: 2 calls a second, a burst of 15. The stand-in says this rate and holds each
// seller to it. A report is DONE at its first getReport, and a seller's first sync asks for dozens: four syncs
// at once want far more than the rate.
const (
	getReportRate  = 2.0
	getReportBurst = 15
	reportPolls    = 1
	// quotaSlack is how early the stand-in lets a call come: between an instance's turn and the call reaching
	// the stand-in lie a scheduler and a socket, and a 2-core machine under load delays one call more than the
	// next. An early call borrows its token from the calls after it, never a rate above the plan.
	quotaSlack = 250 * time.Millisecond
	// goneAfter is the rescue delay the processes run with (SELLERHUB_JOB_GONE_AFTER): short, to keep the test short.
	goneAfter = 3 * time.Second
)

// Sellerhub processes on one PostgreSQL and Redis, syncing against the stand-in that holds each seller to Amazon's
// published getReport plan: one instance alone gets the plan's full rate; two syncing one seller together take
// their turns from one bucket, so that their calls together never go over it (no 429 from Amazon); and one killed
// (SIGKILL) while it holds running syncs leaves them to the other, which runs them again once the killed one has
// been silent for SELLERHUB_JOB_GONE_AFTER, resuming their runs: every sync completes once, no report is asked
// for twice, and the data is what the seller has, not doubled.
func TestProcessesKeepAmazonsRateAndRescueAKilledOnesSyncs(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two server processes")
	}
	redisEnv := sharedRedis(t)
	amz := amazontest.Start(t)
	w := sellerdata.New(time.Now())
	amz.Content, amz.Scheduled, amz.Catalog, amz.Items, amz.Fees = w.Content, w.Scheduled, w.Parents, w.Item, w.FeeQuote
	amz.Book = w.Book
	amz.ReportPolls = reportPolls
	amz.SetRateLimit("getReport", getReportRate)
	amz.Quotas = amazontest.NewQuotas(quotaSlack)
	h := apptest.Start(t, apptest.WithDatabase(dbtest.Postgres), apptest.WithConfig(amz.Configure))
	env := append(amz.Env(), redisEnv...)
	// Eight workers each, so that a company's share (half) lets four syncs of one seller run at once.
	env = append(env, "SELLERHUB_DATABASE_URL="+h.DB.URL, "SELLERHUB_DEMO_DATA=false", "SELLERHUB_LOG_LEVEL=warn",
		"SELLERHUB_LOG_FORMAT=text", "SELLERHUB_REPORT_POLL=50ms", "SELLERHUB_WORKER_COUNT=8",
		"SELLERHUB_JOB_GONE_AFTER="+goneAfter.String(), "SELLERHUB_SHUTDOWN_GRACE=5s")
	c := h.SignedIn("13900000081", "多实例同步公司")
	began := time.Now()

	// One instance alone syncs the North American seller at the plan's full rate.
	a := apptest.StartProcess(t, "A", env...)
	idA := instanceIDs(t, h)
	if len(idA) != 1 {
		t.Fatalf("job instances after A started: %v", idA)
	}
	na := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
	waitSellerSynced(t, h, na, a)
	calls := amz.Quotas.Calls(amazontest.DefaultSeller, "getReport")
	keptRate(t, "A alone", calls)
	t.Logf("A alone (%s in): %s", time.Since(began).Round(time.Second), rateOf(calls))

	// Two instances sync the European seller together: one bucket, their calls together within the plan.
	b := apptest.StartProcess(t, "B", env...)
	idB := slices.DeleteFunc(instanceIDs(t, h), func(id string) bool { return id == idA[0] })
	if len(idB) != 1 {
		t.Fatalf("job instances after B started: %v (A's %v)", idB, idA)
	}
	eu := authorise(t, h, amz, c, amazontest.EuropeSeller, "EU", "欧洲店")
	waitSellerSynced(t, h, eu, a, b)
	calls = amz.Quotas.Calls(amazontest.EuropeSeller, "getReport")
	keptRate(t, "A and B", calls)
	tokens := map[string]int{}
	for _, c := range calls {
		tokens[c.Token]++
	}
	if len(tokens) < 2 {
		t.Fatalf("the European seller's getReport calls came with %d access tokens: one instance did them all", len(tokens))
	}
	t.Logf("A and B together (%s in): %s, %v by access token", time.Since(began).Round(time.Second), rateOf(calls), slices.Collect(maps.Values(tokens)))

	// The Japanese seller's syncs stop at their first download; the instance holding most of them is killed.
	amz.HoldDocuments()
	jp := authorise(t, h, amz, c, amazontest.JapanSeller, "FE", "日本店")
	owner := map[string]*apptest.Process{idA[0]: a, idB[0]: b}
	var victim *apptest.Process
	var victimID string
	var held []int64
	until(t, h, "a download held while its sync runs on an instance", func() bool {
		// Not while a sync has finished its work and River has yet to mark its job completed: the rescue would
		// rightly run that job again, and its kind twice.
		var finishing int64
		if err := h.DB.Raw(`SELECT COUNT(*) FROM river_job r JOIN sync_tasks t ON t.seller_id = CAST(r.args->>'seller_id' AS BIGINT)
  AND t.kind = r.args->>'kind' WHERE r.kind = 'datasync' AND r.state = 'running' AND t.state = ?`, datasyncdb.SyncDone).Scan(&finishing).Error; err != nil {
			t.Fatal(err)
		}
		if !downloading(amz) || finishing > 0 {
			return false
		}
		running := runningSyncs(t, h, jp)
		for _, id := range []string{idB[0], idA[0]} {
			if len(running[id]) > 0 && len(running[id]) >= len(held) {
				victim, victimID, held = owner[id], id, running[id]
			}
		}
		return victim != nil
	})
	survivor := a
	if victim == a {
		survivor = b
	}
	if err := victim.Stop(syscall.SIGKILL, 10*time.Second); err == nil {
		t.Fatalf("%s exited cleanly on SIGKILL", victim.Name)
	}
	killed := time.Now()
	// Its jobs running as it died (not those it was about to hand back a moment before).
	if held = runningSyncs(t, h, jp)[victimID]; len(held) == 0 {
		t.Fatalf("%s was killed holding no sync job", victim.Name)
	}
	amz.ReleaseDocuments()
	t.Logf("%s killed holding sync jobs %v", victim.Name, held)
	// Each held job stays the killed instance's until the survivor takes it as gone: its last beat (at most a
	// beat, a sixth of the delay, before the kill) and the delay later, give or take the survivor's beat.
	rescued := map[int64]time.Duration{}
	until(t, h, "the killed instance's jobs rescued", func() bool {
		var still []int64
		if err := h.DB.Raw(`SELECT id FROM river_job WHERE id IN ? AND state = 'running' AND attempted_by[array_length(attempted_by, 1)] = ?`,
			held, victimID).Scan(&still).Error; err != nil {
			t.Fatal(err)
		}
		for _, id := range held {
			if _, ok := rescued[id]; !ok && !slices.Contains(still, id) {
				rescued[id] = time.Since(killed)
			}
		}
		return len(still) == 0
	})
	beat := goneAfter / 6
	for id, after := range rescued {
		if after < goneAfter-beat-100*time.Millisecond || after > goneAfter+2*beat+2*time.Second {
			t.Fatalf("job %d of the killed instance was taken up again %s after the kill; the rescue delay is %s", id, after, goneAfter)
		}
	}
	t.Logf("its jobs queued again %v after the kill (SELLERHUB_JOB_GONE_AFTER=%s)", slices.Sorted(maps.Values(rescued)), goneAfter)
	waitSellerSynced(t, h, jp, survivor)
	// River marks a job completed just after its run is done.
	waitNoSyncJobs(t, h)

	// The killed instance's jobs ran again on the survivor, after the rescue delay, and completed once.
	var jobs []struct {
		ID          int64
		State       string
		AttemptedBy string
		Args        string
	}
	if err := h.DB.Raw(`SELECT id, state, array_to_string(attempted_by, ',') AS attempted_by, args::text AS args
FROM river_job WHERE kind = 'datasync' ORDER BY id`).Scan(&jobs).Error; err != nil {
		t.Fatal(err)
	}
	perTask := map[string]int{}
	for _, j := range jobs {
		if j.State != "completed" {
			t.Fatalf("sync job %d is %s: %s", j.ID, j.State, j.Args)
		}
		perTask[j.Args]++
		if !slices.Contains(held, j.ID) {
			continue
		}
		by := strings.Split(j.AttemptedBy, ",")
		if !slices.Contains(by, victimID) || by[len(by)-1] == victimID {
			t.Fatalf("held job %d was attempted by %v; the killed instance is %s", j.ID, by, victimID)
		}
	}
	if want := 3 * len(amazondata.Kinds); len(perTask) != want || len(jobs) != want {
		t.Fatalf("%d sync jobs of %d tasks; want one job per task, %d", len(jobs), len(perTask), want)
	}
	for _, seller := range []struct {
		id   int64
		name string
	}{{na, amazontest.DefaultSeller}, {eu, amazontest.EuropeSeller}, {jp, amazontest.JapanSeller}} {
		// Each task's one run, resumed where the killed instance left it rather than started again.
		var runs []datasyncdb.SyncRun
		h.DB.Where("seller_id = ?", seller.id).Find(&runs)
		if len(runs) != len(amazondata.Kinds) {
			t.Fatalf("%s: %d sync runs of %d kinds", seller.name, len(runs), len(amazondata.Kinds))
		}
		var asked int64
		h.DB.Model(&datasyncdb.SyncReport{}).Where("seller_id = ? AND report_id <> '' AND kind <> ?", seller.id, "settlements").Count(&asked)
		if created := len(amz.Quotas.Calls(seller.name, "createReport")); int64(created) != asked {
			t.Fatalf("%s: Amazon was asked for %d reports; the runs have %d", seller.name, created, asked)
		}
		var s storesdb.Seller
		h.DB.Take(&s, "id = ?", seller.id)
		if got, want := countsOf(t, h, s.CompanyID, s.ID), truth(t, h, w, s.ID, seller.name); got != want {
			t.Errorf("%s synced\n %+v\nthe world has\n %+v", seller.name, got, want)
		}
		if n := amz.Quotas.Over(seller.name); n != 0 {
			t.Errorf("%s: %d calls over Amazon's plan", seller.name, n)
		}
	}
	t.Logf("three sellers synced, one instance killed mid-sync, in %s", time.Since(began).Round(time.Second))
}

// sharedRedis is the processes' Redis settings under a prefix of their own, removed at the end; the test is
// skipped without Redis (CI requires it).
func sharedRedis(t *testing.T) []string {
	t.Helper()
	const url = "redis://127.0.0.1:6379/0"
	opts, _ := redis.ParseURL(url)
	rc := redis.NewClient(opts)
	t.Cleanup(func() { rc.Close() })
	if err := rc.Ping(t.Context()).Err(); err != nil {
		dbtest.Unreachable(t, "redis", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	prefix := "sellerhub-test:" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() {
		if keys, _ := rc.Keys(t.Context(), prefix+"*").Result(); len(keys) > 0 {
			rc.Del(t.Context(), keys...)
		}
	})
	return []string{"SELLERHUB_REDIS_URL=" + url, "SELLERHUB_REDIS_PREFIX=" + prefix}
}

// instanceIDs are the job instances saying they are alive.
func instanceIDs(t *testing.T, h *apptest.Harness) []string {
	t.Helper()
	var ids []string
	if err := h.DB.Model(&models.JobInstance{}).Order("id").Pluck("id", &ids).Error; err != nil {
		t.Fatal(err)
	}
	return ids
}

// runningSyncs are the seller's sync jobs running, by the instance working them.
func runningSyncs(t *testing.T, h *apptest.Harness, sellerID int64) map[string][]int64 {
	t.Helper()
	var rows []struct {
		ID    int64
		Owner string
	}
	if err := h.DB.Raw(`SELECT id, attempted_by[array_length(attempted_by, 1)] AS owner FROM river_job
WHERE kind = 'datasync' AND state = 'running' AND args->>'seller_id' = ?`, strconv.FormatInt(sellerID, 10)).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := map[string][]int64{}
	for _, r := range rows {
		out[r.Owner] = append(out[r.Owner], r.ID)
	}
	return out
}

// waitSellerSynced waits until every task of the seller is done; a failed one, or an instance that exits, stops
// the test with its log.
func waitSellerSynced(t *testing.T, h *apptest.Harness, sellerID int64, instances ...*apptest.Process) {
	t.Helper()
	deadline := time.Now().Add(syncDeadline)
	for {
		var tasks []datasyncdb.SyncTask
		if err := h.DB.Where("seller_id = ?", sellerID).Find(&tasks).Error; err != nil {
			t.Fatal(err)
		}
		done := 0
		for _, task := range tasks {
			if task.State == datasyncdb.SyncFailed {
				t.Fatalf("%s of seller %d failed: %s%s", task.Kind, sellerID, task.LastError, logsOf(instances))
			}
			if task.State == datasyncdb.SyncDone {
				done++
			}
		}
		if len(tasks) == len(amazondata.Kinds) && done == len(tasks) {
			return
		}
		for _, p := range instances {
			if p.Exited() {
				t.Fatalf("%s exited%s", p.Name, logsOf(instances))
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s %d of %d tasks of seller %d synced%s", syncDeadline, done, len(tasks), sellerID, logsOf(instances))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func logsOf(instances []*apptest.Process) string {
	var b strings.Builder
	for _, p := range instances {
		b.WriteString("\n" + p.Name + ":\n" + p.Out.String())
	}
	return b.String()
}

// keptRate fails the test when the seller's calls were not within the plan at the stand-in (any answered 429),
// or when they came at clearly less than the plan's rate while the syncs wanted more: the plan allows the burst and
// the rate's calls in the time from the first call to the last, and an instance that kept to half the rate (each of
// two its share, say) would make about two thirds of them.
func keptRate(t *testing.T, who string, calls []amazontest.QuotaCall) {
	t.Helper()
	for i, c := range calls {
		if c.Over {
			var seen strings.Builder
			for k := max(0, i-12); k <= i; k++ {
				seen.WriteString(" " + calls[k].At.Sub(calls[0].At).Round(time.Millisecond).String())
			}
			t.Fatalf("%s: getReport call %d of %d came over Amazon's plan (answered 429); calls since the first at%s", who, i+1, len(calls), seen.String())
		}
	}
	if len(calls) < getReportBurst+10 {
		t.Fatalf("%s: only %d getReport calls: the syncs never wanted more than the burst", who, len(calls))
	}
	if n, allowed := float64(len(calls)), allowedCalls(calls); n < 0.85*allowed {
		t.Fatalf("%s: %s: less than the plan's full rate", who, rateOf(calls))
	}
}

// allowedCalls is how many calls the plan allows from the first call to the last.
func allowedCalls(calls []amazontest.QuotaCall) float64 {
	return getReportBurst + calls[len(calls)-1].At.Sub(calls[0].At).Seconds()*getReportRate
}

// earliest is how much earlier than the plan allows the calls came at worst (zero: never), replayed at the stand-in
// without its slack.
func earliest(calls []amazontest.QuotaCall) time.Duration {
	tokens, at, worst := float64(getReportBurst), time.Time{}, 0.0
	for _, c := range calls {
		if !at.IsZero() {
			tokens = min(float64(getReportBurst), tokens+c.At.Sub(at).Seconds()*getReportRate)
		}
		at = c.At
		worst = max(worst, 1-tokens)
		tokens--
	}
	return time.Duration(worst / getReportRate * float64(time.Second))
}

// rateOf says how many calls came in how long, against what the plan allows in that time.
func rateOf(calls []amazontest.QuotaCall) string {
	span := calls[len(calls)-1].At.Sub(calls[0].At)
	return strconv.Itoa(len(calls)) + " getReport calls in " + span.Round(time.Millisecond).String() + " (the plan allows " +
		strconv.FormatFloat(allowedCalls(calls), 'f', 1, 64) + "), at worst " + earliest(calls).Round(time.Millisecond).String() + " early"
}
