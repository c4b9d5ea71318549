package catalog_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

type listingIssues struct {
	ID, SellerSKU string
	Status        []string
	Suppressed    bool
	Issues        []struct {
		Code, Message, Severity, SeverityName string
		Categories, Attributes                []string
		Suppressing                           bool
	}
}

// 商品列表's 不可售原因 on both databases: a suppressed listing's issues read live from the Listings Items API
// (getListingsItem, summaries and issues) through the store's authorisation, errors first; a listing on sale has
// none; one Amazon does not know, one of a region not authorised, another company's and a user without 商品列表 are
// refused with their messages.
func TestListingIssuesSaySuppressionReasons(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startBrowseWorld(t, kind)
			offers := amazontest.NewOffers()
			offers.Add(amazontest.DefaultSeller, usMarket, "ACME-TB-BK", "19.99", "0", "USD")
			offers.Add(amazontest.DefaultSeller, usMarket, "ACME-TB-WH", "19.99", "0", "USD")
			w.amz.Listings = offers
			suppressed := amazon.ListingIssue{Code: "90220", Message: "缺少商品主图，商品已被禁止显示", Severity: "ERROR",
				AttributeNames: []string{"main_product_image_locator"}, Categories: []string{"MISSING_ATTRIBUTE", "INVALID_IMAGE"},
				Enforcements: &amazon.IssueEnforcements{}}
			suppressed.Enforcements.Actions = append(suppressed.Enforcements.Actions, struct {
				Action string `json:"action"`
			}{"LISTING_SUPPRESSED"})
			w.amz.ListingIssues = map[string][]amazon.ListingIssue{amazontest.DefaultSeller + "/" + usMarket + "/ACME-TB-BK": {
				{Code: "18027", Message: "商品描述过短", Severity: "WARNING", Categories: []string{"INVALID_ATTRIBUTE"}}, suppressed}}
			group, err := strconv.ParseInt(w.group, 10, 64)
			must(t, err)
			add := func(sku, market string) string {
				l := catalogdb.Listing{CompanyID: w.company, GroupID: group, MarketplaceID: market, SellerSKU: sku,
					Status: "Inactive", CreatedAt: time.Now(), UpdatedAt: time.Now()}
				must(t, w.h.DB.Create(&l).Error)
				return idText(l.ID)
			}
			get := func(c *apptest.Client, id string) apptest.Envelope {
				return c.Call(http.MethodGet, v1+"/listing/products/"+id+"/issues", nil)
			}

			env := get(w.c, idText(w.listing))
			apptest.ExpectOK(t, env)
			var got listingIssues
			env.Into(t, &got)
			if !got.Suppressed || got.SellerSKU != "ACME-TB-BK" || len(got.Status) != 0 || len(got.Issues) != 2 ||
				got.Issues[0].Code != "90220" || got.Issues[0].SeverityName != "错误" || !got.Issues[0].Suppressing ||
				got.Issues[0].Message != "缺少商品主图，商品已被禁止显示" || len(got.Issues[0].Categories) != 2 ||
				got.Issues[0].Attributes[0] != "main_product_image_locator" || got.Issues[1].Severity != "WARNING" || got.Issues[1].Suppressing {
				t.Fatalf("issues %+v", got)
			}
			calls := w.amz.RequestsTo("/listings/2021-08-01/items/" + amazontest.DefaultSeller + "/ACME-TB-BK")
			if len(calls) != 1 || calls[0].Query.Get("includedData") != "summaries,issues" || calls[0].Query.Get("marketplaceIds") != usMarket {
				t.Fatalf("getListingsItem calls %+v", calls)
			}

			env = get(w.c, add("ACME-TB-WH", usMarket))
			apptest.ExpectOK(t, env)
			got = listingIssues{}
			env.Into(t, &got)
			if got.Suppressed || len(got.Issues) != 0 || len(got.Status) != 2 || got.Status[0] != "BUYABLE" {
				t.Fatalf("a listing on sale: %+v", got)
			}
			apptest.Expect(t, get(w.c, add("GONE-SKU", usMarket)), http.StatusBadRequest, "B0001", catalog.MsgIssuesNoListing)
			apptest.Expect(t, get(w.c, add("ACME-TB-UK", "A1F83G8C2ARO7P")), http.StatusBadRequest, "A0400", catalog.MsgBrowseNoSeller)

			other := w.h.SignedIn("13900000071", "别家公司")
			apptest.Expect(t, other.Call(http.MethodGet, v1+"/listing/products/"+idText(w.listing)+"/issues", nil), http.StatusNotFound, "A0404", "Listing不存在")
			nobody, _ := w.h.RestrictedUser("13900000072", nil, nil)
			apptest.Expect(t, get(nobody, idText(w.listing)), http.StatusUnauthorized, "A0301", "访问未授权")
			viewer, _ := w.h.RestrictedUser("13900000073", []string{"product.listing.products"}, nil)
			apptest.ExpectOK(t, get(viewer, idText(w.listing)))
		})
	}
}
