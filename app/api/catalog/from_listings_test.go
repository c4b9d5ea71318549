package catalog_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

const usMarket = "ATVPDKIKX0DER"

type fromResult struct {
	Chosen, Skipped, Created, Reused int
	Paired, AutoPaired               int64
}

// listingsFixture is the owner's company with two store groups, listings synced from Amazon (no product yet)
// and what the catalogue said of their ASINs: two colours of one variation family and a standalone product in
// 美国店, one listing whose SKU is already a local product's, and one listing in 欧洲店.
type listingsFixture struct {
	c               *apptest.Client
	company         int64
	us, eu          string
	ids             map[string]string // seller SKU -> listing id
	existingProduct string
}

func newListingsFixture(t *testing.T, h *apptest.Harness) *listingsFixture {
	t.Helper()
	f := &listingsFixture{c: owner(t, h), company: companyOf(t, h, ownerAccount), ids: map[string]string{}}
	f.us, f.eu = storeGroup(t, h, ownerAccount, "美国店"), storeGroup(t, h, ownerAccount, "欧洲店")
	f.existingProduct = create(t, f.c, "/material", map[string]string{"sku": "MUG-OLD", "name": "老杯子"})
	now := time.Now().UTC().Truncate(time.Second)
	for _, l := range []struct{ group, sku, asin, name string }{
		{f.us, "TUMBLER-BK", "B0CHILDBK1", "Tumbler, Black"}, {f.us, "TUMBLER-WH", "B0CHILDWH1", "Tumbler, White"},
		{f.us, "LAMP-1", "B0LAMP0001", "Desk Lamp"}, {f.us, "MUG-OLD", "B0MUGOLD01", "Old Mug"},
		{f.eu, "EU-ONLY", "B0EUONLY01", "EU thing"},
	} {
		row := &catalogdb.Listing{CompanyID: f.company, GroupID: mustID(t, l.group), MarketplaceID: usMarket, SellerSKU: l.sku,
			ASIN: l.asin, ItemName: l.name, CreatedAt: now, UpdatedAt: now}
		if err := h.DB.Create(row).Error; err != nil {
			t.Fatal(err)
		}
		f.ids[l.sku] = fmt.Sprint(row.ID)
	}
	kg := decimal.NewNullDecimal(decimal.RequireFromString("0.38"))
	cm := decimal.NewNullDecimal(decimal.RequireFromString("23"))
	items := []catalogdb.CatalogItem{
		{ASIN: "B0CHILDBK1", Title: "Acme Tumbler 20oz, Black", Image: "https://m.media-amazon.com/images/I/bk.jpg", Weight: kg, Length: cm},
		{ASIN: "B0CHILDWH1", Title: "Acme Tumbler 20oz, White", Image: "https://m.media-amazon.com/images/I/wh.jpg", Weight: kg, Length: cm},
		{ASIN: "B0PARENT01", Title: "Acme Tumbler 20oz"},
		{ASIN: "B0LAMP0001", Title: "Acme LED Desk Lamp", Image: "https://m.media-amazon.com/images/I/lamp.jpg"},
	}
	for i := range items {
		items[i].CompanyID, items[i].MarketplaceID, items[i].CreatedAt, items[i].UpdatedAt = f.company, usMarket, now, now
	}
	if _, err := catalogdb.UpsertCatalogItems(h.DB, items); err != nil {
		t.Fatal(err)
	}
	if _, err := amazondatadb.UpsertASINParents(h.DB, f.company, []amazondatadb.ASINParent{
		{MarketplaceID: usMarket, ASIN: "B0CHILDBK1", ParentASIN: "B0PARENT01"}, {MarketplaceID: usMarket, ASIN: "B0CHILDWH1", ParentASIN: "B0PARENT01"},
		{MarketplaceID: usMarket, ASIN: "B0LAMP0001"}}); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *listingsFixture) products(t *testing.T, h *apptest.Harness) map[string]catalogdb.LocalProduct {
	t.Helper()
	var rows []catalogdb.LocalProduct
	if err := h.DB.Where("company_id = ?", f.company).Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := map[string]catalogdb.LocalProduct{}
	for _, p := range rows {
		out[p.SKU] = p
	}
	return out
}

