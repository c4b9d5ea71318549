package datasync_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"sellerhub/app/advertising"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

const createPath = "/amazonadv/api/v1/sp/create"

// usPortfolio is the US profile's first portfolio at the stand-in.
const usPortfolio = "1070000001"

// spForm is a manual campaign of the US profile (our id) starting tomorrow, as 创建SP广告 sends it.
func (w *adWorld) spForm(t *testing.T, name string) map[string]any {
	t.Helper()
	var profile int64
	if err := w.h.DB.Table("adv_profiles").Where("profile_id = ?", usProfile).Pluck("id", &profile).Error; err != nil || profile == 0 {
		t.Fatalf("profile %d: %v", profile, err)
	}
	return map[string]any{"groupId": strconv.FormatInt(w.group, 10), "profileId": strconv.FormatInt(profile, 10), "name": name,
		"targetingType": "MANUAL", "startDate": time.Now().AddDate(0, 0, 1).Format(time.DateOnly), "budget": "20",
		"biddingStrategy": "LEGACY_FOR_SALES", "placementTop": "50", "placementProductPage": "10", "adGroupName": "组一",
		"defaultBid": "0.75", "skus": []string{"ADSKU-US-1", "ADSKU-US-2"},
		"keywords": []map[string]any{{"text": "kitchen  scale", "matchType": "EXACT", "bid": "0.80"},
			{"text": "kitchen scale", "matchType": "PHRASE"}},
		"targets":          []map[string]any{{"asin": "b0adus0003", "bid": "0.90"}},
		"negativeKeywords": []map[string]any{{"text": "cheap", "matchType": "NEGATIVE_EXACT"}}}
}

func (w *adWorld) create(t *testing.T, c *apptest.Client, body map[string]any) changed {
	t.Helper()
	env := c.Call(http.MethodPost, createPath, body)
	if env.Status == http.StatusInternalServerError {
		t.Log(w.h.Log.String())
	}
	apptest.ExpectOK(t, env)
	var out changed
	env.Into(t, &out)
	return out
}

