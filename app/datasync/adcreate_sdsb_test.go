package datasync_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"sellerhub/app/advertising"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

const (
	sdCreatePath = "/amazonadv/api/v1/sd/create"
	sbCreatePath = "/amazonadv/api/v1/sb/create"
)

// place is the store group and US profile (our ids) a creation form names.
func (w *adWorld) place(t *testing.T) map[string]any {
	t.Helper()
	var profile int64
	if err := w.h.DB.Table("adv_profiles").Where("profile_id = ?", usProfile).Pluck("id", &profile).Error; err != nil || profile == 0 {
		t.Fatalf("profile %d: %v", profile, err)
	}
	return map[string]any{"groupId": strconv.FormatInt(w.group, 10), "profileId": strconv.FormatInt(profile, 10)}
}

// sdForm is a contextual Sponsored Display campaign of the US profile starting tomorrow, as 创建SD广告 sends it.
func (w *adWorld) sdForm(t *testing.T, name string) map[string]any {
	b := w.place(t)
	for k, v := range map[string]any{"name": name, "tactic": "T00020", "startDate": time.Now().AddDate(0, 0, 1).Format(time.DateOnly),
		"budget": "15", "costType": "cpc", "adGroupName": "展示组", "defaultBid": "0.60", "skus": []string{"ADSKU-US-1", "ADSKU-US-2"},
		"targets": []map[string]any{{"asin": "b0adus0004", "bid": "0.70"}, {"asin": "B0ADUS0005"}}} {
		b[k] = v
	}
	return b
}

// sbForm is a Sponsored Brands campaign of the US profile starting tomorrow, as 创建SB广告 sends it.
func (w *adWorld) sbForm(t *testing.T, name string) map[string]any {
	b := w.place(t)
	for k, v := range map[string]any{"name": name, "startDate": time.Now().AddDate(0, 0, 1).Format(time.DateOnly), "budget": "30",
		"brandEntityId": amazontest.SBBrandEntity, "adGroupName": "品牌组", "brandName": "厨房好物", "logoAssetId": amazontest.SBLogoAssets[1],
		"headline": "Weigh every gram, every day", "asins": []string{"B0ADUS0001", "b0adus0002", "B0ADUS0003", "B0ADUS0004"},
		"keywords": []map[string]any{{"text": "kitchen scale", "matchType": "EXACT", "bid": "1.20"},
			{"text": "food scale", "matchType": "BROAD", "bid": "0.90"}}} {
		b[k] = v
	}
	return b
}

func (w *adWorld) createAt(t *testing.T, c *apptest.Client, path string, body map[string]any) changed {
	t.Helper()
	env := c.Call(http.MethodPost, path, body)
	if env.Status == http.StatusInternalServerError {
		t.Log(w.h.Log.String())
	}
	apptest.ExpectOK(t, env)
	var out changed
	env.Into(t, &out)
	return out
}

