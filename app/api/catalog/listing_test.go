package catalog_test

import (
	"net/http"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

type listing struct {
	ID, GroupID, GroupName, MarketplaceID, Country, MarketplaceName, SellerSKU, ASIN, FNSKU string
	ProductID, ProductSKU, ProductName, ProductImage, Paired, CreatedAt, UpdatedAt          string
}

func TestListingsArePairedWithLocalProducts(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	us := storeGroup(t, h, ownerAccount, "美国店")
	storeGroup(t, h, ownerAccount, "欧洲店")
	groups := into[[]option](t, c.Call(http.MethodGet, v1+"/listing/groups", nil))
	if len(groups) != 2 || groups[0].Name != "欧洲店" || groups[1].ID != us {
		t.Fatalf("groups = %+v", groups)
	}
	markets := into[[]map[string]string](t, c.Call(http.MethodGet, v1+"/listing/marketplaces", nil))
	if len(markets) != 20 || markets[0]["country"] != "US" || markets[0]["id"] != "ATVPDKIKX0DER" || markets[0]["name"] != "美国" {
		t.Fatalf("marketplaces = %v", markets[:1])
	}
	pid := create(t, c, "/material", map[string]string{"sku": "EAR-1", "name": "耳机"})

	form := map[string]string{"groupId": us, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "EAR-1-US", "asin": "b0abcdefgh", "fnsku": "X00ABCDEFG"}
	l := into[listing](t, c.Call(http.MethodPost, v1+"/listing", form))
	want := listing{ID: l.ID, GroupID: us, GroupName: "美国店", MarketplaceID: "ATVPDKIKX0DER", Country: "US", MarketplaceName: "美国",
		SellerSKU: "EAR-1-US", ASIN: "B0ABCDEFGH", FNSKU: "X00ABCDEFG", Paired: "未配对", CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt}
	if l != want {
		t.Fatalf("created = %+v", l)
	}
	for _, tc := range []struct {
		change    map[string]string
		code, msg string
	}{
		{map[string]string{"groupId": ""}, "A0400", catalog.MsgListingGroupEmpty},
		{map[string]string{"groupId": "123"}, "A0400", catalog.MsgListingGroupMissing},
		{map[string]string{"marketplaceId": ""}, "A0400", core.MsgMarketplaceEmpty},
		{map[string]string{"marketplaceId": "XX"}, "A0400", catalog.MsgMarketplaceBad},
		{map[string]string{"sellerSku": ""}, "A0400", "平台SKU不能为空"},
		{map[string]string{"asin": "B0123"}, "A0400", catalog.MsgASINBad},
		{map[string]string{"fnsku": "X00-ABCDEF"}, "A0400", catalog.MsgFNSKUBad},
		{map[string]string{"productId": "123"}, "A0400", catalog.MsgProductMissing},
		{map[string]string{}, "B0001", "该店铺在此站点已有平台SKU“EAR-1-US”"},
	} {
		body := map[string]string{}
		for k, v := range form {
			body[k] = v
		}
		for k, v := range tc.change {
			body[k] = v
		}
		apptest.Expect(t, c.Call(http.MethodPost, v1+"/listing", body), http.StatusBadRequest, tc.code, tc.msg)
	}

	paired := into[listing](t, c.Call(http.MethodPost, v1+"/listing/"+l.ID+"/pair", map[string]string{"productId": pid}))
	if paired.ProductID != pid || paired.ProductSKU != "EAR-1" || paired.ProductName != "耳机" || paired.Paired != "已配对" {
		t.Fatalf("paired = %+v", paired)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"/listing/"+l.ID+"/pair", map[string]string{"productId": "999"}), http.StatusBadRequest, "A0400", catalog.MsgProductMissing)
	apptest.Expect(t, c.Call(http.MethodPost, v1+"/listing/999/pair", map[string]string{"productId": pid}), http.StatusNotFound, "A0404", "Listing不存在")
	of := into[[]listing](t, c.Call(http.MethodGet, v1+"/material/"+pid+"/listings", nil))
	if len(of) != 1 || of[0].ID != l.ID || of[0].FNSKU != "X00ABCDEFG" {
		t.Fatalf("the product's listings = %+v", of)
	}
	de := form
	de["marketplaceId"], de["productId"] = "A1PA6795UKMFR9", pid
	create(t, c, "/listing", de)

	for body, total := range map[string]int64{`{}`: 2, `{"paired":"no"}`: 0, `{"marketplaceId":"A1PA6795UKMFR9"}`: 1, `{"keyword":"x00abc"}`: 2,
		`{"groupId":"` + groups[0].ID + `"}`: 0, `{"groupId":"bad"}`: 0} {
		var q map[string]any
		if err := jsonUnmarshal(body, &q); err != nil {
			t.Fatal(err)
		}
		if got := into[page[listing]](t, c.Call(http.MethodPost, v1+"/listing/page", q)); got.Total != total {
			t.Errorf("%s: %d listings, want %d", body, got.Total, total)
		}
	}

	edit := map[string]string{"groupId": us, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": "EAR-1-US-NEW", "productId": ""}
	edited := into[listing](t, c.Call(http.MethodPut, v1+"/listing/"+l.ID, edit))
	if edited.SellerSKU != "EAR-1-US-NEW" || edited.ProductID != "" || edited.ASIN != "" || edited.CreatedAt != l.CreatedAt {
		t.Fatalf("edited = %+v", edited)
	}
	if got := into[listing](t, c.Call(http.MethodGet, v1+"/listing/"+l.ID, nil)); got != edited {
		t.Fatalf("read = %+v", got)
	}
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"/listing/"+l.ID, nil))
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"/listing/"+l.ID, nil), http.StatusNotFound, "A0404", "Listing不存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"/listing/"+l.ID, edit), http.StatusNotFound, "A0404", "Listing不存在")
}

