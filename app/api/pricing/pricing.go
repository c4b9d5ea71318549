// Package pricing answers 调价's calls: the listings with their floors and last changes, the preview and the
// change of prices, the floors, the company's confirmation percent and the history.
package pricing

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/pricing"
	"sellerhub/models"
	pricingdb "sellerhub/models/pricing"
	storesdb "sellerhub/models/stores"
)

// Handler answers the calls.
type Handler struct {
	Pricing  *pricing.Service
	TimeZone *time.Location
}

// Listing is a listing as 调价 lists it: store group, marketplace, seller SKU, ASIN, title, its price and floor
// in its currency ("" for none), and its last change (when, the prices, the result; "" before any).
type Listing struct {
	ID              string `json:"id"`
	GroupID         string `json:"groupId"`
	GroupName       string `json:"groupName"`
	MarketplaceID   string `json:"marketplaceId"`
	MarketplaceName string `json:"marketplaceName"`
	SellerSKU       string `json:"sellerSku"`
	ASIN            string `json:"asin"`
	ItemName        string `json:"itemName"`
	Currency        string `json:"currency"`
	Price           string `json:"price"`
	Floor           string `json:"floor"`
	ProductSKU      string `json:"productSku"`
	LastChangedAt   string `json:"lastChangedAt"`
	LastChange      string `json:"lastChange"`
	LastResult      string `json:"lastResult"`
	LastMessage     string `json:"lastMessage"`
}

// places is a currency's minor digits.
func places(currency string) int32 {
	if currency == "JPY" {
		return 0
	}
	return 2
}

func money(m models.Money, currency string) string { return m.StringFixed(places(currency)) }

func resultName(ok bool) string {
	if ok {
		return "成功"
	}
	return "失败"
}

func (h *Handler) listing(l *pricingdb.ListingRow) Listing {
	m, _ := storesdb.MarketplaceByID(l.MarketplaceID)
	cur := l.Currency
	if cur == "" {
		cur = m.Currency
	}
	out := Listing{ID: strconv.FormatInt(l.ID, 10), GroupID: strconv.FormatInt(l.GroupID, 10), GroupName: l.GroupName,
		MarketplaceID: l.MarketplaceID, MarketplaceName: m.Name, SellerSKU: l.SellerSKU, ASIN: l.ASIN, ItemName: l.ItemName,
		Currency: cur, Price: money(l.Price, cur), ProductSKU: l.ProductSKU}
	if l.Floor != nil {
		out.Floor = money(*l.Floor, cur)
	}
	if c := l.Last; c != nil {
		out.LastChangedAt = api.FormatTime(&c.CreatedAt, h.TimeZone)
		out.LastChange = money(c.OldPrice, cur) + " → " + money(c.NewPrice, cur)
		out.LastResult, out.LastMessage = resultName(c.OK), c.Message
	}
	return out
}

// Listings answers POST listing/price/page {SKU配对's query}: a page of the listings of the user's store groups, the
// keyword in seller SKU, ASIN and title.
func (h *Handler) Listings(c *echo.Context) error {
	return api.PageOf(h.Pricing.ListingPage, h.listing)(c)
}

// ListingExport answers GET listing/price/export?<Listings' filters>: 调价_<date>.xlsx.
func (h *Handler) ListingExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "调价", "priceListingList", h.Pricing.ListingPage, h.listing)
}

// Row is a row of a preview or a change: the listing, the prices before and after in its currency, the change in
// percent, whether it needs the confirmation, whether it is sent; after a change, done (Amazon's submission id) or
// why not.
type Row struct {
	ID              string `json:"id"`
	GroupName       string `json:"groupName"`
	MarketplaceName string `json:"marketplaceName"`
	SellerSKU       string `json:"sellerSku"`
	ASIN            string `json:"asin"`
	ItemName        string `json:"itemName"`
	Currency        string `json:"currency"`
	Method          string `json:"method"`
	MethodName      string `json:"methodName"`
	OldPrice        string `json:"oldPrice"`
	NewPrice        string `json:"newPrice"`
	Floor           string `json:"floor"`
	Percent         string `json:"percent"`
	NeedsConfirm    bool   `json:"needsConfirm"`
	Send            bool   `json:"send"`
	OK              bool   `json:"ok"`
	ErrorType       string `json:"errorType"`
	Message         string `json:"message"`
	SubmissionID    string `json:"submissionId"`
}

