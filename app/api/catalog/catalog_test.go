package catalog_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
)

type category struct {
	ID, ParentID, Name, Remark, CreatedAt, UpdatedAt string
	Sort                                             int
	Children                                         []category
}

func TestBrandsAndSuppliersAreListedEditedAndKeptWhileUsed(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	for _, kind := range []struct{ path, noun, inUse, taken string }{
		{"/brand", "品牌名称", catalog.MsgBrandInUse, catalog.MsgBrandNameTaken},
		{"/supplier", "供应商名称", catalog.MsgSupplierInUse, catalog.MsgSupplierNameTaken},
	} {
		created := into[map[string]string](t, c.Call(http.MethodPost, v1+kind.path, map[string]string{"name": " 华强 ", "remark": "首选"}))
		if created["name"] != "华强" || created["remark"] != "首选" || created["id"] == "" || len(created["createdAt"]) != 19 {
			t.Fatalf("%s created = %v", kind.path, created)
		}
		id := created["id"]
		create(t, c, kind.path, map[string]string{"name": "华南"})
		apptest.Expect(t, c.Call(http.MethodPost, v1+kind.path, map[string]string{"name": "华强"}), http.StatusBadRequest, "B0001", kind.taken)
		apptest.Expect(t, c.Call(http.MethodPost, v1+kind.path, map[string]string{"name": ""}), http.StatusBadRequest, "A0400", kind.noun+"不能为空")
		apptest.Expect(t, c.Call(http.MethodPost, v1+kind.path, map[string]string{"name": strings.Repeat("名", 101)}), http.StatusBadRequest, "A0400",
			kind.noun+"不能超过"+map[string]string{"/brand": "50", "/supplier": "100"}[kind.path]+"个字符")
		apptest.Expect(t, c.Call(http.MethodPut, v1+kind.path+"/"+id, map[string]string{"name": "华南"}), http.StatusBadRequest, "B0001", kind.taken)

		list := into[page[map[string]string]](t, c.Call(http.MethodPost, v1+kind.path+"/page", map[string]any{"name": "强", "pagesize": 5}))
		if list.Total != 1 || list.Records[0]["id"] != id || list.Size != 5 {
			t.Fatalf("%s page = %+v", kind.path, list)
		}
		opts := into[[]option](t, c.Call(http.MethodGet, v1+kind.path+"/options", nil))
		if len(opts) != 2 || opts[0].Name != "华南" || opts[1].ID != id {
			t.Fatalf("%s options = %+v", kind.path, opts)
		}
		edited := into[map[string]string](t, c.Call(http.MethodPut, v1+kind.path+"/"+id, map[string]string{"name": "华强北", "contact": "李"}))
		if edited["name"] != "华强北" || edited["createdAt"] != created["createdAt"] {
			t.Fatalf("%s edited = %v", kind.path, edited)
		}
		if got := into[map[string]string](t, c.Call(http.MethodGet, v1+kind.path+"/"+id, nil)); got["name"] != "华强北" {
			t.Fatalf("%s read = %v", kind.path, got)
		}

		ref := map[string]string{"/brand": "brandId", "/supplier": "supplierId"}[kind.path]
		pid := create(t, c, "/material", map[string]string{"sku": "USE" + kind.path[1:], "name": "用它的产品", ref: id})
		apptest.Expect(t, c.Call(http.MethodDelete, v1+kind.path+"/"+id, nil), http.StatusBadRequest, "B0001", kind.inUse)
		apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"/material/"+pid, nil))
		apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+kind.path+"/"+id, nil))
		what := map[string]string{"/brand": "品牌", "/supplier": "供应商"}[kind.path]
		apptest.Expect(t, c.Call(http.MethodDelete, v1+kind.path+"/"+id, nil), http.StatusNotFound, "A0404", what+"不存在")
		apptest.Expect(t, c.Call(http.MethodGet, v1+kind.path+"/x", nil), http.StatusNotFound, "A0404", what+"不存在")
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"/supplier", map[string]string{"name": "a", "phone": strings.Repeat("1", 31)}), http.StatusBadRequest, "A0400", "电话不能超过30个字符")
}

func TestCategoriesFormATreeThatKeepsItsShape(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	top := create(t, c, "/category", map[string]any{"name": "电子", "sort": 1})
	home := create(t, c, "/category", map[string]any{"name": "家居", "sort": 0})
	ear := create(t, c, "/category", map[string]any{"name": "耳机", "parentId": top})
	cable := create(t, c, "/category", map[string]any{"name": "数据线", "parentId": top, "remark": "USB"})
	tree := into[[]category](t, c.Call(http.MethodGet, v1+"/category/tree", nil))
	if len(tree) != 2 || tree[0].ID != home || tree[1].ID != top || len(tree[1].Children) != 2 ||
		tree[1].Children[0].ID != cable || tree[1].Children[1].ParentID != top || tree[0].Children == nil {
		t.Fatalf("tree = %+v", tree)
	}
	for _, tc := range []struct {
		body      map[string]any
		status    int
		code, msg string
	}{
		{map[string]any{"name": "耳机", "parentId": top}, 400, "B0001", catalog.MsgCategoryNameTaken},
		{map[string]any{"name": "新", "parentId": "123"}, 400, "A0400", catalog.MsgCategoryParentMissing},
		{map[string]any{"name": "新", "sort": -1}, 400, "A0400", catalog.MsgCategorySortBad},
		{map[string]any{"name": ""}, 400, "A0400", "分类名称不能为空"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"/category", tc.body), tc.status, tc.code, tc.msg)
	}
	// 耳机 may go under 家居 and back, but 电子 may not go under its own child.
	moved := into[category](t, c.Call(http.MethodPut, v1+"/category/"+ear, map[string]any{"name": "耳机", "parentId": home}))
	if moved.ParentID != home {
		t.Fatalf("moved = %+v", moved)
	}
	apptest.Expect(t, c.Call(http.MethodPut, v1+"/category/"+top, map[string]any{"name": "电子", "parentId": cable}), http.StatusBadRequest, "B0001", catalog.MsgCategoryMoveUnderSelf)
	apptest.Expect(t, c.Call(http.MethodPut, v1+"/category/"+top, map[string]any{"name": "电子", "parentId": top}), http.StatusBadRequest, "B0001", catalog.MsgCategoryMoveUnderSelf)
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"/category/"+top, nil), http.StatusBadRequest, "B0001", catalog.MsgCategoryHasChildren)
	pid := create(t, c, "/material", map[string]string{"sku": "C-1", "name": "线", "categoryId": cable})
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"/category/"+cable, nil), http.StatusBadRequest, "B0001", catalog.MsgCategoryInUse)
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"/material/"+pid, nil))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"/category/"+cable, nil))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"/category/"+top, nil))
	if got := into[category](t, c.Call(http.MethodGet, v1+"/category/"+ear, nil)); got.Name != "耳机" {
		t.Fatalf("read = %+v", got)
	}
	apptest.Expect(t, c.Call(http.MethodGet, v1+"/category/"+top, nil), http.StatusNotFound, "A0404", "分类不存在")
}
