package amazondata_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

const inventoryHeader = "sku\tfnsku\tasin\tproduct-name\tcondition\tyour-price\tmfn-listing-exists\tmfn-fulfillable-quantity\t" +
	"afn-listing-exists\tafn-warehouse-quantity\tafn-fulfillable-quantity\tafn-unsellable-quantity\tafn-reserved-quantity\t" +
	"afn-total-quantity\tper-unit-volume\tafn-inbound-working-quantity\tafn-inbound-shipped-quantity\t" +
	"afn-inbound-receiving-quantity\tafn-researching-quantity"

// inventoryLine is a report line: the SKU, fulfillable, reserved, inbound working, shipped and receiving.
func inventoryLine(sku, fulfillable, reserved, working, shipped, receiving string) string {
	return strings.Join([]string{sku, "X00" + sku, "B0" + sku, "商品 " + sku, "New", "19.99", "No", "", "Yes", "0",
		fulfillable, "1", reserved, "0", "0.1", working, shipped, receiving, "0"}, "\t")
}

type ledgerOut struct {
	Records []struct {
		SKU               string `json:"sku"`
		DocType           string `json:"docType"`
		DocTypeName       string `json:"docTypeName"`
		DocNumber         string `json:"docNumber"`
		InboundChange     int    `json:"inboundChange"`
		InboundAfter      int    `json:"inboundAfter"`
		FulfillableChange int    `json:"fulfillableChange"`
		FulfillableAfter  int    `json:"fulfillableAfter"`
		OutboundChange    int    `json:"outboundChange"`
		OutboundAfter     int    `json:"outboundAfter"`
	} `json:"records"`
	Total int `json:"total"`
}

