package datasync_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/config"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// stores are the two stand-in sellers the tests sync: a North American one (US, CA, MX) and a Japanese one, whose
// files come in Windows-31J.
var storesToSync = []struct{ seller, region, group string }{
	{amazontest.DefaultSeller, "NA", "北美店"},
	{amazontest.JapanSeller, "FE", "日本店"},
}

// world serves the simulated sellers' reports from the stand-in, with reports DONE after two polls.
func world(t *testing.T, kind string) (*apptest.Harness, *amazontest.Server, *sellerdata.World) {
	t.Helper()
	amz := amazontest.Start(t)
	w := sellerdata.New(time.Now())
	amz.Content, amz.Scheduled, amz.Catalog, amz.Items, amz.Fees = w.Content, w.Scheduled, w.Parents, w.Item, w.FeeQuote
	amz.Book = w.Book
	h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) {
		amz.Configure(c)
		c.ReportPoll = 20 * time.Millisecond
	}))
	return h, amz, w
}

// ownApp is a seller's own application registered with the stand-in: authorising with it needs no consent page.
const ownClient, ownSecret = "amzn1.application-oa2-client.datasync", "own-app-secret"

// authorise adds a store group and authorises the seller in it; the first syncs are queued with it.
func authorise(t *testing.T, h *apptest.Harness, amz *amazontest.Server, c *apptest.Client, seller, region, group string) int64 {
	t.Helper()
	amz.AddClient(ownClient, ownSecret)
	env := c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": group})
	apptest.ExpectOK(t, env)
	var g struct{ ID string }
	env.Into(t, &g)
	env = c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/saveAuth", map[string]string{"groupid": g.ID, "region": region,
		"sellerid": seller, "clientId": ownClient, "clientSecret": ownSecret, "refreshToken": amz.IssueRefreshToken(seller)})
	apptest.ExpectOK(t, env)
	var row storesdb.Seller
	if err := h.DB.Take(&row, "selling_partner_id = ?", seller).Error; err != nil {
		t.Fatal(err)
	}
	return row.ID
}

