package shipping_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
)

// A handling step is logged under the shipment's id, the one printed on the pick list and known to Amazon, not
// under its name or an internal id.
func TestStepsAreLoggedUnderTheShipmentID(t *testing.T) {
	h := apptest.Start(t)
	s := newShop(t, h, "13700000001", "甲公司", 100, 50)
	sh := s.shipmentFromPlan(t, 30, 20)
	s.step(t, sh.ShipmentID, "confirm", nil)
	env := s.c.Call(http.MethodPost, "/admin/api/v1/operationLogs/page", map[string]any{"pagesize": 50, "action": "确认配货"})
	apptest.ExpectOK(t, env)
	var page struct {
		Records []struct{ Action, Subject string }
	}
	env.Into(t, &page)
	if len(page.Records) != 1 || page.Records[0].Subject != sh.ShipmentID {
		t.Fatalf("确认配货 log entries = %+v, want one under %s", page.Records, sh.ShipmentID)
	}
}
