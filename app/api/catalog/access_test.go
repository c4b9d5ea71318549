package catalog_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
)

// Another company's ids answer 404 (or, where they are input, the refusal that they do not exist), and nothing of
// theirs changes.
func TestACompanySeesAndChangesOnlyItsOwnCatalogue(t *testing.T) {
	h := apptest.Start(t)
	a := owner(t, h)
	b := h.SignedIn("13700000001", "乙公司")
	brand := create(t, a, "/brand", map[string]string{"name": "Anker"})
	cat := create(t, a, "/category", map[string]any{"name": "耳机"})
	sup := create(t, a, "/supplier", map[string]string{"name": "深圳工厂"})
	pid := create(t, a, "/material", map[string]string{"sku": "A-1", "name": "甲的耳机", "brandId": brand})
	group := storeGroup(t, h, ownerAccount, "甲的店")
	lid := create(t, a, "/listing", map[string]string{"groupId": group, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "A-1-US", "productId": pid})

	notFound := []struct{ method, path, msg string }{
		{http.MethodGet, "/material/" + pid, "产品不存在"},
		{http.MethodGet, "/material/" + pid + "/listings", "产品不存在"},
		{http.MethodPut, "/material/" + pid, "产品不存在"},
		{http.MethodPost, "/material/" + pid + "/disable", "产品不存在"},
		{http.MethodPost, "/material/" + pid + "/enable", "产品不存在"},
		{http.MethodDelete, "/material/" + pid, "产品不存在"},
		{http.MethodGet, "/brand/" + brand, "品牌不存在"},
		{http.MethodPut, "/brand/" + brand, "品牌不存在"},
		{http.MethodDelete, "/brand/" + brand, "品牌不存在"},
		{http.MethodGet, "/category/" + cat, "分类不存在"},
		{http.MethodPut, "/category/" + cat, "分类不存在"},
		{http.MethodDelete, "/category/" + cat, "分类不存在"},
		{http.MethodGet, "/supplier/" + sup, "供应商不存在"},
		{http.MethodPut, "/supplier/" + sup, "供应商不存在"},
		{http.MethodDelete, "/supplier/" + sup, "供应商不存在"},
		{http.MethodGet, "/listing/" + lid, "Listing不存在"},
		{http.MethodPut, "/listing/" + lid, "Listing不存在"},
		{http.MethodPost, "/listing/" + lid + "/pair", "Listing不存在"},
		{http.MethodDelete, "/listing/" + lid, "Listing不存在"},
	}
	bodies := map[string]any{
		"/material/" + pid: map[string]string{"sku": "B-1", "name": "乙改的"},
		"/brand/" + brand:  map[string]string{"name": "乙改的"}, "/category/" + cat: map[string]string{"name": "乙改的"},
		"/supplier/" + sup: map[string]string{"name": "乙改的"},
		"/listing/" + lid:  map[string]string{"groupId": storeGroup(t, h, "13700000001", "乙的店"), "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "X"},
	}
	for _, tc := range notFound {
		var body any
		if tc.method == http.MethodPut {
			body = bodies[tc.path]
		}
		apptest.Expect(t, b.Call(tc.method, v1+tc.path, body), http.StatusNotFound, "A0404", tc.msg)
	}
	// Their ids as references are refused as missing.
	refs := []struct {
		path string
		body map[string]string
		msg  string
	}{
		{"/material", map[string]string{"sku": "B-1", "name": "乙", "brandId": brand}, "品牌不存在"},
		{"/material", map[string]string{"sku": "B-1", "name": "乙", "categoryId": cat}, "分类不存在"},
		{"/material", map[string]string{"sku": "B-1", "name": "乙", "supplierId": sup}, "供应商不存在"},
		{"/category", map[string]string{"name": "乙", "parentId": cat}, "上级分类不存在"},
		{"/listing", map[string]string{"groupId": group, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "X"}, "店铺不存在"},
	}
	for _, tc := range refs {
		apptest.Expect(t, b.Call(http.MethodPost, v1+tc.path, tc.body), http.StatusBadRequest, "A0400", tc.msg)
	}
	theirs := storeGroup(t, h, "13700000001", "乙的第二店")
	apptest.Expect(t, b.Call(http.MethodPost, v1+"/listing", map[string]string{"groupId": theirs, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "X", "productId": pid}),
		http.StatusBadRequest, "A0400", "产品不存在")

	// Lists, options, the search and the export show nothing of 甲's.
	for _, path := range []string{"/material/page", "/brand/page", "/supplier/page", "/listing/page"} {
		if got := into[page[map[string]any]](t, b.Call(http.MethodPost, v1+path, map[string]any{})); got.Total != 0 {
			t.Errorf("乙 lists %d of 甲's rows at %s", got.Total, path)
		}
	}
	for _, path := range []string{"/brand/options", "/supplier/options", "/category/tree", "/material/search?keyword=A"} {
		if got := into[[]any](t, b.Call(http.MethodGet, v1+path, nil)); len(got) != 0 {
			t.Errorf("乙 sees %v at %s", got, path)
		}
	}
	if groups := into[[]option](t, b.Call(http.MethodGet, v1+"/listing/groups", nil)); len(groups) != 2 {
		t.Errorf("乙's groups = %v", groups)
	}
	if rows := download(t, b, "/material/export"); len(rows) != 1 {
		t.Errorf("乙's export holds %d rows", len(rows)-1)
	}

	// Nothing of 甲's changed.
	if got := into[product](t, a.Call(http.MethodGet, v1+"/material/"+pid, nil)); got.Name != "甲的耳机" || got.Brand != "Anker" || got.Disabled {
		t.Fatalf("甲's product = %+v", got)
	}
	if got := into[listing](t, a.Call(http.MethodGet, v1+"/listing/"+lid, nil)); got.ProductID != pid || got.SellerSKU != "A-1-US" {
		t.Fatalf("甲's listing = %+v", got)
	}
	for _, path := range []string{"/brand/" + brand, "/category/" + cat, "/supplier/" + sup} {
		apptest.ExpectOK(t, a.Call(http.MethodGet, v1+path, nil))
	}
}

// Each change needs its button permission, the product list and its export the 本地产品 screen, the listing list
// the SKU配对 screen; without a session every call answers 403.
func TestCallsNeedTheirScreensAndPermissions(t *testing.T) {
	h := apptest.Start(t)
	a := admin(t, h)
	pid := create(t, a, "/material", map[string]string{"sku": "A-1", "name": "耳机"})
	bid := create(t, a, "/brand", map[string]string{"name": "Anker"})
	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	forbidden := []struct {
		method, path string
		body         any
	}{
		{http.MethodPost, "/material/page", map[string]any{}},
		{http.MethodGet, "/material/export", nil},
		{http.MethodGet, "/material/importTemplate", nil},
		{http.MethodPost, "/material", map[string]string{"sku": "X", "name": "x"}},
		{http.MethodPut, "/material/" + pid, map[string]string{"sku": "X", "name": "x"}},
		{http.MethodPost, "/material/" + pid + "/disable", nil},
		{http.MethodPost, "/material/" + pid + "/enable", nil},
		{http.MethodDelete, "/material/" + pid, nil},
		{http.MethodPost, "/brand", map[string]string{"name": "x"}},
		{http.MethodPut, "/brand/" + bid, map[string]string{"name": "x"}},
		{http.MethodDelete, "/brand/" + bid, nil},
		{http.MethodPost, "/category", map[string]string{"name": "x"}},
		{http.MethodPut, "/category/1", map[string]string{"name": "x"}},
		{http.MethodDelete, "/category/1", nil},
		{http.MethodPost, "/supplier", map[string]string{"name": "x"}},
		{http.MethodPut, "/supplier/1", map[string]string{"name": "x"}},
		{http.MethodDelete, "/supplier/1", nil},
		{http.MethodPost, "/listing/page", map[string]any{}},
		{http.MethodGet, "/listing/1", nil},
		{http.MethodPost, "/listing", map[string]string{}},
		{http.MethodPut, "/listing/1", map[string]string{}},
		{http.MethodPost, "/listing/1/pair", map[string]string{}},
		{http.MethodDelete, "/listing/1", nil},
	}
	for _, tc := range forbidden {
		apptest.Expect(t, clerk.Call(tc.method, v1+tc.path, tc.body), http.StatusUnauthorized, "A0301", msgNoGrant)
	}
	env := multipartCall(t, clerk, "/material/import", "a.xlsx", []byte("x"))
	apptest.Expect(t, env, http.StatusUnauthorized, "A0301", msgNoGrant)
	// Reading for other screens needs a session only.
	for _, path := range []string{"/material/" + pid, "/material/search", "/brand/options", "/supplier/options", "/category/tree", "/listing/groups", "/listing/marketplaces"} {
		apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+path, nil))
	}
	// The screen lets the list be read, but the export still needs its permission.
	viewer, _ := h.RestrictedUser("13900000002", []string{"product.localproduct"}, []string{"erp:material:edit"})
	apptest.ExpectOK(t, viewer.Call(http.MethodPost, v1+"/material/page", map[string]any{}))
	apptest.Expect(t, viewer.Call(http.MethodGet, v1+"/material/export", nil), http.StatusUnauthorized, "A0301", msgNoGrant)
	apptest.ExpectOK(t, viewer.Call(http.MethodPost, v1+"/material/"+pid+"/disable", nil))
	apptest.ExpectOK(t, multipartCall(t, viewer, "/material/photoupload", "a.png", pngOf(t, 4, 4)))

	anonymous := h.Client()
	for _, path := range []string{"/material/search", "/material/" + pid, "/brand/options"} {
		apptest.Expect(t, anonymous.Call(http.MethodGet, v1+path, nil), http.StatusForbidden, "A0231", "token已被禁止访问")
	}
	apptest.Expect(t, anonymous.Call(http.MethodPost, v1+"/material", map[string]string{}), http.StatusForbidden, "A0231", "token已被禁止访问")
}
