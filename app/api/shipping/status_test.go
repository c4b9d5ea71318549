package shipping_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	"sellerhub/models/dbtest"
)

// One list of shipment states: the list, its filter, the handling screen's header and the timeline name a state
// in the same words, and the filter finds shipments in every state, shipped and completed ones included.
func TestShipmentStatesOneVocabulary(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100, 100)
			waiting := s.shipmentFromPlan(t, 1, 1)
			ship := func() string {
				sh := s.shipmentFromPlan(t, 2, 2)
				sh = s.step(t, sh.ShipmentID, "confirm", nil)
				s.step(t, sh.ShipmentID, "box", cartons(sh))
				s.step(t, sh.ShipmentID, "ship", map[string]any{"carrier": "UPS"})
				return sh.ShipmentID
			}
			shipped, closed := ship(), ship()
			s.step(t, closed, "amazonStatus", map[string]any{"status": "CLOSED"})
			cancelled := s.step(t, s.shipmentFromPlan(t, 1, 1).ShipmentID, "cancel", nil).ShipmentID

			names := map[string]bool{}
			for _, st := range shipping.ShipmentStatuses {
				names[st.Name] = true
			}
			type pageOut struct {
				Records []shipmentOut `json:"records"`
				Total   int           `json:"total"`
			}
			for code, want := range map[string]struct{ id, name string }{
				"1": {waiting.ShipmentID, "待确认"}, "4": {shipped, "已发货"}, "CLOSED": {closed, "已完成"}, "0": {cancelled, "取消"},
			} {
				p := decode[pageOut](t, s.c.Call(http.MethodPost, v1+"shipment/page", map[string]any{"status": code}))
				if p.Total != 1 || p.Records[0].ShipmentID != want.id || p.Records[0].StatusName != want.name {
					t.Fatalf("status %q: page = %+v, want %s %s", code, p, want.id, want.name)
				}
				if !names[want.name] {
					t.Fatalf("%s is not in the list of states", want.name)
				}
				got := decode[shipmentOut](t, s.c.Call(http.MethodGet, v1+"shipment/"+want.id, nil))
				if got.StatusName != want.name || got.Events[len(got.Events)-1].StatusName != want.name {
					t.Fatalf("%s: header %q, last event %+v, want %s", want.id, got.StatusName, got.Events[len(got.Events)-1], want.name)
				}
				for _, e := range got.Events {
					if !names[e.StatusName] {
						t.Fatalf("%s: event %+v names a state not in the list", want.id, e)
					}
				}
			}
			if p := decode[pageOut](t, s.c.Call(http.MethodPost, v1+"shipment/page", map[string]any{"status": "IN_TRANSIT"})); p.Total != 0 {
				t.Fatalf("in transit = %+v", p)
			}

			// The 货件信息/状态 step offers Amazon's states in the same words.
			var opts struct {
				AmazonStatuses []struct{ Code, Name string } `json:"amazonStatuses"`
			}
			s.c.Call(http.MethodGet, v1+"shipPlan/options", nil).Into(t, &opts)
			for _, a := range opts.AmazonStatuses {
				if !names[a.Name] {
					t.Fatalf("Amazon status %+v is not named as the list names it", a)
				}
			}
		})
	}
}