// A user limited to some store groups sees, reads and changes only their listings, as with plans and shipments:
// another group's listing is not found, another group is refused as missing, and a filter naming another group
// finds nothing. Nothing of the other group changes.
func TestAUserLimitedToAStoreGroupReachesOnlyItsListings(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			us, eu := storeGroup(t, h, ownerAccount, "美国店"), storeGroup(t, h, ownerAccount, "欧洲店")
			pid := create(t, c, "/material", map[string]string{"sku": "EAR-1", "name": "耳机"})
			form := func(group, sku string) map[string]string {
				return map[string]string{"groupId": group, "marketplaceId": "ATVPDKIKX0DER", "sellerSku": sku, "productId": pid}
			}
			mine := into[listing](t, c.Call(http.MethodPost, v1+"/listing", form(us, "EAR-1-US")))
			theirs := into[listing](t, c.Call(http.MethodPost, v1+"/listing", form(eu, "EAR-1-EU")))

			m := h.Member(ownerAccount, "13600000008", true)
			member, err := accountsdb.UserByAccount(h.DB, "13600000008")
			if err != nil {
				t.Fatal(err)
			}
			if err := storesdb.SetUserStoreGroups(h.DB, member.CompanyID, member.ID, []int64{mustID(t, us)}); err != nil {
				t.Fatal(err)
			}

			if groups := into[[]option](t, m.Call(http.MethodGet, v1+"/listing/groups", nil)); len(groups) != 1 || groups[0].ID != us {
				t.Fatalf("the member's groups = %+v", groups)
			}
			for body, want := range map[string]string{`{}`: mine.ID, `{"groupId":"` + us + `"}`: mine.ID, `{"groupId":"` + eu + `"}`: ""} {
				var q map[string]any
				if err := jsonUnmarshal(body, &q); err != nil {
					t.Fatal(err)
				}
				got := into[page[listing]](t, m.Call(http.MethodPost, v1+"/listing/page", q))
				if want == "" && got.Total != 0 || want != "" && (got.Total != 1 || got.Records[0].ID != want) {
					t.Errorf("%s: the member lists %+v", body, got)
				}
			}
			if of := into[[]listing](t, m.Call(http.MethodGet, v1+"/material/"+pid+"/listings", nil)); len(of) != 1 || of[0].ID != mine.ID {
				t.Errorf("the product's listings for the member = %+v", of)
			}

			for _, tc := range []struct {
				method, path string
				body         any
			}{
				{http.MethodGet, "/listing/" + theirs.ID, nil},
				{http.MethodPut, "/listing/" + theirs.ID, form(us, "MOVED")},
				{http.MethodPost, "/listing/" + theirs.ID + "/pair", map[string]string{"productId": ""}},
				{http.MethodDelete, "/listing/" + theirs.ID, nil},
			} {
				apptest.Expect(t, m.Call(tc.method, v1+tc.path, tc.body), http.StatusNotFound, "A0404", "Listing不存在")
			}
			apptest.Expect(t, m.Call(http.MethodPost, v1+"/listing", form(eu, "NEW-EU")), http.StatusBadRequest, "A0400", catalog.MsgListingGroupMissing)
			apptest.Expect(t, m.Call(http.MethodPut, v1+"/listing/"+mine.ID, form(eu, "EAR-1-US")), http.StatusBadRequest, "A0400", catalog.MsgListingGroupMissing)
			// Within its group the member works as before.
			if got := into[listing](t, m.Call(http.MethodPost, v1+"/listing/"+mine.ID+"/pair", map[string]string{"productId": ""})); got.Paired != "未配对" {
				t.Fatalf("the member's unpairing = %+v", got)
			}

			// Nothing of 欧洲店 changed, and no listing was added there.
			if got := into[listing](t, c.Call(http.MethodGet, v1+"/listing/"+theirs.ID, nil)); got != theirs {
				t.Fatalf("欧洲店's listing after the member's calls = %+v, was %+v", got, theirs)
			}
			if got := into[page[listing]](t, c.Call(http.MethodPost, v1+"/listing/page", map[string]any{"groupId": eu})); got.Total != 1 {
				t.Fatalf("欧洲店 holds %d listings", got.Total)
			}
			if got := into[listing](t, c.Call(http.MethodGet, v1+"/listing/"+mine.ID, nil)); got.GroupID != us || got.SellerSKU != "EAR-1-US" {
				t.Fatalf("美国店's listing after the member's calls = %+v", got)
			}
			// The owner, without limits, still sees every group.
			if groups := into[[]option](t, c.Call(http.MethodGet, v1+"/listing/groups", nil)); len(groups) != 2 {
				t.Fatalf("the owner's groups = %+v", groups)
			}
		})
	}
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
