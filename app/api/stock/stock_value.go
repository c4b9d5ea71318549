package stock

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
)

// ValueHandler serves 库存货值: the stock of a day valued at cost, and its totals.
type ValueHandler struct {
	Stock *stock.Service
}

// StockValueLine is a product's stock in a warehouse at the date with its value; money in CNY with two decimals
// ("" without a cost).
type StockValueLine struct {
	ID            string `json:"id"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	KindName      string `json:"kindName"`
	GroupName     string `json:"groupName"`
	ProductID     string `json:"productId"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	Image         string `json:"image"`
	Inbound       int    `json:"inbound"`
	Fulfillable   int    `json:"fulfillable"`
	Outbound      int    `json:"outbound"`
	Quantity      int    `json:"quantity"`
	UnitCost      string `json:"unitCost"`
	Value         string `json:"value"`
}

func valueLine(l *stock.StockValueLine) StockValueLine {
	return StockValueLine{ID: id(l.WarehouseID) + "-" + id(l.ProductID), WarehouseID: id(l.WarehouseID), WarehouseName: l.WarehouseName,
		KindName: kindNames[l.WarehouseKind], GroupName: l.GroupName, ProductID: id(l.ProductID), SKU: l.SKU, ProductName: l.ProductName,
		Image: l.Image, Inbound: l.Inbound, Fulfillable: l.Fulfillable, Outbound: l.Outbound, Quantity: l.Quantity,
		UnitCost: yuan(l.UnitCost, 1), Value: yuan(l.Value, 1)}
}

// StockValueTotal is a warehouse's, a store group's or the whole total.
type StockValueTotal struct {
	Key       string `json:"key"`
	Name      string `json:"name"`
	KindName  string `json:"kindName"`
	GroupName string `json:"groupName"`
	Lines     int    `json:"lines"`
	Quantity  int    `json:"quantity"`
	Uncosted  int    `json:"uncosted"`
	Value     string `json:"value"`
}

func valueTotal(t stock.StockValueTotal) StockValueTotal {
	return StockValueTotal{Key: t.Key, Name: t.Name, KindName: kindNames[t.Kind], GroupName: t.GroupName, Lines: t.Lines,
		Quantity: t.Quantity, Uncosted: t.Uncosted, Value: yuan(&t.Value, 1)}
}

// StockValueTotals is 库存货值's totals at the date.
type StockValueTotals struct {
	Date       string            `json:"date"`
	Warehouses []StockValueTotal `json:"warehouses"`
	Groups     []StockValueTotal `json:"groups"`
	Total      StockValueTotal   `json:"total"`
}

// Page answers POST stockValue/page {currentpage, pagesize, date, warehouseId, search}: the lines, highest value first.
func (h *ValueHandler) Page(c *echo.Context) error {
	return api.PageOf(h.Stock.StockValuePage, valueLine)(c)
}

// Export answers GET stockValue/export: the whole query as 库存货值_<date>.xlsx.
func (h *ValueHandler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "库存货值", "stockValueList", h.Stock.StockValuePage, valueLine)
}

// Totals answers POST stockValue/totals {date, warehouseId, search}: the totals by warehouse, store group and in all.
func (h *ValueHandler) Totals(c *echo.Context) error {
	var q stock.StockValueQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	r, err := h.Stock.StockValue(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := StockValueTotals{Date: r.Date, Warehouses: []StockValueTotal{}, Groups: []StockValueTotal{}, Total: valueTotal(r.Total)}
	for _, t := range r.Warehouses {
		out.Warehouses = append(out.Warehouses, valueTotal(t))
	}
	for _, t := range r.Groups {
		out.Groups = append(out.Groups, valueTotal(t))
	}
	return api.OK(c, out)
}
