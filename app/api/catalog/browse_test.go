package catalog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/config"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// testBook is the stand-in's catalogue: a tumbler family (a parent, two colours) and a standalone board; only the
// black tumbler is the seller's listing.
var testBook = []amazontest.CatalogRecord{
	{ASIN: "B0TUMBLER0", Title: "Acme Insulated Tumbler 20oz", Brand: "Acme", Classification: "Tumblers", ClassificationID: "2231",
		DisplayGroup: "Kitchen & Dining"},
	{ASIN: "B0TUMBLERK", Parent: "B0TUMBLER0", Title: "Acme Insulated Tumbler 20oz, Black", Brand: "Acme", Color: "Black",
		UPC: "036000291452", EAN: "0036000291452", Classification: "Tumblers", ClassificationID: "2231", DisplayGroup: "Kitchen & Dining",
		Rank: 57, GroupRank: 2109, Long: 230, Mid: 95, Short: 95, Grams: 380},
	{ASIN: "B0TUMBLERW", Parent: "B0TUMBLER0", Title: "Acme Insulated Tumbler 20oz, White", Brand: "Acme", Color: "White",
		UPC: "012345678905", EAN: "0012345678905", Classification: "Tumblers", ClassificationID: "2231", DisplayGroup: "Kitchen & Dining",
		Rank: 140, GroupRank: 5400, Long: 230, Mid: 95, Short: 95, Grams: 380},
	{ASIN: "B0BOARD001", Title: "Bamboo Cutting Board, Large", Brand: "Woodly", Classification: "Cutting Boards", ClassificationID: "3307",
		DisplayGroup: "Kitchen & Dining", Rank: 800, GroupRank: 30000, Long: 450, Mid: 300, Short: 20, Grams: 1450},
}

// spoons are 205 more items of the catalogue: a search for all of them is past 商品目录's export limit (200), the
// 25 small ones take two pages of 20.
var spoons = func() []amazontest.CatalogRecord {
	out := make([]amazontest.CatalogRecord, 205)
	for i := range out {
		size := "Large"
		if i < 25 {
			size = "Small"
		}
		out[i] = amazontest.CatalogRecord{ASIN: fmt.Sprintf("B0SPOON%03d", i), Title: fmt.Sprintf("Acme Spoon %d, %s", i, size), Brand: "Acme",
			Classification: "Spoons", ClassificationID: "4410", DisplayGroup: "Kitchen & Dining", Rank: i + 1, GroupRank: 1000 + i}
	}
	return out
}()

type browseWorld struct {
	h       *apptest.Harness
	amz     *amazontest.Server
	c       *apptest.Client
	company int64
	group   string
	listing int64
}

type browseItem struct {
	ASIN, Title, Brand, Color, Image, Kind, Classification, RankTitle, GroupTitle, Parent string
	Rank, GroupRank                                                                       int
	Children, Identifiers                                                                 []string
	Listings                                                                              []struct{ ID, SellerSKU, ProductID, ProductSKU string }
}

type browseResult struct {
	Total          int
	Next, Previous string
	Items          []browseItem
}

func startBrowseWorld(t *testing.T, kind string) *browseWorld {
	t.Helper()
	amz := amazontest.Start(t)
	amz.Book = func(market string) []amazontest.CatalogRecord {
		if market != usMarket {
			return nil
		}
		return append(slices.Clip(testBook), spoons...)
	}
	h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) { amz.Configure(c) }))
	w := &browseWorld{h: h, amz: amz, c: admin(t, h)}
	u, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	must(t, err)
	w.company = u.CompanyID
	g := storesdb.StoreGroup{CompanyID: w.company, Name: "目录店"}
	must(t, h.DB.Create(&g).Error)
	w.group = idText(g.ID)
	keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
	must(t, err)
	token, err := keys.Cipher.Encrypt(amz.IssueRefreshToken(amazontest.DefaultSeller))
	must(t, err)
	seller := &storesdb.Seller{CompanyID: w.company, GroupID: g.ID, Region: "NA", SellingPartnerID: amazontest.DefaultSeller,
		RefreshToken: token, Status: storesdb.SellerActive, AuthorizedAt: time.Now().UTC().Truncate(time.Microsecond)}
	must(t, h.DB.Tx(context.Background(), func(tx *models.DB) error {
		return storesdb.SaveSellerAuthorization(tx, seller, []storesdb.SellerMarketplace{{MarketplaceID: usMarket, Participating: true}})
	}))
	l := catalogdb.Listing{CompanyID: w.company, GroupID: g.ID, MarketplaceID: usMarket, SellerSKU: "ACME-TB-BK", ASIN: "B0TUMBLERK",
		Status: "Active", CreatedAt: time.Now(), UpdatedAt: time.Now()}
	must(t, h.DB.Create(&l).Error)
	w.listing = l.ID
	return w
}

