package claims

import (
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/claims"
	"sellerhub/app/middleware"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// RemovalsHandler serves 移除订单 under /amazon/api/v1: the removal orders, and an order's lines and packages.
type RemovalsHandler struct {
	Removals *claims.Removals
	TimeZone *time.Location
}

// RemovalOrder is a removal order of 移除订单: its type, status and the sums of its lines (units requested,
// cancelled, disposed of, shipped, in process; the removal fee in its currency), and how many packages Amazon
// shipped for it.
type RemovalOrder struct {
	ID                string  `json:"id"`
	GroupName         string  `json:"groupName"`
	MarketplaceID     string  `json:"marketplaceId"`
	MarketplaceName   string  `json:"marketplaceName"`
	OrderID           string  `json:"orderId"`
	RequestDate       string  `json:"requestDate"`
	LastUpdated       string  `json:"lastUpdated"`
	OrderSource       string  `json:"orderSource"`
	OrderType         string  `json:"orderType"`
	OrderTypeName     string  `json:"orderTypeName"`
	OrderStatus       string  `json:"orderStatus"`
	OrderStatusName   string  `json:"orderStatusName"`
	SKUs              string  `json:"skus"`
	LineCount         int     `json:"lineCount"`
	RequestedQuantity int     `json:"requestedQuantity"`
	CancelledQuantity int     `json:"cancelledQuantity"`
	DisposedQuantity  int     `json:"disposedQuantity"`
	ShippedQuantity   int     `json:"shippedQuantity"`
	InProcessQuantity int     `json:"inProcessQuantity"`
	Packages          int     `json:"packages"`
	Currency          string  `json:"currency"`
	RemovalFee        float64 `json:"removalFee"`
	// Outcome says in words where the units went: 已退还 n 件（n 个包裹）, 已弃置 n 件, 已清算 n 件, 处理中 n 件.
	Outcome string `json:"outcome"`
}

func named(names map[string]string, v string) string {
	if n := names[v]; n != "" {
		return n
	}
	return v
}

func (h *RemovalsHandler) order(r *amazondatadb.RemovalOrderRow) RemovalOrder {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	fee, _ := r.RemovalFee.Float64()
	return RemovalOrder{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		OrderID: r.OrderID, RequestDate: api.FormatTime(&r.RequestDate, h.TimeZone), LastUpdated: api.FormatTime(&r.LastUpdated, h.TimeZone),
		OrderSource: r.OrderSource, OrderType: r.OrderType, OrderTypeName: named(claims.RemovalTypes, r.OrderType),
		OrderStatus: r.OrderStatus, OrderStatusName: named(claims.RemovalStatuses, r.OrderStatus), SKUs: r.SKUs,
		LineCount: r.LineCount, RequestedQuantity: r.RequestedQuantity, CancelledQuantity: r.CancelledQuantity,
		DisposedQuantity: r.DisposedQuantity, ShippedQuantity: r.ShippedQuantity, InProcessQuantity: r.InProcessQuantity,
		Packages: r.Packages, Currency: r.Currency, RemovalFee: fee, Outcome: outcome(r.OrderType, r.ShippedQuantity,
			r.DisposedQuantity, r.InProcessQuantity, r.CancelledQuantity, r.Packages)}
}

// outcome says where an order's or a line's units went.
func outcome(orderType string, shipped, disposed, inProcess, cancelled, packages int) string {
	var parts []string
	if shipped > 0 {
		switch orderType {
		case "Liquidations":
			parts = append(parts, "已清算"+itoa(shipped)+"件")
		default:
			s := "已退还" + itoa(shipped) + "件"
			if packages > 0 {
				s += "（" + itoa(packages) + "个包裹）"
			}
			parts = append(parts, s)
		}
	}
	if disposed > 0 {
		parts = append(parts, "已弃置"+itoa(disposed)+"件")
	}
	if inProcess > 0 {
		parts = append(parts, "处理中"+itoa(inProcess)+"件")
	}
	if cancelled > 0 {
		parts = append(parts, "已取消"+itoa(cancelled)+"件")
	}
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += "，"
		}
		out += p
	}
	return out
}

func itoa(n int) string { return id(int64(n)) }

