package purchase

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/purchase"
)

// PlanRow is a line of 亚马逊补货计划 as its list shows it; the arithmetic (replenishment/compute) adds its steps.
type PlanRow struct {
	ID           string              `json:"id"`
	GroupName    string              `json:"groupName"`
	Country      string              `json:"country"`
	SKU          string              `json:"sku"`
	ASIN         string              `json:"asin"`
	Name         string              `json:"name"`
	ProductSKU   string              `json:"productSku"`
	ProductName  string              `json:"productName"`
	SupplierName string              `json:"supplierName"`
	Rate         string              `json:"rate"`
	Trend        string              `json:"trend"`
	Fulfillable  int                 `json:"fulfillable"`
	Reserved     int                 `json:"reserved"`
	Inbound      int                 `json:"inbound"`
	OurShipments int                 `json:"ourShipments"`
	FBATotal     int                 `json:"fbaTotal"`
	Local        int                 `json:"local"`
	Ordered      int                 `json:"ordered"`
	CoverDays    *int                `json:"coverDays"`
	StockOutDate string              `json:"stockOutDate"`
	ShipByDate   string              `json:"shipByDate"`
	OrderByDate  string              `json:"orderByDate"`
	Ship         int                 `json:"ship"`
	Buy          int                 `json:"buy"`
	CoverAfter   *int                `json:"coverAfter"`
	Warnings     []string            `json:"warnings"`
	Custom       bool                `json:"custom"`
	Inputs       purchase.PlanInputs `json:"inputs"`
	// ProductionFrom: 默认, 供应商实测 (the supplier's measured lead time) or 自定义 (the SKU's own).
	ProductionFrom string `json:"productionFrom"`
	// Pool names the marketplaces of the line's Pan-EU pool (DE+FR+IT) whose figures it shows, "" when not pooled.
	Pool string `json:"pool"`
}

func days(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}

func planRow(l *purchase.PlanLine) PlanRow {
	return PlanRow{ID: l.ID, GroupName: l.GroupName, Country: l.Country, SKU: l.SKU, ASIN: l.ASIN, Name: l.Name,
		ProductSKU: l.ProductSKU, ProductName: l.ProductName, SupplierName: l.SupplierName, Rate: l.Rate.StringFixed(2),
		Trend: l.Trend, Fulfillable: l.Fulfillable, Reserved: l.Reserved, Inbound: l.Inbound, OurShipments: l.OurShipments,
		FBATotal: l.FBATotal, Local: l.Local, Ordered: l.Ordered, CoverDays: days(l.CoverDays), StockOutDate: l.StockOutDate,
		ShipByDate: l.ShipByDate, OrderByDate: l.OrderByDate, Ship: l.Ship, Buy: l.Buy, CoverAfter: days(l.CoverAfter),
		Warnings: l.Warnings, Custom: l.Custom, Inputs: l.Inputs, ProductionFrom: l.ProductionFrom, Pool: l.Pool}
}

// PlanPage answers POST replenishment/page {currentpage, pagesize, groupId, marketplaceId, keyword, need}.
func (h *Handler) PlanPage(c *echo.Context) error { return api.PageOf(h.Planner.Page, planRow)(c) }

// PlanExport answers GET replenishment/export?<PlanPage's filters> as 亚马逊补货计划_<date>.xlsx.
func (h *Handler) PlanExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "亚马逊补货计划", "replenishmentList", h.Planner.Page, planRow)
}

// PlanCompute answers POST replenishment/compute {id, inputs}: the line worked out with those inputs, unsaved.
func (h *Handler) PlanCompute(c *echo.Context) error {
	var o purchase.PlanOverride
	if err := c.Bind(&o); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	l, err := h.Planner.Compute(c.Request().Context(), p, o)
	if err != nil {
		return err
	}
	return api.OK(c, l)
}

// PlanDefaults answers GET replenishment/settings: the company's default inputs.
func (h *Handler) PlanDefaults(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	in, err := h.Planner.Defaults(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, in)
}

