package sellerdata

import (
	"bytes"
	"crypto/sha256"
	"io"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

// today is a fixed day, in the afternoon: the world counts from its start.
var today = time.Date(2026, 11, 25, 15, 4, 5, 0, time.UTC)

var allReports = []string{OrdersReport, InventoryReport, SettlementReport, FeeEstimateReport, ReturnsReport, ListingsReport}

// files reads every report of every seller and marketplace the world has, keyed by a description.
func files(t *testing.T, w *World) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, seller := range w.Sellers() {
		for _, report := range allReports {
			switch report {
			case InventoryReport, ListingsReport:
				for _, m := range w.Marketplaces(seller) {
					out[seller+" "+report+" "+m] = content(t, w, seller, report, []string{m}, time.Time{}, time.Time{})
				}
			case SettlementReport:
				for _, s := range w.Scheduled(seller) {
					out[seller+" "+s.ReportID] = content(t, w, seller, report, s.MarketplaceIDs, s.DataStartTime, s.DataEndTime)
				}
			default:
				out[seller+" "+report] = content(t, w, seller, report, nil, time.Time{}, time.Time{})
			}
		}
	}
	return out
}

func content(t *testing.T, w *World, seller, report string, ms []string, start, end time.Time) []byte {
	t.Helper()
	r, err := w.Content(seller, report, ms, start, end)
	if err != nil {
		t.Fatalf("%s %s: %v", seller, report, err)
	}
	// Small reads prove the stream holds together across chunk boundaries.
	var out bytes.Buffer
	buf := make([]byte, 777)
	for {
		n, err := r.Read(buf)
		out.Write(buf[:n])
		if err == io.EOF {
			return out.Bytes()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func rows(t *testing.T, b []byte) []amazon.TSVRow {
	t.Helper()
	r, err := amazon.NewTSVReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out []amazon.TSVRow
	for {
		row, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, row)
	}
}

func TestSameDayGivesTheSameBytes(t *testing.T) {
	a := files(t, New(today))
	b := files(t, New(today.Add(8*time.Hour)))
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two worlds of the same day", name)
		}
	}
	next := files(t, New(today.Add(day)))
	key := amazontest.DefaultSeller + " " + OrdersReport
	if bytes.Equal(a[key], next[key]) {
		t.Error("the next day's orders report is the same as today's")
	}
}

func TestHeadersAreAmazons(t *testing.T) {
	// The contract's lists, written out again so a change to the package's own lists cannot pass unseen.
	want := map[string]string{
		OrdersReport: "amazon-order-id merchant-order-id purchase-date last-updated-date order-status fulfillment-channel " +
			"sales-channel order-channel ship-service-level product-name sku asin item-status quantity currency item-price " +
			"item-tax shipping-price shipping-tax gift-wrap-price gift-wrap-tax item-promotion-discount " +
			"ship-promotion-discount ship-city ship-state ship-postal-code ship-country promotion-ids is-business-order",
		InventoryReport: "sku fnsku asin product-name condition your-price mfn-listing-exists " +
			"mfn-fulfillable-quantity afn-listing-exists afn-warehouse-quantity afn-fulfillable-quantity " +
			"afn-unsellable-quantity afn-reserved-quantity afn-total-quantity per-unit-volume afn-inbound-working-quantity " +
			"afn-inbound-shipped-quantity afn-inbound-receiving-quantity afn-researching-quantity",
		SettlementReport: "settlement-id settlement-start-date settlement-end-date deposit-date total-amount " +
			"currency transaction-type order-id merchant-order-id adjustment-id shipment-id marketplace-name amount-type " +
			"amount-description amount fulfillment-id posted-date posted-date-time order-item-code merchant-order-item-id " +
			"merchant-adjustment-item-id sku quantity-purchased promotion-id",
		FeeEstimateReport: "sku fnsku asin amazon-store product-name product-group brand fulfilled-by your-price sales-price " +
			"longest-side median-side shortest-side length-and-girth unit-of-dimension item-package-weight unit-of-weight " +
			"product-size-tier currency estimated-fee-total estimated-referral-fee-per-unit estimated-variable-closing-fee " +
			"estimated-order-handling-fee-per-order estimated-pick-pack-fee-per-unit " +
			"estimated-weight-handling-fee-per-unit expected-fulfillment-fee-per-unit",
		ReturnsReport: "return-date order-id sku asin fnsku product-name quantity fulfillment-center-id detailed-disposition " +
			"reason status license-plate-number customer-comments",
		ListingsReport: "item-name item-description listing-id seller-sku price quantity open-date image-url " +
			"item-is-marketplace product-id-type zshop-shipping-fee item-note item-condition zshop-category1 " +
			"zshop-browse-path zshop-storefront-feature asin1 asin2 asin3 will-ship-internationally expedited-shipping " +
			"zshop-boldface product-id bid-for-featured-placement add-delete pending-quantity fulfillment-channel " +
			"merchant-shipping-group status",
	}
	// Amazon.co.jp's listings file: the same columns, most named in Japanese.
	japanListings := "商品名 商品の説明 出品ID 出品者SKU 価格 数量 出品日 image-url item-is-marketplace 商品IDタイプ " +
		"zshop-shipping-fee コンディション説明 コンディション zshop-category1 zshop-browse-path zshop-storefront-feature " +
		"asin1 asin2 asin3 国外へ配送可 迅速な配送 zshop-boldface 商品ID bid-for-featured-placement add-delete " +
		"pending-quantity フルフィルメント・チャンネル merchant-shipping-group ステータス"
	w := New(today)
	for name, data := range files(t, w) {
		report := ""
		for _, r := range allReports {
			if strings.Contains(name, r) {
				report = r
			}
		}
		if report == "" {
			report = SettlementReport
		}
		head, _, _ := bytes.Cut(data, []byte("\n"))
		cols := strings.Split(string(head), "\t")
		expect := want[report]
		if report == ListingsReport && strings.HasPrefix(name, JapanSeller+" ") {
			expect = japanListings
		}
		if got := strings.Join(cols, " "); got != expect {
			t.Errorf("%s header:\n got %s\nwant %s", name, got, expect)
		}
		for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if n := strings.Count(line, "\t") + 1; n != len(cols) {
				t.Fatalf("%s line %d has %d fields, the header %d", name, i+1, n, len(cols))
			}
		}
	}
}

