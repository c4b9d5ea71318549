package stock_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

var jgNumber = regexp.MustCompile(`^JG\d{8}-\d{4}$`)

type processOrder struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	Status        int    `json:"status"`
	StatusName    string `json:"statusName"`
	MadeProductID string `json:"madeProductId"`
	MadeSKU       string `json:"madeSku"`
	MadeQuantity  int    `json:"madeQuantity"`
	ProcessFee    string `json:"processFee"`
	MadeCost      string `json:"madeCost"`
	TotalCost     string `json:"totalCost"`
	Lines         []struct {
		SKU      string `json:"sku"`
		Quantity int    `json:"quantity"`
		UnitCost string `json:"unitCost"`
	} `json:"lines"`
}

func processBody(warehouseID, product string, quantity int, fee string) map[string]any {
	return map[string]any{"warehouseId": warehouseID, "madeProductId": product, "madeQuantity": quantity, "processFee": fee, "remark": "组装"}
}

func saveBOM(t *testing.T, c *apptest.Client, product string, components ...line) {
	t.Helper()
	cs := make([]map[string]any, len(components))
	for i, l := range components {
		cs[i] = map[string]any{"componentId": l.product, "quantity": l.quantity}
	}
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"bom", map[string]any{"productId": product, "components": cs}))
}

// submittedProcess creates and submits a processing order and answers its id and number.
func submittedProcess(t *testing.T, c *apptest.Client, warehouseID, product string, quantity int, fee string) (string, string) {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"process", processBody(warehouseID, product, quantity, fee))
	apptest.ExpectOK(t, env)
	var d struct{ ID, Number string }
	env.Into(t, &d)
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"process/"+d.ID+"/submit", nil))
	return d.ID, d.Number
}

func getProcess(t *testing.T, c *apptest.Client, id string) processOrder {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"process/"+id, nil)
	apptest.ExpectOK(t, env)
	var d processOrder
	env.Into(t, &d)
	return d
}