// 创建SP广告: a manual campaign with its ad group, product ads, keywords, a product target and a negative keyword is
// created at the stand-in, which keeps it (strategy and placements too) and lists it to the next sync; 广告管理 has
// it at once and 操作记录 a row per entity. A SKU the seller does not sell there and a keyword Amazon refuses are
// said as refused, the rest kept. The same name again is refused with nothing else sent; an ad group Amazon
// refuses leaves the campaign created and the rest unsent. Every bad field is refused before Amazon is called;
// users without 修改广告 or outside the store group are refused.
func TestCreatingASponsoredProductsCampaignAtAmazon(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.amz.AdEdits.Refuse("refused word", "Keyword is not allowed")
			body := w.spForm(t, "新品推广")
			body["skus"] = []string{"ADSKU-US-1", "ADSKU-US-2", "NOT-SOLD"}
			body["keywords"] = append(body["keywords"].([]map[string]any), map[string]any{"text": "refused word", "matchType": "BROAD"})
			got := w.create(t, w.owner, body)
			if got.Changed != 8 || got.Refused != 2 || len(got.Rows) != 10 || got.Rows[0].Name != "新品推广" || !got.Rows[0].OK ||
				got.Rows[0].After != "预算 20.00 · 手动投放" || got.Rows[1].Name != "组一" || !got.Rows[1].OK {
				t.Fatalf("created: %+v", got)
			}
			if got.Rows[4].OK || !strings.Contains(got.Rows[4].Message, "亚马逊找不到该SKU") || got.Rows[4].Name != "NOT-SOLD" ||
				got.Rows[7].OK || !strings.Contains(got.Rows[7].Message, "Keyword is not allowed") {
				t.Fatalf("refusals: %+v %+v", got.Rows[4], got.Rows[7])
			}
			campaignID := got.Rows[0].AmazonID
			a := w.amz.AdAccount(usProfile)
			var found bool
			for _, c := range a.Campaigns {
				if c.CampaignID == campaignID {
					found = c.Name == "新品推广" && c.TargetingType == "MANUAL" && c.Budget.String() == "20" &&
						c.BiddingStrategy == "LEGACY_FOR_SALES" && c.Placements["PLACEMENT_TOP"] == 50 && c.Placements["PLACEMENT_PRODUCT_PAGE"] == 10
				}
			}
			targets := 0
			for _, tg := range a.Targets {
				if tg.CampaignID == campaignID && tg.ASIN == "B0ADUS0003" && tg.Bid.String() == "0.9" {
					targets++
				}
			}
			if !found || targets != 1 {
				t.Fatalf("at Amazon: campaign %v, targets %d", found, targets)
			}
			for _, path := range []string{"/sp/campaigns", "/sp/adGroups", "/sp/productAds", "/sp/targets", "/sp/keywords", "/sp/negativeKeywords"} {
				if n := len(w.amz.RequestsTo(path)); n != 1 {
					t.Fatalf("%d calls of %s", n, path)
				}
			}
			// 广告管理 has it at once, with what it holds.
			if c := w.rowsOf(t, map[string]any{"level": "campaign"})[campaignID]; c == nil || c["name"] != "新品推广" {
				t.Fatalf("campaign here: %v", c)
			}
			for level, want := range map[string]int{"adgroup": 1, "keyword": 2, "productad": 2, "target": 1, "negkeyword": 1} {
				if n := len(w.rowsOf(t, map[string]any{"level": level, "campaignId": campaignID})); n != want {
					t.Fatalf("%d %s rows here, want %d", n, level, want)
				}
			}
			// 操作记录: a row per entity, the two refused with Amazon's answer.
			var ops struct {
				Total   int                                       `json:"total"`
				Records []struct{ ActionName, ResultName string } `json:"records"`
			}
			w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"action": "create", "pagesize": 50}).Into(t, &ops)
			failed := 0
			for _, o := range ops.Records {
				if o.ActionName != "创建" {
					t.Fatalf("operation %+v", o)
				}
				if o.ResultName == "失败" {
					failed++
				}
			}
			if ops.Total != 10 || failed != 2 {
				t.Fatalf("%d operations, %d failed", ops.Total, failed)
			}

			// The same name again: Amazon refuses the campaign, nothing else is sent.
			got = w.create(t, w.owner, w.spForm(t, "新品推广"))
			if got.Changed != 0 || len(got.Rows) != 1 || !strings.Contains(got.Rows[0].Message, "已有同名的广告活动") ||
				!strings.Contains(got.Rows[0].Message, advertising.MsgCreateCampaignGone) || len(w.amz.RequestsTo("/sp/adGroups")) != 1 {
				t.Fatalf("duplicate: %+v", got)
			}
			// An ad group Amazon refuses: the campaign stays, the rest is not sent.
			w.amz.AdEdits.Refuse("坏组", "Ad group refused")
			body = w.spForm(t, "第二个")
			body["adGroupName"] = "坏组"
			got = w.create(t, w.owner, body)
			if got.Changed != 1 || got.Refused != 7 || !got.Rows[0].OK || got.Rows[1].OK || !strings.Contains(got.Rows[1].Message, "Ad group refused") ||
				got.Rows[2].Message != advertising.MsgCreateNotSent+advertising.MsgCreateAdGroupGone || len(w.amz.RequestsTo("/sp/productAds")) != 1 {
				t.Fatalf("refused ad group: %+v", got)
			}
			if w.rowsOf(t, map[string]any{"level": "campaign"})[got.Rows[0].AmazonID] == nil {
				t.Fatal("the campaign Amazon kept is not shown")
			}

			// Lost here, the campaign comes back with the next sync of the entities.
			if err := w.h.DB.Exec("DELETE FROM adv_campaigns WHERE campaign_id = ?", campaignID).Error; err != nil {
				t.Fatal(err)
			}
			w.syncAdEntities(t)
			if c := w.rowsOf(t, map[string]any{"level": "campaign"})[campaignID]; c == nil {
				t.Fatal("created campaign not synced back")
			}
			var strategy string
			w.h.DB.Table("adv_campaigns").Where("campaign_id = ?", campaignID).Pluck("bidding_strategy", &strategy)
			if strategy != "LEGACY_FOR_SALES" {
				t.Fatalf("synced strategy %q", strategy)
			}

			// Bad input reaches no Amazon.
			calls := len(w.amz.RequestsTo("/sp/campaigns"))
			bad := func(change func(map[string]any)) map[string]any {
				b := w.spForm(t, "坏的")
				change(b)
				return b
			}
			for msg, b := range map[string]map[string]any{
				advertising.MsgCreateGroup:         bad(func(b map[string]any) { b["groupId"] = "" }),
				advertising.MsgCreateProfile:       bad(func(b map[string]any) { b["profileId"] = "12345" }),
				advertising.MsgCreateName:          bad(func(b map[string]any) { b["name"] = " " }),
				advertising.MsgCreateTargeting:     bad(func(b map[string]any) { b["targetingType"] = "BOTH" }),
				advertising.MsgCreateStart:         bad(func(b map[string]any) { b["startDate"] = "2020-01-01" }),
				advertising.MsgCreateEnd:           bad(func(b map[string]any) { b["endDate"] = "2020-01-01" }),
				advertising.MsgCreateBudget:        bad(func(b map[string]any) { b["budget"] = "0.5" }),
				advertising.MsgCreateStrategy:      bad(func(b map[string]any) { b["biddingStrategy"] = "" }),
				advertising.MsgCreatePlacement:     bad(func(b map[string]any) { b["placementTop"] = "901" }),
				advertising.MsgCreateAdGroupName:   bad(func(b map[string]any) { b["adGroupName"] = "" }),
				advertising.MsgCreateBid + "：默认竞价": bad(func(b map[string]any) { b["defaultBid"] = "0.01" }),
				advertising.MsgCreateBidOver + "：kitchen scale": bad(func(b map[string]any) {
					b["keywords"] = []map[string]any{{"text": "kitchen scale", "matchType": "EXACT", "bid": "25"}}
				}),
				advertising.MsgCreateSKUs:   bad(func(b map[string]any) { b["skus"] = []string{" "} }),
				advertising.MsgCreateManual: bad(func(b map[string]any) { b["keywords"], b["targets"] = nil, nil }),
				advertising.MsgCreateAuto:   bad(func(b map[string]any) { b["targetingType"] = "AUTO" }),
				advertising.MsgCreateMatch + "：scale": bad(func(b map[string]any) {
					b["keywords"] = []map[string]any{{"text": "scale", "matchType": "NEGATIVE_EXACT"}}
				}),
				advertising.MsgCreateKeyword + "：a b c d e f g h i j k": bad(func(b map[string]any) {
					b["keywords"] = []map[string]any{{"text": "a b c d e f g h i j k", "matchType": "EXACT"}}
				}),
				advertising.MsgCreateASIN + "：B0SHORT": bad(func(b map[string]any) { b["targets"] = []map[string]any{{"asin": "b0short"}} }),
				advertising.MsgCreateNegative + "：cheap": bad(func(b map[string]any) {
					b["negativeKeywords"] = []map[string]any{{"text": "cheap", "matchType": "EXACT"}}
				}),
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, createPath, b), http.StatusBadRequest, "A0400", msg)
			}
			if len(w.amz.RequestsTo("/sp/campaigns")) != calls {
				t.Fatal("bad input reached Amazon")
			}

			// Who may create: 广告管理's 修改广告, within the profile's store group.
			reader := w.staff(t, "13700000001", nil)
			if env := reader.Call(http.MethodPost, createPath, w.spForm(t, "无权")); env.Msg != "访问未授权" || env.Status == http.StatusOK {
				t.Fatalf("without the permission: %d %s", env.Status, env.Msg)
			}
			other := &storesdb.StoreGroup{CompanyID: w.company, Name: "欧洲店"}
			if err := w.h.DB.Create(other).Error; err != nil {
				t.Fatal(err)
			}
			elsewhere := w.staff(t, "13700000002", []string{advertising.PermissionManagerEdit}, other.ID)
			apptest.Expect(t, elsewhere.Call(http.MethodPost, createPath, w.spForm(t, "别的店")), http.StatusBadRequest, "A0400", advertising.MsgCreateGroup)
			// The store's editor creates one in a portfolio the sync brought.
			editor := w.staff(t, "13700000003", []string{advertising.PermissionManagerEdit}, w.group)
			body = w.spForm(t, "店铺编辑的")
			body["portfolioId"] = usPortfolio
			got = w.create(t, editor, body)
			var portfolio string
			w.h.DB.Table("adv_campaigns").Where("campaign_id = ?", got.Rows[0].AmazonID).Pluck("portfolio_id", &portfolio)
			if got.Changed != 8 || portfolio != usPortfolio {
				t.Fatalf("the store's editor: %+v in portfolio %q", got, portfolio)
			}
			for _, c := range w.amz.AdAccount(usProfile).Campaigns {
				if c.CampaignID == got.Rows[0].AmazonID && c.PortfolioID != usPortfolio {
					t.Fatalf("at Amazon in portfolio %q", c.PortfolioID)
				}
			}
		})
	}
}