func TestSettlementTotalIsTheSumOfItsLines(t *testing.T) {
	w := New(today)
	for _, seller := range w.Sellers() {
		scheduled := w.Scheduled(seller)
		if len(scheduled) < 5*len(w.Marketplaces(seller)) {
			t.Fatalf("%s has %d settlements for %d marketplaces over 90 days", seller, len(scheduled), len(w.Marketplaces(seller)))
		}
		for _, s := range scheduled {
			truth := w.Settlement(seller, s.ReportID)
			sum := decimal.Zero
			for _, l := range truth.Lines {
				sum = sum.Add(l.Amount)
			}
			if !sum.Equal(truth.TotalAmount) || truth.TotalAmount.IsZero() {
				t.Errorf("%s %s: total %s, lines sum to %s", seller, s.ReportID, truth.TotalAmount, sum)
			}
			rs := rows(t, content(t, w, seller, SettlementReport, s.MarketplaceIDs, s.DataStartTime, s.DataEndTime))
			first, lines := rs[0], rs[1:]
			if first.Get("settlement-id") != truth.SettlementID || first.Get("transaction-type") != "" ||
				first.Get("currency") != truth.Currency || first.Get("settlement-start-date") != s.DataStartTime.Format(settlementLayout) {
				t.Errorf("%s %s: first line %q %q %q", seller, s.ReportID, first.Get("settlement-id"), first.Get("currency"), first.Get("transaction-type"))
			}
			total := decimal.RequireFromString(first.Get("total-amount"))
			fileSum := decimal.Zero
			for _, l := range lines {
				fileSum = fileSum.Add(decimal.RequireFromString(l.Get("amount")))
				if l.Get("settlement-id") != truth.SettlementID || l.Get("total-amount") != "" {
					t.Fatalf("%s line %d: %q %q", s.ReportID, l.Line, l.Get("settlement-id"), l.Get("total-amount"))
				}
			}
			if !total.Equal(truth.TotalAmount) || !fileSum.Equal(total) || len(lines) != len(truth.Lines) {
				t.Errorf("%s %s: file total %s, its lines %s (%d), truth %s (%d)", seller, s.ReportID, total, fileSum,
					len(lines), truth.TotalAmount, len(truth.Lines))
			}
		}
	}
}

