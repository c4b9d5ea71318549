package shipping_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	"sellerhub/models/dbtest"
)

// amazonShipmentID is what Amazon's shipment ids look like: FBA and 8 to 10 letters and digits.
var amazonShipmentID = regexp.MustCompile(`^FBA[0-9A-Z]{8,10}$`)

// Plans, shipments made without Amazon's id and stock documents are numbered on the company's date: at 03:14 in
// Beijing (the default SELLERHUB_TIMEZONE) it is still the day before in UTC, and every number takes Beijing's
// day. A shipment of ours is numbered LS, nothing like an Amazon id, and its pick list and steps take it.
func TestDocumentNumbersTakeTheCompanysDate(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			// The next 19:14 UTC is 03:14 the day after in Beijing.
			now := time.Now().UTC()
			at := time.Date(now.Year(), now.Month(), now.Day(), 19, 14, 0, 0, time.UTC)
			if !at.After(now) {
				at = at.AddDate(0, 0, 1)
			}
			h.Clock.Advance(at.Sub(now))
			utcDay, day := h.Clock.Now().UTC().Format("20060102"), h.Clock.Now().In(h.Config.TimeZone).Format("20060102")
			if utcDay == day {
				t.Fatalf("the clock at %v has the same date in UTC and %v", h.Clock.Now(), h.Config.TimeZone)
			}

			s := newShop(t, h, "13700000001", "甲公司", 100, 50)
			for i := 1; i <= 2; i++ {
				p := decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan", s.planBody(10, 5)))
				if want := fmt.Sprintf("SP%s-%04d", day, i); p.Number != want {
					t.Fatalf("plan %d numbered %s, want %s (not the UTC date %s)", i, p.Number, want, utcDay)
				}
			}

			// Shipments without Amazon's id: from a plan, by hand and imported, one sequence of the day.
			fromPlan := s.shipmentFromPlan(t, 10)
			manual := decode[shipmentOut](t, s.c.Call(http.MethodPost, v1+"shipment", map[string]any{
				"groupId": fmt.Sprint(s.group.ID), "marketplaceId": US, "warehouseId": fmt.Sprint(s.warehouse.ID),
				"center": "LGB3", "items": []map[string]any{{"sellerSku": s.skus[1], "quantity": 3}}}))
			var imported []string
			env := upload(t, s.c, workbook(t, [][]string{shipping.ShipmentImportColumns,
				{"", "", s.group.Name, "US", s.warehouse.Name, "ONT8", s.skus[0], "2", ""},
				{"", "", s.group.Name, "US", s.warehouse.Name, "BHX4", s.skus[0], "2", ""},
			}))
			env.Into(t, &imported)
			got := append([]string{fromPlan.ShipmentID, manual.ShipmentID}, imported...)
			for i, id := range got {
				if want := fmt.Sprintf("LS%s-%04d", day, i+1); id != want || amazonShipmentID.MatchString(id) {
					t.Fatalf("shipments numbered %v, want LS%s-0001 to -0004", got, day)
				}
			}

			// Our number goes wherever Amazon's does: the pick list, its QR code and the handling steps.
			id := fromPlan.ShipmentID
			apptest.ExpectOK(t, s.c.Call(http.MethodGet, v1+"shipForm/quotainfo/"+id, nil))
			if resp, body := s.c.Raw(http.MethodPost, v1+"shipForm/getQRCode/"+id+"/3", "", nil); resp.StatusCode != http.StatusOK ||
				resp.Header.Get("Content-Type") != "image/png" {
				t.Fatalf("QR code of %s: %d %s %.80s", id, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
			if resp, body := s.c.Raw(http.MethodGet, "/orderblank?shipmentid="+id, "", nil); resp.StatusCode != http.StatusOK ||
				!strings.Contains(string(body), id) {
				t.Fatalf("pick list of %s: %d", id, resp.StatusCode)
			}
			if sh := s.step(t, id, "confirm", nil); sh.ShipmentID != id || sh.Status != 2 {
				t.Fatalf("confirmed %s = %+v", id, sh)
			}
			s.wantStock(t, h, 0, 90, 10)

			// A stock document of the same moment takes the same day.
			type created struct{ Number string }
			doc := decode[created](t, s.c.Call(http.MethodPost, v1+"inbound", map[string]any{"warehouseId": fmt.Sprint(s.warehouse.ID),
				"lines": []map[string]any{{"productId": fmt.Sprint(s.products[0].ID), "quantity": 1}}}))
			if want := "RK" + day + "-0001"; doc.Number != want {
				t.Fatalf("inbound document numbered %s, want %s", doc.Number, want)
			}
		})
	}
}
