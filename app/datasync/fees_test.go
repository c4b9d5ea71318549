package datasync_test

import (
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// The listings the estimated FBA fees report leaves out (the seller's own shipping, and new listings) get their fees
// from the Product Fees API at their listing price after the report is in: the referral fee as Amazon estimates it,
// no FBA fee for a listing the seller ships. The report's own lines are kept as they are. On both databases.
func TestFeesOfUnreportedListingsComeFromTheProductFeesAPI(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000067", "费用公司")
			seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
			// The fee estimates read the listings: the two kinds are synced, the rest of the first sync left out.
			kinds := []string{string(amazondata.Listings), string(amazondata.FeeEstimates)}
			onlyKinds(t, h, kinds)
			var tasks []datasyncdb.SyncTask
			h.DB.Where("seller_id = ? AND kind IN ?", seller, kinds).Find(&tasks)
			h.StartWorkers(t)
			waitTasksDone(t, h, tasks, time.Time{})

			reported := map[string]bool{}
			for _, l := range w.FeeEstimates(amazontest.DefaultSeller) {
				reported[l.MarketplaceID+"/"+l.SKU] = true
			}
			var owner storesdb.Seller
			h.DB.Take(&owner, "id = ?", seller)
			var listings []catalogdb.Listing
			h.DB.Where("company_id = ? AND price > 0", owner.CompanyID).Find(&listings)
			var estimated, byAPI int
			for _, l := range listings {
				var f amazondatadb.FeeEstimate
				if err := h.DB.Where("seller_id = ? AND marketplace_id = ? AND sku = ?", seller, l.MarketplaceID, l.SellerSKU).Take(&f).Error; err != nil {
					t.Errorf("%s in %s (%s) has no fee estimate", l.SellerSKU, l.MarketplaceID, l.FulfillmentChannel)
					continue
				}
				estimated++
				if reported[l.MarketplaceID+"/"+l.SellerSKU] {
					continue
				}
				byAPI++
				fba := l.FulfillmentChannel != "DEFAULT"
				referral, fulfilment, ok := w.FeeQuote(amazontest.DefaultSeller, l.MarketplaceID, l.SellerSKU, l.Price.Decimal, fba)
				if !ok || !f.EstimatedReferralFee.Equal(referral) || !f.ExpectedFulfillmentFee.Equal(fulfilment) ||
					!f.EstimatedFeeTotal.Equal(referral.Add(fulfilment)) || f.Currency != l.Currency {
					t.Errorf("%s in %s: referral %s fba %s total %s %s, Amazon quotes %s and %s", l.SellerSKU, l.MarketplaceID,
						f.EstimatedReferralFee, f.ExpectedFulfillmentFee, f.EstimatedFeeTotal, f.Currency, referral, fulfilment)
				}
				if fba == (f.FulfilledBy != "Amazon") {
					t.Errorf("%s in %s: fulfilled by %q on channel %s", l.SellerSKU, l.MarketplaceID, f.FulfilledBy, l.FulfillmentChannel)
				}
			}
			if byAPI == 0 || estimated != len(listings) {
				t.Fatalf("%d of %d listings estimated, %d by the Product Fees API", estimated, len(listings), byAPI)
			}
		})
	}
}
