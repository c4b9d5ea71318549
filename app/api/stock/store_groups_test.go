package stock_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// storeGroupFixture is the demo company with a second store group (欧洲店铺) whose German FBA warehouse holds stock
// from an approved inbound document and has a draft outbound one, and a sub-user of every screen limited to the
// demo's 演示店铺.
type storeGroupFixture struct {
	owner, clerk        *apptest.Client
	fba                 stockdb.Warehouse   // 欧洲店铺's FBA warehouse
	own                 stockdb.Warehouse   // 深圳自有仓: no store group
	demo                storesdb.StoreGroup // 演示店铺, the clerk's
	inbound, outbound   string
	inNumber, outNumber string
}

func newStoreGroupFixture(t *testing.T, h *apptest.Harness) *storeGroupFixture {
	t.Helper()
	f := &storeGroupFixture{owner: h.Client()}
	apptest.ExpectOK(t, f.owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	europe := &storesdb.StoreGroup{CompanyID: admin.CompanyID, Name: "欧洲店铺"}
	if err := h.DB.Create(europe).Error; err != nil {
		t.Fatal(err)
	}
	fba, err := stockdb.FBAWarehouse(h.DB, admin.CompanyID, europe.ID, "A1PA6795UKMFR9")
	if err != nil {
		t.Fatal(err)
	}
	f.fba = *fba
	if err := h.DB.Where("company_id = ? AND name = ?", admin.CompanyID, "深圳自有仓").Take(&f.own).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Where("company_id = ? AND name = ?", admin.CompanyID, "演示店铺").Take(&f.demo).Error; err != nil {
		t.Fatal(err)
	}
	mug := product(t, h, apptest.AdminAccount, "EU-MUG-01")
	fbaID := fmt.Sprint(f.fba.ID)
	f.inbound, f.inNumber = approvedDoc(t, f.owner, "inbound", fbaID, line{mug, 7})
	f.outbound, f.outNumber = createDoc(t, f.owner, "outbound", fbaID, line{mug, 1})

	f.clerk = h.Member(apptest.AdminAccount, "13700000009", true)
	clerk, err := accountsdb.UserByAccount(h.DB, "13700000009")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: clerk.ID, GroupID: f.demo.ID}).Error; err != nil {
		t.Fatal(err)
	}
	return f
}

// xlsxText is every cell of every sheet of the .xlsx path answers, for finding a name in it.
func xlsxText(t *testing.T, c *apptest.Client, path string) string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, v1+path, "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
	}
	book, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	var all []string
	for _, name := range book.GetSheetList() {
		rows, err := book.GetRows(name)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, fmt.Sprint(rows))
	}
	return strings.Join(all, "\n")
}

