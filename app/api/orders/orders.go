// Package orders serves the order calls of /amazon/api/v1: orders/... (订单管理 and an order's detail),
// orders/today/... (今日订单) and orders/refunds/... (退款订单). Lists are paged POST calls answering {records,
// total, size, current, pages}, the table island's shape; money is text in its currency ($19.99, ¥1980).
package orders

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/amazon"
	"sellerhub/app/api"
	"sellerhub/app/orders"
	"sellerhub/models"
	ordersdb "sellerhub/models/orders"
	storesdb "sellerhub/models/stores"
)

// Handler serves the order calls.
type Handler struct {
	Orders *orders.Service
	// TimeZone is Beijing time, the zone every time is shown in beside the marketplace's own.
	TimeZone *time.Location
}

// statusNames and channelNames are Amazon's order statuses and fulfilment channels as the screens name them; a
// value Amazon adds later shows as Amazon writes it.
var (
	statusNames = map[string]string{"Pending": "待处理", "Unshipped": "未发货", "PartiallyShipped": "部分发货",
		"Shipped": "已发货", "Shipping": "配送中", "Cancelled": "已取消", "Unfulfillable": "无法配送", "InvoiceUnconfirmed": "发票未确认"}
	channelNames = map[string]string{"Amazon": "FBA", "Merchant": "FBM"}
)

func named(names map[string]string, v string) string {
	if n, ok := names[v]; ok {
		return n
	}
	return v
}

// marketplaceName is a marketplace's Chinese name, or its id when unknown.
func marketplaceName(id string) string {
	if m, ok := storesdb.MarketplaceByID(id); ok {
		return m.Name
	}
	return id
}

// localTime is a time in the marketplace's own zone ("" for an unknown marketplace).
func localTime(t *time.Time, marketplace string) string {
	loc, ok := storesdb.MarketplaceZone(marketplace)
	if !ok {
		return ""
	}
	return api.FormatTime(t, loc)
}

// Order is an order as the lists show it: purchased at in Beijing time and in the marketplace's, the SKU the row
// stands for (the searched one, else the first) with its own units and sales and how many other SKUs the order
// holds (skuMore, "+2 SKU"), and the order's items summed in its currency (orderQuantity, orderSales, tax,
// promotion).
type Order struct {
	ID                string      `json:"id"`
	AmazonOrderID     string      `json:"amazonOrderId"`
	GroupName         string      `json:"groupName"`
	MarketplaceID     string      `json:"marketplaceId"`
	MarketplaceName   string      `json:"marketplaceName"`
	PurchaseDate      string      `json:"purchaseDate"`
	PurchaseDateLocal string      `json:"purchaseDateLocal"`
	Status            string      `json:"status"`
	StatusName        string      `json:"statusName"`
	Channel           string      `json:"channel"`
	ChannelName       string      `json:"channelName"`
	SKU               string      `json:"sku"`
	ASIN              string      `json:"asin"`
	SKUMore           string      `json:"skuMore"`
	Lines             int         `json:"lines"`
	Quantity          int         `json:"quantity"`
	Currency          string      `json:"currency"`
	Sales             json.Number `json:"sales"`
	OrderQuantity     int         `json:"orderQuantity"`
	OrderSales        json.Number `json:"orderSales"`
	Tax               json.Number `json:"tax"`
	Promotion         json.Number `json:"promotion"`
	ShipCity          string      `json:"shipCity"`
	ShipState         string      `json:"shipState"`
	ShipCountry       string      `json:"shipCountry"`
	Business          bool        `json:"business"`
}

