package datasync_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/config"
	advertisingdb "sellerhub/models/advertising"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// adWorld is the product against the stand-in, with a store authorised in North America for both the Selling
// Partner API and advertising (the US and Canadian profiles).
type adWorld struct {
	h       *apptest.Harness
	amz     *amazontest.Server
	owner   *apptest.Client
	company int64
	seller  int64
	group   int64
}

func startAdWorld(t *testing.T, kind string, configure ...func(*amazontest.Server)) *adWorld {
	t.Helper()
	amz := amazontest.Start(t)
	for _, c := range configure {
		c(amz)
	}
	h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) {
		amz.Configure(c)
		c.ReportPoll = 20 * time.Millisecond
	}))
	w := &adWorld{h: h, amz: amz, owner: h.SignedIn("13900000001", "甲公司")}
	w.seller = authorise(t, h, amz, w.owner, amazontest.DefaultSeller, "NA", "北美店")
	var s storesdb.Seller
	if err := h.DB.Take(&s, "id = ?", w.seller).Error; err != nil {
		t.Fatal(err)
	}
	w.company, w.group = s.CompanyID, s.GroupID
	w.consent(t)
	// The store's first Selling Partner syncs, queued as it was authorised, are another test's: they go before
	// any worker takes them, so that only the advertising syncs run here.
	if err := h.DB.Exec("DELETE FROM river_job WHERE kind = ?", "datasync").Error; err != nil {
		t.Fatal(err)
	}
	h.StartWorkers(t)
	return w
}

// consent runs the advertising consent of the store's group in North America through the API.
func (w *adWorld) consent(t *testing.T) {
	t.Helper()
	env := w.owner.Call(http.MethodGet, "/amazonadv/api/v1/advert/bindUrl?groupid="+strconv.FormatInt(w.group, 10)+"&region=NA", nil)
	apptest.ExpectOK(t, env)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(env.String(t))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	apptest.ExpectOK(t, w.owner.Call(http.MethodGet, "/amazonadv/api/v1/advert/bindAdvAuthData?"+back.RawQuery, nil))
}

type listedTask struct {
	ID, Kind, KindName, State, LastError, Progress string
	ReportsDone, ReportsTotal                      int
}

// adTasks lists the store's advertising tasks as 数据同步 shows them (the list makes them).
func (w *adWorld) adTasks(t *testing.T) map[string]listedTask {
	t.Helper()
	out := map[string]listedTask{}
	for _, kind := range []string{"adentities", "adreports"} {
		env := w.owner.Call(http.MethodPost, "/amazon/api/v1/datasync/page", map[string]any{"currentpage": 1, "pagesize": 50, "kind": kind})
		apptest.ExpectOK(t, env)
		var page struct {
			Records []struct {
				ID           string `json:"id"`
				Kind         string `json:"kind"`
				KindName     string `json:"kindName"`
				State        string `json:"state"`
				LastError    string `json:"lastError"`
				Progress     string `json:"progress"`
				ReportsDone  int    `json:"reportsDone"`
				ReportsTotal int    `json:"reportsTotal"`
			} `json:"records"`
		}
		env.Into(t, &page)
		for _, r := range page.Records {
			out[r.Kind] = listedTask{ID: r.ID, Kind: r.Kind, KindName: r.KindName, State: r.State, LastError: r.LastError,
				Progress: r.Progress, ReportsDone: r.ReportsDone, ReportsTotal: r.ReportsTotal}
		}
	}
	return out
}

// syncAds queues both advertising kinds by hand (立即同步) and waits until both are done since then.
func (w *adWorld) syncAds(t *testing.T) {
	t.Helper()
	since := time.Now()
	tasks := w.adTasks(t)
	if len(tasks) != 2 {
		t.Fatalf("tasks %+v", tasks)
	}
	// A task is done a moment before River counts its job finished: a sync queued meanwhile would be taken for it.
	w.waitNoAdJobs(t)
	for _, task := range tasks {
		apptest.ExpectOK(t, w.owner.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+task.ID+"/sync", nil))
	}
	w.waitAds(t, since, datasyncdb.SyncDone)
}

