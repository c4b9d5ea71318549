package amazon

import (
	"context"
	"fmt"
	"net/http"

	"github.com/shopspring/decimal"
)

// The Product Fees API v0: getMyFeesEstimates estimates Amazon's fees of up to 20 products (by seller SKU or ASIN)
// at a price in one call (0.5 calls a second, burst 1). The estimated FBA fees report names only the SKUs with
// stock at Amazon; this is how a SKU it leaves out gets its fees.

// feesEstimatePath is getMyFeesEstimates' path on a region's endpoint.
const feesEstimatePath = "/products/fees/v0/feesEstimate"

// MaxFeesEstimates is how many products one getMyFeesEstimates call takes at most.
const MaxFeesEstimates = 20

// FeesQuery is one product to estimate: its seller SKU in a marketplace, at a listing price in the marketplace's
// currency, fulfilled by Amazon or not.
type FeesQuery struct {
	SKU, MarketplaceID string
	Price              decimal.Decimal
	Currency           string
	AmazonFulfilled    bool
}

// FeesAnswer is Amazon's estimate of one query's fees, in the query's currency: the total and the parts by Amazon's
// fee type (ReferralFee, VariableClosingFee, FBAFees, FBAPerUnitFulfillmentFee...). Err is Amazon's refusal of this
// product alone (an unknown SKU), the others being answered.
type FeesAnswer struct {
	SKU, MarketplaceID, Currency string
	Total                        decimal.Decimal
	ByType                       map[string]decimal.Decimal
	Err                          string
}

type feesMoney struct {
	CurrencyCode string          `json:"CurrencyCode"`
	Amount       decimal.Decimal `json:"Amount"`
}

type feesByIDRequest struct {
	IdType              string `json:"IdType"`
	IdValue             string `json:"IdValue"`
	FeesEstimateRequest struct {
		MarketplaceId       string `json:"MarketplaceId"`
		IsAmazonFulfilled   bool   `json:"IsAmazonFulfilled"`
		Identifier          string `json:"Identifier"`
		PriceToEstimateFees struct {
			ListingPrice feesMoney `json:"ListingPrice"`
		} `json:"PriceToEstimateFees"`
	} `json:"FeesEstimateRequest"`
}

type feesResult struct {
	Status                 string `json:"Status"`
	FeesEstimateIdentifier struct {
		MarketplaceId         string `json:"MarketplaceId"`
		IdValue               string `json:"IdValue"`
		SellerInputIdentifier string `json:"SellerInputIdentifier"`
	} `json:"FeesEstimateIdentifier"`
	FeesEstimate *struct {
		TotalFeesEstimate feesMoney `json:"TotalFeesEstimate"`
		FeeDetailList     []struct {
			FeeType  string    `json:"FeeType"`
			FinalFee feesMoney `json:"FinalFee"`
		} `json:"FeeDetailList"`
	} `json:"FeesEstimate"`
	Error *struct {
		Code    string `json:"Code"`
		Message string `json:"Message"`
	} `json:"Error"`
}

// FeesEstimates asks Amazon to estimate up to MaxFeesEstimates products' fees (POST
// /products/fees/v0/feesEstimate) and answers one FeesAnswer a query, in the queries' order.
func (s *SellingPartner) FeesEstimates(ctx context.Context, endpoint, refreshToken string, qs []FeesQuery) ([]FeesAnswer, error) {
	if len(qs) == 0 {
		return nil, nil
	}
	if len(qs) > MaxFeesEstimates {
		return nil, fmt.Errorf("selling partner api: getMyFeesEstimates takes at most %d products, not %d", MaxFeesEstimates, len(qs))
	}
	body := make([]feesByIDRequest, len(qs))
	for i, q := range qs {
		r := &body[i]
		r.IdType, r.IdValue = "SellerSKU", q.SKU
		r.FeesEstimateRequest.MarketplaceId, r.FeesEstimateRequest.IsAmazonFulfilled = q.MarketplaceID, q.AmazonFulfilled
		r.FeesEstimateRequest.Identifier = fmt.Sprint(i)
		r.FeesEstimateRequest.PriceToEstimateFees.ListingPrice = feesMoney{CurrencyCode: q.Currency, Amount: q.Price}
	}
	var results []feesResult
	if err := s.call(ctx, "getMyFeesEstimates", http.MethodPost, endpoint+feesEstimatePath, refreshToken, body, &results); err != nil {
		return nil, err
	}
	out := make([]FeesAnswer, len(qs))
	for i, q := range qs {
		out[i] = FeesAnswer{SKU: q.SKU, MarketplaceID: q.MarketplaceID, Currency: q.Currency, Err: "Amazon 未回答该商品的费用预估"}
	}
	for _, r := range results {
		var i int
		if _, err := fmt.Sscan(r.FeesEstimateIdentifier.SellerInputIdentifier, &i); err != nil || i < 0 || i >= len(qs) {
			continue
		}
		a := &out[i]
		if r.Status != "Success" || r.FeesEstimate == nil {
			a.Err = r.Status
			if r.Error != nil {
				a.Err = r.Error.Code + ": " + r.Error.Message
			}
			continue
		}
		a.Err, a.Total, a.ByType = "", r.FeesEstimate.TotalFeesEstimate.Amount, map[string]decimal.Decimal{}
		for _, d := range r.FeesEstimate.FeeDetailList {
			a.ByType[d.FeeType] = a.ByType[d.FeeType].Add(d.FinalFee.Amount)
		}
	}
	return out, nil
}
