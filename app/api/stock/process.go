package stock

import (
	"context"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	stockdb "sellerhub/models/stock"
)

// BOMHandler answers the bills of materials (物料清单) of 加工单.
type BOMHandler struct {
	BOMs     *stock.BOMs
	TimeZone *time.Location
}

// BOM is a product that has a bill of materials, as the list shows it.
type BOM struct {
	ProductID  string `json:"productId"`
	SKU        string `json:"sku"`
	Name       string `json:"name"`
	Image      string `json:"image"`
	Components int    `json:"components"`
}

// BOMComponent is one component of a product's bill of materials.
type BOMComponent struct {
	ComponentID string `json:"componentId"`
	SKU         string `json:"sku"`
	Name        string `json:"name"`
	Image       string `json:"image"`
	Kind        int    `json:"kind"`
	Quantity    int    `json:"quantity"`
}

func (h *BOMHandler) bom(r *stockdb.BOMRow) BOM {
	return BOM{ProductID: id(r.ProductID), SKU: r.SKU, Name: r.Name, Image: r.Image, Components: r.Components}
}

// Page answers POST bom/page {currentpage, pagesize, keyword}.
func (h *BOMHandler) Page(c *echo.Context) error {
	return api.PageOf(func(ctx context.Context, p core.Principal, q stock.BOMQuery) ([]stockdb.BOMRow, int64, core.PageRequest, error) {
		return h.BOMs.Page(ctx, p, q)
	}, h.bom)(c)
}

// Export answers GET bom/export: the whole query as 物料清单_<date>.xlsx.
func (h *BOMHandler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "物料清单", "bomList", func(ctx context.Context, p core.Principal, q stock.BOMQuery) ([]stockdb.BOMRow, int64, core.PageRequest, error) {
		return h.BOMs.Page(ctx, p, q)
	}, h.bom)
}

// Lines answers GET bom?productId=: the product's components ([] for none).
func (h *BOMHandler) Lines(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.BOMs.Lines(c.Request().Context(), p, c.QueryParam("productId"))
	if err != nil {
		return err
	}
	out := make([]BOMComponent, len(rows))
	for i, r := range rows {
		out[i] = BOMComponent{ComponentID: id(r.ComponentID), SKU: r.SKU, Name: r.Name, Image: r.Image, Kind: r.Kind, Quantity: r.Quantity}
	}
	return api.OK(c, out)
}

// Save answers PUT bom {productId, components:[{componentId, quantity}]}.
func (h *BOMHandler) Save(c *echo.Context) error {
	var f stock.BOMForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.BOMs.Save(c.Request().Context(), p, f); err != nil {
		return err
	}
	return api.OK(c, "success")
}
