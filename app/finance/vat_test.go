package finance_test

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

const (
	deMarket = "A1PA6795UKMFR9"
	frMarket = "A13V1IB3VIYZZH"
)

// euOrders writes n orders of the seller in marketplace, each one item of 119.00 with 4.99 shipping, bought on day.
func euOrders(t *testing.T, db *models.DB, cid, groupID, sellerID int64, marketplace, prefix string, n int, day time.Time) {
	t.Helper()
	var orders []amazondatadb.AmazonOrder
	var items []amazondatadb.AmazonOrderItem
	for i := range n {
		id := fmt.Sprintf("%s-%07d", prefix, i+1)
		orders = append(orders, amazondatadb.AmazonOrder{CompanyID: cid, GroupID: groupID, SellerID: sellerID, MarketplaceID: marketplace,
			AmazonOrderID: id, PurchaseDate: day, LastUpdatedDate: day, OrderStatus: "Shipped", ShipCity: "Berlin", ShipPostalCode: "10115", ShipCountry: "DE"})
		items = append(items, amazondatadb.AmazonOrderItem{CompanyID: cid, GroupID: groupID, SellerID: sellerID, MarketplaceID: marketplace,
			AmazonOrderID: id, SKU: "MUG-EU", ProductName: "Kaffeebecher Größe L", PurchaseDate: day, OrderStatus: "Shipped", Quantity: 1,
			Currency: "EUR", ItemPrice: money(t, "119.00"), ShippingPrice: money(t, "4.99")})
	}
	if _, err := amazondatadb.UpsertAmazonOrders(db, orders, items); err != nil {
		t.Fatal(err)
	}
}