// pairedTo maps each listing's seller SKU to its product's SKU ("" unpaired).
func (f *listingsFixture) pairedTo(t *testing.T, h *apptest.Harness) map[string]string {
	t.Helper()
	var rows []struct{ SellerSKU, SKU string }
	err := h.DB.Table("listings").Select("listings.seller_sku, COALESCE(local_products.sku, '') AS sku").
		Joins("LEFT JOIN local_products ON local_products.id = listings.product_id").Where("listings.company_id = ?", f.company).Scan(&rows).Error
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rows {
		out[r.SellerSKU] = r.SKU
	}
	return out
}

func TestProductsFromListingsAreMadeOnceAndPaired(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newListingsFixture(t, h)
			all := map[string]any{"all": true, "filter": map[string]any{"groupId": f.us}}
			got := into[fromResult](t, f.c.Call(http.MethodPost, v1+"/listing/fromListings", all))
			if got != (fromResult{Chosen: 4, Created: 3, Reused: 1, Paired: 4}) {
				t.Fatalf("first run: %+v", got)
			}
			ps := f.products(t, h)
			bk := ps["TUMBLER-BK"]
			if len(ps) != 4 || bk.Name != "Acme Tumbler 20oz, Black" || bk.Image != "https://m.media-amazon.com/images/I/bk.jpg" ||
				bk.Weight.Decimal.String() != "0.38" || bk.Length.Decimal.String() != "23" || ps["MUG-OLD"].Name != "老杯子" {
				t.Fatalf("products: %+v", ps)
			}
			want := map[string]string{"TUMBLER-BK": "TUMBLER-BK", "TUMBLER-WH": "TUMBLER-WH", "LAMP-1": "LAMP-1", "MUG-OLD": "MUG-OLD", "EU-ONLY": ""}
			if p := f.pairedTo(t, h); fmt.Sprint(p) != fmt.Sprint(want) {
				t.Fatalf("pairs %v, want %v", p, want)
			}
			// Twice: every listing is paired now, nothing more is made.
			again := into[fromResult](t, f.c.Call(http.MethodPost, v1+"/listing/fromListings", all))
			if again != (fromResult{Chosen: 4, Skipped: 4}) || len(f.products(t, h)) != 4 {
				t.Fatalf("second run: %+v, %d products", again, len(f.products(t, h)))
			}
			apptest.Expect(t, f.c.Call(http.MethodPost, v1+"/listing/fromListings", map[string]any{"ids": []string{}}),
				http.StatusBadRequest, "A0400", catalog.MsgFromListingsNone)
		})
	}
}

func TestProductsFromListingsByVariationParent(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newListingsFixture(t, h)
			body := map[string]any{"ids": []string{f.ids["TUMBLER-BK"], f.ids["TUMBLER-WH"], f.ids["LAMP-1"]}, "byParent": true}
			got := into[fromResult](t, f.c.Call(http.MethodPost, v1+"/listing/fromListings", body))
			if got != (fromResult{Chosen: 3, Created: 2, Paired: 3, AutoPaired: 1}) {
				t.Fatalf("by parent: %+v", got)
			}
			ps := f.products(t, h)
			family := ps["B0PARENT01"]
			if family.Name != "Acme Tumbler 20oz" || family.Image == "" || ps["LAMP-1"].Name != "Acme LED Desk Lamp" {
				t.Fatalf("products %+v", ps)
			}
			p := f.pairedTo(t, h)
			if p["TUMBLER-BK"] != "B0PARENT01" || p["TUMBLER-WH"] != "B0PARENT01" || p["LAMP-1"] != "LAMP-1" || p["MUG-OLD"] != "MUG-OLD" {
				// MUG-OLD: auto-paired after the products were made, its seller SKU being a product's SKU.
				t.Fatalf("pairs %v", p)
			}
		})
	}
}

func TestAutoPairBySellerSKUAndFNSKU(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newListingsFixture(t, h)
			if err := h.DB.Table("listings").Where("company_id = ? AND seller_sku = ?", f.company, "LAMP-1").Update("fnsku", "X00LAMPFN1").Error; err != nil {
				t.Fatal(err)
			}
			create(t, f.c, "/material", map[string]string{"sku": "X00LAMPFN1", "name": "台灯"})
			got := into[struct{ Paired int64 }](t, f.c.Call(http.MethodPost, v1+"/listing/autoPair", nil))
			p := f.pairedTo(t, h)
			if got.Paired != 2 || p["MUG-OLD"] != "MUG-OLD" || p["LAMP-1"] != "X00LAMPFN1" || p["TUMBLER-BK"] != "" {
				t.Fatalf("auto-paired %d: %v", got.Paired, p)
			}
			if again := into[struct{ Paired int64 }](t, f.c.Call(http.MethodPost, v1+"/listing/autoPair", nil)); again.Paired != 0 {
				t.Fatalf("second auto-pair paired %d", again.Paired)
			}
		})
	}
}

