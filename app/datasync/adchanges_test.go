package datasync_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"sellerhub/app/advertising"
	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// The stand-in's ids of the US profile (1100000000000001): campaign n is 1010000000+n (5 archived, 4 paused), ad
// group m of campaign n 1020000000+10(n-1)+m, keywords of campaign 2 (manual, budget 30.00) 10300001xx.
const (
	usProfile   = 1100000000000001
	usCampaign1 = "1010000001"
	usCampaign2 = "1010000002"
	usArchived  = "1010000005"
)

type changed struct {
	Changed int `json:"changed"`
	Refused int `json:"refused"`
	Rows    []struct {
		ID, AmazonID, Name, Before, After, Message string
		OK                                         bool
	} `json:"rows"`
}

func (w *adWorld) change(t *testing.T, body map[string]any) changed {
	t.Helper()
	env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", body)
	if env.Status == 500 {
		t.Log(w.h.Log.String())
	}
	apptest.ExpectOK(t, env)
	var out changed
	env.Into(t, &out)
	return out
}

// rowsOf reads a level's rows of the US profile by Amazon's id.
func (w *adWorld) rowsOf(t *testing.T, body map[string]any) map[string]map[string]any {
	t.Helper()
	body["pagesize"] = 100
	records, _ := w.managerPage(t, body)
	out := map[string]map[string]any{}
	for _, r := range records {
		out[r["amazonId"].(string)] = r
	}
	return out
}

