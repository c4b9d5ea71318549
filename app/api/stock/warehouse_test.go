package stock_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"POST warehouse/page", "GET warehouse/options", "GET warehouse/1", "POST warehouse",
		"PUT warehouse/1", "POST warehouse/1/disable", "POST warehouse/1/enable", "DELETE warehouse/1",
		"POST stock/page", "POST stock/ledger", "GET stock/products",
		"POST inbound/page", "GET inbound/1", "POST inbound", "POST inbound/1/submit", "POST inbound/1/approve",
		"POST inbound/1/cancel", "POST outbound/page", "GET outbound/1", "POST outbound", "POST outbound/1/submit",
		"POST outbound/1/approve", "POST outbound/1/cancel"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestWarehousesAreCreatedListedChangedDisabledAndDeleted(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")

	sz := createWarehouse(t, c, "深圳仓", nil)
	if !digits.MatchString(sz.ID) || sz.Kind != "own" || sz.KindName != "自有仓" || sz.Address != "深圳市宝安区" ||
		sz.Remark != "备注深圳仓" || sz.AllowNegative || sz.Disabled || !dateTime.MatchString(sz.CreatedAt) {
		t.Fatalf("created = %+v", sz)
	}
	us := createWarehouse(t, c, "美国海外仓", map[string]any{"kind": "overseas", "allowNegative": true})
	if us.KindName != "海外仓" || !us.AllowNegative {
		t.Fatalf("overseas = %+v", us)
	}
	createWarehouse(t, c, "FBA美国", map[string]any{"kind": "fba"})
	// No kind is the company's own warehouse.
	if w := createWarehouse(t, c, "东莞仓", map[string]any{"kind": ""}); w.Kind != "own" {
		t.Fatalf("default kind = %q", w.Kind)
	}

	p := list[warehouse](t, c, "warehouse/page", map[string]any{"pagesize": 2, "sort": "name", "order": "asc"})
	if p.Total != 4 || p.Pages != 2 || len(p.Records) != 2 || p.Size != 2 || p.Current != 1 {
		t.Fatalf("page = %+v", p)
	}
	if p := list[warehouse](t, c, "warehouse/page", map[string]any{"name": "仓"}); p.Total != 3 {
		t.Fatalf("by name = %+v", p)
	}
	if p := list[warehouse](t, c, "warehouse/page", map[string]any{"kind": "fba"}); p.Total != 1 || p.Records[0].Name != "FBA美国" {
		t.Fatalf("by kind = %+v", p)
	}
	// Sorting by anything else (SQL included) sorts by name.
	list[warehouse](t, c, "warehouse/page", map[string]any{"sort": "name; DROP TABLE warehouses", "order": "desc"})

	env := c.Call(http.MethodGet, v1+"warehouse/"+sz.ID, nil)
	apptest.ExpectOK(t, env)
	var got warehouse
	env.Into(t, &got)
	if got != sz {
		t.Fatalf("get = %+v, want %+v", got, sz)
	}

	env = c.Call(http.MethodPut, v1+"warehouse/"+sz.ID, map[string]any{"name": "深圳一号仓", "kind": "own",
		"address": "深圳市南山区", "allowNegative": true, "remark": ""})
	apptest.ExpectOK(t, env)
	env.Into(t, &got)
	if got.Name != "深圳一号仓" || got.Address != "深圳市南山区" || !got.AllowNegative || got.Remark != "" {
		t.Fatalf("updated = %+v", got)
	}

	env = c.Call(http.MethodPost, v1+"warehouse/"+sz.ID+"/disable", nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &got)
	if !got.Disabled || got.Name != "深圳一号仓" {
		t.Fatalf("disabled = %+v", got)
	}
	var options []struct {
		ID, Name, Kind string
		Disabled       bool
	}
	env = c.Call(http.MethodGet, v1+"warehouse/options", nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &options)
	if len(options) != 3 || options[0].Name != "FBA美国" {
		t.Fatalf("enabled options = %+v", options)
	}
	env = c.Call(http.MethodGet, v1+"warehouse/options?all=true", nil)
	env.Into(t, &options)
	if len(options) != 4 {
		t.Fatalf("all options = %+v", options)
	}
	env = c.Call(http.MethodPost, v1+"warehouse/"+sz.ID+"/enable", nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &got)
	if got.Disabled {
		t.Fatalf("enabled = %+v", got)
	}

	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"warehouse/"+us.ID, nil))
	apptest.Expect(t, c.Call(http.MethodGet, v1+"warehouse/"+us.ID, nil), 404, "A0404", "仓库不存在")

	var actions []string
	h.DB.Model(&admindb.OperationLog{}).Order("created_at, id").Pluck("action", &actions)
	if strings.Join(actions, ",") != "新增仓库,新增仓库,新增仓库,新增仓库,编辑仓库,停用仓库,启用仓库,删除仓库" {
		t.Fatalf("operation log = %v", actions)
	}
}

func TestWarehouseInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	for body, msg := range map[string]map[string]any{
		"仓库名称不能为空":      {"name": "  "},
		"仓库名称不能超过50个字符": {"name": strings.Repeat("仓", 51)},
		"地址不能超过200个字符":  {"name": "甲", "address": strings.Repeat("路", 201)},
		"备注不能超过200个字符":  {"name": "甲", "remark": strings.Repeat("注", 201)},
		"仓库类型不正确":       {"name": "甲", "kind": "cloud"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouse", msg), 400, "A0400", body)
		apptest.Expect(t, c.Call(http.MethodPut, v1+"warehouse/"+w.ID, msg), 400, "A0400", body)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "深圳仓"}), 400, "B0001", "仓库名称已存在")
	other := createWarehouse(t, c, "广州仓", nil)
	apptest.Expect(t, c.Call(http.MethodPut, v1+"warehouse/"+other.ID, map[string]any{"name": "深圳仓"}), 400, "B0001", "仓库名称已存在")
	// Keeping its own name is no conflict.
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"warehouse/"+w.ID, map[string]any{"name": "深圳仓", "kind": "fba"}))
	for _, bad := range []string{"0", "abc", "999"} {
		apptest.Expect(t, c.Call(http.MethodGet, v1+"warehouse/"+bad, nil), 404, "A0404", "仓库不存在")
		apptest.Expect(t, c.Call(http.MethodPut, v1+"warehouse/"+bad, map[string]any{"name": "甲"}), 404, "A0404", "仓库不存在")
		apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouse/"+bad+"/disable", nil), 404, "A0404", "仓库不存在")
		apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouse/"+bad+"/enable", nil), 404, "A0404", "仓库不存在")
		apptest.Expect(t, c.Call(http.MethodDelete, v1+"warehouse/"+bad, nil), 404, "A0404", "仓库不存在")
	}
}

// A name the company already has is refused with its own message, checked before anything is written; only a
// save that passed the check and lost a true race at the unique index answers "Duplicate entry" (which the
// clients show as 数据重复冲突), and it leaves nothing behind.
func TestADuplicateWarehouseNameIsNamedOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			createWarehouse(t, c, "深圳仓", nil)
			other := createWarehouse(t, c, "广州仓", nil)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "深圳仓"}), 400, "B0001", "仓库名称已存在")
			apptest.Expect(t, c.Call(http.MethodPut, v1+"warehouse/"+other.ID, map[string]any{"name": "深圳仓"}), 400, "B0001", "仓库名称已存在")
			// Another company may use the name.
			createWarehouse(t, h.SignedIn("13700000002", "乙公司"), "深圳仓", nil)

			apptest.BeatenBy(t, h.DB, "warehouses", "id, company_id, name, created_at, updated_at", func(dest any) []any {
				w := dest.(*stockdb.Warehouse)
				return []any{models.NewID(), w.CompanyID, w.Name, w.CreatedAt, w.UpdatedAt}
			})
			apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "东莞仓"}), 400, "B0001",
				"Duplicate entry：仓库名称已存在")
			var n int64
			h.DB.Model(&stockdb.Warehouse{}).Where("name = ?", "东莞仓").Count(&n)
			if n != 0 {
				t.Fatalf("%d warehouses 东莞仓 after the lost race, want 0", n)
			}
		})
	}
}

