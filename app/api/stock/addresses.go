package stock

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	stockdb "sellerhub/models/stock"
)

// Address is a warehouse or ship-from address as its list and forms show it.
type Address struct {
	ID              string `json:"id"`
	WarehouseID     string `json:"warehouseId"`
	WarehouseName   string `json:"warehouseName"`
	Name            string `json:"name"`
	CompanyName     string `json:"companyName"`
	AddressLine1    string `json:"addressLine1"`
	AddressLine2    string `json:"addressLine2"`
	City            string `json:"city"`
	StateOrProvince string `json:"stateOrProvince"`
	PostalCode      string `json:"postalCode"`
	CountryCode     string `json:"countryCode"`
	Phone           string `json:"phone"`
	Email           string `json:"email"`
	IsDefault       bool   `json:"isDefault"`
	Remark          string `json:"remark"`
	UpdatedAt       string `json:"updatedAt"`
}

func (h *Handler) address(a *stockdb.AddressRow) Address {
	out := Address{ID: id(a.ID), WarehouseName: a.WarehouseName, Name: a.Name, CompanyName: a.CompanyName,
		AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2, City: a.City, StateOrProvince: a.StateOrProvince,
		PostalCode: a.PostalCode, CountryCode: a.CountryCode, Phone: a.Phone, Email: a.Email, IsDefault: a.IsDefault,
		Remark: a.Remark, UpdatedAt: api.FormatTime(&a.UpdatedAt, h.TimeZone)}
	if a.WarehouseID != nil {
		out.WarehouseID = id(*a.WarehouseID)
	}
	return out
}

// AddressPage answers POST {kind}/page {currentpage, pagesize, search, warehouseId}.
func (h *Handler) AddressPage(kind string) echo.HandlerFunc {
	return api.PageOf(func(ctx context.Context, p core.Principal, q stock.AddressQuery) ([]stockdb.AddressRow, int64, core.PageRequest, error) {
		return h.Stock.AddressPage(ctx, p, kind, q)
	}, h.address)
}

// AddressExport answers GET {kind}/export: the whole query as <what>_<date>.xlsx.
func (h *Handler) AddressExport(x api.Exporter, kind, what, queryname string) echo.HandlerFunc {
	return api.ExportOf(x, what, queryname, func(ctx context.Context, p core.Principal, q stock.AddressQuery) ([]stockdb.AddressRow, int64, core.PageRequest, error) {
		return h.Stock.AddressPage(ctx, p, kind, q)
	}, h.address)
}

// GetAddress answers GET {kind}/{id}.
func (h *Handler) GetAddress(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		a, err := h.Stock.Address(c.Request().Context(), p, kind, c.Param("id"))
		if err != nil {
			return err
		}
		return api.OK(c, h.address(a))
	}
}

// SaveAddress answers POST {kind} (a new address) and PUT {kind}/{id} with the address saved.
func (h *Handler) SaveAddress(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var f stock.AddressForm
		if err := c.Bind(&f); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		a, err := h.Stock.SaveAddress(c.Request().Context(), p, kind, c.Param("id"), f)
		if err != nil {
			return err
		}
		middleware.NoteSubject(c, a.Name+" "+a.City)
		return api.OK(c, h.address(a))
	}
}

// DeleteAddress answers DELETE {kind}/{id}.
func (h *Handler) DeleteAddress(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		if err := h.Stock.DeleteAddress(c.Request().Context(), p, kind, c.Param("id")); err != nil {
			return err
		}
		return api.OK(c, "success")
	}
}