// 创建SD广告: a contextual campaign with its ad group, product ads and ASIN targets, and an audiences one with a
// views remarketing target, are created at the stand-in in Sponsored Display's shape; 广告管理 has them at once as
// 展示型推广, and refuses to send them SP's changes. A SKU the seller does not sell is said refused with the rest
// kept; the same name again is refused with nothing more sent and nothing written here. Every bad field is refused
// in Chinese before Amazon is called; users without 修改广告 or outside the store group are refused.
func TestCreatingASponsoredDisplayCampaignAtAmazon(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			body := w.sdForm(t, "展示推广")
			body["skus"] = []string{"ADSKU-US-1", "NOT-SOLD"}
			got := w.createAt(t, w.owner, sdCreatePath, body)
			if got.Changed != 5 || got.Refused != 1 || len(got.Rows) != 6 || got.Rows[0].After != "预算 15.00 · 内容相关投放 · CPC" ||
				got.Rows[3].OK || got.Rows[3].Name != "NOT-SOLD" || !strings.Contains(got.Rows[3].Message, "亚马逊拒绝：亚马逊找不到所属广告活动、广告组或该SKU") ||
				!strings.Contains(got.Rows[3].Message, "is not an offer of this seller") || got.Rows[4].Name != `asin="B0ADUS0004"` || got.Rows[4].After != "0.70" ||
				got.Rows[5].After != "0.60" {
				t.Fatalf("created: %+v", got)
			}
			campaignID := got.Rows[0].AmazonID
			made := amazontest.SponsoredCreated(w.amz, usProfile)
			if len(made.Campaigns) != 1 || made.Campaigns[0].AdType != "SD" || made.Campaigns[0].Tactic != "T00020" ||
				made.Campaigns[0].CostType != "cpc" || made.Campaigns[0].StartDate != strings.ReplaceAll(body["startDate"].(string), "-", "") ||
				len(made.AdGroups) != 1 || made.AdGroups[0].DefaultBid.String() != "0.6" || len(made.ProductAds) != 1 ||
				len(made.Targets) != 2 || made.Targets[0].ASIN != "B0ADUS0004" || made.Targets[1].Bid.String() != "0.6" {
				t.Fatalf("at Amazon: %+v", made)
			}
			// 广告管理 has it as 展示型推广, the ad type filter too; SP's calls are not made for it.
			campaign := w.rowsOf(t, map[string]any{"level": "campaign", "adType": "SD"})[campaignID]
			if campaign == nil || campaign["adTypeName"] != "展示型推广" || campaign["name"] != "展示推广" {
				t.Fatalf("campaign here: %v", campaign)
			}
			if w.rowsOf(t, map[string]any{"level": "campaign", "adType": "SP"})[campaignID] != nil {
				t.Fatal("an SD campaign among SP's")
			}
			for level, want := range map[string]int{"adgroup": 1, "productad": 1, "target": 2} {
				if n := len(w.rowsOf(t, map[string]any{"level": level, "campaignId": campaignID})); n != want {
					t.Fatalf("%d %s rows here, want %d", n, level, want)
				}
			}
			var id string
			w.h.DB.Table("adv_campaigns").Where("campaign_id = ?", campaignID).Pluck("id", &id)
			var pause changed
			w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", map[string]any{"level": "campaign", "ids": []string{id}, "action": "pause"}).Into(t, &pause)
			if pause.Refused != 1 || pause.Rows[0].Message != advertising.MsgRowNotSP || len(w.amz.RequestsTo("/sp/campaigns")) != 0 {
				t.Fatalf("SP's pause of an SD campaign: %+v", pause)
			}

			// Audiences: one views remarketing target of the chosen lookback, bid per thousand viewable impressions.
			aud := w.sdForm(t, "再营销")
			aud["tactic"], aud["costType"], aud["defaultBid"], aud["targets"], aud["lookback"] = "T00030", "vcpm", "5", nil, "30"
			got = w.createAt(t, w.owner, sdCreatePath, aud)
			if got.Changed != 5 || got.Rows[4].Name != "浏览再营销 · 回溯30天" {
				t.Fatalf("audiences: %+v", got)
			}
			made = amazontest.SponsoredCreated(w.amz, usProfile)
			if made.Targets[2].Lookback != "30" || made.Campaigns[1].CostType != "vcpm" {
				t.Fatalf("audience at Amazon: %+v", made.Targets)
			}

			// The same name: Amazon refuses the campaign, nothing more is sent and nothing is written here.
			var before int64
			w.h.DB.Table("adv_campaigns").Count(&before)
			got = w.createAt(t, w.owner, sdCreatePath, w.sdForm(t, "展示推广"))
			var after int64
			w.h.DB.Table("adv_campaigns").Count(&after)
			if got.Changed != 0 || len(got.Rows) != 1 || !strings.Contains(got.Rows[0].Message, "亚马逊拒绝：已有同名或相同的内容") ||
				!strings.Contains(got.Rows[0].Message, advertising.MsgCreateCampaignGone) || len(w.amz.RequestsTo("/sd/adGroups")) != 2 || after != before {
				t.Fatalf("duplicate: %+v (%d campaigns, were %d)", got, after, before)
			}

			// Bad input reaches no Amazon.
			calls := len(w.amz.RequestsTo("/sd/campaigns"))
			bad := func(change func(map[string]any)) map[string]any {
				b := w.sdForm(t, "坏的")
				change(b)
				return b
			}
			for msg, b := range map[string]map[string]any{
				advertising.MsgCreateGroup:             bad(func(b map[string]any) { b["groupId"] = "x" }),
				advertising.MsgCreateName:              bad(func(b map[string]any) { b["name"] = strings.Repeat("名", 129) }),
				advertising.MsgSDTactic:                bad(func(b map[string]any) { b["tactic"] = "T00010" }),
				advertising.MsgCreateStart:             bad(func(b map[string]any) { b["startDate"] = "2020-01-01" }),
				advertising.MsgCreateEnd:               bad(func(b map[string]any) { b["endDate"] = b["startDate"] }),
				advertising.MsgCreateBudget:            bad(func(b map[string]any) { b["budget"] = "0.99" }),
				advertising.MsgSDCostType:              bad(func(b map[string]any) { b["costType"] = "cpm" }),
				advertising.MsgCreateAdGroupName:       bad(func(b map[string]any) { b["adGroupName"] = "" }),
				advertising.MsgCreateBid + "：默认竞价":     bad(func(b map[string]any) { b["defaultBid"] = "0.01" }),
				advertising.MsgSDVCPMBid + "：默认竞价":     bad(func(b map[string]any) { b["costType"] = "vcpm" }),
				advertising.MsgCreateBidOver + "：默认竞价": bad(func(b map[string]any) { b["defaultBid"] = "16" }),
				advertising.MsgCreateSKUs:              bad(func(b map[string]any) { b["skus"] = []string{} }),
				advertising.MsgSDContextual:            bad(func(b map[string]any) { b["targets"] = nil }),
				advertising.MsgCreateASIN + "：B0ADUS0004": bad(func(b map[string]any) {
					b["targets"] = []map[string]any{{"asin": "B0ADUS0004"}, {"asin": "b0adus0004"}}
				}),
				advertising.MsgSDAudience: bad(func(b map[string]any) { b["tactic"] = "T00030" }),
				advertising.MsgSDLookback: bad(func(b map[string]any) { b["tactic"], b["targets"], b["lookback"] = "T00030", nil, "45" }),
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, sdCreatePath, b), http.StatusBadRequest, "A0400", msg)
			}
			if len(w.amz.RequestsTo("/sd/campaigns")) != calls {
				t.Fatal("bad input reached Amazon")
			}

			// Who may create: 广告管理's 修改广告, within the profile's store group.
			reader := w.staff(t, "13700000001", nil)
			if env := reader.Call(http.MethodPost, sdCreatePath, w.sdForm(t, "无权")); env.Msg != "访问未授权" || env.Status == http.StatusOK {
				t.Fatalf("without the permission: %d %s", env.Status, env.Msg)
			}
			other := &storesdb.StoreGroup{CompanyID: w.company, Name: "欧洲店"}
			if err := w.h.DB.Create(other).Error; err != nil {
				t.Fatal(err)
			}
			elsewhere := w.staff(t, "13700000002", []string{advertising.PermissionManagerEdit}, other.ID)
			apptest.Expect(t, elsewhere.Call(http.MethodPost, sdCreatePath, w.sdForm(t, "别的店")), http.StatusBadRequest, "A0400", advertising.MsgCreateGroup)
			editor := w.staff(t, "13700000003", []string{advertising.PermissionManagerEdit}, w.group)
			if got := w.createAt(t, editor, sdCreatePath, w.sdForm(t, "店铺编辑的")); got.Changed != 6 {
				t.Fatalf("the store's editor: %+v", got)
			}
		})
	}
}

