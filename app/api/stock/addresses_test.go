package stock_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	stockdb "sellerhub/models/stock"
)

type address struct {
	ID, WarehouseID, WarehouseName, Name, CompanyName, AddressLine1, AddressLine2, City, StateOrProvince string
	PostalCode, CountryCode, Phone, Email, Remark, UpdatedAt                                             string
	IsDefault                                                                                            bool
}

func addressBody(extra map[string]any) map[string]any {
	body := map[string]any{"name": "张三", "companyName": "深圳跨境有限公司", "addressLine1": "宝安大道1号", "addressLine2": "A栋3楼",
		"city": "深圳", "stateOrProvince": "GD", "postalCode": "518000", "countryCode": "cn", "phone": "+86 138-0000-0000"}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

// Warehouse and ship-from addresses are added, listed (the default first), changed, made default and deleted,
// with Amazon's fields checked; each company sees only its own.
func TestAddressesAreKeptWithAmazonsFields(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)

			env := c.Call(http.MethodPost, v1+"warehouseAddress", addressBody(map[string]any{"warehouseId": w.ID}))
			apptest.ExpectOK(t, env)
			var a address
			env.Into(t, &a)
			if a.WarehouseName != "深圳仓" || a.CountryCode != "CN" || a.AddressLine2 != "A栋3楼" || a.IsDefault || !dateTime.MatchString(a.UpdatedAt) {
				t.Fatalf("warehouse address = %+v", a)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouseAddress", addressBody(nil)), 400, "A0400", "请选择仓库")

			var first, second address
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"shipFromAddress", addressBody(map[string]any{"isDefault": true})))
			env = c.Call(http.MethodPost, v1+"shipFromAddress", addressBody(map[string]any{"name": "李四", "city": "广州"}))
			apptest.ExpectOK(t, env)
			env.Into(t, &second)
			p := list[address](t, c, "shipFromAddress/page", nil)
			if p.Total != 2 || !p.Records[0].IsDefault || p.Records[0].Name != "张三" {
				t.Fatalf("ship-from list = %+v", p.Records)
			}
			first = p.Records[0]
			// 李四 made default: 张三 is not any more.
			env = c.Call(http.MethodPut, v1+"shipFromAddress/"+second.ID, addressBody(map[string]any{"name": "李四", "city": "广州", "isDefault": true}))
			apptest.ExpectOK(t, env)
			p = list[address](t, c, "shipFromAddress/page", map[string]any{"search": "广州"})
			if p.Total != 1 || !p.Records[0].IsDefault {
				t.Fatalf("searched = %+v", p.Records)
			}
			env = c.Call(http.MethodGet, v1+"shipFromAddress/"+first.ID, nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &first)
			if first.IsDefault {
				t.Fatal("two default ship-from addresses")
			}
			// The kinds are apart: a ship-from address is no warehouse address.
			apptest.Expect(t, c.Call(http.MethodGet, v1+"warehouseAddress/"+first.ID, nil), 404, "A0404", "仓库地址不存在")
			if p := list[address](t, c, "warehouseAddress/page", map[string]any{"warehouseId": w.ID}); p.Total != 1 {
				t.Fatalf("warehouse addresses = %d", p.Total)
			}
			other := h.SignedIn("13700000002", "乙公司")
			apptest.Expect(t, other.Call(http.MethodGet, v1+"shipFromAddress/"+first.ID, nil), 404, "A0404", "发货地址不存在")
			apptest.Expect(t, other.Call(http.MethodDelete, v1+"shipFromAddress/"+first.ID, nil), 404, "A0404", "发货地址不存在")
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"shipFromAddress/"+first.ID, nil))
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"shipFromAddress/"+first.ID, nil), 404, "A0404", "发货地址不存在")
			// A warehouse deleted takes its address with it.
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"warehouse/"+w.ID, nil))
			if p := list[address](t, c, "warehouseAddress/page", nil); p.Total != 0 {
				t.Fatalf("addresses of a deleted warehouse = %d", p.Total)
			}
		})
	}
}

func TestAddressInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	fba := &stockdb.Warehouse{CompanyID: u.CompanyID, Name: "FBA-欧美-US", Kind: stockdb.WarehouseFBA}
	if err := h.DB.Create(fba).Error; err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		change map[string]any
		msg    string
	}{
		{map[string]any{"name": ""}, "联系人不能为空"},
		{map[string]any{"addressLine1": " "}, "地址1不能为空"},
		{map[string]any{"city": ""}, "城市不能为空"},
		{map[string]any{"postalCode": ""}, "邮编不能为空"},
		{map[string]any{"phone": ""}, "电话不能为空"},
		{map[string]any{"countryCode": "C1"}, "国家/地区应为两位字母代码，如CN、US"},
		{map[string]any{"countryCode": "CHN"}, "国家/地区不能超过2个字符"},
		{map[string]any{"phone": "call me"}, "电话只能包含数字、空格和+-()"},
		{map[string]any{"email": "a@"}, "邮箱格式不正确"},
		{map[string]any{"addressLine2": strings.Repeat("楼", 61)}, "地址2不能超过60个字符"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"shipFromAddress", addressBody(tc.change)), 400, "A0400", tc.msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouseAddress", addressBody(map[string]any{"warehouseId": strconv.FormatInt(fba.ID, 10)})),
		400, "B0001", "FBA仓的地址由亚马逊提供，不能填写")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"warehouseAddress", addressBody(map[string]any{"warehouseId": "99"})), 400, "A0400", "仓库不存在")
	if p := list[address](t, c, "shipFromAddress/page", nil); p.Total != 0 {
		t.Fatalf("refused addresses stored: %d", p.Total)
	}
}

// Who may call what: each screen reads its own addresses, each button permission opens its own call.
func TestAddressCallsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	env := admin.Call(http.MethodPost, v1+"shipFromAddress", addressBody(nil))
	apptest.ExpectOK(t, env)
	var a address
	env.Into(t, &a)
	anon := h.Client()
	warehouseOnly, _ := h.RestrictedUser("13900000001", []string{"warehouse.address"}, nil)
	reader, _ := h.RestrictedUser("13900000002", []string{"logistics.address.ship"}, nil)
	for _, call := range []string{"POST shipFromAddress/page", "GET shipFromAddress/" + a.ID, "GET shipFromAddress/export",
		"POST shipFromAddress", "PUT shipFromAddress/" + a.ID, "DELETE shipFromAddress/" + a.ID} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, anon.Call(method, v1+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, warehouseOnly.Call(method, v1+path, map[string]any{}), 401, "A0301", "访问未授权")
	}
	list[address](t, warehouseOnly, "warehouseAddress/page", nil)
	list[address](t, reader, "shipFromAddress/page", nil)
	for _, call := range []string{"POST shipFromAddress", "PUT shipFromAddress/" + a.ID, "DELETE shipFromAddress/" + a.ID} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, reader.Call(method, v1+path, addressBody(nil)), 401, "A0301", "访问未授权")
	}
	editor, _ := h.RestrictedUser("13900000003", []string{"logistics.address.ship"}, []string{"erp:address:edit"})
	apptest.ExpectOK(t, editor.Call(http.MethodPut, v1+"shipFromAddress/"+a.ID, addressBody(map[string]any{"city": "东莞"})))
	apptest.Expect(t, editor.Call(http.MethodDelete, v1+"shipFromAddress/"+a.ID, nil), 401, "A0301", "访问未授权")
}
