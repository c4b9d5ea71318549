package finance_test

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	financedb "sellerhub/models/finance"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

// vatReport is a VAT transactions report as Amazon writes it (comma-separated, dates day first, rates as
// fractions; fewer of its columns): order 1 sold at the reduced rate (7%), order 2 a zero-rated supply to a
// business with a VAT number, order 1's refund; order 3 is not in it.
const vatReport = `UNIQUE_ACCOUNT_IDENTIFIER,ACTIVITY_PERIOD,SALES_CHANNEL,MARKETPLACE,PROGRAM_TYPE,TRANSACTION_TYPE,TRANSACTION_EVENT_ID,ACTIVITY_TRANSACTION_ID,TAX_CALCULATION_DATE,TRANSACTION_COMPLETE_DATE,SELLER_SKU,ASIN,ITEM_DESCRIPTION,QTY,TOTAL_PRICE_OF_ITEMS_AMT_VAT_EXCL,TOTAL_SHIP_CHARGE_AMT_VAT_EXCL,TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL,PRICE_OF_ITEMS_VAT_RATE_PERCENT,TOTAL_PRICE_OF_ITEMS_VAT_AMT,TOTAL_SHIP_CHARGE_VAT_AMT,TOTAL_ACTIVITY_VALUE_VAT_AMT,TOTAL_PRICE_OF_ITEMS_AMT_VAT_INCL,TOTAL_SHIP_CHARGE_AMT_VAT_INCL,TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL,TRANSACTION_CURRENCY_CODE,SALE_DEPART_COUNTRY,SALE_ARRIVAL_COUNTRY,BUYER_VAT_NUMBER,VAT_INV_NUMBER
A1VAT168,2026-NOV,AFN,amazon.de,REGULAR,SALE,302-0000001,DxR7aa,04-11-2026,04-11-2026,MUG-EU,B0MUG,"Kaffeebecher, Größe L",1,111.21,4.66,115.87,0.07,7.79,0.33,8.12,119.00,4.99,123.99,EUR,DE,DE,,DE6-000001
A1VAT168,2026-NOV,AFN,amazon.de,REGULAR,SALE,302-0000002,DxR7ab,04-11-2026,04-11-2026,MUG-EU,B0MUG,"Kaffeebecher, Größe L",1,119.00,4.99,123.99,0,0,0,0,119.00,4.99,123.99,EUR,DE,AT,ATU12345678,DE6-000002
A1VAT168,2026-NOV,AFN,amazon.de,REGULAR,REFUND,302-0000001,amzn1:crow:refund1,20-11-2026,20-11-2026,MUG-EU,B0MUG,"Kaffeebecher, Größe L",1,-111.21,0,-111.21,0.07,-7.79,0,-7.79,-119.00,0,-119.00,EUR,DE,DE,,DE6-000003
`

