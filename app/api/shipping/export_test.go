package shipping_test

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	storesdb "sellerhub/models/stores"
)

func sheet(t *testing.T, c *apptest.Client, path string) [][]string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, v1+path, "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
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
	return rows
}

// Issue 16: 发货计划, 货件处理 and SKU配对 export their whole query, filtered as the page is, within the caller's
// company and store groups, with the access of their page calls.
func TestShipmentPlanAndListingExports(t *testing.T) {
	h := apptest.Start(t)
	a := newShop(t, h, "13700000001", "甲公司", 100, 50)
	first := a.shipmentFromPlan(t, 10, 5)
	second := a.shipmentFromPlan(t, 3, 2)
	b := newShop(t, h, "13700000002", "乙公司", 80)
	b.shipmentFromPlan(t, 4)

	rows := sheet(t, a.c, "shipment/export")
	if len(rows) != 3 || rows[0][0] != "货件ID" {
		t.Fatalf("甲's shipments: %v", rows)
	}
	got := []string{rows[1][0], rows[2][0]}
	if !strings.Contains(strings.Join(got, ","), first.ShipmentID) || !strings.Contains(strings.Join(got, ","), second.ShipmentID) {
		t.Fatalf("甲's shipments %v, want %s and %s", got, first.ShipmentID, second.ShipmentID)
	}
	if rows := sheet(t, a.c, "shipment/export?shipmentId="+second.ShipmentID); len(rows) != 2 || rows[1][0] != second.ShipmentID {
		t.Fatalf("by id: %v", rows)
	}
	if rows := sheet(t, a.c, "shipPlan/export"); len(rows) != 3 || rows[0][0] != "计划编号" || rows[1][1] != "甲公司店铺" {
		t.Fatalf("甲's plans: %v", rows)
	}
	rows = sheet(t, a.c, "listing/export?keyword="+a.skus[1])
	if len(rows) != 2 || rows[1][2] != a.skus[1] || rows[1][slices.Index(rows[0], "本地SKU")] != a.products[1].SKU {
		t.Fatalf("甲's listing %s: %v", a.skus[1], rows)
	}

	// 乙's files hold only 乙's rows; a member limited to another store group gets the headers alone.
	for _, path := range []string{"shipment/export", "shipPlan/export", "listing/export"} {
		rows := sheet(t, b.c, path)
		if len(rows) != 2 || strings.Contains(strings.Join(rows[1], ","), "甲公司") {
			t.Fatalf("乙's %s: %v", path, rows)
		}
	}
	other := &storesdb.StoreGroup{CompanyID: a.companyID, Name: "欧洲店铺"}
	if err := h.DB.Create(other).Error; err != nil {
		t.Fatal(err)
	}
	m := h.Member("13700000001", "13700000007", true)
	member, err := accountsdb.UserByAccount(h.DB, "13700000007")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: member.ID, GroupID: other.ID}).Error; err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"shipment/export", "shipPlan/export", "listing/export"} {
		if rows := sheet(t, m, path); len(rows) != 1 {
			t.Fatalf("the member limited to 欧洲店铺 exports %s: %v", path, rows)
		}
	}

	// Without the screens, refused as the page calls are.
	clerk, _ := h.RestrictedUser("13900000001", nil, nil)
	for _, path := range []string{"shipment/export", "shipPlan/export", "listing/export"} {
		apptest.Expect(t, clerk.Call(http.MethodGet, v1+path, nil), http.StatusUnauthorized, "A0301", "访问未授权")
	}
}
