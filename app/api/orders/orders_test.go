package orders_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/app/orders"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

const v1 = "/amazon/api/v1/"

var dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
}

type order struct {
	ID                string      `json:"id"`
	AmazonOrderID     string      `json:"amazonOrderId"`
	GroupName         string      `json:"groupName"`
	MarketplaceName   string      `json:"marketplaceName"`
	PurchaseDate      string      `json:"purchaseDate"`
	PurchaseDateLocal string      `json:"purchaseDateLocal"`
	StatusName        string      `json:"statusName"`
	ChannelName       string      `json:"channelName"`
	SKU               string      `json:"sku"`
	Quantity          int         `json:"quantity"`
	Sales             json.Number `json:"sales"`
	Promotion         json.Number `json:"promotion"`
	Items             []struct {
		SKU                   string `json:"sku"`
		ItemPrice             string `json:"itemPrice"`
		ItemTax               string `json:"itemTax"`
		ItemPromotionDiscount string `json:"itemPromotionDiscount"`
	} `json:"items"`
	Fees []struct {
		AmountDescription string `json:"amountDescription"`
		Amount            string `json:"amount"`
	} `json:"fees"`
	Settled []string `json:"settled"`
}

type refund struct {
	OrderID    string      `json:"orderId"`
	SKU        string      `json:"sku"`
	Refunded   json.Number `json:"refunded"`
	Net        json.Number `json:"net"`
	Reason     string      `json:"reason"`
	ReasonCode string      `json:"reasonCode"`
}

