package sales

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/sales"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// TrafficLine is a listing's (child or parent ASIN) figures in a period of a store and marketplace, beside the
// previous period's. Percentages are strings ("12.34%", "—" without sessions or page views); drops are
// percentage points.
type TrafficLine struct {
	ID                 string      `json:"id"`
	GroupID            string      `json:"groupId"`
	GroupName          string      `json:"groupName"`
	MarketplaceID      string      `json:"marketplaceId"`
	Marketplace        string      `json:"marketplace"`
	Currency           string      `json:"currency"`
	ASIN               string      `json:"asin"`
	ParentASIN         string      `json:"parentAsin"`
	SKU                string      `json:"sku"`
	Period             string      `json:"period"`
	FirstDay           string      `json:"firstDay"`
	LastDay            string      `json:"lastDay"`
	Sessions           int64       `json:"sessions"`
	PageViews          int64       `json:"pageViews"`
	BuyBox             string      `json:"buyBox"`
	Conversion         string      `json:"conversion"`
	Units              int64       `json:"units"`
	Sales              json.Number `json:"sales"`
	PreviousSessions   int64       `json:"previousSessions"`
	PreviousPageViews  int64       `json:"previousPageViews"`
	PreviousBuyBox     string      `json:"previousBuyBox"`
	PreviousConversion string      `json:"previousConversion"`
	PreviousUnits      int64       `json:"previousUnits"`
	PreviousSales      json.Number `json:"previousSales"`
	ConversionDrop     json.Number `json:"conversionDrop"`
	BuyBoxDrop         json.Number `json:"buyBoxDrop"`
	LostUnits          int64       `json:"lostUnits"`
}

// percent writes basis points as a percentage, "—" for unknown (-1).
func percent(bp int64) string {
	if bp < 0 {
		return "—"
	}
	return fmt.Sprintf("%d.%02d%%", bp/100, bp%100)
}

func points(bp int64) json.Number { return json.Number(fmt.Sprintf("%d.%02d", bp/100, bp%100)) }

func marketLabel(id string) string {
	if m, ok := storesdb.MarketplaceByID(id); ok {
		return m.Country
	}
	return id
}

func trafficLine(l *sales.TrafficLine) TrafficLine {
	return TrafficLine{ID: fmt.Sprintf("%d|%s|%s|%s", l.GroupID, l.MarketplaceID, l.ASIN, l.First),
		GroupID: fmt.Sprint(l.GroupID), GroupName: l.GroupName, MarketplaceID: l.MarketplaceID,
		Marketplace: marketLabel(l.MarketplaceID), Currency: l.Currency, ASIN: l.ASIN, ParentASIN: l.Parent, SKU: l.SKU,
		Period: l.Period, FirstDay: l.First, LastDay: l.Last, Sessions: l.Now.Sessions, PageViews: l.Now.PageViews,
		BuyBox: percent(l.Now.BuyBoxBP()), Conversion: percent(l.Now.ConversionBP()), Units: l.Now.Units,
		Sales: amount(l.Now.Sales), PreviousSessions: l.Before.Sessions, PreviousPageViews: l.Before.PageViews,
		PreviousBuyBox: percent(l.Before.BuyBoxBP()), PreviousConversion: percent(l.Before.ConversionBP()),
		PreviousUnits: l.Before.Units, PreviousSales: amount(l.Before.Sales), ConversionDrop: points(l.ConversionDrop()),
		BuyBoxDrop: points(l.BuyBoxDrop()), LostUnits: l.LostUnits()}
}

// TrafficPage answers POST traffic/{report,listing}/lines {currentpage, pagesize, sort, order, by, period,
// startDate, endDate, groupId, marketplaceId, search, asin, drops}.
func (h *Handler) TrafficPage(c *echo.Context) error {
	return api.PageOf(h.Sales.TrafficLines, trafficLine)(c)
}

// TrafficExport answers GET traffic/report/export?<TrafficPage's filters>: 流量报告_<date>.xlsx.
func (h *Handler) TrafficExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "流量报告", "trafficReportList", h.Sales.TrafficLines, trafficLine)
}

// DropsExport answers GET traffic/listing/export?<TrafficPage's filters>: Listing分析's drops as
// Listing分析_<date>.xlsx.
func (h *Handler) DropsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "Listing分析", "listingAnalysisList", h.Sales.TrafficLines, trafficLine)
}

