package orders_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	ordersdb "sellerhub/models/orders"
	storesdb "sellerhub/models/stores"
)

// searchShop is a company whose first seller account sold 2,100 orders of two lamps each (SKUs LAMP-00 to
// LAMP-06, ASINs B0LAMP00 to B0LAMP06: 4,200 items, more than a search gathers), one in ten cancelled, and whose
// second sold 2,100 orders of one desk in Canada (more than a search tests one by one), sold under its ASIN as
// its SKU; a lamp order an hour from 1 October 2026, three desk orders an hour (orders of the same time sort by id).
type searchShop struct {
	owner  *accountsdb.User
	lamps  *storesdb.Seller
	desks  *storesdb.Seller
	orders []searchOrder
}

// searchOrder is what the test knows of an order: enough to say which filters pass it and where it sorts.
type searchOrder struct {
	id     string
	dbID   int64
	market string
	status string
	at     time.Time
	skus   []string
	asins  []string
}

func newSearchShop(t *testing.T, db *models.DB) *searchShop {
	t.Helper()
	owner := dbtest.NewCompany(t, db, "甲", "13800000001")
	lamps, desks := dbtest.Seller(t, db, owner, "灯具店", "A1LAMPS"), dbtest.Seller(t, db, owner, "书桌店", "A1DESKS")
	shop := &searchShop{owner: owner, lamps: lamps, desks: desks}
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	var orders []amazondatadb.AmazonOrder
	var items []amazondatadb.AmazonOrderItem
	add := func(s *storesdb.Seller, o searchOrder) {
		orders = append(orders, amazondatadb.AmazonOrder{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
			MarketplaceID: o.market, AmazonOrderID: o.id, PurchaseDate: o.at, LastUpdatedDate: o.at,
			OrderStatus: o.status, FulfillmentChannel: "Amazon"})
		for k, sku := range o.skus {
			items = append(items, amazondatadb.AmazonOrderItem{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
				MarketplaceID: o.market, AmazonOrderID: o.id, SKU: sku, ASIN: o.asins[k], PurchaseDate: o.at,
				OrderStatus: o.status, Quantity: 1, Currency: "USD"})
		}
		shop.orders = append(shop.orders, o)
	}
	for i := range 2100 {
		o := searchOrder{id: fmt.Sprintf("111-%07d-0000001", i), market: "ATVPDKIKX0DER", status: "Shipped",
			at: start.Add(time.Duration(i) * time.Hour)}
		if i%10 == 0 {
			o.status = "Cancelled"
		}
		for _, k := range []int{i % 7, (i + 1) % 7} {
			o.skus, o.asins = append(o.skus, fmt.Sprintf("LAMP-%02d", k)), append(o.asins, fmt.Sprintf("B0LAMP%02d", k))
		}
		add(lamps, o)
	}
	for i := range 2100 {
		add(desks, searchOrder{id: fmt.Sprintf("702-%07d-0000001", i), market: "A2EUQ1WTGCTBG2", status: "Shipped",
			at: start.Add(time.Duration(i/3)*time.Hour + time.Minute), skus: []string{"B0DESK01"}, asins: []string{"B0DESK01"}})
	}
	// The items are written after their orders and in the reverse order, so that an index's equal dates of items
	// hold them in another order than their orders' ids.
	slices.Reverse(items)
	if _, err := amazondatadb.UpsertAmazonOrders(db, orders, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := amazondatadb.UpsertAmazonOrders(db, nil, items); err != nil {
		t.Fatal(err)
	}
	var stored []struct {
		ID            int64
		AmazonOrderID string
	}
	if err := db.Table("amazon_orders").Where("company_id = ?", owner.CompanyID).Find(&stored).Error; err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, o := range stored {
		ids[o.AmazonOrderID] = o.ID
	}
	for i := range shop.orders {
		shop.orders[i].dbID = ids[shop.orders[i].id]
	}
	// The planners' statistics of the tables as the product runs with them (PostgreSQL's autovacuum, SQLite's
	// periodic refresh): never analyzed, PostgreSQL read every item per order for a gathered search's count.
	stats := db.Exec("ANALYZE").Error
	if db.Driver == dbtest.SQLite {
		stats = db.RefreshPlannerStatistics(context.Background())
	}
	if stats != nil {
		t.Fatal(stats)
	}
	return shop
}

// version is the shop's data as the user reads it, which a search's far pages keep their marks at.
func (s *searchShop) version(t *testing.T, db *models.DB, userID int64) models.ListVersion {
	t.Helper()
	generation, groups, err := db.SalesVersion(s.owner.CompanyID, userID)
	if err != nil {
		t.Fatal(err)
	}
	return models.ListVersion{Generation: generation, Groups: groups}
}

// clerk creates a user of the shop's company limited to the given sellers' store groups.
func (s *searchShop) clerk(t *testing.T, db *models.DB, account string, stores ...*storesdb.Seller) *accountsdb.User {
	t.Helper()
	u := &accountsdb.User{CompanyID: s.owner.CompanyID, Account: account, PasswordHash: "x"}
	if err := accountsdb.CreateUser(db, u); err != nil {
		t.Fatal(err)
	}
	var groups []int64
	for _, st := range stores {
		groups = append(groups, st.GroupID)
	}
	if err := storesdb.SetUserStoreGroups(db, s.owner.CompanyID, u.ID, groups); err != nil {
		t.Fatal(err)
	}
	return u
}

// statement is a query a test saw run, with its values, to be explained.
type statement struct {
	sql  string
	vars []any
}

// recorded keeps the queries run on db whose text keep accepts, in the slice it returns (which the test may empty
// between steps).
func recorded(t *testing.T, db *models.DB, name string, keep func(sql string) bool) *[]statement {
	t.Helper()
	read := &[]statement{}
	err := db.Callback().Query().After("gorm:query").Register(name, func(g *gorm.DB) {
		if sql := g.Statement.SQL.String(); keep(sql) {
			*read = append(*read, statement{sql, slices.Clone(g.Statement.Vars)})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return read
}

// want is the order ids the filter passes, newest first unless the filter asks for oldest.
func (s *searchShop) want(f ordersdb.OrderFilter) []string {
	var passed []searchOrder
	for _, o := range s.orders {
		match := strings.HasPrefix(o.id, f.Search)
		for k := range o.skus {
			match = match || strings.HasPrefix(o.skus[k], f.Search) || strings.HasPrefix(o.asins[k], f.Search)
		}
		inPeriod := len(f.Periods) == 0
		for _, p := range f.Periods {
			inPeriod = inPeriod || !o.at.Before(p.From) && o.at.Before(p.To)
		}
		if match && inPeriod && (f.Status == "" || o.status == f.Status) &&
			(f.MarketplaceID == "" || o.market == f.MarketplaceID) {
			passed = append(passed, o)
		}
	}
	slices.SortFunc(passed, func(a, b searchOrder) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return cmp.Compare(b.dbID, a.dbID)
	})
	if f.OrderBy == "purchase_date" && !f.Desc {
		slices.Reverse(passed)
	}
	ids := make([]string, len(passed))
	for i, o := range passed {
		ids[i] = o.id
	}
	return ids
}

// TestOrderSearchEitherWay searches 订单管理 gathered, tested over few orders and tested over many (listed from the
// indexes' matches below the cap): each way lists, page by page and next to a row, the orders a plain reading finds,
// and counts them exactly below the cap and as more past it, on both databases; an order matched twice counts once.
func TestOrderSearchEitherWay(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		day := time.Date(2026, 10, 20, 0, 0, 0, 0, time.UTC)
		oneDay := []ordersdb.Period{{From: day, To: day.AddDate(0, 0, 1)}}
		for _, c := range []struct {
			name string
			f    ordersdb.OrderFilter
			plan int
			// firsts: each index matches one value, and a tested search's first pages are read from its matches
			// (searchedFirsts).
			firsts bool
		}{
			{"a SKU of 600 orders", ordersdb.OrderFilter{Search: "LAMP-03"}, ordersdb.SearchGathered, true},
			{"an order id", ordersdb.OrderFilter{Search: "111-0000700"}, ordersdb.SearchGathered, true},
			{"a SKU prefix of every lamp", ordersdb.OrderFilter{Search: "LAMP-"}, ordersdb.SearchTested, false},
			{"an ASIN prefix of every lamp", ordersdb.OrderFilter{Search: "B0LAMP"}, ordersdb.SearchTested, false},
			{"an order id prefix of every lamp", ordersdb.OrderFilter{Search: "111-"}, ordersdb.SearchTested, false},
			{"every lamp, one day", ordersdb.OrderFilter{Search: "LAMP-", Periods: oneDay}, ordersdb.SearchTestedFew, false},
			{"every lamp, cancelled", ordersdb.OrderFilter{Search: "LAMP-", Status: "Cancelled"}, ordersdb.SearchTestedFew, false},
			{"a desk by the ASIN that is its SKU too", ordersdb.OrderFilter{Search: "B0DESK"}, ordersdb.SearchTested, true},
			{"a desk, oldest first", ordersdb.OrderFilter{Search: "B0DESK01", OrderBy: "purchase_date"}, ordersdb.SearchTested, true},
			{"a desk, shipped, newest first", ordersdb.OrderFilter{Search: "B0DESK01", Status: "Shipped", OrderBy: "purchase_date", Desc: true}, ordersdb.SearchTested, true},
			{"a desk in the US, where none sold", ordersdb.OrderFilter{Search: "B0DESK01", MarketplaceID: "ATVPDKIKX0DER"}, ordersdb.SearchTested, true},
			{"every lamp, shipped", ordersdb.OrderFilter{Search: "LAMP-", Status: "Shipped"}, ordersdb.SearchTested, false},
			{"every lamp in Canada, where none sold", ordersdb.OrderFilter{Search: "LAMP-", MarketplaceID: "A2EUQ1WTGCTBG2"}, ordersdb.SearchTested, false},
		} {
			f := c.f
			f.UserID = shop.owner.ID
			want := shop.want(f)
			if plan, err := ordersdb.SearchPlan(db, shop.owner.CompanyID, f); err != nil || plan != c.plan {
				t.Fatalf("%s: searched by plan %d (%v), want %d", c.name, plan, err, c.plan)
			}
			for _, limit := range []int{1000, 3000, 5000} {
				low := dbtest.Capped(db, limit)
				wantTotal := int64(len(want))
				if len(want) > limit {
					wantTotal = models.MoreThan(int64(limit))
				}
				if n, err := ordersdb.OrderCount(low, shop.owner.CompanyID, f); err != nil || n != wantTotal {
					t.Fatalf("%s, cap %d: counted %d (%v), want %d", c.name, limit, n, err, wantTotal)
				}
			}
			if firsts, err := ordersdb.SearchFirsts(db, shop.owner.CompanyID, f, 101); err != nil || firsts != c.firsts {
				t.Fatalf("%s: first pages read from its one value's matches %v (%v), want %v", c.name, firsts, err, c.firsts)
			}
			// Paged under the tests' cap (every tested search counted), a one-value search under the product's (read
			// from its matches) and under a cap of 100 (walked past the 1,000th row), and at the data's version from
			// the marks kept by the pages before, 70 orders apart (inside runs of three desk orders of one time).
			type paging struct {
				limit int
				marks bool
			}
			caps := []paging{{}}
			if c.firsts && c.plan == ordersdb.SearchTested {
				caps = append(caps, paging{limit: 1000}, paging{limit: 100}, paging{limit: 1000, marks: true})
			}
			for _, way := range caps {
				lists, wantTotal := db, int64(len(want))
				if limit := way.limit; limit > 0 {
					lists = dbtest.Capped(db, limit)
					if len(want) > limit {
						wantTotal = models.MoreThan(int64(limit))
					}
				}
				f.Version = models.ListVersion{}
				if way.marks {
					lists = lists.WithJumpStride(70)
					f.Version = shop.version(t, db, shop.owner.ID)
				}
				var got []string
				var anchor models.Anchor
				var total int64
				// Pages of 100: the 101 orders a page reads end inside a run of three desk orders of one time.
				for offset := 0; offset < len(want) || offset == 0; offset += 100 {
					f.Offset, f.Limit, f.Anchor, f.Total = offset, 100, anchor, 0
					if offset%300 == 100 {
						// Some pages are asked with the total the first page gave, as the pager keeps it.
						f.Total = total
					}
					rows, n, err := ordersdb.OrderPage(lists, shop.owner.CompanyID, f)
					if err != nil {
						t.Fatal(err)
					}
					if offset == 0 {
						if total = n; n != wantTotal {
							t.Fatalf("%s: the first page's total is %d, want %d", c.name, n, wantTotal)
						}
					}
					for _, r := range rows {
						got = append(got, r.AmazonOrderID)
					}
					if len(rows) > 0 && offset%200 == 0 {
						// Every other page is asked next to the last row of the one before, as 下一页 does.
						anchor = models.Anchor{After: rows[len(rows)-1].ID}
					} else {
						anchor = models.Anchor{}
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s (%+v): listed %d orders %v..., want %d %v...", c.name, way, len(got), got[:min(5, len(got))],
						len(want), want[:min(5, len(want))])
				}
			}
		}
	})
}

// A search beside a marketplace filter reads that marketplace's items on the index of marketplace and SKU (migration
// 00050): lamps in Canada, where none sold, are none at once, where the SKUs' index read each item for its
// marketplace. Each statement reading the items by SKU under the filter is explained on both databases.
func TestSearchBesideAMarketplaceReadsItsSKUs(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		read := recorded(t, db, "test:item searches", func(sql string) bool {
			return strings.Contains(sql, "amazon_order_items i") && strings.Contains(sql, "i.marketplace_id = ") &&
				strings.Contains(sql, "i.sku")
		})
		f := ordersdb.OrderFilter{UserID: shop.owner.ID, Search: "LAMP-", MarketplaceID: "A2EUQ1WTGCTBG2", Limit: 20}
		if n, err := ordersdb.OrderCount(db, shop.owner.CompanyID, f); err != nil || n != 0 {
			t.Fatalf("every lamp in Canada: counted %d (%v), want 0", n, err)
		}
		if rows, n, err := ordersdb.OrderPage(db, shop.owner.CompanyID, f); err != nil || n != 0 || len(rows) != 0 {
			t.Fatalf("every lamp in Canada: %d rows of %d (%v), want none", len(rows), n, err)
		}
		if len(*read) == 0 {
			t.Fatal("no statement read the items by SKU under the marketplace")
		}
		for _, s := range *read {
			if p := dbtest.Explained(t, db, s.sql, s.vars); !strings.Contains(p, "amazon_order_items_company_market_sku") {
				t.Errorf("the items read without the index of marketplace and SKU:\n%s\n%s", s.sql, p)
			}
		}
	})
}