// adDeadline bounds an advertising sync: a few seconds, however busy the machine.
const adDeadline = 90 * time.Second

// waitNoAdJobs waits until River holds no advertising sync job waiting or running.
func (w *adWorld) waitNoAdJobs(t *testing.T) {
	t.Helper()
	kind := "json_extract(args, '$.kind')"
	if w.h.DB.Driver == "postgres" {
		kind = "args->>'kind'"
	}
	deadline := time.Now().Add(syncDeadline)
	for {
		var n int64
		err := w.h.DB.Table("river_job").Where("kind = ? AND state IN ? AND "+kind+" IN ?", "datasync",
			[]string{"available", "pending", "retryable", "running", "scheduled"}, []string{"adentities", "adreports"}).Count(&n).Error
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s %d advertising sync jobs still waiting or running", syncDeadline, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (w *adWorld) waitAds(t *testing.T, since time.Time, state string) {
	t.Helper()
	deadline := time.Now().Add(adDeadline)
	for {
		var tasks []datasyncdb.SyncTask
		if err := w.h.DB.Where("seller_id = ? AND kind IN ?", w.seller, []string{"adentities", "adreports"}).Find(&tasks).Error; err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, task := range tasks {
			if state == datasyncdb.SyncDone && task.State == datasyncdb.SyncFailed {
				t.Fatalf("%s failed: %s\n%s", task.Kind, task.LastError, w.h.Log.String())
			}
			at := task.UpdatedAt
			if state == datasyncdb.SyncDone && task.LastSuccessAt != nil {
				at = *task.LastSuccessAt
			}
			if task.State == state && at.After(since) {
				n++
			}
		}
		if len(tasks) == 2 && n == 2 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s the advertising tasks are %+v\n%s", syncDeadline, tasks, w.h.Log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// adSums are what the synced advertising tables hold for the company.
type adSums struct {
	Campaigns, AdGroups, Keywords, ProductAds                       int64
	NegativeKeywords, Targets, Portfolios                           int64
	CampaignDays, CampaignImpressions, CampaignClicks, CampaignCost int64
	ProductDays, ProductImpressions, ProductClicks, ProductCost     int64
	ProductOrders, ProductSales, ProductUnits                       int64
	TargetDays, TargetImpressions, TargetClicks, TargetCost         int64
	TargetOrders, TargetSales, TargetUnits                          int64
	TermDays, TermClicks, TermCost, TermOrders, TermSales           int64
}

func (w *adWorld) sums(t *testing.T) adSums {
	t.Helper()
	var s adSums
	w.h.DB.Model(&advertisingdb.Campaign{}).Where("company_id = ?", w.company).Count(&s.Campaigns)
	w.h.DB.Model(&advertisingdb.AdGroup{}).Where("company_id = ?", w.company).Count(&s.AdGroups)
	w.h.DB.Model(&advertisingdb.Keyword{}).Where("company_id = ?", w.company).Count(&s.Keywords)
	w.h.DB.Model(&advertisingdb.ProductAd{}).Where("company_id = ?", w.company).Count(&s.ProductAds)
	w.h.DB.Model(&advertisingdb.NegativeKeyword{}).Where("company_id = ?", w.company).Count(&s.NegativeKeywords)
	w.h.DB.Model(&advertisingdb.Target{}).Where("company_id = ?", w.company).Count(&s.Targets)
	w.h.DB.Model(&advertisingdb.Portfolio{}).Where("company_id = ?", w.company).Count(&s.Portfolios)
	row := w.h.DB.Table("adv_campaign_days").Where("company_id = ?", w.company).
		Select("COUNT(*), COALESCE(SUM(impressions), 0), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0)").Row()
	if err := row.Scan(&s.CampaignDays, &s.CampaignImpressions, &s.CampaignClicks, &s.CampaignCost); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_product_days").Where("company_id = ?", w.company).
		Select("COUNT(*), COALESCE(SUM(impressions), 0), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0), " +
			"COALESCE(SUM(orders), 0), COALESCE(SUM(sales), 0), COALESCE(SUM(units), 0)").Row()
	if err := row.Scan(&s.ProductDays, &s.ProductImpressions, &s.ProductClicks, &s.ProductCost, &s.ProductOrders,
		&s.ProductSales, &s.ProductUnits); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_target_days").Where("company_id = ?", w.company).
		Select("COUNT(*), COALESCE(SUM(impressions), 0), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0), " +
			"COALESCE(SUM(orders), 0), COALESCE(SUM(sales), 0), COALESCE(SUM(units), 0)").Row()
	if err := row.Scan(&s.TargetDays, &s.TargetImpressions, &s.TargetClicks, &s.TargetCost, &s.TargetOrders,
		&s.TargetSales, &s.TargetUnits); err != nil {
		t.Fatal(err)
	}
	row = w.h.DB.Table("adv_search_term_days").Where("company_id = ?", w.company).
		Select("COUNT(*), COALESCE(SUM(clicks), 0), COALESCE(SUM(cost), 0), COALESCE(SUM(orders), 0), COALESCE(SUM(sales), 0)").Row()
	if err := row.Scan(&s.TermDays, &s.TermClicks, &s.TermCost, &s.TermOrders, &s.TermSales); err != nil {
		t.Fatal(err)
	}
	return s
}

// truth is what the stand-in's accounts of the two profiles hold over the days a first sync reads (90, to today).
func (w *adWorld) truth(t *testing.T) adSums {
	t.Helper()
	var s adSums
	units := func(d decimal.Decimal) int64 { return d.Shift(4).IntPart() }
	now := time.Now()
	for _, id := range []int64{1100000000000001, 1100000000000002} {
		a := w.amz.AdAccount(id)
		s.Campaigns += int64(len(a.Campaigns))
		s.AdGroups += int64(len(a.AdGroups))
		s.Keywords += int64(len(a.Keywords))
		s.ProductAds += int64(len(a.ProductAds))
		s.NegativeKeywords += int64(len(a.NegativeKeywords))
		s.Targets += int64(len(a.Targets))
		s.Portfolios += int64(len(a.Portfolios))
		today := a.Today(now)
		start, end := today.AddDate(0, 0, -89).Format(time.DateOnly), today.Format(time.DateOnly)
		for _, d := range a.CampaignDays(now, start, end) {
			s.CampaignDays++
			s.CampaignImpressions += d.Impressions
			s.CampaignClicks += d.Clicks
			s.CampaignCost += units(d.Cost)
		}
		for _, d := range a.ProductAdDays(now, start, end) {
			s.ProductDays++
			s.ProductImpressions += d.Impressions
			s.ProductClicks += d.Clicks
			s.ProductCost += units(d.Cost)
			s.ProductOrders += d.Orders
			s.ProductSales += units(d.Sales)
			s.ProductUnits += d.Units
		}
		for _, d := range a.KeywordDays(now, start, end) {
			s.TargetDays++
			s.TargetImpressions += d.Impressions
			s.TargetClicks += d.Clicks
			s.TargetCost += units(d.Cost)
			s.TargetOrders += d.Orders
			s.TargetSales += units(d.Sales)
			s.TargetUnits += d.Units
		}
		for _, d := range a.SearchTermDays(now, start, end) {
			s.TermDays++
			s.TermClicks += d.Clicks
			s.TermCost += units(d.Cost)
			s.TermOrders += d.Orders
			s.TermSales += units(d.Sales)
		}
	}
	return s
}

func TestAdvertisingSyncBringsEveryProfilesCampaignsAndFiguresExactly(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			tasks := w.adTasks(t)
			if tasks["adentities"].KindName != "广告活动" || tasks["adreports"].KindName != "广告报表" {
				t.Fatalf("数据同步 lists %+v", tasks)
			}
			// Amazon throttles twice: the calls wait as it says and go on.
			w.amz.FailAdvertisingAPI(http.StatusTooManyRequests, http.StatusTooManyRequests)
			w.syncAds(t)
			got, want := w.sums(t), w.truth(t)
			if got != want || want.ProductCost == 0 || want.Keywords == 0 || want.TargetCost == 0 || want.Targets == 0 ||
				want.NegativeKeywords == 0 || want.Portfolios == 0 {
				t.Fatalf("synced %+v\nstand-in %+v", got, want)
			}
			tasks = w.adTasks(t)
			// The first run reads 90 days (2 profiles × 3 windows × 4 reports), a later one 60 (the periodic job may
			// have run the first).
			if r := tasks["adreports"]; r.ReportsDone != r.ReportsTotal || (r.ReportsTotal != 24 && r.ReportsTotal != 16) || r.LastError != "" {
				t.Fatalf("reports task = %+v", r)
			}
			var reports []datasyncdb.SyncReport
			w.h.DB.Where("seller_id = ? AND kind = ?", w.seller, "adreports").Order("seq").Find(&reports)
			for _, r := range reports {
				if r.ReportType == "" || r.ProfileID == nil || r.State != datasyncdb.SyncReportImported ||
					r.DataEnd.Sub(*r.DataStart) > 30*24*time.Hour {
					t.Fatalf("report %+v", r)
				}
			}

			// A second sync, with every access token expired meanwhile, finds the same at Amazon: it writes nothing.
			w.amz.ExpireAccessTokens()
			w.syncAds(t)
			if again := w.sums(t); again != got {
				t.Fatalf("second sync changed the tables: %+v, was %+v", again, got)
			}
			var last []datasyncdb.SyncRun
			w.h.DB.Where("seller_id = ? AND kind IN ?", w.seller, []string{"adentities", "adreports"}).
				Order("id DESC").Limit(2).Find(&last)
			for _, r := range last {
				if r.Status != datasyncdb.SyncDone || r.Written != 0 || r.Lines == 0 {
					t.Fatalf("second run of %s: status %s, %d lines, %d written", r.Kind, r.Status, r.Lines, r.Written)
				}
			}
			var refresh []datasyncdb.SyncReport
			w.h.DB.Where("run_id = ?", last[0].ID).Find(&refresh)
			if last[0].Kind == "adreports" && len(refresh) != 16 {
				t.Fatalf("a later sync reads 60 days: %d reports, want 2 profiles × 2 windows × 4", len(refresh))
			}
		})
	}
}