// orderKey is what a line of the orders report says, as text, for comparing the file with the truth.
func orderKey(l OrderLine) string {
	m := markets[l.MarketplaceID]
	money := func(d decimal.Decimal) string {
		if l.OrderStatus == StatusCancelled {
			return ""
		}
		return d.StringFixed(m.dec)
	}
	return strings.Join([]string{l.AmazonOrderID, l.PurchaseDate.Format(isoLayout), l.LastUpdatedDate.Format(isoLayout),
		l.OrderStatus, l.FulfillmentChannel, l.SalesChannel, l.ShipServiceLevel, l.ProductName, l.SKU, l.ASIN,
		l.ItemStatus, strconv.Itoa(l.Quantity), l.Currency, money(l.ItemPrice), money(l.ItemTax), money(l.ShippingPrice),
		money(l.ShippingTax), money(l.ItemPromotionDiscount), l.ShipCity, l.ShipPostalCode, l.ShipCountry,
		l.PromotionIDs, strconv.FormatBool(l.IsBusinessOrder)}, "|")
}

func rowKey(r amazon.TSVRow) string {
	cols := []string{"amazon-order-id", "purchase-date", "last-updated-date", "order-status", "fulfillment-channel",
		"sales-channel", "ship-service-level", "product-name", "sku", "asin", "item-status", "quantity", "currency",
		"item-price", "item-tax", "shipping-price", "shipping-tax", "item-promotion-discount", "ship-city",
		"ship-postal-code", "ship-country", "promotion-ids", "is-business-order"}
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = r.Get(c)
	}
	return strings.Join(out, "|")
}

func TestOrdersInALastUpdatedWindowMatchTheFile(t *testing.T) {
	w := New(today)
	from, to := w.Now.Add(-10*day-2*time.Hour), w.Now.Add(-3*day)
	for _, seller := range w.Sellers() {
		truth := w.Orders(seller, from, to)
		got := rows(t, content(t, w, seller, OrdersReport, nil, from, to))
		if len(truth) == 0 || len(got) != len(truth) {
			t.Fatalf("%s: %d lines in the file, %d in the truth", seller, len(got), len(truth))
		}
		for i, l := range truth {
			if l.LastUpdatedDate.Before(from) || !l.LastUpdatedDate.Before(to) || !l.PurchaseDate.Before(l.LastUpdatedDate) {
				t.Fatalf("%s %s: purchased %s, updated %s, outside [%s, %s)", seller, l.AmazonOrderID, l.PurchaseDate, l.LastUpdatedDate, from, to)
			}
			if want, got := orderKey(l), rowKey(got[i]); want != got {
				t.Fatalf("%s line %d:\nfile  %s\ntruth %s", seller, i+2, got, want)
			}
		}
	}
	// One marketplace only.
	ca := w.Orders(amazontest.DefaultSeller, from, to)
	ca = slices.DeleteFunc(ca, func(l OrderLine) bool { return l.MarketplaceID != CA })
	if got := rows(t, content(t, w, amazontest.DefaultSeller, OrdersReport, []string{CA}, from, to)); len(got) != len(ca) || len(ca) == 0 {
		t.Errorf("Canada's orders: %d lines in the file, %d in the truth", len(got), len(ca))
	}
}

// TestAnIncrementalSyncSeesPendingOrdersShip: an order pending at one day's start has shipped by the next, with
// a later last-updated-date, so a sync from the last cursor minus an overlap finds it again.
func TestAnIncrementalSyncSeesPendingOrdersShip(t *testing.T) {
	w, later := New(today), New(today.Add(day))
	pending := map[string]OrderLine{}
	for _, l := range w.Orders(amazontest.DefaultSeller, w.First, w.Now) {
		if l.OrderStatus == StatusPending {
			pending[l.AmazonOrderID+" "+l.SKU] = l
		}
	}
	if len(pending) < 10 {
		t.Fatalf("%d pending lines at the day's start", len(pending))
	}
	cursor := w.Now.Add(-2 * time.Hour)
	shipped := 0
	for _, l := range later.Orders(amazontest.DefaultSeller, cursor, later.Now) {
		before, ok := pending[l.AmazonOrderID+" "+l.SKU]
		if !ok {
			continue
		}
		if !l.PurchaseDate.Equal(before.PurchaseDate) || l.OrderStatus != StatusCancelled && !l.ItemPrice.Equal(before.ItemPrice) {
			t.Fatalf("%s changed: %+v then %+v", l.AmazonOrderID, before, l)
		}
		if l.OrderStatus == StatusPending {
			if !l.LastUpdatedDate.Equal(before.LastUpdatedDate) {
				t.Fatalf("%s still pending but updated: %s then %s", l.AmazonOrderID, before.LastUpdatedDate, l.LastUpdatedDate)
			}
			continue
		}
		if !l.LastUpdatedDate.After(before.LastUpdatedDate) || !l.LastUpdatedDate.Before(later.Now) {
			t.Fatalf("%s %s: updated %s, then %s", l.AmazonOrderID, l.OrderStatus, before.LastUpdatedDate, l.LastUpdatedDate)
		}
		shipped++
	}
	t.Logf("%d of %d pending lines shipped or were cancelled a day later", shipped, len(pending))
	if shipped < len(pending)/2 {
		t.Errorf("only %d of %d pending lines shipped a day later", shipped, len(pending))
	}
}