// A processing order consumes its product's bill of materials times the quantity and makes the product in one
// transaction: a ledger line per component and one for the product under its number, the made unit's cost the
// components' weighted average costs plus the fee, which moves the product's average. A component short is
// refused naming it and nothing moves; cancelling gives everything back. On every database.
//
// Hand calculation: K-1 takes 2 × M-1 (average 2.5000) and 1 × P-1 (entered cost 1.20); 5 made with a fee of 0.75
// cost (10 × 2.50 + 5 × 1.20 + 5 × 0.75) ÷ 5 = 34.75 ÷ 5 = 6.95 each. K-1 held 3 at its entered 8.00: (3 × 8 + 5 ×
// 6.95) ÷ 8 = 58.75 ÷ 8 = 7.34375, kept as 7.3438. Cancelled: (8 × 7.3438 − 5 × 6.95) ÷ 3 = 24.0004 ÷ 3 = 8.0001.
func TestAProcessingOrderConsumesComponentsAndRollsUpCost(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
			w := createWarehouse(t, c, "深圳仓", nil)
			kit := product(t, h, "13700000001", "K-1")
			m := product(t, h, "13700000001", "M-1")
			pk := product(t, h, "13700000001", "P-1")
			setCost(t, h, "13700000001", pk, "1.20")
			setCost(t, h, "13700000001", kit, "8")
			approvedDoc(t, c, "inbound", w.ID, line{m, 20}, line{pk, 8}, line{kit, 3})
			wid, _ := strconv.ParseInt(w.ID, 10, 64)
			mid, _ := strconv.ParseInt(m, 10, 64)
			if err := purchasedb.SetStockCost(h.DB, u.CompanyID, wid, mid, 25000, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}

			// No bill of materials yet: refused, naming the product.
			apptest.Expect(t, c.Call(http.MethodPost, v1+"process", processBody(w.ID, kit, 5, "0.75")), 400, "B0001",
				"产品 K-1 还没有物料清单，请先在「物料清单」中添加组件")
			saveBOM(t, c, kit, line{m, 2}, line{pk, 1})
			var bom []struct {
				SKU      string `json:"sku"`
				Quantity int    `json:"quantity"`
			}
			env := c.Call(http.MethodGet, v1+"bom?productId="+kit, nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &bom)
			if len(bom) != 2 || bom[0].SKU != "M-1" || bom[0].Quantity != 2 || bom[1].SKU != "P-1" {
				t.Fatalf("bom = %+v", bom)
			}
			if p := list[struct {
				SKU        string `json:"sku"`
				Components int    `json:"components"`
			}](t, c, "bom/page", nil); p.Total != 1 || p.Records[0].SKU != "K-1" || p.Records[0].Components != 2 {
				t.Fatalf("bom list = %+v", p)
			}

			env = c.Call(http.MethodPost, v1+"process", processBody(w.ID, kit, 5, "0.75"))
			apptest.ExpectOK(t, env)
			var made struct{ ID, Number string }
			env.Into(t, &made)
			if !jgNumber.MatchString(made.Number) {
				t.Fatalf("number = %q", made.Number)
			}
			d := getProcess(t, c, made.ID)
			if d.StatusName != "待提交" || d.MadeSKU != "K-1" || d.MadeQuantity != 5 || d.ProcessFee != "0.75" || d.MadeCost != "" ||
				len(d.Lines) != 2 || d.Lines[0].SKU != "M-1" || d.Lines[0].Quantity != 10 || d.Lines[1].Quantity != 5 {
				t.Fatalf("draft = %+v", d)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"process/"+made.ID+"/submit", nil))
			apptest.Expect(t, c.Call(http.MethodPut, v1+"process/"+made.ID, processBody(w.ID, kit, 1, "")), 400, "B0001", "单据已提交，不能再编辑")
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"process/"+made.ID+"/approve", nil))
			wantFulfillable(t, c, w.ID, m, 10)
			wantFulfillable(t, c, w.ID, pk, 3)
			wantFulfillable(t, c, w.ID, kit, 8)
			if got := stockCost(t, h, u.CompanyID, w.ID, kit); got != 73438 {
				t.Fatalf("K-1's average = %d, want 73438", got)
			}
			if got, p := stockCost(t, h, u.CompanyID, w.ID, m), stockCost(t, h, u.CompanyID, w.ID, pk); got != 25000 || p != 12000 {
				t.Fatalf("components' averages moved: M %d, P %d", got, p)
			}
			d = getProcess(t, c, made.ID)
			if d.StatusName != "已完成" || d.MadeCost != "6.95" || d.TotalCost != "31.00" {
				t.Fatalf("approved = %+v", d)
			}
			ledger := list[struct {
				ledgerLine
				UnitCost string `json:"unitCost"`
			}](t, c, "stock/ledger", map[string]any{"docNumber": made.Number})
			changes, costs := map[string]int{}, map[string]string{}
			for _, l := range ledger.Records {
				if l.DocTypeName != "加工单" {
					t.Fatalf("ledger line = %+v", l)
				}
				changes[l.SKU] += l.FulfillableChange
				costs[l.SKU] = l.UnitCost
			}
			if ledger.Total != 3 || changes["M-1"] != -10 || changes["P-1"] != -5 || changes["K-1"] != 5 ||
				costs["K-1"] != "6.95" || costs["M-1"] != "2.50" || costs["P-1"] != "1.20" {
				t.Fatalf("ledger = %+v", ledger.Records)
			}

			// A component short: refused naming it, nothing moved.
			short, _ := submittedProcess(t, c, w.ID, kit, 6, "")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"process/"+short+"/approve", nil), 400, "B0001", "组件库存不足：SKU M-1 可用库存 10，需用 12")
			wantFulfillable(t, c, w.ID, m, 10)
			wantFulfillable(t, c, w.ID, pk, 3)
			wantFulfillable(t, c, w.ID, kit, 8)
			if d := getProcess(t, c, short); d.Status != stockdb.DocSubmitted {
				t.Fatalf("short order = %+v", d)
			}

			// Cancelled: the components come back at their cost, the made units go at theirs.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"process/"+made.ID+"/cancel", nil))
			wantFulfillable(t, c, w.ID, m, 20)
			wantFulfillable(t, c, w.ID, pk, 8)
			wantFulfillable(t, c, w.ID, kit, 3)
			if k, mc, pc := stockCost(t, h, u.CompanyID, w.ID, kit), stockCost(t, h, u.CompanyID, w.ID, m), stockCost(t, h, u.CompanyID, w.ID, pk); k != 80001 || mc != 25000 || pc != 12000 {
				t.Fatalf("averages after the cancel: K %d, M %d, P %d", k, mc, pc)
			}
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": made.Number}); p.Total != 6 {
				t.Fatalf("ledger after the cancel = %d lines", p.Total)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"process/"+made.ID+"/cancel", nil), 400, "B0001", "单据已作废")

			// Another company sees none and touches none.
			other := h.SignedIn("13700000002", "乙公司")
			if p := list[processOrder](t, other, "process/page", nil); p.Total != 0 {
				t.Fatalf("乙 sees %d processing orders", p.Total)
			}
			apptest.Expect(t, other.Call(http.MethodPost, v1+"process/"+short+"/approve", nil), 404, "A0404", "加工单不存在")
			apptest.Expect(t, other.Call(http.MethodPut, v1+"bom", map[string]any{"productId": kit, "components": []map[string]any{{"componentId": m, "quantity": 1}}}),
				400, "A0400", "加工产品不存在")
			var none []any
			env = other.Call(http.MethodGet, v1+"bom?productId="+kit, nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &none)
			if len(none) != 0 {
				t.Fatalf("乙 reads 甲's bill of materials: %v", none)
			}
			ledgerAgrees(t, h)
		})
	}
}

