package shipping_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// inboundOut is a shipment with what Amazon's Fulfillment Inbound API said of it.
type inboundOut struct {
	ShipmentID        string `json:"shipmentId"`
	AmazonStatus      string `json:"amazonStatus"`
	StatusName        string `json:"statusName"`
	InboundStatus     string `json:"inboundStatus"`
	InboundStatusName string `json:"inboundStatusName"`
	InboundCheckedAt  string `json:"inboundCheckedAt"`
	StatusDiffers     bool   `json:"statusDiffers"`
	Receivable        bool   `json:"receivable"`
	Items             []struct {
		ID                 string `json:"id"`
		SellerSKU          string `json:"sellerSku"`
		QuantityShipped    int    `json:"quantityShipped"`
		QuantityReceived   int    `json:"quantityReceived"`
		AmazonShipped      *int   `json:"amazonShipped"`
		AmazonReceived     *int   `json:"amazonReceived"`
		ReceivedDifference int    `json:"receivedDifference"`
	} `json:"items"`
	Events []struct {
		Action string `json:"action"`
		Detail string `json:"detail"`
	} `json:"events"`
}

type inboundRefreshOut struct {
	Checked, Updated, Differences int
	Problems                      []struct {
		GroupID, MarketplaceID, Country, Message string
		Shipments                                []string
	}
}

