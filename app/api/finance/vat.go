package finance

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/finance"
	"sellerhub/app/middleware"
	storesdb "sellerhub/models/stores"
)

// VATHandler serves VAT发票 under /amazon/api/v1/vat: a month's VAT by marketplace and by order, the store
// groups' VAT numbers, issuing an order's invoice and its PDF.
type VATHandler struct {
	VAT      *finance.VATInvoices
	TimeZone *time.Location
}

func rateText(hundredths int) string {
	if hundredths%100 == 0 {
		return fmt.Sprintf("%d%%", hundredths/100)
	}
	return fmt.Sprintf("%.2f%%", float64(hundredths)/100)
}

// VATMonth is a marketplace's month: orders, invoices, gross, VAT and net in its currency.
type VATMonth struct {
	MarketplaceID string `json:"marketplaceId"`
	Country       string `json:"country"`
	Currency      string `json:"currency"`
	Rate          string `json:"rate"`
	Orders        int    `json:"orders"`
	// ReportOrders of the orders have their VAT from Amazon's VAT transactions report; the rest computed it.
	ReportOrders int    `json:"reportOrders"`
	Invoiced     int    `json:"invoiced"`
	Gross        string `json:"gross"`
	VAT          string `json:"vat"`
	Net          string `json:"net"`
}

// Month answers POST vat/month {month, groupId}.
func (h *VATHandler) Month(c *echo.Context) error {
	var q finance.VATMonthQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.VAT.Month(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]VATMonth, len(rows))
	for i, r := range rows {
		out[i] = VATMonth{MarketplaceID: r.MarketplaceID, Country: r.Country, Currency: r.Currency, Rate: rateText(r.Rate),
			Orders: r.Orders, ReportOrders: r.ReportOrders, Invoiced: r.Invoiced, Gross: money2(r.Gross), VAT: money2(r.VAT), Net: money2(r.Gross - r.VAT)}
	}
	return api.OK(c, out)
}

// VATOrder is an order with its VAT and its invoice's number ("" before one is issued).
type VATOrder struct {
	ID              string `json:"id"`
	AmazonOrderID   string `json:"amazonOrderId"`
	GroupName       string `json:"groupName"`
	MarketplaceID   string `json:"marketplaceId"`
	MarketplaceName string `json:"marketplaceName"`
	PurchaseDate    string `json:"purchaseDate"`
	ShipTo          string `json:"shipTo"`
	Currency        string `json:"currency"`
	Rate            string `json:"rate"`
	Gross           string `json:"gross"`
	VAT             string `json:"vat"`
	Net             string `json:"net"`
	// VATSource says where the VAT came from: 亚马逊VAT交易报告 or 按标准税率计算.
	VATSource     string `json:"vatSource"`
	InvoiceNumber string `json:"invoiceNumber"`
}

func (h *VATHandler) order(o *finance.VATOrderLine) VATOrder {
	m, _ := storesdb.MarketplaceByID(o.MarketplaceID)
	ship := o.ShipCountry
	if o.ShipCity != "" {
		ship = o.ShipCity + ", " + ship
	}
	return VATOrder{ID: strconv.FormatInt(o.ID, 10), AmazonOrderID: o.AmazonOrderID, GroupName: o.GroupName, MarketplaceID: o.MarketplaceID,
		MarketplaceName: m.Name, PurchaseDate: o.PurchaseDate.In(h.TimeZone).Format(time.DateTime), ShipTo: ship, Currency: o.Currency,
		Rate: rateText(o.Rate), Gross: money2(o.Gross), VAT: money2(o.VAT), Net: money2(o.Gross - o.VAT), VATSource: finance.VATSourceNames[o.Source],
		InvoiceNumber: o.InvoiceNumber}
}

// OrderPage answers POST vat/orders/page {month, groupId, marketplaceId, keyword}.
func (h *VATHandler) OrderPage(c *echo.Context) error { return api.PageOf(h.VAT.Orders, h.order)(c) }

// OrderExport answers GET vat/orders/export?<filters> as VAT明细_<date>.xlsx.
func (h *VATHandler) OrderExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "VAT明细", "vatOrderList", h.VAT.Orders, h.order)
}

// VATSetting is a store group's VAT registration in a marketplace.
type VATSetting struct {
	GroupID         string `json:"groupId"`
	GroupName       string `json:"groupName"`
	MarketplaceID   string `json:"marketplaceId"`
	MarketplaceName string `json:"marketplaceName"`
	VATNumber       string `json:"vatNumber"`
	SellerName      string `json:"sellerName"`
	SellerAddress   string `json:"sellerAddress"`
	Prefix          string `json:"prefix"`
	VCSEnrolled     bool   `json:"vcsEnrolled"`
}

// VATMarketplace is a covered marketplace and its standard rate.
type VATMarketplace struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Rate string `json:"rate"`
}

// VATSettings is every setting of the user's store groups and the covered marketplaces.
type VATSettings struct {
	Settings     []VATSetting     `json:"settings"`
	Marketplaces []VATMarketplace `json:"marketplaces"`
}

// Settings answers GET vat/settings.
func (h *VATHandler) Settings(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.VAT.Settings(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := VATSettings{Settings: make([]VATSetting, len(rows)), Marketplaces: []VATMarketplace{}}
	for i, r := range rows {
		m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
		out.Settings[i] = VATSetting{GroupID: strconv.FormatInt(r.GroupID, 10), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID,
			MarketplaceName: m.Name, VATNumber: r.VATNumber, SellerName: r.SellerName, SellerAddress: r.SellerAddress, Prefix: r.Prefix, VCSEnrolled: r.VCSEnrolled}
	}
	for _, id := range finance.VATMarketplaces() {
		m, _ := storesdb.MarketplaceByID(id)
		out.Marketplaces = append(out.Marketplaces, VATMarketplace{ID: id, Name: m.Name, Rate: rateText(finance.VATRate(id))})
	}
	return api.OK(c, out)
}

// SaveSetting answers POST vat/setting {groupId, marketplaceId, vatNumber, sellerName, sellerAddress, prefix}.
func (h *VATHandler) SaveSetting(c *echo.Context) error {
	var f finance.VATSettingForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.VAT.SaveSetting(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, s.VATNumber)
	return api.OK(c, "success")
}

// Issued is an order's invoice number.
type Issued struct {
	Number string `json:"number"`
}

// Issue answers POST vat/issue {id}: the order's invoice number, the same for an order invoiced already.
func (h *VATHandler) Issue(c *echo.Context) error {
	var f idForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	inv, err := h.VAT.Issue(c.Request().Context(), p, f.ID)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, inv.Number)
	return api.OK(c, Issued{Number: inv.Number})
}

// PDF answers GET vat/pdf?id=<order's row id>: the order's issued invoice as a PDF.
func (h *VATHandler) PDF(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	doc, err := h.VAT.Document(c.Request().Context(), p, c.QueryParam("id"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := doc.WritePDF(&b, h.TimeZone); err != nil {
		return err
	}
	name := doc.Invoice.Number + ".pdf"
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("inline; filename=%q; filename*=UTF-8''%s", name, url.PathEscape(name)))
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}