func TestJapaneseSellerHasJapaneseNames(t *testing.T) {
	w := New(today)
	for _, report := range []string{OrdersReport, ListingsReport} {
		rs := rows(t, content(t, w, JapanSeller, report, []string{JP}, time.Time{}, time.Time{}))
		col := "product-name"
		if report == ListingsReport {
			col = "item-name"
		}
		for _, r := range rs {
			name := r.Get(col)
			if !utf8.ValidString(name) || len(name) == utf8.RuneCountInString(name) {
				t.Fatalf("%s line %d: %q is not Japanese", report, r.Line, name)
			}
		}
	}
	if got := w.Orders(JapanSeller, w.First, w.Now)[0]; got.Currency != "JPY" || got.ItemPrice.Exponent() != 0 || got.SalesChannel != "Amazon.co.jp" {
		t.Errorf("a Japanese order: %+v", got)
	}
}

func TestReturnsFeesInventoryAndListingsMatchTheFiles(t *testing.T) {
	w := New(today)
	for _, seller := range w.Sellers() {
		returns := w.Returns(seller, w.First, w.Now)
		rs := rows(t, content(t, w, seller, ReturnsReport, nil, w.First, w.Now))
		if len(returns) == 0 || len(rs) != len(returns) {
			t.Fatalf("%s: %d returns in the file, %d in the truth", seller, len(rs), len(returns))
		}
		for i, l := range returns {
			r := rs[i]
			if r.Get("order-id") != l.OrderID || r.Get("license-plate-number") != l.LicensePlateNumber ||
				r.Get("return-date") != l.ReturnDate.Format(isoLayout) || r.Get("quantity") != strconv.Itoa(l.Quantity) {
				t.Fatalf("%s return %d: file %s %s %s, truth %+v", seller, i, r.Get("order-id"), r.Get("return-date"), r.Get("license-plate-number"), l)
			}
		}
		fees := w.FeeEstimates(seller)
		rs = rows(t, content(t, w, seller, FeeEstimateReport, nil, time.Time{}, time.Time{}))
		if len(rs) != len(fees) {
			t.Fatalf("%s: %d fee lines, truth %d", seller, len(rs), len(fees))
		}
		for i, l := range fees {
			total := decimal.RequireFromString(rs[i].Get("estimated-fee-total"))
			parts := decimal.RequireFromString(rs[i].Get("estimated-referral-fee-per-unit")).
				Add(decimal.RequireFromString(rs[i].Get("expected-fulfillment-fee-per-unit")))
			if rs[i].Get("sku") != l.SKU || !total.Equal(l.EstimatedFeeTotal) || !total.Equal(parts) || !l.EstimatedFeeTotal.IsPositive() {
				t.Fatalf("%s fee %d: %s %s, truth %+v", seller, i, rs[i].Get("sku"), total, l)
			}
		}
		known := map[string]bool{}
		for _, l := range fees {
			known[l.SKU] = true
		}
		for _, l := range w.Orders(seller, w.First, w.Now) {
			known[l.SKU] = true
		}
		for _, m := range w.Marketplaces(seller) {
			inv := w.Inventory(seller, m)
			rs = rows(t, content(t, w, seller, InventoryReport, []string{m}, time.Time{}, time.Time{}))
			if len(rs) != len(inv) {
				t.Fatalf("%s %s: %d inventory lines, truth %d", seller, m, len(rs), len(inv))
			}
			for i, l := range inv {
				known[l.SKU] = true
				if rs[i].Get("afn-fulfillable-quantity") != strconv.Itoa(l.AFNFulfillable) ||
					l.AFNWarehouseQuantity != l.AFNFulfillable+l.AFNUnsellable+l.AFNReserved ||
					l.AFNTotal != l.AFNWarehouseQuantity+l.AFNInboundShipped+l.AFNInboundReceiving {
					t.Fatalf("%s %s inventory %s: %+v", seller, m, rs[i].Get("sku"), l)
				}
			}
			listings := w.Listings(seller, m)
			rs = rows(t, content(t, w, seller, ListingsReport, []string{m}, time.Time{}, time.Time{}))
			unknown := 0
			for i, l := range listings {
				if rs[i].Get("seller-sku") != l.SellerSKU || rs[i].Get("price") != l.Price.StringFixed(moneyDec(l.Currency)) ||
					rs[i].Get("open-date") != l.OpenDate.Format(openLayout) {
					t.Fatalf("%s %s listing %d: %s %s %s, truth %+v", seller, m, i, rs[i].Get("seller-sku"), rs[i].Get("price"), rs[i].Get("open-date"), l)
				}
				if !known[l.SellerSKU] {
					unknown++
				}
			}
			if len(rs) != len(listings) || unknown != newListings {
				t.Errorf("%s %s: %d listings (truth %d), %d in no other report", seller, m, len(rs), len(listings), unknown)
			}
		}
	}
	if _, err := w.Content(amazontest.DefaultSeller, InventoryReport, nil, time.Time{}, time.Time{}); err == nil {
		t.Error("an inventory report of three marketplaces at once was made")
	}
	if _, err := w.Content(JapanSeller, OrdersReport, []string{US}, time.Time{}, time.Time{}); err == nil {
		t.Error("the Japanese seller's US orders were made")
	}
}

