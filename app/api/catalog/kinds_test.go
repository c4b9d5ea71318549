package catalog_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// 物料, 耗材 and 包材 list, export and change their kind only, each behind its own screen and buttons.
func TestKindScreensKeepToTheirKind(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			skus := func(path string, body map[string]any) string {
				t.Helper()
				got := into[page[product]](t, c.Call(http.MethodPost, v1+path, body))
				var out []string
				for _, r := range got.Records {
					out = append(out, r.SKU)
				}
				return strings.Join(out, ",")
			}
			create(t, c, "/material", map[string]string{"sku": "MUG-1", "name": "马克杯", "kind": "产品"})
			resin := into[product](t, c.Call(http.MethodPost, v1+"/base/material", map[string]string{"sku": "RESIN-1", "name": "树脂颗粒", "kind": "1", "price": "3.5"}))
			if resin.Kind != 4 || resin.KindName != "物料" || resin.Price != "3.50" {
				t.Fatalf("物料 = %+v", resin)
			}
			tape := create(t, c, "/base/consumable", map[string]string{"sku": "TAPE-1", "name": "封箱胶带"})
			create(t, c, "/base/package", map[string]string{"sku": "BOX-1", "name": "纸箱", "cartonUnits": "50"})

			for path, want := range map[string]string{"/base/material/page": "RESIN-1", "/base/consumable/page": "TAPE-1",
				"/base/package/page": "BOX-1", "/material/page": "TAPE-1,MUG-1,BOX-1"} {
				if got := skus(path, map[string]any{"sort": "sku", "order": "desc"}); got != want {
					t.Errorf("%s = %s, want %s", path, got, want)
				}
			}
			// A kind filter does not leave a kind's screen; 本地产品 has no 物料 to filter.
			if got := skus("/base/material/page", map[string]any{"kind": "2"}); got != "RESIN-1" {
				t.Errorf("物料 kind=2: %s", got)
			}
			if got := skus("/base/material/page", map[string]any{"keyword": "树脂", "status": "enabled"}); got != "RESIN-1" {
				t.Errorf("物料 keyword: %s", got)
			}
			if got := skus("/material/page", map[string]any{"kind": "物料"}); got != "" {
				t.Errorf("本地产品 kind=物料: %s", got)
			}

			// Validation is the product form's, in Chinese; a SKU is unique across the kinds.
			for _, tc := range []struct {
				body map[string]string
				want string
			}{
				{map[string]string{"sku": "", "name": "x"}, "SKU不能为空"},
				{map[string]string{"sku": "R-2", "name": ""}, "产品名称不能为空"},
				{map[string]string{"sku": "A B", "name": "x"}, "SKU不能包含空格"},
				{map[string]string{"sku": "R-2", "name": "x", "price": "abc"}, "单价(元)必须是数字"},
				{map[string]string{"sku": "R-2", "name": "x", "cartonUnits": "0"}, "单箱数量必须是正整数"},
			} {
				apptest.Expect(t, c.Call(http.MethodPost, v1+"/base/material", tc.body), http.StatusBadRequest, "A0400", tc.want)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"/base/package", map[string]string{"sku": "MUG-1", "name": "x"}),
				http.StatusBadRequest, "B0001", "SKU“MUG-1”已存在，请更换")

			// Editing keeps the kind; another kind's product is not found on a kind's screen, nor 物料 on 本地产品.
			edited := into[product](t, c.Call(http.MethodPut, v1+"/base/material/"+resin.ID, map[string]string{"sku": "RESIN-1", "name": "ABS颗粒", "kind": "1"}))
			if edited.Kind != 4 || edited.Name != "ABS颗粒" {
				t.Fatalf("edited = %+v", edited)
			}
			apptest.Expect(t, c.Call(http.MethodPut, v1+"/base/material/"+tape, map[string]string{"sku": "TAPE-1", "name": "x"}), http.StatusNotFound, "A0404", "产品不存在")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"/base/package/"+tape+"/disable", nil), http.StatusNotFound, "A0404", "产品不存在")
			apptest.Expect(t, c.Call(http.MethodPut, v1+"/material/"+resin.ID, map[string]string{"sku": "RESIN-1", "name": "x"}), http.StatusNotFound, "A0404", "产品不存在")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/base/material/"+resin.ID+"/disable", nil))
			if got := skus("/base/material/page", map[string]any{"status": "disabled"}); got != "RESIN-1" {
				t.Errorf("disabled: %s", got)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/base/material/"+resin.ID+"/enable", nil))

			rows := download(t, c, "/base/material/export")
			if len(rows) != 2 || rows[1][0] != "RESIN-1" || rows[1][1] != "ABS颗粒" || rows[1][5] != "物料" {
				t.Fatalf("物料 export = %v", rows)
			}
			if rows := download(t, c, "/base/package/export?keyword=BOX"); len(rows) != 2 || rows[1][0] != "BOX-1" || rows[1][5] != "包材" {
				t.Fatalf("包材 export = %v", rows)
			}
			if rows := download(t, c, "/material/export"); len(rows) != 4 {
				t.Fatalf("本地产品 export = %v", rows)
			}
		})
	}
}

// A user without a kind's screen is refused its list and export; its buttons need their permissions.
func TestKindScreensNeedTheirGrant(t *testing.T) {
	h := apptest.Start(t)
	keeper, _ := h.RestrictedUser("13900000046", []string{"product.localproduct", "product.consumable"}, []string{"erp:material:add"})
	apptest.Expect(t, keeper.Call(http.MethodPost, v1+"/base/material/page", map[string]any{}), http.StatusUnauthorized, "A0301", msgNoGrant)
	apptest.Expect(t, keeper.Call(http.MethodPost, v1+"/base/package/page", map[string]any{}), http.StatusUnauthorized, "A0301", msgNoGrant)
	apptest.ExpectOK(t, keeper.Call(http.MethodPost, v1+"/base/consumable/page", map[string]any{}))
	for _, path := range []string{"/base/consumable", "/base/material"} {
		apptest.Expect(t, keeper.Call(http.MethodPost, v1+path, map[string]string{"sku": "T-9", "name": "胶带"}), http.StatusUnauthorized, "A0301", msgNoGrant)
	}
	resp, _ := keeper.Raw(http.MethodGet, v1+"/base/consumable/export", "", nil)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("export without erp:base:consumable:export: %d", resp.StatusCode)
	}
	clerk, _ := h.RestrictedUser("13900000047", []string{"product.consumable"}, []string{"erp:base:consumable:add", "erp:base:consumable:export"})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"/base/consumable", map[string]string{"sku": "T-9", "name": "胶带"}))
	if rows := download(t, clerk, "/base/consumable/export"); len(rows) != 2 || rows[1][0] != "T-9" {
		t.Fatalf("export = %v", rows)
	}
}