func (w *browseWorld) search(t *testing.T, by, query string) (browseResult, apptest.Envelope) {
	t.Helper()
	env := w.c.Call(http.MethodPost, v1+"/catalogItems/search", map[string]any{"groupId": w.group, "marketplaceId": usMarket, "by": by, "query": query})
	var r browseResult
	if env.Code == "201" {
		env.Into(t, &r)
	}
	return r, env
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func idText(n int64) string { return strconv.FormatInt(n, 10) }

// A seller searches Amazon's catalogue by keywords, ASIN and UPC through the store's authorisation: each item with
// its picture, brand, classification path, rank, variations and identifiers, the store's own listing beside its
// ASIN. A malformed UPC is refused before Amazon is asked, one whose check digit is wrong by Amazon (400, said in
// Chinese), an ASIN Amazon does not know finds nothing, and a search Amazon keeps throttling says so.
func TestCatalogSearch(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startBrowseWorld(t, kind)
			r, env := w.search(t, "keyword", "tumbler")
			apptest.ExpectOK(t, env)
			if r.Total != 3 || len(r.Items) != 3 {
				t.Fatalf("keyword search %+v", r)
			}
			byASIN := map[string]browseItem{}
			for _, it := range r.Items {
				byASIN[it.ASIN] = it
			}
			parent, black := byASIN["B0TUMBLER0"], byASIN["B0TUMBLERK"]
			if parent.Kind != "变体父体" || strings.Join(parent.Children, ",") != "B0TUMBLERK,B0TUMBLERW" {
				t.Fatalf("parent %+v", parent)
			}
			if black.Brand != "Acme" || black.Color != "Black" || black.Parent != "B0TUMBLER0" || black.Rank != 57 || black.RankTitle != "Tumblers" ||
				black.GroupRank != 2109 || black.Classification != "Kitchen & Dining › Tumblers" || !strings.HasSuffix(black.Image, "/images/I/B0TUMBLERK.png") ||
				strings.Join(black.Identifiers, ",") != "UPC 036000291452,EAN 0036000291452" ||
				len(black.Listings) != 1 || black.Listings[0].SellerSKU != "ACME-TB-BK" || black.Listings[0].ProductID != "" {
				t.Fatalf("black tumbler %+v", black)
			}
			if r, env = w.search(t, "asin", "b0board001"); env.Code != "201" || len(r.Items) != 1 || r.Items[0].Title != "Bamboo Cutting Board, Large" || len(r.Items[0].Listings) != 0 {
				t.Fatalf("asin search %+v %+v", r, env)
			}
			if r, env = w.search(t, "upc", "012345678905"); env.Code != "201" || len(r.Items) != 1 || r.Items[0].ASIN != "B0TUMBLERW" {
				t.Fatalf("upc search %+v %+v", r, env)
			}
			if r, env = w.search(t, "asin", "B0NOTKNOWN"); env.Code != "201" || r.Total != 0 || len(r.Items) != 0 {
				t.Fatalf("unknown asin %+v %+v", r, env)
			}
			calls := len(w.amz.Requests())
			if _, env = w.search(t, "upc", "03600029145"); env.Msg != catalog.MsgBrowseUPC || len(w.amz.Requests()) != calls {
				t.Fatalf("11 digits: %+v, %d calls", env, len(w.amz.Requests())-calls)
			}
			if _, env = w.search(t, "upc", "036000291453"); !strings.HasPrefix(env.Msg, catalog.MsgBrowseRefused) || !strings.Contains(env.Msg, "not a valid UPC") {
				t.Fatalf("check digit: %+v", env)
			}
			if _, env = w.search(t, "asin", "B0-1"); env.Msg != catalog.MsgBrowseASIN {
				t.Fatalf("bad asin: %+v", env)
			}
			// Throttled once, the call is retried; throttled past the retries, the seller is told to wait.
			w.amz.Throttle("getCatalogItem", 1)
			if r, env = w.search(t, "asin", "B0TUMBLERK"); env.Code != "201" || len(r.Items) != 1 {
				t.Fatalf("throttled once %+v %+v", r, env)
			}
			w.amz.Throttle("searchCatalogItems", 10)
			if _, env = w.search(t, "keyword", "board"); env.Msg != catalog.MsgBrowseThrottled {
				t.Fatalf("throttled: %+v", env)
			}
			w.amz.Throttle("searchCatalogItems", 0)
		})
	}
}

