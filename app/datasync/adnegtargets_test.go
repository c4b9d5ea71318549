package datasync_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/advertising"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// Negative product targets: the stand-in's third campaign excludes an ASIN and a brand in each ad group, which
// the sync brings and 广告管理 shows under the ad group; 创建SP广告 creates them with the campaign, and 广告管理
// adds them to an ad group, a row Amazon refuses saying why and creating nothing; bad input reaches no Amazon.
func TestNegativeProductTargetsAreSyncedShownAndAdded(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			w.syncAds(t)
			rows := w.rowsOf(t, map[string]any{"level": "negtarget", "adGroupId": "1020000021"})
			if len(rows) != 2 || rows["1080000021"]["name"] != `asin="B0ADUS0006"` || rows["1080000022"]["name"] != `brand="2046281"` ||
				rows["1080000022"]["targetingType"] != "ASIN_BRAND_SAME_AS" {
				t.Fatalf("negative targets of the ad group: %v", rows)
			}
			if all := w.rowsOf(t, map[string]any{"level": "negtarget"}); len(all) != 8 {
				t.Fatalf("%d negative targets, want 2 profiles × 2 ad groups × 2", len(all))
			}

			// 创建SP广告 with an ASIN and a brand excluded.
			body := w.spForm(t, "否定投放")
			body["negativeTargets"] = []map[string]any{{"type": "ASIN_SAME_AS", "value": "b0adus0005"},
				{"type": "ASIN_BRAND_SAME_AS", "value": "777"}}
			got := w.create(t, w.owner, body)
			last := got.Rows[len(got.Rows)-2:]
			if got.Refused != 0 || last[0].Name != `asin="B0ADUS0005"` || last[1].Name != `brand="777"` || !last[0].OK || !last[1].OK {
				t.Fatalf("created: %+v", got)
			}
			campaignID := got.Rows[0].AmazonID
			if n := len(w.rowsOf(t, map[string]any{"level": "negtarget", "campaignId": campaignID})); n != 2 {
				t.Fatalf("%d negative targets of the new campaign here", n)
			}

			// 广告管理 adds two more to a synced ad group; Amazon refuses the one already there.
			var groupID string
			for id, g := range w.rowsOf(t, map[string]any{"level": "adgroup", "campaignId": "1010000003"}) {
				if id == "1020000021" {
					groupID = g["id"].(string)
				}
			}
			env := w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/negativetargets/add", map[string]any{"adGroupId": groupID,
				"targets": []map[string]any{{"type": "ASIN_SAME_AS", "value": "B0ADUS0006"}, {"type": "ASIN_SAME_AS", "value": "B0RIVAL001"}}})
			apptest.ExpectOK(t, env)
			var added changed
			env.Into(t, &added)
			if added.Changed != 1 || added.Refused != 1 || added.Rows[0].OK || !strings.Contains(added.Rows[0].Message, "广告组中已有相同的否定商品投放") ||
				!added.Rows[1].OK || added.Rows[1].Name != `asin="B0RIVAL001"` {
				t.Fatalf("added: %+v", added)
			}
			if n := len(w.rowsOf(t, map[string]any{"level": "negtarget", "adGroupId": "1020000021"})); n != 3 {
				t.Fatalf("%d negative targets of the ad group after adding", n)
			}
			calls := len(w.amz.RequestsTo("/sp/negativeTargets"))
			for msg, b := range map[string]map[string]any{
				advertising.MsgAddAdGroup:          {"adGroupId": "x", "targets": []map[string]any{{"value": "B0RIVAL002"}}},
				advertising.MsgNegativeTargetsNone: {"adGroupId": groupID},
				advertising.MsgCreateNegativeASIN + "：B0SHORT": {"adGroupId": groupID,
					"targets": []map[string]any{{"type": "ASIN_SAME_AS", "value": "b0short"}}},
				advertising.MsgAddAdGroupGone: {"adGroupId": "12345", "targets": []map[string]any{{"value": "B0RIVAL002"}}},
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/amazonadv/api/v1/sp/negativetargets/add", b), http.StatusBadRequest, "A0400", msg)
			}
			if len(w.amz.RequestsTo("/sp/negativeTargets")) != calls {
				t.Fatal("bad input reached Amazon")
			}
			// A second sync finds at Amazon what was created: it writes nothing.
			w.syncAdEntities(t)
			if n := len(w.rowsOf(t, map[string]any{"level": "negtarget"})); n != 8+2+1 {
				t.Fatalf("%d negative targets after the sync", n)
			}
		})
	}
}
