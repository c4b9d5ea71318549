package stock_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/stock"
)

func newBin(t *testing.T, db *models.DB, companyID, warehouseID int64, code string) *stock.Bin {
	t.Helper()
	now := time.Now().UTC()
	b := &stock.Bin{CompanyID: companyID, WarehouseID: warehouseID, Code: code, CreatedAt: now, UpdatedAt: now}
	if err := db.Create(b).Error; err != nil {
		t.Fatal(err)
	}
	return b
}

func binQuantity(t *testing.T, db *models.DB, binID, productID int64) int {
	t.Helper()
	var q []int
	if err := db.Model(&stock.BinStock{}).Where("bin_id = ? AND product_id = ?", binID, productID).Pluck("quantity", &q).Error; err != nil {
		t.Fatal(err)
	}
	if len(q) == 0 {
		return 0
	}
	return q[0]
}

// wantBinsAddUp checks that each bin's quantity is its ledger lines' sum, that binned is the bins' sum, and that
// it never passes fulfillable.
func wantBinsAddUp(t *testing.T, db *models.DB, warehouseID, productID int64) {
	t.Helper()
	var s stock.Stock
	if err := db.Where("warehouse_id = ? AND product_id = ?", warehouseID, productID).Take(&s).Error; err != nil {
		t.Fatal(err)
	}
	var rows []stock.BinStock
	if err := db.Where("warehouse_id = ? AND product_id = ?", warehouseID, productID).Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, r := range rows {
		var ledger int
		db.Raw("SELECT COALESCE(SUM(bin_change), 0) FROM stock_ledger WHERE bin_id = ? AND product_id = ?", r.BinID, productID).Scan(&ledger)
		if ledger != r.Quantity || r.Quantity < 0 {
			t.Fatalf("bin %d holds %d, its ledger says %d", r.BinID, r.Quantity, ledger)
		}
		sum += r.Quantity
	}
	var ful int
	db.Raw("SELECT COALESCE(SUM(fulfillable_change), 0) FROM stock_ledger WHERE warehouse_id = ? AND product_id = ?", warehouseID, productID).Scan(&ful)
	if s.Binned != sum || s.Binned > s.Fulfillable || ful != s.Fulfillable {
		t.Fatalf("binned %d, bins %d, fulfillable %d, ledger %d", s.Binned, sum, s.Fulfillable, ful)
	}
}