// From an item found, the seller pairs the store's listing of its ASIN with a local product, or makes a local
// product of it (named, pictured and measured from the catalogue) which pairs the unpaired listing at once; an
// ASIN the store does not list cannot be paired, and a SKU taken is refused with nothing made.
func TestCatalogPairAndCreateProduct(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startBrowseWorld(t, kind)
			env := w.c.Call(http.MethodPost, v1+"/catalogItems/product", map[string]any{"groupId": w.group, "marketplaceId": usMarket, "asin": "B0TUMBLERK", "sku": "ACME-TB"})
			apptest.ExpectOK(t, env)
			var made struct {
				Paired                int64
				ProductID, ProductSKU string
			}
			env.Into(t, &made)
			var p catalogdb.LocalProduct
			must(t, w.h.DB.Take(&p, "company_id = ? AND sku = ?", w.company, "ACME-TB").Error)
			if made.Paired != 1 || made.ProductSKU != "ACME-TB" || p.Name != "Acme Insulated Tumbler 20oz, Black" ||
				!strings.HasSuffix(p.Image, "/images/I/B0TUMBLERK.png") || !p.Weight.Valid || p.Weight.Decimal.StringFixed(2) != "0.38" {
				t.Fatalf("made %+v product %+v", made, p)
			}
			var l catalogdb.Listing
			must(t, w.h.DB.Take(&l, "id = ?", w.listing).Error)
			if l.ProductID == nil || *l.ProductID != p.ID {
				t.Fatalf("listing not paired: %+v", l)
			}
			var n int64
			env = w.c.Call(http.MethodPost, v1+"/catalogItems/product", map[string]any{"groupId": w.group, "marketplaceId": usMarket, "asin": "B0TUMBLERW", "sku": "ACME-TB"})
			must(t, w.h.DB.Model(&catalogdb.LocalProduct{}).Where("company_id = ? AND name LIKE ?", w.company, "%White%").Count(&n).Error)
			if env.Msg != catalog.MsgSKUTaken("ACME-TB") || n != 0 {
				t.Fatalf("sku taken: %+v, %d made", env, n)
			}
			// Pair the listing with another product: the board made from the catalogue under its ASIN.
			env = w.c.Call(http.MethodPost, v1+"/catalogItems/product", map[string]any{"groupId": w.group, "marketplaceId": usMarket, "asin": "B0BOARD001"})
			apptest.ExpectOK(t, env)
			env.Into(t, &made)
			if made.ProductSKU != "B0BOARD001" || made.Paired != 0 {
				t.Fatalf("board %+v", made)
			}
			env = w.c.Call(http.MethodPost, v1+"/catalogItems/pair", map[string]any{"groupId": w.group, "marketplaceId": usMarket, "asin": "B0TUMBLERK", "productId": made.ProductID})
			apptest.ExpectOK(t, env)
			must(t, w.h.DB.Take(&l, "id = ?", w.listing).Error)
			if l.ProductID == nil || idText(*l.ProductID) != made.ProductID {
				t.Fatalf("listing not paired again: %+v", l)
			}
			env = w.c.Call(http.MethodPost, v1+"/catalogItems/pair", map[string]any{"groupId": w.group, "marketplaceId": usMarket, "asin": "B0BOARD001", "productId": made.ProductID})
			if env.Msg != catalog.MsgBrowseNoListing {
				t.Fatalf("no listing: %+v", env)
			}
			env = w.c.Call(http.MethodPost, v1+"/catalogItems/pair", map[string]any{"groupId": "1", "marketplaceId": usMarket, "asin": "B0TUMBLERK", "productId": made.ProductID})
			if env.Msg != catalog.MsgBrowseGroup {
				t.Fatalf("another company's group: %+v", env)
			}
		})
	}
}

