package catalog

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	catalogdb "sellerhub/models/catalog"
)

// Kind serves the screens of one kind of local product, 物料 (base/material/...), 耗材 (base/consumable/...) and
// 包材 (base/package/...): the product list, export and form of 本地产品 kept to the kind, each behind its own
// screen and permissions. A product of another kind is not found there.
type Kind struct {
	Products *Handler
	Kind     int
	Name     string // the screen's title, the export's name
}

// Page answers POST base/<kind>/page with a page of the kind's products, filtered as material/page is.
func (k *Kind) Page(c *echo.Context) error {
	list := func(ctx context.Context, p core.Principal, q catalog.ProductQuery) ([]catalogdb.ProductRow, int64, core.PageRequest, error) {
		q.Only = k.Kind
		return k.Products.Catalog.ProductPage(ctx, p, q)
	}
	return api.PageOf(list, k.Products.product)(c)
}

// Export answers GET base/<kind>/export with the kind's products of the query as an .xlsx download.
func (k *Kind) Export(c *echo.Context) error { return exportProducts(k.Products, c, k.Kind, k.Name) }

// Create answers POST base/<kind> {sku, name, ...} with the new product of the kind.
func (k *Kind) Create(c *echo.Context) error {
	create := func(ctx context.Context, p core.Principal, f catalog.ProductForm) (*catalogdb.ProductRow, error) {
		f.Only = k.Kind
		return k.Products.Catalog.CreateProduct(ctx, p, f)
	}
	return api.CreateOne(create, k.Products.product)(c)
}

// Update answers PUT base/<kind>/{id} with the changed product.
func (k *Kind) Update(c *echo.Context) error {
	update := func(ctx context.Context, p core.Principal, id string, f catalog.ProductForm) (*catalogdb.ProductRow, error) {
		f.Only = k.Kind
		return k.Products.Catalog.UpdateProduct(ctx, p, id, f)
	}
	return api.UpdateNoted(k.Products.Catalog.Product, update, k.Products.product)(c)
}

// Disable answers POST base/<kind>/{id}/disable (停用).
func (k *Kind) Disable(c *echo.Context) error { return k.setDisabled(c, true) }

// Enable answers POST base/<kind>/{id}/enable (启用).
func (k *Kind) Enable(c *echo.Context) error { return k.setDisabled(c, false) }

func (k *Kind) setDisabled(c *echo.Context, disabled bool) error {
	p, _ := middleware.Principal(c)
	if err := k.Products.Catalog.SetKindDisabled(c.Request().Context(), p, k.Kind, c.Param("id"), disabled); err != nil {
		return err
	}
	return api.OK(c, "success")
}
