package amazondata_test

import (
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// The listings report has no FNSKU: the FBA inventory report's fills it by seller SKU, a listing's own FNSKU is
// kept, and a listing whose seller SKU or (filled) FNSKU is a local product's SKU is paired by the sync itself.
func TestFBAInventoryFillsListingFNSKUsAndAutoPairs(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newSeller(t, h, 1)
			fnskuProduct := &catalogdb.LocalProduct{CompanyID: s.store.CompanyID, SKU: "X00SKU-F", Name: "按FNSKU", Kind: catalogdb.ProductKindProduct}
			must(t, h.DB.Create(fnskuProduct).Error)
			kept := &catalogdb.Listing{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, MarketplaceID: US, SellerSKU: "SKU-K", FNSKU: "X00OWNFNSK"}
			must(t, h.DB.Create(kept).Error)
			s.importFile(t, amazondata.Listings, s.store, listingsHeader,
				listingLine("按SKU", "P-1", "9.99", "1", "B0P1000001", "AMAZON_NA", "Active"),
				listingLine("按FNSKU", "SKU-F", "9.99", "1", "B0F1000001", "AMAZON_NA", "Active"),
				listingLine("无货", "SKU-N", "9.99", "1", "B0N1000001", "AMAZON_NA", "Active"))
			s.importFile(t, amazondata.Inventory, s.store, inventoryHeader,
				inventoryLine("P-1", "1", "0", "0", "0", "0"), inventoryLine("SKU-F", "2", "0", "0", "0", "0"),
				inventoryLine("SKU-K", "3", "0", "0", "0", "0"))
			var rows []catalogdb.Listing
			must(t, h.DB.Where("company_id = ?", s.store.CompanyID).Find(&rows).Error)
			got := map[string]catalogdb.Listing{}
			for _, l := range rows {
				got[l.SellerSKU] = l
			}
			if got["P-1"].FNSKU != "X00P-1" || got["SKU-F"].FNSKU != "X00SKU-F" || got["SKU-N"].FNSKU != "" || got["SKU-K"].FNSKU != "X00OWNFNSK" {
				t.Fatalf("FNSKUs: %+v", got)
			}
			if p := got["P-1"].ProductID; p == nil || *p != s.products[0].ID {
				t.Fatalf("P-1 paired with %v", p)
			}
			if p := got["SKU-F"].ProductID; p == nil || *p != fnskuProduct.ID {
				t.Fatalf("SKU-F paired with %v", p)
			}
			if got["SKU-N"].ProductID != nil {
				t.Fatalf("SKU-N paired")
			}
		})
	}
}