// authorize gives the shop's store group the stand-in's North American seller.
func (s *shop) authorize(t *testing.T, h *apptest.Harness, amz *amazontest.Server) {
	t.Helper()
	keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
	if err != nil {
		t.Fatal(err)
	}
	token, err := keys.Cipher.Encrypt(amz.IssueRefreshToken(amazontest.DefaultSeller))
	if err != nil {
		t.Fatal(err)
	}
	seller := &storesdb.Seller{CompanyID: s.companyID, GroupID: s.group.ID, Region: "NA", SellingPartnerID: amazontest.DefaultSeller,
		RefreshToken: token, Status: storesdb.SellerActive, AuthorizedAt: time.Now().UTC().Truncate(time.Microsecond)}
	err = h.DB.Tx(context.Background(), func(tx *models.DB) error {
		return storesdb.SaveSellerAuthorization(tx, seller, []storesdb.SellerMarketplace{{MarketplaceID: US, Participating: true}})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// shipWithAmazonID plans, creates under Amazon's id, picks, packs and ships the quantities.
func (s *shop) shipWithAmazonID(t *testing.T, shipmentID string, qty ...int) {
	t.Helper()
	p := decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan", s.planBody(qty...)))
	decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan/"+p.ID+"/submit", nil))
	sh := decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment/fromPlan", map[string]any{"planId": p.ID, "center": "ONT8", "shipmentId": shipmentID}))
	s.step(t, shipmentID, "confirm", nil)
	s.step(t, shipmentID, "box", cartons(sh))
	s.step(t, shipmentID, "ship", map[string]any{"carrier": "UPS"})
}

// Amazon's status and received units fill a shipped shipment by themselves; what the seller typed and Amazon
// disagrees with stays, shown as a difference; a closed shipment is not asked about again; and each way Amazon
// refuses is told in Chinese, on SQLite and PostgreSQL.
func TestAmazonInboundFillsReceivingAndShowsDifferences(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			amz := amazontest.Start(t)
			h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) { amz.Configure(c) }))
			s := newShop(t, h, "13700000041", "甲公司", 100, 50)
			const id = "FBA15INB0001"
			s.shipWithAmazonID(t, id, 10, 6)
			sync := func() apptest.Envelope { return s.c.Call(http.MethodPost, v1+"shipment/"+id+"/inboundSync", nil) }
			put := func(status string, got1, got2 int) {
				amz.Inbound.Put(amazontest.InboundShipment{SellerID: amazontest.DefaultSeller, MarketplaceID: US, ShipmentID: id,
					Name: "补货", Center: "ONT8", Status: status, Items: []amazontest.InboundItem{
						{SellerSKU: s.skus[0], FNSKU: "X00FN00000", Shipped: 10, Received: got1},
						{SellerSKU: s.skus[1], FNSKU: "X00FN00001", Shipped: 6, Received: got2}}})
			}

			// No seller account for the store group yet.
			apptest.Expect(t, sync(), 400, "B0001", shipping.MsgInboundNoSeller)
			s.authorize(t, h, amz)
			apptest.Expect(t, sync(), 400, "B0001", shipping.MsgInboundMissing)

			// Amazon receiving: both items fill in, the received units turn fulfillable in the FBA warehouse.
			put("RECEIVING", 7, 6)
			sh := decode[inboundOut](t, sync())
			if sh.AmazonStatus != "RECEIVING" || sh.StatusName != "接收中" || sh.InboundStatus != "RECEIVING" || sh.StatusDiffers ||
				sh.InboundCheckedAt == "" || sh.Items[0].QuantityReceived != 7 || sh.Items[1].QuantityReceived != 6 ||
				*sh.Items[0].AmazonReceived != 7 || *sh.Items[0].AmazonShipped != 10 || sh.Items[0].ReceivedDifference != 0 {
				t.Fatalf("after Amazon's receiving = %+v", sh)
			}
			if last := sh.Events[len(sh.Events)-1]; last.Action != "同步亚马逊" || last.Detail != "收货+13件，亚马逊状态 RECEIVING" {
				t.Fatalf("timeline = %+v", sh.Events)
			}
			s.wantFBA(t, h, 0, 3, 7)
			s.wantFBA(t, h, 1, 0, 6)
			// Asking again changes nothing and writes no event.
			if again := decode[inboundOut](t, sync()); len(again.Events) != len(sh.Events) || again.Items[0].QuantityReceived != 7 {
				t.Fatalf("asked again = %+v", again)
			}

			// The seller types 8 for the first item and sets 已送达 by hand; Amazon then closes the shipment at 9 and 5.
			s.step(t, id, "receive", map[string]any{"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 8}, {"itemId": sh.Items[1].ID, "quantity": 6}}})
			s.step(t, id, "amazonStatus", map[string]any{"status": "DELIVERED"})
			put("CLOSED", 9, 5)
			sh = decode[inboundOut](t, sync())
			if sh.AmazonStatus != "DELIVERED" || !sh.StatusDiffers || sh.InboundStatus != "CLOSED" || sh.InboundStatusName != "已完成" ||
				sh.Items[0].QuantityReceived != 8 || sh.Items[0].ReceivedDifference != 1 ||
				sh.Items[1].QuantityReceived != 5 || sh.Items[1].ReceivedDifference != 0 {
				t.Fatalf("hand entries against Amazon's = %+v", sh)
			}
			s.wantFBA(t, h, 0, 2, 8)
			s.wantFBA(t, h, 1, 1, 5)
			// 货件详情 shows Amazon's figures beside them: its status after the seller's, its received units per line,
			// the typed one that disagrees marked.
			resp, body := s.c.Raw(http.MethodGet, "/shipmentdetails?embed=1&shipmentid="+id, "", nil)
			page := string(body)
			for _, want := range []string{"DELIVERED（亚马逊：CLOSED）", "亚马逊核对时间", "亚马逊已收", "与手填不符"} {
				if resp.StatusCode != 200 || !strings.Contains(page, want) {
					t.Fatalf("货件详情 (%d) lacks %q", resp.StatusCode, want)
				}
			}
			if n := strings.Count(page, "与手填不符"); n != 1 {
				t.Fatalf("货件详情 marks %d lines as disagreeing, want the first alone", n)
			}

			// Closed at Amazon: not asked again.
			before := len(amz.RequestsTo("/fba/inbound/v0/shipments"))
			all := decode[inboundRefreshOut](t, s.c.Call(http.MethodPost, v1+"shipment/inboundSync", nil))
			if all.Checked != 0 || len(all.Problems) != 0 || len(amz.RequestsTo("/fba/inbound/v0/shipments")) != before {
				t.Fatalf("closed shipment asked again: %+v", all)
			}

			// A second shipment: Amazon's expired access token is refreshed once; throttling and a refused grant are told.
			const id2 = "FBA15INB0002"
			s.shipWithAmazonID(t, id2, 2, 2)
			amz.Inbound.Put(amazontest.InboundShipment{SellerID: amazontest.DefaultSeller, MarketplaceID: US, ShipmentID: id2,
				Center: "ONT8", Status: "IN_TRANSIT", Items: []amazontest.InboundItem{{SellerSKU: s.skus[0], Shipped: 2}}})
			amz.ExpireAccessTokens()
			all = decode[inboundRefreshOut](t, s.c.Call(http.MethodPost, v1+"shipment/inboundSync", nil))
			if all.Checked != 1 || all.Updated != 1 || all.Differences != 0 || len(all.Problems) != 0 {
				t.Fatalf("sync after the token expired = %+v", all)
			}
			amz.Throttle("getShipments", 4) // every attempt of the client's retries
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+id2+"/inboundSync", nil), 400, "B0001", shipping.MsgInboundThrottled)
			amz.RefuseGrants(true)
			amz.ExpireAccessTokens()
			all = decode[inboundRefreshOut](t, s.c.Call(http.MethodPost, v1+"shipment/inboundSync", nil))
			if len(all.Problems) != 1 || all.Problems[0].Message != shipping.MsgInboundGrant || all.Problems[0].Country != "US" ||
				fmt.Sprint(all.Problems[0].Shipments) != "["+id2+"]" {
				t.Fatalf("sync with the grant refused = %+v", all)
			}
		})
	}
}