func TestPairingFromAnXLSXIsAllOrNothing(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newListingsFixture(t, h)
			create(t, f.c, "/material", map[string]string{"sku": "TUMBLER", "name": "杯子"})
			if rows := download(t, f.c, "/listing/pairTemplate"); len(rows) == 0 || strings.Join(rows[0], ",") != "平台SKU*,站点*,本地SKU*" {
				t.Fatalf("template %v", rows)
			}
			bad := sheet(t, [][]any{{"平台SKU*", "站点*", "本地SKU*"}, {"TUMBLER-BK", "US", "TUMBLER"}, {"TUMBLER-WH", "美国", "NO-SUCH"},
				{"LAMP-1", "XX", "TUMBLER"}})
			env := multipartCall(t, f.c, "/listing/pairImport", "pairs.xlsx", bad)
			if env.Status != http.StatusBadRequest || !strings.Contains(env.Msg, "第3行 本地SKU：本地SKU“NO-SUCH”不存在") ||
				!strings.Contains(env.Msg, "第4行 站点：站点“XX”不存在") || !strings.Contains(env.Msg, "未配对任何Listing") {
				t.Fatalf("bad rows: %d %s", env.Status, env.Msg)
			}
			if p := f.pairedTo(t, h); p["TUMBLER-BK"] != "" {
				t.Fatalf("a refused import paired %v", p)
			}
			good := sheet(t, [][]any{{"平台SKU*", "站点*", "本地SKU*"}, {"TUMBLER-BK", "US", "TUMBLER"}, {"TUMBLER-WH", "美国", "TUMBLER"}})
			res := into[struct{ Count, Paired int }](t, multipartCall(t, f.c, "/listing/pairImport", "pairs.xlsx", good))
			if p := f.pairedTo(t, h); res.Paired != 2 || p["TUMBLER-BK"] != "TUMBLER" || p["TUMBLER-WH"] != "TUMBLER" {
				t.Fatalf("imported %+v: %v", res, p)
			}
		})
	}
}

// A user limited to 美国店 makes products from and pairs only its listings; another company reaches none.
func TestBulkPairingStaysInTheUsersStoreGroupsAndCompany(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newListingsFixture(t, h)
			m := h.Member(ownerAccount, "13600000008", true)
			member, err := accountsdb.UserByAccount(h.DB, "13600000008")
			if err != nil {
				t.Fatal(err)
			}
			if err := storesdb.SetUserStoreGroups(h.DB, member.CompanyID, member.ID, []int64{mustID(t, f.us)}); err != nil {
				t.Fatal(err)
			}
			create(t, f.c, "/material", map[string]string{"sku": "EU-ONLY", "name": "欧洲货"})
			other := h.SignedIn("13900000001", "乙公司")
			for _, c := range []*apptest.Client{m, other} {
				got := into[fromResult](t, c.Call(http.MethodPost, v1+"/listing/fromListings", map[string]any{"ids": []string{f.ids["EU-ONLY"]}}))
				if got.Chosen != 0 || got.Created != 0 {
					t.Fatalf("another group's listing chosen: %+v", got)
				}
				rows := sheet(t, [][]any{{"平台SKU*", "站点*", "本地SKU*"}, {"EU-ONLY", "US", "EU-ONLY"}})
				if env := multipartCall(t, c, "/listing/pairImport", "p.xlsx", rows); env.Status != http.StatusBadRequest {
					t.Fatalf("pairing another group's listing: %d %s", env.Status, env.Msg)
				}
			}
			into[struct{ Paired int64 }](t, m.Call(http.MethodPost, v1+"/listing/autoPair", nil))
			into[struct{ Paired int64 }](t, other.Call(http.MethodPost, v1+"/listing/autoPair", nil))
			if p := f.pairedTo(t, h); p["EU-ONLY"] != "" {
				t.Fatalf("欧洲店's listing paired by a user not granted it: %v", p)
			}
			all := into[fromResult](t, m.Call(http.MethodPost, v1+"/listing/fromListings", map[string]any{"all": true}))
			if all.Chosen != 4 || f.pairedTo(t, h)["EU-ONLY"] != "" {
				t.Fatalf("the member's 全部: %+v", all)
			}
			if n := len(f.products(t, h)); n != 5 {
				t.Fatalf("%d products", n)
			}
		})
	}
}
