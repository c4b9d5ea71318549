package shipping_test

import (
	"net/http"
	"regexp"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	"sellerhub/models/dbtest"
)

// Once Amazon has closed a shipment (已完成) its received quantities are final: 收货 is refused and the answer says
// the screen should not offer it.
func TestClosedShipmentRefusesReceiving(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100)
	sh := s.shipmentFromPlan(t, 10)
	sh = s.step(t, sh.ShipmentID, "confirm", nil)
	s.step(t, sh.ShipmentID, "box", cartons(sh))
	s.step(t, sh.ShipmentID, "ship", map[string]any{"carrier": "UPS"})
	receive := map[string]any{"items": []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 9}}}
	var flag struct {
		Receivable bool `json:"receivable"`
	}
	env := s.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/receive", receive)
	if env.Into(t, &flag); !flag.Receivable {
		t.Fatalf("a shipped shipment is not receivable: %+v", env)
	}
	closed := s.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/amazonStatus", map[string]any{"status": "CLOSED"})
	if closed.Into(t, &flag); flag.Receivable {
		t.Fatalf("a closed shipment is still receivable")
	}
	receive["items"] = []map[string]any{{"itemId": sh.Items[0].ID, "quantity": 10}}
	apptest.Expect(t, s.c.Call(http.MethodPost, v1+"shipment/"+sh.ShipmentID+"/receive", receive), 400, "B0001", shipping.MsgShipmentClosed)
	if got := decode[shipmentOut](t, s.c.Call(http.MethodGet, v1+"shipment/"+sh.ShipmentID, nil)); got.Items[0].QuantityReceived != 9 {
		t.Fatalf("received after the refusal = %+v", got.Items)
	}
}

// A plan made into a shipment names its shipment, and its page is 发货计划详情; a draft's is still 发货计划提交. On
// SQLite and PostgreSQL.
func TestShippedPlanNamesItsShipment(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100)
			draft := decode[planOut](t, s.c.Call(http.MethodPost, v1+"shipPlan", s.planBody(5)))
			sh := s.shipmentFromPlan(t, 10)
			var plan struct {
				Status     int    `json:"status"`
				ShipmentID string `json:"shipmentId"`
			}
			s.c.Call(http.MethodGet, v1+"shipPlan/"+sh.PlanID, nil).Into(t, &plan)
			if plan.Status != 2 || plan.ShipmentID != sh.ShipmentID {
				t.Fatalf("shipped plan = %+v, want its shipment %s", plan, sh.ShipmentID)
			}
			heading := regexp.MustCompile(`<h1[^>]*>([^<]*)</h1>`)
			for id, want := range map[string]string{sh.PlanID: "发货计划详情", draft.ID: "发货计划提交"} {
				resp, body := s.c.Raw(http.MethodGet, "/e/s/p?embed=1&id="+id, "", nil)
				if m := heading.FindSubmatch(body); resp.StatusCode != 200 || m == nil || string(m[1]) != want {
					t.Fatalf("plan %s page (%d): heading %q, want %s", id, resp.StatusCode, m, want)
				}
			}

			// Cancelled, the shipment gives its plan back (已提交), which then names none.
			s.step(t, sh.ShipmentID, "cancel", nil)
			plan.ShipmentID = ""
			s.c.Call(http.MethodGet, v1+"shipPlan/"+sh.PlanID, nil).Into(t, &plan)
			if plan.Status != 1 || plan.ShipmentID != "" {
				t.Fatalf("plan after its shipment was cancelled = %+v", plan)
			}
		})
	}
}
