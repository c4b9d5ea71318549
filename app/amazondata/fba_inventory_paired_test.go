package amazondata_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// FBA库存明细's 已配对 / 未配对 filters follow SKU配对 however it changes: pairing and unpairing on the screen, a
// listing's seller SKU edited, the listing deleted, and stock synced after the pairing.
func TestFBAInventoryPairedFollowsSKUPairing(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newSeller(t, h, 2)
			s.importFile(t, amazondata.Inventory, s.store, inventoryHeader,
				fbaLine("SKU-A", 5, 0, 0, 0, 0, 0, 0), fbaLine("SKU-B", 6, 0, 0, 0, 0, 0, 0))
			synced := 2
			paired := func(step string, want ...string) {
				t.Helper()
				yes, _ := fbaPage(t, s.c, map[string]any{"paired": "yes"})
				no, _ := fbaPage(t, s.c, map[string]any{"paired": "no"})
				var gotNo []string
				for _, r := range no {
					gotNo = append(gotNo, r.SellerSKU)
				}
				var got []string
				for _, r := range yes {
					got = append(got, r.SellerSKU)
				}
				if !slices.Equal(got, want) || len(got)+len(gotNo) != synced {
					t.Fatalf("%s: 已配对 %v, 未配对 %v; want 已配对 %v", step, got, gotNo, want)
				}
			}
			paired("synced, nothing paired")

			l := &catalogdb.Listing{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, MarketplaceID: US, SellerSKU: "SKU-A"}
			must(t, h.DB.Create(l).Error)
			paired("listed, unpaired")
			pair := func(productID string) {
				t.Helper()
				apptest.ExpectOK(t, s.c.Call(http.MethodPost, fmt.Sprintf("%slisting/%d/pair", erp, l.ID), map[string]any{"productId": productID}))
			}
			pair(fmt.Sprint(s.products[0].ID))
			paired("paired on SKU配对", "SKU-A")
			pair("")
			paired("unpaired")
			pair(fmt.Sprint(s.products[0].ID))
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, fmt.Sprintf("%slisting/%d", erp, l.ID), map[string]any{
				"groupId": fmt.Sprint(s.store.GroupID), "marketplaceId": US, "sellerSku": "SKU-B", "productId": fmt.Sprint(s.products[0].ID)}))
			paired("seller SKU edited", "SKU-B")
			apptest.ExpectOK(t, s.c.Call(http.MethodDelete, fmt.Sprintf("%slisting/%d", erp, l.ID), nil))
			paired("listing deleted")

			s.listing(t, US, "SKU-C", 1)
			synced = 3
			s.importFile(t, amazondata.Inventory, s.store, inventoryHeader,
				fbaLine("SKU-A", 5, 0, 0, 0, 0, 0, 0), fbaLine("SKU-B", 6, 0, 0, 0, 0, 0, 0), fbaLine("SKU-C", 7, 0, 0, 0, 0, 0, 0))
			paired("synced after pairing", "SKU-C")
		})
	}
}
