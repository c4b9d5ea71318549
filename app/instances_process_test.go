package app_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/apptest"
	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// twoInstances starts two `sellerhub serve` processes on one fresh PostgreSQL database (seeded by a harness,
// which the test also uses to set rows up) and one Redis, under a prefix of their own, behind a round-robin proxy.
func twoInstances(t *testing.T, extra ...string) (*apptest.Harness, *apptest.Process, *apptest.Process, *apptest.RoundRobin) {
	t.Helper()
	const redisURL = "redis://127.0.0.1:6379/0"
	opts, _ := redis.ParseURL(redisURL)
	rc := redis.NewClient(opts)
	defer rc.Close()
	if err := rc.Ping(t.Context()).Err(); err != nil {
		dbtest.Unreachable(t, "redis", err)
	}
	h := apptest.Start(t, apptest.WithDatabase(dbtest.Postgres))
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	prefix := "sellerhub-test:" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() {
		opts, _ := redis.ParseURL(redisURL)
		rc := redis.NewClient(opts)
		defer rc.Close()
		keys, _ := rc.Keys(t.Context(), prefix+"*").Result()
		if len(keys) > 0 {
			rc.Del(t.Context(), keys...)
		}
	})
	env := append([]string{"SELLERHUB_DATABASE_URL=" + h.DB.URL, "SELLERHUB_REDIS_URL=" + redisURL,
		"SELLERHUB_REDIS_PREFIX=" + prefix, "SELLERHUB_DEMO_DATA=false", "SELLERHUB_LOG_LEVEL=warn",
		"SELLERHUB_LOG_FORMAT=text", "SELLERHUB_METRICS_TOKEN=" + processMetricsToken,
		"SELLERHUB_DRAIN_WAIT=400ms", "SELLERHUB_SHUTDOWN_GRACE=10s"}, extra...)
	// One after the other: each checks the schema and seed at start.
	a := apptest.StartProcess(t, "A", env...)
	bb := apptest.StartProcess(t, "B", env...)
	return h, a, bb, apptest.StartRoundRobin(t, a, bb)
}

const processMetricsToken = "two-instances-metrics-token"

