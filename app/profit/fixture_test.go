package profit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	financedb "sellerhub/models/finance"
	"sellerhub/models/fixtures"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// beijing is the product's time zone (the configuration's default).
var beijing = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		panic(err)
	}
	return loc
}()

const (
	us = "ATVPDKIKX0DER"
	uk = "A1F83G8C2ARO7P"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func money(s string) models.Money { return models.Money{Decimal: dec(s)} }

func nd(s string) decimal.NullDecimal {
	if s == "" {
		return decimal.NullDecimal{}
	}
	return decimal.NewNullDecimal(dec(s))
}

// book is a company built by hand, every figure chosen so that the report's can be worked out on paper (the
// expected values are in the tests): in February 2026 (Beijing time), store 甲店 (US, USD at 7) sold MSKU-A, which
// a settlement covers, and MSKU-B and MSKU-C, which none does (orders and fee estimates); 乙店 (UK, GBP at 9) sold
// UK-A, settled. Two shipped shipments carry freight to 甲店's US warehouse.
type book struct {
	db      *models.DB
	svc     *profit.Service
	owner   core.Principal
	a, b    *storesdb.Seller
	clerk   core.Principal // limited to 乙店
	outside core.Principal // another company's owner
}

// at is an instant in February 2026, Beijing time.
func at(day, hour int) time.Time { return time.Date(2026, 2, day, hour, 0, 0, 0, beijing).UTC() }

func newBook(t *testing.T, db *models.DB) *book {
	t.Helper()
	ctx := context.Background()
	owner := &accountsdb.User{Account: "13800000081", PasswordHash: "x"}
	must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "利润公司"}, owner))
	cid := owner.CompanyID
	bk := &book{db: db, owner: core.Principal{CompanyID: cid, UserID: owner.ID}}
	var err error
	bk.a, err = fixtures.Seller(ctx, db, cid, "甲店", "NA", "A1PROFITNA", us)
	must(t, err)
	bk.b, err = fixtures.Seller(ctx, db, cid, "乙店", "EU", "A1PROFITEU", uk)
	must(t, err)
	clerk := &accountsdb.User{CompanyID: cid, Account: "13800000082", PasswordHash: "x"}
	must(t, db.Create(clerk).Error)
	must(t, storesdb.SetUserStoreGroups(db, cid, clerk.ID, []int64{bk.b.GroupID}))
	bk.clerk = core.Principal{CompanyID: cid, UserID: clerk.ID}
	other := &accountsdb.User{Account: "13800000083", PasswordHash: "x"}
	must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "别家"}, other))
	bk.outside = core.Principal{CompanyID: other.CompanyID, UserID: other.ID}

	for _, r := range []financedb.ExchangeRate{{CompanyID: cid, Currency: "USD", Month: "2026-01", Rate: models.Rate{Decimal: dec("7")}},
		{CompanyID: cid, Currency: "GBP", Month: "2026-01", Rate: models.Rate{Decimal: dec("9")}}} {
		must(t, financedb.CreateExchangeRate(db, &r))
	}

	// Products: P1 costs 20 (1 kg, 10×10×10 cm), P2 5 (0.5 kg, 40×10×10 cm), P3 no price, weight or size.
	products := []catalogdb.LocalProduct{
		{ID: models.NewID(), CompanyID: cid, SKU: "LP-1", Name: "产品一", Kind: catalogdb.ProductKindProduct, Price: nd("20"), Weight: nd("1"), Length: nd("10"), Width: nd("10"), Height: nd("10")},
		{ID: models.NewID(), CompanyID: cid, SKU: "LP-2", Name: "产品二", Kind: catalogdb.ProductKindProduct, Price: nd("5"), Weight: nd("0.5"), Length: nd("40"), Width: nd("10"), Height: nd("10")},
		{ID: models.NewID(), CompanyID: cid, SKU: "LP-3", Name: "产品三", Kind: catalogdb.ProductKindProduct},
	}
	must(t, db.Create(&products).Error)
	listing := func(g int64, market, sku string, p *catalogdb.LocalProduct) catalogdb.Listing {
		l := catalogdb.Listing{CompanyID: cid, GroupID: g, MarketplaceID: market, SellerSKU: sku, ASIN: "B0" + sku}
		if p != nil {
			l.ProductID = &p.ID
		}
		return l
	}
	listings := []catalogdb.Listing{listing(bk.a.GroupID, us, "MSKU-A", &products[0]), listing(bk.a.GroupID, us, "MSKU-B", &products[1]),
		listing(bk.a.GroupID, us, "MSKU-C", nil), listing(bk.a.GroupID, us, "MSKU-E", &products[2]),
		listing(bk.b.GroupID, uk, "UK-A", &products[0])}
	must(t, db.Create(&listings).Error)

	// The settlement of 甲店 posted in February, one line in March, and 乙店's.
	line := func(s *storesdb.Seller, settlement, market, tx, orderID, amountType, desc, amount, sku string, qty int, posted time.Time, currency string) amazondatadb.SettlementLine {
		return amazondatadb.SettlementLine{CompanyID: cid, GroupID: s.GroupID, SellerID: s.ID, SettlementID: settlement,
			MarketplaceID: market, TransactionType: tx, OrderID: orderID, AmountType: amountType, AmountDescription: desc,
			Amount: money(amount), Currency: currency, PostedDate: &posted, SKU: sku, QuantityPurchased: qty}
	}
	lines := []amazondatadb.SettlementLine{
		line(bk.a, "S1", us, "Order", "111-1", "ItemPrice", "Principal", "100.00", "MSKU-A", 4, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Order", "111-1", "ItemPrice", "Shipping", "10.00", "MSKU-A", 0, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Order", "111-1", "Promotion", "Principal", "-5.00", "MSKU-A", 0, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Order", "111-1", "ItemPrice", "Tax", "8.00", "MSKU-A", 0, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Order", "111-1", "ItemWithheldTax", "MarketplaceFacilitatorTax-Principal", "-8.00", "MSKU-A", 0, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Order", "111-1", "ItemFees", "Commission", "-15.75", "MSKU-A", 0, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Order", "111-1", "ItemFees", "FBAPerUnitFulfillmentFee", "-20.00", "MSKU-A", 0, at(10, 12), "USD"),
		line(bk.a, "S1", us, "Refund", "111-1", "ItemPrice", "Principal", "-25.00", "MSKU-A", 0, at(20, 12), "USD"),
		line(bk.a, "S1", us, "Refund", "111-1", "ItemFees", "Commission", "3.75", "MSKU-A", 0, at(20, 12), "USD"),
		line(bk.a, "S1", us, "Refund", "111-1", "ItemFees", "RefundCommission", "-0.75", "MSKU-A", 0, at(20, 12), "USD"),
		// Charges of no SKU; the storage fee names no marketplace: its settlement's is its own.
		line(bk.a, "S1", "", "other-transaction", "", "other-transaction", "Storage Fee", "-12.34", "", 0, at(7, 19), "USD"),
		line(bk.a, "S1", us, "other-transaction", "", "other-transaction", "Subscription Fee", "-39.99", "", 0, at(1, 17), "USD"),
		line(bk.a, "S1", us, "ServiceFee", "", "Cost of Advertising", "TransactionTotalAmount", "-50.00", "", 0, at(5, 12), "USD"),
		// 1 March, 00:30 Beijing time: March's, though still February in UTC.
		line(bk.a, "S2", us, "Order", "111-2", "ItemPrice", "Principal", "30.00", "MSKU-A", 1, time.Date(2026, 3, 1, 0, 30, 0, 0, beijing), "USD"),
		line(bk.b, "S9", uk, "Order", "202-1", "ItemPrice", "Principal", "50.00", "UK-A", 2, at(12, 12), "GBP"),
		line(bk.b, "S9", uk, "Order", "202-1", "ItemFees", "Commission", "-7.50", "UK-A", 0, at(12, 12), "GBP"),
	}
	for i := range lines {
		lines[i].LineNo = i + 2
	}
	heads := []amazondatadb.Settlement{{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us, SettlementID: "S1", Currency: "USD"},
		{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us, SettlementID: "S2", Currency: "USD"},
		{CompanyID: cid, GroupID: bk.b.GroupID, SellerID: bk.b.ID, MarketplaceID: uk, SettlementID: "S9", Currency: "GBP"}}
	_, err = amazondatadb.UpsertSettlementLines(db, heads, lines)
	must(t, err)

	// Orders no settlement covers: MSKU-B 2 + 1 units (a cancelled one left out), MSKU-C 1 unit; and MSKU-A's own,
	// which its settlement replaces.
	var orders []amazondatadb.AmazonOrder
	var items []amazondatadb.AmazonOrderItem
	order := func(id, sku, status string, qty int, price string, when time.Time) {
		orders = append(orders, amazondatadb.AmazonOrder{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us,
			AmazonOrderID: id, PurchaseDate: when, LastUpdatedDate: when, OrderStatus: status, FulfillmentChannel: "Amazon"})
		items = append(items, amazondatadb.AmazonOrderItem{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us,
			AmazonOrderID: id, SKU: sku, ASIN: "B0" + sku, ProductName: sku + " 商品", PurchaseDate: when, OrderStatus: status,
			FulfillmentChannel: "Amazon", Quantity: qty, Currency: "USD", ItemPrice: money(price)})
	}
	order("111-1", "MSKU-A", "Shipped", 4, "100.00", at(3, 10))
	order("113-1", "MSKU-B", "Shipped", 2, "30.00", at(4, 10))
	order("113-2", "MSKU-B", "Shipped", 1, "15.00", at(25, 10))
	order("113-3", "MSKU-B", amazondatadb.OrderCancelled, 1, "15.00", at(26, 10))
	order("114-1", "MSKU-C", "Shipped", 1, "9.99", at(6, 10))
	_, err = amazondatadb.UpsertAmazonOrders(db, orders, items)
	must(t, err)
	_, err = amazondatadb.UpsertFeeEstimates(db, []amazondatadb.FeeEstimate{{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, MarketplaceID: us,
		SKU: "MSKU-B", Currency: "USD", EstimatedFeeTotal: money("6.00"), EstimatedReferralFee: money("2.25"),
		ExpectedFulfillmentFee: money("3.50"), ProductSizeTier: "Small standard-size"}})
	must(t, err)

	// Shipments of 甲店 to US: FBA1 freight 100 (A 10 units, B 20), FBA2 freight 30 (A 10, E 5, E without weight);
	// FBA3 is boxed, not shipped, and FBA4 went to 乙店: neither counts for 甲店.
	w := &stockdb.Warehouse{CompanyID: cid, Name: "深圳仓", Kind: stockdb.WarehouseOwn}
	must(t, db.Create(w).Error)
	shipment := func(id string, g int64, market string, status int, freight string, skus map[string]int) {
		shipped := at(1, 9)
		sh := &shippingdb.Shipment{CompanyID: cid, ShipmentID: id, GroupID: g, MarketplaceID: market, WarehouseID: w.ID,
			Status: status, Freight: nd(freight)}
		if status == shippingdb.ShipmentShipped {
			sh.ShippedAt = &shipped
		}
		must(t, db.Create(sh).Error)
		for sku, n := range skus {
			p := map[string]*catalogdb.LocalProduct{"MSKU-A": &products[0], "MSKU-B": &products[1], "MSKU-E": &products[2], "UK-A": &products[0]}[sku]
			must(t, db.Create(&shippingdb.ShipmentItem{CompanyID: cid, ShipmentRef: sh.ID, ProductID: p.ID, SellerSKU: sku,
				Quantity: n, QuantityShipped: n}).Error)
		}
	}
	shipment("FBA1", bk.a.GroupID, us, shippingdb.ShipmentShipped, "100", map[string]int{"MSKU-A": 10, "MSKU-B": 20})
	shipment("FBA2", bk.a.GroupID, us, shippingdb.ShipmentShipped, "30", map[string]int{"MSKU-A": 10, "MSKU-E": 5})
	shipment("FBA3", bk.a.GroupID, us, shippingdb.ShipmentBoxing, "999", map[string]int{"MSKU-A": 10})
	shipment("FBA4", bk.b.GroupID, uk, shippingdb.ShipmentShipped, "40", map[string]int{"UK-A": 8})

	clock := func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, beijing) }
	bk.svc = profit.New(db, clock, beijing, finance.New(db, clock, beijing))
	return bk
}

