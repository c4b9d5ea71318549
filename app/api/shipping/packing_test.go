package shipping_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
)

// material makes a 耗材 or 包材 of the shop with stock in its warehouse.
func (s *shop) material(t *testing.T, h *apptest.Harness, sku, name string, kind, qty int) *catalogdb.LocalProduct {
	t.Helper()
	m := &catalogdb.LocalProduct{CompanyID: s.companyID, SKU: sku, Name: name, Kind: kind}
	if err := h.DB.Create(m).Error; err != nil {
		t.Fatal(err)
	}
	err := h.DB.Tx(context.Background(), func(tx *models.DB) error {
		return stockdb.MoveStock(tx, s.companyID, stockdb.StockCause{DocType: "inbound", DocNumber: "IN-MAT"},
			[]stockdb.StockChange{{WarehouseID: s.warehouse.ID, ProductID: m.ID, Fulfillable: qty}})
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// wantMaterial checks a material's fulfillable stock, and that it equals the sum of its ledger lines.
func (s *shop) wantMaterial(t *testing.T, h *apptest.Harness, m *catalogdb.LocalProduct, want int) {
	t.Helper()
	st, err := stockdb.StockOf(h.DB, s.companyID, s.warehouse.ID, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	var sum int64
	h.DB.Model(&stockdb.StockLedgerLine{}).Where("warehouse_id = ? AND product_id = ?", s.warehouse.ID, m.ID).
		Select("COALESCE(SUM(fulfillable_change), 0)").Scan(&sum)
	if st.Fulfillable != want || int64(st.Fulfillable) != sum {
		t.Fatalf("%s fulfillable = %d (ledger %d), want %d", m.SKU, st.Fulfillable, sum, want)
	}
}

func (s *shop) setPacking(t *testing.T, i int, lines ...map[string]any) {
	t.Helper()
	apptest.ExpectOK(t, s.c.Call(http.MethodPut, fmt.Sprintf("%smaterial/%d/packing", v1, s.products[i].ID), map[string]any{"lines": lines}))
}

func packing(m *catalogdb.LocalProduct, quantity int, per string) map[string]any {
	return map[string]any{"materialId": fmt.Sprint(m.ID), "quantity": quantity, "per": per}
}

// 发货 consumes the packing of what it ships from the shipment's warehouse exactly once, in its transaction; 取消发货
// gives back what was consumed; a shortage refuses 发货 naming the material, with nothing changed. On SQLite and
// PostgreSQL.
func TestShippingConsumesPackingOnceAndUnshipGivesItBack(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100, 50)
			bag := s.material(t, h, "BAG-1", "气泡袋", catalogdb.ProductKindPackage, 100)
			box := s.material(t, h, "BOX-1", "纸箱", catalogdb.ProductKindPackage, 5)
			label := s.material(t, h, "LBL-1", "标签", catalogdb.ProductKindConsumable, 200)
			s.setPacking(t, 0, packing(bag, 1, "unit"), packing(box, 1, "carton"), packing(label, 1, "carton"))
			s.setPacking(t, 1, packing(label, 2, "unit"))

			sh := s.shipmentFromPlan(t, 30, 20)
			id := sh.ShipmentID
			s.step(t, id, "confirm", nil)
			sh = s.step(t, id, "box", cartons(sh))
			s.wantMaterial(t, h, bag, 100)

			// Two 发货 at once: one ships and consumes, the other is refused and consumes nothing.
			body := map[string]any{"carrier": "UPS", "items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 28}}}
			var wg sync.WaitGroup
			answers := make([]apptest.Envelope, 2)
			for i := range answers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					answers[i] = s.c.Call(http.MethodPost, v1+"shipment/"+id+"/ship", body)
				}()
			}
			wg.Wait()
			if answers[0].Status == http.StatusOK {
				answers[0], answers[1] = answers[1], answers[0]
			}
			apptest.Expect(t, answers[0], 400, "B0001", shipping.MsgNotBoxed)
			apptest.ExpectOK(t, answers[1])
			// 28 shipped of the first product in 1 carton, 20 of the second: bags 28, a box, labels 1 + 2*20.
			s.wantMaterial(t, h, bag, 72)
			s.wantMaterial(t, h, box, 4)
			s.wantMaterial(t, h, label, 159)
			s.wantStock(t, h, 0, 72, 0)
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+id+"/ship", body), 400, "B0001", shipping.MsgNotBoxed)
			s.wantMaterial(t, h, bag, 72)
			var lines int64
			h.DB.Model(&stockdb.StockLedgerLine{}).Where("doc_type = ? AND doc_number = ?", "FBA货件包材", id).Count(&lines)
			if lines != 3 {
				t.Fatalf("%d packing ledger lines under the shipment, want 3", lines)
			}

			// 取消发货 gives back what was consumed, even though the packing changed meanwhile.
			s.setPacking(t, 0, packing(box, 6, "carton"))
			sh = s.step(t, id, "unship", nil)
			s.wantMaterial(t, h, bag, 100)
			s.wantMaterial(t, h, box, 5)
			s.wantMaterial(t, h, label, 200)
			s.wantStock(t, h, 0, 70, 30)

			// Six boxes a carton, five in stock: refused naming the box, nothing moved, still boxed.
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+id+"/ship", map[string]any{"carrier": "UPS"}), 400, "B0001",
				"包材库存不足：BOX-1（纸箱） 在发货仓库的可用库存为5，需要6")
			s.wantMaterial(t, h, box, 5)
			s.wantStock(t, h, 0, 70, 30)
			s.wantStock(t, h, 1, 30, 20)
			if got := decode[shipmentOut](t, s.c.Call(http.MethodGet, v1+"shipment/"+id, nil)); got.Status != 3 || len(got.Events) != len(sh.Events) {
				t.Fatalf("after the refusal = %+v", got)
			}

			// Without box data, the cartons are the units over the 单箱数量, rounded up: 30 of 12 a carton take 3.
			s.setPacking(t, 0, packing(box, 1, "carton"))
			if err := h.DB.Model(s.products[0]).Update("carton_units", 12).Error; err != nil {
				t.Fatal(err)
			}
			if err := shippingdb.DeleteShipmentCartons(h.DB, s.companyID, shipmentRef(t, h, s, id)); err != nil {
				t.Fatal(err)
			}
			s.step(t, id, "ship", map[string]any{"carrier": "UPS"})
			s.wantMaterial(t, h, box, 2)
			s.wantMaterial(t, h, label, 160)
			s.wantMaterial(t, h, bag, 100)
		})
	}
}

func shipmentRef(t *testing.T, h *apptest.Harness, s *shop, id string) int64 {
	t.Helper()
	var sh shippingdb.Shipment
	if err := h.DB.Where("company_id = ? AND shipment_id = ?", s.companyID, id).First(&sh).Error; err != nil {
		t.Fatal(err)
	}
	return sh.ID
}