// The inventory report sets the FBA warehouse's stock of paired products to Amazon's figures (several SKUs of one
// product summed), writing only the difference as 同步 ledger lines that 库存流水 shows; the same report again
// changes nothing; unpaired SKUs and other marketplaces' listings move nothing; a later report and stock moved by
// a shipment meanwhile are reconciled to Amazon's figures. On SQLite and PostgreSQL.
func TestInventoryReportSetsFBAStock(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newSeller(t, h, 3)
			s.listing(t, US, "SKU-A", 0)
			s.listing(t, US, "SKU-B", 0)
			s.listing(t, US, "SKU-C", 1)
			s.listing(t, US, "SKU-D", -1)
			s.listing(t, CA, "SKU-E", 2)
			lines := []string{
				inventoryLine("SKU-A", "10", "4", "1", "2", "3"),
				inventoryLine("SKU-B", "5", "0", "", "", "1"),
				inventoryLine("SKU-C", "7", "0", "0", "0", "0"),
				inventoryLine("SKU-D", "100", "9", "9", "9", "9"),
				inventoryLine("SKU-E", "50", "0", "0", "0", "0"),
			}
			st := s.store
			st.ReportID = "50001018000"
			res := s.importFile(t, amazondata.Inventory, st, inventoryHeader, lines...)
			if res.Lines != 5 || res.Written != 5+2 {
				t.Fatalf("first import = %+v, want 5 lines, 5 rows and 2 products written", res)
			}
			w, err := stockdb.FBAWarehouse(h.DB, st.CompanyID, st.GroupID, US)
			must(t, err)
			if w.Name != "FBA-甲店铺-美国" || w.Kind != stockdb.WarehouseFBA {
				t.Fatalf("FBA warehouse = %+v", w)
			}
			// 仓库 shows the warehouse's store group and marketplace.
			env := s.c.Call(http.MethodPost, erp+"warehouse/page", map[string]any{"currentpage": 1, "pagesize": 20, "kind": "fba"})
			apptest.ExpectOK(t, env)
			var whs struct {
				Records []struct{ Name, GroupName, MarketplaceName string } `json:"records"`
			}
			env.Into(t, &whs)
			if len(whs.Records) != 1 || whs.Records[0].GroupName != "甲店铺" || whs.Records[0].MarketplaceName != "美国" {
				t.Fatalf("warehouse list = %+v", whs)
			}
			want := func(i, inbound, fulfillable, outbound int) {
				t.Helper()
				got, err := stockdb.StockOf(h.DB, st.CompanyID, w.ID, s.products[i].ID)
				must(t, err)
				if got.Inbound != inbound || got.Fulfillable != fulfillable || got.Outbound != outbound {
					t.Fatalf("product %d in FBA = %d/%d/%d, want %d/%d/%d", i, got.Inbound, got.Fulfillable, got.Outbound,
						inbound, fulfillable, outbound)
				}
			}
			want(0, 7, 15, 4)
			want(1, 0, 7, 0)
			want(2, 0, 0, 0)
			var stocks int64
			h.DB.Model(&stockdb.Stock{}).Where("warehouse_id = ?", w.ID).Count(&stocks)
			if stocks != 2 {
				t.Fatalf("%d stock rows in the FBA warehouse, want 2 (the unpaired SKU and CA's listing move nothing)", stocks)
			}
			var inv []amazondatadb.FBAInventory
			must(t, h.DB.Where("seller_id = ? AND marketplace_id = ?", st.SellerID, US).Order("sku").Find(&inv).Error)
			if len(inv) != 5 || inv[0].SKU != "SKU-A" || inv[0].InboundShipped != 2 || inv[0].Unsellable != 1 ||
				inv[0].YourPrice.String() != "19.99" || inv[0].Currency != "USD" || inv[3].Fulfillable != 100 {
				t.Fatalf("fba_inventory = %+v", inv)
			}

			ledger := func() ledgerOut {
				t.Helper()
				env := s.c.Call(http.MethodPost, erp+"stock/ledger", map[string]any{"currentpage": 1, "pagesize": 50,
					"warehouseId": fmt.Sprint(w.ID)})
				apptest.ExpectOK(t, env)
				var out ledgerOut
				env.Into(t, &out)
				return out
			}
			l := ledger()
			if l.Total != 2 {
				t.Fatalf("ledger = %+v", l)
			}
			for _, r := range l.Records {
				if r.DocType != "同步" || r.DocTypeName != "亚马逊库存同步" || r.DocNumber != "50001018000" {
					t.Fatalf("ledger line = %+v", r)
				}
				if r.SKU == "P-1" && (r.InboundChange != 7 || r.FulfillableChange != 15 || r.OutboundChange != 4) {
					t.Fatalf("P-1's line = %+v", r)
				}
			}

			// The same report again writes nothing.
			if res := s.importFile(t, amazondata.Inventory, st, inventoryHeader, lines...); res.Lines != 5 || res.Written != 0 {
				t.Fatalf("second import = %+v, want nothing written", res)
			}
			if l := ledger(); l.Total != 2 {
				t.Fatalf("ledger after the second import has %d lines", l.Total)
			}

			// Meanwhile a shipment puts 6 in transit for product 1, and product 0's inbound went below zero (a
			// receipt recorded after the sync counted it). An uploaded report sets both to Amazon's figures.
			err = h.DB.Tx(context.Background(), func(tx *models.DB) error {
				return stockdb.MoveStock(tx, st.CompanyID, stockdb.StockCause{DocType: "FBA货件", DocNumber: "FBA15TEST"}, []stockdb.StockChange{
					{WarehouseID: w.ID, ProductID: s.products[1].ID, Inbound: 6},
					{WarehouseID: w.ID, ProductID: s.products[0].ID, Inbound: -9, Fulfillable: 9}})
			})
			must(t, err)
			lines[0] = inventoryLine("SKU-A", "12", "3", "0", "0", "0")
			res = s.importFile(t, amazondata.Inventory, s.store, inventoryHeader, lines...)
			if res.Written != 1+2 {
				t.Fatalf("third import = %+v, want 1 row and 2 products written", res)
			}
			want(0, 1, 17, 3)
			want(1, 0, 7, 0)
			l = ledger()
			if l.Total != 6 || l.Records[0].DocNumber != "上传" || l.Records[0].DocType != "同步" {
				t.Fatalf("ledger after the upload = %+v", l)
			}
			for _, r := range l.Records[:2] {
				if (r.SKU == "P-2" && (r.InboundChange != -6 || r.InboundAfter != 0)) ||
					(r.SKU == "P-1" && (r.InboundChange != 3 || r.FulfillableChange != -7 || r.OutboundChange != -1)) {
					t.Fatalf("sync line = %+v", r)
				}
			}
		})
	}
}

// A report without the inventory's columns, or of no marketplace, is refused with nothing written.
func TestInventoryReportRefusals(t *testing.T) {
	h := apptest.Start(t)
	s := newSeller(t, h, 1)
	st := s.store
	st.MarketplaceID = ""
	for _, c := range []struct {
		st     amazondata.Store
		header string
		line   string
		msg    string
	}{
		{st, inventoryHeader, inventoryLine("SKU-A", "1", "0", "0", "0", "0"), amazondata.MsgInventoryNoMarketplace},
		{s.store, "seller-sku\tprice", "SKU-A\t1", amazondata.MsgInventoryNotReport},
		{s.store, inventoryHeader, inventoryLine("SKU-A", "many", "0", "0", "0", "0"), "第2行：afn-fulfillable-quantity 应为整数，实为“many”"},
	} {
		_, err := s.svc.Import(context.Background(), amazondata.Inventory, c.st, reader(t, c.header, c.line), nil)
		if err == nil || err.Error() != c.msg {
			t.Fatalf("import answered %v, want %s", err, c.msg)
		}
	}
	var n int64
	h.DB.Model(&amazondatadb.FBAInventory{}).Count(&n)
	if n != 0 {
		t.Fatalf("%d inventory rows after refused imports", n)
	}
}