func (h *Handler) order(o *ordersdb.OrderRow) Order {
	return Order{ID: strconv.FormatInt(o.ID, 10), AmazonOrderID: o.AmazonOrderID, GroupName: o.GroupName,
		MarketplaceID: o.MarketplaceID, MarketplaceName: marketplaceName(o.MarketplaceID),
		PurchaseDate: api.FormatTime(&o.PurchaseDate, h.TimeZone), PurchaseDateLocal: localTime(&o.PurchaseDate, o.MarketplaceID),
		Status: o.OrderStatus, StatusName: named(statusNames, o.OrderStatus), Channel: o.FulfillmentChannel,
		ChannelName: named(channelNames, o.FulfillmentChannel), SKU: o.SKU, ASIN: o.ASIN, SKUMore: skuMore(o.OtherSKUs),
		Lines: o.Lines, Quantity: o.SKUQuantity, Currency: o.Currency, Sales: api.Amount(o.SKUItemPrice),
		OrderQuantity: o.Quantity, OrderSales: api.Amount(o.ItemPrice),
		Tax: api.Amount(o.ItemTax), Promotion: api.Amount(o.Promotion),
		ShipCity: o.ShipCity, ShipState: o.ShipState, ShipCountry: o.ShipCountry, Business: o.IsBusinessOrder}
}

// skuMore tells how many other SKUs the order holds beside the row's ("+2 SKU"), "" for none.
func skuMore(others int) string {
	if others <= 0 {
		return ""
	}
	return "+" + strconv.Itoa(others) + " SKU"
}

// Item is what an order bought of one SKU, its money in the order's currency.
type Item struct {
	SKU                   string `json:"sku"`
	ASIN                  string `json:"asin"`
	ProductName           string `json:"productName"`
	ItemStatus            string `json:"itemStatus"`
	Quantity              int    `json:"quantity"`
	ItemPrice             string `json:"itemPrice"`
	ItemTax               string `json:"itemTax"`
	ShippingPrice         string `json:"shippingPrice"`
	ShippingTax           string `json:"shippingTax"`
	GiftWrapPrice         string `json:"giftWrapPrice"`
	GiftWrapTax           string `json:"giftWrapTax"`
	ItemPromotionDiscount string `json:"itemPromotionDiscount"`
	ShipPromotionDiscount string `json:"shipPromotionDiscount"`
	PromotionIDs          string `json:"promotionIds"`
}

// Fee is what a settlement booked for the order, as Amazon names it.
type Fee struct {
	SettlementID      string `json:"settlementId"`
	PostedDate        string `json:"postedDate"`
	TransactionType   string `json:"transactionType"`
	AmountType        string `json:"amountType"`
	AmountDescription string `json:"amountDescription"`
	SKU               string `json:"sku"`
	Amount            string `json:"amount"`
}

// Detail is an order with its items, its settlement lines and their sum per currency (none before it is
// settled).
type Detail struct {
	Order
	MerchantOrderID  string   `json:"merchantOrderId"`
	LastUpdatedDate  string   `json:"lastUpdatedDate"`
	SalesChannel     string   `json:"salesChannel"`
	ShipServiceLevel string   `json:"shipServiceLevel"`
	ShipPostalCode   string   `json:"shipPostalCode"`
	Items            []Item   `json:"items"`
	Fees             []Fee    `json:"fees"`
	Settled          []string `json:"settled"`
}

