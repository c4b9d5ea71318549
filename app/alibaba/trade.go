package alibaba

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"time"
)

// The buyer's orders as getBuyerOrderList and get.buyerView answer them: only the fields the import reads.
// Amounts are yuan (BigDecimal, read as json.Number), dates yyyyMMddHHmmssSSS+0800.

// OrderList is getBuyerOrderList's answer.
type OrderList struct {
	Result      []TradeInfo `json:"result"`
	TotalRecord json.Number `json:"totalRecord"`
}

// OrderDetail is get.buyerView's answer.
type OrderDetail struct {
	Success json.RawMessage `json:"success"`
	Result  TradeInfo       `json:"result"`
}

// TradeInfo is an order.
type TradeInfo struct {
	BaseInfo        BaseInfo         `json:"baseInfo"`
	ProductItems    []ProductItem    `json:"productItems"`
	TradeTerms      []TradeTerm      `json:"tradeTerms"`
	NativeLogistics *NativeLogistics `json:"nativeLogistics,omitempty"`
}

// BaseInfo is an order's header.
type BaseInfo struct {
	ID            json.Number   `json:"id"`
	IDOfStr       string        `json:"idOfStr"`
	Status        string        `json:"status"`
	CreateTime    string        `json:"createTime"`
	ModifyTime    string        `json:"modifyTime"`
	PayTime       string        `json:"payTime,omitempty"`
	TotalAmount   json.Number   `json:"totalAmount"`
	ShippingFee   json.Number   `json:"shippingFee"`
	Currency      string        `json:"currency,omitempty"`
	SellerID      string        `json:"sellerID"`
	SellerLoginID string        `json:"sellerLoginId"`
	BuyerID       string        `json:"buyerID"`
	SellerContact *TradeContact `json:"sellerContact,omitempty"`
}

// OrderID is the order's id as text (idOfStr, else id).
func (b BaseInfo) OrderID() string {
	if b.IDOfStr != "" {
		return b.IDOfStr
	}
	return b.ID.String()
}

// TradeContact is the seller's contact.
type TradeContact struct {
	Name        string `json:"name,omitempty"`
	Mobile      string `json:"mobile,omitempty"`
	Phone       string `json:"phone,omitempty"`
	CompanyName string `json:"companyName,omitempty"`
}

// ProductItem is a line: the offer (productID) and its spec (specId), quantity, unit price and amount.
type ProductItem struct {
	ProductID   json.Number `json:"productID"`
	SkuID       json.Number `json:"skuID,omitempty"`
	SpecID      string      `json:"specId,omitempty"`
	Name        string      `json:"name"`
	CargoNumber string      `json:"cargoNumber,omitempty"`
	Quantity    json.Number `json:"quantity"`
	Price       json.Number `json:"price"`
	ItemAmount  json.Number `json:"itemAmount"`
}

// TradeTerm is a payment phase. payStatus: 1 未付款, 2 已付款, 4 全额退款, 6 回款完成, 8 付款前取消.
type TradeTerm struct {
	Phase      json.Number `json:"phase"`
	PayStatus  string      `json:"payStatus"`
	PayTime    string      `json:"payTime,omitempty"`
	PayWayDesc string      `json:"payWayDesc,omitempty"`
	PhasAmount json.Number `json:"phasAmount"`
}

// NativeLogistics is the domestic delivery; its items carry the waybill numbers.
type NativeLogistics struct {
	LogisticsItems []LogisticsItem `json:"logisticsItems,omitempty"`
}

// LogisticsItem is a parcel sent.
type LogisticsItem struct {
	LogisticsBillNo      string `json:"logisticsBillNo"`
	LogisticsCompanyName string `json:"logisticsCompanyName"`
}

// ParseTime reads the platform's yyyyMMddHHmmssSSS+0800 (or without the milliseconds).
func ParseTime(s string) (time.Time, bool) {
	if len(s) < 19 {
		return time.Time{}, false
	}
	zone := s[len(s)-5:]
	t, err := time.Parse("20060102150405-0700", s[:14]+zone)
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// FormatTime writes t as the platform does.
func FormatTime(t time.Time) string {
	return t.In(time.FixedZone("CST", 8*3600)).Format("20060102150405") + "000+0800"
}

// BuyerOrders reads a page (from 1) of the buyer's orders created since from (and changed since changed, if given).
func (c *Client) BuyerOrders(ctx context.Context, token string, page, size int, from time.Time, changed *time.Time) (OrderList, error) {
	var out OrderList
	v := url.Values{"page": {strconv.Itoa(page)}, "pageSize": {strconv.Itoa(size)}, "createStartTime": {FormatTime(from)}}
	if changed != nil {
		v.Set("modifyStartTime", FormatTime(*changed))
	}
	err := c.Call(ctx, NSTrade, APIOrderList, token, v, &out)
	return out, err
}

// BuyerOrder reads an order's detail with its logistics.
func (c *Client) BuyerOrder(ctx context.Context, token, orderID string) (TradeInfo, error) {
	var out OrderDetail
	v := url.Values{"webSite": {"1688"}, "orderId": {orderID}}
	err := c.Call(ctx, NSTrade, APIOrderDetail, token, v, &out)
	return out.Result, err
}
