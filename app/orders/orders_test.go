package orders_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/core"
	"sellerhub/app/orders"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	ordersdb "sellerhub/models/orders"
	storesdb "sellerhub/models/stores"
)

var beijing, _ = time.LoadLocation("Asia/Shanghai")

// service is the orders service with its clock at now.
func (s *shop) service(now time.Time) *orders.Service {
	return orders.New(s.db, func() time.Time { return now }, beijing)
}

// list reads every order the query finds, as an export does.
func (s *shop) list(t *testing.T, p core.Principal, q orders.OrderQuery, today bool) []ordersdb.OrderRow {
	t.Helper()
	q.WholeQuery()
	svc := s.service(today0)
	read := svc.OrderPage
	if today {
		read = svc.TodayPage
	}
	rows, total, _, err := read(context.Background(), p, q)
	must(t, err)
	if n, more := models.SplitTotal(total); more || n != int64(len(rows)) {
		t.Fatalf("total %d (more %v) for %d rows", n, more, len(rows))
	}
	return rows
}

// today0 is the moment 今日订单 is asked at: late on the last day of the import in UTC, so that North America's
// and Europe's today is 19 March and Beijing's is already 20 March.
var today0 = today.Add(-time.Hour)

// truth is the ids of the imported orders that pass keep, from the files.
func (s *shop) truth(keep func(l sellerdata.OrderLine) bool) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range s.orders {
		if !seen[l.AmazonOrderID] && keep(l) {
			seen[l.AmazonOrderID] = true
			out = append(out, l.AmazonOrderID)
		}
	}
	slices.Sort(out)
	return out
}

func ids(rows []ordersdb.OrderRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.AmazonOrderID
	}
	slices.Sort(out)
	return out
}

// localDay is the day of t in the marketplace's zone.
func localDay(t time.Time, marketplace string) string {
	loc, _ := storesdb.MarketplaceZone(marketplace)
	return t.In(loc).Format(time.DateOnly)
}

func between(day, from, to string) bool { return day >= from && day <= to }

func sameIDs(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: %d orders, want %d", what, len(got), len(want))
	}
}

// A date range counts each marketplace's days in its own zone (Pacific for North America) or Beijing's, as
// switched: exactly the orders the files say were bought on those days, newest first, and the two differ.
func TestOrdersOfADateRangeInEitherZone(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		from, to := today.AddDate(0, 0, -8).Format(time.DateOnly), today.AddDate(0, 0, -2).Format(time.DateOnly)
		local := s.list(t, s.owner, orders.OrderQuery{StartDate: from, EndDate: to}, false)
		wantLocal := s.truth(func(l sellerdata.OrderLine) bool { return between(localDay(l.PurchaseDate, l.MarketplaceID), from, to) })
		sameIDs(t, "marketplace days", ids(local), wantLocal)
		for i := 1; i < len(local); i++ {
			if local[i].PurchaseDate.After(local[i-1].PurchaseDate) {
				t.Fatalf("row %d bought after row %d: not newest first", i, i-1)
			}
		}
		bj := s.list(t, s.owner, orders.OrderQuery{StartDate: from, EndDate: to, Zone: orders.ZoneBeijing}, false)
		wantBJ := s.truth(func(l sellerdata.OrderLine) bool {
			return between(l.PurchaseDate.In(beijing).Format(time.DateOnly), from, to)
		})
		sameIDs(t, "Beijing days", ids(bj), wantBJ)
		if slices.Equal(wantLocal, wantBJ) {
			t.Fatal("the zones select the same orders: the fixture proves nothing")
		}
		us := s.list(t, s.owner, orders.OrderQuery{StartDate: from, EndDate: to, MarketplaceID: "ATVPDKIKX0DER"}, false)
		sameIDs(t, "US days", ids(us), s.truth(func(l sellerdata.OrderLine) bool {
			return l.MarketplaceID == "ATVPDKIKX0DER" && between(localDay(l.PurchaseDate, l.MarketplaceID), from, to)
		}))

		_, _, _, err := s.service(today0).OrderPage(context.Background(), s.owner, orders.OrderQuery{Zone: "utc"})
		if err == nil || !strings.Contains(err.Error(), orders.MsgZoneBad) {
			t.Fatalf("zone utc: %v, want %s", err, orders.MsgZoneBad)
		}
		_, _, _, err = s.service(today0).OrderPage(context.Background(), s.owner, orders.OrderQuery{StartDate: "3月1日"})
		if err == nil || !strings.Contains(err.Error(), core.MsgDateBad) {
			t.Fatalf("a date that is not one: %v, want %s", err, core.MsgDateBad)
		}

		other := &accountsdb.User{Account: "13800000072", PasswordHash: "x"}
		must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "别家"}, other))
		if rows := s.list(t, core.Principal{UserID: other.ID, CompanyID: other.CompanyID}, orders.OrderQuery{}, false); len(rows) != 0 {
			t.Fatalf("another company sees %d orders", len(rows))
		}
	})
}

