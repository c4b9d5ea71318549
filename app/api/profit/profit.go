// Package profit answers the 利润报告 and 利润配置 calls of /amazon/api/v1/profit: a page of the report's lines
// ({records, total, size, current, pages}, the table island's shape), its .xlsx export, a page of the lines behind
// one figure, and the company's 利润配置. Amounts are JSON numbers written exactly (two decimals; per-unit freight
// four), so that the export's sheet can sum them.
package profit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/profit"
	"sellerhub/models"
)

// Handler serves the calls.
type Handler struct {
	Profit *profit.Service
}

// Line is a line of the report. The Amazon figures are in the line's currency and in CNY (…Cny); cost, freight,
// profit and margin are CNY. flags are the line's warnings in words (预估, 未配对, …).
type Line struct {
	ID             string      `json:"id"`
	Month          string      `json:"month"`
	GroupID        string      `json:"groupId"`
	GroupName      string      `json:"groupName"`
	MarketplaceID  string      `json:"marketplaceId"`
	SKU            string      `json:"sku"`
	Name           string      `json:"name"`
	ProductSKU     string      `json:"productSku"`
	Currency       string      `json:"currency"`
	Source         string      `json:"source"`
	Estimated      bool        `json:"estimated"`
	Flags          string      `json:"flags"`
	Units          int64       `json:"units"`
	Sales          json.Number `json:"sales"`
	Referral       json.Number `json:"referral"`
	Fulfilment     json.Number `json:"fulfilment"`
	Storage        json.Number `json:"storage"`
	Other          json.Number `json:"other"`
	Refunds        json.Number `json:"refunds"`
	Advertising    json.Number `json:"advertising"`
	Settled        json.Number `json:"settled"`
	SalesCNY       json.Number `json:"salesCny"`
	ReferralCNY    json.Number `json:"referralCny"`
	FulfilmentCNY  json.Number `json:"fulfilmentCny"`
	StorageCNY     json.Number `json:"storageCny"`
	OtherCNY       json.Number `json:"otherCny"`
	RefundsCNY     json.Number `json:"refundsCny"`
	AdvertisingCNY json.Number `json:"advertisingCny"`
	SettledCNY     json.Number `json:"settledCny"`
	UnitCost       json.Number `json:"unitCost"`
	Cost           json.Number `json:"cost"`
	UnitFreight    json.Number `json:"unitFreight"`
	Freight        json.Number `json:"freight"`
	Profit         json.Number `json:"profit"`
	Margin         string      `json:"margin"`
}

func amount(m models.Money) json.Number { return json.Number(m.StringFixed(2)) }

// flags are a line's warnings: grouped, with how many of its SKU lines each holds.
func flags(l *profit.Line, grouped bool) string {
	var out []string
	add := func(n int, word string) {
		switch {
		case n == 0:
		case grouped:
			out = append(out, fmt.Sprintf("%s %d", word, n))
		default:
			out = append(out, word)
		}
	}
	add(l.Estimated, "预估")
	add(l.NoFeeEstimate, "无费用预估")
	add(l.Unpaired, profit.MsgUnpaired)
	add(l.NoCost, "无成本价")
	add(l.FreightGuessed, "头程按件数分摊")
	add(l.NoFreight, "无头程")
	return strings.Join(out, "，")
}

