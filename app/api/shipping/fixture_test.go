package shipping_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

const v1 = "/erp/api/v1/"

// US is the marketplace the fixtures sell in.
const US = "ATVPDKIKX0DER"

// shop is one company's setup: its owner signed in, a store group, a warehouse with stock and two products, each
// paired with a seller SKU in the US marketplace.
type shop struct {
	c         *apptest.Client
	companyID int64
	group     *storesdb.StoreGroup
	warehouse *stockdb.Warehouse
	products  []*catalogdb.LocalProduct
	skus      []string
}

// newShop registers a company and gives it a store group, a warehouse, products with listings and stock (moved in
// through MoveStock, as a receipt would).
func newShop(t *testing.T, h *apptest.Harness, phone, name string, stock ...int) *shop {
	t.Helper()
	c := h.SignedIn(phone, name)
	owner, err := accountsdb.UserByAccount(h.DB, phone)
	if err != nil {
		t.Fatal(err)
	}
	s := &shop{c: c, companyID: owner.CompanyID}
	s.group = &storesdb.StoreGroup{CompanyID: s.companyID, Name: name + "店铺"}
	s.warehouse = &stockdb.Warehouse{CompanyID: s.companyID, Name: name + "深圳仓", Kind: stockdb.WarehouseOwn}
	for _, row := range []any{s.group, s.warehouse} {
		if err := h.DB.Create(row).Error; err != nil {
			t.Fatal(err)
		}
	}
	for i, qty := range stock {
		p := &catalogdb.LocalProduct{CompanyID: s.companyID, SKU: fmt.Sprintf("SKU-%s-%d", phone[len(phone)-2:], i+1),
			Name: fmt.Sprintf("产品%d", i+1), Kind: catalogdb.ProductKindProduct}
		if err := h.DB.Create(p).Error; err != nil {
			t.Fatal(err)
		}
		sku := fmt.Sprintf("MSKU-%s-%d", phone[len(phone)-2:], i+1)
		l := &catalogdb.Listing{CompanyID: s.companyID, GroupID: s.group.ID, MarketplaceID: US, SellerSKU: sku,
			ASIN: fmt.Sprintf("B0TEST%04d", i), FNSKU: fmt.Sprintf("X00FN%05d", i), ProductID: &p.ID}
		if err := h.DB.Create(l).Error; err != nil {
			t.Fatal(err)
		}
		s.products = append(s.products, p)
		s.skus = append(s.skus, sku)
		err := h.DB.Tx(context.Background(), func(tx *models.DB) error {
			return stockdb.MoveStock(tx, s.companyID, stockdb.StockCause{DocType: "inbound", DocNumber: "IN-TEST"},
				[]stockdb.StockChange{{WarehouseID: s.warehouse.ID, ProductID: p.ID, Fulfillable: qty}})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// stock reads a product's quantities in the shop's warehouse as fulfillable/outbound.
func (s *shop) stock(t *testing.T, h *apptest.Harness, i int) [2]int {
	t.Helper()
	st, err := stockdb.StockOf(h.DB, s.companyID, s.warehouse.ID, s.products[i].ID)
	if err != nil {
		t.Fatal(err)
	}
	return [2]int{st.Fulfillable, st.Outbound}
}

func (s *shop) wantStock(t *testing.T, h *apptest.Harness, i, fulfillable, outbound int) {
	t.Helper()
	if got := s.stock(t, h, i); got != [2]int{fulfillable, outbound} {
		t.Fatalf("%s stock fulfillable/outbound = %v, want %d/%d", s.products[i].SKU, got, fulfillable, outbound)
	}
}

type planOut struct {
	ID         string `json:"id"`
	Number     string `json:"number"`
	GroupName  string `json:"groupName"`
	Country    string `json:"country"`
	Status     int    `json:"status"`
	StatusName string `json:"statusName"`
	SKUCount   int    `json:"skuCount"`
	Quantity   int    `json:"quantity"`
	Remark     string `json:"remark"`
	Items      []struct {
		SKU         string `json:"sku"`
		SellerSKU   string `json:"sellerSku"`
		FNSKU       string `json:"fnsku"`
		Quantity    int    `json:"quantity"`
		Fulfillable int    `json:"fulfillable"`
	} `json:"items"`
}

type shipmentOut struct {
	ID            string `json:"id"`
	ShipmentID    string `json:"shipmentId"`
	PlanID        string `json:"planId"`
	GroupName     string `json:"groupName"`
	Country       string `json:"country"`
	Center        string `json:"center"`
	WarehouseName string `json:"warehouseName"`
	SKUCount      int    `json:"skuCount"`
	Quantity      int    `json:"quantity"`
	Status        int    `json:"status"`
	AmazonStatus  string `json:"amazonStatus"`
	StatusName    string `json:"statusName"`
	Carrier       string `json:"carrier"`
	Tracking      string `json:"tracking"`
	Freight       string `json:"freight"`
	AuditedAt     string `json:"auditedAt"`
	ShippedAt     string `json:"shippedAt"`
	Items         []struct {
		ID               string `json:"id"`
		SKU              string `json:"sku"`
		SellerSKU        string `json:"sellerSku"`
		FNSKU            string `json:"fnsku"`
		Quantity         int    `json:"quantity"`
		QuantityShipped  int    `json:"quantityShipped"`
		QuantityReceived int    `json:"quantityReceived"`
		Fulfillable      int    `json:"fulfillable"`
	} `json:"items"`
	Cartons []struct {
		Number int    `json:"number"`
		Weight string `json:"weight"`
		Items  []struct {
			SellerSKU string `json:"sellerSku"`
			Quantity  int    `json:"quantity"`
		} `json:"items"`
	} `json:"cartons"`
	Events []struct {
		Action     string `json:"action"`
		StatusName string `json:"statusName"`
		Operator   string `json:"operator"`
	} `json:"events"`
}

func decode[T any](t *testing.T, env apptest.Envelope) T {
	t.Helper()
	apptest.ExpectOK(t, env)
	var v T
	env.Into(t, &v)
	return v
}

// planBody is a plan of the shop's products with the quantities given.
func (s *shop) planBody(qty ...int) map[string]any {
	var items []map[string]any
	for i, q := range qty {
		items = append(items, map[string]any{"sellerSku": s.skus[i], "quantity": q})
	}
	return map[string]any{"groupId": fmt.Sprint(s.group.ID), "marketplaceId": US,
		"warehouseId": fmt.Sprint(s.warehouse.ID), "remark": "首批", "items": items}
}

// shipmentFromPlan plans, submits and creates a shipment of the quantities, answering it.
func (s *shop) shipmentFromPlan(t *testing.T, qty ...int) shipmentOut {
	t.Helper()
	p := decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan", s.planBody(qty...)))
	decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan/"+p.ID+"/submit", nil))
	return decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment/fromPlan", map[string]any{"planId": p.ID, "center": "ont8"}))
}

func (s *shop) step(t *testing.T, shipmentID, step string, body any) shipmentOut {
	t.Helper()
	return decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment/"+shipmentID+"/"+step, body))
}

// cartons packs each item whole into its own carton.
func cartons(sh shipmentOut) map[string]any {
	var out []map[string]any
	for i, it := range sh.Items {
		out = append(out, map[string]any{"number": i + 1, "weight": "12.5", "length": "60", "width": "40", "height": "35",
			"items": []map[string]any{{"itemId": it.ID, "quantity": it.Quantity}}})
	}
	return map[string]any{"cartons": out}
}
