package amazon

import (
	"context"
	"net/http"
	"net/url"

	"github.com/shopspring/decimal"
)

// The Listings Items API 2021-08-01: patchListingsItem changes attributes of one seller SKU's listing (5 calls a
// second, burst 10). 调价 replaces the purchasable_offer attribute's our_price in one marketplace; Amazon answers
// ACCEPTED (the change is queued and shows in the listing within minutes) or INVALID with the issues that refused
// it, and 404 for a SKU the seller does not have.

// listingsItemsPath is the Listings Items API's items root on a region's endpoint.
const listingsItemsPath = "/listings/2021-08-01/items/"

// OfferProductType is the product type an offer-only patch names: the price is the offer's, not the product's, so
// the listing's own product type is not needed (Amazon's LISTING_OFFER_ONLY requirements).
const OfferProductType = "PRODUCT"

// Submission statuses of patchListingsItem's answer.
const (
	SubmissionAccepted = "ACCEPTED"
	SubmissionInvalid  = "INVALID"
)

// ListingIssue is one issue of a listings submission: Amazon's code, message, severity (ERROR, WARNING, INFO) and
// the attributes it concerns.
type ListingIssue struct {
	Code           string   `json:"code"`
	Message        string   `json:"message"`
	Severity       string   `json:"severity"`
	AttributeNames []string `json:"attributeNames,omitempty"`
	// Categories group an item's issues (INVALID_ATTRIBUTE, MISSING_ATTRIBUTE, INVALID_IMAGE, ...); Enforcements
	// say what Amazon does about one, LISTING_SUPPRESSED among its actions when it keeps the listing off sale.
	Categories   []string           `json:"categories,omitempty"`
	Enforcements *IssueEnforcements `json:"enforcements,omitempty"`
}

// IssueEnforcements are an issue's enforcement actions.
type IssueEnforcements struct {
	Actions []struct {
		Action string `json:"action"`
	} `json:"actions"`
}

// Suppresses tells an issue that keeps the listing off sale.
func (i ListingIssue) Suppresses() bool {
	if i.Enforcements == nil {
		return false
	}
	for _, a := range i.Enforcements.Actions {
		if a.Action == "LISTING_SUPPRESSED" || a.Action == "CATALOG_ITEM_REMOVED" {
			return true
		}
	}
	return false
}

// ListingSummary is an item's summary in one marketplace: its status (BUYABLE, DISCOVERABLE; neither when it is
// suppressed or inactive), ASIN, name and condition.
type ListingSummary struct {
	MarketplaceID string   `json:"marketplaceId"`
	ASIN          string   `json:"asin"`
	ProductType   string   `json:"productType"`
	ConditionType string   `json:"conditionType"`
	Status        []string `json:"status"`
	ItemName      string   `json:"itemName"`
}

// ListingsItem is getListingsItem's answer with includedData=summaries,issues.
type ListingsItem struct {
	SKU       string           `json:"sku"`
	Summaries []ListingSummary `json:"summaries"`
	Issues    []ListingIssue   `json:"issues"`
}

// GetListingsItem reads a seller SKU's summary and issues in one marketplace (GET
// /listings/2021-08-01/items/{sellerId}/{sku}?marketplaceIds=..&includedData=summaries,issues; 5 calls a second).
// 404 (no such SKU) and the other refusals are *APIError.
func (s *SellingPartner) GetListingsItem(ctx context.Context, endpoint, refreshToken, sellerID, sku, marketplaceID string) (*ListingsItem, error) {
	q := url.Values{"marketplaceIds": {marketplaceID}, "includedData": {"summaries,issues"}, "issueLocale": {"zh_CN"}}
	u := endpoint + listingsItemsPath + url.PathEscape(sellerID) + "/" + url.PathEscape(sku) + "?" + q.Encode()
	var out ListingsItem
	if err := s.call(ctx, "getListingsItem", http.MethodGet, u, refreshToken, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListingSubmission is patchListingsItem's answer.
type ListingSubmission struct {
	SKU          string         `json:"sku"`
	Status       string         `json:"status"`
	SubmissionID string         `json:"submissionId"`
	Issues       []ListingIssue `json:"issues"`
}

// PriceChange is a new price of a seller's SKU in a marketplace, in its currency (VAT included where there is
// VAT, as Amazon's value_with_tax is).
type PriceChange struct {
	SellerID, SKU, MarketplaceID, Currency string
	Price                                  decimal.Decimal
}

type offerPrice struct {
	Schedule []struct {
		ValueWithTax decimal.Decimal `json:"value_with_tax"`
	} `json:"schedule"`
}

type purchasableOffer struct {
	MarketplaceID string       `json:"marketplace_id"`
	Currency      string       `json:"currency"`
	OurPrice      []offerPrice `json:"our_price"`
}

type listingPatch struct {
	Op    string             `json:"op"`
	Path  string             `json:"path"`
	Value []purchasableOffer `json:"value"`
}

// PriceBody is the patchListingsItem body that replaces the offer's price (its one schedule, no sale price).
func PriceBody(c PriceChange) any {
	price := offerPrice{Schedule: make([]struct {
		ValueWithTax decimal.Decimal `json:"value_with_tax"`
	}, 1)}
	price.Schedule[0].ValueWithTax = c.Price
	return struct {
		ProductType string         `json:"productType"`
		Patches     []listingPatch `json:"patches"`
	}{OfferProductType, []listingPatch{{Op: "replace", Path: "/attributes/purchasable_offer",
		Value: []purchasableOffer{{MarketplaceID: c.MarketplaceID, Currency: c.Currency, OurPrice: []offerPrice{price}}}}}}
}

// PatchListingPrice sends a new price (PATCH /listings/2021-08-01/items/{sellerId}/{sku}?marketplaceIds=..) and
// answers Amazon's submission: ACCEPTED, or INVALID with its issues. A refusal of the whole call (404 for a SKU
// the seller does not have, 400, 403) is an *APIError; throttling is retried as every call's is.
func (s *SellingPartner) PatchListingPrice(ctx context.Context, endpoint, refreshToken string, c PriceChange) (*ListingSubmission, error) {
	q := url.Values{"marketplaceIds": {c.MarketplaceID}, "issueLocale": {"en_US"}}
	u := endpoint + listingsItemsPath + url.PathEscape(c.SellerID) + "/" + url.PathEscape(c.SKU) + "?" + q.Encode()
	var out ListingSubmission
	if err := s.call(ctx, "patchListingsItem", http.MethodPatch, u, refreshToken, PriceBody(c), &out); err != nil {
		return nil, err
	}
	return &out, nil
}
