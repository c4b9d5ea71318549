// Package inventoryvalue answers 存货价值's calls.
package inventoryvalue

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/inventoryvalue"
	"sellerhub/app/middleware"
	"sellerhub/models"
	valuedb "sellerhub/models/inventoryvalue"
	stockdb "sellerhub/models/stock"
)

// Handler answers 存货价值.
type Handler struct {
	Value    *inventoryvalue.Service
	TimeZone *time.Location
}

var kindNames = map[string]string{stockdb.WarehouseOwn: "自有仓", stockdb.WarehouseOverseas: "海外仓", stockdb.WarehouseFBA: "FBA仓"}

func yuan(units int64) string { return models.MoneyFromUnits(units).StringFixed(2) }

// Month is a month's end as 存货价值 lists it; money in CNY with two decimals.
type Month struct {
	Month    string `json:"month"`
	End      string `json:"end"`
	Kept     bool   `json:"kept"`
	KeptAt   string `json:"keptAt"`
	Own      string `json:"own"`
	Overseas string `json:"overseas"`
	FBA      string `json:"fba"`
	Inbound  string `json:"inbound"`
	Total    string `json:"total"`
	Lines    int    `json:"lines"`
	Uncosted int    `json:"uncosted"`
	Units    int    `json:"units"`
	InUnits  int    `json:"inUnits"`
}

func (h *Handler) month(m inventoryvalue.Month) Month {
	out := Month{Month: m.Month, End: m.End, Kept: m.Kept, Own: yuan(m.Own), Overseas: yuan(m.Overseas), FBA: yuan(m.FBA),
		Inbound: yuan(m.Inbound), Total: yuan(m.Total), Lines: m.Lines, Uncosted: m.Uncosted, Units: m.Units, InUnits: m.InUnits}
	if m.Kept {
		out.KeptAt = m.KeptAt.In(h.TimeZone).Format(time.DateTime)
	}
	return out
}

// Line is a product's stock in a warehouse at a month's end and its value ("" without a cost).
type Line struct {
	ID            string `json:"id"`
	WarehouseName string `json:"warehouseName"`
	KindName      string `json:"kindName"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	OnHand        int    `json:"onHand"`
	Inbound       int    `json:"inbound"`
	UnitCost      string `json:"unitCost"`
	Value         string `json:"value"`
}

func line(l *valuedb.Line) Line {
	out := Line{ID: strconv.FormatInt(l.WarehouseID, 10) + "-" + strconv.FormatInt(l.ProductID, 10), WarehouseName: l.WarehouseName,
		KindName: kindNames[l.WarehouseKind], SKU: l.SKU, ProductName: l.ProductName, OnHand: l.OnHand, Inbound: l.Inbound}
	if l.UnitCost != nil {
		out.UnitCost, out.Value = yuan(*l.UnitCost), yuan(*l.Value)
	}
	return out
}

// Months answers POST inventoryValue/months {from, to}: each month's end, the latest first.
func (h *Handler) Months(c *echo.Context) error {
	var q inventoryvalue.MonthsQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	months, err := h.Value.Months(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]Month, len(months))
	for i, m := range months {
		out[i] = h.month(m)
	}
	return api.OK(c, out)
}

// Lines answers POST inventoryValue/lines/page {currentpage, pagesize, month, warehouseId, search}.
func (h *Handler) Lines(c *echo.Context) error { return api.PageOf(h.Value.Lines, line)(c) }

// LinesExport answers GET inventoryValue/lines/export?<Lines' filters> as 存货价值_<date>.xlsx.
func (h *Handler) LinesExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "存货价值", "inventoryValueLines", h.Value.Lines, line)
}

// Close answers POST inventoryValue/close {month}: the month closed (结转), as Months lists it.
func (h *Handler) Close(c *echo.Context) error {
	var f struct {
		Month string `json:"month"`
	}
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	m, err := h.Value.Close(c.Request().Context(), p, f.Month)
	if err != nil {
		return err
	}
	return api.OK(c, h.month(m))
}