func importVATReport(t *testing.T, db *models.DB, cid, sellerID int64) amazondata.Result {
	t.Helper()
	r, err := amazondata.OpenReport(amazondata.VATTransactions, strings.NewReader(vatReport))
	if err != nil {
		t.Fatal(err)
	}
	res, err := amazondata.New(db, time.Now).Import(context.Background(), amazondata.VATTransactions,
		amazondata.Store{CompanyID: cid, SellerID: sellerID, Region: "EU"}, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// An enrolled store's orders take their VAT from the VAT transactions report: the reduced rate's and the zero-
// rated business sale's VAT are the report's to the cent, an order the report lacks is computed, and each says
// which; the month sums them exactly; an invoice carries the report's VAT, rate and lines. Before enrolling every
// order is computed. Reading the report again changes nothing.
func TestVATFromTheTransactionReport(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13800001681", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "VAT报告公司"}, owner); err != nil {
			t.Fatal(err)
		}
		cid := owner.CompanyID
		seller, err := fixtures.Seller(ctx, db, cid, "欧洲店", "EU", "A1VAT168", deMarket)
		if err != nil {
			t.Fatal(err)
		}
		euOrders(t, db, cid, seller.GroupID, seller.ID, deMarket, "302", 3, time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC))
		if res := importVATReport(t, db, cid, seller.ID); res.Lines != 3 || res.Written != 3 {
			t.Fatalf("first import %+v", res)
		}
		if res := importVATReport(t, db, cid, seller.ID); res.Lines != 3 || res.Written != 0 {
			t.Fatalf("the same report again wrote %+v", res)
		}
		now := time.Date(2026, 11, 20, 10, 0, 0, 0, beijing)
		vat := finance.NewVATInvoices(db, func() time.Time { return now }, beijing)
		p := core.Principal{CompanyID: cid, UserID: owner.ID}
		setting := finance.VATSettingForm{GroupID: strconv.FormatInt(seller.GroupID, 10), MarketplaceID: deMarket,
			VATNumber: "DE123456789", SellerName: "Shenzhen Example Trading Co., Ltd."}
		if _, err := vat.SaveSetting(ctx, p, setting); err != nil {
			t.Fatal(err)
		}
		byOrder := func() map[string]finance.VATOrderLine {
			orders, total, _, err := vat.Orders(ctx, p, finance.VATOrderQuery{Month: "2026-11", PageRequest: core.PageRequest{Size: 50}})
			if err != nil || total != 3 {
				t.Fatalf("orders = %d, %v", total, err)
			}
			out := map[string]finance.VATOrderLine{}
			for _, o := range orders {
				out[o.AmazonOrderID] = o
			}
			return out
		}
		for id, o := range byOrder() {
			if o.Source != financedb.VATComputed || o.VAT != 198000 || o.Rate != 1900 {
				t.Fatalf("before enrolling, %s = %+v", id, o)
			}
		}

		setting.VCSEnrolled = true
		if _, err := vat.SaveSetting(ctx, p, setting); err != nil {
			t.Fatal(err)
		}
		orders := byOrder()
		want := map[string]struct {
			vat    int64
			rate   int
			source string
		}{"302-0000001": {81200, 700, financedb.VATFromReport}, "302-0000002": {0, 0, financedb.VATFromReport},
			"302-0000003": {198000, 1900, financedb.VATComputed}}
		for id, w := range want {
			o := orders[id]
			if o.VAT != w.vat || o.Rate != w.rate || o.Source != w.source || o.Gross != 1239900 {
				t.Fatalf("%s = %+v (%s), want VAT %d at %d from %s", id, o.VATTotals, o.Source, w.vat, w.rate, w.source)
			}
		}
		month, err := vat.Month(ctx, p, finance.VATMonthQuery{Month: "2026-11"})
		if err != nil || len(month) != 1 {
			t.Fatalf("month = %+v, %v", month, err)
		}
		if m := month[0]; m.Orders != 3 || m.ReportOrders != 2 || m.VAT != 81200+198000 || m.Gross != 3*1239900 {
			t.Fatalf("the month = %+v", m)
		}

		inv, err := vat.Issue(ctx, p, strconv.FormatInt(orders["302-0000001"].ID, 10))
		if err != nil {
			t.Fatal(err)
		}
		if inv.VAT != 81200 || inv.Gross != 1239900 || inv.Rate != 700 || inv.VATSource != financedb.VATFromReport {
			t.Fatalf("invoice %+v", inv)
		}
		doc, err := vat.Document(ctx, p, strconv.FormatInt(orders["302-0000001"].ID, 10))
		if err != nil {
			t.Fatal(err)
		}
		if len(doc.Lines) != 2 || doc.Lines[0].VAT != 77900 || doc.Lines[0].Name != "Kaffeebecher Größe L" || doc.Lines[1].VAT != 3300 || doc.Lines[1].Gross != 49900 {
			t.Fatalf("invoice lines %+v", doc.Lines)
		}
		computed, err := vat.Issue(ctx, p, strconv.FormatInt(orders["302-0000003"].ID, 10))
		if err != nil || computed.VAT != 198000 || computed.VATSource != financedb.VATComputed || computed.Number != "DE-000002" {
			t.Fatalf("computed invoice %+v, %v", computed, err)
		}
	})
}

