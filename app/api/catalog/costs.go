package catalog

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/middleware"
	catalogdb "sellerhub/models/catalog"
)

// ProductCost is one change of a product's costs as the history dialog shows it: the date it holds from
// (beginning: carried over from before the history was kept), the costs (CNY, "" when not entered), who entered
// it and when.
type ProductCost struct {
	ID            string `json:"id"`
	EffectiveFrom string `json:"effectiveFrom"`
	Beginning     bool   `json:"beginning"`
	UnitCost      string `json:"unitCost"`
	FirstLeg      string `json:"firstLeg"`
	ChangedBy     string `json:"changedBy"`
	ChangedAt     string `json:"changedAt"`
}

// SetCost answers PUT material/{id}/cost {unitCost?, firstLeg?, effectiveFrom?} with the product, its costs
// changed from that date (today when empty).
func (h *Handler) SetCost(c *echo.Context) error {
	return api.UpdateNoted(h.Catalog.Product, h.Catalog.SetProductCost, h.product)(c)
}

// Costs answers GET material/{id}/costs: the product's cost changes, the latest date first.
func (h *Handler) Costs(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Catalog.CostHistory(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := make([]ProductCost, len(rows))
	for i, r := range rows {
		out[i] = ProductCost{ID: strconv.FormatInt(r.ID, 10), EffectiveFrom: r.EffectiveFrom,
			Beginning: r.EffectiveFrom == catalogdb.CostsBeginning, UnitCost: moneyText(r.UnitCost.Decimal, r.UnitCost.Valid),
			FirstLeg: moneyText(r.FirstLeg.Decimal, r.FirstLeg.Valid), ChangedBy: r.ChangedByName,
			ChangedAt: api.FormatTime(&r.UpdatedAt, h.TimeZone)}
	}
	return api.OK(c, out)
}

// CostTemplate answers GET material/costTemplate?keyword&brandId&categoryId&kind&status&sort&order: the cost
// sheet of the products the list's query matches, with their costs in force today.
func (h *Handler) CostTemplate(c *echo.Context) error {
	var q catalog.ProductQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	f, err := h.Catalog.CostTemplate(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "本地产品成本", f)
}

// CostImport answers POST material/costImport (multipart field file, the cost sheet) with the rows read and the
// products whose costs changed: every row or, when any is wrong, none, the refusal naming each wrong cell.
func (h *Handler) CostImport(c *echo.Context) error {
	data, err := uploadedSheet(c)
	if err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Catalog.ImportCosts(c.Request().Context(), p, data)
	if err != nil {
		return err
	}
	return api.OK(c, res)
}
