package amazontest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
)

// The Listings Items API 2021-08-01 of the stand-in: patchListingsItem (PATCH
// /listings/2021-08-01/items/{sellerId}/{sku}?marketplaceIds=..) replacing the purchasable_offer attribute's price.
// Amazon answers 200 with the submission: ACCEPTED when the price is kept (the listings report then gives it), or
// INVALID with its issues (a price under the seller's minimum allowed price, a currency not the marketplace's, no
// price); 404 for a SKU the seller does not have in the marketplace; 400 for a body it cannot read. Throttle and
// Quotas work on it as on the Reports operations (operation "patchListingsItem").

// ListingOffers is what the stand-in knows of a seller's offers: a SKU's price in a marketplace with its currency
// and the least price Amazon accepts for it (the seller's 最低价 in Seller Central, zero for none), and keeping a
// new price. sellerdata.World is one; Offers is a small one for tests.
type ListingOffers interface {
	Offer(sellerID, marketplaceID, sku string) (price, minimum decimal.Decimal, currency string, ok bool)
	SetOfferPrice(sellerID, marketplaceID, sku string, price decimal.Decimal)
}

// Offers is an in-memory ListingOffers.
type Offers struct {
	mu     sync.Mutex
	offers map[string]*offer
}

type offer struct {
	price, minimum decimal.Decimal
	currency       string
}

// NewOffers makes an empty book.
func NewOffers() *Offers { return &Offers{offers: map[string]*offer{}} }

func offerKey(sellerID, marketplaceID, sku string) string {
	return sellerID + "\x00" + marketplaceID + "\x00" + sku
}

// Add lists a SKU at a price, with the least price Amazon accepts for it ("" or "0": none).
func (o *Offers) Add(sellerID, marketplaceID, sku, price, minimum, currency string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	m, _ := decimal.NewFromString(minimum)
	o.offers[offerKey(sellerID, marketplaceID, sku)] = &offer{price: decimal.RequireFromString(price), minimum: m, currency: currency}
}

// Offer answers a SKU's price, least price and currency.
func (o *Offers) Offer(sellerID, marketplaceID, sku string) (decimal.Decimal, decimal.Decimal, string, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	x, ok := o.offers[offerKey(sellerID, marketplaceID, sku)]
	if !ok {
		return decimal.Zero, decimal.Zero, "", false
	}
	return x.price, x.minimum, x.currency, true
}

// SetOfferPrice keeps a SKU's new price.
func (o *Offers) SetOfferPrice(sellerID, marketplaceID, sku string, price decimal.Decimal) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if x, ok := o.offers[offerKey(sellerID, marketplaceID, sku)]; ok {
		x.price = price
	}
}

// Price is a SKU's price as Amazon now has it ("" for a SKU it does not have).
func (o *Offers) Price(sellerID, marketplaceID, sku string) string {
	p, _, _, ok := o.Offer(sellerID, marketplaceID, sku)
	if !ok {
		return ""
	}
	return p.String()
}

func (s *Server) addListings() {
	s.Mux.HandleFunc("PATCH /listings/2021-08-01/items/{sellerId}/{sku}", s.patchListingsItem)
	s.Mux.HandleFunc("GET /listings/2021-08-01/items/{sellerId}/{sku}", func(w http.ResponseWriter, r *http.Request) { getListingsItem(s, w, r) })
}

// getListingsItem answers a listing's summary and issues (includedData=summaries,issues): a SKU the offers do not
// know is 404; a listing with a suppressing issue has no status, any other BUYABLE and DISCOVERABLE. A function,
// not a method: Server's method set is at its size limit.
func getListingsItem(s *Server, w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	seller, ok := s.reportsCall(w, r, "getListingsItem")
	offers := s.Listings
	sku, market := r.PathValue("sku"), r.URL.Query().Get("marketplaceIds")
	issues := append([]amazon.ListingIssue{}, s.ListingIssues[seller+"/"+market+"/"+sku]...)
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.PathValue("sellerId") != seller {
		apiError(w, http.StatusForbidden, "Unauthorized", "Access to requested resource is denied.")
		return
	}
	if market == "" || strings.Contains(market, ",") {
		apiError(w, http.StatusBadRequest, "InvalidInput", "marketplaceIds must name exactly one marketplace.")
		return
	}
	if offers == nil {
		apiError(w, http.StatusNotFound, "NOT_FOUND", "SKU '"+sku+"' not found in marketplace "+market)
		return
	}
	if _, _, _, known := offers.Offer(seller, market, sku); !known {
		apiError(w, http.StatusNotFound, "NOT_FOUND", "SKU '"+sku+"' not found in marketplace "+market)
		return
	}
	status := []string{"BUYABLE", "DISCOVERABLE"}
	for _, i := range issues {
		if i.Suppresses() {
			status = []string{}
		}
	}
	writeJSON(w, http.StatusOK, amazon.ListingsItem{SKU: sku, Issues: issues,
		Summaries: []amazon.ListingSummary{{MarketplaceID: market, ProductType: "PRODUCT", ConditionType: "new_new", Status: status}}})
}

