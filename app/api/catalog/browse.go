package catalog

import (
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/middleware"
)

// BrowseHandler serves 商品目录's calls: a search of Amazon's catalogue, and pairing or making a product of an item.
type BrowseHandler struct {
	Browse *catalog.Browse
}

// Search answers POST catalogItems/search {groupId, marketplaceId, by, query, pageToken} with a page of items;
// an empty body (nothing asked yet) answers none.
func (h *BrowseHandler) Search(c *echo.Context) error {
	var q catalog.BrowseQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	out, err := h.Browse.Search(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	return api.OK(c, out)
}

// Pair answers POST catalogItems/pair {groupId, marketplaceId, asin, productId}.
func (h *BrowseHandler) Pair(c *echo.Context) error {
	var f catalog.BrowsePairForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	out, err := h.Browse.Pair(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, out)
}

// CreateProduct answers POST catalogItems/product {groupId, marketplaceId, asin, sku}.
func (h *BrowseHandler) CreateProduct(c *echo.Context) error {
	var f catalog.BrowseProductForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	out, err := h.Browse.CreateProduct(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, out)
}

// ListingIssues answers GET listing/products/{id}/issues (商品列表's 不可售原因): Amazon's status and issues of the
// listing now, read through its store group's authorisation.
func (h *BrowseHandler) ListingIssues(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	out, err := h.Browse.ListingIssues(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, out)
}

// CatalogItemRow is an item of 商品目录 as its export writes it: the card's lines, one column each.
type CatalogItemRow struct {
	ASIN           string `json:"asin"`
	Title          string `json:"title"`
	Brand          string `json:"brand"`
	Color          string `json:"color"`
	Kind           string `json:"kind"`
	Classification string `json:"classification"`
	GroupRank      string `json:"groupRank"`
	Rank           string `json:"rank"`
	Parent         string `json:"parent"`
	Children       string `json:"children"`
	Identifiers    string `json:"identifiers"`
	Listings       string `json:"listings"`
	Image          string `json:"image"`
}

func catalogItemRow(it *catalog.BrowseItem) CatalogItemRow {
	out := CatalogItemRow{ASIN: it.ASIN, Title: it.Title, Brand: it.Brand, Color: it.Color, Kind: it.Kind, Classification: it.Classification,
		Parent: it.Parent, Children: strings.Join(it.Children, "、"), Identifiers: strings.Join(it.Identifiers, "、"), Image: it.Image}
	if it.GroupRank > 0 {
		out.GroupRank = rankText(it.GroupRank, it.GroupTitle)
	}
	if it.Rank > 0 {
		out.Rank = rankText(it.Rank, it.RankTitle)
	}
	listings := make([]string, len(it.Listings))
	for i, l := range it.Listings {
		listings[i] = l.SellerSKU
		if l.ProductSKU != "" {
			listings[i] += "（已配对 " + l.ProductSKU + "）"
		}
	}
	out.Listings = strings.Join(listings, "、")
	return out
}

// Export answers GET catalogItems/export?groupId=&marketplaceId=&by=&query=: every item of the search (at most
// 200; a larger search is refused) as 商品目录_<date>.xlsx.
func (h *BrowseHandler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "商品目录", "catalogItemList", h.Browse.Export, catalogItemRow)
}
