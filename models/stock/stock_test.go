package stock_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/stock"
	"sellerhub/models/stores"
)

func TestMoveStockWritesTheLedgerAndNeverGoesBelowZero(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		p := dbtest.NewProduct(t, db, a.CompanyID, "SKU-1")
		q := dbtest.NewProduct(t, db, a.CompanyID, "SKU-2")

		if err := dbtest.Move(db, a.CompanyID, "IN-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Inbound: 10}); err != nil {
			t.Fatal(err)
		}
		if err := dbtest.Move(db, a.CompanyID, "IN-1", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Inbound: -10, Fulfillable: 10}); err != nil {
			t.Fatal(err)
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 0, 10, 0)

		// Two lines, one short: nothing moves, not even the line that had stock.
		err := dbtest.Move(db, a.CompanyID, "OUT-1",
			stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: -3},
			stock.StockChange{WarehouseID: w.ID, ProductID: q.ID, Fulfillable: -1})
		var short *stock.StockShortError
		if !errors.As(err, &short) || short.ProductID != q.ID || short.Quantity != "fulfillable" {
			t.Fatalf("short move: %v", err)
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 0, 10, 0)

		var lines []stock.StockLedgerLine
		if err := db.Where("product_id = ?", p.ID).Order("created_at, id").Find(&lines).Error; err != nil || len(lines) != 2 {
			t.Fatalf("ledger lines = %d, %v", len(lines), err)
		}
		l := lines[1]
		if l.DocNumber != "IN-1" || l.InboundBefore != 10 || l.InboundChange != -10 || l.InboundAfter != 0 ||
			l.FulfillableBefore != 0 || l.FulfillableAfter != 10 {
			t.Fatalf("ledger line = %+v", l)
		}

		// Another company cannot move stock in this warehouse.
		if err := dbtest.Move(db, b.CompanyID, "X", stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 1}); !models.IsNotFound(err) {
			t.Fatalf("乙 moving 甲's stock: %v", err)
		}

		// A warehouse that allows it may go negative; one being stocktaken refuses everything.
		if err := db.Model(w).Update("allow_negative", true).Error; err != nil {
			t.Fatal(err)
		}
		if err := dbtest.Move(db, a.CompanyID, "OUT-2", stock.StockChange{WarehouseID: w.ID, ProductID: q.ID, Fulfillable: -2}); err != nil {
			t.Fatalf("negative allowed: %v", err)
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, q.ID, 0, -2, 0)
		if err := db.Model(w).Update("stocktaking", true).Error; err != nil {
			t.Fatal(err)
		}
		if err := dbtest.Move(db, a.CompanyID, "IN-3", stock.StockChange{WarehouseID: w.ID, ProductID: q.ID, Fulfillable: 2}); !errors.Is(err, stock.ErrWarehouseStocktaking) {
			t.Fatalf("stocktaking: %v", err)
		}
	})
}

// Concurrent documents taking the same product: exactly as many succeed as there is stock, none is lost, and the
// quantity never goes below zero. Also the very first movements of a product race to create its stock row.
func TestConcurrentMovementsLoseNoUpdate(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		p := dbtest.NewProduct(t, db, a.CompanyID, "SKU-1")
		q := dbtest.NewProduct(t, db, a.CompanyID, "SKU-2")

		const n = 12
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- dbtest.Move(db, a.CompanyID, fmt.Sprintf("IN-%d", i),
					stock.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 1},
					stock.StockChange{WarehouseID: w.ID, ProductID: q.ID, Fulfillable: 1})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("concurrent receipt: %v", err)
			}
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 0, n, 0)

		// 12 in stock, 20 orders of 1 in opposite product orders: 12 succeed, 8 are short.
		errs = make(chan error, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				first, second := p.ID, q.ID
				if i%2 == 1 {
					first, second = q.ID, p.ID
				}
				errs <- dbtest.Move(db, a.CompanyID, fmt.Sprintf("OUT-%d", i),
					stock.StockChange{WarehouseID: w.ID, ProductID: first, Fulfillable: -1, Outbound: 1},
					stock.StockChange{WarehouseID: w.ID, ProductID: second, Fulfillable: -1, Outbound: 1})
			}()
		}
		wg.Wait()
		close(errs)
		ok, short := 0, 0
		for err := range errs {
			var s *stock.StockShortError
			switch {
			case err == nil:
				ok++
			case errors.As(err, &s):
				short++
			default:
				t.Fatalf("concurrent outbound: %v", err)
			}
		}
		if ok != n || short != 20-n {
			t.Fatalf("succeeded %d, short %d; want %d and %d", ok, short, n, 20-n)
		}
		dbtest.WantStock(t, db, a.CompanyID, w.ID, p.ID, 0, 0, n)
		dbtest.WantStock(t, db, a.CompanyID, w.ID, q.ID, 0, 0, n)
	})
}

func TestMarketplacesAreSavedFromTheReferenceData(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		for i := 0; i < 2; i++ {
			if err := stores.SaveMarketplaces(db); err != nil {
				t.Fatalf("save %d: %v", i, err)
			}
		}
		var rows []stores.Marketplace
		if err := db.Order("sort").Find(&rows).Error; err != nil || len(rows) != 20 {
			t.Fatalf("marketplaces = %d, %v", len(rows), err)
		}
		if rows[0].Country != "US" || rows[0].ID != "ATVPDKIKX0DER" || rows[19].Country != "SG" {
			t.Fatalf("first/last = %+v / %+v", rows[0], rows[19])
		}
		if m, ok := stores.MarketplaceByCountry("JP"); !ok || m.Region != "FE" || stores.CurrencySymbols[m.Currency] != "JP¥" {
			t.Fatalf("JP = %+v", m)
		}
	})
}