func (h *Handler) detail(d *ordersdb.OrderDetail) Detail {
	o := &d.Order
	out := Detail{Order: h.order(o), MerchantOrderID: o.MerchantOrderID,
		LastUpdatedDate: api.FormatTime(&o.LastUpdatedDate, h.TimeZone), SalesChannel: o.SalesChannel,
		ShipServiceLevel: o.ShipServiceLevel, ShipPostalCode: o.ShipPostalCode,
		Items: make([]Item, len(d.Items)), Fees: make([]Fee, len(d.Fees)), Settled: make([]string, len(d.Settled))}
	for i, it := range d.Items {
		m := func(v models.Money) string { return v.Text(it.Currency) }
		out.Items[i] = Item{SKU: it.SKU, ASIN: it.ASIN, ProductName: it.ProductName, ItemStatus: it.ItemStatus,
			Quantity: it.Quantity, ItemPrice: m(it.ItemPrice), ItemTax: m(it.ItemTax), ShippingPrice: m(it.ShippingPrice),
			ShippingTax: m(it.ShippingTax), GiftWrapPrice: m(it.GiftWrapPrice), GiftWrapTax: m(it.GiftWrapTax),
			ItemPromotionDiscount: m(it.ItemPromotionDiscount), ShipPromotionDiscount: m(it.ShipPromotionDiscount),
			PromotionIDs: it.PromotionIDs}
	}
	for i, f := range d.Fees {
		out.Fees[i] = Fee{SettlementID: f.SettlementID, PostedDate: api.FormatTime(f.PostedDate, h.TimeZone),
			TransactionType: f.TransactionType, AmountType: f.AmountType, AmountDescription: f.AmountDescription,
			SKU: f.SKU, Amount: f.Amount.Text(f.Currency)}
	}
	for i, s := range d.Settled {
		out.Settled[i] = s.Amount.Text(s.Currency)
	}
	return out
}

// Refund is a refund as 退款订单 shows it: what the buyer got back and the net for the seller (both negative,
// money going out), and the return's reason where one came in.
type Refund struct {
	ID              string      `json:"id"`
	OrderID         string      `json:"orderId"`
	SKU             string      `json:"sku"`
	GroupName       string      `json:"groupName"`
	MarketplaceName string      `json:"marketplaceName"`
	SettlementID    string      `json:"settlementId"`
	PostedDate      string      `json:"postedDate"`
	Currency        string      `json:"currency"`
	Refunded        json.Number `json:"refunded"`
	Net             json.Number `json:"net"`
	// Reason is the return reason's Chinese name, ReasonCode Amazon's code for it (the cell's tooltip).
	Reason     string `json:"reason"`
	ReasonCode string `json:"reasonCode"`
}

func (h *Handler) refund(r *ordersdb.RefundRow) Refund {
	out := Refund{ID: strconv.FormatInt(r.ID, 10), OrderID: r.OrderID, SKU: r.SKU, GroupName: r.GroupName,
		MarketplaceName: marketplaceName(r.MarketplaceID), SettlementID: r.SettlementID,
		PostedDate: api.FormatTime(r.PostedDate, h.TimeZone), Currency: r.Currency,
		Refunded: api.Amount(r.Refunded), Net: api.Amount(r.Net), ReasonCode: r.Reason}
	out.Reason, _ = amazon.ReturnReasonName(r.Reason)
	return out
}

// Page answers POST orders/page {currentpage, pagesize, sort (purchaseDate|amazonOrderId), order, groupId,
// marketplaceId, status, channel, search, startDate, endDate, zone (marketplace|beijing)}, newest first.
func (h *Handler) Page(c *echo.Context) error { return api.PageOf(h.Orders.OrderPage, h.order)(c) }

// Export answers GET orders/export?<Page's filters>: the whole query as 订单_<date>.xlsx.
func (h *Handler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "订单", "amazonOrderList", h.Orders.OrderPage, h.order)
}

// Today answers POST orders/today {Page's body less the dates}: the orders of today in each marketplace's zone
// (or Beijing's), newest first.
func (h *Handler) Today(c *echo.Context) error { return api.PageOf(h.Orders.TodayPage, h.order)(c) }

// TodayExport answers GET orders/today/export?<Today's filters>: today's orders as 今日订单_<date>.xlsx.
func (h *Handler) TodayExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "今日订单", "todayOrderList", h.Orders.TodayPage, h.order)
}

// Get answers GET orders/{id} (and orders/today/{id}): the order with its items and settled fees.
func (h *Handler) Get(c *echo.Context) error { return api.GetOne(h.Orders.Order, h.detail)(c) }

// Refunds answers POST orders/refunds {currentpage, pagesize, sort (postedDate), order, groupId, marketplaceId,
// search, startDate, endDate, zone}: the refunds, latest posted first.
func (h *Handler) Refunds(c *echo.Context) error { return api.PageOf(h.Orders.RefundPage, h.refund)(c) }