func decode[T any](t *testing.T, env apptest.Envelope) T {
	t.Helper()
	apptest.ExpectOK(t, env)
	var out T
	if err := json.Unmarshal(env.Data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func money(s string) models.Money {
	m, _ := models.NewMoney(s)
	return m
}

// sold gives the company a store 甲店 with a US order bought now of one SKU at $19.99 with a $2.00 promotion, settled
// (commission and FBA fee) and refunded for a defective return.
func sold(t *testing.T, h *apptest.Harness, companyID int64) {
	t.Helper()
	s, err := fixtures.Seller(context.Background(), h.DB, companyID, "甲店", "NA", "A1JIA", "ATVPDKIKX0DER")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	base := amazondatadb.AmazonOrder{CompanyID: companyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
		AmazonOrderID: "111-2223334-5556667", PurchaseDate: now, LastUpdatedDate: now, OrderStatus: "Shipped", FulfillmentChannel: "Amazon"}
	item := amazondatadb.AmazonOrderItem{CompanyID: companyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
		AmazonOrderID: base.AmazonOrderID, SKU: "MUG-RED", ASIN: "B0MUGRED01", PurchaseDate: now, OrderStatus: "Shipped", FulfillmentChannel: "Amazon",
		Quantity: 1, Currency: "USD", ItemPrice: money("19.99"), ItemTax: money("1.60"), ItemPromotionDiscount: money("-2.00")}
	if _, err := amazondatadb.UpsertAmazonOrders(h.DB, []amazondatadb.AmazonOrder{base}, []amazondatadb.AmazonOrderItem{item}); err != nil {
		t.Fatal(err)
	}
	line := func(no int, tx, kind, desc, amount string) amazondatadb.SettlementLine {
		return amazondatadb.SettlementLine{CompanyID: companyID, GroupID: s.GroupID, SellerID: s.ID, SettlementID: "S1", LineNo: no,
			MarketplaceID: "ATVPDKIKX0DER", TransactionType: tx, OrderID: base.AmazonOrderID, AdjustmentID: map[bool]string{true: "ADJ1"}[tx == "Refund"],
			AmountType: kind, AmountDescription: desc, Amount: money(amount), Currency: "USD", PostedDate: &now, SKU: "MUG-RED"}
	}
	lines := []amazondatadb.SettlementLine{line(2, "Order", "ItemPrice", "Principal", "19.99"),
		line(3, "Order", "ItemFees", "Commission", "-3.00"), line(4, "Order", "ItemFees", "FBAPerUnitFulfillmentFee", "-3.22"),
		line(5, "Refund", "ItemPrice", "Principal", "-19.99"), line(6, "Refund", "Promotion", "Principal", "2.00"),
		line(7, "Refund", "ItemFees", "Commission", "3.00"), line(8, "Refund", "ItemFees", "RefundCommission", "-0.60")}
	if _, err := amazondatadb.UpsertSettlementLines(h.DB, nil, lines); err != nil {
		t.Fatal(err)
	}
	ret := amazondatadb.CustomerReturn{CompanyID: companyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
		ReturnDate: now, OrderID: base.AmazonOrderID, SKU: "MUG-RED", Quantity: 1, Reason: "DEFECTIVE", LicensePlateNumber: "LPN1"}
	if _, err := amazondatadb.UpsertCustomerReturns(h.DB, []amazondatadb.CustomerReturn{ret}); err != nil {
		t.Fatal(err)
	}
}

// The order calls answer the table island's shapes with money in its currency, an order's detail with its items
// and settled fees, the refunds with the return's reason; a user mistake is a message, not a 500; and each call
// is its screen's, the export 订单管理's 导出订单.
func TestOrderCalls(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.Client()
			apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
			owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
			if err != nil {
				t.Fatal(err)
			}
			sold(t, h, owner.CompanyID)

			list := decode[page[order]](t, c.Call(http.MethodPost, v1+"orders/page", map[string]any{"search": "111-2223"}))
			if list.Total != 1 || len(list.Records) != 1 {
				t.Fatalf("search: %+v", list)
			}
			o := list.Records[0]
			if o.AmazonOrderID != "111-2223334-5556667" || o.GroupName != "甲店" || o.MarketplaceName != "美国" ||
				o.StatusName != "已发货" || o.ChannelName != "FBA" || o.SKU != "MUG-RED" || o.Quantity != 1 ||
				o.Sales != "19.99" || o.Promotion != "-2.00" || !dateTime.MatchString(o.PurchaseDate) ||
				!dateTime.MatchString(o.PurchaseDateLocal) || o.PurchaseDate == o.PurchaseDateLocal {
				t.Fatalf("order %+v", o)
			}
			today := decode[page[order]](t, c.Call(http.MethodPost, v1+"orders/today", map[string]any{"zone": "beijing"}))
			if today.Total != 1 {
				t.Fatalf("today %+v", today)
			}

			d := decode[order](t, c.Call(http.MethodGet, v1+"orders/"+o.ID, nil))
			if len(d.Items) != 1 || d.Items[0].ItemPrice != "$19.99" || d.Items[0].ItemTax != "$1.60" ||
				d.Items[0].ItemPromotionDiscount != "-$2.00" || len(d.Fees) != 7 || len(d.Settled) != 1 || d.Settled[0] != "-$1.82" {
				t.Fatalf("detail %+v", d)
			}
			fee := false
			for _, f := range d.Fees {
				fee = fee || f.AmountDescription == "FBAPerUnitFulfillmentFee" && f.Amount == "-$3.22"
			}
			if !fee {
				t.Fatalf("no FBA fee in %+v", d.Fees)
			}

			refunds := decode[page[refund]](t, c.Call(http.MethodPost, v1+"orders/refunds", map[string]any{}))
			if refunds.Total != 1 || refunds.Records[0] != (refund{OrderID: "111-2223334-5556667", SKU: "MUG-RED",
				Refunded: "-17.99", Net: "-15.59", Reason: "商品有缺陷或无法使用", ReasonCode: "DEFECTIVE"}) {
				t.Fatalf("refunds %+v", refunds)
			}

			for search, want := range map[string]int64{"MUG-R": 1, "111-2223334": 1, "UG-RED": 0} {
				if got := decode[page[refund]](t, c.Call(http.MethodPost, v1+"orders/refunds", map[string]any{"search": search})); got.Total != want {
					t.Fatalf("refunds starting %s: %d, want %d", search, got.Total, want)
				}
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"orders/page", map[string]any{"zone": "utc"}), http.StatusBadRequest, "A0400", orders.MsgZoneBad)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"orders/refunds", map[string]any{"startDate": "昨天"}), http.StatusBadRequest, "A0400", core.MsgDateBad)
			apptest.Expect(t, c.Call(http.MethodGet, v1+"orders/abc", nil), http.StatusNotFound, "A0404", "订单不存在")

			resp, body := c.Raw(http.MethodGet, v1+"orders/export?search="+url.QueryEscape("MUG-RED"), "", nil)
			f, err := excelize.OpenReader(bytes.NewReader(body))
			if resp.StatusCode != http.StatusOK || err != nil {
				t.Fatalf("export: %d %v", resp.StatusCode, err)
			}
			rows, _ := f.GetRows(f.GetSheetName(0))
			if len(rows) != 2 || rows[0][0] != "订单号" || rows[1][0] != "111-2223334-5556667" {
				t.Fatalf("export rows %v", rows)
			}

			// A user granted 今日订单 only: today's orders and their detail, nothing of 订单管理 nor 退款订单; the
			// export of 订单管理 needs 导出订单 beside the screen.
			clerk, _ := h.RestrictedUser("13700000062", []string{"sales.orders.today"}, nil)
			apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"orders/today", map[string]any{}))
			apptest.ExpectOK(t, clerk.Call(http.MethodGet, v1+"orders/today/"+o.ID, nil))
			for _, call := range [][2]string{{http.MethodPost, "orders/page"}, {http.MethodGet, "orders/" + o.ID}, {http.MethodPost, "orders/refunds"}} {
				apptest.Expect(t, clerk.Call(call[0], v1+call[1], map[string]any{}), http.StatusUnauthorized, "A0301", "访问未授权")
			}
			viewer, _ := h.RestrictedUser("13700000063", []string{"sales.orders.manager"}, nil)
			apptest.ExpectOK(t, viewer.Call(http.MethodPost, v1+"orders/page", map[string]any{}))
			apptest.Expect(t, viewer.Call(http.MethodGet, v1+"orders/export", nil), http.StatusUnauthorized, "A0301", "访问未授权")
			exporter, _ := h.RestrictedUser("13700000064", []string{"sales.orders.manager"}, []string{orders.PermissionOrderExport})
			if resp, _ := exporter.Raw(http.MethodGet, v1+"orders/export", "", nil); resp.StatusCode != http.StatusOK ||
				!strings.Contains(resp.Header.Get("Content-Type"), "spreadsheetml") {
				t.Fatalf("导出订单: %d", resp.StatusCode)
			}
			apptest.Expect(t, h.Client().Call(http.MethodPost, v1+"orders/page", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
			other := h.SignedIn("13700000065", "乙公司")
			apptest.Expect(t, other.Call(http.MethodGet, v1+"orders/"+o.ID, nil), http.StatusNotFound, "A0404", "订单不存在")
		})
	}
}