func TestProcessingInputIsChecked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	w := createWarehouse(t, c, "深圳仓", nil)
	kit := product(t, h, "13700000001", "K-1")
	m := product(t, h, "13700000001", "M-1")
	u, _ := accountsdb.UserByAccount(h.DB, "13700000001")
	fba := &stockdb.Warehouse{CompanyID: u.CompanyID, Name: "FBA-欧美-US", Kind: stockdb.WarehouseFBA}
	if err := h.DB.Create(fba).Error; err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		components []map[string]any
		msg        string
	}{
		{[]map[string]any{{"componentId": kit, "quantity": 1}}, "第1行：组件不能是产品本身"},
		{[]map[string]any{{"componentId": m, "quantity": 1}, {"componentId": m, "quantity": 2}}, "第2行：组件重复"},
		{[]map[string]any{{"componentId": m, "quantity": 0}}, "第1行：用量必须为1到10000的整数"},
		{[]map[string]any{{"componentId": "999", "quantity": 1}}, "第1行：组件不存在"},
	} {
		apptest.Expect(t, c.Call(http.MethodPut, v1+"bom", map[string]any{"productId": kit, "components": tc.components}), 400, "A0400", tc.msg)
	}
	saveBOM(t, c, kit, line{m, 3})
	for _, tc := range []struct {
		body      map[string]any
		code, msg string
	}{
		{processBody(w.ID, "", 1, ""), "A0400", "请选择加工产品"},
		{processBody(w.ID, "12", 1, ""), "A0400", "加工产品不存在"},
		{processBody(w.ID, kit, 0, ""), "A0400", "加工数量必须为1到1000000的整数"},
		{processBody(w.ID, kit, 1, "-1"), "A0400", "加工费(元/件)必须是不小于0的数字，最多2位小数，不超过999999.99"},
		{processBody(w.ID, kit, 1, "0.123"), "A0400", "加工费(元/件)必须是不小于0的数字，最多2位小数，不超过999999.99"},
		{processBody(w.ID, kit, 400000, ""), "A0400", "组件 M-1 需用 1200000，超过1000000，请减少加工数量"},
		{processBody(strconv.FormatInt(fba.ID, 10), kit, 1, ""), "B0001", "FBA仓的库存由亚马逊同步，不能加工"},
		{processBody("", kit, 1, ""), "A0400", "请选择仓库"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"process", tc.body), 400, tc.code, tc.msg)
	}
	if p := list[processOrder](t, c, "process/page", nil); p.Total != 0 {
		t.Fatalf("refused orders stored: %d", p.Total)
	}
	// A draft is edited in place; its lines follow the bill of materials again.
	env := c.Call(http.MethodPost, v1+"process", processBody(w.ID, kit, 2, "1"))
	apptest.ExpectOK(t, env)
	var d struct{ ID string }
	env.Into(t, &d)
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"process/"+d.ID, processBody(w.ID, kit, 4, "2.5")))
	if got := getProcess(t, c, d.ID); got.MadeQuantity != 4 || got.ProcessFee != "2.50" || len(got.Lines) != 1 || got.Lines[0].Quantity != 12 {
		t.Fatalf("edited = %+v", got)
	}
	rows, name := exportSheet(t, c, "process/export")
	if !strings.HasPrefix(name, "加工单_") || len(rows) != 2 || rows[1][indexOf(rows[0], "加工产品SKU")] != "K-1" {
		t.Fatalf("export %s: %v", name, rows)
	}
}