// Status, channel and the start of an order id, SKU or ASIN narrow the list to exactly the orders the files say.
func TestOrderFilters(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		all := func(sellerdata.OrderLine) bool { return true }
		sameIDs(t, "all", ids(s.list(t, s.owner, orders.OrderQuery{}, false)), s.truth(all))
		sameIDs(t, "cancelled", ids(s.list(t, s.owner, orders.OrderQuery{Status: "Cancelled"}, false)),
			s.truth(func(l sellerdata.OrderLine) bool { return l.OrderStatus == "Cancelled" }))
		sameIDs(t, "FBM", ids(s.list(t, s.owner, orders.OrderQuery{Channel: "Merchant"}, false)),
			s.truth(func(l sellerdata.OrderLine) bool { return l.FulfillmentChannel == "Merchant" }))
		pick := s.orders[len(s.orders)/2]
		sameIDs(t, "order id", ids(s.list(t, s.owner, orders.OrderQuery{Search: pick.AmazonOrderID}, false)), []string{pick.AmazonOrderID})
		prefix := pick.AmazonOrderID[:5]
		sameIDs(t, "order id start", ids(s.list(t, s.owner, orders.OrderQuery{Search: prefix}, false)),
			s.truth(func(l sellerdata.OrderLine) bool { return strings.HasPrefix(l.AmazonOrderID, prefix) }))
		sameIDs(t, "SKU", ids(s.list(t, s.owner, orders.OrderQuery{Search: pick.SKU}, false)),
			s.truth(func(l sellerdata.OrderLine) bool { return strings.HasPrefix(l.SKU, pick.SKU) }))
		sameIDs(t, "ASIN", ids(s.list(t, s.owner, orders.OrderQuery{Search: pick.ASIN, Channel: pick.FulfillmentChannel}, false)),
			s.truth(func(l sellerdata.OrderLine) bool {
				return l.ASIN == pick.ASIN && l.FulfillmentChannel == pick.FulfillmentChannel
			}))
		if rows := s.list(t, s.owner, orders.OrderQuery{Search: pick.AmazonOrderID[1:]}, false); len(rows) != 0 {
			t.Fatalf("the middle of an order id found %d orders", len(rows))
		}
	})
}

// A user limited to the European store group sees its orders and refunds only, and no North American order's
// detail.
func TestStoreGroupLimitedUserSeesOnlyItsStores(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		clerk := &accountsdb.User{CompanyID: s.owner.CompanyID, Account: "13800000073", PasswordHash: "x"}
		must(t, db.Create(clerk).Error)
		must(t, storesdb.SetUserStoreGroups(db, s.owner.CompanyID, clerk.ID, []int64{s.eu.GroupID}))
		p := core.Principal{UserID: clerk.ID, CompanyID: s.owner.CompanyID}
		europe := func(l sellerdata.OrderLine) bool {
			return l.MarketplaceID == "A1F83G8C2ARO7P" || l.MarketplaceID == "A1PA6795UKMFR9"
		}
		sameIDs(t, "limited user", ids(s.list(t, p, orders.OrderQuery{}, false)), s.truth(europe))
		sameIDs(t, "limited user asking for the other store", ids(s.list(t, p, orders.OrderQuery{GroupID: idText(s.na.GroupID)}, false)), nil)
		na := s.list(t, s.owner, orders.OrderQuery{MarketplaceID: "ATVPDKIKX0DER"}, false)[0]
		if _, err := s.service(today0).Order(context.Background(), p, idText(na.ID)); !isNotFound(err) {
			t.Fatalf("a North American order's detail to the European clerk: %v", err)
		}
		refunds, _, _, err := s.service(today0).RefundPage(context.Background(), p, orders.OrderQuery{})
		must(t, err)
		if len(refunds) != 0 {
			t.Fatalf("the European clerk sees %d North American refunds", len(refunds))
		}
	})
}