// Who may ask: a shipment not yet shipped or of our own number is refused; another company's is not found and its
// all-shipments sync sees none of ours.
func TestAmazonInboundRefusals(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000042", "甲公司", 100, 50)
	sh := s.shipmentFromPlan(t, 3, 3)
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/inboundSync", nil), 400, "B0001", shipping.MsgInboundNotShipped)
	s.step(t, sh.ShipmentID, "confirm", nil)
	s.step(t, sh.ShipmentID, "box", cartons(sh))
	s.step(t, sh.ShipmentID, "ship", map[string]any{"carrier": "UPS"})
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/inboundSync", nil), 400, "B0001", shipping.MsgInboundNoAmazonID)
	other := newShop(t, h, "13700000043", "乙公司", 10)
	apptest.Expect(t, other.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/inboundSync", nil), http.StatusNotFound, "A0404", "货件不存在")
	if all := decode[inboundRefreshOut](t, other.c.Call(http.MethodPost, v1+"shipment/inboundSync", nil)); all.Checked != 0 || len(all.Problems) != 0 {
		t.Fatalf("another company's sync = %+v", all)
	}
}

type amazonShipmentOut struct {
	ShipmentID, Name, Center, Status, StatusName string
	Imported                                     bool
	Unpaired                                     []string
	Quantity                                     int
	Items                                        []struct {
		SellerSKU, FNSKU, ProductID, SKU  string
		QuantityShipped, QuantityReceived int
	}
}

// 货件同步 lists the store's shipments at Amazon with their lines paired by seller SKU or FNSKU, refuses one with an
// unpaired SKU naming it, imports the chosen ones (a WORKING one 待确认, a received one 已发货 with Amazon's units in
// the FBA warehouse), then marks them imported and refuses them again, on SQLite and PostgreSQL.
func TestAmazonShipmentsImport(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			amz := amazontest.Start(t)
			h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) { amz.Configure(c) }))
			s := newShop(t, h, "13700000044", "甲公司", 100, 50)
			list := func() apptest.Envelope {
				return s.c.Call(http.MethodGet, v1+"shipment/amazon?groupId="+fmt.Sprint(s.group.ID)+"&marketplaceId="+US, nil)
			}
			importing := func(ids ...string) apptest.Envelope {
				return s.c.Call(http.MethodPost, v1+"shipment/amazon/import", map[string]any{"groupId": fmt.Sprint(s.group.ID),
					"marketplaceId": US, "warehouseId": fmt.Sprint(s.warehouse.ID), "shipmentIds": ids})
			}
			apptest.Expect(t, s.c.Call(http.MethodGet, v1+"shipment/amazon?marketplaceId="+US, nil), 400, "A0400", shipping.MsgGroupEmpty)
			apptest.Expect(t, list(), 400, "B0001", shipping.MsgInboundNoSeller)
			s.authorize(t, h, amz)
			put := func(id, status string, items ...amazontest.InboundItem) {
				amz.Inbound.Put(amazontest.InboundShipment{SellerID: amazontest.DefaultSeller, MarketplaceID: US, ShipmentID: id,
					Name: "SC " + id, Center: "LGB8", Status: status, Items: items})
			}
			put("FBA15AMZ0001", "WORKING", amazontest.InboundItem{SellerSKU: s.skus[0], FNSKU: "X00FN00000", Shipped: 12})
			// Paired by FNSKU: Amazon's seller SKU differs from the listing's.
			put("FBA15AMZ0002", "RECEIVING", amazontest.InboundItem{SellerSKU: "OLD-NAME", FNSKU: "X00FN00001", Shipped: 8, Received: 5})
			put("FBA15AMZ0003", "SHIPPED", amazontest.InboundItem{SellerSKU: s.skus[0], Shipped: 1}, amazontest.InboundItem{SellerSKU: "NOBODY-1", Shipped: 2})
			put("FBA15AMZ0004", "CANCELLED", amazontest.InboundItem{SellerSKU: s.skus[0], Shipped: 1})

			got := decode[[]amazonShipmentOut](t, list())
			if len(got) != 3 {
				t.Fatalf("listed %d shipments: %+v", len(got), got)
			}
			byID := map[string]amazonShipmentOut{}
			for _, a := range got {
				byID[a.ShipmentID] = a
			}
			if a := byID["FBA15AMZ0002"]; a.StatusName != "接收中" || a.Imported || len(a.Unpaired) != 0 || a.Items[0].SKU != s.products[1].SKU || a.Items[0].QuantityReceived != 5 {
				t.Fatalf("paired by FNSKU = %+v", a)
			}
			if a := byID["FBA15AMZ0003"]; fmt.Sprint(a.Unpaired) != "[NOBODY-1]" || a.Items[1].ProductID != "" {
				t.Fatalf("unpaired = %+v", a)
			}

			apptest.Expect(t, importing(), 400, "A0400", shipping.MsgAmazonImportNone)
			apptest.Expect(t, importing("FBA15AMZ0001", "FBA15AMZ0003"), 400, "B0001", "货件 FBA15AMZ0003 的平台SKU NOBODY-1 未配对本地产品，请先配对")
			apptest.Expect(t, importing("FBA15AMZ0004"), 400, "B0001", "亚马逊没有货件 FBA15AMZ0004，请刷新列表")
			if n := len(decode[[]amazonShipmentOut](t, list())); n != 3 {
				t.Fatalf("a refused import wrote something: %d", n)
			}
			if ids := decode[[]string](t, importing("fba15amz0001", "FBA15AMZ0002")); fmt.Sprint(ids) != "[FBA15AMZ0001 FBA15AMZ0002]" {
				t.Fatalf("imported %v", ids)
			}
			working := decode[inboundOut](t, s.c.Call(http.MethodGet, v1+"shipment/FBA15AMZ0001", nil))
			if working.StatusName != "待确认" || working.Items[0].QuantityShipped != 0 || working.Events[0].Action != "从亚马逊导入" {
				t.Fatalf("imported WORKING = %+v", working)
			}
			received := decode[inboundOut](t, s.c.Call(http.MethodGet, v1+"shipment/FBA15AMZ0002", nil))
			if received.StatusName != "接收中" || received.Items[0].SellerSKU != "OLD-NAME" || received.Items[0].QuantityShipped != 8 ||
				received.Items[0].QuantityReceived != 5 || received.Receivable != true {
				t.Fatalf("imported RECEIVING = %+v", received)
			}
			s.wantFBA(t, h, 1, 3, 5)
			s.wantStock(t, h, 1, 50, 0) // the own warehouse is not touched
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/FBA15AMZ0002/unship", nil), 400, "B0001", shipping.MsgNotUnshippable)
			if a := decode[[]amazonShipmentOut](t, list()); !a[0].Imported && !a[1].Imported {
				t.Fatalf("not marked imported: %+v", a)
			}
			apptest.Expect(t, importing("FBA15AMZ0002"), 400, "B0001", "货件 FBA15AMZ0002 已导入")

			// Who may call: another company's owner names a store group it does not have.
			other := newShop(t, h, "13700000045", "乙公司", 1)
			apptest.Expect(t, other.c.Call(http.MethodGet, v1+"shipment/amazon?groupId="+fmt.Sprint(s.group.ID)+"&marketplaceId="+US, nil), 400, "A0400", shipping.MsgGroupMissing)
		})
	}
}