// Processing orders consuming the same components approved at once, beside outbound approvals of them: no
// quantity goes below zero, every one stays its ledger's sum, each order's lines move together, every refusal
// names a short component. On every database.
func TestConcurrentProcessingOfTheSameComponents(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			kit := product(t, h, "13700000001", "K-1")
			box := product(t, h, "13700000001", "K-2")
			m := product(t, h, "13700000001", "M-1")
			pk := product(t, h, "13700000001", "P-1")
			setCost(t, h, "13700000001", m, "3")
			approvedDoc(t, c, "inbound", w.ID, line{m, 20}, line{pk, 10})
			saveBOM(t, c, kit, line{m, 2}, line{pk, 1})
			saveBOM(t, c, box, line{m, 1}, line{pk, 2})
			var kits, boxes, outs []string
			for range 6 {
				id, _ := submittedProcess(t, c, w.ID, kit, 2, "0.5")
				kits = append(kits, id)
			}
			for range 4 {
				id, _ := submittedProcess(t, c, w.ID, box, 1, "")
				boxes = append(boxes, id)
			}
			for range 3 {
				id, _ := createDoc(t, c, "outbound", w.ID, line{m, 3})
				apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"outbound/"+id+"/submit", nil))
				outs = append(outs, id)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			var refusals []string
			approved := map[string]bool{}
			for kind, ids := range map[string][]string{"process": append(append([]string{}, kits...), boxes...), "outbound": outs} {
				for _, id := range ids {
					wg.Add(1)
					go func() {
						defer wg.Done()
						env := c.Call(http.MethodPost, v1+kind+"/"+id+"/approve", nil)
						mu.Lock()
						defer mu.Unlock()
						if env.Code != "201" {
							refusals = append(refusals, env.Msg)
						} else {
							approved[id] = true
						}
					}()
				}
			}
			wg.Wait()
			for _, r := range refusals {
				if !strings.Contains(r, "库存不足") {
					t.Fatalf("refusal: %s", r)
				}
			}
			ledgerAgrees(t, h)
			count := func(ids []string) (n int) {
				for _, id := range ids {
					if approved[id] {
						n++
					}
				}
				return n
			}
			fm, _, _ := stockOf(t, c, w.ID, m)
			fp, _, _ := stockOf(t, c, w.ID, pk)
			fk, _, _ := stockOf(t, c, w.ID, kit)
			fb, _, _ := stockOf(t, c, w.ID, box)
			if want := 20 - 4*count(kits) - count(boxes) - 3*count(outs); fm != want || fm < 0 {
				t.Fatalf("M = %d, want %d", fm, want)
			}
			if want := 10 - 2*count(kits) - 2*count(boxes); fp != want || fp < 0 {
				t.Fatalf("P = %d, want %d", fp, want)
			}
			if fk != 2*count(kits) || fb != count(boxes) {
				t.Fatalf("made K-1 %d (%d orders), K-2 %d (%d orders)", fk, count(kits), fb, count(boxes))
			}
			if count(kits)+count(boxes) == 0 || len(refusals) == 0 {
				t.Fatalf("approved %d orders, refused %d: the stock must run short", count(kits)+count(boxes), len(refusals))
			}
		})
	}
}

