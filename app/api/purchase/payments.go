package purchase

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/purchase"
	"sellerhub/models"
	purchasedb "sellerhub/models/purchase"
)

// Payment is a 付款申请 as its list and detail show it; the amount is in the order's currency, two decimals.
type Payment struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	OrderID       string `json:"orderId"`
	OrderNumber   string `json:"orderNumber"`
	ReceiptNumber string `json:"receiptNumber"`
	SupplierID    string `json:"supplierId"`
	SupplierName  string `json:"supplierName"`
	Kind          string `json:"kind"`
	KindName      string `json:"kindName"`
	Currency      string `json:"currency"`
	Amount        string `json:"amount"`
	DueDate       string `json:"dueDate"`
	Status        int    `json:"status"`
	StatusName    string `json:"statusName"`
	Remark        string `json:"remark"`
	Account       string `json:"account"`
	PaidDate      string `json:"paidDate"`
	Requester     string `json:"requester"`
	Approver      string `json:"approver"`
	Payer         string `json:"payer"`
	CreatedAt     string `json:"createdAt"`
	ApprovedAt    string `json:"approvedAt"`
	PaidAt        string `json:"paidAt"`
}

// Owed is what a supplier is owed in one currency: ordered (less closed and returned), received (less returned),
// paid, approved and not paid yet, and owed (received less paid; below zero when paid ahead of the goods).
type Owed struct {
	// Key is the row's key in the list: the supplier and the currency.
	Key          string `json:"key"`
	SupplierID   string `json:"supplierId"`
	SupplierName string `json:"supplierName"`
	Currency     string `json:"currency"`
	Ordered      string `json:"ordered"`
	Received     string `json:"received"`
	Paid         string `json:"paid"`
	Approved     string `json:"approved"`
	Owed         string `json:"owed"`
	Unpaid       string `json:"unpaid"`
}

func (h *Handler) payment(r *purchasedb.PaymentRow) Payment {
	return Payment{ID: id(r.ID), Number: r.Number, OrderID: id(r.OrderID), OrderNumber: r.OrderNumber, ReceiptNumber: r.ReceiptNumber,
		SupplierID: id(r.SupplierID), SupplierName: r.SupplierName, Kind: r.Kind, KindName: purchase.PaymentKindNames[r.Kind],
		Currency: r.Currency, Amount: amount(r.Amount), DueDate: r.DueDate, Status: r.Status,
		StatusName: purchase.PaymentStatusNames[r.Status], Remark: r.Remark, Account: r.Account, PaidDate: r.PaidDate,
		Requester: r.RequesterName, Approver: r.ApproverName, Payer: r.PayerName,
		CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone), ApprovedAt: api.FormatTime(r.ApprovedAt, h.TimeZone),
		PaidAt: api.FormatTime(r.PaidAt, h.TimeZone)}
}

// PaymentPage answers POST paymentRequest/page {currentpage, pagesize, number, supplierId, orderId, status}.
func (h *Handler) PaymentPage(c *echo.Context) error {
	return api.PageOf(h.Purchase.PaymentPage, h.payment)(c)
}

// PaymentExport answers GET paymentRequest/export?<PaymentPage's filters> as 付款申请_<date>.xlsx.
func (h *Handler) PaymentExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "付款申请", "paymentRequestList", h.Purchase.PaymentPage, h.payment)
}

// GetPayment answers GET paymentRequest/{id}.
func (h *Handler) GetPayment(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	r, err := h.Purchase.Payment(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.payment(r))
}

// OwedList answers GET paymentRequest/owed?supplierId=: what each supplier is owed, per currency.
func (h *Handler) OwedList(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Purchase.Owed(c.Request().Context(), p, c.QueryParam("supplierId"))
	if err != nil {
		return err
	}
	out := make([]Owed, len(rows))
	for i := range rows {
		out[i] = owedOf(&rows[i])
	}
	return api.OK(c, out)
}

// OwedPage answers POST paymentRequest/owed/page {currentpage, pagesize, supplierId}: 应付汇总 in the table island.
func (h *Handler) OwedPage(c *echo.Context) error {
	return api.PageOf(h.Purchase.OwedPage, owedOf)(c)
}

// OwedExport answers GET paymentRequest/owed/export?supplierId= as 应付汇总_<date>.xlsx.
func (h *Handler) OwedExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "应付汇总", "supplierOwedList", h.Purchase.OwedPage, owedOf)
}

func owedOf(r *purchasedb.SupplierOwed) Owed {
	return Owed{Key: id(r.SupplierID) + "-" + r.Currency, SupplierID: id(r.SupplierID), SupplierName: r.SupplierName, Currency: r.Currency,
		Ordered: amount(r.Ordered), Received: amount(r.Received), Paid: amount(r.Paid), Approved: amount(r.Approved),
		Owed: models.MoneyFromUnits(r.Received - r.Paid).StringFixed(2), Unpaid: amount(r.Ordered - r.Paid)}
}

// RequestPayment answers POST paymentRequest {orderId, kind, receiptId, amount, remark} with the new request's
// {id, number}.
func (h *Handler) RequestPayment(c *echo.Context) error {
	var f purchase.PaymentForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	r, err := h.Purchase.RequestPayment(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, r.Number)
	return api.OK(c, Created{ID: id(r.ID), Number: r.Number})
}

// PaymentStep answers POST paymentRequest/{id}/<step> (approve, reject, cancel).
func (h *Handler) PaymentStep(change func(context.Context, core.Principal, string) error) echo.HandlerFunc {
	return func(c *echo.Context) error { return h.paymentNoted(c, change) }
}

// PayPayment answers POST paymentRequest/{id}/pay {paidDate, account}.
func (h *Handler) PayPayment(c *echo.Context) error {
	var f purchase.PayForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	return h.paymentNoted(c, func(ctx context.Context, p core.Principal, id string) error {
		return h.Purchase.PayPayment(ctx, p, id, f)
	})
}

func (h *Handler) paymentNoted(c *echo.Context, change func(context.Context, core.Principal, string) error) error {
	p, _ := middleware.Principal(c)
	if err := change(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	if r, err := h.Purchase.Payment(c.Request().Context(), p, c.Param("id")); err == nil {
		middleware.NoteSubject(c, r.Number)
	}
	return api.OK(c, "success")
}