func TestAdvertisingSyncRefusedGrantAsksForAdvertisingAgainOnly(t *testing.T) {
	t.Parallel()
	w := startAdWorld(t, dbtest.SQLite)
	w.adTasks(t)
	w.amz.RefuseGrants(true)
	w.amz.ExpireAccessTokens()
	w.waitNoAdJobs(t)
	since := time.Now()
	for _, task := range w.adTasks(t) {
		apptest.ExpectOK(t, w.owner.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+task.ID+"/sync", nil))
	}
	w.waitAds(t, since, datasyncdb.SyncFailed)
	for _, task := range w.adTasks(t) {
		if task.LastError != "广告授权已失效，请重新授权" {
			t.Fatalf("%s says %q", task.Kind, task.LastError)
		}
	}
	var s storesdb.Seller
	w.h.DB.Take(&s, "id = ?", w.seller)
	if s.Status != storesdb.SellerActive {
		t.Fatalf("the seller account is %s: advertising's refusal is advertising's", s.Status)
	}
}

func TestProfitReportsEachAdvertisedSKUsMonthOfSpend(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			now := time.Now()
			beijing, _ := time.LoadLocation("Asia/Shanghai")
			first := time.Date(now.In(beijing).Year(), now.In(beijing).Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
			month := first.Format("2006-01")
			want := map[string]decimal.Decimal{}
			for _, id := range []int64{1100000000000001, 1100000000000002} {
				a := w.amz.AdAccount(id)
				for _, d := range a.ProductAdDays(now, first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)) {
					want[d.SKU] = want[d.SKU].Add(d.Cost)
				}
			}
			env := w.owner.Call(http.MethodPost, "/amazon/api/v1/profit/report", map[string]any{"currentpage": 1, "pagesize": 100,
				"by": "sku", "startMonth": month, "endMonth": month})
			apptest.ExpectOK(t, env)
			var page struct {
				Records []struct {
					SKU            string          `json:"sku"`
					Advertising    decimal.Decimal `json:"advertising"`
					AdvertisingCNY decimal.Decimal `json:"advertisingCny"`
					Profit         decimal.Decimal `json:"profit"`
					AdsSynced      bool            `json:"adsSynced"`
				} `json:"records"`
			}
			env.Into(t, &page)
			seen := 0
			// The spend a SKU line takes leaves its store's line (the settlements' invoices, none in this world): the
			// month's 广告费 is counted once, so all its lines sum to nothing.
			var net decimal.Decimal
			for _, r := range page.Records {
				net = net.Add(r.Advertising)
			}
			if !net.IsZero() {
				t.Fatalf("the month's lines' 广告费 sum to %s, not to the invoices (none): %s", net, env.Data)
			}
			for _, r := range page.Records {
				spend, ok := want[r.SKU]
				if !ok {
					continue
				}
				seen++
				if !r.Advertising.Equal(spend) || !r.AdsSynced || !r.Profit.Equal(r.AdvertisingCNY.Neg()) || spend.IsZero() {
					t.Fatalf("%s in %s: 广告费 %s (CNY %s, profit %s, synced %v), the month's advertised-product spend %s",
						r.SKU, month, r.Advertising, r.AdvertisingCNY, r.Profit, r.AdsSynced, spend)
				}
			}
			if seen != len(want) || seen == 0 {
				t.Fatalf("%d of %d advertised SKUs in 利润报告: %s", seen, len(want), env.Data)
			}
		})
	}
}

