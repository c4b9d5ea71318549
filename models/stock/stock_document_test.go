package stock_test

import (
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/stock"
)

// Numbers count per company, series and day, past 9999 too (the highest is found by length, then text), and a
// document moves between states only from the states named, once.
func TestDocumentNumbersAndStateMoves(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		w := dbtest.NewWarehouse(t, db, a.CompanyID, "深圳仓")
		p := dbtest.NewProduct(t, db, a.CompanyID, "SKU-1")
		now := time.Now().UTC().Truncate(time.Microsecond)
		create := func(number string) *stock.StockDocument {
			d := &stock.StockDocument{CompanyID: a.CompanyID, Kind: stock.DocInbound, Number: number, WarehouseID: w.ID,
				CreatedAt: now, UpdatedAt: now}
			if err := stock.CreateDocument(db, d, []stock.StockDocumentLine{{ProductID: p.ID, Quantity: 1}}); err != nil {
				t.Fatalf("create %s: %v", number, err)
			}
			return d
		}
		next := func(companyID int64, s models.NumberSeries, day, want string) {
			t.Helper()
			if got, err := db.NextNumber(s, companyID, day); err != nil || got != want {
				t.Fatalf("next %s%s = %q (%v), want %q", s.Letters, day, got, err, want)
			}
		}
		in := models.InboundNumbers
		next(a.CompanyID, in, "20261122", "RK20261122-0001")
		create("RK20261122-0001")
		create("RK20261122-9999")
		next(a.CompanyID, in, "20261122", "RK20261122-10000")
		create("RK20261122-10000")
		next(a.CompanyID, in, "20261122", "RK20261122-10001")
		next(a.CompanyID, in, "20261123", "RK20261123-0001")
		next(b.CompanyID, in, "20261122", "RK20261122-0001")
		// Outbound documents share the table and count apart.
		next(a.CompanyID, models.OutboundNumbers, "20261122", "CK20261122-0001")
		// The prefix is taken literally: _ and % in it match nothing else.
		next(a.CompanyID, in, "2026112_", "RK2026112_-0001")
		// A number of the day whose sequence is not a number (a plan's random suffix before the sequence) is
		// passed over, whichever way it sorts.
		create("RK20261125-7K2Q")
		create("RK20261125-0003")
		create("RK20261125-A")
		next(a.CompanyID, in, "20261125", "RK20261125-0004")

		d := create("RK20261124-0001")
		moved, err := stock.MoveDocument(db, a.CompanyID, d.ID, []int{stock.DocSubmitted}, stock.DocApproved, map[string]any{})
		if err != nil || moved {
			t.Fatalf("a draft approved: %v %v", moved, err)
		}
		if moved, err = stock.MoveDocument(db, b.CompanyID, d.ID, []int{stock.DocDraft}, stock.DocSubmitted, map[string]any{}); err != nil || moved {
			t.Fatalf("another company submitted it: %v %v", moved, err)
		}
		for i, want := range []bool{true, false} {
			moved, err := stock.MoveDocument(db, a.CompanyID, d.ID, []int{stock.DocDraft}, stock.DocSubmitted, map[string]any{"submitted_at": now})
			if err != nil || moved != want {
				t.Fatalf("submit %d: %v %v", i, moved, err)
			}
		}
		got, err := stock.DocumentByID(db, a.CompanyID, 0, stock.DocInbound, d.ID)
		if err != nil || got.Status != stock.DocSubmitted || got.SubmittedAt == nil || got.LineCount != 1 || got.TotalQuantity != 1 ||
			got.WarehouseName != "深圳仓" {
			t.Fatalf("document = %+v, %v", got, err)
		}
		if _, err := stock.DocumentByID(db, a.CompanyID, 0, stock.DocOutbound, d.ID); !models.IsNotFound(err) {
			t.Fatalf("an inbound document read as outbound: %v", err)
		}

		used, err := stock.WarehouseInUse(db, a.CompanyID, w.ID)
		if err != nil || !used {
			t.Fatalf("warehouse with documents in use = %v, %v", used, err)
		}
		empty := dbtest.NewWarehouse(t, db, a.CompanyID, "空仓")
		if used, err := stock.WarehouseInUse(db, a.CompanyID, empty.ID); err != nil || used {
			t.Fatalf("empty warehouse in use = %v, %v", used, err)
		}
	})
}
