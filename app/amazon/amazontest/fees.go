package amazontest

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/shopspring/decimal"
)

// The Product Fees API v0 of the stand-in: getMyFeesEstimates (POST /products/fees/v0/feesEstimate) estimates up to
// 20 products by seller SKU, answering Amazon's array of FeesEstimateResult in the order asked, a product the seller
// does not have as a ClientError of its own beside the others. Throttle and SetRateLimit work on it as on the
// Reports operations (operation "getMyFeesEstimates").

// FeeQuotes estimates a seller's SKU in a marketplace at a listing price: the referral fee and, fulfilled by
// Amazon, the FBA fee; ok false for a SKU the seller does not have. sellerdata.World.FeeQuote is one.
type FeeQuotes func(sellerID, marketplaceID, sku string, price decimal.Decimal, amazonFulfilled bool) (referral, fulfilment decimal.Decimal, ok bool)

func (s *Server) addFees() {
	s.Mux.HandleFunc("POST /products/fees/v0/feesEstimate", s.feesEstimates)
}

type feeMoney struct {
	CurrencyCode string          `json:"CurrencyCode"`
	Amount       decimal.Decimal `json:"Amount"`
}

func (s *Server) feesEstimates(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	seller, ok := s.reportsCall(w, r, "getMyFeesEstimates")
	quote := s.Fees
	s.mu.Unlock()
	if !ok {
		return
	}
	var body []struct {
		IdType              string
		IdValue             string
		FeesEstimateRequest *struct {
			MarketplaceId       string
			IsAmazonFulfilled   bool
			Identifier          string
			PriceToEstimateFees *struct{ ListingPrice *feeMoney }
		}
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&body); err != nil {
		apiError(w, http.StatusBadRequest, "InvalidInput", "Request body is not a list of FeesEstimateByIdRequest.")
		return
	}
	if len(body) == 0 || len(body) > 20 {
		apiError(w, http.StatusBadRequest, "InvalidInput", "The request must contain between 1 and 20 FeesEstimateByIdRequest.")
		return
	}
	out := make([]map[string]any, 0, len(body))
	for _, b := range body {
		req := b.FeesEstimateRequest
		if req == nil || req.PriceToEstimateFees == nil || req.PriceToEstimateFees.ListingPrice == nil || req.Identifier == "" ||
			(b.IdType != "SellerSKU" && b.IdType != "ASIN") {
			apiError(w, http.StatusBadRequest, "InvalidInput", "IdType, IdValue, MarketplaceId, PriceToEstimateFees and Identifier are required.")
			return
		}
		price := *req.PriceToEstimateFees.ListingPrice
		result := map[string]any{"FeesEstimateIdentifier": map[string]any{"MarketplaceId": req.MarketplaceId, "SellerId": seller,
			"IdType": b.IdType, "IdValue": b.IdValue, "IsAmazonFulfilled": req.IsAmazonFulfilled, "SellerInputIdentifier": req.Identifier,
			"PriceToEstimateFees": map[string]any{"ListingPrice": price}}}
		var referral, fulfilment decimal.Decimal
		known := false
		if quote != nil && b.IdType == "SellerSKU" {
			referral, fulfilment, known = quote(seller, req.MarketplaceId, b.IdValue, price.Amount, req.IsAmazonFulfilled)
		}
		if !known {
			result["Status"] = "ClientError"
			result["Error"] = map[string]any{"Type": "Sender", "Code": "InvalidParameterValue",
				"Message": "There is an client-side error. Please verify your inputs.", "Detail": []any{}}
			out = append(out, result)
			continue
		}
		money := func(d decimal.Decimal) feeMoney { return feeMoney{CurrencyCode: price.CurrencyCode, Amount: d} }
		details := []map[string]any{{"FeeType": "ReferralFee", "FeeAmount": money(referral), "FinalFee": money(referral)}}
		if req.IsAmazonFulfilled {
			details = append(details, map[string]any{"FeeType": "FBAFees", "FeeAmount": money(fulfilment), "FinalFee": money(fulfilment)})
		}
		result["Status"] = "Success"
		result["FeesEstimate"] = map[string]any{"TimeOfFeesEstimation": time.Now().UTC().Format(time.RFC3339),
			"TotalFeesEstimate": money(referral.Add(fulfilment)), "FeeDetailList": details}
		out = append(out, result)
	}
	writeJSON(w, http.StatusOK, out)
}