func TestAdChangesReachAmazonRowByRowAndAreRecorded(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			w.amz.AdEdits.Refuse(usCampaign1, "Campaign is locked by a budget rule")
			campaigns := w.rowsOf(t, map[string]any{"level": "campaign"})
			var ids []string
			for n := 1; n <= 5; n++ {
				ids = append(ids, campaigns[fmt.Sprint(1010000000+n)]["id"].(string))
			}

			// A bulk pause of the US profile's five campaigns: the archived one and the one Amazon refuses keep
			// their state, here and at Amazon; the three others (one was paused already) are paused.
			got := w.change(t, map[string]any{"level": "campaign", "ids": ids, "action": "pause"})
			if got.Changed != 3 || got.Refused != 2 {
				t.Fatalf("pause: %+v", got)
			}
			for _, r := range got.Rows {
				switch r.AmazonID {
				case usCampaign1:
					if r.OK || !strings.Contains(r.Message, "Campaign is locked by a budget rule") {
						t.Fatalf("refused row %+v", r)
					}
				case usArchived:
					if r.OK || !strings.Contains(r.Message, "已归档的广告不能再修改") || r.Before != "归档" || r.After != "暂停" {
						t.Fatalf("archived row %+v", r)
					}
				default:
					if !r.OK || r.After != "暂停" {
						t.Fatalf("row %+v", r)
					}
				}
			}
			want := map[string]string{usCampaign1: "ENABLED", usCampaign2: "PAUSED", "1010000003": "PAUSED",
				"1010000004": "PAUSED", usArchived: "ARCHIVED"}
			check := func(when string) {
				t.Helper()
				rows := w.rowsOf(t, map[string]any{"level": "campaign"})
				for _, c := range w.amz.AdAccount(usProfile).Campaigns {
					if c.State != want[c.CampaignID] || rows[c.CampaignID]["state"] != want[c.CampaignID] {
						t.Fatalf("%s: campaign %s is %s at Amazon, %v here, want %s", when, c.CampaignID, c.State,
							rows[c.CampaignID]["state"], want[c.CampaignID])
					}
				}
			}
			check("after the pause")
			for _, r := range w.amz.RequestsTo("/sp/campaigns") {
				if r.Method != http.MethodPut || r.Header.Get("Content-Type") != "application/vnd.spCampaign.v3+json" {
					t.Fatalf("update call %s %s", r.Method, r.Header.Get("Content-Type"))
				}
			}

			// A budget 10 % up: 30.00 -> 33.00 at Amazon and here.
			got = w.change(t, map[string]any{"level": "campaign", "ids": ids[1:2], "action": "budget", "mode": "increase",
				"unit": "percent", "value": "10"})
			if got.Changed != 1 || got.Rows[0].Before != "30.00" || got.Rows[0].After != "33.00" {
				t.Fatalf("budget: %+v", got)
			}
			for _, c := range w.amz.AdAccount(usProfile).Campaigns {
				if c.CampaignID == usCampaign2 && c.Budget.StringFixed(2) != "33.00" {
					t.Fatalf("budget at Amazon %s", c.Budget)
				}
			}
			if b := w.rowsOf(t, map[string]any{"level": "campaign"})[usCampaign2]["budget"]; fmt.Sprint(b) != "33" {
				t.Fatalf("budget here %v", b)
			}

			// Keyword bids: above the campaign's budget or under Amazon's least, refused; 0.77 set.
			group := w.rowsOf(t, map[string]any{"level": "adgroup", "campaignId": usCampaign2})
			if len(group) != 2 {
				t.Fatalf("ad groups %v", group)
			}
			keywords := w.rowsOf(t, map[string]any{"level": "keyword", "campaignId": usCampaign2})
			var kws []string
			for _, k := range keywords {
				kws = append(kws, k["id"].(string))
			}
			if len(kws) != 8 {
				t.Fatalf("keywords %d", len(kws))
			}
			for value, why := range map[string]string{"35": "竞价不符合亚马逊的要求", "0.01": "数值超出亚马逊允许的范围"} {
				got = w.change(t, map[string]any{"level": "keyword", "ids": kws, "action": "bid", "mode": "set", "value": value})
				if got.Changed != 0 || got.Refused != 8 || !strings.Contains(got.Rows[0].Message, why) {
					t.Fatalf("bid %s: %+v", value, got)
				}
			}
			got = w.change(t, map[string]any{"level": "keyword", "ids": kws[:3], "action": "bid", "mode": "set", "value": "0.77"})
			if got.Changed != 3 {
				t.Fatalf("bid 0.77: %+v", got)
			}
			bids := 0
			for _, k := range w.amz.AdAccount(usProfile).Keywords {
				if k.Bid.StringFixed(2) == "0.77" {
					bids++
				}
			}
			if bids != 3 {
				t.Fatalf("%d keywords bid 0.77 at Amazon", bids)
			}
			// A decrease below zero is refused here, without asking Amazon.
			calls := len(w.amz.RequestsTo("/sp/keywords"))
			got = w.change(t, map[string]any{"level": "keyword", "ids": kws[:1], "action": "bid", "mode": "decrease", "value": "5"})
			if got.Refused != 1 || got.Rows[0].Message != advertising.MsgRowNotPositive || len(w.amz.RequestsTo("/sp/keywords")) != calls {
				t.Fatalf("negative bid: %+v", got)
			}

			// Archiving an ad group goes through Amazon's delete call.
			var groupID, groupAmazon string
			for id, g := range group {
				groupID, groupAmazon = g["id"].(string), id
			}
			got = w.change(t, map[string]any{"level": "adgroup", "ids": []string{groupID}, "action": "archive"})
			if got.Changed != 1 || len(w.amz.RequestsTo("/sp/adGroups/delete")) != 1 {
				t.Fatalf("archive: %+v", got)
			}
			for _, g := range w.amz.AdAccount(usProfile).AdGroups {
				if g.AdGroupID == groupAmazon && g.State != "ARCHIVED" {
					t.Fatalf("ad group at Amazon %s", g.State)
				}
			}

			// 操作记录 has every row, refused ones with Amazon's answer.
			env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"pagesize": 100})
			apptest.ExpectOK(t, env)
			var ops struct {
				Total   int `json:"total"`
				Records []struct {
					User, Name, ActionName, Before, After, ResultName, Message string
					OK                                                         bool
				} `json:"records"`
			}
			env.Into(t, &ops)
			if ops.Total != 5+1+8+8+3+1+1 {
				t.Fatalf("%d operations", ops.Total)
			}
			failed := 0
			for _, o := range ops.Records {
				if !o.OK {
					failed++
					if o.Message == "" || o.ResultName != "失败" {
						t.Fatalf("failed operation %+v", o)
					}
				}
				if o.User == "" || o.Before == "" || o.After == "" || o.ActionName == "" {
					t.Fatalf("operation %+v", o)
				}
			}
			if failed != 2+8+8+1 {
				t.Fatalf("%d failed operations", failed)
			}
			env = w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"result": "failed", "level": "campaign"})
			env.Into(t, &ops)
			if ops.Total != 2 {
				t.Fatalf("failed campaign operations %d", ops.Total)
			}
			res, _ := w.owner.Raw(http.MethodGet, "/amazonadv/api/v1/sp/operations/export", "", nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("export %d", res.StatusCode)
			}

			// The next sync reads back what Amazon has: nothing moves.
			w.syncAds(t)
			check("after the next sync")

			for msg, body := range map[string]map[string]any{
				advertising.MsgChangeLevel:    {"level": "productad", "ids": ids, "action": "pause"},
				advertising.MsgChangeNone:     {"level": "campaign", "action": "pause"},
				advertising.MsgChangeAction:   {"level": "campaign", "ids": ids, "action": "delete"},
				advertising.MsgBudgetCampaign: {"level": "keyword", "ids": kws, "action": "budget", "mode": "set", "value": "5"},
				advertising.MsgBidNoCampaign:  {"level": "campaign", "ids": ids, "action": "bid", "mode": "set", "value": "5"},
				advertising.MsgChangeMode:     {"level": "campaign", "ids": ids, "action": "budget", "value": "5"},
				advertising.MsgChangeValue:    {"level": "campaign", "ids": ids, "action": "budget", "mode": "set", "value": "1.234"},
				advertising.MsgPercentTooBig:  {"level": "campaign", "ids": ids, "action": "budget", "mode": "decrease", "unit": "percent", "value": "100"},
				advertising.MsgChangeNotFound: {"level": "campaign", "ids": []string{"123"}, "action": "pause"},
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", body), http.StatusBadRequest, "A0400", msg)
			}
			// Another company reaches none of these rows.
			other := w.h.SignedIn("13900000002", "乙公司")
			apptest.Expect(t, other.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", map[string]any{"level": "campaign",
				"ids": ids, "action": "pause"}), http.StatusBadRequest, "A0400", advertising.MsgChangeNotFound)
		})
	}
}

