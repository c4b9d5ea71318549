package catalog

import (
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
