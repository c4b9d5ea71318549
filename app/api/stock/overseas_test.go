package stock_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
)

// 海外仓库存 lists the stock of the overseas warehouses only, from the same stock rows as 库存数量; another company
// sees none of it.
func TestOverseasStock(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			own := createWarehouse(t, c, "深圳仓", nil)
			us := createWarehouse(t, c, "美国海外仓", map[string]any{"kind": "overseas"})
			uk := createWarehouse(t, c, "英国海外仓", map[string]any{"kind": "overseas"})
			a, b := product(t, h, "13700000001", "A-1"), product(t, h, "13700000001", "B-2")
			approvedDoc(t, c, "inbound", own.ID, line{a, 10}, line{b, 1})
			approvedDoc(t, c, "inbound", us.ID, line{a, 4})
			approvedDoc(t, c, "inbound", uk.ID, line{a, 2}, line{b, 6})
			approvedDoc(t, c, "outbound", uk.ID, line{b, 1})

			rows := list[stock](t, c, "stock/overseas/page", map[string]any{"pagesize": 50}).Records
			got := map[string]int{}
			for _, r := range rows {
				got[r.WarehouseName+" "+r.SKU] = r.Fulfillable
			}
			if len(got) != 3 || got["美国海外仓 A-1"] != 4 || got["英国海外仓 A-1"] != 2 || got["英国海外仓 B-2"] != 5 {
				t.Fatalf("overseas stock %v", got)
			}
			if p := list[stock](t, c, "stock/overseas/page", map[string]any{"warehouseId": us.ID, "search": "A-"}); p.Total != 1 {
				t.Fatalf("one overseas warehouse: %+v", p)
			}
			if p := list[stock](t, c, "stock/overseas/page", map[string]any{"warehouseId": own.ID}); p.Total != 0 {
				t.Fatalf("an own warehouse through 海外仓库存: %+v", p)
			}
			if resp, _ := c.Raw(http.MethodGet, v1+"stock/overseas/export", "", nil); resp.StatusCode != 200 {
				t.Fatalf("export %d", resp.StatusCode)
			}
			o := h.SignedIn("13700000002", "乙公司")
			if p := list[stock](t, o, "stock/overseas/page", map[string]any{}); p.Total != 0 {
				t.Fatalf("乙 reads 甲's overseas stock: %+v", p)
			}
		})
	}
}
