// Package sales answers the 销售报表 and 周/月汇总 calls of /amazon/api/v1/sales: a page of the report's lines
// ({records, total, size, current, pages}, the table island's shape) and its .xlsx export. Amounts are JSON
// numbers written exactly (two decimals), so that the export's sheet can sum them.
package sales

import (
	"encoding/json"
	"fmt"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/sales"
	"sellerhub/models"
)

// Handler serves the calls.
type Handler struct {
	Sales *sales.Service
}

// Line is a line of the report: a key's sales in a period and currency, and in CNY.
type Line struct {
	ID           string      `json:"id"`
	Key          string      `json:"key"`
	Name         string      `json:"name"`
	ASIN         string      `json:"asin"`
	Period       string      `json:"period"`
	Currency     string      `json:"currency"`
	Units        int64       `json:"units"`
	Orders       int64       `json:"orders"`
	Sales        json.Number `json:"sales"`
	AveragePrice json.Number `json:"averagePrice"`
	Refunds      json.Number `json:"refunds"`
	RefundOrders int64       `json:"refundOrders"`
	SalesCNY     json.Number `json:"salesCny"`
	RefundsCNY   json.Number `json:"refundsCny"`
}

func amount(m models.Money) json.Number { return json.Number(m.StringFixed(2)) }

func line(l *sales.Line) Line {
	return Line{ID: fmt.Sprintf("%s|%s|%s", l.Key, l.Period, l.Currency), Key: l.Key, Name: l.Name, ASIN: l.ASIN,
		Period: l.Period, Currency: l.Currency, Units: l.Units, Orders: l.Orders, Sales: amount(l.Sales),
		AveragePrice: amount(l.AveragePrice()), Refunds: amount(l.Refunds), RefundOrders: l.RefundOrders,
		SalesCNY: amount(l.SalesCNY), RefundsCNY: amount(l.RefundsCNY)}
}

// ReportPage answers POST sales/report {currentpage, pagesize, sort, order, by, period, zone, startDate,
// endDate, groupId, marketplaceId, search}.
func (h *Handler) ReportPage(c *echo.Context) error { return api.PageOf(h.Sales.Report, line)(c) }

// ReportExport answers GET sales/report/export?<ReportPage's filters>: the whole query as 销售报表_<date>.xlsx.
func (h *Handler) ReportExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "销售报表", "salesReportList", h.Sales.Report, line)
}

// SummaryPage answers POST sales/summary {currentpage, pagesize, sort, order, period (week or month), zone,
// startDate, endDate, groupId, marketplaceId}: 周/月汇总, one line per period and currency.
func (h *Handler) SummaryPage(c *echo.Context) error { return api.PageOf(h.Sales.Summary, line)(c) }

// SummaryExport answers GET sales/summary/export?<ReportPage's filters, by all>: 周/月汇总 as
// 订单汇总_<date>.xlsx.
func (h *Handler) SummaryExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "订单汇总", "orderSummaryList", h.Sales.Summary, line)
}
