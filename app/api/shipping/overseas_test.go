package shipping_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// 海外仓发货 to FBA through the shipment flow (issue 46): a plan and its shipment whose warehouse is an overseas one
// take their units out of that warehouse at 配货 and 发货 (not out of the own warehouse holding the same product),
// put them in transit into the store group's FBA warehouse, and each cancel gives back what its step took. The
// forms offer each warehouse with its kind (自有仓, 海外仓, FBA仓). The
// overseas warehouse is the company's: a user limited to the shipment's store group ships from it, one limited to
// another group does not see the shipment. On SQLite and PostgreSQL, every quantity its ledger's sum.
func TestAShipmentFromAnOverseasWarehouseMovesItsStock(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 40)
			own := s.warehouse
			overseas := &stockdb.Warehouse{CompanyID: s.companyID, Name: "美西海外仓", Kind: stockdb.WarehouseOverseas}
			if err := h.DB.Create(overseas).Error; err != nil {
				t.Fatal(err)
			}
			err := h.DB.Tx(context.Background(), func(tx *models.DB) error {
				return stockdb.MoveStock(tx, s.companyID, stockdb.StockCause{DocType: "overseas_in_receive", DocNumber: "HR-TEST"},
					[]stockdb.StockChange{{WarehouseID: overseas.ID, ProductID: s.products[0].ID, Fulfillable: 25}})
			})
			if err != nil {
				t.Fatal(err)
			}
			// A clerk limited to the shipment's store group plans from the overseas warehouse.
			clerk := h.Member("13700000001", "13700000019", true)
			u, err := accountsdb.UserByAccount(h.DB, "13700000019")
			if err != nil {
				t.Fatal(err)
			}
			if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: s.group.ID}).Error; err != nil {
				t.Fatal(err)
			}
			s.c, s.warehouse = clerk, overseas
			sh := s.shipmentFromPlan(t, 10)
			if sh.WarehouseName != "美西海外仓" || sh.Items[0].Fulfillable != 25 {
				t.Fatalf("shipment from the overseas warehouse = %+v", sh)
			}
			id := sh.ShipmentID
			ownStock := func() [2]int {
				st, err := stockdb.StockOf(h.DB, s.companyID, own.ID, s.products[0].ID)
				if err != nil {
					t.Fatal(err)
				}
				return [2]int{st.Fulfillable, st.Outbound}
			}

			sh = s.step(t, id, "confirm", nil)
			s.wantStock(t, h, 0, 15, 10)
			sh = s.step(t, id, "box", cartons(sh))
			sh = s.step(t, id, "ship", map[string]any{"carrier": "UPS", "tracking": "1Z-OVERSEAS"})
			s.wantStock(t, h, 0, 15, 0)
			s.wantFBA(t, h, 0, 10, 0)
			if got := ownStock(); got != [2]int{40, 0} {
				t.Fatalf("the own warehouse moved: %v", got)
			}
			// Each cancel gives back what its step took, to the overseas warehouse.
			sh = s.step(t, id, "unship", nil)
			s.wantStock(t, h, 0, 15, 10)
			s.wantFBA(t, h, 0, 0, 0)
			s.step(t, id, "unbox", nil)
			s.step(t, id, "unconfirm", nil)
			s.wantStock(t, h, 0, 25, 0)
			// Short in the overseas warehouse (the own one has 40): refused naming what it has there.
			big := s.shipmentFromPlan(t, 30)
			apptest.Expect(t, clerk.Call(http.MethodPost, v1+"shipment/"+big.ShipmentID+"/confirm", nil), 400, "B0001",
				fmt.Sprintf("库存不足：SKU %s 在发货仓库的可用库存为25，需要30", s.products[0].SKU))
			s.wantStock(t, h, 0, 25, 0)
			if got := ownStock(); got != [2]int{40, 0} {
				t.Fatalf("the own warehouse moved: %v", got)
			}

			// The forms offer the own and the overseas warehouse (and the FBA warehouse the shipment went to), each
			// with its kind.
			fba, err := stockdb.FBAWarehouse(h.DB, s.companyID, s.group.ID, US)
			if err != nil {
				t.Fatal(err)
			}
			opts := decode[struct {
				Warehouses []struct{ ID, Name, Kind, KindName string }
			}](t, clerk.Call(http.MethodGet, v1+"shipPlan/options", nil))
			kinds := map[string]string{}
			for _, w := range opts.Warehouses {
				kinds[w.Name] = w.Kind + "/" + w.KindName
			}
			if want := map[string]string{own.Name: "own/自有仓", "美西海外仓": "overseas/海外仓", fba.Name: "fba/FBA仓"}; !maps.Equal(kinds, want) {
				t.Fatalf("warehouses offered = %v, want %v", kinds, want)
			}

			// A user limited to another store group sees neither shipment.
			other := &storesdb.StoreGroup{CompanyID: s.companyID, Name: "欧洲店铺"}
			if err := h.DB.Create(other).Error; err != nil {
				t.Fatal(err)
			}
			outsider := h.Member("13700000001", "13700000029", true)
			v, err := accountsdb.UserByAccount(h.DB, "13700000029")
			if err != nil {
				t.Fatal(err)
			}
			if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: v.ID, GroupID: other.ID}).Error; err != nil {
				t.Fatal(err)
			}
			apptest.Expect(t, outsider.Call(http.MethodGet, v1+"shipment/"+id, nil), 404, "A0404", "货件不存在")
			apptest.Expect(t, outsider.Call(http.MethodPost, v1+"shipment/"+id+"/confirm", nil), 404, "A0404", "货件不存在")
			ledgerMatchesStock(t, h)
		})
	}
}

// ledgerMatchesStock checks that every stock row is the sum of its ledger lines and none is below zero.
func ledgerMatchesStock(t *testing.T, h *apptest.Harness) {
	t.Helper()
	var bad []struct{ WarehouseID, ProductID int64 }
	err := h.DB.Raw(`SELECT s.warehouse_id, s.product_id FROM stocks s WHERE s.inbound < 0 OR s.fulfillable < 0 OR s.outbound < 0
		OR s.inbound <> COALESCE((SELECT SUM(l.inbound_change) FROM stock_ledger l WHERE l.warehouse_id = s.warehouse_id AND l.product_id = s.product_id), 0)
		OR s.fulfillable <> COALESCE((SELECT SUM(l.fulfillable_change) FROM stock_ledger l WHERE l.warehouse_id = s.warehouse_id AND l.product_id = s.product_id), 0)
		OR s.outbound <> COALESCE((SELECT SUM(l.outbound_change) FROM stock_ledger l WHERE l.warehouse_id = s.warehouse_id AND l.product_id = s.product_id), 0)`).
		Scan(&bad).Error
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("stock disagreeing with its ledger: %+v", bad)
	}
}