// TrafficFigures are a trend's totals or a day's figures.
type TrafficFigures struct {
	Day        string `json:"day,omitempty"`
	Sessions   int64  `json:"sessions"`
	PageViews  int64  `json:"pageViews"`
	BuyBox     string `json:"buyBox"`
	Conversion string `json:"conversion"`
	Units      int64  `json:"units"`
	OrderItems int64  `json:"orderItems"`
}

// TrafficTrend is the range's totals beside the previous range's, sales per currency, and every day's figures.
type TrafficTrend struct {
	StartDate     string           `json:"startDate"`
	EndDate       string           `json:"endDate"`
	PreviousStart string           `json:"previousStart"`
	PreviousEnd   string           `json:"previousEnd"`
	Total         TrafficFigures   `json:"total"`
	Previous      TrafficFigures   `json:"previous"`
	Sales         []CurrencyAmount `json:"sales"`
	PreviousSales []CurrencyAmount `json:"previousSales"`
	Days          []TrafficFigures `json:"days"`
}

// CurrencyAmount is an amount in its currency.
type CurrencyAmount struct {
	Currency string      `json:"currency"`
	Amount   json.Number `json:"amount"`
}

func figures(day string, f sales.TrafficFigures) TrafficFigures {
	return TrafficFigures{Day: day, Sessions: f.Sessions, PageViews: f.PageViews, BuyBox: percent(f.BuyBoxBP()),
		Conversion: percent(f.ConversionBP()), Units: f.Units, OrderItems: f.OrderItems}
}

func amounts(m map[string]models.Money) []CurrencyAmount {
	out := []CurrencyAmount{}
	for c, v := range m {
		out = append(out, CurrencyAmount{c, amount(v)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Currency < out[j].Currency })
	return out
}

// TrafficTrendOf answers POST traffic/{report,listing}/trend {by, startDate, endDate, groupId, marketplaceId,
// search, asin}.
func (h *Handler) TrafficTrendOf(c *echo.Context) error {
	var q sales.TrafficQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	t, err := h.Sales.TrafficTrend(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := TrafficTrend{StartDate: t.StartDate, EndDate: t.EndDate, PreviousStart: t.PreviousStart, PreviousEnd: t.PreviousEnd,
		Total: figures("", t.Total), Previous: figures("", t.Previous), Sales: amounts(t.Sales),
		PreviousSales: amounts(t.PreviousSales), Days: make([]TrafficFigures, len(t.Days))}
	for i, d := range t.Days {
		out.Days[i] = figures(d.Day, d.TrafficFigures)
	}
	return api.OK(c, out)
}

// TrafficSource is a stored row behind a day's figure: a child ASIN's day as the report gave it.
type TrafficSource struct {
	ID            string      `json:"id"`
	Day           string      `json:"day"`
	GroupName     string      `json:"groupName"`
	MarketplaceID string      `json:"marketplaceId"`
	Marketplace   string      `json:"marketplace"`
	ParentASIN    string      `json:"parentAsin"`
	ChildASIN     string      `json:"childAsin"`
	SKU           string      `json:"sku"`
	Sessions      int64       `json:"sessions"`
	PageViews     int64       `json:"pageViews"`
	BuyBox        string      `json:"buyBox"`
	Conversion    string      `json:"conversion"`
	Units         int64       `json:"units"`
	OrderItems    int64       `json:"orderItems"`
	Sales         json.Number `json:"sales"`
	Currency      string      `json:"currency"`
	ImportedAt    string      `json:"importedAt"`
}

// TrafficRowsOf answers POST traffic/{report,listing}/rows {day, asin, by, groupId, marketplaceId}: the stored
// rows of the day behind the figure.
func (h *Handler) TrafficRowsOf(c *echo.Context) error {
	var q sales.TrafficQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Sales.TrafficRows(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]TrafficSource, len(rows))
	for i := range rows {
		r := &rows[i]
		out[i] = TrafficSource{ID: fmt.Sprint(r.ID), Day: r.Day, GroupName: r.GroupName, MarketplaceID: r.MarketplaceID,
			Marketplace: marketLabel(r.MarketplaceID), ParentASIN: r.ParentASIN, ChildASIN: r.ChildASIN, SKU: r.SKU,
			Sessions: r.Sessions, PageViews: r.PageViews, BuyBox: percent(r.BuyBoxBP), Conversion: percent(r.UnitSessionBP),
			Units: r.Units, OrderItems: r.OrderItems, Sales: amount(r.Sales), Currency: r.Currency,
			ImportedAt: r.UpdatedAt.UTC().Format("2006-01-02 15:04:05")}
	}
	return api.OK(c, out)
}