// Plan is a preview's answer: the rows, the company's confirmation percent and how many rows to send pass it.
type Plan struct {
	Rows           []Row `json:"rows"`
	ConfirmPercent int   `json:"confirmPercent"`
	Confirm        int   `json:"confirm"`
	Send           int   `json:"send"`
}

// Changed is a change's answer: the plan's rows with their results, and how many were changed and refused.
type Changed struct {
	Plan
	Changed int `json:"changed"`
	Refused int `json:"refused"`
}

func shape(p *pricing.Plan) Plan {
	out := Plan{Rows: make([]Row, len(p.Rows)), ConfirmPercent: p.ConfirmPercent, Confirm: p.Confirm}
	for i, r := range p.Rows {
		l := r.Listing
		m, _ := storesdb.MarketplaceByID(l.MarketplaceID)
		cur := l.Currency
		if cur == "" {
			cur = m.Currency
		}
		row := Row{ID: strconv.FormatInt(l.ID, 10), GroupName: l.GroupName, MarketplaceName: m.Name, SellerSKU: l.SellerSKU,
			ASIN: l.ASIN, ItemName: l.ItemName, Currency: cur, Method: r.Method, MethodName: pricing.MethodName(r.Method),
			OldPrice: r.Old.StringFixed(places(cur)), NeedsConfirm: r.NeedsConfirm, Send: r.Send, OK: r.OK,
			ErrorType: r.ErrorType, Message: r.Message, SubmissionID: r.SubmissionID}
		if r.New.IsPositive() || r.New.IsNegative() {
			row.NewPrice = r.New.StringFixed(places(cur))
		}
		if r.Old.IsPositive() && !r.New.IsZero() {
			row.Percent = r.Percent.StringFixed(2)
		}
		if l.Floor != nil {
			row.Floor = money(*l.Floor, cur)
		}
		if r.Send {
			out.Send++
		}
		out.Rows[i] = row
	}
	return out
}

// Preview answers POST listing/price/preview {ids, method, value, category, taxRegistered, prices}: the new prices
// without sending them.
func (h *Handler) Preview(c *echo.Context) error {
	var in pricing.ChangeForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	plan, err := h.Pricing.Preview(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, shape(plan))
}

// Change answers POST listing/price/change {Preview's body, confirmed}: the prices sent to Amazon row by row, with
// each row's result.
func (h *Handler) Change(c *echo.Context) error {
	var in pricing.ChangeForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Pricing.Change(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, Changed{Plan: shape(&res.Plan), Changed: res.Changed, Refused: res.Refused})
}

// SetFloor answers PUT listing/price/:id/floor {floor}: the listing with its floor set ("" removes it).
func (h *Handler) SetFloor(c *echo.Context) error {
	var in pricing.FloorForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	l, err := h.Pricing.SetFloor(c.Request().Context(), p, c.Param("id"), in)
	if err != nil {
		return err
	}
	return api.OK(c, h.listing(l))
}

// Settings answers GET listing/price/settings: the company's confirmation percent.
func (h *Handler) Settings(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	s, err := h.Pricing.GetSettings(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, s)
}

// SaveSettings answers PUT listing/price/settings {confirmPercent}.
func (h *Handler) SaveSettings(c *echo.Context) error {
	var in pricing.Settings
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.Pricing.SaveSettings(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, s)
}

// Change is a row of the history: when, who, the listing, the prices before and asked, the method, the result.
type Change struct {
	ID              string `json:"id"`
	CreatedAt       string `json:"createdAt"`
	User            string `json:"user"`
	GroupName       string `json:"groupName"`
	MarketplaceName string `json:"marketplaceName"`
	SellerSKU       string `json:"sellerSku"`
	ASIN            string `json:"asin"`
	Currency        string `json:"currency"`
	OldPrice        string `json:"oldPrice"`
	NewPrice        string `json:"newPrice"`
	Percent         string `json:"percent"`
	MethodName      string `json:"methodName"`
	OK              bool   `json:"ok"`
	ResultName      string `json:"resultName"`
	Message         string `json:"message"`
	SubmissionID    string `json:"submissionId"`
}