// Two store groups of one company sell in Germany under one VAT number: their invoices share the number's
// sequence, so two users, each limited to one group, issuing at once get every number from 1 once, without a
// gap or a repeat; neither issues for the other's orders. A group with its own VAT number has its own sequence;
// a second group's prefix for a shared number must be the first's.
func TestVATNumbersAcrossStoreGroups(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13800001691", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "两店公司"}, owner); err != nil {
			t.Fatal(err)
		}
		cid := owner.CompanyID
		day := time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC)
		var sellers []*storesdb.Seller
		var users []core.Principal
		for i, name := range []string{"甲店", "乙店", "丙店"} {
			s, err := fixtures.Seller(ctx, db, cid, name, "EU", fmt.Sprintf("A1VAT169%d", i), deMarket)
			if err != nil {
				t.Fatal(err)
			}
			euOrders(t, db, cid, s.GroupID, s.ID, deMarket, fmt.Sprintf("30%d", 2+i), 8, day)
			clerk := &accountsdb.User{Account: fmt.Sprintf("1380000169%d", 2+i), PasswordHash: "x", CompanyID: cid}
			if err := db.Create(clerk).Error; err != nil {
				t.Fatal(err)
			}
			if err := db.Create(&storesdb.UserStoreGroup{UserID: clerk.ID, GroupID: s.GroupID}).Error; err != nil {
				t.Fatal(err)
			}
			sellers, users = append(sellers, s), append(users, core.Principal{CompanyID: cid, UserID: clerk.ID})
		}
		vat := finance.NewVATInvoices(db, func() time.Time { return time.Date(2026, 11, 20, 10, 0, 0, 0, beijing) }, beijing)
		set := func(p core.Principal, s *storesdb.Seller, number, prefix string) error {
			_, err := vat.SaveSetting(ctx, p, finance.VATSettingForm{GroupID: strconv.FormatInt(s.GroupID, 10), MarketplaceID: deMarket,
				VATNumber: number, SellerName: "Shenzhen Example Trading Co., Ltd.", Prefix: prefix})
			return err
		}
		if err := set(users[0], sellers[0], "DE123456789", "SZ"); err != nil {
			t.Fatal(err)
		}
		refusedWith(t, set(users[1], sellers[1], "DE123456789", "B"), fmt.Sprintf(finance.MsgVATPrefixShared, "SZ"))
		if err := set(users[1], sellers[1], "DE123456789", ""); err != nil {
			t.Fatal(err)
		}
		if err := set(users[2], sellers[2], "DE987654321", ""); err != nil {
			t.Fatal(err)
		}
		refusedWith(t, set(users[0], sellers[1], "DE123456789", ""), finance.MsgVATGroupBad)

		ids := make([][]string, 3)
		for i, p := range users {
			orders, total, _, err := vat.Orders(ctx, p, finance.VATOrderQuery{Month: "2026-11", PageRequest: core.PageRequest{Size: 50}})
			if err != nil || total != 8 {
				t.Fatalf("user %d sees %d orders, %v", i, total, err)
			}
			for _, o := range orders {
				ids[i] = append(ids[i], strconv.FormatInt(o.ID, 10))
			}
		}
		if _, err := vat.Issue(ctx, users[0], ids[1][0]); err == nil {
			t.Fatal("a user issued an invoice for another group's order")
		}

		// The two groups of the shared number issue at once, every order twice; the third group beside them.
		var mu sync.Mutex
		numbers := map[int][]string{}
		var wg sync.WaitGroup
		for i := range users {
			for _, id := range ids[i] {
				for range 2 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						inv, err := vat.Issue(ctx, users[i], id)
						if err != nil {
							t.Error(err)
							return
						}
						mu.Lock()
						numbers[i] = append(numbers[i], inv.Number)
						mu.Unlock()
					}()
				}
			}
		}
		wg.Wait()
		if t.Failed() {
			return
		}
		distinct := func(ns []string) []string {
			seen := map[string]bool{}
			var out []string
			for _, n := range ns {
				if !seen[n] {
					seen[n] = true
					out = append(out, n)
				}
			}
			sort.Strings(out)
			return out
		}
		shared := distinct(append(append([]string{}, numbers[0]...), numbers[1]...))
		if len(shared) != 16 || len(distinct(numbers[0])) != 8 || len(distinct(numbers[1])) != 8 {
			t.Fatalf("the shared number's invoices %v (甲 %v, 乙 %v)", shared, numbers[0], numbers[1])
		}
		for i, n := range shared {
			if want := fmt.Sprintf("SZ-%06d", i+1); n != want {
				t.Fatalf("shared sequence %v: the %dth is %s, want %s", shared, i+1, n, want)
			}
		}
		own := distinct(numbers[2])
		if len(own) != 8 || own[0] != "DE-000001" || own[7] != "DE-000008" {
			t.Fatalf("the third group's own sequence %v", own)
		}
		var seqs []int64
		db.Table("vat_invoices").Where("company_id = ? AND vat_number = ?", cid, "DE123456789").Order("seq").Pluck("seq", &seqs)
		if len(seqs) != 16 || seqs[0] != 1 || seqs[15] != 16 {
			t.Fatalf("stored sequence %v", seqs)
		}
	})
}