// A search beside a store filter, or by a user limited to stores, reads those stores' ranges of the items' SKUs
// (migration 00052): the desks' clerk and a clerk of the desks and another store searching every lamp, of which
// they may see none, and the owner searching them beside the desks' store, count none and list nothing, and every
// statement reading the items by SKU under the stores is explained and must read that index.
func TestSearchBesideAStoreReadsItsSKUs(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		read := recorded(t, db, "test:item searches of a store", func(sql string) bool {
			return strings.Contains(sql, "amazon_order_items i") && strings.Contains(sql, "i.sku") &&
				(strings.Contains(sql, "i.group_id = ") || strings.Contains(sql, "i.group_id IN "))
		})
		clerk := shop.clerk(t, db, "13800000029", shop.desks)
		clerkOfTwo := shop.clerk(t, db, "13800000049", shop.desks, dbtest.Seller(t, db, shop.owner, "杂货店", "A1OTHERS"))
		for _, f := range []ordersdb.OrderFilter{
			{UserID: clerk.ID, Search: "LAMP-"},
			{UserID: clerkOfTwo.ID, Search: "LAMP-"},
			{UserID: shop.owner.ID, GroupID: shop.desks.GroupID, Search: "LAMP-"},
		} {
			*read = nil
			f.Limit, f.Version = 20, shop.version(t, db, f.UserID)
			if n, err := ordersdb.OrderCount(db, shop.owner.CompanyID, f); err != nil || n != 0 {
				t.Fatalf("every lamp in the desks' store (user %d): counted %d (%v), want 0", f.UserID, n, err)
			}
			if rows, n, err := ordersdb.OrderPage(db, shop.owner.CompanyID, f); err != nil || n != 0 || len(rows) != 0 {
				t.Fatalf("every lamp in the desks' store (user %d): %d rows of %d (%v), want none", f.UserID, len(rows), n, err)
			}
			if len(*read) == 0 {
				t.Fatalf("user %d: no statement read the items by SKU under the store", f.UserID)
			}
			for _, s := range *read {
				if p := dbtest.Explained(t, db, s.sql, s.vars); !strings.Contains(p, "amazon_order_items_company_group_sku") {
					t.Errorf("the items read without the index of store and SKU:\n%s\n%s", s.sql, p)
				}
			}
		}
	})
}

