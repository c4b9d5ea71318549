// Package shipping serves the FBA shipment calls of /erp/api/v1: shipPlan/... (发货计划: list, form, submit, void),
// shipment/... (货件: list, create from a plan or by hand, import, and the handling steps 配货, 装箱, 发货, 收货,
// Amazon status, each with its cancel) and shipForm/... (the pick list 配货单's data and QR code, picklist.go).
// Shipments are addressed by their shipment id (Amazon's FBA15..., or our LS... number), as the pages'
// ?shipmentid= are.
package shipping

import (
	"context"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Handler serves the shipment calls.
type Handler struct {
	Shipping *shipping.Service
	TimeZone *time.Location
}

// Option is a store group or warehouse as a drop-down offers it.
type Option struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// A warehouse's kind (own, overseas, fba) and its name (自有仓, 海外仓, FBA仓): a shipment from an overseas
	// warehouse takes its units from there.
	Kind     string `json:"kind,omitempty"`
	KindName string `json:"kindName,omitempty"`
}

// shipFromNames name the kinds of warehouse a shipment leaves from.
var shipFromNames = map[string]string{stockdb.WarehouseOwn: "自有仓", stockdb.WarehouseOverseas: "海外仓", stockdb.WarehouseFBA: "FBA仓"}

// Marketplace is a marketplace as a drop-down offers it.
type Marketplace struct {
	ID      string `json:"id"`
	Country string `json:"country"`
	Name    string `json:"name"`
}

// Code is one of Amazon's statuses with its name.
type Code struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Options are the choices of the plan and shipment forms.
type Options struct {
	Groups         []Option      `json:"groups"`
	Marketplaces   []Marketplace `json:"marketplaces"`
	Warehouses     []Option      `json:"warehouses"`
	AmazonStatuses []Code        `json:"amazonStatuses"`
}

// Listing is a paired seller SKU with its product and fulfillable stock.
type Listing struct {
	ProductID   string `json:"productId"`
	SKU         string `json:"sku"`
	Name        string `json:"name"`
	Image       string `json:"image"`
	SellerSKU   string `json:"sellerSku"`
	FNSKU       string `json:"fnsku"`
	Fulfillable int    `json:"fulfillable"`
}

// Plan is a shipment plan as the list shows it.
type Plan struct {
	ID            string     `json:"id"`
	Number        string     `json:"number"`
	GroupID       string     `json:"groupId"`
	GroupName     string     `json:"groupName"`
	MarketplaceID string     `json:"marketplaceId"`
	Country       string     `json:"country"`
	WarehouseID   string     `json:"warehouseId"`
	WarehouseName string     `json:"warehouseName"`
	Status        int        `json:"status"`
	StatusName    string     `json:"statusName"`
	SKUCount      int        `json:"skuCount"`
	Quantity      int        `json:"quantity"`
	Remark        string     `json:"remark"`
	CreatedAt     string     `json:"createdAt"`
	UpdatedAt     string     `json:"updatedAt"`
	Items         []PlanItem `json:"items,omitempty"`
	// ShipmentID is Amazon's id of the shipment made from the plan (已生成货件), on a plan's own answer.
	ShipmentID string `json:"shipmentId,omitempty"`
}

// PlanItem is a plan's line.
type PlanItem struct {
	ProductID   string `json:"productId"`
	SKU         string `json:"sku"`
	Name        string `json:"name"`
	Image       string `json:"image"`
	SellerSKU   string `json:"sellerSku"`
	FNSKU       string `json:"fnsku"`
	Quantity    int    `json:"quantity"`
	Fulfillable int    `json:"fulfillable"`
}

