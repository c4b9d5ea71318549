package purchase_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
)

// Who may call each route: the screen reads, each step needs its button permission (新增采购单: create, edit,
// submit; 审核采购单: approve, reject; 编辑采购单: place; 采购收货: receive, return; 删除采购单: cancel, close). A
// user without the permission is refused and nothing changes; one without the screen reads nothing.
func TestEachStepNeedsItsPermission(t *testing.T) {
	h := apptest.Start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	var w stockdb.Warehouse
	h.DB.Where("name = ?", "深圳自有仓").Take(&w)
	var p catalogdb.LocalProduct
	h.DB.Where("sku = ?", "DEMO-MUG-01").Take(&p)
	supplier := created(t, admin.Call(http.MethodPost, v1+"supplier", map[string]string{"name": "演示供应商"}))
	body := map[string]any{"supplierId": supplier, "warehouseId": idOf(w.ID), "currency": "CNY", "paymentTerms": "receipt",
		"lines": []map[string]any{{"productId": idOf(p.ID), "quantity": 4, "unitPrice": "8.8"}}}

	screen := []string{"purchase.orders.list"}
	clerk, _ := h.RestrictedUser("13900000101", screen, []string{"erp:purchase:add"})
	approver, _ := h.RestrictedUser("13900000102", screen, []string{"erp:purchase:approve"})
	buyer, _ := h.RestrictedUser("13900000103", screen, []string{"erp:purchase:edit"})
	keeper, _ := h.RestrictedUser("13900000104", screen, []string{"erp:purchase:receive"})
	closer, _ := h.RestrictedUser("13900000105", screen, []string{"erp:purchase:delete"})
	reader, _ := h.RestrictedUser("13900000106", screen, nil)
	stranger, _ := h.RestrictedUser("13900000107", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"})

	refused := func(c *apptest.Client, method, path string, body any) {
		t.Helper()
		env := c.Call(method, v1+path, body)
		if env.Status != http.StatusUnauthorized || env.Code != "A0301" || env.Msg != "访问未授权" {
			t.Fatalf("%s %s answered %d %s %q, want a refusal", method, path, env.Status, env.Code, env.Msg)
		}
	}
	// Reading: every holder of the screen, nobody else.
	apptest.ExpectOK(t, reader.Call(http.MethodPost, v1+"purchaseOrder/page", map[string]any{}))
	refused(stranger, http.MethodPost, "purchaseOrder/page", map[string]any{})
	refused(stranger, http.MethodGet, "purchaseOrder/export", nil)
	refused(reader, http.MethodPost, "purchaseOrder", body)

	id := created(t, clerk.Call(http.MethodPost, v1+"purchaseOrder", body))
	refused(stranger, http.MethodGet, "purchaseOrder/"+id, nil)
	apptest.ExpectOK(t, reader.Call(http.MethodGet, v1+"purchaseOrder/"+id, nil))
	apptest.ExpectOK(t, clerk.Call(http.MethodPut, v1+"purchaseOrder/"+id, body))
	refused(approver, http.MethodPut, "purchaseOrder/"+id, body)
	refused(approver, http.MethodPost, "purchaseOrder/"+id+"/submit", nil)
	apptest.ExpectOK(t, clerk.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/submit", nil))
	for _, c := range []*apptest.Client{clerk, buyer, keeper, closer, reader} {
		refused(c, http.MethodPost, "purchaseOrder/"+id+"/approve", nil)
		refused(c, http.MethodPost, "purchaseOrder/"+id+"/reject", nil)
	}
	apptest.ExpectOK(t, approver.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/approve", nil))
	refused(clerk, http.MethodPost, "purchaseOrder/"+id+"/place", nil)
	apptest.ExpectOK(t, buyer.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/place", nil))
	line := map[string]any{"warehouseId": idOf(w.ID), "remark": "破损", "lines": []map[string]any{{"lineId": lineID(t, admin, id), "quantity": 2}}}
	for _, c := range []*apptest.Client{clerk, approver, buyer, closer} {
		refused(c, http.MethodPost, "purchaseOrder/"+id+"/receive", line)
		refused(c, http.MethodPost, "purchaseOrder/"+id+"/return", line)
	}
	apptest.ExpectOK(t, keeper.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/receive", line))
	apptest.ExpectOK(t, keeper.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/return", line))
	refused(keeper, http.MethodPost, "purchaseOrder/"+id+"/close", map[string]string{"reason": "够了"})
	refused(keeper, http.MethodPost, "purchaseOrder/"+id+"/cancel", nil)
	apptest.ExpectOK(t, closer.Call(http.MethodPost, v1+"purchaseOrder/"+id+"/close", map[string]string{"reason": "够了"}))
	// The printed order: the screen's holders only.
	resp, _ := reader.Raw(http.MethodGet, "/purchaseorder/print?id="+id, "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("print for a reader: %d", resp.StatusCode)
	}
	resp, _ = stranger.Raw(http.MethodGet, "/purchaseorder/print?id="+id, "", nil)
	if resp.StatusCode == http.StatusOK {
		t.Fatalf("print for a stranger: %d", resp.StatusCode)
	}
}

func lineID(t *testing.T, c *apptest.Client, id string) string {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"purchaseOrder/"+id, nil)
	var o order
	env.Into(t, &o)
	return o.Lines[0].ID
}