// TestFiguresAreRealistic prints the world's key figures and checks they are in the ranges a real store of that
// size has.
func TestFiguresAreRealistic(t *testing.T) {
	w := New(today)
	for _, seller := range w.Sellers() {
		lines := w.Orders(seller, w.First, w.Now)
		orders, status, afn, promo := map[string]bool{}, map[string]int{}, 0, 0
		skus := map[string]bool{}
		byWeekday := [7]int{}
		for _, l := range lines {
			if !orders[l.AmazonOrderID] {
				byWeekday[l.PurchaseDate.Weekday()]++
			}
			orders[l.AmazonOrderID] = true
			status[l.OrderStatus]++
			skus[l.SKU] = true
			if l.FulfillmentChannel == "Amazon" {
				afn++
			}
			if l.PromotionIDs != "" {
				promo++
			}
		}
		settlementLines, refunds := 0, 0
		totals := map[string]decimal.Decimal{}
		for _, s := range w.Scheduled(seller) {
			f := w.Settlement(seller, s.ReportID)
			settlementLines += len(f.Lines)
			totals[f.Currency] = totals[f.Currency].Add(f.TotalAmount)
			for _, l := range f.Lines {
				if l.TransactionType == "Refund" && l.AmountDescription == "Principal" && l.AmountType == "ItemPrice" {
					refunds++
				}
			}
		}
		returns := len(w.Returns(seller, w.First, w.Now))
		t.Logf("%s: %d orders, %d lines (%v), %d%% FBA, %d promotion lines, %d SKUs sold of %d listed, orders by weekday Sun-Sat %v",
			seller, len(orders), len(lines), status, afn*100/len(lines), promo, len(skus), len(w.Listings(seller, w.Marketplaces(seller)[0])), byWeekday)
		t.Logf("%s: %d settlements, %d settlement lines, %d refunds, %d returns, deposits %v", seller,
			len(w.Scheduled(seller)), settlementLines, refunds, returns, totals)
		perDay := len(orders) / 90
		if perDay < 30 || perDay > 300 || len(skus) != sellingProducts || status[StatusPending] == 0 ||
			status[StatusCancelled] < len(lines)/200 || status[StatusCancelled] > len(lines)/20 ||
			afn < len(lines)*7/10 || afn == len(lines) || promo == 0 || refunds < len(lines)/100 || returns == 0 {
			t.Errorf("%s: figures out of range", seller)
		}
		for cur, total := range totals {
			if !total.IsPositive() {
				t.Errorf("%s: settlements in %s pay out %s", seller, cur, total)
			}
		}
		if byWeekday[time.Sunday] <= byWeekday[time.Wednesday] {
			t.Errorf("%s: Sundays (%d) not busier than Wednesdays (%d)", seller, byWeekday[time.Sunday], byWeekday[time.Wednesday])
		}
	}
	// The trend: the last 30 days outsell the first 30 (Black Friday included, as it is every November).
	first := len(w.Orders(amazontest.DefaultSeller, w.First, w.First.Add(30*day)))
	last := len(w.Orders(amazontest.DefaultSeller, w.Now.Add(-30*day), w.Now))
	t.Logf("%s: %d order lines in the first 30 days, %d in the last 30", amazontest.DefaultSeller, first, last)
	if last <= first {
		t.Errorf("no growth: %d then %d", first, last)
	}
}

