// Package alibaba answers 1688账号绑定's and 1688结算's calls, and the platform's redirect back after a binding.
package alibaba

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/alibaba"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/models"
	alidb "sellerhub/models/alibaba"
	purchasedb "sellerhub/models/purchase"
)

// Handler answers the 1688 calls.
type Handler struct {
	Alibaba   *alibaba.Service
	TimeZone  *time.Location
	PublicURL string
	// Result renders a consent's result page (pages.Handler.ConsentResult).
	Result func(c *echo.Context, title string, work func(context.Context) error) error
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

func yuan(units int64) string { return models.MoneyFromUnits(units).StringFixed(2) }

func (h *Handler) when(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.In(h.TimeZone).Format(time.DateTime)
}

func (h *Handler) redirectBase(c *echo.Context) string {
	if h.PublicURL != "" {
		return strings.TrimRight(h.PublicURL, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

var importNames = map[string]string{"": "未导入", alidb.ImportQueued: "排队中", alidb.ImportRunning: "导入中",
	alidb.ImportDone: "已完成", alidb.ImportFailed: "失败"}

// Account is a bound account.
type Account struct {
	ID               string `json:"id"`
	MemberID         string `json:"memberId"`
	LoginID          string `json:"loginId"`
	WarehouseID      string `json:"warehouseId"`
	WarehouseName    string `json:"warehouseName"`
	Status           int    `json:"status"`
	StatusName       string `json:"statusName"`
	TokenExpiresAt   string `json:"tokenExpiresAt"`
	RefreshExpiresAt string `json:"refreshExpiresAt"`
	ImportState      string `json:"importState"`
	ImportStateName  string `json:"importStateName"`
	ImportDone       int    `json:"importDone"`
	ImportTotal      int    `json:"importTotal"`
	ImportError      string `json:"importError"`
	ImportedAt       string `json:"importedAt"`
	Orders           int64  `json:"orders"`
	CreatedAt        string `json:"createdAt"`
}

// Accounts answers GET alibaba/accounts.
func (h *Handler) Accounts(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Alibaba.Accounts(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Account, len(rows))
	for i, a := range rows {
		status := "正常"
		if a.Status == alidb.AccountExpired {
			status = "授权已失效"
		}
		out[i] = Account{ID: id(a.ID), MemberID: a.MemberID, LoginID: a.LoginID, WarehouseID: id(a.WarehouseID),
			WarehouseName: a.WarehouseName, Status: a.Status, StatusName: status, TokenExpiresAt: h.when(&a.TokenExpiresAt),
			RefreshExpiresAt: h.when(a.RefreshExpiresAt), ImportState: a.ImportState, ImportStateName: importNames[a.ImportState],
			ImportDone: a.ImportDone, ImportTotal: a.ImportTotal, ImportError: a.ImportError, ImportedAt: h.when(a.ImportedAt),
			Orders: a.Orders, CreatedAt: h.when(&a.CreatedAt)}
	}
	return api.OK(c, out)
}

// Consent is 绑定's answer: the platform's consent page to open.
type Consent struct {
	URL string `json:"url"`
}

// Bind answers POST alibaba/bind {warehouseId} with the consent page.
func (h *Handler) Bind(c *echo.Context) error {
	var f alibaba.BindForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	link, err := h.Alibaba.ConsentURL(c.Request().Context(), p, f, h.redirectBase(c))
	if err != nil {
		return err
	}
	return api.OK(c, Consent{URL: link})
}

// AuthResult serves GET /alibaba/authresult, where the platform sends the buyer back: 授权成功 or 授权失败.
func (h *Handler) AuthResult(c *echo.Context) error {
	var cb alibaba.Callback
	if err := c.Bind(&cb); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	base := h.redirectBase(c)
	return h.Result(c, "1688账号绑定", func(ctx context.Context) error {
		_, err := h.Alibaba.Authorize(ctx, cb, p.CompanyID, base)
		return err
	})
}

// Unbind answers POST alibaba/account/:id/unbind.
func (h *Handler) Unbind(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Alibaba.Unbind(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "")
}

// Import answers POST alibaba/account/:id/import: the import queued, followed on the account.
func (h *Handler) Import(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Alibaba.StartImport(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "")
}

// Order is an imported order; amounts in yuan.
type Order struct {
	ID             string    `json:"id"`
	AccountID      string    `json:"accountId"`
	AliOrderID     string    `json:"aliOrderId"`
	Status         string    `json:"status"`
	StatusName     string    `json:"statusName"`
	SellerName     string    `json:"sellerName"`
	SellerLoginID  string    `json:"sellerLoginId"`
	SupplierID     string    `json:"supplierId"`
	TotalAmount    string    `json:"totalAmount"`
	ShippingFee    string    `json:"shippingFee"`
	Paid           string    `json:"paid"`
	Logistics      string    `json:"logistics"`
	OrderedAt      string    `json:"orderedAt"`
	LinesUnmapped  int       `json:"linesUnmapped"`
	PurchaseID     string    `json:"purchaseId"`
	PurchaseNumber string    `json:"purchaseNumber"`
	PurchaseStatus string    `json:"purchaseStatus"`
	Lines          []Line    `json:"lines"`
	Payments       []Payment `json:"payments"`
}

// Line is an order's line and the local product its offer is ("" while it waits).
type Line struct {
	ID          string `json:"id"`
	OfferID     string `json:"offerId"`
	SpecID      string `json:"specId"`
	Name        string `json:"name"`
	CargoNumber string `json:"cargoNumber"`
	Quantity    int    `json:"quantity"`
	Price       string `json:"price"`
	Amount      string `json:"amount"`
	ProductID   string `json:"productId"`
	SKU         string `json:"sku"`
	ProductName string `json:"productName"`
}

var purchaseStatusNames = map[int]string{purchasedb.OrderDraft: "待提交", purchasedb.OrderSubmitted: "待审核",
	purchasedb.OrderApproved: "待下单", purchasedb.OrderToPay: "待付款", purchasedb.OrderToReceive: "待收货",
	purchasedb.OrderCompleted: "已完成", purchasedb.OrderCancelled: "已作废"}

func (h *Handler) order(o *alibaba.OrderRow) Order {
	out := Order{ID: id(o.ID), AccountID: id(o.AccountID), AliOrderID: o.AliOrderID, Status: o.Status, StatusName: alibaba.Statuses[o.Status],
		SellerName: o.SellerName, SellerLoginID: o.SellerLoginID, SupplierID: id(o.SupplierID),
		TotalAmount: yuan(o.TotalAmount), ShippingFee: yuan(o.ShippingFee), Paid: yuan(o.Paid), Logistics: o.Logistics,
		OrderedAt: h.when(&o.OrderedAt), LinesUnmapped: o.LinesUnmapped, PurchaseNumber: o.PurchaseNumber,
		Lines: []Line{}, Payments: []Payment{}}
	if out.StatusName == "" {
		out.StatusName = o.Status
	}
	if o.PurchaseOrderID != nil {
		out.PurchaseID, out.PurchaseStatus = id(*o.PurchaseOrderID), purchaseStatusNames[o.PurchaseStatus]
	}
	for _, l := range o.Lines {
		line := Line{ID: id(l.ID), OfferID: l.OfferID, SpecID: l.SpecID, Name: l.Name, CargoNumber: l.CargoNumber,
			Quantity: l.Quantity, Price: yuan(l.Price), Amount: yuan(l.Amount), SKU: l.SKU, ProductName: l.ProductName}
		if l.ProductID != nil {
			line.ProductID = id(*l.ProductID)
		}
		out.Lines = append(out.Lines, line)
	}
	for _, p := range o.Payments {
		out.Payments = append(out.Payments, Payment{ID: id(p.ID), Phase: p.Phase, Amount: yuan(p.Amount),
			PayStatusName: payStatusNames[p.PayStatus], PayWay: p.PayWay, PaidAt: h.when(&p.PaidAt)})
	}
	return out
}

// Orders answers POST alibaba/orders/page.
func (h *Handler) Orders(c *echo.Context) error { return api.PageOf(h.Alibaba.Orders, h.order)(c) }

// OrdersExport answers GET alibaba/orders/export as 1688订单_<date>.xlsx.
func (h *Handler) OrdersExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "1688订单", "alibabaOrders", h.Alibaba.Orders, h.order)
}

// GetOrder answers GET alibaba/order/:id (and the settlement's detail).
func (h *Handler) GetOrder(c *echo.Context) error { return api.GetOne(h.Alibaba.Order, h.order)(c) }

// Mapped is 配对's answer: the purchase orders it made.
type Mapped struct {
	Made int `json:"made"`
}

// Map answers POST alibaba/orders/map {lineId, productId}.
func (h *Handler) Map(c *echo.Context) error {
	var f alibaba.MapForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Alibaba.MapLine(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, Mapped{Made: n})
}

var payStatusNames = map[string]string{"2": "已付款", "4": "全额退款", "6": "回款完成"}

// Payment is a paid phase as 1688结算 lists it, with what it matched and what to do.
type Payment struct {
	ID             string `json:"id"`
	OrderID        string `json:"orderId"`
	AliOrderID     string `json:"aliOrderId"`
	SellerName     string `json:"sellerName"`
	OrderStatus    string `json:"orderStatus"`
	Phase          string `json:"phase"`
	Amount         string `json:"amount"`
	PayStatusName  string `json:"payStatusName"`
	PayWay         string `json:"payWay"`
	PaidAt         string `json:"paidAt"`
	PurchaseID     string `json:"purchaseId"`
	PurchaseNumber string `json:"purchaseNumber"`
	RequestID      string `json:"requestId"`
	RequestNumber  string `json:"requestNumber"`
	Match          string `json:"match"`
	MatchName      string `json:"matchName"`
	Advice         string `json:"advice"`
}

func (h *Handler) payment(r *alibaba.PaymentRow) Payment {
	out := Payment{ID: id(r.ID), OrderID: id(r.Order.ID), AliOrderID: r.Order.AliOrderID, SellerName: r.Order.SellerName,
		OrderStatus: alibaba.Statuses[r.Order.Status], Phase: r.Phase, Amount: yuan(r.Amount),
		PayStatusName: payStatusNames[r.PayStatus], PayWay: r.PayWay, PaidAt: h.when(&r.PaidAt),
		PurchaseNumber: r.PurchaseNumber, RequestNumber: r.RequestNumber, Match: r.Match,
		MatchName: alibaba.MatchNames[r.Match], Advice: r.Advice}
	if r.Order.PurchaseOrderID != nil {
		out.PurchaseID = id(*r.Order.PurchaseOrderID)
	}
	if r.RequestID != 0 {
		out.RequestID = id(r.RequestID)
	}
	return out
}

// Payments answers POST alibaba/payments/page.
func (h *Handler) Payments(c *echo.Context) error {
	return api.PageOf(h.Alibaba.Payments, h.payment)(c)
}

// PaymentsExport answers GET alibaba/payments/export as 1688结算_<date>.xlsx.
func (h *Handler) PaymentsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "1688结算", "alibabaPayments", h.Alibaba.Payments, h.payment)
}

// Summary is 1688结算's totals (yuan).
type Summary struct {
	Count     int    `json:"count"`
	Unmatched int    `json:"unmatched"`
	Paid      string `json:"paid"`
	Matched   string `json:"matched"`
	Gap       string `json:"gap"`
}

// PaymentSummary answers POST alibaba/payments/summary (the list's filters).
func (h *Handler) PaymentSummary(c *echo.Context) error {
	var q alibaba.PaymentQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.Alibaba.PaymentSummary(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	return api.OK(c, Summary{Count: s.Count, Unmatched: s.Unmatched, Paid: yuan(s.Paid), Matched: yuan(s.Matched), Gap: yuan(s.Gap)})
}
