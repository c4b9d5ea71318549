// Package stock serves the warehouse and stock calls of /erp/api/v1: warehouse/... (the company's warehouses),
// stock/... (the stock list, the ledger 库存流水 and the documents' product picker), inbound/... and outbound/...
// (入库单 and 出库单: create, submit, approve, cancel). Lists are paged POST calls answering {records, total,
// size, current, pages}, the table island's shape.
package stock

import (
	"context"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Handler serves the warehouse calls.
type Handler struct {
	Stock    *stock.Service
	TimeZone *time.Location
}

// kindNames are the warehouse kinds as the screens name them.
var kindNames = map[string]string{stockdb.WarehouseOwn: "自有仓", stockdb.WarehouseOverseas: "海外仓", stockdb.WarehouseFBA: "FBA仓"}

// Warehouse is a warehouse as the clients show it.
type Warehouse struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Kind          string `json:"kind"`
	KindName      string `json:"kindName"`
	Address       string `json:"address"`
	AllowNegative bool   `json:"allowNegative"`
	// An FBA warehouse's store group (its name only in the list, to users granted the group) and marketplace.
	GroupID         string `json:"groupId"`
	GroupName       string `json:"groupName"`
	MarketplaceID   string `json:"marketplaceId"`
	MarketplaceName string `json:"marketplaceName"`
	Stocktaking     bool   `json:"stocktaking"`
	Disabled        bool   `json:"disabled"`
	Remark          string `json:"remark"`
	CreatedAt       string `json:"createdAt"`
	UpdatedAt       string `json:"updatedAt"`
}

// Option is a warehouse as a drop-down offers it.
type Option struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Disabled bool   `json:"disabled"`
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

func (h *Handler) warehouse(w *stockdb.Warehouse) Warehouse {
	out := Warehouse{ID: id(w.ID), Name: w.Name, Kind: w.Kind, KindName: kindNames[w.Kind], Address: w.Address,
		AllowNegative: w.AllowNegative, Stocktaking: w.Stocktaking, Disabled: w.Disabled, Remark: w.Remark,
		CreatedAt: api.FormatTime(&w.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&w.UpdatedAt, h.TimeZone)}
	if w.GroupID != nil {
		out.GroupID = id(*w.GroupID)
	}
	if w.MarketplaceID != nil {
		m, _ := storesdb.MarketplaceByID(*w.MarketplaceID)
		out.MarketplaceID, out.MarketplaceName = m.ID, m.Name
	}
	return out
}

func (h *Handler) warehouseRow(w *stockdb.WarehouseRow) Warehouse {
	out := h.warehouse(&w.Warehouse)
	out.GroupName = w.GroupName
	return out
}

// WarehousePage answers POST warehouse/page {currentpage, pagesize, sort, order, name, kind}.
func (h *Handler) WarehousePage(c *echo.Context) error {
	return api.PageOf(h.Stock.WarehousePage, h.warehouseRow)(c)
}

// WarehouseOptions answers GET warehouse/options[?all=true]: the company's enabled warehouses (all of them with
// all=true) as [{id, name, kind, disabled}], by name.
func (h *Handler) WarehouseOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Stock.WarehouseOptions(c.Request().Context(), p, c.QueryParam("all") == "true")
	if err != nil {
		return err
	}
	out := make([]Option, len(rows))
	for i, w := range rows {
		out[i] = Option{ID: id(w.ID), Name: w.Name, Kind: w.Kind, Disabled: w.Disabled}
	}
	return api.OK(c, out)
}

// GetWarehouse answers GET warehouse/{id}.
func (h *Handler) GetWarehouse(c *echo.Context) error {
	return api.GetOne(h.Stock.Warehouse, h.warehouse)(c)
}

// CreateWarehouse answers POST warehouse {name, kind, address, allowNegative, remark} with the new warehouse.
func (h *Handler) CreateWarehouse(c *echo.Context) error {
	return api.CreateOne(h.Stock.CreateWarehouse, h.warehouse)(c)
}

// UpdateWarehouse answers PUT warehouse/{id} with the changed warehouse; the operation log gets its changed
// fields.
func (h *Handler) UpdateWarehouse(c *echo.Context) error {
	return api.UpdateNoted(h.Stock.Warehouse, h.Stock.UpdateWarehouse, h.warehouse)(c)
}

// DisableWarehouse answers POST warehouse/{id}/disable with the disabled warehouse.
func (h *Handler) DisableWarehouse(c *echo.Context) error { return h.setDisabled(c, true) }

// EnableWarehouse answers POST warehouse/{id}/enable with the enabled warehouse.
func (h *Handler) EnableWarehouse(c *echo.Context) error { return h.setDisabled(c, false) }

func (h *Handler) setDisabled(c *echo.Context, disabled bool) error {
	return api.GetOne(func(ctx context.Context, p core.Principal, id string) (*stockdb.Warehouse, error) {
		return h.Stock.SetWarehouseDisabled(ctx, p, id, disabled)
	}, h.warehouse)(c)
}

// DeleteWarehouse answers DELETE warehouse/{id}, refused once it has stock, ledger lines or documents.
func (h *Handler) DeleteWarehouse(c *echo.Context) error {
	return api.DeleteNoted(h.Stock.Warehouse, h.Stock.DeleteWarehouse, h.warehouse)(c)
}

// WarehouseExport answers GET warehouse/export?<WarehousePage's filters>: the whole query as 仓库_<date>.xlsx.
func (h *Handler) WarehouseExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "仓库", "warehouseList", h.Stock.WarehousePage, h.warehouseRow)
}
