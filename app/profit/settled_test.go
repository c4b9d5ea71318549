package profit_test

import (
	"context"
	"testing"

	"sellerhub/app/core"
	"sellerhub/app/profit"
	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// 费用项 sums the book's February settlements by Amazon's names and currency, our Chinese names beside and CNY at
// February's rate; SKU结算 sums them by SKU into sales, refunds, fees and the rest, which add up to the net. A
// clerk of 乙店 sees 乙店's alone; March's line stays out of February.
func TestSettledByFeeAndSKU(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		ctx := context.Background()
		feb := profit.SettledQuery{PageRequest: core.PageRequest{Size: 100}, StartMonth: "2026-02", EndMonth: "2026-02"}
		fees, total, _, err := bk.svc.FeeItems(ctx, bk.owner, feb)
		must(t, err)
		if int(total) != len(fees) || total < 10 {
			t.Fatalf("fee items = %d of %d", len(fees), total)
		}
		find := func(tx, desc, currency string) profit.FeeItem {
			for _, f := range fees {
				if f.TransactionType == tx && f.AmountDescription == desc && f.Currency == currency {
					return f
				}
			}
			t.Fatalf("no fee item %s %s %s in %+v", tx, desc, currency, fees)
			return profit.FeeItem{}
		}
		if c := find("Order", "Commission", "USD"); c.AmountName != "佣金" || c.Amount.String() != "-15.75" || c.AmountCNY.String() != "-110.25" || c.Lines != 1 {
			t.Fatalf("Order commission = %+v", c)
		}
		if c := find("Refund", "Commission", "USD"); c.TransactionTypeName != "退款" || c.Amount.String() != "3.75" {
			t.Fatalf("Refund commission = %+v", c)
		}
		if p := find("Order", "Principal", "USD"); p.AmountType != "ItemPrice" || p.Amount.String() != "100" {
			t.Fatalf("USD principal (March's 30 left out) = %+v", p)
		}
		if p := find("Order", "Principal", "GBP"); p.AmountCNY.String() != "450" {
			t.Fatalf("GBP principal = %+v", p)
		}
		// Largest in CNY first, either sign.
		for i := 1; i < len(fees); i++ {
			if fees[i].AmountCNY.Abs().GreaterThan(fees[i-1].AmountCNY.Abs()) {
				t.Fatalf("fee items out of order at %d: %s after %s", i, fees[i].AmountCNY, fees[i-1].AmountCNY)
			}
		}

		skus, _, _, err := bk.svc.SKUSettlements(ctx, bk.owner, feb)
		must(t, err)
		var a, store *profit.SKUSettled
		for i := range skus {
			switch {
			case skus[i].SKU == "MSKU-A":
				a = &skus[i]
			case skus[i].SKU == "" && skus[i].Currency == "USD":
				store = &skus[i]
			}
		}
		if a == nil || store == nil {
			t.Fatalf("SKU结算 = %+v", skus)
		}
		if a.GroupName != "甲店" || a.Units != 4 || a.Sales.String() != "105" || a.Refunds.String() != "25" || a.Fees.String() != "32.75" ||
			a.Other.String() != "0" || a.Net.String() != "47.25" || a.NetCNY.String() != "330.75" || a.SalesCNY.String() != "735" {
			t.Fatalf("MSKU-A = %+v", *a)
		}
		// The store's charges: subscription, storage and advertising.
		if store.Net.String() != "-102.33" || store.MarketplaceID != "ATVPDKIKX0DER" {
			t.Fatalf("甲店's charges = %+v", *store)
		}
		for _, l := range skus {
			if !l.Sales.Sub(l.Refunds.Decimal).Sub(l.Fees.Decimal).Add(l.Other.Decimal).Equal(l.Net.Decimal) {
				t.Fatalf("%s: sales − refunds − fees + other ≠ net: %+v", l.SKU, l)
			}
		}

		clerk, _, _, err := bk.svc.SKUSettlements(ctx, bk.clerk, feb)
		must(t, err)
		if len(clerk) != 1 || clerk[0].SKU != "UK-A" || clerk[0].Net.String() != "42.5" {
			t.Fatalf("乙店's clerk = %+v", clerk)
		}
		if _, _, _, err := bk.svc.FeeItems(ctx, bk.owner, profit.SettledQuery{StartMonth: "2026-03", EndMonth: "2026-02"}); err == nil {
			t.Fatal("a month range the wrong way round is refused")
		}
	})
}