// A processing order consumes its bill of materials only: the product's packing (包材用量) is what 发货 consumes
// for every unit it ships, and 成本核算 costs for every unit; taken by processing too, a made unit was packed and
// costed twice. On every database.
//
// Hand calculation: K-2 takes 2 × M-2 (average 2.50) and 1 × LABEL (0.10) by its bill of materials, and packs a
// LABEL and a BAG (0.40) per unit and a BOX (3.00) per carton of 4. Making 5 with a fee of 0.75 takes 10 M-2 and
// 5 LABEL, no BAG nor BOX: (25.00 + 0.50 + 3.75) ÷ 5 = 5.85 a unit.
func TestAProcessingOrderLeavesThePackingToShipping(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			const account = "13700000001"
			c := h.SignedIn(account, "甲公司")
			u, _ := accountsdb.UserByAccount(h.DB, account)
			w := createWarehouse(t, c, "加工仓", nil)
			kit := product(t, h, account, "K-2")
			m := product(t, h, account, "M-2")
			label, bag, box := product(t, h, account, "LABEL"), product(t, h, account, "BAG"), product(t, h, account, "BOX")
			for _, id := range []string{label, bag, box} {
				if err := h.DB.Exec("UPDATE local_products SET kind = ? WHERE id = ?", catalogdb.ProductKindPackage, id).Error; err != nil {
					t.Fatal(err)
				}
			}
			if err := h.DB.Exec("UPDATE local_products SET carton_units = 4 WHERE id = ?", kit).Error; err != nil {
				t.Fatal(err)
			}
			setCost(t, h, account, label, "0.10")
			setCost(t, h, account, bag, "0.40")
			setCost(t, h, account, box, "3.00")
			approvedDoc(t, c, "inbound", w.ID, line{m, 20}, line{label, 20}, line{bag, 20}, line{box, 2})
			wid, _ := strconv.ParseInt(w.ID, 10, 64)
			mid, _ := strconv.ParseInt(m, 10, 64)
			if err := purchasedb.SetStockCost(h.DB, u.CompanyID, wid, mid, 25000, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			saveBOM(t, c, kit, line{m, 2}, line{label, 1})
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"material/"+kit+"/packing", map[string]any{"lines": []map[string]any{
				{"materialId": label, "quantity": 1, "per": "unit"}, {"materialId": bag, "quantity": 1, "per": "unit"},
				{"materialId": box, "quantity": 1, "per": "carton"}}}))

			id, number := submittedProcess(t, c, w.ID, kit, 5, "0.75")
			type processLine struct {
				SKU      string `json:"sku"`
				Quantity int    `json:"quantity"`
				Remark   string `json:"remark"`
			}
			var d struct {
				Lines []processLine `json:"lines"`
			}
			env := c.Call(http.MethodGet, v1+"process/"+id, nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &d)
			got := map[string]processLine{}
			for _, l := range d.Lines {
				got[l.SKU] = l
			}
			if len(d.Lines) != 2 || got["M-2"].Quantity != 10 || got["LABEL"].Quantity != 5 || got["LABEL"].Remark != "" {
				t.Fatalf("lines = %+v", d.Lines)
			}

			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"process/"+id+"/approve", nil))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"process/"+id+"/approve", nil), 400, "B0001", "只有待审核的单据可以审核")
			wantFulfillable(t, c, w.ID, m, 10)
			wantFulfillable(t, c, w.ID, label, 15)
			wantFulfillable(t, c, w.ID, bag, 20)
			wantFulfillable(t, c, w.ID, box, 2)
			wantFulfillable(t, c, w.ID, kit, 5)
			if p := getProcess(t, c, id); p.MadeCost != "5.85" || p.TotalCost != "25.50" {
				t.Fatalf("approved = %+v", p)
			}
			if got := stockCost(t, h, u.CompanyID, w.ID, kit); got != 58500 {
				t.Fatalf("K-2's average = %d, want 58500", got)
			}
			ledger := list[struct {
				ledgerLine
				UnitCost string `json:"unitCost"`
			}](t, c, "stock/ledger", map[string]any{"docNumber": number})
			changes, costs := map[string]int{}, map[string]string{}
			for _, l := range ledger.Records {
				changes[l.SKU] += l.FulfillableChange
				costs[l.SKU] = l.UnitCost
			}
			if ledger.Total != 3 || changes["M-2"] != -10 || changes["LABEL"] != -5 || changes["BAG"] != 0 || changes["K-2"] != 5 ||
				costs["LABEL"] != "0.10" || costs["K-2"] != "5.85" {
				t.Fatalf("ledger = %+v", ledger.Records)
			}

			// 作废 gives the components back.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"process/"+id+"/cancel", nil))
			wantFulfillable(t, c, w.ID, m, 20)
			wantFulfillable(t, c, w.ID, label, 20)
			wantFulfillable(t, c, w.ID, kit, 0)
			if p := list[ledgerLine](t, c, "stock/ledger", map[string]any{"docNumber": number}); p.Total != 6 {
				t.Fatalf("ledger after the cancel = %d lines", p.Total)
			}

			// Short of a component: refused naming it, nothing moved.
			short, _ := submittedProcess(t, c, w.ID, kit, 11, "")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"process/"+short+"/approve", nil), 400, "B0001", "组件库存不足：SKU M-2 可用库存 20，需用 22")
			wantFulfillable(t, c, w.ID, label, 20)
			wantFulfillable(t, c, w.ID, m, 20)
			ledgerAgrees(t, h)
		})
	}
}