// 今日订单 are the orders of today in each marketplace's zone, or in Beijing's, newest first.
func TestTodaysOrders(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		got := s.list(t, s.owner, orders.OrderQuery{}, true)
		sameIDs(t, "today in the marketplaces", ids(got), s.truth(func(l sellerdata.OrderLine) bool {
			return localDay(l.PurchaseDate, l.MarketplaceID) == localDay(today0, l.MarketplaceID)
		}))
		bj := s.list(t, s.owner, orders.OrderQuery{Zone: orders.ZoneBeijing, StartDate: "2020-01-01"}, true)
		sameIDs(t, "today in Beijing", ids(bj), s.truth(func(l sellerdata.OrderLine) bool {
			return l.PurchaseDate.In(beijing).Format(time.DateOnly) == today0.In(beijing).Format(time.DateOnly)
		}))
		if len(got) == 0 || len(bj) == 0 {
			t.Fatalf("today: %d and %d orders", len(got), len(bj))
		}
	})
}

// TestOrdersFollowTheCompanyDay: with no zone asked, 今日订单 and 订单管理's dates count the day the company chose
// (公司设置): each marketplace's own until it chooses Beijing's, then Beijing's.
func TestOrdersFollowTheCompanyDay(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		must(t, accountsdb.SaveCompanySetting(db, accountsdb.CompanySetting{CompanyID: s.owner.CompanyID,
			DayZone: accountsdb.DayZoneBeijing, UpdatedAt: today0}))
		bjToday := today0.In(beijing).Format(time.DateOnly)
		want := s.truth(func(l sellerdata.OrderLine) bool { return l.PurchaseDate.In(beijing).Format(time.DateOnly) == bjToday })
		marketToday := s.truth(func(l sellerdata.OrderLine) bool {
			return localDay(l.PurchaseDate, l.MarketplaceID) == localDay(today0, l.MarketplaceID)
		})
		if len(want) == 0 || slices.Equal(want, marketToday) {
			t.Fatalf("Beijing's today holds %d orders, the marketplaces' %d: nothing to tell apart", len(want), len(marketToday))
		}
		sameIDs(t, "today in the company's day", ids(s.list(t, s.owner, orders.OrderQuery{}, true)), want)
		sameIDs(t, "the order list's dates in the company's day",
			ids(s.list(t, s.owner, orders.OrderQuery{StartDate: bjToday, EndDate: bjToday}, false)), want)
		// A zone asked still wins.
		sameIDs(t, "today in the marketplaces, asked", ids(s.list(t, s.owner, orders.OrderQuery{Zone: orders.ZoneMarketplace}, true)), marketToday)
	})
}

