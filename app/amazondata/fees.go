package amazondata

import (
	"io"

	"sellerhub/app/amazon"
	"sellerhub/models"
)

func init() { importers[FeeEstimates] = importFees }

// feeKey is a SKU in a marketplace: the report lists a SKU once per marketplace it sells in.
type feeKey struct{ market, sku string }

// importFees reads an estimated FBA fees report. Each line's marketplace is its amazon-store (a country code).
func importFees(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	var res Result
	st, err := s.checkStore(st)
	if err != nil {
		return res, err
	}
	if err := requireColumns(r, FeeEstimates, "sku", "estimated-fee-total"); err != nil {
		return res, err
	}
	var fees []models.FeeEstimate
	at := map[feeKey]int{}
	flush := func() error {
		if len(fees) == 0 {
			return nil
		}
		n, err := s.db.UpsertFeeEstimates(fees)
		if err != nil {
			return err
		}
		res.Written += int(n)
		progress(res.Lines)
		fees, at = fees[:0], map[feeKey]int{}
		return nil
	}
	for {
		row, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return res, err
		}
		res.Lines++
		f, err := readFeeLine(st, row)
		if err != nil {
			return res, err
		}
		// A SKU listed twice for a marketplace: the later line is Amazon's latest estimate.
		key := feeKey{f.MarketplaceID, f.SKU}
		if i, ok := at[key]; ok {
			fees[i] = f
			continue
		}
		at[key] = len(fees)
		fees = append(fees, f)
		if len(fees) >= batchLines {
			if err := flush(); err != nil {
				return res, err
			}
		}
	}
	return res, flush()
}

// countryAliases are the country codes Amazon writes otherwise than the marketplaces list does.
var countryAliases = map[string]string{"GB": "UK"}

func readFeeLine(st Store, row amazon.TSVRow) (models.FeeEstimate, error) {
	l := line{row: row}
	market := st.MarketplaceID
	if store := l.str("amazon-store"); store != "" {
		country := store
		if alias, ok := countryAliases[store]; ok {
			country = alias
		}
		m, ok := models.MarketplaceByCountry(country)
		if !ok {
			l.fail("amazon-store", store, "不是已知的亚马逊站点")
		}
		market = m.ID
	}
	f := models.FeeEstimate{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID, MarketplaceID: market,
		SKU: l.required("sku"), FNSKU: l.str("fnsku"), ASIN: l.str("asin"), ProductName: l.str("product-name"),
		ProductGroup: l.str("product-group"), Brand: l.str("brand"), FulfilledBy: l.str("fulfilled-by"),
		ProductSizeTier: l.str("product-size-tier"), LongestSide: l.str("longest-side"),
		MedianSide: l.str("median-side"), ShortestSide: l.str("shortest-side"),
		LengthAndGirth: l.str("length-and-girth"), UnitOfDimension: l.str("unit-of-dimension"),
		ItemPackageWeight: l.str("item-package-weight"), UnitOfWeight: l.str("unit-of-weight"),
		Currency: l.str("currency"), YourPrice: l.money("your-price"), SalesPrice: l.money("sales-price"),
		EstimatedFeeTotal:           l.money("estimated-fee-total"),
		EstimatedReferralFee:        l.money("estimated-referral-fee-per-unit"),
		EstimatedVariableClosingFee: l.money("estimated-variable-closing-fee"),
		EstimatedOrderHandlingFee:   l.money("estimated-order-handling-fee-per-order"),
		EstimatedPickPackFee:        l.money("estimated-pick-pack-fee-per-unit"),
		EstimatedWeightHandlingFee:  l.money("estimated-weight-handling-fee-per-unit"),
		ExpectedFulfillmentFee:      l.money("expected-fulfillment-fee-per-unit")}
	if f.MarketplaceID == "" && l.err == nil {
		l.fail("amazon-store", "", "不能为空")
	}
	return f, l.err
}
