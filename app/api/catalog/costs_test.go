package catalog_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// costProduct is a product's costs as the list answers them.
type costProduct struct{ ID, SKU, Price, FirstLeg string }

// costChange is one row of a product's cost history.
type costChange struct {
	EffectiveFrom, UnitCost, FirstLeg, ChangedBy, ChangedAt string
	Beginning                                               bool
}

func costsOf(t *testing.T, c *apptest.Client, id string) []costChange {
	t.Helper()
	return into[[]costChange](t, c.Call(http.MethodGet, v1+"/material/"+id+"/costs", nil))
}

func productCosts(t *testing.T, c *apptest.Client, id string) costProduct {
	t.Helper()
	return into[costProduct](t, c.Call(http.MethodGet, v1+"/material/"+id, nil))
}

// today is the company's date (the harness's zone, Beijing), as a cost change defaults to.
func today(h *apptest.Harness) time.Time { return h.Clock.Now().In(h.Config.TimeZone) }

// A cost typed in 本地产品 saves with today's date (or the date given back), keeps the other cost as it was, and
// goes into the history with who changed it; bad input is refused in Chinese and changes nothing.
func TestCostsEditedInPlaceAreValidatedAndKeptWithTheirDates(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			id := create(t, c, "/material", map[string]string{"sku": "C-1", "name": "杯子", "price": "10"})
			put := func(body map[string]string) apptest.Envelope {
				return c.Call(http.MethodPut, v1+"/material/"+id+"/cost", body)
			}
			day := today(h)
			tomorrow := day.AddDate(0, 0, 1).Format(time.DateOnly)
			for _, tc := range []struct {
				body map[string]string
				msg  string
			}{
				{map[string]string{"unitCost": "abc"}, "采购成本必须是数字"},
				{map[string]string{"unitCost": "-1"}, "采购成本不能小于0"},
				{map[string]string{"unitCost": "1.234"}, "采购成本最多2位小数"},
				{map[string]string{"unitCost": ""}, "采购成本不能为空"},
				{map[string]string{"unitCost": "100000000"}, "采购成本不能超过99999999.99"},
				{map[string]string{"firstLeg": "1e3"}, "头程必须是数字"},
				{map[string]string{"firstLeg": "-0.5"}, "头程不能小于0"},
				{map[string]string{}, "请填写采购成本或头程"},
				{map[string]string{"unitCost": "12", "effectiveFrom": "15号"}, "生效日期格式不正确，应为yyyy-MM-dd"},
				{map[string]string{"unitCost": "12", "effectiveFrom": tomorrow}, "生效日期不能晚于今天"},
				{map[string]string{"unitCost": "12", "effectiveFrom": "1999-12-31"}, "生效日期不能早于2000-01-01"},
			} {
				apptest.Expect(t, put(tc.body), http.StatusBadRequest, "A0400", tc.msg)
			}
			if got := costsOf(t, c, id); len(got) != 1 || got[0].UnitCost != "10.00" || got[0].FirstLeg != "" {
				t.Fatalf("refused changes changed the history: %+v", got)
			}
			if p := productCosts(t, c, id); p.Price != "10.00" || p.FirstLeg != "" {
				t.Fatalf("refused changes changed the product: %+v", p)
			}

			// 头程 alone, today: the unit cost in force stays.
			if p := into[costProduct](t, put(map[string]string{"firstLeg": "3.5"})); p.Price != "10.00" || p.FirstLeg != "3.50" {
				t.Fatalf("after 头程 = %+v", p)
			}
			// A change dated back, before today's: the list keeps the latest date's costs; its 头程 is the one in
			// force then (the earliest row's, which stands for the time before it).
			back := day.AddDate(0, 0, -20).Format(time.DateOnly)
			if p := into[costProduct](t, put(map[string]string{"unitCost": "0", "effectiveFrom": back})); p.Price != "10.00" || p.FirstLeg != "3.50" {
				t.Fatalf("a change dated back changed today's costs: %+v", p)
			}
			// The same again changes nothing; today's again changes today's row.
			apptest.ExpectOK(t, put(map[string]string{"unitCost": "0", "effectiveFrom": back}))
			apptest.ExpectOK(t, put(map[string]string{"unitCost": "11.25"}))
			got := costsOf(t, c, id)
			if len(got) != 2 || got[0].EffectiveFrom != day.Format(time.DateOnly) || got[0].UnitCost != "11.25" || got[0].FirstLeg != "3.50" ||
				got[1].EffectiveFrom != back || got[1].UnitCost != "0.00" || got[1].FirstLeg != "3.50" || got[0].ChangedBy == "" || got[0].ChangedAt == "" {
				t.Fatalf("history = %+v", got)
			}
			if p := productCosts(t, c, id); p.Price != "11.25" || p.FirstLeg != "3.50" {
				t.Fatalf("product = %+v", p)
			}
			// The product form's price is a change from today too.
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"/material/"+id, map[string]string{"sku": "C-1", "name": "杯子", "price": "12"}))
			if got := costsOf(t, c, id); len(got) != 2 || got[0].UnitCost != "12.00" || got[0].FirstLeg != "3.50" {
				t.Fatalf("history after the form = %+v", got)
			}
		})
	}
}

var costHeader = []any{"SKU*", "产品名称", "采购成本(元)", "头程(元)", "生效日期"}