// Issue 40, item 5: a FBA warehouse belongs to its store group everywhere. A user limited to another group finds it
// in no list, option, export or template, and reads or changes it (and its documents) by id as one that does not
// exist; the owner does all of it, and own warehouses stay the whole company's.
func TestAnotherStoreGroupsFBAWarehouseIsNotThere(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newStoreGroupFixture(t, h)
			fbaID, name := fmt.Sprint(f.fba.ID), f.fba.Name

			// Lists, options, exports and the shipment template: the owner's name it, the clerk's do not.
			shows := func(c *apptest.Client, method, path string, body any) string {
				t.Helper()
				env := c.Call(method, v1+path, body)
				apptest.ExpectOK(t, env)
				return string(env.Data)
			}
			reads := []struct {
				what string
				read func(c *apptest.Client) string
			}{
				{"warehouse/page", func(c *apptest.Client) string { return shows(c, http.MethodPost, "warehouse/page", map[string]any{}) }},
				{"warehouse/options", func(c *apptest.Client) string { return shows(c, http.MethodGet, "warehouse/options", nil) }},
				{"warehouse/options?all", func(c *apptest.Client) string { return shows(c, http.MethodGet, "warehouse/options?all=true", nil) }},
				{"stock/page", func(c *apptest.Client) string { return shows(c, http.MethodPost, "stock/page", map[string]any{}) }},
				{"stock/ledger", func(c *apptest.Client) string { return shows(c, http.MethodPost, "stock/ledger", map[string]any{}) }},
				{"inbound/page", func(c *apptest.Client) string { return shows(c, http.MethodPost, "inbound/page", map[string]any{}) }},
				{"outbound/page", func(c *apptest.Client) string { return shows(c, http.MethodPost, "outbound/page", map[string]any{}) }},
				{"shipPlan/options", func(c *apptest.Client) string { return shows(c, http.MethodGet, "shipPlan/options", nil) }},
				{"warehouse/export", func(c *apptest.Client) string { return xlsxText(t, c, "warehouse/export") }},
				{"stock/export", func(c *apptest.Client) string { return xlsxText(t, c, "stock/export") }},
				{"stock/ledger/export", func(c *apptest.Client) string { return xlsxText(t, c, "stock/ledger/export") }},
				{"inbound/export", func(c *apptest.Client) string { return xlsxText(t, c, "inbound/export") }},
				{"outbound/export", func(c *apptest.Client) string { return xlsxText(t, c, "outbound/export") }},
				{"shipment/importTemplate", func(c *apptest.Client) string { return xlsxText(t, c, "shipment/importTemplate") }},
			}
			for _, r := range reads {
				if got := r.read(f.owner); !strings.Contains(got, name) {
					t.Errorf("the owner's %s lacks %s: %.400s", r.what, name, got)
				}
				got := r.read(f.clerk)
				if strings.Contains(got, name) {
					t.Errorf("the clerk of 演示店铺 finds %s in %s: %.400s", name, r.what, got)
				}
				if r.what != "inbound/page" && r.what != "outbound/page" && r.what != "inbound/export" &&
					r.what != "outbound/export" && r.what != "stock/ledger" && r.what != "stock/ledger/export" &&
					!strings.Contains(got, f.own.Name) {
					t.Errorf("the clerk's %s lacks the company's own warehouse %s: %.400s", r.what, f.own.Name, got)
				}
			}
			// Filtered by the warehouse, the clerk's lists are empty; the owner's are not.
			for _, path := range []string{"stock/page", "stock/ledger", "inbound/page", "outbound/page"} {
				body := map[string]any{"warehouseId": fbaID}
				if got := list[map[string]any](t, f.owner, path, body); got.Total != 1 {
					t.Errorf("the owner's %s of %s: %d rows, want 1", path, name, got.Total)
				}
				if got := list[map[string]any](t, f.clerk, path, body); got.Total != 0 || len(got.Records) != 0 {
					t.Errorf("the clerk's %s of %s: %+v", path, name, got)
				}
			}

			// By id: read, change, disable, enable and delete the warehouse, pick its products, read and move its
			// documents and write new ones into it.
			// Each call is checked on its own (not fatal), so that every one that answers is named.
			missing := func(c *apptest.Client, method, path string, body any, msg string) {
				t.Helper()
				if env := c.Call(method, v1+path, body); env.Status != 404 || env.Code != "A0404" || env.Msg != msg {
					t.Errorf("the clerk's %s %s: got %d %s %q (%.200s), want 404 A0404 %q", method, path, env.Status, env.Code,
						env.Msg, env.Data, msg)
				}
			}
			form := map[string]any{"name": "改名仓", "kind": "fba"}
			for _, call := range []struct{ method, path string }{
				{http.MethodGet, "warehouse/" + fbaID}, {http.MethodPut, "warehouse/" + fbaID},
				{http.MethodPost, "warehouse/" + fbaID + "/disable"}, {http.MethodPost, "warehouse/" + fbaID + "/enable"},
				{http.MethodDelete, "warehouse/" + fbaID}, {http.MethodGet, "stock/products?warehouseId=" + fbaID},
			} {
				missing(f.clerk, call.method, call.path, form, "仓库不存在")
			}
			for _, doc := range []struct{ kind, id, what string }{{"inbound", f.inbound, "入库单"}, {"outbound", f.outbound, "出库单"}} {
				mug := getDoc(t, f.owner, doc.kind, doc.id).Lines[0].ProductID
				missing(f.clerk, http.MethodGet, doc.kind+"/"+doc.id, nil, doc.what+"不存在")
				missing(f.clerk, http.MethodPut, doc.kind+"/"+doc.id, docBody(fmt.Sprint(f.own.ID), line{mug, 1}), doc.what+"不存在")
				for _, step := range []string{"submit", "approve", "cancel"} {
					missing(f.clerk, http.MethodPost, doc.kind+"/"+doc.id+"/"+step, nil, doc.what+"不存在")
				}
				if env := f.clerk.Call(http.MethodPost, v1+doc.kind, docBody(fbaID, line{mug, 1})); env.Status != 400 || env.Msg != "仓库不存在" {
					t.Errorf("the clerk's new %s in %s: got %d %s %q, want 400 仓库不存在", doc.what, name, env.Status, env.Code, env.Msg)
				}
			}
			// Nor does a shipment plan of the clerk's store leave from it.
			plan := map[string]any{"groupId": fmt.Sprint(f.demo.ID), "marketplaceId": "ATVPDKIKX0DER", "warehouseId": fbaID,
				"items": []map[string]any{{"sellerSku": "MUG-BLUE-350", "quantity": 1}}}
			if env := f.clerk.Call(http.MethodPost, v1+"shipPlan", plan); env.Status != 400 || env.Msg != "发货仓库不存在" {
				t.Errorf("the clerk's plan from %s: got %d %s %q, want 400 发货仓库不存在", name, env.Status, env.Code, env.Msg)
			}
			var after stockdb.Warehouse
			if err := h.DB.Take(&after, "id = ?", f.fba.ID).Error; err != nil {
				t.Fatal(err)
			}
			if after.Name != f.fba.Name || after.Disabled || !after.UpdatedAt.Equal(f.fba.UpdatedAt) {
				t.Errorf("the clerk changed %s: %+v", name, after)
			}
			if d := getDoc(t, f.owner, "outbound", f.outbound); d.Status != stockdb.DocDraft || len(d.Lines) != 1 {
				t.Errorf("the clerk changed %s: %+v", f.outNumber, d)
			}

			// The owner does each of them.
			apptest.ExpectOK(t, f.owner.Call(http.MethodGet, v1+"warehouse/"+fbaID, nil))
			apptest.ExpectOK(t, f.owner.Call(http.MethodGet, v1+"stock/products?warehouseId="+fbaID, nil))
			apptest.ExpectOK(t, f.owner.Call(http.MethodGet, v1+"inbound/"+f.inbound, nil))
			apptest.ExpectOK(t, f.owner.Call(http.MethodPost, v1+"warehouse/"+fbaID+"/disable", nil))
			apptest.ExpectOK(t, f.owner.Call(http.MethodPost, v1+"warehouse/"+fbaID+"/enable", nil))
			apptest.ExpectOK(t, f.owner.Call(http.MethodPost, v1+"outbound/"+f.outbound+"/submit", nil))
			apptest.ExpectOK(t, f.owner.Call(http.MethodPost, v1+"shipPlan", plan))
			// The clerk's own warehouse answers as before.
			apptest.ExpectOK(t, f.clerk.Call(http.MethodGet, v1+"warehouse/"+fmt.Sprint(f.own.ID), nil))
		})
	}
}