// 创建SB广告: a campaign with its ad group, product collection ad and keywords is created at the stand-in in
// Sponsored Brands v4's shape; 广告管理 has it at once as 品牌推广. A brand that is not the advertiser's is refused by
// Amazon with its reason in Chinese and nothing more sent or written; a keyword Amazon refuses leaves the rest.
// Every bad field is refused in Chinese before Amazon is called; a user without 修改广告 is refused.
func TestCreatingASponsoredBrandsCampaignAtAmazon(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.amz.AdEdits.Refuse("food scale", "Keyword is not allowed")
			got := w.createAt(t, w.owner, sbCreatePath, w.sbForm(t, "品牌推广"))
			if got.Changed != 4 || got.Refused != 1 || len(got.Rows) != 5 || got.Rows[0].After != "预算 30.00 · 品牌推广" ||
				got.Rows[2].Name != "Weigh every gram, every day" || !got.Rows[2].OK || got.Rows[3].After != "精准 · 1.20" ||
				got.Rows[4].OK || !strings.Contains(got.Rows[4].Message, "Keyword is not allowed") {
				t.Fatalf("created: %+v", got)
			}
			campaignID := got.Rows[0].AmazonID
			made := amazontest.SponsoredCreated(w.amz, usProfile)
			if len(made.Campaigns) != 1 || made.Campaigns[0].AdType != "SB" || made.Campaigns[0].BrandEntityID != amazontest.SBBrandEntity ||
				len(made.Ads) != 1 || made.Ads[0].Headline != "Weigh every gram, every day" || len(made.Ads[0].ASINs) != 4 ||
				made.Ads[0].ASINs[1] != "B0ADUS0002" || len(made.Keywords) != 1 || made.Keywords[0].MatchType != "EXACT" {
				t.Fatalf("at Amazon: %+v", made)
			}
			campaign := w.rowsOf(t, map[string]any{"level": "campaign", "adType": "SB"})[campaignID]
			if campaign == nil || campaign["adTypeName"] != "品牌推广" {
				t.Fatalf("campaign here: %v", campaign)
			}
			if n := len(w.rowsOf(t, map[string]any{"level": "keyword", "campaignId": campaignID})); n != 1 {
				t.Fatalf("%d keywords here", n)
			}
			var ops struct {
				Records []struct{ LevelName, ResultName string } `json:"records"`
			}
			w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"action": "create", "pagesize": 50}).Into(t, &ops)
			levels := map[string]int{}
			for _, o := range ops.Records {
				levels[o.LevelName+o.ResultName]++
			}
			if len(ops.Records) != 5 || levels["品牌广告成功"] != 1 || levels["关键词失败"] != 1 || levels["广告活动成功"] != 1 {
				t.Fatalf("operations: %+v", ops.Records)
			}

			// A brand that is not the advertiser's: refused with Amazon's reason, nothing more sent or written.
			var before int64
			w.h.DB.Table("adv_campaigns").Count(&before)
			body := w.sbForm(t, "别的品牌")
			body["brandEntityId"] = "ENTITY9OTHER"
			got = w.createAt(t, w.owner, sbCreatePath, body)
			var after int64
			w.h.DB.Table("adv_campaigns").Count(&after)
			if got.Changed != 0 || len(got.Rows) != 1 || !strings.Contains(got.Rows[0].Message, "亚马逊拒绝：品牌实体ID不是该广告账户已注册的品牌") ||
				!strings.Contains(got.Rows[0].Message, "BRAND_NOT_FOUND") || after != before || len(w.amz.RequestsTo("/sb/v4/adGroups")) != 1 {
				t.Fatalf("another brand: %+v (%d campaigns, were %d)", got, after, before)
			}

			// Bad input reaches no Amazon.
			calls := len(w.amz.RequestsTo("/sb/v4/campaigns"))
			bad := func(change func(map[string]any)) map[string]any {
				b := w.sbForm(t, "坏的")
				change(b)
				return b
			}
			for msg, b := range map[string]map[string]any{
				advertising.MsgCreateProfile:     bad(func(b map[string]any) { b["profileId"] = "12345" }),
				advertising.MsgCreateName:        bad(func(b map[string]any) { b["name"] = "" }),
				advertising.MsgCreateStart:       bad(func(b map[string]any) { b["startDate"] = "明天" }),
				advertising.MsgCreateBudget:      bad(func(b map[string]any) { b["budget"] = "1.234" }),
				advertising.MsgSBBrandEntity:     bad(func(b map[string]any) { b["brandEntityId"] = " " }),
				advertising.MsgCreateAdGroupName: bad(func(b map[string]any) { b["adGroupName"] = "" }),
				advertising.MsgSBBrandName:       bad(func(b map[string]any) { b["brandName"] = strings.Repeat("牌", 31) }),
				advertising.MsgSBLogo:            bad(func(b map[string]any) { b["logoAssetId"] = "logo.png" }),
				advertising.MsgSBHeadline:        bad(func(b map[string]any) { b["headline"] = strings.Repeat("a", 51) }),
				advertising.MsgSBASINs:           bad(func(b map[string]any) { b["asins"] = []string{"B0ADUS0001", "B0ADUS0002"} }),
				advertising.MsgSBASINs + "：B0ADUS0001": bad(func(b map[string]any) {
					b["asins"] = []string{"B0ADUS0001", "b0adus0001", "B0ADUS0002"}
				}),
				advertising.MsgSBKeywords: bad(func(b map[string]any) { b["keywords"] = nil }),
				advertising.MsgSBBid + "：kitchen scale": bad(func(b map[string]any) {
					b["keywords"] = []map[string]any{{"text": "kitchen scale", "matchType": "EXACT", "bid": "0.05"}}
				}),
				advertising.MsgCreateBidOver + "：big scale": bad(func(b map[string]any) {
					b["budget"], b["keywords"] = "20", []map[string]any{{"text": "big scale", "matchType": "EXACT", "bid": "25"}}
				}),
				advertising.MsgCreateMatch + "：scale": bad(func(b map[string]any) {
					b["keywords"] = []map[string]any{{"text": "scale", "matchType": "exact", "bid": "1"}}
				}),
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, sbCreatePath, b), http.StatusBadRequest, "A0400", msg)
			}
			if len(w.amz.RequestsTo("/sb/v4/campaigns")) != calls {
				t.Fatal("bad input reached Amazon")
			}
			reader := w.staff(t, "13700000001", nil)
			if env := reader.Call(http.MethodPost, sbCreatePath, w.sbForm(t, "无权")); env.Msg != "访问未授权" || env.Status == http.StatusOK {
				t.Fatalf("without the permission: %d %s", env.Status, env.Msg)
			}
		})
	}
}