// 订单号 order beside a store or a marketplace filter, or for a user limited to one store, reads that range of
// migration 00051's indexes, not every order before it on the order ids' index. The desks' store and Canada (ids
// 702-, after the lamps' 111-) are paged both ways; each page's statement is explained on both databases.
func TestOrdersByOrderIDOfAStoreOrMarketplaceReadTheirRange(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		read := recorded(t, db, "test:order id pages", func(sql string) bool {
			return strings.Contains(sql, "ORDER BY amazon_orders.amazon_order_id")
		})
		clerk := shop.clerk(t, db, "13800000019", shop.desks)
		var desks []string
		for _, o := range shop.orders {
			if o.market == "A2EUQ1WTGCTBG2" {
				desks = append(desks, o.id)
			}
		}
		slices.Sort(desks)
		last := slices.Clone(desks[len(desks)-20:])
		slices.Reverse(last)
		for _, c := range []struct {
			name, index string
			f           ordersdb.OrderFilter
			want        []string
		}{
			{"a clerk of the desks' store, 订单号 ascending", "amazon_orders_company_group_order",
				ordersdb.OrderFilter{UserID: clerk.ID, OrderBy: "amazon_order_id"}, desks[:20]},
			{"the desks' store, 订单号 ascending", "amazon_orders_company_group_order",
				ordersdb.OrderFilter{GroupID: shop.desks.GroupID, OrderBy: "amazon_order_id"}, desks[:20]},
			{"Canada, 订单号 descending", "amazon_orders_company_market_order",
				ordersdb.OrderFilter{MarketplaceID: "A2EUQ1WTGCTBG2", OrderBy: "amazon_order_id", Desc: true},
				last},
		} {
			*read = nil
			f := c.f
			if f.UserID == 0 {
				f.UserID = shop.owner.ID
			}
			f.Limit, f.Version = 20, shop.version(t, db, f.UserID)
			rows, n, err := ordersdb.OrderPage(db, shop.owner.CompanyID, f)
			if err != nil || n != int64(len(desks)) {
				t.Fatalf("%s: %d orders (%v), want %d", c.name, n, err, len(desks))
			}
			var got []string
			for _, r := range rows {
				got = append(got, r.AmazonOrderID)
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("%s: listed %v, want %v", c.name, got, c.want)
			}
			if len(*read) == 0 {
				t.Fatalf("%s: no statement read the orders in 订单号 order", c.name)
			}
			for _, st := range *read {
				// PostgreSQL rightly sorts the test's few thousand orders; it is asked for its plan where sorting
				// them costs more than any index, as at a million. Without the index it would walk the order ids'.
				p := dbtest.Explained(t, db, st.sql, st.vars, "SET LOCAL enable_sort = off", "SET LOCAL enable_seqscan = off")
				if !strings.Contains(p, c.index) {
					t.Errorf("%s: read without %s:\n%s\n%s", c.name, c.index, st.sql, p)
				}
			}
		}
	})
}