// The cost template is the list's filter with today's costs; an import with one bad row writes nothing and names
// the row; fixed, it changes the costs only, from the dates given.
func TestCostSheetCarriesTodaysCostsAndImportsAllOrNothing(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			a := create(t, c, "/material", map[string]string{"sku": "CUP-1", "name": "杯子", "price": "10", "weight": "0.3"})
			b := create(t, c, "/material", map[string]string{"sku": "CUP-2", "name": "盘子"})
			create(t, c, "/material", map[string]string{"sku": "PEN-1", "name": "笔", "price": "2"})
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"/material/"+a+"/cost", map[string]string{"firstLeg": "1.5"}))

			rows := download(t, c, "/material/costTemplate?keyword=CUP&sort=sku&order=asc")
			if len(rows) != 3 || strings.Join(rows[0], ",") != "SKU*,产品名称,采购成本(元),头程(元),生效日期" ||
				strings.Join(rows[1], ",") != "CUP-1,杯子,10,1.5" || strings.Join(rows[2], ",") != "CUP-2,盘子" {
				t.Fatalf("template = %q", rows)
			}

			back := today(h).AddDate(0, 0, -10).Format(time.DateOnly)
			bad := sheet(t, [][]any{costHeader,
				{"CUP-1", "杯子", 12, 1.5, back},
				{"CUP-2", "盘子", "1.999", "", ""},
				{"NOPE-1", "", 3, "", ""},
				{"CUP-1", "", 1, "", ""},
				{"PEN-1", "", "-2", "x", "2001-02-30"},
			})
			env := multipartCall(t, c, "/material/costImport", "costs.xlsx", bad)
			apptest.Expect(t, env, http.StatusBadRequest, "A0400", "导入失败，共4行6处有误，未导入任何成本："+
				"第3行 采购成本(元)“1.999”：采购成本最多2位小数；第4行 SKU：SKU“NOPE-1”不存在；第5行 SKU“CUP-1”：与第2行重复；"+
				"第6行 采购成本(元)“-2”：采购成本不能小于0；第6行 头程(元)“x”：头程必须是数字；第6行 生效日期“2001-02-30”：生效日期格式不正确，应为yyyy-MM-dd")
			if got := costsOf(t, c, a); len(got) != 1 || got[0].UnitCost != "10.00" {
				t.Fatalf("a refused import changed CUP-1: %+v", got)
			}
			if got := costsOf(t, c, b); len(got) != 0 {
				t.Fatalf("a refused import changed CUP-2: %+v", got)
			}

			good := sheet(t, [][]any{costHeader,
				{"CUP-1", "改名不算", 12, 1.5, back},
				{"CUP-2", "盘子", "1.99", "0", ""},
				{"PEN-1", "笔", 2, "", ""}, // as it is: nothing changes
			})
			if got := into[map[string]int](t, multipartCall(t, c, "/material/costImport", "costs.xlsx", good)); got["count"] != 3 || got["updated"] != 2 {
				t.Fatalf("import = %v", got)
			}
			if got := costsOf(t, c, a); len(got) != 2 || got[0].UnitCost != "10.00" || got[1].EffectiveFrom != back || got[1].UnitCost != "12.00" {
				t.Fatalf("CUP-1 history = %+v", got)
			}
			if p := into[product](t, c.Call(http.MethodGet, v1+"/material/"+a, nil)); p.Name != "杯子" || p.Weight != "0.3" {
				t.Fatalf("the cost import changed more than costs: %+v", p)
			}
			if p := productCosts(t, c, b); p.Price != "1.99" || p.FirstLeg != "0.00" {
				t.Fatalf("CUP-2 = %+v", p)
			}
			// The template reads back what was imported.
			if rows := download(t, c, "/material/costTemplate?keyword=CUP-2"); strings.Join(rows[1], ",") != "CUP-2,盘子,1.99,0" {
				t.Fatalf("template after = %q", rows)
			}
		})
	}
}

// Another company's products are not found by id nor by SKU, and a user without the product edit permission
// changes no cost.
func TestCostsStayInTheirCompanyAndNeedTheEditPermission(t *testing.T) {
	h := apptest.Start(t)
	a := owner(t, h)
	id := create(t, a, "/material", map[string]string{"sku": "A-1", "name": "甲的杯子", "price": "10"})
	b := h.SignedIn("13700000001", "乙公司")
	apptest.Expect(t, b.Call(http.MethodPut, v1+"/material/"+id+"/cost", map[string]string{"unitCost": "1"}), http.StatusNotFound, "A0404", "产品不存在")
	apptest.Expect(t, b.Call(http.MethodGet, v1+"/material/"+id+"/costs", nil), http.StatusNotFound, "A0404", "产品不存在")
	env := multipartCall(t, b, "/material/costImport", "costs.xlsx", sheet(t, [][]any{costHeader, {"A-1", "", 1}}))
	apptest.Expect(t, env, http.StatusBadRequest, "A0400", "导入失败，共1行1处有误，未导入任何成本：第2行 SKU：SKU“A-1”不存在")
	if rows := download(t, b, "/material/costTemplate"); len(rows) != 1 {
		t.Fatalf("乙's template holds 甲's products: %q", rows)
	}

	member := h.Member(ownerAccount, "13600000077", false)
	apptest.Expect(t, member.Call(http.MethodPut, v1+"/material/"+id+"/cost", map[string]string{"unitCost": "1"}), http.StatusUnauthorized, "A0301", msgNoGrant)
	if got := costsOf(t, a, id); len(got) != 1 || got[0].UnitCost != "10.00" {
		t.Fatalf("refused calls changed the costs: %+v", got)
	}
}