// managerPage asks 广告管理 for a page.
func (w *adWorld) managerPage(t *testing.T, body map[string]any) (records []map[string]any, total int) {
	t.Helper()
	env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/page", body)
	apptest.ExpectOK(t, env)
	var page struct {
		Records []map[string]any `json:"records"`
		Total   int              `json:"total"`
	}
	env.Into(t, &page)
	return page.Records, page.Total
}

func TestAdManagerShowsEachLevelWithTheSyncedFigures(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			a := w.amz.AdAccount(1100000000000001)
			today := a.Today(time.Now())
			start, end := today.AddDate(0, 0, -29).Format(time.DateOnly), today.Format(time.DateOnly)
			want := map[string]decimal.Decimal{}
			for _, d := range a.CampaignDays(time.Now(), start, end) {
				want[d.CampaignID] = want[d.CampaignID].Add(d.Cost)
			}
			campaigns, total := w.managerPage(t, map[string]any{"currentpage": 1, "pagesize": 50, "level": "campaign",
				"startDate": start, "endDate": end})
			if total != 10 || len(campaigns) != 10 {
				t.Fatalf("%d campaigns (total %d), want the two profiles' 10", len(campaigns), total)
			}
			seen := 0
			for _, c := range campaigns {
				spend, ok := want[c["amazonId"].(string)]
				if !ok {
					continue
				}
				seen++
				got, _ := decimal.NewFromString(fmt.Sprint(c["spend"]))
				if !got.Equal(spend) {
					t.Fatalf("campaign %v spent %s over %s..%s, the stand-in %s", c["name"], got, start, end, spend)
				}
			}
			if seen == 0 {
				t.Fatalf("no US campaign spent: %v", campaigns)
			}
			// The most spent first; a campaign's ad groups sum to it.
			top := campaigns[0]
			groups, _ := w.managerPage(t, map[string]any{"currentpage": 1, "pagesize": 50, "level": "adgroup",
				"campaignId": top["amazonId"], "startDate": start, "endDate": end})
			sum := decimal.Zero
			for _, g := range groups {
				d, _ := decimal.NewFromString(fmt.Sprint(g["spend"]))
				sum = sum.Add(d)
			}
			topSpend, _ := decimal.NewFromString(fmt.Sprint(top["spend"]))
			if len(groups) != 2 || !sum.Equal(topSpend) || top["acos"] == "" || top["spendCny"] == "" {
				t.Fatalf("campaign %v: %d ad groups spending %s of its %s", top, len(groups), sum, topSpend)
			}
			// 广告活动 reads the same lists through its own screen's call.
			env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/campaigns/page", map[string]any{"level": "campaign"})
			apptest.ExpectOK(t, env)
			var same struct {
				Total int `json:"total"`
			}
			env.Into(t, &same)
			if same.Total != 10 {
				t.Fatalf("广告活动 lists %d campaigns", same.Total)
			}
			// A keyword's figures are its targeting report days'; the profile filter keeps the US profile's 24.
			kwSpend := map[string]decimal.Decimal{}
			for _, d := range a.KeywordDays(time.Now(), start, end) {
				kwSpend[d.AdID] = kwSpend[d.AdID].Add(d.Cost)
			}
			var usRow any
			for _, c := range campaigns {
				if _, ok := want[c["amazonId"].(string)]; ok {
					usRow = c["profileId"]
				}
			}
			keywords, _ := w.managerPage(t, map[string]any{"currentpage": 1, "pagesize": 100, "level": "keyword",
				"profileId": usRow, "startDate": start, "endDate": end})
			spent := 0
			for _, k := range keywords {
				got, _ := decimal.NewFromString(fmt.Sprint(k["spend"]))
				if !got.Equal(kwSpend[k["amazonId"].(string)]) {
					t.Fatalf("keyword %v spent %s, the stand-in %s", k["name"], got, kwSpend[k["amazonId"].(string)])
				}
				if got.IsPositive() {
					spent++
				}
			}
			if len(keywords) != 24 || spent == 0 {
				t.Fatalf("%d US keywords, %d spent", len(keywords), spent)
			}
			// The third campaign's first ad group targets two ASINs, with their days' spend, and excludes a
			// negative keyword.
			targets, _ := w.managerPage(t, map[string]any{"level": "target", "adGroupId": "1020000021",
				"startDate": start, "endDate": end})
			for _, tg := range targets {
				got, _ := decimal.NewFromString(fmt.Sprint(tg["spend"]))
				if !got.Equal(kwSpend[tg["amazonId"].(string)]) || !strings.HasPrefix(tg["name"].(string), `asin="B0AD`) {
					t.Fatalf("target %v, the stand-in spent %s", tg, kwSpend[tg["amazonId"].(string)])
				}
			}
			// A portfolio's figures are its campaigns': 主推款 holds the first two.
			portfolios, _ := w.managerPage(t, map[string]any{"level": "portfolio", "profileId": usRow, "startDate": start, "endDate": end})
			inPortfolio, _ := w.managerPage(t, map[string]any{"level": "campaign", "portfolioId": "1070000001", "startDate": start, "endDate": end})
			for _, p := range portfolios {
				if p["amazonId"] != "1070000001" {
					continue
				}
				got, _ := decimal.NewFromString(fmt.Sprint(p["spend"]))
				if len(inPortfolio) != 2 || !got.Equal(want["1010000001"].Add(want["1010000002"])) || p["name"] != "主推款" {
					t.Fatalf("portfolio %v spent %s; its campaigns %v", p, got, inPortfolio)
				}
			}
			if len(portfolios) != 2 {
				t.Fatalf("US portfolios %v", portfolios)
			}
			negatives, _ := w.managerPage(t, map[string]any{"level": "negkeyword", "adGroupId": "1020000021"})
			if len(targets) != 2 || len(negatives) != 1 || negatives[0]["matchType"] != "NEGATIVE_EXACT" {
				t.Fatalf("targets %v, negative keywords %v", targets, negatives)
			}
			paused, n := w.managerPage(t, map[string]any{"level": "keyword", "state": "PAUSED"})
			if n != 0 || len(paused) != 0 {
				t.Fatalf("paused keywords: %v", paused)
			}
			for body, msg := range map[string]map[string]any{
				"请选择广告层级（广告组合、广告活动、广告组、关键词、商品广告、品牌广告、商品投放、否定关键词或否定商品投放）": {"level": "portfolios"},
				"广告状态不正确":              {"state": "RUNNING"},
				"日期格式不正确，应为yyyy-MM-dd": {"startDate": "2026/01/01"},
				"开始日期不能晚于结束日期":         {"startDate": end, "endDate": start},
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/page", msg), http.StatusBadRequest, "A0400", body)
			}
			res, _ := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/export?level=productad&startDate="+start+"&endDate="+end, "", nil)
			if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
				t.Fatalf("export: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
			}
		})
	}
}