// VAT invoice numbers run from 1 without a gap under concurrent issuing, every order twice at once: each order
// gets one number, its second issue (and a later one) the same; France's sequence is its own. An order without
// the store's VAT number is refused; the month's VAT is the sum of its orders' at the standard rate; the PDF is
// one.
func TestVATInvoiceNumbersHaveNoGaps(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13800001341", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "VAT公司"}, owner); err != nil {
			t.Fatal(err)
		}
		cid := owner.CompanyID
		seller, err := fixtures.Seller(ctx, db, cid, "欧洲店", "EU", "A1VAT134", deMarket, frMarket)
		if err != nil {
			t.Fatal(err)
		}
		day := time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC)
		euOrders(t, db, cid, seller.GroupID, seller.ID, deMarket, "302", 12, day)
		euOrders(t, db, cid, seller.GroupID, seller.ID, frMarket, "403", 2, day)
		now := time.Date(2026, 11, 20, 10, 0, 0, 0, beijing)
		vat := finance.NewVATInvoices(db, func() time.Time { return now }, beijing)
		p := core.Principal{CompanyID: cid, UserID: owner.ID}

		orders, total, _, err := vat.Orders(ctx, p, finance.VATOrderQuery{Month: "2026-11", MarketplaceID: deMarket,
			PageRequest: core.PageRequest{Size: 50}})
		if err != nil || total != 12 || len(orders) != 12 {
			t.Fatalf("orders = %d of %d, %v", len(orders), total, err)
		}
		// 119.00 + 4.99 at 19%: 19.00 + 0.80.
		if o := orders[0]; o.Gross != 1239900 || o.VAT != 198000 || o.Rate != 1900 {
			t.Fatalf("an order's VAT = %+v", o.VATTotals)
		}
		id := func(o finance.VATOrderLine) string { return strconv.FormatInt(o.ID, 10) }
		refusedWith(t, func() error { _, err := vat.Issue(ctx, p, id(orders[0])); return err }(), "VAT税号")

		for _, market := range []string{deMarket, frMarket} {
			if _, err := vat.SaveSetting(ctx, p, finance.VATSettingForm{GroupID: strconv.FormatInt(seller.GroupID, 10), MarketplaceID: market,
				VATNumber: "de 123 456 789", SellerName: "Shenzhen Example Trading Co., Ltd."}); err != nil {
				t.Fatal(err)
			}
		}
		_, err = vat.SaveSetting(ctx, p, finance.VATSettingForm{GroupID: strconv.FormatInt(seller.GroupID, 10), MarketplaceID: "ATVPDKIKX0DER",
			VATNumber: "DE123456789", SellerName: "x"})
		refusedWith(t, err, finance.MsgVATMarketplace)
		_, err = vat.SaveSetting(ctx, p, finance.VATSettingForm{GroupID: strconv.FormatInt(seller.GroupID, 10), MarketplaceID: deMarket,
			VATNumber: "123", SellerName: "x"})
		refusedWith(t, err, finance.MsgVATNumberBad)

		var mu sync.Mutex
		numbers := map[string][]string{}
		var wg sync.WaitGroup
		for _, o := range orders {
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					inv, err := vat.Issue(ctx, p, id(o))
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					numbers[o.AmazonOrderID] = append(numbers[o.AmazonOrderID], inv.Number)
					mu.Unlock()
				}()
			}
		}
		wg.Wait()
		if t.Failed() {
			return
		}
		var issued []string
		for order, ns := range numbers {
			if len(ns) != 2 || ns[0] != ns[1] {
				t.Fatalf("order %s was given %v", order, ns)
			}
			issued = append(issued, ns[0])
		}
		sort.Strings(issued)
		for i, n := range issued {
			if want := fmt.Sprintf("DE-%06d", i+1); n != want {
				t.Fatalf("numbers %v: the %dth is %s, want %s (no gap, no repeat)", issued, i+1, n, want)
			}
		}
		again, err := vat.Issue(ctx, p, id(orders[3]))
		if err != nil || again.Number != numbers[orders[3].AmazonOrderID][0] {
			t.Fatalf("re-issue = %+v, %v", again, err)
		}
		var seqs []int64
		db.Table("vat_invoices").Where("company_id = ? AND marketplace_id = ?", cid, deMarket).Order("seq").Pluck("seq", &seqs)
		if len(seqs) != 12 || seqs[0] != 1 || seqs[11] != 12 {
			t.Fatalf("stored sequence = %v", seqs)
		}
		fr, _, _, _ := vat.Orders(ctx, p, finance.VATOrderQuery{Month: "2026-11", MarketplaceID: frMarket})
		inv, err := vat.Issue(ctx, p, id(fr[0]))
		if err != nil || inv.Number != "FR-000001" || inv.Rate != 2000 {
			t.Fatalf("France's first = %+v, %v", inv, err)
		}

		month, err := vat.Month(ctx, p, finance.VATMonthQuery{Month: "2026-11"})
		if err != nil || len(month) != 2 {
			t.Fatalf("month = %+v, %v", month, err)
		}
		if de := month[0]; de.MarketplaceID != deMarket || de.Orders != 12 || de.Invoiced != 12 || de.VAT != 12*198000 || de.Gross != 12*1239900 {
			t.Fatalf("Germany's month = %+v", de)
		}
		if october, _ := vat.Month(ctx, p, finance.VATMonthQuery{Month: "2026-10"}); len(october) != 0 {
			t.Fatalf("October = %+v", october)
		}

		doc, err := vat.Document(ctx, p, id(orders[0]))
		if err != nil {
			t.Fatal(err)
		}
		var pdf bytes.Buffer
		if err := doc.WritePDF(&pdf, beijing); err != nil || !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) {
			t.Fatalf("pdf: %v, %.20q", err, pdf.Bytes())
		}
		if _, err := vat.Document(ctx, p, id(fr[1])); err == nil {
			t.Fatal("an order without an invoice printed one")
		}

		// Another company finds neither the orders nor the invoice.
		stranger := &accountsdb.User{Account: "13800001342", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "别家"}, stranger); err != nil {
			t.Fatal(err)
		}
		sp := core.Principal{CompanyID: stranger.CompanyID, UserID: stranger.ID}
		if _, err := vat.Issue(ctx, sp, id(orders[0])); err == nil {
			t.Fatal("another company issued an invoice")
		}
		if rows, n, _, _ := vat.Orders(ctx, sp, finance.VATOrderQuery{Month: "2026-11"}); n != 0 || len(rows) != 0 {
			t.Fatal("another company lists the orders")
		}
	})
}
