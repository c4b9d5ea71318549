package datasync_test

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"sellerhub/app/advertising"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const advAPI = "/amazonadv/api/v1"

// watch queues the daily job of 广告规则 and 预警管理 for the world's company and waits until it is done.
func (w *adWorld) watch(t *testing.T) {
	t.Helper()
	var last int64
	if err := w.h.DB.Raw("SELECT COALESCE(MAX(id), 0) FROM river_job WHERE kind = ?", "adv_watch").Scan(&last).Error; err != nil {
		t.Fatal(err)
	}
	if _, err := w.h.Jobs.Insert(w.h.DB, advertising.WatchArgs{CompanyID: w.company}, nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(adDeadline)
	for {
		var jobs []struct {
			ID    int64
			State string
		}
		if err := w.h.DB.Raw("SELECT id, CAST(state AS TEXT) AS state FROM river_job WHERE kind = ? AND id > ?", "adv_watch", last).
			Scan(&jobs).Error; err != nil {
			t.Fatal(err)
		}
		done := len(jobs) > 0
		for _, j := range jobs {
			done = done && j.State == "completed"
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the adv_watch job did not finish: %+v\n%s", jobs, w.h.Log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// keywordTruth is a keyword's figures summed straight from the synced targeting days.
type keywordTruth struct {
	ID, KeywordID, Text string
	Clicks, Cost, Sales int64
}

// keywordsOver sums the group's enabled keywords (of enabled campaigns and ad groups) over the days, as a person
// would from 广告管理, without the rules' queries.
func (w *adWorld) keywordsOver(t *testing.T, start, end string) []keywordTruth {
	t.Helper()
	var rows []keywordTruth
	err := w.h.DB.Raw(`SELECT CAST(k.id AS VARCHAR(30)) AS id, k.keyword_id, k.keyword_text AS text,
			COALESCE(SUM(d.clicks), 0) AS clicks, COALESCE(SUM(d.cost), 0) AS cost, COALESCE(SUM(d.sales), 0) AS sales
		FROM adv_keywords k
		JOIN adv_campaigns c ON c.profile_id = k.profile_id AND c.campaign_id = k.campaign_id AND c.state = 'ENABLED'
		JOIN adv_ad_groups g ON g.profile_id = k.profile_id AND g.ad_group_id = k.ad_group_id AND g.state = 'ENABLED'
		LEFT JOIN adv_target_days d ON d.profile_id = k.profile_id AND d.target_id = k.keyword_id AND d.day >= ? AND d.day <= ?
		WHERE k.company_id = ? AND k.state = 'ENABLED'
		GROUP BY k.id, k.keyword_id, k.keyword_text`, start, end, w.company).Scan(&rows).Error
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

type dryRun struct {
	Day, Start, Note string
	Count            int
	Rows             []struct {
		ID, AmazonID, Name, ActionName, Before, After, Reason string
	}
}

func (w *adWorld) dryRun(t *testing.T, c *apptest.Client, id string) dryRun {
	t.Helper()
	env := c.Call(http.MethodPost, advAPI+"/sp/rules/dryrun", map[string]any{"id": id})
	apptest.ExpectOK(t, env)
	var out dryRun
	env.Into(t, &out)
	return out
}

func (w *adWorld) saveRule(t *testing.T, body map[string]any) string {
	t.Helper()
	env := w.owner.Call(http.MethodPost, advAPI+"/sp/rules/save", body)
	apptest.ExpectOK(t, env)
	var saved struct{ ID string }
	env.Into(t, &saved)
	return saved.ID
}

type ruleOp struct {
	Name, AmazonID, ActionName, Before, After, ResultName, Message, SourceName, RuleName, Reason, User string
	OK                                                                                                 bool
}

func (w *adWorld) ruleOps(t *testing.T) []ruleOp {
	t.Helper()
	env := w.owner.Call(http.MethodPost, advAPI+"/sp/operations/page", map[string]any{"pagesize": 200, "source": "rule"})
	apptest.ExpectOK(t, env)
	var page struct {
		Records []ruleOp `json:"records"`
	}
	env.Into(t, &page)
	return page.Records
}

// 广告规则 against the stand-in: a rule pausing keywords whose ACOS over the last 7 days of data is above 50 % with at
// least 10 clicks lists, in its dry run, exactly the keywords the synced figures qualify, each with its figures, and
// changes nothing here or at Amazon. Enabled and run by the daily job, it pauses them at Amazon and here, except the
// one Amazon refuses, which keeps its state and is recorded with Amazon's reason; every row is in 操作记录 with the
// rule and its figures. A second run on the same day of data sends nothing, and 立即执行 says it already ran. A rule
// adding search terms with at least 3 orders in 30 days as exact keywords lists those its ad group lacks and
// creates them through 搜索词's call. Then 预警管理: a campaign's spend tripled raises one spend alert; a 10 %
// move, and a jump of a few clicks, raise none; checking again raises nothing twice.
func TestAdRulesDryRunRunOnceAndAlerts(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			var day string
			if err := w.h.DB.Raw("SELECT MAX(day) FROM adv_campaign_days WHERE company_id = ?", w.company).Scan(&day).Error; err != nil {
				t.Fatal(err)
			}
			last, _ := time.Parse(time.DateOnly, day)
			start := last.AddDate(0, 0, -6).Format(time.DateOnly)

			// What the figures qualify: ACOS = cost / sales above 50 % (spend without sales too), 10 clicks or more.
			all := w.keywordsOver(t, start, day)
			want := map[string]keywordTruth{}
			for _, k := range all {
				if k.Clicks >= 10 && k.Cost > 0 && (k.Sales == 0 || k.Cost*2 > k.Sales) {
					want[k.ID] = k
				}
			}
			if len(want) == 0 || len(want) == len(all) {
				t.Fatalf("the figures should split the %d keywords, %d qualify", len(all), len(want))
			}
			id := w.saveRule(t, map[string]any{"name": "高ACOS暂停", "groupId": fmt.Sprint(w.group), "kind": "pauseKeyword",
				"lookbackDays": "7", "acosAbove": "50", "minClicks": "10", "weekdays": "1234567", "hour": "0"})

			calls := len(w.amz.Requests())
			got := w.dryRun(t, w.owner, id)
			if got.Day != day || got.Start != start || got.Count != len(want) {
				t.Fatalf("dry run %s..%s %d rows, want %s..%s %d", got.Start, got.Day, got.Count, start, day, len(want))
			}
			for _, r := range got.Rows {
				k, ok := want[r.ID]
				if !ok || r.Name != k.Text || r.ActionName != "暂停" || r.Before != "启用" || r.After != "暂停" ||
					!strings.Contains(r.Reason, "ACOS") || !strings.Contains(r.Reason, fmt.Sprintf("点击 %d ≥ 10", k.Clicks)) {
					t.Fatalf("dry run row %+v, want %+v", r, k)
				}
			}
			if len(w.amz.Requests()) != calls || len(w.ruleOps(t)) != 0 {
				t.Fatal("the dry run reached Amazon or recorded an operation")
			}
			if n := len(w.keywordsOver(t, start, day)); n != len(all) {
				t.Fatalf("after the dry run %d keywords are enabled, before %d", n, len(all))
			}

			// Amazon refuses one of them; the job runs the enabled rule.
			var refused keywordTruth
			for _, k := range want {
				if refused.ID == "" || k.KeywordID < refused.KeywordID {
					refused = k
				}
			}
			w.amz.AdEdits.Refuse(refused.KeywordID, "Keyword is locked by a bid rule")
			w.watch(t) // a disabled rule does nothing
			if len(w.ruleOps(t)) != 0 {
				t.Fatal("a disabled rule ran")
			}
			apptest.ExpectOK(t, w.owner.Call(http.MethodPost, advAPI+"/sp/rules/enable", map[string]any{"ids": []string{id}}))
			w.watch(t)
			ops := w.ruleOps(t)
			if len(ops) != len(want) {
				var runs []map[string]any
				w.h.DB.Raw("SELECT * FROM adv_rule_runs").Scan(&runs)
				var rs []map[string]any
				w.h.DB.Raw("SELECT id, enabled, last_day, weekdays, hour FROM adv_rules").Scan(&rs)
				t.Fatalf("%d operations, want %d: %+v\nruns %v\nrules %v\n%s", len(ops), len(want), ops, runs, rs, w.h.Log.String())
			}
			paused := map[string]bool{}
			for _, o := range ops {
				if o.SourceName != "广告规则" || o.RuleName != "高ACOS暂停" || !strings.Contains(o.Reason, "ACOS") || o.User == "" {
					t.Fatalf("operation %+v", o)
				}
				if o.AmazonID == refused.KeywordID {
					if o.OK || !strings.Contains(o.Message, "Keyword is locked by a bid rule") || o.ResultName != "失败" {
						t.Fatalf("refused operation %+v", o)
					}
					continue
				}
				if !o.OK || o.After != "暂停" {
					t.Fatalf("operation %+v", o)
				}
				paused[o.AmazonID] = true
			}
			atAmazon := map[string]string{}
			var amazonProfiles []int64
			w.h.DB.Raw("SELECT profile_id FROM adv_profiles WHERE company_id = ?", w.company).Scan(&amazonProfiles)
			for _, p := range amazonProfiles {
				for _, k := range w.amz.AdAccount(p).Keywords {
					atAmazon[k.KeywordID] = k.State
				}
			}
			left := map[string]bool{}
			for _, k := range w.keywordsOver(t, start, day) {
				left[k.KeywordID] = true
			}
			for _, k := range all {
				shouldPause := paused[k.KeywordID]
				if shouldPause == left[k.KeywordID] || (atAmazon[k.KeywordID] == "PAUSED") != shouldPause {
					t.Fatalf("keyword %s (%s): paused by the rule %v, enabled here %v, at Amazon %s", k.KeywordID, k.Text,
						shouldPause, left[k.KeywordID], atAmazon[k.KeywordID])
				}
			}
			if len(paused) != len(want)-1 || !left[refused.KeywordID] {
				t.Fatalf("paused %d of %d; refused one enabled here: %v", len(paused), len(want), left[refused.KeywordID])
			}

			// The same day of data again: nothing sent, nothing recorded.
			calls = len(w.amz.RequestsTo("/sp/keywords"))
			w.watch(t)
			apptest.Expect(t, w.owner.Call(http.MethodPost, advAPI+"/sp/rules/run", map[string]any{"id": id}),
				http.StatusBadRequest, "A0400", fmt.Sprintf(advertising.MsgRuleRan, day))
			if len(w.amz.RequestsTo("/sp/keywords")) != calls || len(w.ruleOps(t)) != len(want) {
				t.Fatal("a second run on the same day changed something")
			}
			env := w.owner.Call(http.MethodPost, advAPI+"/sp/rules/page", map[string]any{})
			apptest.ExpectOK(t, env)
			var rules struct {
				Records []struct{ ID, LastDay, LastResult, StateName, Condition string } `json:"records"`
			}
			env.Into(t, &rules)
			if len(rules.Records) != 1 || rules.Records[0].LastDay != day || rules.Records[0].StateName != "启用" ||
				rules.Records[0].LastResult != fmt.Sprintf("成功%d，失败1", len(want)-1) {
				t.Fatalf("rules %+v", rules.Records)
			}

			// Search terms with at least 3 orders in 30 days become exact keywords of a manual ad group (US campaign 2's
			// first), those it has already left out.
			var group struct {
				ID        int64
				ProfileID int64
				AdGroupID string
			}
			if err := w.h.DB.Raw("SELECT id, profile_id, ad_group_id FROM adv_ad_groups WHERE company_id = ? AND ad_group_id = ?",
				w.company, "1020000011").Scan(&group).Error; err != nil || group.ID == 0 {
				t.Fatalf("ad group %+v %v", group, err)
			}
			from30 := last.AddDate(0, 0, -29).Format(time.DateOnly)
			var terms []string
			if err := w.h.DB.Raw(`SELECT search_term FROM adv_search_term_days WHERE profile_id = ? AND day >= ? AND day <= ?
				GROUP BY search_term HAVING SUM(orders) >= 3 ORDER BY search_term`, group.ProfileID, from30, day).Scan(&terms).Error; err != nil {
				t.Fatal(err)
			}
			var exact []string
			w.h.DB.Raw("SELECT LOWER(keyword_text) FROM adv_keywords WHERE profile_id = ? AND ad_group_id = ? AND match_type = 'EXACT'",
				group.ProfileID, group.AdGroupID).Scan(&exact)
			var wantTerms []string
			for _, term := range terms {
				if !containsString(exact, strings.ToLower(term)) {
					wantTerms = append(wantTerms, term)
				}
			}
			if len(wantTerms) == 0 || len(wantTerms) == len(terms) {
				t.Fatalf("terms %v, exact keywords %v: the ad group should lack some and have some", terms, exact)
			}
			harvest := w.saveRule(t, map[string]any{"name": "搜索词转精准", "groupId": fmt.Sprint(w.group), "kind": "addKeyword",
				"lookbackDays": "30", "minOrders": "3", "bid": "0.85", "adGroupId": fmt.Sprint(group.ID)})
			d := w.dryRun(t, w.owner, harvest)
			var listed []string
			for _, r := range d.Rows {
				listed = append(listed, r.Name)
				if !strings.Contains(r.Reason, "订单") || !strings.Contains(r.After, "0.85") {
					t.Fatalf("harvest row %+v", r)
				}
			}
			sort.Strings(listed)
			if strings.Join(listed, "|") != strings.Join(wantTerms, "|") {
				t.Fatalf("harvest lists %v, want %v", listed, wantTerms)
			}
			env = w.owner.Call(http.MethodPost, advAPI+"/sp/rules/run", map[string]any{"id": harvest})
			apptest.ExpectOK(t, env)
			var run struct {
				Changed, Refused int
			}
			env.Into(t, &run)
			created := 0
			for _, k := range w.amz.AdAccount(usProfile).Keywords {
				if k.AdGroupID == group.AdGroupID && k.MatchType == "EXACT" && containsString(wantTerms, k.Text) {
					created++
				}
			}
			if run.Changed != len(wantTerms) || run.Refused != 0 || created < len(wantTerms) {
				t.Fatalf("harvest run %+v, %d created at Amazon, want %d", run, created, len(wantTerms))
			}
			if d := w.dryRun(t, w.owner, harvest); d.Count != 0 {
				t.Fatalf("after the run the dry run still lists %+v", d.Rows)
			}

			// Refusals.
			for msg, body := range map[string]map[string]any{
				advertising.MsgRuleName:      {"groupId": fmt.Sprint(w.group), "kind": "pauseKeyword", "acosAbove": "50"},
				advertising.MsgRuleAcos:      {"name": "x", "groupId": fmt.Sprint(w.group), "kind": "pauseKeyword", "acosAbove": "-1"},
				advertising.MsgRuleLowerWhen: {"name": "x", "groupId": fmt.Sprint(w.group), "kind": "lowerBid", "percent": "10"},
				advertising.MsgRuleKind:      {"name": "x", "groupId": fmt.Sprint(w.group), "kind": "deleteAll"},
				advertising.MsgRuleDays:      {"name": "x", "groupId": fmt.Sprint(w.group), "kind": "pauseKeyword", "acosAbove": "50", "lookbackDays": "90"},
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, advAPI+"/sp/rules/save", body), http.StatusBadRequest, "A0400", msg)
			}
			other := w.h.SignedIn("13900000002", "乙公司")
			apptest.Expect(t, other.Call(http.MethodPost, advAPI+"/sp/rules/dryrun", map[string]any{"id": id}),
				http.StatusBadRequest, "A0400", advertising.MsgRuleNotFound)

			// The rules that read the SKUs' days of cover.
			w.coverRules(t, start, day, refused.KeywordID)

			// 预警管理 from a clean slate, on figures set for the US profile's last 14 days.
			w.h.DB.Exec("DELETE FROM adv_alerts WHERE company_id = ?", w.company)
			set := func(profile int64, campaign string, prev, cur [3]int64) {
				t.Helper()
				for i := 0; i < 14; i++ {
					f := cur
					if i >= 7 {
						f = prev
					}
					res := w.h.DB.Exec(`UPDATE adv_campaign_days SET cost = ?, clicks = ?, sales = ? WHERE company_id = ? AND campaign_id = ?
						AND day = ? AND profile_id IN (SELECT id FROM adv_profiles WHERE profile_id = ?)`,
						f[0], f[1], f[2], w.company, campaign, last.AddDate(0, 0, -i).Format(time.DateOnly), profile)
					if res.Error != nil || res.RowsAffected != 1 {
						t.Fatalf("campaign %s day %d: %v, %d rows", campaign, i, res.Error, res.RowsAffected)
					}
				}
			}
			set(usProfile, usCampaign2, [3]int64{100000, 30, 300000}, [3]int64{300000, 30, 900000})  // spend ×3, ACOS the same
			set(usProfile, "1010000003", [3]int64{100000, 30, 300000}, [3]int64{110000, 31, 330000}) // 10 %: noise
			set(usProfile, usCampaign1, [3]int64{1000, 1, 3000}, [3]int64{5000, 2, 15000})           // few clicks: noise
			env = w.owner.Call(http.MethodPost, advAPI+"/sp/alerts/settings/save", map[string]any{"enabled": true, "periodDays": "7",
				"spendPct": "50", "acosPct": "30", "clicksPct": "50", "minClicks": "20"})
			apptest.ExpectOK(t, env)
			w.watch(t)
			type alert struct {
				ID, CampaignID, MarketplaceName, MetricName, Before, After, Change, ReadName string
				Read                                                                         bool
			}
			alerts := func() []alert {
				env := w.owner.Call(http.MethodPost, advAPI+"/sp/alerts/page", map[string]any{"pagesize": 200})
				apptest.ExpectOK(t, env)
				var page struct {
					Records []alert `json:"records"`
				}
				env.Into(t, &page)
				var out []alert
				for _, a := range page.Records {
					if a.MarketplaceName == "美国" && (a.CampaignID == usCampaign2 || a.CampaignID == "1010000003" || a.CampaignID == usCampaign1) {
						out = append(out, a)
					}
				}
				return out
			}
			raised := alerts()
			if len(raised) != 1 || raised[0].CampaignID != usCampaign2 || raised[0].MetricName != "花费" ||
				raised[0].Before != "USD 70.00" || raised[0].After != "USD 210.00" || raised[0].Change != "+200.00%" || raised[0].Read {
				t.Fatalf("alerts %+v", raised)
			}
			env = w.owner.Call(http.MethodPost, advAPI+"/sp/alerts/check", nil)
			apptest.ExpectOK(t, env)
			if again := alerts(); len(again) != 1 {
				t.Fatalf("checked again: %+v", again)
			}
			apptest.ExpectOK(t, w.owner.Call(http.MethodPost, advAPI+"/sp/alerts/read", map[string]any{"ids": []string{raised[0].ID}}))
			if a := alerts(); !a[0].Read || a[0].ReadName != "已读" {
				t.Fatalf("read %+v", a)
			}
			apptest.Expect(t, w.owner.Call(http.MethodPost, advAPI+"/sp/alerts/settings/save", map[string]any{"periodDays": "0"}),
				http.StatusBadRequest, "A0400", advertising.MsgAlertPeriod)
			env = other.Call(http.MethodPost, advAPI+"/sp/alerts/page", map[string]any{})
			apptest.ExpectOK(t, env)
			var none struct {
				Records []alert `json:"records"`
			}
			env.Into(t, &none)
			if len(none.Records) != 0 {
				t.Fatalf("another company reads %+v", none.Records)
			}
		})
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
