package datasync_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sellerhub/app/advertising"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// 创建SB广告 offers the profile's brands and logos as Amazon has them: the brand of its Brand Registry and only the
// LOGO images of its Creative Assets library. A form without a store group or profile is refused before Amazon is
// called; Amazon refusing is said in Chinese with its reason; users without 修改广告 are refused.
func TestSBBrandsAndLogosComeFromAmazon(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startAdWorld(t, kind)
			const path = "/amazonadv/api/v1/sb/brands"
			var got struct {
				Brands []struct{ EntityID, Name string } `json:"brands"`
				Logos  []struct{ AssetID, Name string }  `json:"logos"`
			}
			env := w.owner.Call(http.MethodPost, path, w.place(t))
			apptest.ExpectOK(t, env)
			env.Into(t, &got)
			if len(got.Brands) != 1 || got.Brands[0].EntityID != amazontest.SBBrandEntity || got.Brands[0].Name != amazontest.SBBrandName ||
				len(got.Logos) != 2 || got.Logos[0].AssetID != amazontest.SBLogoAssets[0] || got.Logos[1].AssetID != amazontest.SBLogoAssets[1] ||
				got.Logos[0].Name == "" {
				t.Fatalf("choices: %+v", got)
			}

			calls := len(w.amz.RequestsTo("/brands"))
			noGroup := w.place(t)
			noGroup["groupId"] = ""
			apptest.Expect(t, w.owner.Call(http.MethodPost, path, noGroup), http.StatusBadRequest, "A0400", advertising.MsgCreateGroup)
			otherProfile := w.place(t)
			otherProfile["profileId"] = strconv.Itoa(987654)
			apptest.Expect(t, w.owner.Call(http.MethodPost, path, otherProfile), http.StatusBadRequest, "A0400", advertising.MsgCreateProfile)
			if len(w.amz.RequestsTo("/brands")) != calls {
				t.Fatal("a refused form reached Amazon")
			}

			w.amz.FailAdvertisingAPI(http.StatusForbidden)
			env = w.owner.Call(http.MethodPost, path, w.place(t))
			if env.Code != "B0001" || !strings.HasPrefix(env.Msg, "调用亚马逊失败：") || !strings.Contains(env.Msg, "403") {
				t.Fatalf("Amazon refusing: %d %s %s", env.Status, env.Code, env.Msg)
			}

			reader := w.staff(t, "13700000002", nil)
			if env := reader.Call(http.MethodPost, path, w.place(t)); env.Msg != "访问未授权" || env.Status == http.StatusOK {
				t.Fatalf("without the permission: %d %s", env.Status, env.Msg)
			}
		})
	}
}