// waitSynced waits until every task is done (or one fails: the test stops with its message).
// waitNoSyncJobs waits until River holds no sync job waiting or running.
func waitNoSyncJobs(t *testing.T, h *apptest.Harness) {
	t.Helper()
	deadline := time.Now().Add(syncDeadline)
	for {
		var n int64
		err := h.DB.Table("river_job").Where("kind = ? AND state IN ?", "datasync",
			[]string{"available", "pending", "retryable", "running", "scheduled"}).Count(&n).Error
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s %d sync jobs still waiting or running", syncDeadline, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func waitSynced(t *testing.T, h *apptest.Harness, tasks int, since time.Time) {
	t.Helper()
	deadline := time.Now().Add(syncDeadline)
	for {
		var all []datasyncdb.SyncTask
		if err := h.DB.Find(&all).Error; err != nil {
			t.Fatal(err)
		}
		done := 0
		for _, task := range all {
			if task.State == datasyncdb.SyncFailed {
				t.Fatalf("%s of seller %d failed: %s\n%s", task.Kind, task.SellerID, task.LastError, h.Log.String())
			}
			if task.State == datasyncdb.SyncDone && task.LastSuccessAt != nil && !task.LastSuccessAt.Before(since) {
				done++
			}
		}
		if len(all) == tasks && done == tasks {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s %d of %d tasks synced: %+v", syncDeadline, done, tasks, all)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// counts are what the synced tables hold for a seller account.
type counts struct {
	Orders, Items, Quantity                int64
	ItemPrice                              string
	Inventory, Fulfillable                 int64
	Settlements, SettlementLines           int64
	SettlementTotal                        string
	Fees, Returns, ReturnedUnits, Listings int64
	// ListingPrices and ActiveListings come from the listings file's price and status columns (Japanese-named in
	// the Japanese store's file).
	ListingPrices  string
	ActiveListings int64
	// Parents are the ASINs whose parent is kept, Children those of them that have one, Families their parents.
	Parents, Children, Families int64
	// CatalogItems are the ASINs kept with a name, a picture and a weight, for 生成本地产品: every one asked.
	CatalogItems int64
	// FamilyNames are the variation parents kept with a name (no listing has them: the sync asks for them).
	FamilyNames int64
	// Ranked are the listed ASINs kept with a display group rank (商品列表's 排名) and when it was read, RankSum
	// those ranks summed, Classified the ASINs kept with a browse classification.
	Ranked, RankSum, Classified int64
}

func countsOf(t *testing.T, h *apptest.Harness, companyID, sellerID int64) counts {
	t.Helper()
	var c counts
	tot, err := amazondatadb.AmazonOrderTotalsOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	c.Orders, c.Items, c.Quantity, c.ItemPrice = tot.Orders, tot.Items, tot.Quantity, tot.ItemPrice.String()
	var sums struct{ N, Fulfillable int64 }
	h.DB.Model(&amazondatadb.FBAInventory{}).Where("seller_id = ?", sellerID).Select("COUNT(*) AS n, COALESCE(SUM(fulfillable), 0) AS fulfillable").Scan(&sums)
	c.Inventory, c.Fulfillable = sums.N, sums.Fulfillable
	h.DB.Model(&amazondatadb.Settlement{}).Where("seller_id = ?", sellerID).Count(&c.Settlements)
	h.DB.Model(&amazondatadb.SettlementLine{}).Where("seller_id = ?", sellerID).Count(&c.SettlementLines)
	var total int64
	h.DB.Model(&amazondatadb.Settlement{}).Where("seller_id = ?", sellerID).Select("COALESCE(SUM(total_amount), 0)").Scan(&total)
	c.SettlementTotal = models.MoneyFromUnits(total).String()
	h.DB.Model(&amazondatadb.FeeEstimate{}).Where("seller_id = ?", sellerID).Count(&c.Fees)
	var ret struct{ N, Units int64 }
	h.DB.Model(&amazondatadb.CustomerReturn{}).Where("seller_id = ?", sellerID).Select("COUNT(*) AS n, COALESCE(SUM(quantity), 0) AS units").Scan(&ret)
	c.Returns, c.ReturnedUnits = ret.N, ret.Units
	var seller storesdb.Seller
	h.DB.Take(&seller, "id = ?", sellerID)
	h.DB.Model(&catalogdb.Listing{}).Where("group_id = ?", seller.GroupID).Count(&c.Listings)
	var prices int64
	h.DB.Model(&catalogdb.Listing{}).Where("group_id = ?", seller.GroupID).Select("COALESCE(SUM(price), 0)").Scan(&prices)
	c.ListingPrices = models.MoneyFromUnits(prices).String()
	h.DB.Model(&catalogdb.Listing{}).Where("group_id = ? AND status = ?", seller.GroupID, "Active").Count(&c.ActiveListings)
	markets := h.DB.Model(&catalogdb.Listing{}).Select("DISTINCT marketplace_id").Where("group_id = ?", seller.GroupID)
	parents := h.DB.Model(&amazondatadb.ASINParent{}).Where("company_id = ? AND marketplace_id IN (?)", companyID, markets)
	parents.Count(&c.Parents)
	h.DB.Model(&catalogdb.CatalogItem{}).Where("company_id = ? AND marketplace_id IN (?) AND title <> '' AND image <> '' AND weight IS NOT NULL",
		companyID, markets).Count(&c.CatalogItems)
	familyASINs := h.DB.Model(&amazondatadb.ASINParent{}).Select("parent_asin").Where("company_id = ? AND parent_asin <> ''", companyID)
	h.DB.Model(&catalogdb.CatalogItem{}).Where("company_id = ? AND marketplace_id IN (?) AND title <> '' AND asin IN (?)", companyID, markets, familyASINs).
		Count(&c.FamilyNames)
	h.DB.Model(&amazondatadb.ASINParent{}).Where("company_id = ? AND marketplace_id IN (?) AND parent_asin <> ''", companyID, markets).Count(&c.Children)
	var ranks struct{ N, Sum int64 }
	h.DB.Model(&catalogdb.CatalogItem{}).Where("company_id = ? AND marketplace_id IN (?) AND group_rank IS NOT NULL AND ranked_at IS NOT NULL", companyID, markets).
		Select("COUNT(*) AS n, COALESCE(SUM(group_rank), 0) AS sum").Scan(&ranks)
	c.Ranked, c.RankSum = ranks.N, ranks.Sum
	h.DB.Model(&catalogdb.CatalogItem{}).Where("company_id = ? AND marketplace_id IN (?) AND classification <> ''", companyID, markets).Count(&c.Classified)
	var kept []amazondatadb.ASINParent
	h.DB.Where("company_id = ? AND marketplace_id IN (?) AND parent_asin <> ''", companyID, markets).Find(&kept)
	families := map[string]bool{}
	for _, p := range kept {
		families[p.MarketplaceID+" "+p.ParentASIN] = true
	}
	c.Families = int64(len(families))
	return c
}

// window is the data range the seller's first orders (or returns) sync read: its reports' first start and last end.
func window(t *testing.T, h *apptest.Harness, sellerID int64, kind string) (time.Time, time.Time) {
	t.Helper()
	var first, last datasyncdb.SyncReport
	q := h.DB.Model(&datasyncdb.SyncReport{}).Where("seller_id = ? AND kind = ?", sellerID, kind)
	if err := q.Order("data_start").First(&first).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Model(&datasyncdb.SyncReport{}).Where("seller_id = ? AND kind = ?", sellerID, kind).Order("data_end DESC").First(&last).Error; err != nil {
		t.Fatal(err)
	}
	return *first.DataStart, *last.DataEnd
}

// truth is what the simulated world says the seller's synced tables must hold.
func truth(t *testing.T, h *apptest.Harness, w *sellerdata.World, sellerID int64, seller string) counts {
	t.Helper()
	var c counts
	from, to := window(t, h, sellerID, "orders")
	orders, items := map[string]bool{}, map[string]bool{}
	price := decimal.Zero
	for _, l := range w.Orders(seller, from, to) {
		orders[l.AmazonOrderID] = true
		items[l.AmazonOrderID+"\x00"+l.SKU] = true
		c.Quantity += int64(l.Quantity)
		price = price.Add(l.ItemPrice)
	}
	c.Orders, c.Items, c.ItemPrice = int64(len(orders)), int64(len(items)), models.Money{Decimal: price}.String()
	prices := decimal.Zero
	for _, m := range w.Marketplaces(seller) {
		for _, l := range w.Inventory(seller, m) {
			c.Inventory++
			c.Fulfillable += int64(l.AFNFulfillable)
		}
		for _, l := range w.Listings(seller, m) {
			c.Listings++
			prices = prices.Add(l.Price)
			if l.Status == "Active" {
				c.ActiveListings++
			}
		}
	}
	c.ListingPrices = models.Money{Decimal: prices}.String()
	parents := w.ParentsOf(seller)
	families := map[string]bool{}
	for _, p := range parents {
		if p != "" {
			families[p] = true
		}
	}
	for _, m := range w.Marketplaces(seller) {
		// The catalogue ranks the listed products that sell (a variation parent, sold by none, has no rank); every
		// item asked, parents too, has a classification.
		book := map[string]amazontest.CatalogRecord{}
		for _, r := range w.Book(m) {
			book[r.ASIN] = r
		}
		for a := range parents {
			if r := book[a]; r.Rank > 0 {
				c.Ranked++
				c.RankSum += int64(r.GroupRank)
			}
		}
		c.Classified += int64(len(parents) + len(families))
		c.Parents += int64(len(parents))
		c.CatalogItems += int64(len(parents))
		for _, p := range parents {
			if p != "" {
				c.Children++
			}
		}
		c.Families += int64(len(families))
		c.FamilyNames += int64(len(families))
	}
	total := decimal.Zero
	since := time.Now().Add(-90 * 24 * time.Hour)
	for _, s := range w.Scheduled(seller) {
		if s.CreatedTime.Before(since) {
			continue
		}
		f := w.Settlement(seller, s.ReportID)
		c.Settlements++
		c.SettlementLines += int64(len(f.Lines))
		total = total.Add(f.TotalAmount)
	}
	c.SettlementTotal = models.Money{Decimal: total}.String()
	// Every listing with a price has its fees: the report's lines, and the Product Fees API's for the others.
	reported := map[string]bool{}
	for _, l := range w.FeeEstimates(seller) {
		reported[l.MarketplaceID+"/"+l.SKU] = true
	}
	c.Fees = int64(len(reported))
	for _, m := range w.Marketplaces(seller) {
		for _, l := range w.Listings(seller, m) {
			if l.Price.IsPositive() && !reported[m+"/"+l.SellerSKU] {
				c.Fees++
			}
		}
	}
	from, to = window(t, h, sellerID, "returns")
	for _, l := range w.Returns(seller, from, to) {
		c.Returns++
		c.ReturnedUnits += int64(l.Quantity)
	}
	return c
}

// Two stores (one Japanese, whose files are Windows-31J) sync every kind from the stand-in through the real
// HTTP client with the workers running: the synced tables hold exactly what the simulated world made, the listed
// ASINs' parents (looked up after the listings, 20 a call) and their sales ranks and classifications included;
// 商品列表 sorts by the ranks kept. Syncing again (立即同步 of every kind), one catalogue call throttled and
// retried, writes nothing and changes no count.
func TestSyncTwoStoresFromTheStandIn(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000061", "同步公司")
			ids := map[string]int64{}
			for _, s := range storesToSync {
				ids[s.seller] = authorise(t, h, amz, c, s.seller, s.region, s.group)
			}
			start := h.Clock.Now().UTC().Add(-time.Second)
			h.StartWorkers(t)
			waitSynced(t, h, 2*len(amazondata.Kinds), start)
			first := map[string]counts{}
			for _, s := range storesToSync {
				var seller storesdb.Seller
				h.DB.Take(&seller, "id = ?", ids[s.seller])
				got, want := countsOf(t, h, seller.CompanyID, seller.ID), truth(t, h, w, seller.ID, s.seller)
				if got != want {
					t.Errorf("%s synced\n %+v\nthe world has\n %+v", s.seller, got, want)
				}
				if got.Orders == 0 || got.Inventory == 0 || got.Settlements == 0 || got.Fees == 0 || got.Listings == 0 ||
					got.Children == 0 || got.Children == got.Parents || got.Ranked == 0 || got.Ranked == got.Parents {
					t.Errorf("%s synced too little to prove anything: %+v", s.seller, got)
				}
				first[s.seller] = got
			}

			// 商品列表 reads the ranks back: sorted by 排名, the best ranked listing of the two stores comes first.
			best := 0
			for _, s := range storesToSync {
				for _, m := range w.Marketplaces(s.seller) {
					for _, r := range w.Book(m) {
						if _, listed := w.ParentsOf(s.seller)[r.ASIN]; listed && r.Rank > 0 && (best == 0 || r.GroupRank < best) {
							best = r.GroupRank
						}
					}
				}
			}
			var ranked struct{ Records []struct{ GroupRank int } }
			env := c.Call(http.MethodPost, "/erp/api/v1/listing/products/page", map[string]any{"sort": "rank", "order": "asc", "pagesize": 1})
			apptest.ExpectOK(t, env)
			env.Into(t, &ranked)
			if len(ranked.Records) != 1 || ranked.Records[0].GroupRank != best {
				t.Errorf("best ranked listing %+v, the world's best rank %d", ranked.Records, best)
			}

			// Again: every task by hand. Nothing is written and nothing changes. A task is done before River records
			// its job completed, and until then a sync asked by hand is the same unique job and is not queued again:
			// ask once River holds no sync job waiting or running.
			waitNoSyncJobs(t, h)
			again := h.Clock.Now().UTC()
			var tasks []datasyncdb.SyncTask
			h.DB.Find(&tasks)
			// One catalogue call is throttled (429): it is retried, and the ranks come back the same.
			catalogCalls := len(amz.RequestsTo("/catalog/2022-04-01/items"))
			amz.Throttle("searchCatalogItems", 1)
			for _, task := range tasks {
				apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+itoa(task.ID)+"/sync", nil))
			}
			waitSynced(t, h, 2*len(amazondata.Kinds), again)
			if n := len(amz.RequestsTo("/catalog/2022-04-01/items")) - catalogCalls; n != catalogCalls+1 {
				t.Errorf("second sync: %d catalogue calls, the first made %d and one was throttled", n, catalogCalls)
			}
			for _, s := range storesToSync {
				var seller storesdb.Seller
				h.DB.Take(&seller, "id = ?", ids[s.seller])
				if got := countsOf(t, h, seller.CompanyID, seller.ID); got != first[s.seller] {
					t.Errorf("%s after the second sync\n %+v\nafter the first\n %+v", s.seller, got, first[s.seller])
				}
			}
			var second []datasyncdb.SyncRun
			h.DB.Where("started_at >= ?", again).Find(&second)
			if len(second) != 2*len(amazondata.Kinds) {
				t.Fatalf("%d runs of the second sync", len(second))
			}
			for _, r := range second {
				if r.Status != datasyncdb.SyncDone || r.Cause != datasyncdb.SyncByHand || r.Written != 0 {
					t.Errorf("second run of %s: %+v", r.Kind, r)
				}
			}
		})
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// syncDeadline bounds a test's wait for its syncs: the two stores' first sync reads about 150,000 lines, which a
// loaded machine (tests of other packages beside) takes minutes for.
const syncDeadline = 5 * time.Minute
