package datasync_test

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/advertising"
	"sellerhub/app/apptest"
)

// adKeyword is an enabled keyword of the US profile with its bid and figures over a rule's days, read straight from
// the synced tables.
type adKeyword struct {
	ID, KeywordID, AdGroupID string
	Bid                      int64
	Clicks, Cost, Sales      int64
}

// coverRules checks the inventory-aware rules on the US profile, whose advertised SKUs are given FBA stock and a
// month's sales plan so that 亚马逊补货计划 works out their days of cover: 降低竞价 by 可售天数少于 N acts on exactly the
// keywords of ad groups with a SKU under N days, and 库存充足时提高竞价 by 可售天数多于 M on exactly those whose every
// SKU is over M days, raising each bid by the percent up to its cap, at Amazon too, but for the keyword Amazon keeps
// locked (its refusal is counted).
func (w *adWorld) coverRules(t *testing.T, start, day, locked string) {
	t.Helper()
	var profile struct {
		ID            int64
		MarketplaceID string
	}
	if err := w.h.DB.Raw("SELECT id, marketplace_id FROM adv_profiles WHERE company_id = ? AND profile_id = ?", w.company, usProfile).
		Scan(&profile).Error; err != nil || profile.ID == 0 {
		t.Fatalf("US profile %+v %v", profile, err)
	}
	var advertised []struct{ AdGroupID, SKU string }
	if err := w.h.DB.Raw(`SELECT DISTINCT ad_group_id, sku FROM adv_product_ads WHERE profile_id = ? AND state <> 'ARCHIVED' AND sku <> ''
		ORDER BY sku`, profile.ID).Scan(&advertised).Error; err != nil {
		t.Fatal(err)
	}
	var skus []string
	for _, a := range advertised {
		if !slices.Contains(skus, a.SKU) {
			skus = append(skus, a.SKU)
		}
	}
	if len(skus) < 3 {
		t.Fatalf("the US profile advertises %d SKUs", len(skus))
	}
	// Stock from 30 to 30·2^k units against 300 a month: the covers run from a few days to many months.
	now := time.Now().UTC()
	beijing, _ := time.LoadLocation("Asia/Shanghai")
	months := []string{now.Format("2006-01")}
	if m := now.In(beijing).Format("2006-01"); m != months[0] {
		months = append(months, m)
	}
	for i, sku := range skus {
		units := 30 << (i % 7)
		if err := w.h.DB.Exec(`INSERT INTO fba_inventory (id, company_id, group_id, seller_id, marketplace_id, sku, fulfillable, total,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, 9_000_000+int64(i), w.company, w.group, w.seller,
			profile.MarketplaceID, sku, units, units, now, now).Error; err != nil {
			t.Fatal(err)
		}
		for _, m := range months {
			if err := w.h.DB.Exec(`INSERT INTO sales_plans (company_id, group_id, marketplace_id, sku, month, units, updated_by, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, w.company, w.group, profile.MarketplaceID, sku, m, 300, 1, now).Error; err != nil {
				t.Fatal(err)
			}
		}
	}
	// Each SKU's days of cover as 亚马逊补货计划 shows them, and each ad group's fewest.
	env := w.owner.Call(http.MethodPost, "/erp/api/v1/replenishment/page", map[string]any{"pagesize": 500})
	apptest.ExpectOK(t, env)
	var plan struct {
		Records []struct {
			SKU, Country string
			CoverDays    *int
		} `json:"records"`
	}
	env.Into(t, &plan)
	cover := map[string]int{}
	for _, l := range plan.Records {
		if l.Country == "US" && l.CoverDays != nil {
			cover[l.SKU] = *l.CoverDays
		}
	}
	least := map[string]int{}
	for _, a := range advertised {
		if d, ok := cover[a.SKU]; ok {
			if l, seen := least[a.AdGroupID]; !seen || d < l {
				least[a.AdGroupID] = d
			}
		}
	}
	var keywords []adKeyword
	err := w.h.DB.Raw(`SELECT CAST(k.id AS VARCHAR(30)) AS id, k.keyword_id, k.ad_group_id, k.bid,
			COALESCE(SUM(d.clicks), 0) AS clicks, COALESCE(SUM(d.cost), 0) AS cost, COALESCE(SUM(d.sales), 0) AS sales
		FROM adv_keywords k
		JOIN adv_campaigns c ON c.profile_id = k.profile_id AND c.campaign_id = k.campaign_id AND c.state = 'ENABLED'
		JOIN adv_ad_groups g ON g.profile_id = k.profile_id AND g.ad_group_id = k.ad_group_id AND g.state = 'ENABLED'
		LEFT JOIN adv_target_days d ON d.profile_id = k.profile_id AND d.target_id = k.keyword_id AND d.day >= ? AND d.day <= ?
		WHERE k.profile_id = ? AND k.state = 'ENABLED'
		GROUP BY k.id, k.keyword_id, k.ad_group_id, k.bid`, start, day, profile.ID).Scan(&keywords).Error
	if err != nil {
		t.Fatal(err)
	}
	// The keywords' covers split them: 降低竞价 under the second fewest, 提高竞价 over the second most.
	var covers []int
	for _, k := range keywords {
		if d, ok := least[k.AdGroupID]; ok && !slices.Contains(covers, d) {
			covers = append(covers, d)
		}
	}
	sort.Ints(covers)
	if len(covers) < 2 {
		t.Fatalf("the keywords' ad groups' covers %v (SKUs %v) should differ", covers, cover)
	}
	split, above := covers[1], covers[len(covers)-2]
	lower := map[string]bool{}
	for _, k := range keywords {
		if d, ok := least[k.AdGroupID]; ok && d < split {
			lower[k.ID] = true
		}
	}
	id := w.saveRule(t, map[string]any{"name": "快断货降价", "groupId": fmt.Sprint(w.group), "profileId": fmt.Sprint(profile.ID),
		"kind": advertising.RuleLowerBid, "lookbackDays": "7", "coverBelow": fmt.Sprint(split), "minClicks": "0", "percent": "20"})
	d := w.dryRun(t, w.owner, id)
	if d.Note != advertising.MsgCoverHow || d.Count != len(lower) {
		t.Fatalf("降低竞价 under %d days lists %d rows, want %d (note %q)", split, d.Count, len(lower), d.Note)
	}
	for _, r := range d.Rows {
		if !lower[r.ID] || !strings.Contains(r.Reason, fmt.Sprintf("< %d天", split)) {
			t.Fatalf("降低竞价 row %+v", r)
		}
	}

	// 库存充足时提高竞价: over the second most, ROAS not asked, 10 % up to a cap under the highest new bid.
	var raise []adKeyword
	for _, k := range keywords {
		if d, ok := least[k.AdGroupID]; ok && d > above {
			raise = append(raise, k)
		}
	}
	up := func(k adKeyword) decimal.Decimal {
		return decimal.New(k.Bid, -4).Mul(decimal.NewFromFloat(1.1)).Round(2)
	}
	capAt := decimal.Zero
	for _, k := range raise {
		capAt = decimal.Max(capAt, up(k))
	}
	capAt = capAt.Sub(decimal.New(1, -2))
	want := map[string]string{}
	for _, k := range raise {
		if decimal.New(k.Bid, -4).GreaterThanOrEqual(capAt) {
			continue // already at the cap
		}
		want[k.ID] = decimal.Min(up(k), capAt).StringFixed(2)
	}
	for _, bad := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"percent": "10", "bid": "1"}, advertising.MsgRuleCoverAbove},
		{map[string]any{"coverAbove": "30", "percent": "10", "bid": "0"}, advertising.MsgRuleBidCap},
		{map[string]any{"coverAbove": "30", "percent": "150", "bid": "1"}, advertising.MsgRulePercentRaise},
	} {
		bad.body["name"], bad.body["groupId"], bad.body["kind"] = "x", fmt.Sprint(w.group), advertising.RuleRaiseBid
		apptest.Expect(t, w.owner.Call(http.MethodPost, advAPI+"/sp/rules/save", bad.body), http.StatusBadRequest, "A0400", bad.msg)
	}
	raiseID := w.saveRule(t, map[string]any{"name": "库存充足加价", "groupId": fmt.Sprint(w.group), "profileId": fmt.Sprint(profile.ID),
		"kind": advertising.RuleRaiseBid, "lookbackDays": "7", "coverAbove": fmt.Sprint(above), "minClicks": "0", "percent": "10",
		"bid": capAt.StringFixed(2)})
	d = w.dryRun(t, w.owner, raiseID)
	if d.Count != len(want) {
		t.Fatalf("提高竞价 over %d days lists %d rows, want %d", above, d.Count, len(want))
	}
	for _, r := range d.Rows {
		if want[r.ID] == "" || r.After != want[r.ID] || !strings.Contains(r.Reason, fmt.Sprintf("> %d天", above)) {
			t.Fatalf("提高竞价 row %+v, want after %q", r, want[r.ID])
		}
	}
	env = w.owner.Call(http.MethodPost, advAPI+"/sp/rules/run", map[string]any{"id": raiseID})
	apptest.ExpectOK(t, env)
	var run struct{ Changed, Refused int }
	env.Into(t, &run)
	refused := 0
	for _, k := range raise {
		if k.KeywordID == locked && want[k.ID] != "" {
			refused, want[k.ID] = 1, decimal.New(k.Bid, -4).StringFixed(2)
		}
	}
	if run.Changed != len(want)-refused || run.Refused != refused {
		t.Fatalf("提高竞价 run %+v, want %d changed and %d refused", run, len(want)-refused, refused)
	}
	atAmazon := map[string]decimal.Decimal{}
	for _, k := range w.amz.AdAccount(usProfile).Keywords {
		atAmazon[k.KeywordID] = k.Bid
	}
	for _, k := range raise {
		if after, ok := want[k.ID]; ok && atAmazon[k.KeywordID].StringFixed(2) != after {
			t.Fatalf("keyword %s at Amazon bids %s, want %s", k.KeywordID, atAmazon[k.KeywordID], after)
		}
	}
}