// 商品目录's 导出 writes every item of the search, all its pages read again from Amazon (20 a call), each card a row
// with its ranks as Amazon's product page writes them and the store's listing of it; an ASIN search exports its
// one item. A search past 200 items is refused in Chinese after one call, as are a search with nothing to look
// for, a malformed UPC and another company's store; a user without the screen may not export.
func TestCatalogExport(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startBrowseWorld(t, kind)
			export := func(c *apptest.Client, q url.Values) ([][]string, apptest.Envelope) {
				t.Helper()
				resp, body := c.Raw(http.MethodGet, v1+"/catalogItems/export?"+q.Encode(), "", nil)
				if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheet") {
					env := apptest.Envelope{Status: resp.StatusCode}
					must(t, json.Unmarshal(body, &env))
					return nil, env
				}
				f, err := excelize.OpenReader(bytes.NewReader(body))
				must(t, err)
				rows, err := f.GetRows(f.GetSheetName(0))
				must(t, err)
				return rows, apptest.Envelope{}
			}
			query := func(by, text string) url.Values {
				return url.Values{"groupId": {w.group}, "marketplaceId": {usMarket}, "by": {by}, "query": {text}}
			}
			rows, env := export(w.c, query("keyword", "tumbler"))
			if rows == nil {
				t.Fatalf("export: %+v", env)
			}
			want := "ASIN|标题|品牌|颜色|类型|分类|大类排名|小类排名|父体ASIN|变体|标识符|本店Listing"
			if strings.Join(rows[0], "|") != want || len(rows) != 4 {
				t.Fatalf("export = %v", rows)
			}
			black := map[string]string{}
			for _, r := range rows[1:] {
				if r[0] == "B0TUMBLERK" {
					for i, h := range rows[0] {
						if i < len(r) {
							black[h] = r[i]
						}
					}
				}
			}
			if black["大类排名"] != "#2,109 Kitchen & Dining" || black["小类排名"] != "#57 Tumblers" || black["分类"] != "Kitchen & Dining › Tumblers" ||
				black["父体ASIN"] != "B0TUMBLER0" || black["本店Listing"] != "ACME-TB-BK" || black["标识符"] != "UPC 036000291452、EAN 0036000291452" {
				t.Fatalf("black tumbler row %v", black)
			}

			// Two pages of 20 make one file of 25.
			calls := len(w.amz.RequestsTo("/catalog/2022-04-01/items"))
			rows, env = export(w.c, query("keyword", "spoon small"))
			if rows == nil || len(rows) != 26 || rows[25][0] != "B0SPOON024" {
				t.Fatalf("two pages: %d rows %+v", len(rows), env)
			}
			if n := len(w.amz.RequestsTo("/catalog/2022-04-01/items")) - calls; n != 2 {
				t.Fatalf("%d calls for two pages", n)
			}
			if rows, env = export(w.c, query("asin", "b0board001")); rows == nil || len(rows) != 2 || rows[1][1] != "Bamboo Cutting Board, Large" {
				t.Fatalf("asin export %v %+v", rows, env)
			}

			calls = len(w.amz.RequestsTo("/catalog/2022-04-01/items"))
			_, env = export(w.c, query("keyword", "spoon"))
			apptest.Expect(t, env, http.StatusBadRequest, "A0400", fmt.Sprintf(catalog.MsgBrowseExportTooMany, 205, 200))
			if n := len(w.amz.RequestsTo("/catalog/2022-04-01/items")) - calls; n != 1 {
				t.Fatalf("%d calls before refusing a search past the limit", n)
			}
			_, env = export(w.c, query("keyword", " "))
			apptest.Expect(t, env, http.StatusBadRequest, "A0400", catalog.MsgBrowseQuery)
			_, env = export(w.c, url.Values{"by": {"keyword"}})
			apptest.Expect(t, env, http.StatusBadRequest, "A0400", catalog.MsgBrowseQuery)
			_, env = export(w.c, query("upc", "12345"))
			apptest.Expect(t, env, http.StatusBadRequest, "A0400", catalog.MsgBrowseUPC)

			other := w.h.SignedIn("13900000071", "别家公司")
			_, env = export(other, query("keyword", "tumbler"))
			apptest.Expect(t, env, http.StatusBadRequest, "A0400", catalog.MsgBrowseGroup)
			clerk := w.h.Member(apptest.AdminAccount, "13900000072", false)
			_, env = export(clerk, query("keyword", "tumbler"))
			apptest.Expect(t, env, http.StatusUnauthorized, "A0301", msgNoGrant)
		})
	}
}