// report reads every line of the report the query asks.
func report(t *testing.T, svc *profit.Service, p core.Principal, q profit.Query) []profit.Line {
	t.Helper()
	q.PageRequest = core.PageRequest{Current: 1, Size: 100}
	var all []profit.Line
	for {
		lines, total, _, err := svc.Report(context.Background(), p, q)
		must(t, err)
		all = append(all, lines...)
		if int64(len(all)) >= total || len(lines) == 0 {
			return all
		}
		q.Current++
	}
}

// bySKU finds the line of a SKU (the store's charges are SKU "") of a currency.
func bySKU(t *testing.T, lines []profit.Line, sku, currency string) *profit.Line {
	t.Helper()
	for i := range lines {
		if lines[i].SKU == sku && lines[i].Currency == currency {
			return &lines[i]
		}
	}
	t.Fatalf("no line of %q %s in %d lines", sku, currency, len(lines))
	return nil
}

func wantMoney(t *testing.T, what string, got models.Money, want string) {
	t.Helper()
	if !got.Equal(dec(want)) {
		t.Errorf("%s: %s, want %s", what, got.StringFixed(4), want)
	}
}

func feb() profit.Query { return profit.Query{StartMonth: "2026-02", EndMonth: "2026-02"} }

func idText(id int64) string { return fmt.Sprint(id) }
