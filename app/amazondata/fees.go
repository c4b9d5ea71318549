package amazondata

import (
	"context"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

func init() { importers[FeeEstimates] = importFees }

// feeKey is a SKU in a marketplace: the report lists a SKU once per marketplace it sells in.
type feeKey struct{ market, sku string }

// importFees reads an estimated FBA fees report. Each line's marketplace is its amazon-store (a country code); a
// SKU listed twice for a marketplace keeps its later line, Amazon's latest estimate.
func importFees(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, FeeEstimates, "sku", "estimated-fee-total"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.FeeEstimate, feeKey, error) {
		f, err := readFeeLine(st, row)
		return f, feeKey{f.MarketplaceID, f.SKU}, err
	}, func(fees []amazondatadb.FeeEstimate) (int64, error) {
		return amazondatadb.UpsertFeeEstimates(s.db, fees)
	})
}

// countryAliases are the country codes Amazon writes otherwise than the marketplaces list does.
var countryAliases = map[string]string{"GB": "UK"}

func readFeeLine(st Store, row amazon.TSVRow) (amazondatadb.FeeEstimate, error) {
	l := line{row: row}
	market := st.MarketplaceID
	if store := l.str("amazon-store"); store != "" {
		country := store
		if alias, ok := countryAliases[store]; ok {
			country = alias
		}
		m, ok := storesdb.MarketplaceByCountry(country)
		if !ok {
			l.fail("amazon-store", store, "不是已知的亚马逊站点")
		}
		market = m.ID
	}
	f := amazondatadb.FeeEstimate{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID, MarketplaceID: market,
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

// ListingsWithoutFeeEstimate are the store's FBA listings in the marketplaces that no fee estimate covers.
func (s *Service) ListingsWithoutFeeEstimate(ctx context.Context, st Store, marketplaceIDs []string) ([]catalogdb.Listing, error) {
	return amazondatadb.ListingsWithoutFeeEstimate(s.db.With(ctx), st.CompanyID, st.GroupID, st.SellerID, marketplaceIDs)
}

// SaveFeeAnswers keeps the Product Fees API's estimates of listings beside the report's (the same table, the same
// columns: the total, the referral fee and the FBA fee); a product Amazon could not estimate is left out.
func (s *Service) SaveFeeAnswers(ctx context.Context, st Store, listings map[string]catalogdb.Listing, answers []amazon.FeesAnswer) (Result, error) {
	rows := make([]amazondatadb.FeeEstimate, 0, len(answers))
	for _, a := range answers {
		if a.Err != "" {
			continue
		}
		l := listings[a.MarketplaceID+"\x00"+a.SKU]
		fba := decimal.Zero
		for t, v := range a.ByType {
			if strings.HasPrefix(t, "FBA") {
				fba = fba.Add(v)
			}
		}
		rows = append(rows, amazondatadb.FeeEstimate{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: a.MarketplaceID, SKU: a.SKU, FNSKU: l.FNSKU, ASIN: l.ASIN, ProductName: l.ItemName,
			FulfilledBy: fulfilledBy(l.FulfillmentChannel), Currency: a.Currency, YourPrice: l.Price, SalesPrice: l.Price,
			EstimatedFeeTotal: models.Money{Decimal: a.Total}, EstimatedReferralFee: models.Money{Decimal: a.ByType["ReferralFee"]},
			EstimatedVariableClosingFee: models.Money{Decimal: a.ByType["VariableClosingFee"]},
			ExpectedFulfillmentFee:      models.Money{Decimal: fba}})
	}
	if len(rows) == 0 {
		return Result{Lines: len(answers)}, nil
	}
	n, err := amazondatadb.UpsertFeeEstimates(s.db.With(ctx), rows)
	return Result{Lines: len(answers), Written: int(n)}, err
}

// fulfilledBy is the fee report's word for a listing's channel.
func fulfilledBy(channel string) string {
	if strings.HasPrefix(channel, "AMAZON") {
		return "Amazon"
	}
	return "Merchant"
}
