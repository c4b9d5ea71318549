// Package purchase is the HTTP face of purchasing: 采购单 (its list, detail, steps, receipts, returns and close).
package purchase

import (
	"context"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/purchase"
	"sellerhub/models"
	purchasedb "sellerhub/models/purchase"
)

// Handler serves the purchasing calls.
type Handler struct {
	Purchase *purchase.Service
	Planner  *purchase.Planner
	TimeZone *time.Location
}

// Order is a purchase order as its list shows it; the detail adds its lines and events. Amounts are in the
// order's currency, two decimals (a line's unit price keeps up to four).
type Order struct {
	ID               string    `json:"id"`
	Number           string    `json:"number"`
	SupplierID       string    `json:"supplierId"`
	SupplierName     string    `json:"supplierName"`
	WarehouseID      string    `json:"warehouseId"`
	WarehouseName    string    `json:"warehouseName"`
	Currency         string    `json:"currency"`
	PaymentTerms     string    `json:"paymentTerms"`
	PaymentTermsName string    `json:"paymentTermsName"`
	TermsDays        int       `json:"termsDays"`
	ExpectedDate     string    `json:"expectedDate"`
	Status           int       `json:"status"`
	StatusName       string    `json:"statusName"`
	Remark           string    `json:"remark"`
	CloseReason      string    `json:"closeReason"`
	Creator          string    `json:"creator"`
	Approver         string    `json:"approver"`
	LineCount        int       `json:"lineCount"`
	TotalQuantity    int       `json:"totalQuantity"`
	TotalReceived    int       `json:"totalReceived"`
	TotalReturned    int       `json:"totalReturned"`
	TotalClosed      int       `json:"totalClosed"`
	TotalAmount      string    `json:"totalAmount"`
	CreatedAt        string    `json:"createdAt"`
	SubmittedAt      string    `json:"submittedAt"`
	ApprovedAt       string    `json:"approvedAt"`
	OrderedAt        string    `json:"orderedAt"`
	CompletedAt      string    `json:"completedAt"`
	CancelledAt      string    `json:"cancelledAt"`
	Lines            []Line    `json:"lines,omitempty"`
	Events           []Event   `json:"events,omitempty"`
	Payments         []Payment `json:"payments,omitempty"`
}

// Line is a line of an order with its product: price (tax included) and tax rate in percent, the amount and the
// tax in it, and the units received, returned, closed and still outstanding.
type Line struct {
	ID          string `json:"id"`
	ProductID   string `json:"productId"`
	SKU         string `json:"sku"`
	Name        string `json:"name"`
	Image       string `json:"image"`
	Quantity    int    `json:"quantity"`
	UnitPrice   string `json:"unitPrice"`
	TaxRate     string `json:"taxRate"`
	Amount      string `json:"amount"`
	Tax         string `json:"tax"`
	Received    int    `json:"received"`
	Returned    int    `json:"returned"`
	Closed      int    `json:"closed"`
	Outstanding int    `json:"outstanding"`
	Remark      string `json:"remark"`
}

// Event is a receipt (收货), return (退货) or close (结案) of the order.
type Event struct {
	ID            string      `json:"id"`
	Number        string      `json:"number"`
	Kind          string      `json:"kind"`
	KindName      string      `json:"kindName"`
	WarehouseName string      `json:"warehouseName"`
	Date          string      `json:"date"`
	Remark        string      `json:"remark"`
	Operator      string      `json:"operator"`
	TotalQuantity int         `json:"totalQuantity"`
	CreatedAt     string      `json:"createdAt"`
	Lines         []EventLine `json:"lines"`
}

// EventLine is a product's units in an event, and a receipt's CNY cost of one.
type EventLine struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
	UnitCost string `json:"unitCost"`
}

// EventKindNames name the events.
var EventKindNames = map[string]string{purchasedb.EventReceipt: "收货", purchasedb.EventReturn: "退货", purchasedb.EventClose: "结案"}

func id(n int64) string { return strconv.FormatInt(n, 10) }

// amount writes Money's units with two decimals (a price with its own four when it has them).
func amount(units int64) string { return models.MoneyFromUnits(units).StringFixed(2) }

func (h *Handler) order(o *purchasedb.OrderRow) Order {
	t := func(v *time.Time) string { return api.FormatTime(v, h.TimeZone) }
	return Order{ID: id(o.ID), Number: o.Number, SupplierID: id(o.SupplierID), SupplierName: o.SupplierName,
		WarehouseID: id(o.WarehouseID), WarehouseName: o.WarehouseName, Currency: o.Currency,
		PaymentTerms: o.PaymentTerms, PaymentTermsName: purchase.TermsNames[o.PaymentTerms], TermsDays: o.TermsDays,
		ExpectedDate: o.ExpectedDate, Status: o.Status, StatusName: purchase.StatusNames[o.Status], Remark: o.Remark,
		CloseReason: o.CloseReason, Creator: o.CreatorName, Approver: o.ApproverName, LineCount: o.LineCount,
		TotalQuantity: o.TotalQuantity, TotalReceived: o.TotalReceived, TotalReturned: o.TotalReturned,
		TotalClosed: o.TotalClosed, TotalAmount: amount(o.TotalAmount), CreatedAt: t(&o.CreatedAt),
		SubmittedAt: t(o.SubmittedAt), ApprovedAt: t(o.ApprovedAt), OrderedAt: t(o.OrderedAt),
		CompletedAt: t(o.CompletedAt), CancelledAt: t(o.CancelledAt)}
}

