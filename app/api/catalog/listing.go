package catalog

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// Listing is a listing as the clients show it: its store group, marketplace (id, country and Chinese name),
// seller SKU, ASIN, FNSKU, what Amazon's listings report says of it (name, price with its currency symbol,
// quantity, status, fulfillment channel, open date; "" and 0 until reported; the status and channel named too) and,
// when paired, the local product ("" otherwise).
type Listing struct {
	ID              string      `json:"id"`
	GroupID         string      `json:"groupId"`
	GroupName       string      `json:"groupName"`
	MarketplaceID   string      `json:"marketplaceId"`
	Country         string      `json:"country"`
	MarketplaceName string      `json:"marketplaceName"`
	SellerSKU       string      `json:"sellerSku"`
	ASIN            string      `json:"asin"`
	FNSKU           string      `json:"fnsku"`
	ItemName        string      `json:"itemName"`
	Price           json.Number `json:"price"`
	Currency        string      `json:"currency"`
	Quantity        int         `json:"quantity"`
	Status          string      `json:"status"`
	StatusName      string      `json:"statusName"`
	Fulfillment     string      `json:"fulfillmentChannel"`
	ChannelName     string      `json:"channelName"`
	OpenDate        string      `json:"openDate"`
	ProductID       string      `json:"productId"`
	ProductSKU      string      `json:"productSku"`
	ProductName     string      `json:"productName"`
	ProductImage    string      `json:"productImage"`
	Paired          string      `json:"paired"`
	CreatedAt       string      `json:"createdAt"`
	UpdatedAt       string      `json:"updatedAt"`
}

// Marketplace is a marketplace as the drop-downs offer it.
type Marketplace struct {
	ID      string `json:"id"`
	Country string `json:"country"`
	Name    string `json:"name"`
}

// listingStatusNames are the listings report's statuses as the screens name them; another shows as Amazon writes
// it.
var listingStatusNames = map[string]string{"Active": "在售", "Inactive": "不可售", "Incomplete": "信息不完整"}

// channelName names a listings report's fulfillment channel: DEFAULT is the seller's own (FBM), AMAZON_NA,
// AMAZON_EU.. Amazon's (FBA).
func channelName(channel string) string {
	switch {
	case channel == "DEFAULT":
		return "FBM"
	case strings.HasPrefix(channel, "AMAZON"):
		return "FBA"
	}
	return channel
}

func (h *Handler) listing(l *catalogdb.ListingRow) Listing {
	m, _ := storesdb.MarketplaceByID(l.MarketplaceID)
	out := Listing{ID: strconv.FormatInt(l.ID, 10), GroupID: strconv.FormatInt(l.GroupID, 10), GroupName: l.GroupName,
		MarketplaceID: l.MarketplaceID, Country: m.Country, MarketplaceName: m.Name, SellerSKU: l.SellerSKU,
		ASIN: l.ASIN, FNSKU: l.FNSKU, ItemName: l.ItemName, Price: api.Amount(l.Price), Currency: l.Currency,
		Quantity: l.Quantity, Status: l.Status, StatusName: l.Status, Fulfillment: l.FulfillmentChannel, ChannelName: channelName(l.FulfillmentChannel), OpenDate: api.FormatTime(l.OpenDate, h.TimeZone),
		ProductID: idText(l.ProductID), ProductSKU: l.ProductSKU,
		ProductName: l.ProductName, ProductImage: l.ProductImage, Paired: "未配对",
		CreatedAt: api.FormatTime(&l.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&l.UpdatedAt, h.TimeZone)}
	if l.ProductID != nil {
		out.Paired = "已配对"
	}
	if n, ok := listingStatusNames[l.Status]; ok {
		out.StatusName = n
	}
	return out
}

// ListingPage answers POST listing/page {currentpage, pagesize, sort, order, groupId, marketplaceId, keyword,
// paired (yes|no)} with a page of listings, newest first unless sorted.
func (h *Handler) ListingPage(c *echo.Context) error {
	return api.PageOf(h.Catalog.ListingPage, h.listing)(c)
}

// GetListing answers GET listing/{id}.
func (h *Handler) GetListing(c *echo.Context) error {
	return api.GetOne(h.Catalog.Listing, h.listing)(c)
}

// CreateListing answers POST listing {groupId, marketplaceId, sellerSku, asin, fnsku, productId} with the new
// listing.
func (h *Handler) CreateListing(c *echo.Context) error {
	return api.CreateOne(h.Catalog.CreateListing, h.listing)(c)
}

// UpdateListing answers PUT listing/{id} with the changed listing.
func (h *Handler) UpdateListing(c *echo.Context) error {
	return api.UpdateNoted(h.Catalog.Listing, h.Catalog.UpdateListing, h.listing)(c)
}

// PairListing answers POST listing/{id}/pair {productId} (SKU配对; "" unpairs) with the listing.
func (h *Handler) PairListing(c *echo.Context) error {
	return api.UpdateOne(h.Catalog.PairListing, h.listing)(c)
}

// DeleteListing answers DELETE listing/{id}.
func (h *Handler) DeleteListing(c *echo.Context) error {
	return api.DeleteOne(h.Catalog.DeleteListing)(c)
}

// ListingGroups answers GET listing/groups: the store groups the user may see as [{id, name}], by name.
func (h *Handler) ListingGroups(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	return options(c, func() ([]storesdb.StoreGroup, error) { return h.Catalog.ListingGroupOptions(c.Request().Context(), p) },
		func(g *storesdb.StoreGroup) (int64, string) { return g.ID, g.Name })
}

// Marketplaces answers GET listing/marketplaces: Amazon's marketplaces as [{id, country, name}], in the order
// sellers expect.
func (h *Handler) Marketplaces(c *echo.Context) error {
	out := make([]Marketplace, len(storesdb.Marketplaces))
	for i, m := range storesdb.Marketplaces {
		out[i] = Marketplace{ID: m.ID, Country: m.Country, Name: m.Name}
	}
	return api.OK(c, out)
}

// ListingExport answers GET listing/export?<ListingPage's filters>: the whole query as SKU配对_<date>.xlsx.
func (h *Handler) ListingExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "SKU配对", "listingList", h.Catalog.ListingPage, h.listing)
}

// OpenListings answers POST listing/open {ListingPage's body, status (Active|Inactive), channel (FBA|FBM)} with a
// page of 在售报告: the listings Amazon's listings report gave, the keyword looking in seller SKU, ASIN and title.
func (h *Handler) OpenListings(c *echo.Context) error {
	return api.PageOf(h.Catalog.OpenListingPage, h.listing)(c)
}

// OpenListingExport answers GET listing/open/export?<OpenListings' filters>: the whole query as 在售报告_<date>.xlsx.
func (h *Handler) OpenListingExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "在售报告", "openListingList", h.Catalog.OpenListingPage, h.listing)
}