// RemovalPage answers POST removals/page {currentpage, pagesize, sort, order, groupId, marketplaceId, from, to,
// orderType, orderStatus, keyword}, the latest request first.
func (h *RemovalsHandler) RemovalPage(c *echo.Context) error {
	return api.PageOf(h.Removals.RemovalPage, h.order)(c)
}

// RemovalExport answers GET removals/export?<filters>: the whole query as 移除订单_<date>.xlsx.
func (h *RemovalsHandler) RemovalExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "移除订单", "removalOrderList", h.Removals.RemovalPage, h.order)
}

// RemovalItem is a line of a removal order: a SKU and disposition with its quantities and fee.
type RemovalItem struct {
	SKU               string  `json:"sku"`
	FNSKU             string  `json:"fnsku"`
	Disposition       string  `json:"disposition"`
	DispositionName   string  `json:"dispositionName"`
	OrderStatus       string  `json:"orderStatus"`
	OrderStatusName   string  `json:"orderStatusName"`
	LastUpdated       string  `json:"lastUpdated"`
	RequestedQuantity int     `json:"requestedQuantity"`
	CancelledQuantity int     `json:"cancelledQuantity"`
	DisposedQuantity  int     `json:"disposedQuantity"`
	ShippedQuantity   int     `json:"shippedQuantity"`
	InProcessQuantity int     `json:"inProcessQuantity"`
	Currency          string  `json:"currency"`
	RemovalFee        float64 `json:"removalFee"`
	Outcome           string  `json:"outcome"`
}

// RemovalShipment is a package Amazon shipped for a return order.
type RemovalShipment struct {
	ShipmentDate    string `json:"shipmentDate"`
	SKU             string `json:"sku"`
	FNSKU           string `json:"fnsku"`
	Disposition     string `json:"disposition"`
	DispositionName string `json:"dispositionName"`
	ShippedQuantity int    `json:"shippedQuantity"`
	Carrier         string `json:"carrier"`
	TrackingNumber  string `json:"trackingNumber"`
}

// RemovalDetail is a removal order opened: the order, its lines and its packages.
type RemovalDetail struct {
	Order     RemovalOrder      `json:"order"`
	Items     []RemovalItem     `json:"items"`
	Shipments []RemovalShipment `json:"shipments"`
}

var dispositionNames = map[string]string{"Sellable": "可售", "Unsellable": "不可售"}

// GetRemoval answers GET removals/:id: a removal order of the user's store groups with its lines and packages.
func (h *RemovalsHandler) GetRemoval(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Removals.Removal(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := RemovalDetail{Order: h.order(d.Order), Items: make([]RemovalItem, len(d.Items)), Shipments: make([]RemovalShipment, len(d.Shipments))}
	for i, it := range d.Items {
		fee, _ := it.RemovalFee.Float64()
		packages := 0
		for _, s := range d.Shipments {
			if s.SKU == it.SKU && s.Disposition == it.Disposition {
				packages++
			}
		}
		out.Items[i] = RemovalItem{SKU: it.SKU, FNSKU: it.FNSKU, Disposition: it.Disposition,
			DispositionName: named(dispositionNames, it.Disposition), OrderStatus: it.OrderStatus,
			OrderStatusName: named(claims.RemovalStatuses, it.OrderStatus), LastUpdated: api.FormatTime(&it.LastUpdated, h.TimeZone),
			RequestedQuantity: it.RequestedQuantity, CancelledQuantity: it.CancelledQuantity, DisposedQuantity: it.DisposedQuantity,
			ShippedQuantity: it.ShippedQuantity, InProcessQuantity: it.InProcessQuantity, Currency: it.Currency, RemovalFee: fee,
			Outcome: outcome(d.Order.OrderType, it.ShippedQuantity, it.DisposedQuantity, it.InProcessQuantity, it.CancelledQuantity, packages)}
	}
	for i, s := range d.Shipments {
		out.Shipments[i] = RemovalShipment{ShipmentDate: api.FormatTime(&s.ShipmentDate, h.TimeZone), SKU: s.SKU, FNSKU: s.FNSKU,
			Disposition: s.Disposition, DispositionName: named(dispositionNames, s.Disposition), ShippedQuantity: s.ShippedQuantity,
			Carrier: s.Carrier, TrackingNumber: s.TrackingNumber}
	}
	return api.OK(c, out)
}
