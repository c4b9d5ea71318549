package shipping_test

import (
	"context"
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

// fba reads a product's quantities in the FBA warehouse of the shop's group in the US as inbound/fulfillable
// (zeros before the warehouse exists).
func (s *shop) fba(t *testing.T, h *apptest.Harness, i int) [2]int {
	t.Helper()
	var w stockdb.Warehouse
	err := h.DB.Where("company_id = ? AND group_id = ? AND marketplace_id = ?", s.companyID, s.group.ID, US).Take(&w).Error
	if models.IsNotFound(err) {
		return [2]int{}
	}
	if err != nil {
		t.Fatal(err)
	}
	st, err := stockdb.StockOf(h.DB, s.companyID, w.ID, s.products[i].ID)
	if err != nil {
		t.Fatal(err)
	}
	if st.Outbound != 0 {
		t.Fatalf("%s has %d outbound in the FBA warehouse", s.products[i].SKU, st.Outbound)
	}
	return [2]int{st.Inbound, st.Fulfillable}
}

func (s *shop) wantFBA(t *testing.T, h *apptest.Harness, i, inbound, fulfillable int) {
	t.Helper()
	if got := s.fba(t, h, i); got != [2]int{inbound, fulfillable} {
		t.Fatalf("%s FBA stock inbound/fulfillable = %v, want %d/%d", s.products[i].SKU, got, inbound, fulfillable)
	}
}

// 发货 puts the shipped units in transit into the FBA warehouse of the shipment's store group and marketplace (made
// at its first use), 收货 makes the received ones fulfillable there (a corrected, lower receipt turns them back),
// and cancelling 发货 after a receipt takes back exactly what both put there, on SQLite and PostgreSQL. The pick
// list's figures, read from the shop's warehouse, do not change.
func TestShippedUnitsArriveInTheFBAWarehouse(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100, 50)
			sh := s.shipmentFromPlan(t, 30, 20)
			id := sh.ShipmentID
			s.step(t, id, "confirm", nil)
			sh = s.step(t, id, "box", cartons(sh))
			quota := func() string {
				env := s.c.Call(http.MethodGet, v1+"shipForm/quotainfo/"+id, nil)
				apptest.ExpectOK(t, env)
				return string(env.Data)
			}
			before := quota()
			s.wantFBA(t, h, 0, 0, 0)

			sh = s.step(t, id, "ship", map[string]any{"carrier": "UPS",
				"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 25}}})
			var w stockdb.Warehouse
			if err := h.DB.Where("company_id = ? AND group_id = ?", s.companyID, s.group.ID).Take(&w).Error; err != nil {
				t.Fatal(err)
			}
			if w.Name != "FBA-甲公司店铺-美国" || w.Kind != stockdb.WarehouseFBA || w.MarketplaceID == nil || *w.MarketplaceID != US || !w.AllowNegative {
				t.Fatalf("FBA warehouse = %+v", w)
			}
			s.wantStock(t, h, 0, 75, 0)
			s.wantFBA(t, h, 0, 25, 0)
			s.wantFBA(t, h, 1, 20, 0)

			// Under-receipt: only what was received is fulfillable; the rest stays in transit.
			sh = s.step(t, id, "receive", map[string]any{"items": []map[string]any{
				{"itemId": sh.Items[0].ID, "quantity": 24}, {"itemId": sh.Items[1].ID, "quantity": 20}}})
			s.wantFBA(t, h, 0, 1, 24)
			s.wantFBA(t, h, 1, 0, 20)
			// A corrected receipt moves only the difference, either way.
			sh = s.step(t, id, "receive", map[string]any{"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 20}}})
			s.wantFBA(t, h, 0, 5, 20)
			s.wantFBA(t, h, 1, 0, 20)
			sh = s.step(t, id, "receive", map[string]any{"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 25}}})
			s.wantFBA(t, h, 0, 0, 25)
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+id+"/receive", map[string]any{"items": []map[string]any{
				{"itemId": sh.Items[0].ID, "quantity": 26}}}), 400, "A0400", "平台SKU "+s.skus[0]+" 收货数量应在0到25之间")
			s.wantFBA(t, h, 0, 0, 25)

			// 撤销发货 after receipts: both warehouses exactly as before 发货.
			s.step(t, id, "unship", nil)
			s.wantStock(t, h, 0, 70, 30)
			s.wantStock(t, h, 1, 30, 20)
			s.wantFBA(t, h, 0, 0, 0)
			s.wantFBA(t, h, 1, 0, 0)
			if after := quota(); after != before {
				t.Fatalf("pick list after ship and unship = %s, want %s", after, before)
			}

			// Shipped again: the same warehouse, no second one.
			s.step(t, id, "ship", map[string]any{"carrier": "UPS"})
			s.wantFBA(t, h, 0, 30, 0)
			var n int64
			h.DB.Model(&stockdb.Warehouse{}).Where("company_id = ? AND kind = ?", s.companyID, stockdb.WarehouseFBA).Count(&n)
			if n != 1 {
				t.Fatalf("%d FBA warehouses, want 1", n)
			}
			var lines []stockdb.StockLedgerLine
			h.DB.Where("warehouse_id = ? AND product_id = ?", w.ID, s.products[0].ID).Order("created_at, id").Find(&lines)
			sum := 0
			for _, l := range lines {
				if l.DocType != "FBA货件" || l.DocNumber != id || l.InboundBefore+l.InboundChange != l.InboundAfter {
					t.Fatalf("FBA ledger line = %+v", l)
				}
				sum += l.InboundChange
			}
			if len(lines) != 6 || sum != 30 { // ship, three receipts, unship, ship
				t.Fatalf("%d FBA ledger lines summing %d inbound, want 6 and 30", len(lines), sum)
			}

			// Amazon's sync counted the units as received before 收货 is recorded. The FBA warehouse allows going
			// below zero, so the receipt is recorded (the next sync sets Amazon's figures again); a user who
			// turned that off is refused, naming the warehouse.
			err := h.DB.Tx(context.Background(), func(tx *models.DB) error {
				_, err := stockdb.SetStock(tx, s.companyID, stockdb.StockCause{DocType: stockdb.DocSync, DocNumber: "上传"},
					[]stockdb.StockTarget{{WarehouseID: w.ID, ProductID: s.products[0].ID, Fulfillable: 30}})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			receive30 := map[string]any{"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 30}}}
			h.DB.Model(&stockdb.Warehouse{}).Where("id = ?", w.ID).Update("allow_negative", false)
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+id+"/receive", receive30), 400, "B0001",
				"库存不足：SKU "+s.products[0].SKU+" 在FBA仓库FBA-甲公司店铺-美国的待入库为0，需要30")
			h.DB.Model(&stockdb.Warehouse{}).Where("id = ?", w.ID).Update("allow_negative", true)
			s.step(t, id, "receive", receive30)
			s.wantFBA(t, h, 0, -30, 60)
		})
	}
}