// Detail shapes an order's detail: the order, its lines and its events.
func (h *Handler) Detail(d *purchase.OrderDetail) Order {
	out := h.order(d.Order)
	out.Lines = make([]Line, len(d.Lines))
	for i, l := range d.Lines {
		a := purchase.LineAmounts(l.PurchaseOrderLine)
		out.Lines[i] = Line{ID: id(l.ID), ProductID: id(l.ProductID), SKU: l.SKU, Name: l.Name, Image: l.Image,
			Quantity: l.Quantity, UnitPrice: a.UnitPrice, TaxRate: a.TaxRate, Amount: a.Amount.StringFixed(2),
			Tax: a.Tax.StringFixed(2), Received: l.Received, Returned: l.Returned, Closed: l.Closed,
			Outstanding: l.Outstanding(), Remark: l.Remark}
	}
	out.Events = make([]Event, len(d.Events))
	for i, e := range d.Events {
		ev := Event{ID: id(e.ID), Number: e.Number, Kind: e.Kind, KindName: EventKindNames[e.Kind],
			WarehouseName: e.WarehouseName, Date: e.EventDate, Remark: e.Remark, Operator: e.OperatorName,
			TotalQuantity: e.TotalQuantity, CreatedAt: api.FormatTime(&e.CreatedAt, h.TimeZone), Lines: []EventLine{}}
		for _, l := range d.EventLines[e.ID] {
			line := EventLine{SKU: l.SKU, Quantity: l.Quantity}
			if e.Kind == purchasedb.EventReceipt {
				line.UnitCost = amount(l.UnitCost)
			}
			ev.Lines = append(ev.Lines, line)
		}
		out.Events[i] = ev
	}
	return out
}

// OrderPage answers POST purchaseOrder/page {currentpage, pagesize, number, supplierId, status, startDate, endDate}.
func (h *Handler) OrderPage(c *echo.Context) error {
	return api.PageOf(h.Purchase.OrderPage, h.order)(c)
}

// OrderExport answers GET purchaseOrder/export?<OrderPage's filters> as 采购单_<date>.xlsx.
func (h *Handler) OrderExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "采购单", "purchaseOrderList", h.Purchase.OrderPage, h.order)
}

// GetOrder answers GET purchaseOrder/{id}: the order with its lines and events.
func (h *Handler) GetOrder(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Purchase.Order(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := h.Detail(d)
	payments, err := h.Purchase.OrderPayments(c.Request().Context(), p, d.Order.ID)
	if err != nil {
		return err
	}
	for i := range payments {
		out.Payments = append(out.Payments, h.payment(&payments[i]))
	}
	return api.OK(c, out)
}

// Created is the answer of a new order.
type Created struct {
	ID     string `json:"id"`
	Number string `json:"number"`
}

// CreateOrder answers POST purchaseOrder with the new draft's {id, number}.
func (h *Handler) CreateOrder(c *echo.Context) error {
	var f purchase.OrderForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	o, err := h.Purchase.CreateOrder(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, o.Number)
	return api.OK(c, Created{ID: id(o.ID), Number: o.Number})
}

// UpdateOrder answers PUT purchaseOrder/{id} with a new order's body, while it is 待提交.
func (h *Handler) UpdateOrder(c *echo.Context) error {
	var f purchase.OrderForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	return h.noted(c, func(ctx context.Context, p core.Principal, id string) error {
		return h.Purchase.UpdateOrder(ctx, p, id, f)
	})
}

// Step answers POST purchaseOrder/{id}/<step> for the steps without a body (submit, approve, reject, place, cancel).
func (h *Handler) Step(change func(context.Context, core.Principal, string) error) echo.HandlerFunc {
	return func(c *echo.Context) error { return h.noted(c, change) }
}

// Receive answers POST purchaseOrder/{id}/receive {warehouseId, date, remark, lines:[{lineId, quantity}]}.
func (h *Handler) Receive(c *echo.Context) error { return h.event(c, h.Purchase.Receive) }

// Return answers POST purchaseOrder/{id}/return {warehouseId, date, remark (the reason), lines}.
func (h *Handler) Return(c *echo.Context) error { return h.event(c, h.Purchase.Return) }

// Close answers POST purchaseOrder/{id}/close {reason}.
func (h *Handler) Close(c *echo.Context) error {
	var f purchase.CloseForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	return h.noted(c, func(ctx context.Context, p core.Principal, id string) error { return h.Purchase.Close(ctx, p, id, f) })
}

func (h *Handler) event(c *echo.Context, book func(context.Context, core.Principal, string, purchase.ReceiptForm) error) error {
	var f purchase.ReceiptForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	return h.noted(c, func(ctx context.Context, p core.Principal, id string) error { return book(ctx, p, id, f) })
}

// noted runs a change of the order in the path and answers "success"; the operation log gets its number.
func (h *Handler) noted(c *echo.Context, change func(context.Context, core.Principal, string) error) error {
	p, _ := middleware.Principal(c)
	if err := change(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	if d, err := h.Purchase.Order(c.Request().Context(), p, c.Param("id")); err == nil {
		middleware.NoteSubject(c, d.Order.Number)
	}
	return api.OK(c, "success")
}