// An ASIN another store sells, searched by a user limited to a store, is tested for the store on the items' index of
// ASINs (migration 00053), before any item's row is read: the desks' clerk searching a lamp's ASIN counts none and
// lists nothing, and on PostgreSQL the statement reading the items by ASIN has the store among its index's
// conditions. (SQLite's plan does not show where a term is tested; its deferred seek tests it on the index.)
func TestASINSearchOfAnotherStoreTestsTheStoreOnTheIndex(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		read := recorded(t, db, "test:item searches by ASIN", func(sql string) bool {
			return strings.Contains(sql, "amazon_order_items i") && strings.Contains(sql, "i.asin")
		})
		clerk := shop.clerk(t, db, "13800000059", shop.desks)
		f := ordersdb.OrderFilter{UserID: clerk.ID, Search: "B0LAMP01", Limit: 20, Version: shop.version(t, db, clerk.ID)}
		if n, err := ordersdb.OrderCount(db, shop.owner.CompanyID, f); err != nil || n != 0 {
			t.Fatalf("a lamp's ASIN by the desks' clerk: counted %d (%v), want 0", n, err)
		}
		if rows, n, err := ordersdb.OrderPage(db, shop.owner.CompanyID, f); err != nil || n != 0 || len(rows) != 0 {
			t.Fatalf("a lamp's ASIN by the desks' clerk: %d rows of %d (%v), want none", len(rows), n, err)
		}
		underStore := 0
		for _, s := range *read {
			if !strings.Contains(s.sql, "i.group_id") {
				continue // gathered: every match of the company, at most searchGatherLimit, filtered on its orders
			}
			underStore++
			if db.Driver != "postgres" {
				continue
			}
			lines := strings.Split(dbtest.Explained(t, db, s.sql, s.vars), "\n")
			tested := false
			for i, line := range lines[:len(lines)-1] {
				tested = tested || strings.Contains(line, "using amazon_order_items_company_asin") &&
					strings.Contains(lines[i+1], "Index Cond") && strings.Contains(lines[i+1], "group_id = ")
			}
			if !tested {
				t.Errorf("the items read by ASIN without the store among the index's conditions:\n%s\n%s", s.sql, strings.Join(lines, "\n"))
			}
		}
		if underStore == 0 {
			t.Fatal("no statement read the items by ASIN under the store")
		}
	})
}

