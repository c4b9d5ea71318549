package amazondata_test

import (
	"context"
	"sync"
	"testing"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Callers asking at once for a store group's FBA warehouse in a marketplace all get the one warehouse, named
// FBA-<组>-<国家> (with a number when another warehouse has that name); another company's group and an unknown
// marketplace find nothing.
func TestFBAWarehouseIsFoundOrCreatedOnce(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		g := &storesdb.StoreGroup{CompanyID: a.CompanyID, Name: "甲店铺"}
		if err := db.Create(g).Error; err != nil {
			t.Fatal(err)
		}
		dbtest.NewWarehouse(t, db, a.CompanyID, "FBA-甲店铺-日本")
		const n = 8
		ids := make([]int64, n)
		names := make([]string, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = db.Tx(context.Background(), func(tx *models.DB) error {
					w, err := stockdb.FBAWarehouse(tx, a.CompanyID, g.ID, "A1VC38T7YXB528")
					if err == nil {
						ids[i], names[i] = w.ID, w.Name
					}
					return err
				})
			}()
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil || ids[i] != ids[0] || names[i] != "FBA-甲店铺-日本-2" {
				t.Fatalf("caller %d got %d %q (%v), caller 0 %d", i, ids[i], names[i], errs[i], ids[0])
			}
		}
		us, err := stockdb.FBAWarehouse(db, a.CompanyID, g.ID, "ATVPDKIKX0DER")
		if err != nil || us.Name != "FBA-甲店铺-美国" || us.ID == ids[0] || !us.AllowNegative || us.Kind != stockdb.WarehouseFBA {
			t.Fatalf("US warehouse %+v (%v)", us, err)
		}
		if _, err := stockdb.FBAWarehouse(db, b.CompanyID, g.ID, "ATVPDKIKX0DER"); !models.IsNotFound(err) {
			t.Fatalf("another company's group: %v", err)
		}
		if _, err := stockdb.FBAWarehouse(db, a.CompanyID, g.ID, "NOWHERE"); !models.IsNotFound(err) {
			t.Fatalf("unknown marketplace: %v", err)
		}
		var count int64
		db.Model(&stockdb.Warehouse{}).Where("company_id = ?", a.CompanyID).Count(&count)
		if count != 3 {
			t.Fatalf("%d warehouses, want 3", count)
		}
	})
}

// SetStock moves only the difference to the target, writes nothing for a target already met or a zero target
// without stock, and two callers setting the same target at once never add it twice.
func TestSetStockMovesTheDifference(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "FBA仓")
		p := dbtest.NewProduct(t, db, a.CompanyID, "SKU-1")
		q := dbtest.NewProduct(t, db, a.CompanyID, "SKU-2")
		set := func(targets ...stockdb.StockTarget) (int, error) {
			var moved int
			err := db.Tx(context.Background(), func(tx *models.DB) error {
				var err error
				moved, err = stockdb.SetStock(tx, a.CompanyID, stockdb.StockCause{DocType: stockdb.DocSync, DocNumber: "R1"}, targets)
				return err
			})
			return moved, err
		}
		target := stockdb.StockTarget{WarehouseID: w.ID, ProductID: p.ID, Inbound: 3, Fulfillable: 10, Outbound: 2}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = set(target, stockdb.StockTarget{WarehouseID: w.ID, ProductID: q.ID})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 3, 10, 2)
		var lines, rows int64
		db.Model(&stockdb.StockLedgerLine{}).Where("warehouse_id = ?", w.ID).Count(&lines)
		db.Model(&stockdb.Stock{}).Where("warehouse_id = ?", w.ID).Count(&rows)
		if lines != 1 || rows != 1 {
			t.Fatalf("%d ledger lines and %d stock rows, want 1 and 1", lines, rows)
		}
		target.Fulfillable = 4
		if moved, err := set(target); err != nil || moved != 1 {
			t.Fatalf("moved %d (%v)", moved, err)
		}
		var last stockdb.StockLedgerLine
		db.Where("warehouse_id = ?", w.ID).Order("created_at DESC, id DESC").Take(&last)
		if last.FulfillableBefore != 10 || last.FulfillableChange != -6 || last.InboundChange != 0 || last.DocType != "同步" {
			t.Fatalf("last line %+v", last)
		}
		if moved, err := set(target); err != nil || moved != 0 {
			t.Fatalf("moved %d (%v) for a target already met", moved, err)
		}
	})
}
