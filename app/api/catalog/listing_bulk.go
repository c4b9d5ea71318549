package catalog

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/middleware"
)

// FromListings answers POST listing/fromListings {ids | all + filter, byParent} (生成本地产品) with what it made,
// reused, paired and skipped.
func (h *Handler) FromListings(c *echo.Context) error {
	var f catalog.FromListingsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Catalog.CreateFromListings(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, res)
}

// AutoPair answers POST listing/autoPair (自动配对) with how many listings it paired.
func (h *Handler) AutoPair(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	res, err := h.Catalog.AutoPair(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, res)
}

// PairTemplate answers GET listing/pairTemplate: the pairing import's .xlsx.
func (h *Handler) PairTemplate(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f, err := h.Catalog.PairTemplate(c.Request().Context(), p)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "SKU配对导入模板", f)
}

// PairImport answers POST listing/pairImport (multipart field file) with the rows read and the listings paired:
// every row or, when any is wrong, none, the refusal naming each wrong row.
func (h *Handler) PairImport(c *echo.Context) error {
	data, err := uploadedSheet(c)
	if err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Catalog.ImportPairs(c.Request().Context(), p, data)
	if err != nil {
		return err
	}
	return api.OK(c, res)
}