// 订单号 order for a user limited to several stores reads each store's range of migration 00051's index, together
// (order_list_stores.go). A third store the clerk may not see, whose ids (050-) come first, stays out of every page
// (first, across the boundary, last descending, cancelled alone), totals exact; statements explained on both databases.
func TestOrdersByOrderIDOfSeveralStoresReadEachStoresRange(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		others := dbtest.Seller(t, db, shop.owner, "杂货店", "A1OTHERS")
		var orders []amazondatadb.AmazonOrder
		for i := range 30 {
			at := time.Date(2026, 10, 2, i, 0, 0, 0, time.UTC)
			orders = append(orders, amazondatadb.AmazonOrder{CompanyID: others.CompanyID, GroupID: others.GroupID, SellerID: others.ID,
				MarketplaceID: "ATVPDKIKX0DER", AmazonOrderID: fmt.Sprintf("050-%07d-0000001", i), PurchaseDate: at,
				LastUpdatedDate: at, OrderStatus: "Cancelled", FulfillmentChannel: "Amazon"})
		}
		if _, err := amazondatadb.UpsertAmazonOrders(db, orders, nil); err != nil {
			t.Fatal(err)
		}
		clerk := shop.clerk(t, db, "13800000039", shop.lamps, shop.desks)
		read := recorded(t, db, "test:each store's orders", func(sql string) bool { return strings.Contains(sql, "UNION ALL") })
		var all, cancelled []string
		for _, o := range shop.orders {
			all = append(all, o.id)
			if o.status == "Cancelled" {
				cancelled = append(cancelled, o.id)
			}
		}
		slices.Sort(all)
		slices.Sort(cancelled)
		descending := slices.Clone(all)
		slices.Reverse(descending)
		version := shop.version(t, db, clerk.ID)
		for _, c := range []struct {
			name  string
			f     ordersdb.OrderFilter
			total []string
			want  []string
		}{
			{"the first page", ordersdb.OrderFilter{Limit: 20}, all, all[:20]},
			{"a page across the stores", ordersdb.OrderFilter{Offset: 2090, Limit: 20}, all, all[2090:2110]},
			{"the first page descending", ordersdb.OrderFilter{Limit: 20, Desc: true}, all, descending[:20]},
			{"cancelled orders", ordersdb.OrderFilter{Limit: 20, Offset: 200, Status: "Cancelled"}, cancelled, cancelled[200:]},
		} {
			f := c.f
			f.UserID, f.OrderBy, f.Version = clerk.ID, "amazon_order_id", version
			for _, known := range []int64{0, int64(len(c.total))} {
				*read = nil
				f.Total = known
				rows, n, err := ordersdb.OrderPage(db, shop.owner.CompanyID, f)
				if err != nil || n != int64(len(c.total)) {
					t.Fatalf("%s (total known: %d): %d orders (%v), want %d", c.name, known, n, err, len(c.total))
				}
				var got []string
				for _, r := range rows {
					got = append(got, r.AmazonOrderID)
				}
				if !slices.Equal(got, c.want) {
					t.Fatalf("%s (total known: %d): listed %v, want %v", c.name, known, got, c.want)
				}
				if len(*read) == 0 {
					t.Fatalf("%s: no statement read each store's orders", c.name)
				}
				// A status the list names is read from its own index where it is selective (SQLite's choice for the
				// cancelled orders), as it is for any user.
				for _, st := range *read {
					p := dbtest.Explained(t, db, st.sql, st.vars, "SET LOCAL enable_sort = off", "SET LOCAL enable_seqscan = off")
					if c.f.Status == "" && !strings.Contains(p, "amazon_orders_company_group_order") {
						t.Errorf("%s: read without amazon_orders_company_group_order:\n%s\n%s", c.name, st.sql, p)
					}
				}
			}
		}
	})
}

