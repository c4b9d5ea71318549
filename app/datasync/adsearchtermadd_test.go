package datasync_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/advertising"
	"sellerhub/app/apptest"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// addTerms posts an add of search terms as a user, answering its rows.
func (w *adWorld) addTerms(t *testing.T, c *apptest.Client, body map[string]any) changed {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazonadv/api/v1/sp/searchterms/add", body)
	if env.Status == http.StatusInternalServerError {
		t.Log(w.h.Log.String())
	}
	apptest.ExpectOK(t, env)
	var out changed
	env.Into(t, &out)
	return out
}

// syncAdEntities runs the entities' sync alone (the reports stay as they are) and waits for it.
func (w *adWorld) syncAdEntities(t *testing.T) {
	t.Helper()
	since := time.Now()
	w.waitNoAdJobs(t)
	apptest.ExpectOK(t, w.owner.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+w.adTasks(t)["adentities"].ID+"/sync", nil))
	deadline := time.Now().Add(adDeadline)
	for {
		var task datasyncdb.SyncTask
		if err := w.h.DB.Take(&task, "seller_id = ? AND kind = ?", w.seller, "adentities").Error; err != nil {
			t.Fatal(err)
		}
		if task.State == datasyncdb.SyncFailed {
			t.Fatalf("adentities failed: %s", task.LastError)
		}
		if task.State == datasyncdb.SyncDone && task.LastSuccessAt != nil && task.LastSuccessAt.After(since) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("adentities is %+v", task)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// 搜索词 to Amazon: two terms of a manual campaign become its ad groups' negative exact keywords at the stand-in,
// which keeps them, and come back on the next sync after being lost here; a second batch with one of them again
// is refused for that row only (a duplicate) and adds the other; a campaign's negative and keywords with bids
// (one under the marketplace's least, refused) follow; 操作记录 has every row. Users without the button or
// outside the store group are refused.
func TestSearchTermsBecomeNegativesAndKeywordsAtAmazon(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			terms, _ := w.searchTerms(t, map[string]any{"campaignId": usCampaign2, "pagesize": 100})
			if len(terms) < 5 {
				t.Fatalf("%d search terms", len(terms))
			}
			pick := func(rows ...map[string]any) []map[string]any {
				out := []map[string]any{}
				for _, r := range rows {
					out = append(out, map[string]any{"id": r["id"], "bid": r["cpc"]})
				}
				return out
			}
			negative := map[string]any{"as": "negative", "matchType": "NEGATIVE_EXACT", "level": "adgroup"}
			with := func(base map[string]any, rows ...map[string]any) map[string]any {
				out := map[string]any{"terms": pick(rows...)}
				for k, v := range base {
					out[k] = v
				}
				return out
			}

			got := w.addTerms(t, w.owner, with(negative, terms[0], terms[1]))
			if got.Changed != 2 || got.Refused != 0 || got.Rows[0].ID != terms[0]["id"] || got.Rows[0].AmazonID == "" ||
				!strings.HasPrefix(got.Rows[0].After, "否定精准 · 广告组 ") {
				t.Fatalf("two negatives: %+v", got)
			}
			negatives, _, _ := w.amz.AdCreations(usProfile)
			if len(negatives) != 2 || negatives[0].Text != terms[0]["searchTerm"] || negatives[0].AdGroupID != terms[0]["adGroupId"] ||
				negatives[0].MatchType != "NEGATIVE_EXACT" || negatives[0].KeywordID != got.Rows[0].AmazonID {
				t.Fatalf("at Amazon %+v", negatives)
			}
			for _, r := range w.amz.RequestsTo("/sp/negativeKeywords") {
				if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/vnd.spNegativeKeyword.v3+json" {
					t.Fatalf("create call %s %s", r.Method, r.Header.Get("Content-Type"))
				}
			}
			// 广告管理 shows them at once.
			listed := w.rowsOf(t, map[string]any{"level": "negkeyword", "state": "ENABLED"})
			if listed[negatives[1].KeywordID] == nil {
				t.Fatalf("negatives here %v", listed)
			}

			// The first again beside a third: Amazon refuses the duplicate, the third is added.
			got = w.addTerms(t, w.owner, with(negative, terms[0], terms[2]))
			if got.Changed != 1 || got.Refused != 1 || got.Rows[0].OK || !strings.Contains(got.Rows[0].Message, "已有相同文字和匹配方式的关键词") ||
				!got.Rows[1].OK {
				t.Fatalf("duplicate: %+v", got)
			}
			// A campaign's own negative phrase.
			got = w.addTerms(t, w.owner, with(map[string]any{"as": "negative", "matchType": "NEGATIVE_PHRASE", "level": "campaign"}, terms[3]))
			if got.Changed != 1 || !strings.HasPrefix(got.Rows[0].After, "否定词组 · 广告活动 ") ||
				len(w.amz.RequestsTo("/sp/campaignNegativeKeywords")) != 1 {
				t.Fatalf("campaign negative: %+v", got)
			}
			// Keywords into an ad group of the campaign: a bid under 0.02 refused, the term's CPC taken.
			groups := w.rowsOf(t, map[string]any{"level": "adgroup", "campaignId": usCampaign2})
			groupID := groups[terms[4]["adGroupId"].(string)]["id"]
			body := with(map[string]any{"as": "keyword", "matchType": "EXACT", "adGroupId": groupID}, terms[4], terms[3])
			body["terms"].([]map[string]any)[1]["bid"] = "0.01"
			got = w.addTerms(t, w.owner, body)
			if got.Changed != 1 || got.Refused != 1 || !strings.Contains(got.Rows[1].Message, "竞价超出亚马逊允许的范围") ||
				!strings.HasSuffix(got.Rows[0].After, " · "+terms[4]["cpc"].(string)) {
				t.Fatalf("keywords: %+v", got)
			}
			_, campaignNegatives, keywords := w.amz.AdCreations(usProfile)
			if len(campaignNegatives) != 1 || len(keywords) != 1 || keywords[0].Bid.StringFixed(2) != terms[4]["cpc"] {
				t.Fatalf("at Amazon %+v %+v", campaignNegatives, keywords)
			}

			// Lost here, they come back with the next sync of the entities.
			ids := []string{negatives[0].KeywordID, negatives[1].KeywordID, campaignNegatives[0].KeywordID}
			if err := w.h.DB.Exec("DELETE FROM adv_negative_keywords WHERE keyword_id IN ?", ids).Error; err != nil {
				t.Fatal(err)
			}
			if err := w.h.DB.Exec("DELETE FROM adv_keywords WHERE keyword_id = ?", keywords[0].KeywordID).Error; err != nil {
				t.Fatal(err)
			}
			w.syncAdEntities(t)
			listed = w.rowsOf(t, map[string]any{"level": "negkeyword", "state": "ENABLED"})
			for _, id := range ids {
				if listed[id] == nil {
					t.Fatalf("negative %s not synced back: %v", id, listed)
				}
			}
			var n int64
			w.h.DB.Table("adv_keywords").Where("keyword_id = ? AND bid > 0", keywords[0].KeywordID).Count(&n)
			if n != 1 {
				t.Fatal("keyword not synced back")
			}

			// 操作记录: every row, refused ones with Amazon's answer.
			var ops struct {
				Total   int `json:"total"`
				Records []struct {
					Name, ActionName, Before, After, ResultName, Message string
				} `json:"records"`
			}
			env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"action": "negate", "pagesize": 50})
			env.Into(t, &ops)
			failed := 0
			for _, o := range ops.Records {
				if o.ActionName != "添加否定关键词" || o.Before != "—" || o.Name == "" || o.After == "" {
					t.Fatalf("operation %+v", o)
				}
				if o.ResultName == "失败" {
					failed++
				}
			}
			if ops.Total != 5 || failed != 1 {
				t.Fatalf("%d negative operations, %d failed", ops.Total, failed)
			}
			env = w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"action": "addKeyword", "result": "failed"})
			env.Into(t, &ops)
			if ops.Total != 1 || !strings.Contains(ops.Records[0].Message, "rangeError") && !strings.Contains(ops.Records[0].Message, "竞价") {
				t.Fatalf("refused keyword operation %+v", ops)
			}

			// Bad input changes nothing.
			calls := len(w.amz.RequestsTo("/sp/negativeKeywords"))
			for msg, b := range map[string]map[string]any{
				advertising.MsgAddAs:            {"as": "delete", "terms": pick(terms[0])},
				advertising.MsgAddMatchNegative: {"as": "negative", "matchType": "EXACT", "level": "adgroup", "terms": pick(terms[0])},
				advertising.MsgAddLevel:         {"as": "negative", "matchType": "NEGATIVE_EXACT", "terms": pick(terms[0])},
				advertising.MsgAddNone:          negative,
				advertising.MsgAddAdGroup:       {"as": "keyword", "matchType": "EXACT", "terms": pick(terms[0])},
				advertising.MsgAddBid:           {"as": "keyword", "matchType": "EXACT", "adGroupId": groupID, "terms": []map[string]any{{"id": terms[0]["id"], "bid": "0"}}},
				advertising.MsgAddNotFound:      with(negative, map[string]any{"id": "1:2:nothing"}),
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/searchterms/add", b), http.StatusBadRequest, "A0400", msg)
			}
			if len(w.amz.RequestsTo("/sp/negativeKeywords")) != calls {
				t.Fatal("bad input reached Amazon")
			}

			// 广告管理 without 修改广告 is refused; a user of another store group finds none of the terms.
			reader := w.staff(t, "13700000001", nil)
			if env := reader.Call(http.MethodPost, "/amazonadv/api/v1/sp/searchterms/add", with(negative, terms[4])); env.Msg != "访问未授权" || env.Status == http.StatusOK {
				t.Fatalf("add without the permission: %d %s", env.Status, env.Msg)
			}
			other := &storesdb.StoreGroup{CompanyID: w.company, Name: "欧洲店"}
			if err := w.h.DB.Create(other).Error; err != nil {
				t.Fatal(err)
			}
			elsewhere := w.staff(t, "13700000002", []string{advertising.PermissionManagerEdit}, other.ID)
			apptest.Expect(t, elsewhere.Call(http.MethodPost, "/amazonadv/api/v1/sp/searchterms/add", with(negative, terms[4])),
				http.StatusBadRequest, "A0400", advertising.MsgAddNotFound)
			editor := w.staff(t, "13700000003", []string{advertising.PermissionManagerEdit}, w.group)
			if got := w.addTerms(t, editor, with(negative, terms[4])); got.Changed != 1 {
				t.Fatalf("the store's editor: %+v", got)
			}
			// 操作记录's 否定关键词 level: the six negatives' rows.
			env = w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/operations/page", map[string]any{"level": "negkeyword"})
			env.Into(t, &ops)
			if ops.Total != 6 {
				t.Fatalf("%d operations of negative keywords", ops.Total)
			}
		})
	}
}