func (s *Server) patchListingsItem(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	seller, ok := s.reportsCall(w, r, "patchListingsItem")
	offers := s.Listings
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.PathValue("sellerId") != seller {
		apiError(w, http.StatusForbidden, "Unauthorized", "Access to requested resource is denied.")
		return
	}
	sku := r.PathValue("sku")
	marketplaces := strings.Split(r.URL.Query().Get("marketplaceIds"), ",")
	if len(marketplaces) != 1 || marketplaces[0] == "" {
		apiError(w, http.StatusBadRequest, "InvalidInput", "marketplaceIds must name exactly one marketplace.")
		return
	}
	market := marketplaces[0]
	var body struct {
		ProductType string `json:"productType"`
		Patches     []struct {
			Op    string `json:"op"`
			Path  string `json:"path"`
			Value []struct {
				MarketplaceID string `json:"marketplace_id"`
				Currency      string `json:"currency"`
				OurPrice      []struct {
					Schedule []struct {
						ValueWithTax *decimal.Decimal `json:"value_with_tax"`
					} `json:"schedule"`
				} `json:"our_price"`
			} `json:"value"`
		} `json:"patches"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&body); err != nil || body.ProductType == "" || len(body.Patches) == 0 {
		apiError(w, http.StatusBadRequest, "InvalidInput", "Request body must be a ListingsItemPatchRequest with productType and patches.")
		return
	}
	var minimum decimal.Decimal
	var currency string
	known := false
	if offers != nil {
		_, minimum, currency, known = offers.Offer(seller, market, sku)
	}
	if !known {
		apiError(w, http.StatusNotFound, "NOT_FOUND", fmt.Sprintf("SKU '%s' not found in marketplace %s", sku, market))
		return
	}
	answer := map[string]any{"sku": sku, "submissionId": submissionID(), "issues": []any{}}
	invalid := func(code, message string) {
		answer["status"] = "INVALID"
		answer["issues"] = []map[string]any{{"code": code, "message": message, "severity": "ERROR",
			"attributeNames": []string{"purchasable_offer"}}}
		writeJSON(w, http.StatusOK, answer)
	}
	p := body.Patches[0]
	if p.Op != "replace" || p.Path != "/attributes/purchasable_offer" || len(p.Value) != 1 || len(p.Value[0].OurPrice) != 1 ||
		len(p.Value[0].OurPrice[0].Schedule) != 1 || p.Value[0].OurPrice[0].Schedule[0].ValueWithTax == nil {
		invalid("4000001", "The provided value for 'purchasable_offer' is invalid: our_price requires one schedule with value_with_tax.")
		return
	}
	v := p.Value[0]
	newPrice := *v.OurPrice[0].Schedule[0].ValueWithTax
	switch {
	case v.MarketplaceID != market:
		invalid("4000001", fmt.Sprintf("The marketplace_id '%s' does not match the request's marketplace %s.", v.MarketplaceID, market))
	case v.Currency != currency:
		invalid("4000001", fmt.Sprintf("The currency '%s' is not the currency of marketplace %s (%s).", v.Currency, market, currency))
	case !newPrice.IsPositive():
		invalid("4000001", "The provided value for 'Your Price' is invalid: it must be greater than 0.")
	case minimum.IsPositive() && newPrice.LessThan(minimum):
		invalid("8026", fmt.Sprintf("The price %s %s is below the Minimum Seller Allowed Price of %s %s for this SKU.",
			newPrice.String(), currency, minimum.String(), currency))
	default:
		offers.SetOfferPrice(seller, market, sku, newPrice)
		answer["status"] = "ACCEPTED"
		writeJSON(w, http.StatusOK, answer)
	}
}

// submissionID is a new submission's id, as Amazon's look (32 hex digits).
func submissionID() string {
	return (random() + random())[:32]
}