// SavePlanDefaults answers PUT replenishment/settings with the company's new default inputs.
func (h *Handler) SavePlanDefaults(c *echo.Context) error {
	var in purchase.PlanInputs
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Planner.SaveDefaults(c.Request().Context(), p, in); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// PlanCapacities answers GET replenishment/capacity: each marketplace of the plan with its FBA容量 and use.
func (h *Handler) PlanCapacities(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Planner.Capacities(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, rows)
}

// SavePlanCapacity answers PUT replenishment/capacity {groupId, marketplaceId, cubicFeet}.
func (h *Handler) SavePlanCapacity(c *echo.Context) error {
	var f purchase.CapacityForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Planner.SaveCapacity(c.Request().Context(), p, f); err != nil {
		return err
	}
	middleware.NoteSubject(c, f.GroupID+"|"+f.MarketplaceID)
	return api.OK(c, "success")
}

// SavePlanSKU answers PUT replenishment/sku {id, inputs}: the line's own lead times, days and adjustment.
func (h *Handler) SavePlanSKU(c *echo.Context) error {
	var f purchase.SKUInputsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Planner.SaveSKUInputs(c.Request().Context(), p, f); err != nil {
		return err
	}
	middleware.NoteSubject(c, f.ID)
	return api.OK(c, "success")
}

// PlanOrders answers POST replenishment/purchaseOrders {warehouseId, lines:[{id, quantity}]} with the drafts made.
func (h *Handler) PlanOrders(c *echo.Context) error {
	return h.planDocs(c, h.Planner.CreateOrders)
}

// PlanShipments answers POST replenishment/shipPlans {warehouseId, lines} with the shipment plans made.
func (h *Handler) PlanShipments(c *echo.Context) error {
	return h.planDocs(c, h.Planner.CreateShipPlans)
}

// PlanOrderReview answers POST replenishment/orderReview {ids, lines:[{productId, supplierId, quantity}]}: the
// checked lines' products by supplier, quantities rounded to MOQ and cartons, priced, with what 提交 would refuse.
func (h *Handler) PlanOrderReview(c *echo.Context) error {
	var f purchase.OrderReviewForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rev, err := h.Planner.Review(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, rev)
}

// PlanOrderSubmit answers POST replenishment/orderSubmit {ids, lines, warehouseId} with the drafts made, one per
// supplier.
func (h *Handler) PlanOrderSubmit(c *echo.Context) error {
	var f purchase.OrderReviewForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	docs, err := h.Planner.SubmitReview(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, docs)
}

// PlanEUSplit answers POST replenishment/euSplit {id, total}: the EU pool of the line's SKU worked out, and the
// total (the pool's suggestion when none) split over its marketplaces by their share of sales.
func (h *Handler) PlanEUSplit(c *echo.Context) error {
	var f purchase.EUSplitForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	split, err := h.Planner.EUSplit(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, split)
}

// PlanEUSplitSubmit answers POST replenishment/euSplitSubmit {id, warehouseId, lines:[{id, quantity}]} with the
// shipment plans made, one per marketplace.
func (h *Handler) PlanEUSplitSubmit(c *echo.Context) error {
	var f purchase.EUSplitSubmitForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	docs, err := h.Planner.SubmitEUSplit(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, docs)
}

func (h *Handler) planDocs(c *echo.Context, create func(ctx context.Context, p core.Principal, f purchase.PlanDocsForm) ([]purchase.PlanDoc, error)) error {
	var f purchase.PlanDocsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	docs, err := create(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, docs)
}

func reportRow(r *purchase.ReportRow) purchase.ReportRow { return *r }

// ReportPage answers POST purchaseReport/page {currentpage, pagesize, by, startDate, endDate, supplierId}.
func (h *Handler) ReportPage(c *echo.Context) error {
	return api.PageOf(h.Purchase.Report, reportRow)(c)
}

// ReportExport answers GET purchaseReport/export?<ReportPage's filters> as 采购报表_<date>.xlsx.
func (h *Handler) ReportExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "采购报表", "purchaseReportList", h.Purchase.Report, reportRow)
}

// PriceTiers answers GET purchaseOrder/priceTiers?supplierId=&productIds=a,b: the supplier's tiers of the products.
func (h *Handler) PriceTiers(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Purchase.PriceTiers(c.Request().Context(), p, c.QueryParam("supplierId"), c.QueryParam("productIds"))
	if err != nil {
		return err
	}
	return api.OK(c, rows)
}

// SavePriceTiers answers PUT purchaseOrder/priceTiers {supplierId, productId, tiers:[{minQuantity, unitPrice}]}
// with the product's tiers as kept.
func (h *Handler) SavePriceTiers(c *echo.Context) error {
	var f purchase.PriceTiersForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Purchase.SavePriceTiers(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, rows)
}

// PlanPools answers GET replenishment/pools: the store groups with EU lines and whether each is pooled (泛欧计划).
func (h *Handler) PlanPools(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Planner.Pools(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, rows)
}

// SavePlanPool answers PUT replenishment/pools {groupId, pooled}.
func (h *Handler) SavePlanPool(c *echo.Context) error {
	var f purchase.PoolForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Planner.SavePool(c.Request().Context(), p, f); err != nil {
		return err
	}
	middleware.NoteSubject(c, f.GroupID)
	return api.OK(c, "success")
}