// An order's detail has its items as the file states them and what its settlements booked, summed per
// currency to the settlement files' own sum of the order's lines.
func TestOrderDetailWithItemsAndSettledFees(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		booked := map[string]decimal.Decimal{}
		for _, f := range s.settlements {
			for _, l := range f.Lines {
				if l.OrderID != "" {
					booked[l.OrderID] = booked[l.OrderID].Add(l.Amount)
				}
			}
		}
		var pick ordersdb.OrderRow
		for _, r := range s.list(t, s.owner, orders.OrderQuery{Status: "Shipped", GroupID: idText(s.na.GroupID)}, false) {
			if _, ok := booked[r.AmazonOrderID]; ok {
				pick = r
				break
			}
		}
		if pick.ID == 0 {
			t.Fatal("no settled North American order in the fixture")
		}
		d, err := s.service(today0).Order(context.Background(), s.owner, idText(pick.ID))
		must(t, err)
		var lines int
		for _, l := range s.orders {
			if l.AmazonOrderID == pick.AmazonOrderID {
				lines++
				i := slices.IndexFunc(d.Items, func(it amazondatadb.AmazonOrderItem) bool { return it.SKU == l.SKU })
				if i < 0 || !d.Items[i].ItemPrice.Equal(l.ItemPrice) || !d.Items[i].ItemTax.Equal(l.ItemTax) ||
					!d.Items[i].ItemPromotionDiscount.Equal(l.ItemPromotionDiscount) {
					t.Fatalf("item %s: %+v, want %+v", l.SKU, d.Items, l)
				}
			}
		}
		if len(d.Items) != lines || len(d.Fees) == 0 || len(d.Settled) != 1 || d.Settled[0].Currency != pick.Currency ||
			!d.Settled[0].Amount.Equal(booked[pick.AmazonOrderID]) {
			t.Fatalf("detail: %d items (want %d), %d fees, settled %+v, want %s", len(d.Items), lines, len(d.Fees), d.Settled, booked[pick.AmazonOrderID])
		}
		if _, err := s.service(today0).Order(context.Background(), s.owner, "12x"); !isNotFound(err) {
			t.Fatalf("an id that is not one: %v", err)
		}
	})
}

// 退款订单 lists each refund of the settlements once, with what the buyer got back, the net of its lines, and
// the reason of the return of the order's SKU where one came in.
func TestRefundsWithReturnReasons(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		type key struct{ settlement, order, adjustment, sku string }
		net, refunded := map[key]decimal.Decimal{}, map[key]decimal.Decimal{}
		for _, f := range s.settlements {
			for _, l := range f.Lines {
				if l.TransactionType != "Refund" {
					continue
				}
				k := key{f.SettlementID, l.OrderID, l.AdjustmentID, l.SKU}
				net[k] = net[k].Add(l.Amount)
				if l.AmountType == "ItemPrice" || l.AmountType == "Promotion" {
					refunded[k] = refunded[k].Add(l.Amount)
				}
			}
		}
		reason := map[[2]string]string{}
		for _, r := range s.returns {
			if k := [2]string{r.OrderID, r.SKU}; r.Reason > reason[k] {
				reason[k] = r.Reason
			}
		}
		q := orders.OrderQuery{}
		q.WholeQuery()
		rows, total, _, err := s.service(today0).RefundPage(context.Background(), s.owner, q)
		must(t, err)
		if len(rows) != len(net) || total != int64(len(net)) || len(net) == 0 {
			t.Fatalf("%d refunds (total %d), want %d", len(rows), total, len(net))
		}
		reasons := 0
		for i, r := range rows {
			k := key{r.SettlementID, r.OrderID, r.AdjustmentID, r.SKU}
			if !r.Net.Equal(net[k]) || !r.Refunded.Equal(refunded[k]) || r.Reason != reason[[2]string{r.OrderID, r.SKU}] {
				t.Fatalf("refund %+v: net %s refunded %s reason %q", r, net[k], refunded[k], reason[[2]string{r.OrderID, r.SKU}])
			}
			if r.Reason != "" {
				reasons++
			}
			if i > 0 && r.PostedDate.After(*rows[i-1].PostedDate) {
				t.Fatalf("refund %d posted after refund %d: not latest first", i, i-1)
			}
		}
		if reasons == 0 {
			t.Fatal("no refund with a return reason: the fixture proves nothing")
		}
	})
}

func idText(id int64) string { return decimal.NewFromInt(id).String() }

func isNotFound(err error) bool {
	var e *core.Error
	return errors.As(err, &e) && e.Kind == core.KindNotFound
}