func TestAWarehouseWithStockOrDocumentsIsNotDeleted(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	p := product(t, h, "13700000001", "A-1")

	withDraft := createWarehouse(t, c, "有单据", nil)
	createDoc(t, c, "inbound", withDraft.ID, line{p, 1})
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"warehouse/"+withDraft.ID, nil), 400, "B0001", "仓库已有库存、流水或单据，不能删除，可以停用")

	withStock := createWarehouse(t, c, "有库存", nil)
	approvedDoc(t, c, "inbound", withStock.ID, line{p, 3})
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"warehouse/"+withStock.ID, nil), 400, "B0001", "仓库已有库存、流水或单据，不能删除，可以停用")
	wantFulfillable(t, c, withStock.ID, p, 3)

	// Disabled, it takes no new document; the ones it has can still go on.
	id, _ := createDoc(t, c, "inbound", withStock.ID, line{p, 2})
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"warehouse/"+withStock.ID+"/disable", nil))
	apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound", docBody(withStock.ID, line{p, 1})), 400, "B0001", "仓库已停用，不能新建单据")
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+id+"/submit", nil))
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+id+"/approve", nil))
	wantFulfillable(t, c, withStock.ID, p, 5)
}

func TestScreensAndButtonsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	w := createWarehouse(t, admin, "深圳仓", nil)
	p := product(t, h, apptest.AdminAccount, "A-1")
	in, _ := createDoc(t, admin, "inbound", w.ID, line{p, 1})
	out, _ := createDoc(t, admin, "outbound", w.ID, line{p, 1})

	// Without the screens: no list, no detail, no change. The drop-down and the picker need a session only.
	nobody, _ := h.RestrictedUser("13900000001", nil, nil)
	for _, call := range []string{"POST warehouse/page", "GET warehouse/" + w.ID, "POST stock/page", "POST stock/ledger",
		"POST inbound/page", "GET inbound/" + in, "POST outbound/page", "GET outbound/" + out,
		"POST warehouse", "POST inbound", "POST inbound/" + in + "/submit", "POST outbound/" + out + "/cancel"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, nobody.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	apptest.ExpectOK(t, nobody.Call(http.MethodGet, v1+"warehouse/options", nil))
	apptest.ExpectOK(t, nobody.Call(http.MethodGet, v1+"stock/products?warehouseId="+w.ID, nil))

	// With the screens but no button permission: reading only.
	reader, _ := h.RestrictedUser("13900000002", []string{"warehouse.base", "inventory.quantity", "warehouse.record", "warehouse.inbound", "warehouse.outbound"}, nil)
	list[warehouse](t, reader, "warehouse/page", nil)
	list[stock](t, reader, "stock/page", nil)
	list[ledgerLine](t, reader, "stock/ledger", nil)
	list[document](t, reader, "inbound/page", nil)
	getDoc(t, reader, "outbound", out)
	for _, call := range []string{"POST warehouse", "PUT warehouse/" + w.ID, "POST warehouse/" + w.ID + "/disable",
		"POST warehouse/" + w.ID + "/enable", "DELETE warehouse/" + w.ID, "POST inbound", "POST inbound/" + in + "/submit",
		"POST inbound/" + in + "/approve", "POST inbound/" + in + "/cancel", "POST outbound", "POST outbound/" + out + "/submit",
		"POST outbound/" + out + "/approve", "POST outbound/" + out + "/cancel"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, docBody(w.ID, line{p, 1})), 401, "A0301", "访问未授权")
	}

	// Each button permission opens its own calls only: approving needs erp:wh:inbound:approve, not :add.
	clerk, _ := h.RestrictedUser("13900000003", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"})
	id, _ := createDoc(t, clerk, "inbound", w.ID, line{p, 2})
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"inbound/"+id+"/submit", nil))
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"inbound/"+id+"/approve", nil), 401, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"inbound/"+id+"/cancel", nil), 401, "A0301", "访问未授权")
	approver, _ := h.RestrictedUser("13900000004", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:approve"})
	apptest.ExpectOK(t, approver.Call(http.MethodPost, v1+"inbound/"+id+"/approve", nil))
	if d := getDoc(t, approver, "inbound", id); d.Creator != "员工0003" || d.Approver != "员工0004" {
		t.Fatalf("creator/approver = %q/%q", d.Creator, d.Approver)
	}
}
