package profit_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/app/purchase"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

// A product's packing (包材用量) joins its landed cost at its materials' weighted average costs (issue 46): LP-1
// (采购成本 20, 24 a carton) takes a bag per unit and a box and two labels per carton. The bags are received 100 at
// 0.30 on 3 February and 300 at 0.50 on the 20th, so February's month-end average is (30 + 150) ÷ 400 = 0.45 and
// January's is the first receipt's 0.30; the box costs 3.00 and a label 0.12 (entered). February's packing per
// unit is 0.45 + (3.00 + 2 × 0.12) ÷ 24 = 0.585, the landed cost 20.585, and 利润报告's MSKU-A and UK-A cost that
// per unit; an entered 包材 of 1.50 is not added on top, 辅料 is. A material without a cost is flagged, counted as
// nothing. LP-2, without packing, keeps its 采购成本.
func TestPackingJoinsTheLandedCost(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		ctx := context.Background()
		cid := bk.owner.CompanyID
		jobs := profit.NewJobCosting(bk.svc)
		material := func(sku string, kind int, price string) *catalogdb.LocalProduct {
			m := &catalogdb.LocalProduct{ID: models.NewID(), CompanyID: cid, SKU: sku, Name: sku, Kind: kind, Price: nd(price)}
			must(t, db.Create(m).Error)
			return m
		}
		bag := material("BAG", catalogdb.ProductKindPackage, "")
		box := material("BOX", catalogdb.ProductKindPackage, "3.00")
		label := material("LABEL", catalogdb.ProductKindConsumable, "0.12")
		lp1, err := catalogdb.LocalProductBySKU(db, cid, "LP-1")
		must(t, err)
		must(t, db.Model(&catalogdb.LocalProduct{}).Where("id = ?", lp1.ID).Update("carton_units", 24).Error)

		// The bags are bought twice; their average is what purchasing keeps.
		clock := core.Clock(func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, beijing) })
		buy := purchase.New(db, clock, beijing, core.NewNumbers(db, clock, beijing), finance.New(db, clock, beijing))
		supplier := &catalogdb.Supplier{CompanyID: cid, Name: "包材厂"}
		must(t, db.Create(supplier).Error)
		warehouse := &stockdb.Warehouse{CompanyID: cid, Name: "包材仓", Kind: stockdb.WarehouseOwn}
		must(t, db.Create(warehouse).Error)
		receive := func(day string, quantity int, price string) {
			o, err := buy.CreateOrder(ctx, bk.owner, purchase.OrderForm{SupplierID: idText(supplier.ID), WarehouseID: idText(warehouse.ID),
				Currency: "CNY", PaymentTerms: "receipt", Lines: []purchase.OrderLineForm{{ProductID: idText(bag.ID), Quantity: quantity, UnitPrice: price}}})
			must(t, err)
			id := idText(o.ID)
			for _, step := range []func(context.Context, core.Principal, string) error{buy.SubmitOrder, buy.ApproveOrder, buy.PlaceOrder} {
				must(t, step(ctx, bk.owner, id))
			}
			d, err := buy.Order(ctx, bk.owner, id)
			must(t, err)
			must(t, buy.Receive(ctx, bk.owner, id, purchase.ReceiptForm{WarehouseID: idText(warehouse.ID), Date: day,
				Lines: []purchase.EventLineForm{{LineID: idText(d.Lines[0].ID), Quantity: quantity}}}))
		}
		receive("2026-02-03", 100, "0.30")
		receive("2026-02-20", 300, "0.50")

		before := bySKU(t, report(t, bk.svc, bk.owner, feb()), "MSKU-A", "USD")
		if before.Units != 4 {
			t.Fatalf("MSKU-A's February units %d, want 4", before.Units)
		}
		wantMoney(t, "MSKU-A cost without packing", before.Cost, "80")

		must(t, catalogdb.ReplacePacking(db, cid, lp1.ID, []catalogdb.PackingLine{
			{MaterialID: bag.ID, Quantity: 1}, {MaterialID: box.ID, Quantity: 1, PerCarton: true}, {MaterialID: label.ID, Quantity: 2, PerCarton: true}}))

		job, err := jobs.Line(ctx, bk.owner, idText(lp1.ID), "2026-02")
		must(t, err)
		l := job.Landed
		if !l.Set || !l.PackingUsed || l.PackingUncosted || l.From != "" {
			t.Fatalf("February's landed cost %+v", l)
		}
		wantMoney(t, "February packing", models.Money{Decimal: l.Packing}, "0.585")
		wantMoney(t, "February landed unit", models.Money{Decimal: l.Unit().Decimal}, "20.585")
		jan, err := jobs.Line(ctx, bk.owner, idText(lp1.ID), "2026-01")
		must(t, err)
		wantMoney(t, "January packing (the first receipt's 0.30)", models.Money{Decimal: jan.Landed.Packing}, "0.435")

		lines := report(t, bk.svc, bk.owner, feb())
		a := bySKU(t, lines, "MSKU-A", "USD")
		wantMoney(t, "MSKU-A unit cost", a.UnitCost, "20.585")
		wantMoney(t, "MSKU-A cost (4 units)", a.Cost, "82.34")
		uk := bySKU(t, lines, "UK-A", "GBP")
		wantMoney(t, "UK-A cost (2 units)", uk.Cost, "41.17")
		wantMoney(t, "MSKU-B cost (no packing)", bySKU(t, lines, "MSKU-B", "USD").Cost, "15")

		// An entered 包材 stands aside while the packing's cost holds; 辅料 adds.
		job, err = jobs.Save(ctx, bk.owner, profit.JobForm{ProductID: idText(lp1.ID), Month: "2026-02", Materials: "0.10", Packing: "1.50"})
		must(t, err)
		wantMoney(t, "packing after an entered 1.50", models.Money{Decimal: job.Landed.Packing}, "0.585")
		wantMoney(t, "entered packing kept", models.Money{Decimal: job.Landed.PackingEntered}, "1.50")
		wantMoney(t, "landed unit with 辅料", models.Money{Decimal: job.Landed.Unit().Decimal}, "20.685")
		wantMoney(t, "MSKU-A cost with 辅料", bySKU(t, report(t, bk.svc, bk.owner, feb()), "MSKU-A", "USD").Cost, "82.74")

		// A material of no cost is flagged and counts nothing; without packing, the entered 包材 is back.
		tape := material("TAPE", catalogdb.ProductKindConsumable, "")
		must(t, catalogdb.ReplacePacking(db, cid, lp1.ID, []catalogdb.PackingLine{{MaterialID: bag.ID, Quantity: 2}, {MaterialID: tape.ID, Quantity: 1}}))
		job, err = jobs.Line(ctx, bk.owner, idText(lp1.ID), "2026-02")
		must(t, err)
		if !job.Landed.PackingUncosted {
			t.Fatalf("a material without a cost is not flagged: %+v", job.Landed)
		}
		wantMoney(t, "packing with an uncosted material", models.Money{Decimal: job.Landed.Packing}, "0.90")
		must(t, catalogdb.ReplacePacking(db, cid, lp1.ID, nil))
		job, err = jobs.Line(ctx, bk.owner, idText(lp1.ID), "2026-02")
		must(t, err)
		if job.Landed.PackingUsed {
			t.Fatalf("packing used without packing: %+v", job.Landed)
		}
		wantMoney(t, "entered packing", models.Money{Decimal: job.Landed.Packing}, "1.50")
	})
}