func TestBinsMoveThroughMoveStock(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		other := dbtest.NewWarehouse(t, db, a.CompanyID, "东莞仓")
		p := dbtest.NewProduct(t, db, a.CompanyID, "SKU-1")
		b1 := newBin(t, db, a.CompanyID, w.ID, "A-01-01-01")
		b2 := newBin(t, db, a.CompanyID, w.ID, "B-01-01-01")
		if err := dbtest.Move(db, a.CompanyID, "IN-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 10}); err != nil {
			t.Fatal(err)
		}
		// Put away 6 into B and 3 into A: 1 left to put away.
		if err := dbtest.Move(db, a.CompanyID, "SJ-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b2.ID, Bin: 6},
			stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b1.ID, Bin: 3}); err != nil {
			t.Fatal(err)
		}
		wantBinsAddUp(t, db, w.ID, p.ID)
		// Putting away more than waits is refused, naming what waits; nothing moves.
		err := dbtest.Move(db, a.CompanyID, "SJ-2", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b1.ID, Bin: 2})
		var short *stock.BinShortError
		if !errors.As(err, &short) || short.Code != "" || short.Have != 1 || short.Change != 2 {
			t.Fatalf("over put-away: %v", err)
		}
		// Taking more out of a bin than it holds is refused, naming the bin.
		err = dbtest.Move(db, a.CompanyID, "YK-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b1.ID, Bin: -4},
			stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b2.ID, Bin: 4})
		if !errors.As(err, &short) || short.Code != "A-01-01-01" || short.Have != 3 {
			t.Fatalf("bin short: %v", err)
		}
		// A bin of another warehouse is not found.
		if err := dbtest.Move(db, a.CompanyID, "X", stock.StockChange{WarehouseID: other.ID, ProductID: p.ID, BinID: b1.ID, Bin: 1}); !models.IsNotFound(err) {
			t.Fatalf("other warehouse's bin: %v", err)
		}
		// Moving between bins keeps fulfillable.
		if err := dbtest.Move(db, a.CompanyID, "YK-2", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b2.ID, Bin: -2},
			stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b1.ID, Bin: 2}); err != nil {
			t.Fatal(err)
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 0, 10, 0)
		if binQuantity(t, db, b1.ID, p.ID) != 5 || binQuantity(t, db, b2.ID, p.ID) != 4 {
			t.Fatalf("bins after the move: A %d, B %d", binQuantity(t, db, b1.ID, p.ID), binQuantity(t, db, b2.ID, p.ID))
		}
		// An outbound naming no bin takes the unbinned unit first, then bin A (code order), then B.
		if err := dbtest.Move(db, a.CompanyID, "OUT-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: -7}); err != nil {
			t.Fatal(err)
		}
		if binQuantity(t, db, b1.ID, p.ID) != 0 || binQuantity(t, db, b2.ID, p.ID) != 3 {
			t.Fatalf("bins after the outbound: A %d, B %d", binQuantity(t, db, b1.ID, p.ID), binQuantity(t, db, b2.ID, p.ID))
		}
		var drawn []stock.StockLedgerLine
		db.Where("doc_number = ?", "OUT-1").Order("created_at, id").Find(&drawn)
		if len(drawn) != 3 || drawn[2].BinChange != -1 || drawn[0].FulfillableChange != -7 || drawn[1].BinID == nil || *drawn[1].BinID != b1.ID ||
			drawn[1].BinChange != -5 || drawn[1].FulfillableChange != 0 || drawn[1].FulfillableAfter != 3 {
			t.Fatalf("outbound's lines: %+v", drawn)
		}
		// Picking from a named bin.
		if err := dbtest.Move(db, a.CompanyID, "OUT-2", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: -2, BinID: b2.ID, Bin: -2}); err != nil {
			t.Fatal(err)
		}
		wantBinsAddUp(t, db, w.ID, p.ID)
		// A disabled bin takes no more units but gives its units out.
		db.Model(b2).Update("disabled", true)
		if err := dbtest.Move(db, a.CompanyID, "SJ-3", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 1, BinID: b2.ID, Bin: 1}); !errors.Is(err, stock.ErrBinDisabled) {
			t.Fatalf("disabled bin: %v", err)
		}
		if err := dbtest.Move(db, a.CompanyID, "YK-3", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b2.ID, Bin: -1}); err != nil {
			t.Fatal(err)
		}
		wantBinsAddUp(t, db, w.ID, p.ID)
	})
}

// Put-aways, moves and outbounds of one product at once: every bin equals its ledger, binned never passes
// fulfillable, and no unit is lost.
func TestConcurrentBinMovesAddUp(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		p := dbtest.NewProduct(t, db, a.CompanyID, "SKU-1")
		b1 := newBin(t, db, a.CompanyID, w.ID, "A-1")
		b2 := newBin(t, db, a.CompanyID, w.ID, "A-2")
		if err := dbtest.Move(db, a.CompanyID, "IN-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 40}); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				doc := fmt.Sprintf("D-%d", i)
				var err error
				switch i % 3 {
				case 0:
					err = dbtest.Move(db, a.CompanyID, doc, stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b1.ID, Bin: 2})
				case 1:
					err = dbtest.Move(db, a.CompanyID, doc, stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b1.ID, Bin: -1},
						stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, BinID: b2.ID, Bin: 1})
				default:
					err = dbtest.Move(db, a.CompanyID, doc, stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: -1})
				}
				var short *stock.BinShortError
				var stockShort *stock.StockShortError
				if err != nil && !errors.As(err, &short) && !errors.As(err, &stockShort) {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		wantBinsAddUp(t, db, w.ID, p.ID)
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 0, 30, 0)
	})
}
