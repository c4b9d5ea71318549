package operationlogs_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const erp = "/erp/api/v1/"

// readable is what the screen shows of an entry: the action, what it acted on and what changed, in words.
type readable struct {
	Action  string `json:"action"`
	Subject string `json:"subject"`
	Summary string `json:"summary"`
	Detail  string `json:"detail"`
}

func readableLog(t *testing.T, c *apptest.Client) []readable {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"operationLogs/page", map[string]any{"pagesize": 50, "order": "asc"})
	apptest.ExpectOK(t, env)
	var p struct{ Records []readable }
	env.Into(t, &p)
	return p.Records
}

// The log names the product by its SKU (a deleted one too), a document by its number, and says what an edit
// changed, old → new; a call no handler describes is summed up by its labelled fields, never ids or secrets.
func TestTheLogSaysWhatWasChangedInWordsOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			product := created(t, c.Call(http.MethodPost, erp+"material", map[string]any{"sku": "DEMO-MUG-01", "name": "陶瓷马克杯"}))
			apptest.ExpectOK(t, c.Call(http.MethodPut, erp+"material/"+product, map[string]any{"sku": "DEMO-MUG-01", "name": "陶瓷杯"}))
			env := c.Call(http.MethodPost, erp+"warehouse", map[string]any{"name": "深圳二仓", "kind": "own", "remark": "新仓"})
			warehouse := created(t, env)
			env = c.Call(http.MethodPost, erp+"inbound", map[string]any{"warehouseId": warehouse,
				"lines": []map[string]any{{"productId": product, "quantity": 3}}})
			apptest.ExpectOK(t, env)
			var doc struct{ ID, Number string }
			env.Into(t, &doc)
			apptest.ExpectOK(t, c.Call(http.MethodPost, erp+"inbound/"+doc.ID+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, erp+"inbound/"+doc.ID+"/approve", nil))
			gone := created(t, c.Call(http.MethodPost, erp+"material", map[string]any{"sku": "DEMO-DEL-01", "name": "样品"}))
			apptest.ExpectOK(t, c.Call(http.MethodDelete, erp+"material/"+gone, nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"users/updatePasswordSelf",
				map[string]string{"oldpassword": "Passw0rd!", "password": "Fresh#2026x"}))

			got := map[string]readable{}
			for _, e := range readableLog(t, c) {
				if _, seen := got[e.Action]; !seen { // the first of each action: 新增产品 DEMO-MUG-01
					got[e.Action] = e
				}
			}
			want := map[string]readable{
				"新增产品":  {Subject: "DEMO-MUG-01", Summary: "名称 陶瓷马克杯；SKU DEMO-MUG-01"},
				"编辑产品":  {Subject: "DEMO-MUG-01", Summary: "名称 陶瓷马克杯 → 陶瓷杯"},
				"新增仓库":  {Subject: "深圳二仓", Summary: "名称 深圳二仓；备注 新仓"},
				"审核入库单": {Subject: doc.Number, Summary: ""},
				"删除产品":  {Subject: "DEMO-DEL-01", Summary: ""},
			}
			for action, w := range want {
				if e := got[action]; e.Subject != w.Subject || !strings.HasPrefix(e.Summary, w.Summary) {
					t.Errorf("%s = %+v, want %+v", action, e, w)
				}
			}
			pw := got["修改密码"]
			if pw.Action == "" || pw.Summary != "" {
				t.Errorf("password change = %+v", pw)
			}
			for _, e := range got {
				for _, leak := range []string{"Passw0rd!", "Fresh#2026x", product, warehouse, doc.ID} {
					if strings.Contains(e.Summary, leak) || strings.Contains(e.Subject, leak) ||
						(strings.HasPrefix(leak, "Fresh") && strings.Contains(e.Detail, leak)) {
						t.Errorf("%s shows %q: %+v", e.Action, leak, e)
					}
				}
			}
		})
	}
}