// RefundExport answers GET orders/refunds/export?<Refunds' filters>: the whole query as 退款订单_<date>.xlsx.
func (h *Handler) RefundExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "退款订单", "refundOrderList", h.Orders.RefundPage, h.refund)
}

// SalesDetail is an order line as 销售明细 shows it: purchased at in Beijing time and the marketplace's, its
// amounts as text in the order's currency, the channel and status named, and whether a business buyer ordered.
type SalesDetail struct {
	ID                    string      `json:"id"`
	AmazonOrderID         string      `json:"amazonOrderId"`
	GroupName             string      `json:"groupName"`
	MarketplaceName       string      `json:"marketplaceName"`
	PurchaseDate          string      `json:"purchaseDate"`
	PurchaseDateLocal     string      `json:"purchaseDateLocal"`
	SKU                   string      `json:"sku"`
	ASIN                  string      `json:"asin"`
	ProductName           string      `json:"productName"`
	StatusName            string      `json:"statusName"`
	ChannelName           string      `json:"channelName"`
	Business              string      `json:"business"`
	Quantity              int         `json:"quantity"`
	Currency              string      `json:"currency"`
	ItemPrice             json.Number `json:"itemPrice"`
	ItemTax               json.Number `json:"itemTax"`
	ShippingPrice         json.Number `json:"shippingPrice"`
	ShippingTax           json.Number `json:"shippingTax"`
	GiftWrapPrice         json.Number `json:"giftWrapPrice"`
	ItemPromotionDiscount json.Number `json:"itemPromotionDiscount"`
	ShipPromotionDiscount json.Number `json:"shipPromotionDiscount"`
	PromotionIDs          string      `json:"promotionIds"`
}

func (h *Handler) salesDetail(r *ordersdb.SalesDetailRow) SalesDetail {
	out := SalesDetail{ID: strconv.FormatInt(r.ID, 10), AmazonOrderID: r.AmazonOrderID, GroupName: r.GroupName,
		MarketplaceName: marketplaceName(r.MarketplaceID), PurchaseDate: api.FormatTime(&r.PurchaseDate, h.TimeZone),
		PurchaseDateLocal: localTime(&r.PurchaseDate, r.MarketplaceID), SKU: r.SKU, ASIN: r.ASIN, ProductName: r.ProductName,
		StatusName: named(statusNames, r.OrderStatus), ChannelName: named(channelNames, r.FulfillmentChannel), Business: "否",
		Quantity: r.Quantity, Currency: r.Currency, ItemPrice: api.Amount(r.ItemPrice), ItemTax: api.Amount(r.ItemTax),
		ShippingPrice: api.Amount(r.ShippingPrice), ShippingTax: api.Amount(r.ShippingTax),
		GiftWrapPrice: api.Amount(r.GiftWrapPrice), ItemPromotionDiscount: api.Amount(r.ItemPromotionDiscount),
		ShipPromotionDiscount: api.Amount(r.ShipPromotionDiscount), PromotionIDs: r.PromotionIDs}
	if r.Business {
		out.Business = "是"
	}
	return out
}

// SalesDetails answers POST orders/details {currentpage, pagesize, sort (purchaseDate|sku|quantity), order, groupId,
// marketplaceId, status, channel, business (yes|no), search, startDate, endDate, zone}: the order lines (销售明细),
// newest first.
func (h *Handler) SalesDetails(c *echo.Context) error {
	return api.PageOf(h.Orders.SalesDetailPage, h.salesDetail)(c)
}

// SalesDetailExport answers GET orders/details/export?<SalesDetails' filters>: the whole query as 销售明细_<date>.xlsx.
func (h *Handler) SalesDetailExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "销售明细", "salesDetailList", h.Orders.SalesDetailPage, h.salesDetail)
}