func line(l *profit.Line) Line {
	grouped := l.Grouped
	out := Line{Month: l.Month, GroupName: l.GroupName, MarketplaceID: l.MarketplaceID, SKU: l.SKU, Name: l.Name,
		ProductSKU: l.ProductSKU, Currency: l.Currency, Estimated: l.Estimated > 0, Flags: flags(l, grouped), Units: l.Units,
		Sales: amount(l.Amazon[profit.BucketSales]), Referral: amount(l.Amazon[profit.BucketReferral]),
		Fulfilment: amount(l.Amazon[profit.BucketFulfilment]), Storage: amount(l.Amazon[profit.BucketStorage]),
		Other: amount(l.Amazon[profit.BucketOther]), Refunds: amount(l.Amazon[profit.BucketRefunds]),
		Advertising: amount(l.Amazon[profit.BucketAdvertising]), Settled: amount(l.Settled()),
		SalesCNY: amount(l.AmazonCNY[profit.BucketSales]), ReferralCNY: amount(l.AmazonCNY[profit.BucketReferral]),
		FulfilmentCNY: amount(l.AmazonCNY[profit.BucketFulfilment]), StorageCNY: amount(l.AmazonCNY[profit.BucketStorage]),
		OtherCNY: amount(l.AmazonCNY[profit.BucketOther]), RefundsCNY: amount(l.AmazonCNY[profit.BucketRefunds]),
		AdvertisingCNY: amount(l.AmazonCNY[profit.BucketAdvertising]), SettledCNY: amount(l.SettledCNY()),
		UnitCost: amount(l.UnitCost), Cost: amount(l.Cost), UnitFreight: json.Number(l.UnitFreight.StringFixed(4)),
		Freight: amount(l.Freight), Profit: amount(l.Profit)}
	if l.GroupID != 0 {
		out.GroupID = fmt.Sprint(l.GroupID)
	}
	switch {
	case grouped:
		out.Source = ""
	case l.Estimated > 0:
		out.Source = "预估"
	default:
		out.Source = "结算"
	}
	if m, ok := l.Margin(); ok {
		out.Margin = m.StringFixed(2) + "%"
	}
	out.ID = strings.Join([]string{out.Month, out.GroupID, out.MarketplaceID, out.SKU, out.Currency}, "|")
	return out
}

// DetailLine is one line behind a figure.
type DetailLine struct {
	ID          string      `json:"id"`
	Source      string      `json:"source"`
	Date        string      `json:"date"`
	Reference   string      `json:"reference"`
	OrderID     string      `json:"orderId"`
	Kind        string      `json:"kind"`
	Description string      `json:"description"`
	Quantity    int64       `json:"quantity"`
	Amount      json.Number `json:"amount"`
	Currency    string      `json:"currency"`
	Note        string      `json:"note"`
}

func detail(d *profit.DetailLine) DetailLine {
	return DetailLine{ID: d.ID, Source: d.Source, Date: d.Date, Reference: d.Reference, OrderID: d.OrderID, Kind: d.Kind,
		Description: d.Description, Quantity: d.Quantity, Amount: json.Number(d.Amount.StringFixed(4)), Currency: d.Currency,
		Note: d.Note}
}

// ReportPage answers POST profit/report {currentpage, pagesize, sort, order, by (sku, store, month), startMonth,
// endMonth (yyyy-MM), groupId, marketplaceId, search}.
func (h *Handler) ReportPage(c *echo.Context) error { return api.PageOf(h.Profit.Report, line)(c) }

// ReportExport answers GET profit/report/export?<ReportPage's filters>: the whole query as 利润报告_<date>.xlsx.
func (h *Handler) ReportExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "利润报告", "profitReportList", h.Profit.Report, line)
}

// Detail answers POST profit/detail {currentpage, pagesize, figure (sales, referral, fulfilment, storage, other,
// refunds, advertising, cost, freight), month, groupId, marketplaceId, sku, currency}: a page of the lines the
// figure of that line by SKU was summed from.
func (h *Handler) Detail(c *echo.Context) error { return api.PageOf(h.Profit.Detail, detail)(c) }

// Config is 利润配置: how freight is spread (weight or volume) and its name.
type Config struct {
	FreightBasis string `json:"freightBasis"`
	BasisName    string `json:"basisName"`
}

func config(cfg *profit.Config) Config {
	return Config{FreightBasis: cfg.FreightBasis, BasisName: profit.BasisNames[cfg.FreightBasis]}
}

// GetConfig answers GET profit/config.
func (h *Handler) GetConfig(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	cfg, err := h.Profit.Config(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, config(cfg))
}

// SaveConfig answers PUT profit/config {freightBasis: weight or volume}.
func (h *Handler) SaveConfig(c *echo.Context) error {
	var f profit.ConfigForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	cfg, err := h.Profit.SaveConfig(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, config(cfg))
}