// A product's stock totals (本地产品's list, its export and the product read by id) count only the warehouses the
// user may see: the clerk of 演示店铺 does not learn 欧洲店铺's FBA stock through them.
func TestAProductsStockLeavesOutAnotherStoreGroupsFBAWarehouse(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f := newStoreGroupFixture(t, h)
			mug := getDoc(t, f.owner, "inbound", f.inbound).Lines[0].ProductID
			for _, c := range []struct {
				who    string
				client *apptest.Client
				want   int
			}{{"owner", f.owner, 7}, {"clerk", f.clerk, 0}} {
				var one struct{ Fulfillable int }
				env := c.client.Call(http.MethodGet, v1+"material/"+mug, nil)
				apptest.ExpectOK(t, env)
				env.Into(t, &one)
				if one.Fulfillable != c.want {
					t.Errorf("the %s reads material/%s with %d fulfillable, want %d", c.who, mug, one.Fulfillable, c.want)
				}
				rows := list[struct{ Fulfillable int }](t, c.client, "material/page", map[string]any{"keyword": "EU-MUG-01"})
				if len(rows.Records) != 1 || rows.Records[0].Fulfillable != c.want {
					t.Errorf("the %s's material/page of EU-MUG-01: %+v, want %d fulfillable", c.who, rows.Records, c.want)
				}
			}
		})
	}
}
