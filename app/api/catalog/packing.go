package catalog

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/middleware"
	catalogdb "sellerhub/models/catalog"
)

// PackingHandler serves a product's packing (包材用量), edited under 编辑本地产品.
type PackingHandler struct {
	Packings *catalog.Packings
}

// Packing is one line of a product's packing: the material, its kind, how many and per unit or per carton.
type Packing struct {
	MaterialID string `json:"materialId"`
	SKU        string `json:"sku"`
	Name       string `json:"name"`
	Image      string `json:"image"`
	Kind       int    `json:"kind"`
	KindName   string `json:"kindName"`
	Quantity   int    `json:"quantity"`
	Per        string `json:"per"` // unit (按件) or carton (按箱)
}

func packings(rows []catalogdb.PackingLineRow) []Packing {
	out := make([]Packing, len(rows))
	for i, r := range rows {
		per := "unit"
		if r.PerCarton {
			per = "carton"
		}
		out[i] = Packing{MaterialID: strconv.FormatInt(r.MaterialID, 10), SKU: r.SKU, Name: r.Name, Image: r.Image,
			Kind: r.Kind, KindName: catalog.KindName(r.Kind), Quantity: r.Quantity, Per: per}
	}
	return out
}

// Lines answers GET material/{id}/packing: the product's packing ([] for none).
func (h *PackingHandler) Lines(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Packings.Lines(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, packings(rows))
}

// Save answers PUT material/{id}/packing {lines:[{materialId, quantity, per}]} with the product's packing saved.
func (h *PackingHandler) Save(c *echo.Context) error {
	var f catalog.PackingForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Packings.Save(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, packings(rows))
}

// Material is a 物料, 耗材 or 包材 the packing's picker offers.
type Material struct {
	ID       string `json:"id"`
	SKU      string `json:"sku"`
	Name     string `json:"name"`
	KindName string `json:"kindName"`
}

// Choices answers GET material/packing/choices?keyword=: the enabled 物料, 耗材 and 包材 matching it, by SKU.
func (h *PackingHandler) Choices(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Packings.Choices(c.Request().Context(), p, c.QueryParam("keyword"))
	if err != nil {
		return err
	}
	out := make([]Material, len(rows))
	for i, m := range rows {
		out[i] = Material{ID: strconv.FormatInt(m.ID, 10), SKU: m.SKU, Name: m.Name, KindName: catalog.KindName(m.Kind)}
	}
	return api.OK(c, out)
}