func country(marketplaceID string) string {
	m, _ := storesdb.MarketplaceByID(marketplaceID)
	return m.Country
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

func (h *Handler) planRow(p *shippingdb.PlanRow) Plan {
	return Plan{ID: id(p.ID), Number: p.Number, GroupID: id(p.GroupID), GroupName: p.GroupName,
		MarketplaceID: p.MarketplaceID, Country: country(p.MarketplaceID), WarehouseID: id(p.WarehouseID),
		WarehouseName: p.WarehouseName, Status: p.Status, StatusName: shipping.PlanStatusNames[p.Status],
		SKUCount: p.SKUCount, Quantity: p.Quantity, Remark: p.Remark,
		CreatedAt: api.FormatTime(&p.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&p.UpdatedAt, h.TimeZone)}
}

func (h *Handler) plan(d *shipping.ShipmentPlanDetail) Plan {
	out := h.planRow(&d.PlanRow)
	out.ShipmentID = d.ShipmentID
	out.Items = make([]PlanItem, len(d.Items))
	for i, it := range d.Items {
		out.Items[i] = PlanItem{ProductID: id(it.ProductID), SKU: it.SKU, Name: it.Name, Image: it.Image,
			SellerSKU: it.SellerSKU, FNSKU: it.FNSKU, Quantity: it.Quantity, Fulfillable: it.Fulfillable}
	}
	return out
}

// PlanOptions answers GET shipPlan/options: the company's store groups and warehouses, the marketplaces and
// Amazon's statuses.
func (h *Handler) PlanOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	o, err := h.Shipping.ShipOptions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := Options{Groups: []Option{}, Warehouses: []Option{}}
	for _, g := range o.Groups {
		out.Groups = append(out.Groups, Option{ID: id(g.ID), Name: g.Name})
	}
	for _, w := range o.Warehouses {
		out.Warehouses = append(out.Warehouses, Option{ID: id(w.ID), Name: w.Name, Kind: w.Kind, KindName: shipFromNames[w.Kind]})
	}
	for _, m := range storesdb.Marketplaces {
		out.Marketplaces = append(out.Marketplaces, Marketplace{ID: m.ID, Country: m.Country, Name: m.Name})
	}
	for _, a := range shipping.AmazonStatuses() {
		out.AmazonStatuses = append(out.AmazonStatuses, Code{Code: a.Code, Name: a.Name})
	}
	return api.OK(c, out)
}

// PlanListings answers GET shipPlan/listings?groupId&marketplaceId&warehouseId&search: the paired seller SKUs a
// plan may ship, with their products' fulfillable stock in the warehouse.
func (h *Handler) PlanListings(c *echo.Context) error {
	var q shipping.ShipListingQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Shipping.ShipListings(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]Listing, len(rows))
	for i, l := range rows {
		out[i] = Listing{ProductID: id(l.ProductID), SKU: l.SKU, Name: l.Name, Image: l.Image, SellerSKU: l.SellerSKU,
			FNSKU: l.FNSKU, Fulfillable: l.Fulfillable}
	}
	return api.OK(c, out)
}

// PlanPage answers POST shipPlan/page {currentpage, pagesize, sort, order, status, number}.
func (h *Handler) PlanPage(c *echo.Context) error {
	return api.PageOf(h.Shipping.ShipmentPlanPage, h.planRow)(c)
}

// GetPlan answers GET shipPlan/{id}: the plan with its items.
func (h *Handler) GetPlan(c *echo.Context) error {
	return api.GetOne(h.Shipping.ShipmentPlan, h.plan)(c)
}

// CreatePlan answers POST shipPlan {groupId, marketplaceId, warehouseId, remark, items:[{sellerSku, quantity}]}.
func (h *Handler) CreatePlan(c *echo.Context) error {
	return api.CreateOne(h.Shipping.CreateShipmentPlan, h.plan)(c)
}

// UpdatePlan answers PUT shipPlan/{id} with the same body, while the plan is 待提交.
func (h *Handler) UpdatePlan(c *echo.Context) error {
	return api.UpdateNoted(h.Shipping.ShipmentPlan, h.Shipping.UpdateShipmentPlan, h.plan)(c)
}

// SubmitPlan answers POST shipPlan/{id}/submit.
func (h *Handler) SubmitPlan(c *echo.Context) error {
	return h.planStep(c, h.Shipping.SubmitShipmentPlan)
}

// CancelPlan answers POST shipPlan/{id}/cancel.
func (h *Handler) CancelPlan(c *echo.Context) error {
	return h.planStep(c, h.Shipping.CancelShipmentPlan)
}

func (h *Handler) planStep(c *echo.Context, step func(ctx context.Context, p core.Principal, id string) (*shipping.ShipmentPlanDetail, error)) error {
	p, _ := middleware.Principal(c)
	d, err := step(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.plan(d))
}

// PlanExport answers GET shipPlan/export?<PlanPage's filters>: the whole query as 发货计划_<date>.xlsx.
func (h *Handler) PlanExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "发货计划", "shipPlanList", h.Shipping.ShipmentPlanPage, h.planRow)
}
