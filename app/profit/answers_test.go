package profit_test

import (
	"context"
	"reflect"
	"testing"

	"sellerhub/app/profit"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	shippingdb "sellerhub/models/shipping"
	storesdb "sellerhub/models/stores"
)

// TestReportAnswerKeptUntilChange: the report's answer is kept between calls (a settlement amount changed behind
// the product's back, which raises no generation, does not show) and given up the moment anything else it reads
// changes, whatever writes it: a product's cost, SKU配对, a shipment's freight, 利润配置, a fee estimate, a store's
// name, each shows in the next answer; another user's store groups never share the owner's answer.
func TestReportAnswerKeptUntilChange(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		ctx := context.Background()
		cid := bk.owner.CompanyID
		first := report(t, bk.svc, bk.owner, feb())

		must(t, db.Exec("UPDATE settlement_lines SET amount = amount * 2 WHERE company_id = ? AND sku = 'MSKU-A'", cid).Error)
		if again := report(t, bk.svc, bk.owner, feb()); !reflect.DeepEqual(again, first) {
			t.Fatal("the second call computed the report again instead of keeping the first answer")
		}
		must(t, db.Exec("UPDATE settlement_lines SET amount = amount / 2 WHERE company_id = ? AND sku = 'MSKU-A'", cid).Error)

		if lines := report(t, bk.svc, bk.clerk, feb()); len(lines) >= len(first) {
			t.Fatalf("the clerk limited to 乙店 was served %d lines of the owner's %d", len(lines), len(first))
		}

		product := func(sku string) int64 {
			var id int64
			must(t, db.Table("local_products").Where("company_id = ? AND sku = ?", cid, sku).Pluck("id", &id).Error)
			return id
		}
		for _, c := range []struct {
			what   string
			change func()
			check  func(lines []profit.Line)
		}{
			{"a product's cost", func() {
				must(t, db.Model(&catalogdb.LocalProduct{}).Where("id = ?", product("LP-1")).Update("price", dec("25")).Error)
			}, func(lines []profit.Line) {
				wantMoney(t, "A unit cost", bySKU(t, lines, "MSKU-A", "USD").UnitCost, "25")
			}},
			{"SKU配对", func() {
				must(t, db.Model(&catalogdb.Listing{}).Where("company_id = ? AND seller_sku = 'MSKU-C'", cid).
					Update("product_id", product("LP-2")).Error)
			}, func(lines []profit.Line) {
				if c := bySKU(t, lines, "MSKU-C", "USD"); c.Unpaired != 0 || c.ProductSKU != "LP-2" {
					t.Errorf("MSKU-C paired with LP-2: unpaired %d, product %q", c.Unpaired, c.ProductSKU)
				}
			}},
			{"a shipment's freight", func() {
				must(t, db.Model(&shippingdb.Shipment{}).Where("company_id = ? AND shipment_id = 'FBA2'", cid).
					Update("freight", dec("0")).Error)
			}, func(lines []profit.Line) {
				// FBA1 alone: 100 over A's 10 kg and B's 10 kg; FBA2's 10 units of A carry nothing now.
				wantMoney(t, "A unit freight", bySKU(t, lines, "MSKU-A", "USD").UnitFreight, "2.5")
			}},
			{"利润配置", func() {
				_, err := bk.svc.SaveConfig(ctx, bk.owner, profit.ConfigForm{FreightBasis: "volume"})
				must(t, err)
			}, func(lines []profit.Line) {
				// FBA1 by volume: A 10 × 1 L, B 20 × 4 L: A's share 100 × 10/90 over 20 units.
				wantMoney(t, "A unit freight", bySKU(t, lines, "MSKU-A", "USD").UnitFreight, "0.5556")
			}},
			{"a fee estimate", func() {
				must(t, db.Model(&amazondatadb.FeeEstimate{}).Where("company_id = ? AND sku = 'MSKU-B'", cid).
					Update("estimated_referral_fee", money("3.25")).Error)
			}, func(lines []profit.Line) {
				wantMoney(t, "B referral", bySKU(t, lines, "MSKU-B", "USD").Amazon[profit.BucketReferral], "9.75")
			}},
			{"a store's name", func() {
				must(t, db.Model(&storesdb.StoreGroup{}).Where("id = ?", bk.a.GroupID).Update("name", "甲店改名").Error)
			}, func(lines []profit.Line) {
				if g := bySKU(t, lines, "MSKU-A", "USD").GroupName; g != "甲店改名" {
					t.Errorf("store name %q", g)
				}
			}},
		} {
			c.change()
			c.check(report(t, bk.svc, bk.owner, feb()))
			if t.Failed() {
				t.Fatalf("after %s the report still served the answer kept from before", c.what)
			}
		}
	})
}
