package claims_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

type removalPage struct {
	Records []struct {
		ID, OrderID, GroupName, OrderTypeName, Outcome string
		RemovalFee                                     float64
	} `json:"records"`
	Total int64 `json:"total"`
}

// 移除订单 on both databases: a store group's orders are its users' only, the screen guards the calls, the export
// holds the query's orders in the list's columns, and a later line of an order moves its sums.
func TestRemovalOrders(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { removalOrders(t, kind) })
	}
}

func removalOrders(t *testing.T, kind string) {
	h := apptest.Start(t, apptest.WithDatabase(kind))
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	const us = "ATVPDKIKX0DER"
	one, err := fixtures.Seller(context.Background(), h.DB, admin.CompanyID, "移除甲店", "NA", "A1REMOVALONE", us)
	if err != nil {
		t.Fatal(err)
	}
	two, err := fixtures.Seller(context.Background(), h.DB, admin.CompanyID, "移除乙店", "NA", "A1REMOVALTWO", us)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	item := func(s *storesdb.Seller, order, typ, sku string, shipped, disposed int, feeCents int64) amazondatadb.RemovalItem {
		return amazondatadb.RemovalItem{CompanyID: admin.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: us,
			OrderID: order, RequestDate: now.AddDate(0, 0, -5), LastUpdated: now, OrderType: typ, OrderStatus: "Completed",
			SKU: sku, Disposition: "Sellable", RequestedQuantity: shipped + disposed, ShippedQuantity: shipped,
			DisposedQuantity: disposed, RemovalFee: models.MoneyFromUnits(feeCents * 100), Currency: "USD"}
	}
	if _, err := amazondatadb.UpsertRemovalItems(h.DB, []amazondatadb.RemovalItem{
		item(one, "RMVONE0001", "Return", "RMV-A", 3, 0, 312), item(two, "RMVTWO0001", "Disposal", "RMV-B", 0, 2, 208)}); err != nil {
		t.Fatal(err)
	}
	// A second line of the return comes later: the order's sums take it in.
	if n, err := amazondatadb.UpsertRemovalItems(h.DB, []amazondatadb.RemovalItem{item(one, "RMVONE0001", "Return", "RMV-C", 1, 0, 104)}); err != nil || n != 2 {
		t.Fatalf("a later line wrote %d rows: %v", n, err)
	}
	get := func(c *apptest.Client, body map[string]any) removalPage {
		t.Helper()
		body["currentpage"], body["pagesize"] = 1, 20
		env := c.Call(http.MethodPost, amz+"removals/page", body)
		apptest.ExpectOK(t, env)
		var p removalPage
		env.Into(t, &p)
		return p
	}
	owner := h.Client()
	apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	all := get(owner, map[string]any{})
	byOrder := map[string]int{}
	for i, r := range all.Records {
		byOrder[r.OrderID] = i
	}
	ret := all.Records[byOrder["RMVONE0001"]]
	if _, ok := byOrder["RMVTWO0001"]; !ok || ret.RemovalFee != 4.16 || ret.Outcome != "已退还4件" || ret.GroupName != "移除甲店" {
		t.Fatalf("the owner's orders %+v", all)
	}

	// A user of 移除乙店 only sees its disposal, and cannot open the return.
	clerk, _ := h.RestrictedUser("13900000118", []string{"sales.orders.remove"}, nil)
	var clerkUser accountsdb.User
	h.DB.Take(&clerkUser, "account = ?", "13900000118")
	if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: clerkUser.ID, GroupID: two.GroupID}).Error; err != nil {
		t.Fatal(err)
	}
	if p := get(clerk, map[string]any{}); p.Total != 1 || p.Records[0].OrderID != "RMVTWO0001" || p.Records[0].OrderTypeName != "弃置" {
		t.Fatalf("the store group's user sees %+v", p)
	}
	apptest.Expect(t, clerk.Call(http.MethodGet, amz+"removals/"+ret.ID, nil), http.StatusNotFound, "A0404", "移除订单不存在")
	if p := get(clerk, map[string]any{"groupId": strconv.FormatInt(one.GroupID, 10)}); p.Total != 0 {
		t.Fatalf("another store group asked for by id: %+v", p)
	}

	// Without the screen, refused.
	none, _ := h.RestrictedUser("13900000119", nil, nil)
	apptest.Expect(t, none.Call(http.MethodPost, amz+"removals/page", map[string]any{}), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, none.Call(http.MethodGet, amz+"removals/"+ret.ID, nil), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, none.Call(http.MethodGet, amz+"removals/export", nil), http.StatusUnauthorized, "A0301", "访问未授权")

	// The export: the returns, in the list's columns.
	resp, body := owner.Raw(http.MethodGet, amz+"removals/export?orderType=Return", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("移除订单_")) {
		t.Fatalf("export: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, title := range rows[0] {
		col[title] = i
	}
	if len(rows) != 2 || rows[1][col["移除订单号"]] != "RMVONE0001" || rows[1][col["移除费"]] != "4.16" || rows[1][col["类型"]] != "退还" ||
		rows[1][col["去向"]] != "已退还4件" {
		t.Fatalf("export rows %v", rows)
	}
	apptest.Expect(t, owner.Call(http.MethodGet, amz+"removals/export?from=2026-13-01", nil), http.StatusBadRequest, "A0400", "日期格式应为 yyyy-MM-dd")
}
