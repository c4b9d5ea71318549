package datasync

import (
	"slices"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
)

// estimateUnreportedFees asks the Product Fees API (getMyFeesEstimates, 20 SKUs a call, a call every 2 seconds)
// for the store's listings the estimated fees report left out (the seller's own shipping: the referral fee alone;
// FBA without stock yet: with the FBA fee), at their listing price, so that a month not settled yet has fees for
// every SKU it sold. A SKU Amazon cannot estimate stays without; the report's lines are
// never replaced (the report covers the SKUs with stock, by their real size).
func (sy *syncing) estimateUnreportedFees() error {
	st := amazondata.Store{CompanyID: sy.seller.CompanyID, SellerID: sy.seller.ID, GroupID: sy.seller.GroupID,
		Region: sy.seller.Region}
	markets := make([]string, 0, len(sy.seller.Marketplaces))
	for _, m := range sy.seller.Marketplaces {
		markets = append(markets, m.MarketplaceID)
	}
	missing, err := sy.s.data.ListingsWithoutFeeEstimate(sy.ctx, st, markets)
	if err != nil || len(missing) == 0 {
		return err
	}
	byKey := make(map[string]catalogdb.Listing, len(missing))
	for _, l := range missing {
		byKey[l.MarketplaceID+"\x00"+l.SellerSKU] = l
	}
	for chunk := range slices.Chunk(missing, amazon.MaxFeesEstimates) {
		qs := make([]amazon.FeesQuery, len(chunk))
		for i, l := range chunk {
			qs[i] = amazon.FeesQuery{SKU: l.SellerSKU, MarketplaceID: l.MarketplaceID, Price: l.Price.Decimal,
				Currency: l.Currency, AmazonFulfilled: strings.HasPrefix(l.FulfillmentChannel, "AMAZON")}
		}
		answers, err := sy.api.Client.FeesEstimates(sy.ctx, sy.api.Endpoint, sy.api.RefreshToken, qs)
		if err != nil {
			return err
		}
		res, err := sy.s.data.SaveFeeAnswers(sy.ctx, st, byKey, answers)
		if err != nil {
			return err
		}
		sy.run.Lines += int64(res.Lines)
		sy.run.Written += int64(res.Written)
		if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, map[string]any{"lines": sy.run.Lines,
			"written": sy.run.Written}); err != nil {
			return err
		}
		if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"lines": sy.run.Lines,
			"updated_at": sy.s.now.Stamp()}); err != nil {
			return err
		}
	}
	return nil
}
