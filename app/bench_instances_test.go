package app_test

import (
	"fmt"
	"net/http"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"sellerhub/app/apptest"
)

// TestLoadReportInstances prints, for `make bench`, what issue 50 asks of more than one instance: requests per
// second and p99 of a mixed load (the sign-in page, menus/route, 订单管理's first page, 销售报表 of 30 days; the
// demo company's 90 days of data) through the round-robin proxy to one `sellerhub serve` process, then to two on
// the same PostgreSQL and Redis, with the ratio (goal: two lose nothing on this 2-core machine, ratio >= 0.9); and
// the errors of a rolling restart of one of the two under that load (goal: none).
func TestLoadReportInstances(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	h, a, b, _ := twoInstances(t, "SELLERHUB_DEMO_DATA=true")
	one, two := apptest.StartRoundRobin(t, a), apptest.StartRoundRobin(t, a, b)
	admin := h.ClientOf(a.URL)
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	mixed := func(base string) func() bool {
		client := apptest.WireClient(benchClients)
		today := time.Now().Format(time.DateOnly)
		from := time.Now().AddDate(0, 0, -29).Format(time.DateOnly)
		amz := base + "/amazon/api/v1/"
		calls := []func() bool{
			func() bool {
				resp, err := client.Get(base + "/login")
				if err != nil {
					return false
				}
				resp.Body.Close()
				return resp.StatusCode == http.StatusOK
			},
			signedInGet(client, base+"/admin/api/v1/menus/route", admin.Token),
			signedInPost(client, amz+"orders/page", admin.Token, `{"currentpage":1,"pagesize":20}`),
			signedInPost(client, amz+"sales/report", admin.Token,
				fmt.Sprintf(`{"currentpage":1,"pagesize":20,"by":"sku","period":"day","startDate":%q,"endDate":%q}`, from, today)),
		}
		var mu sync.Mutex
		i := 0
		return func() bool {
			mu.Lock()
			i++
			k := i
			mu.Unlock()
			return calls[k%len(calls)]()
		}
	}
	fmt.Printf("== one instance and two behind a round-robin proxy, PostgreSQL and Redis, %d clients, mixed load\n", benchClients)
	run := func(name string, base string) apptest.LoadResult {
		do := mixed(base)
		apptest.Load(benchClients, 400, 20*time.Second, do) // warm up: connections, caches, the planner
		r := apptest.Load(benchClients, 6000, 40*time.Second, do)
		fmt.Printf("%-44s %s\n", name, r)
		benchLatency(t, "instances: "+name, r, 0)
		return r
	}
	r1 := run("one instance (behind the proxy)", one.URL)
	r2 := run("two instances (behind the proxy)", two.URL)
	ratio := r2.PerSecond / r1.PerSecond
	fmt.Printf("%-44s %.2f (goal >= 0.9)\n", "two/one requests per second", ratio)
	benchFigure(t, "instances: two/one requests per second", fmt.Sprintf("%.2f", ratio), ">= 0.9", ratio >= 0.9 && r1.Errors == 0 && r2.Errors == 0)

	// A rolling restart of A under the same load through the two-instance proxy.
	var stopped error
	var wg sync.WaitGroup
	wg.Go(func() {
		time.Sleep(2 * time.Second)
		stopped = a.Stop(syscall.SIGTERM, 20*time.Second)
	})
	r := apptest.Load(benchClients, 1<<20, 8*time.Second, mixed(two.URL))
	wg.Wait()
	if stopped != nil {
		t.Errorf("A's stop: %v", stopped)
	}
	fmt.Printf("%-44s %s\n", "rolling restart of one of two", r)
	benchFigure(t, "instances: rolling restart of one of two under load",
		fmt.Sprintf("%d errors of %d requests, p99 %.1f ms", r.Errors, r.Requests, ms(r.P99)), "0 errors",
		r.Errors == 0 && stopped == nil)
}