// A search's far pages start from the marks its earlier pages kept, at the version of the data they were read at:
// an order imported since raises the sales generation, and the pages read at the new version list it, each after
// its place, where marks of the version before would start every page one order early.
func TestSearchMarksAreOfTheirVersion(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		shop := newSearchShop(t, db)
		lists := dbtest.Capped(db, 1000).WithJumpStride(70)
		f := ordersdb.OrderFilter{UserID: shop.owner.ID, Search: "B0DESK01", Limit: 100}
		pages := func() []string {
			var got []string
			for offset := 0; offset < 2200; offset += 100 {
				f.Offset = offset
				rows, _, err := ordersdb.OrderPage(lists, shop.owner.CompanyID, f)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range rows {
					got = append(got, r.AmazonOrderID)
				}
			}
			return got
		}
		f.Version = shop.version(t, db, shop.owner.ID)
		if got, want := pages(), shop.want(f); !slices.Equal(got, want) {
			t.Fatalf("listed %d orders, want %d", len(got), len(want))
		}
		desks := shop.desks
		at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
		o := searchOrder{id: "702-9999999-0000001", market: "A2EUQ1WTGCTBG2", status: "Shipped", at: at,
			skus: []string{"B0DESK01"}, asins: []string{"B0DESK01"}}
		_, err := amazondatadb.UpsertAmazonOrders(db, []amazondatadb.AmazonOrder{{CompanyID: desks.CompanyID, GroupID: desks.GroupID,
			SellerID: desks.ID, MarketplaceID: o.market, AmazonOrderID: o.id, PurchaseDate: at, LastUpdatedDate: at,
			OrderStatus: o.status, FulfillmentChannel: "Amazon"}}, []amazondatadb.AmazonOrderItem{{CompanyID: desks.CompanyID,
			GroupID: desks.GroupID, SellerID: desks.ID, MarketplaceID: o.market, AmazonOrderID: o.id, SKU: "B0DESK01",
			ASIN: "B0DESK01", PurchaseDate: at, OrderStatus: o.status, Quantity: 1, Currency: "USD"}})
		if err != nil {
			t.Fatal(err)
		}
		shop.orders = append(shop.orders, o)
		before := f.Version
		if f.Version = shop.version(t, db, shop.owner.ID); f.Version == before {
			t.Fatalf("the import left the version %+v", before)
		}
		if got, want := pages(), shop.want(f); !slices.Equal(got, want) {
			t.Fatalf("after an import: listed %d orders %v..., want %d %v...", len(got), got[:min(3, len(got))], len(want), want[:3])
		}
	})
}