func (h *Handler) change(r *pricingdb.ChangeRow) Change {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	out := Change{ID: strconv.FormatInt(r.ID, 10), CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone), User: r.UserName,
		GroupName: r.GroupName, MarketplaceName: m.Name, SellerSKU: r.SellerSKU, ASIN: r.ASIN, Currency: r.Currency,
		OldPrice: money(r.OldPrice, r.Currency), NewPrice: money(r.NewPrice, r.Currency), MethodName: pricing.MethodName(r.Method),
		OK: r.OK, ResultName: resultName(r.OK), Message: r.Message, SubmissionID: r.SubmissionID}
	if r.OldPrice.IsPositive() {
		out.Percent = r.NewPrice.Sub(r.OldPrice.Decimal).Mul(decimal.NewFromInt(100)).DivRound(r.OldPrice.Decimal, 2).StringFixed(2)
	}
	return out
}

// Changes answers POST listing/price/history {currentpage, pagesize, groupId, marketplaceId, listingId, result,
// keyword, startDate, endDate}: a page of the history, the latest first.
func (h *Handler) Changes(c *echo.Context) error {
	return api.PageOf(h.Pricing.ChangePage, h.change)(c)
}

// ChangeExport answers GET listing/price/history/export?<Changes' filters>: 调价记录_<date>.xlsx.
func (h *Handler) ChangeExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "调价记录", "priceChangeList", h.Pricing.ChangePage, h.change)
}

// ScheduleSale answers POST listing/price/sales/schedule {Change's body, startDate, endDate}: the sales kept, each
// row scheduled or why not.
func (h *Handler) ScheduleSale(c *echo.Context) error {
	var in pricing.SaleForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Pricing.ScheduleSale(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, Changed{Plan: shape(&res.Plan), Changed: res.Changed, Refused: res.Refused})
}

// Sale is a row of 定时促销.
type Sale struct {
	ID              string `json:"id"`
	GroupName       string `json:"groupName"`
	MarketplaceName string `json:"marketplaceName"`
	SellerSKU       string `json:"sellerSku"`
	ASIN            string `json:"asin"`
	Currency        string `json:"currency"`
	SalePrice       string `json:"salePrice"`
	RegularPrice    string `json:"regularPrice"`
	StartsAt        string `json:"startsAt"`
	EndsAt          string `json:"endsAt"`
	Status          string `json:"status"`
	StatusName      string `json:"statusName"`
	Message         string `json:"message"`
	User            string `json:"user"`
	CreatedAt       string `json:"createdAt"`
}

var saleStatusNames = map[string]string{pricingdb.SaleScheduled: "待开始", pricingdb.SaleOn: "促销中", pricingdb.SaleDone: "已结束",
	pricingdb.SaleFailed: "失败", pricingdb.SaleCancelled: "已取消"}

func (h *Handler) sale(r *pricingdb.SaleRow) Sale {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	out := Sale{ID: strconv.FormatInt(r.ID, 10), GroupName: r.GroupName, MarketplaceName: m.Name, SellerSKU: r.SellerSKU, ASIN: r.ASIN,
		Currency: r.Currency, SalePrice: money(r.SalePrice, r.Currency), StartsAt: api.FormatTime(&r.StartsAt, h.TimeZone),
		EndsAt: api.FormatTime(&r.EndsAt, h.TimeZone), Status: r.Status, StatusName: saleStatusNames[r.Status], Message: r.Message,
		User: r.UserName, CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone)}
	if r.RegularPrice.IsPositive() {
		out.RegularPrice = money(r.RegularPrice, r.Currency)
	}
	return out
}

// Sales answers POST listing/price/sales {currentpage, pagesize, status}: a page of 定时促销, the latest first.
func (h *Handler) Sales(c *echo.Context) error {
	return api.PageOf(h.Pricing.SalePage, h.sale)(c)
}

// CancelSale answers POST listing/price/sales/:id/cancel: a sale not started is cancelled.
func (h *Handler) CancelSale(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Pricing.CancelSale(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "")
}