func TestWriteOrdersFile(t *testing.T) {
	hash := func(lines int, seed int64) [32]byte {
		h := sha256.New()
		if err := WriteOrdersFile(h, lines, seed); err != nil {
			t.Fatal(err)
		}
		return [32]byte(h.Sum(nil))
	}
	if hash(5000, 7) != hash(5000, 7) || hash(5000, 7) == hash(5000, 8) {
		t.Error("the same seed does not give the same file, or another seed does")
	}
	var small bytes.Buffer
	if err := WriteOrdersFile(&small, 3000, 1); err != nil {
		t.Fatal(err)
	}
	rs := rows(t, small.Bytes())
	if len(rs) != 3000 || rs[0].Get("amazon-order-id") == "" || rs[2999].Get("sales-channel") != "Amazon.com" {
		t.Fatalf("%d lines", len(rs))
	}
	seen := map[string]bool{}
	for _, r := range rs {
		key := r.Get("amazon-order-id") + " " + r.Get("sku")
		if seen[key] {
			t.Fatalf("%s twice", key)
		}
		seen[key] = true
	}

	var count lineCounter
	cpu := cpuTime()
	start := time.Now()
	if err := WriteOrdersFile(&count, 1_000_000, 1); err != nil {
		t.Fatal(err)
	}
	wall, used := time.Since(start), cpuTime()-cpu
	if count.lines != 1_000_001 {
		t.Fatalf("%d lines with the header, want 1,000,001", count.lines)
	}
	t.Logf("WriteOrdersFile: 1,000,000 lines, %d MB in %v wall (%.0f lines/s), %v CPU (%.0f lines/s)",
		count.bytes>>20, wall.Round(time.Millisecond), 1e6/wall.Seconds(), used.Round(time.Millisecond), 1e6/used.Seconds())
}

type lineCounter struct{ lines, bytes int }

func (c *lineCounter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte{'\n'})
	c.bytes += len(p)
	return len(p), nil
}

// cpuTime is the process's CPU time so far: on a busy machine the wall clock says little of the generator's speed.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// A price set through patchListingsItem is the one the listings report gives from then on; the least price
// Amazon accepts stays half the world's.
func TestListingsReportGivesThePriceSetThroughTheAPI(t *testing.T) {
	w := New(time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC))
	l := w.Listings(amazontest.DefaultSeller, US)[0]
	price, minimum, currency, ok := w.Offer(amazontest.DefaultSeller, US, l.SellerSKU)
	if !ok || !price.Equal(l.Price) || currency != "USD" || !minimum.IsPositive() || !minimum.LessThan(price) {
		t.Fatalf("offer %s %s %s %v of %+v", price, minimum, currency, ok, l)
	}
	w.SetOfferPrice(amazontest.DefaultSeller, US, l.SellerSKU, decimal.RequireFromString("12.34"))
	if got := w.Listings(amazontest.DefaultSeller, US)[0]; got.SellerSKU != l.SellerSKU || got.Price.String() != "12.34" {
		t.Fatalf("the report gives %s %s", got.SellerSKU, got.Price)
	}
	if !strings.Contains(string(content(t, w, amazontest.DefaultSeller, ListingsReport, []string{US}, w.First, w.Now)), l.SellerSKU+"\t12.34\t") {
		t.Fatal("the report file does not give the new price")
	}
	if _, _, _, ok := w.Offer(amazontest.DefaultSeller, US, "NO-SUCH-SKU"); ok {
		t.Fatal("an unknown SKU has an offer")
	}
}