// Two `sellerhub serve` processes on one PostgreSQL and one Redis, driven as users: a grant taken away through A
// is refused by B within a second; wrong passwords spread over both count against one limit; a report uploaded
// through A is imported once, by one of them; and A stopped by SIGTERM under load through the proxy costs no
// request an error, finishing what it had and exiting cleanly.
func TestTwoProcessesOnePostgresAndRedis(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two server processes")
	}
	h, a, b, proxy := twoInstances(t, "SELLERHUB_SYNC_SCHEDULE=1s")
	onA, onB := h.ClientOf(a.URL), h.ClientOf(b.URL)

	// A grant removed on A is refused on B within a second.
	_, role := h.RestrictedUser("13500000019", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"})
	clerk := h.ClientOf(b.URL)
	apptest.ExpectOK(t, clerk.Login("13500000019", "Passw0rd!"))
	const inbound = "/erp/api/v1/inbound/page"
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, inbound, map[string]any{}))
	apptest.ExpectOK(t, onA.Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.ExpectOK(t, onA.Call(http.MethodPut, "/admin/api/v1/roles/"+strconv.FormatInt(role.ID, 10)+"/grants",
		map[string]any{"menuIds": []string{}, "permissionIds": []string{}}))
	start := time.Now()
	for deadline := start.Add(time.Second); ; time.Sleep(10 * time.Millisecond) {
		env := clerk.Call(http.MethodPost, inbound, map[string]any{})
		if env.Msg == core.ErrForbidden.Msg {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("B still answers the clerk (%d %s) a second after A took the grant away", env.Status, env.Msg)
		}
	}
	t.Logf("B refused the clerk %v after A took the grant away", time.Since(start))

	// An announcement published through A reaches the clerk polling B.
	env := onA.Call(http.MethodPost, "/admin/api/v1/notify/addAnnounce",
		map[string]any{"title": "多实例公告", "content": "两个实例，一份数据", "action": "timely"})
	apptest.ExpectOK(t, env)
	for deadline := time.Now().Add(time.Second); ; time.Sleep(10 * time.Millisecond) {
		var n struct{ Delivered int64 }
		pulled := clerk.Call(http.MethodGet, "/admin/api/v1/notify/pullMessage", nil)
		apptest.ExpectOK(t, pulled)
		pulled.Into(t, &n)
		if n.Delivered == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the clerk polling B got nothing of the announcement published through A")
		}
	}
	if latest := clerk.Call(http.MethodGet, "/admin/api/v1/notify/getMsgLimit", nil); !strings.Contains(string(latest.Data), "多实例公告") {
		t.Fatalf("B's latest messages: %s", latest.Data)
	}

	// An inbound document approved on A and B at once moves stock once; cancelled on both at once, once back.
	const erp = "/erp/api/v1/"
	env = onA.Call(http.MethodPost, erp+"warehouse", map[string]any{"name": "多实例仓", "kind": "own", "address": "深圳市宝安区"})
	apptest.ExpectOK(t, env)
	var wh struct{ ID string }
	env.Into(t, &wh)
	product := &catalogdb.LocalProduct{CompanyID: role.CompanyID, SKU: "TWO-1", Name: "两实例产品", Kind: catalogdb.ProductKindProduct}
	if err := h.DB.Create(product).Error; err != nil {
		t.Fatal(err)
	}
	env = onA.Call(http.MethodPost, erp+"inbound", map[string]any{"warehouseId": wh.ID, "remark": "多实例",
		"lines": []map[string]any{{"productId": strconv.FormatInt(product.ID, 10), "quantity": 5}}})
	apptest.ExpectOK(t, env)
	var doc struct{ ID string }
	env.Into(t, &doc)
	apptest.ExpectOK(t, onA.Call(http.MethodPost, erp+"inbound/"+doc.ID+"/submit", nil))
	onB.Token = onA.Token // the same session through the other instance (a second sign-in would end the first)
	fulfillable := func() int {
		env := onB.Call(http.MethodPost, erp+"stock/page", map[string]any{"warehouseId": wh.ID, "pagesize": 100})
		apptest.ExpectOK(t, env)
		var page struct {
			Records []struct {
				ProductID   string `json:"productId"`
				Fulfillable int    `json:"fulfillable"`
			}
		}
		env.Into(t, &page)
		for _, r := range page.Records {
			if r.ProductID == strconv.FormatInt(product.ID, 10) {
				return r.Fulfillable
			}
		}
		return 0
	}
	for _, step := range []struct {
		action string
		want   int
	}{{"approve", 5}, {"cancel", 0}} {
		var both sync.WaitGroup
		answers := make([]apptest.Envelope, 2)
		for i, c := range []*apptest.Client{onA, onB} {
			both.Go(func() { answers[i] = c.Call(http.MethodPost, erp+"inbound/"+doc.ID+"/"+step.action, nil) })
		}
		both.Wait()
		if ok := (answers[0].Code == "201") != (answers[1].Code == "201"); !ok {
			t.Fatalf("%s on both at once: %s %s / %s %s", step.action, answers[0].Code, answers[0].Msg, answers[1].Code, answers[1].Msg)
		}
		if got := fulfillable(); got != step.want {
			t.Fatalf("after %s on both at once: %d in stock, want %d", step.action, got, step.want)
		}
	}

	// Wrong passwords through both count against one limit: the sixth try is refused on either.
	for i := range 5 {
		c := []*apptest.Client{onA, onB}[i%2]
		apptest.Expect(t, c.Login("13500000019", "Wrong#pass"+strconv.Itoa(i)), 200, "B0001", "账号或密码有误")
	}
	for _, c := range []*apptest.Client{onA, onB} {
		if env := c.Login("13500000019", "Passw0rd!"); env.Status != http.StatusTooManyRequests {
			t.Fatalf("after five wrong passwords over both: %d %s", env.Status, env.Msg)
		}
	}

	// A report uploaded through A is imported once, by whichever instance takes the job.
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	var seller int64
	if err := h.DB.Raw(`SELECT id FROM sellers WHERE company_id = ? ORDER BY id LIMIT 1`, admin.CompanyID).Scan(&seller).Error; err != nil || seller == 0 {
		t.Fatalf("no seller of the admin's company: %v", err)
	}
	// Its data comes from uploads alone: no sync of its own starts meanwhile.
	h.DB.Exec(`UPDATE sellers SET refresh_token = '' WHERE id = ?`, seller)
	w := sellerdata.New(time.Now())
	r, err := w.Content(amazontest.DefaultSeller, "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA", []string{"ATVPDKIKX0DER"}, w.Now.Add(-24*time.Hour), w.Now)
	if err != nil {
		t.Fatal(err)
	}
	inventory, _ := io.ReadAll(r)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range map[string]string{"sellerid": strconv.FormatInt(seller, 10), "kind": "inventory", "marketplaceid": "ATVPDKIKX0DER"} {
		_ = mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", "inventory.txt")
	_, _ = fw.Write(inventory)
	_ = mw.Close()
	resp, raw := onA.Raw(http.MethodPost, "/amazon/api/v1/datasync/upload", mw.FormDataContentType(), &body)
	env = apptest.Envelope{}
	if err := json.Unmarshal(raw, &env); err != nil || env.Code != "201" {
		t.Fatalf("upload through A: %d %s", resp.StatusCode, raw)
	}
	var run struct{ ID string }
	env.Into(t, &run)
	deadline := time.Now().Add(time.Minute)
	for {
		var status string
		h.DB.Raw(`SELECT status FROM sync_runs WHERE id = ?`, run.ID).Scan(&status)
		if status == "done" {
			break
		}
		if status == "failed" || time.Now().After(deadline) {
			t.Fatalf("the upload's run is %q\nA:\n%s\nB:\n%s", status, a.Out.String(), b.Out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	// River marks the job completed just after the run is done.
	var jobs []struct {
		State   string
		Attempt int
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		h.DB.Raw(`SELECT state, attempt FROM river_job WHERE kind = 'datasync_upload'`).Scan(&jobs)
		if len(jobs) != 1 || jobs[0].State == "completed" || time.Now().After(deadline) {
			break
		}
	}
	if len(jobs) != 1 || jobs[0].State != "completed" || jobs[0].Attempt != 1 {
		t.Fatalf("upload jobs %+v", jobs)
	}
	if n := scrapeCount(t, a, "datasync_upload") + scrapeCount(t, b, "datasync_upload"); n != 1 {
		t.Fatalf("the upload's job worked %d times by the two instances", n)
	}

	// The periodic sync schedule (every second here) ran once a period, by one instance or the other, never by both.
	var periods []struct {
		Period int64
		Jobs   int
		Done   int
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		h.DB.Raw(`SELECT CAST(FLOOR(EXTRACT(EPOCH FROM scheduled_at)) AS BIGINT) AS period, COUNT(*) AS jobs,
  SUM(CASE WHEN state = 'completed' AND attempt = 1 THEN 1 ELSE 0 END) AS done
FROM river_job WHERE kind = 'datasync_schedule' GROUP BY 1 ORDER BY 1`).Scan(&periods)
		if len(periods) >= 3 || time.Now().After(deadline) {
			break
		}
	}
	if len(periods) < 3 {
		t.Fatalf("the periodic schedule ran in %d periods within 20 s", len(periods))
	}
	done := 0
	for _, p := range periods {
		if p.Jobs != 1 {
			t.Fatalf("the schedule ran %d times in the period at %d", p.Jobs, p.Period)
		}
		done += p.Done
	}
	// Worked at least as often as completed before the scrape, at most as often as queued after it.
	n := scrapeCount(t, a, "datasync_schedule") + scrapeCount(t, b, "datasync_schedule")
	var queued int
	h.DB.Raw(`SELECT COUNT(*) FROM river_job WHERE kind = 'datasync_schedule'`).Scan(&queued)
	if n < done || n > queued {
		t.Fatalf("the two instances worked the schedule %d times; %d completed before, %d queued after", n, done, queued)
	}

	// A rolling restart of A under load through the proxy: no request fails, and A exits cleanly.
	viaProxy := h.ClientOf(proxy.URL)
	apptest.ExpectOK(t, viaProxy.Login(apptest.AdminAccount, apptest.AdminPassword))
	load := restartLoad(proxy.URL, viaProxy.Token)
	var stopped error
	var wg sync.WaitGroup
	wg.Go(func() {
		time.Sleep(300 * time.Millisecond) // the load is under way
		stopped = a.Stop(syscall.SIGTERM, 15*time.Second)
	})
	res := apptest.Load(8, 1<<20, 2*time.Second, load)
	wg.Wait()
	if stopped != nil {
		t.Fatalf("A's stop: %v\n%s", stopped, a.Out.String())
	}
	if res.Errors != 0 || res.Requests < 50 {
		t.Fatalf("during A's rolling restart: %d errors of %d requests (%d refused by the proxy)", res.Errors, res.Requests, proxy.Refused.Load())
	}
	t.Logf("rolling restart of A under load: %d requests, 0 errors", res.Requests)

	// A new A, then B killed outright under load: only the requests B had in flight may fail; A answers the rest.
	a2 := apptest.StartProcess(t, "A2", a.Env()...)
	crash := apptest.StartRoundRobin(t, a2, b)
	wg.Go(func() {
		time.Sleep(300 * time.Millisecond)
		_ = b.Stop(syscall.SIGKILL, 5*time.Second)
	})
	const clients = 8
	res = apptest.Load(clients, 1<<20, 2*time.Second, restartLoad(crash.URL, viaProxy.Token))
	wg.Wait()
	if res.Errors > clients || res.Requests < 50 {
		t.Fatalf("B killed under load: %d errors of %d requests, beyond the %d it could have had in flight", res.Errors, res.Requests, clients)
	}
	t.Logf("B killed under load: %d requests, %d errors (at most its %d in flight)", res.Requests, res.Errors, clients)
}

// restartLoad is the mixed load of a signed-in user and a visitor: the sign-in page, menus/route, and a list.
func restartLoad(base, token string) func() bool {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	var n sync.Mutex
	i := 0
	return func() bool {
		n.Lock()
		i++
		k := i
		n.Unlock()
		var req *http.Request
		switch k % 3 {
		case 0:
			req, _ = http.NewRequest(http.MethodGet, base+"/login", nil)
		case 1:
			req, _ = http.NewRequest(http.MethodGet, base+"/admin/api/v1/menus/route", nil)
		default:
			req, _ = http.NewRequest(http.MethodPost, base+"/erp/api/v1/inbound/page", strings.NewReader(`{}`))
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("jsessionid", token)
		resp, err := client.Do(req)
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK && (k%3 == 0 || bytes.HasPrefix(b, []byte(`{"code":"201"`)))
	}
}

// scrapeCount is the instance's count of a kind's jobs worked successfully, from its /metrics.
func scrapeCount(t *testing.T, p *apptest.Process, kind string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.URL+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+processMetricsToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`sellerhub_job_attempts_total\{kind="` + kind + `",outcome="ok"\} (\d+)`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// Expand, then contract: during a rolling restart the old release keeps serving (and may restart) on a database
// the new release has migrated past it. Shown with this build on a database one migration ahead of it: it starts,
// is ready and serves.
func TestABuildServesOnANewerSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	h := apptest.Start(t, apptest.WithDatabase(dbtest.Postgres))
	var newest int64
	if err := h.DB.Raw(`SELECT MAX(version_id) FROM goose_db_version WHERE is_applied`).Scan(&newest).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (?, ?)`, newest+1, true).Error; err != nil {
		t.Fatal(err)
	}
	p := apptest.StartProcess(t, "old", "SELLERHUB_DATABASE_URL="+h.DB.URL, "SELLERHUB_DEMO_DATA=false",
		"SELLERHUB_LOG_LEVEL=warn")
	c := h.ClientOf(p.URL)
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.ExpectOK(t, c.Call(http.MethodGet, "/admin/api/v1/menus/route", nil))
}