// staff makes a user of the world's company granted 广告管理 and 操作记录 with these button permissions, limited to
// these store groups (none: every group), and signs them in.
func (w *adWorld) staff(t *testing.T, phone string, permissions []string, groups ...int64) *apptest.Client {
	t.Helper()
	role := &accountsdb.Role{CompanyID: w.company, Name: "广告" + phone}
	if err := w.h.DB.Create(role).Error; err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"adv.manager", "adv.operation"} {
		m, err := admindb.MenuByCode(w.h.DB, code)
		if err != nil {
			t.Fatal(err)
		}
		w.h.DB.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: m.ID})
	}
	for _, code := range permissions {
		var p admindb.MenuPermission
		if err := w.h.DB.First(&p, "code = ?", code).Error; err != nil {
			t.Fatalf("permission %s: %v", code, err)
		}
		w.h.DB.Create(&admindb.RolePermission{RoleID: role.ID, PermissionID: p.ID})
	}
	hash, _ := bcrypt.GenerateFromPassword([]byte("Passw0rd!"), bcrypt.MinCost)
	u := &accountsdb.User{CompanyID: w.company, Account: phone, PasswordHash: string(hash),
		Profile: accountsdb.UserProfile{Name: "员工" + phone[len(phone)-4:]}}
	if err := accountsdb.CreateUser(w.h.DB, u, role.ID); err != nil {
		t.Fatal(err)
	}
	for _, g := range groups {
		if err := w.h.DB.Exec("INSERT INTO user_store_groups (user_id, group_id) VALUES (?, ?)", u.ID, g).Error; err != nil {
			t.Fatal(err)
		}
	}
	c := w.h.Client()
	apptest.ExpectOK(t, c.Login(phone, "Passw0rd!"))
	return c
}

func TestAdChangesNeedTheButtonAndStayInTheUsersStores(t *testing.T) {
	t.Parallel()
	w := startAdWorld(t, dbtest.SQLite)
	w.syncAds(t)
	campaigns := w.rowsOf(t, map[string]any{"level": "campaign"})
	body := map[string]any{"level": "campaign", "ids": []string{campaigns[usCampaign2]["id"].(string)}, "action": "pause"}

	// 广告管理 without 修改广告 reads but does not change.
	reader := w.staff(t, "13700000001", nil)
	apptest.ExpectOK(t, reader.Call(http.MethodPost, "/amazonadv/api/v1/sp/page", map[string]any{"level": "campaign"}))
	if env := reader.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", body); env.Msg != "访问未授权" || env.Status == http.StatusOK {
		t.Fatalf("change without the permission: %d %s", env.Status, env.Msg)
	}

	// A user limited to another store group reaches none of these campaigns, nor their operations.
	other := &storesdb.StoreGroup{CompanyID: w.company, Name: "欧洲店"}
	if err := w.h.DB.Create(other).Error; err != nil {
		t.Fatal(err)
	}
	elsewhere := w.staff(t, "13700000002", []string{advertising.PermissionManagerEdit}, other.ID)
	apptest.Expect(t, elsewhere.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", body), http.StatusBadRequest, "A0400",
		advertising.MsgChangeNotFound)

	// The store's own editor changes it, and is named in 操作记录; the other user sees no operation.
	editor := w.staff(t, "13700000003", []string{advertising.PermissionManagerEdit}, w.group)
	env := editor.Call(http.MethodPost, "/amazonadv/api/v1/sp/change", body)
	apptest.ExpectOK(t, env)
	var out changed
	env.Into(t, &out)
	if out.Changed != 1 || len(w.amz.RequestsTo("/sp/campaigns")) != 1 {
		t.Fatalf("editor's pause: %+v", out)
	}
	var ops struct {
		Total   int `json:"total"`
		Records []struct {
			User string `json:"user"`
		} `json:"records"`
	}
	env = w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{})
	env.Into(t, &ops)
	if ops.Total != 1 || ops.Records[0].User != "员工0003" {
		t.Fatalf("operations %+v", ops)
	}
	env = elsewhere.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{})
	env.Into(t, &ops)
	if ops.Total != 0 {
		t.Fatalf("another store's user sees %d operations", ops.Total)
	}
}