// A row of a multi-item order says what it is: found by a SKU, the searched SKU with its own units and item price
// and the count of the order's other SKUs, so that a SKU's rows sum to what it sold; without a search, the order's
// first SKU with its own figures. The order's totals stay on the row (Quantity, ItemPrice). On main a row showed
// its first SKU beside the whole order's units and amount.
func TestARowStandsForItsSKU(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		type sold struct {
			units int
			price decimal.Decimal
		}
		bySKU := map[string]map[string]*sold{}
		totals := map[string]*sold{}
		for _, l := range s.orders {
			if bySKU[l.AmazonOrderID] == nil {
				bySKU[l.AmazonOrderID], totals[l.AmazonOrderID] = map[string]*sold{}, &sold{}
			}
			if bySKU[l.AmazonOrderID][l.SKU] == nil {
				bySKU[l.AmazonOrderID][l.SKU] = &sold{}
			}
			for _, to := range []*sold{bySKU[l.AmazonOrderID][l.SKU], totals[l.AmazonOrderID]} {
				to.units += l.Quantity
				to.price = to.price.Add(l.ItemPrice)
			}
		}
		// A SKU sold in an order with others, and not first of its SKUs, so that neither way shows it by chance.
		var pick sellerdata.OrderLine
		for _, l := range s.orders {
			skus := bySKU[l.AmazonOrderID]
			first := l.SKU
			for sku := range skus {
				first = min(first, sku)
			}
			if len(skus) > 1 && first != l.SKU {
				pick = l
				break
			}
		}
		if pick.SKU == "" {
			t.Fatal("fixture: no order of several SKUs")
		}
		rows := s.list(t, s.owner, orders.OrderQuery{Search: pick.SKU}, false)
		units, wantUnits := 0, 0
		for _, skus := range bySKU {
			if v := skus[pick.SKU]; v != nil {
				wantUnits += v.units
			}
		}
		seen := false
		for _, r := range rows {
			own, total := bySKU[r.AmazonOrderID][r.SKU], totals[r.AmazonOrderID]
			if own == nil || !strings.HasPrefix(r.SKU, pick.SKU) {
				t.Fatalf("order %s: row shows %q for a search of %s", r.AmazonOrderID, r.SKU, pick.SKU)
			}
			if r.SKUQuantity != own.units || !r.SKUItemPrice.Equal(own.price) || r.OtherSKUs != len(bySKU[r.AmazonOrderID])-1 {
				t.Fatalf("order %s %s: %d %s +%d SKU, want %d %s +%d", r.AmazonOrderID, r.SKU, r.SKUQuantity, r.SKUItemPrice,
					r.OtherSKUs, own.units, own.price, len(bySKU[r.AmazonOrderID])-1)
			}
			if r.Quantity != total.units || !r.ItemPrice.Equal(total.price) {
				t.Fatalf("order %s: order total %d %s, want %d %s", r.AmazonOrderID, r.Quantity, r.ItemPrice, total.units, total.price)
			}
			units += r.SKUQuantity
			seen = seen || r.AmazonOrderID == pick.AmazonOrderID
		}
		if !seen || units != wantUnits {
			t.Fatalf("the search of %s: its rows sum to %d units, it sold %d (the picked order listed: %v)", pick.SKU, units, wantUnits, seen)
		}
		// Without a search the row stands for the order's first SKU.
		for _, r := range s.list(t, s.owner, orders.OrderQuery{Search: pick.AmazonOrderID}, false) {
			first := ""
			for sku := range bySKU[r.AmazonOrderID] {
				if first == "" || sku < first {
					first = sku
				}
			}
			own := bySKU[r.AmazonOrderID][first]
			if r.SKU != first || r.SKUQuantity != own.units || !r.SKUItemPrice.Equal(own.price) {
				t.Fatalf("order %s unsearched: %s %d %s, want %s %d %s", r.AmazonOrderID, r.SKU, r.SKUQuantity, r.SKUItemPrice, first, own.units, own.price)
			}
		}
	})
}
