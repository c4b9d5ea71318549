package stock_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

type bin struct {
	ID, WarehouseID, WarehouseName, Code, Zone, Remark string
	Disabled                                           bool
	ProductCount, Units                                int
}

type binStockRow struct {
	WarehouseID, BinID, BinCode, ProductID, SKU string
	Quantity                                    int
}

func createBin(t *testing.T, c *apptest.Client, warehouseID, code string) bin {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"bin", map[string]any{"warehouseId": warehouseID, "code": code})
	apptest.ExpectOK(t, env)
	var b bin
	env.Into(t, &b)
	return b
}

func moveBins(c *apptest.Client, warehouseID string, lines ...map[string]any) apptest.Envelope {
	return c.Call(http.MethodPost, v1+"bin/move", map[string]any{"warehouseId": warehouseID, "lines": lines})
}

func binUnits(t *testing.T, c *apptest.Client, warehouseID string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, r := range list[binStockRow](t, c, "binStock/page", map[string]any{"warehouseId": warehouseID, "pagesize": 100}).Records {
		out[r.BinCode+" "+r.SKU] = r.Quantity
	}
	return out
}

// A keeper makes bins, puts received units away, moves them between bins and ships without naming a bin: every
// bin and the units waiting to be put away add up to the fulfillable stock, and wrong input is refused in Chinese
// with nothing moved.
func TestBinsPutAwayMoveAndShip(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			fba := createWarehouse(t, c, "FBA仓", map[string]any{"kind": "fba"})
			a := product(t, h, "13700000001", "A-1")
			approvedDoc(t, c, "inbound", w.ID, line{a, 10})

			apptest.Expect(t, c.Call(http.MethodPost, v1+"bin", map[string]any{"warehouseId": w.ID, "code": "A 01"}), 400, "A0400", "库位编码只能包含字母、数字、-、_ 和 .，如 A-01-02-03")
			apptest.Expect(t, c.Call(http.MethodPost, v1+"bin", map[string]any{"warehouseId": fba.ID, "code": "A-01"}), 400, "B0001", "FBA仓的库存在亚马逊，不能设置库位")
			b1 := createBin(t, c, w.ID, "a-01-01-01")
			if b1.Code != "A-01-01-01" || b1.WarehouseName != "深圳仓" {
				t.Fatalf("bin = %+v", b1)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"bin", map[string]any{"warehouseId": w.ID, "code": "A-01-01-01"}), 400, "B0001", "库位编码 A-01-01-01 已存在")
			env := c.Call(http.MethodPost, v1+"bin/batch", map[string]any{"warehouseId": w.ID, "zone": "a", "rowFrom": 1, "rowTo": 1,
				"levelFrom": 1, "levelTo": 2, "binFrom": 1, "binTo": 2})
			apptest.ExpectOK(t, env)
			var made struct{ Created int }
			env.Into(t, &made)
			if made.Created != 3 { // A-01-01-01 was there
				t.Fatalf("batch made %d", made.Created)
			}
			bins := list[bin](t, c, "bin/page", map[string]any{"warehouseId": w.ID})
			if bins.Total != 4 || bins.Records[1].Code != "A-01-01-02" {
				t.Fatalf("bins = %+v", bins.Records)
			}
			b2 := bins.Records[3] // A-01-02-02

			// All 10 wait to be put away.
			if u := binUnits(t, c, w.ID); u["待上架 A-1"] != 10 || len(u) != 1 {
				t.Fatalf("before put-away: %v", u)
			}
			apptest.Expect(t, moveBins(c, w.ID, map[string]any{"productId": a, "toBinId": b1.ID, "quantity": 11}), 400, "B0001", "SKU A-1 待上架只有10件，不能上架11件")
			apptest.Expect(t, moveBins(c, w.ID, map[string]any{"productId": a, "toBinId": b1.ID, "quantity": 0}), 400, "A0400", "第1行：数量必须为1到1000000的整数")
			env = moveBins(c, w.ID, map[string]any{"productId": a, "toBinId": b1.ID, "quantity": 6})
			apptest.ExpectOK(t, env)
			var moved struct{ Number string }
			env.Into(t, &moved)
			if !strings.HasPrefix(moved.Number, "YK") {
				t.Fatalf("move number %q", moved.Number)
			}
			apptest.Expect(t, moveBins(c, w.ID, map[string]any{"productId": a, "fromBinId": b1.ID, "toBinId": b2.ID, "quantity": 7}), 400, "B0001", "库位 A-01-01-01 的 SKU A-1 只有6件，不能移出7件")
			apptest.ExpectOK(t, moveBins(c, w.ID, map[string]any{"productId": a, "fromBinId": b1.ID, "toBinId": b2.ID, "quantity": 2}))
			if u := binUnits(t, c, w.ID); u["待上架 A-1"] != 4 || u["A-01-01-01 A-1"] != 4 || u["A-01-02-02 A-1"] != 2 {
				t.Fatalf("after the moves: %v", u)
			}
			// A bin holding units is not deleted.
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"bin/"+b1.ID, nil), 400, "B0001", "库位 A-01-01-01 还有库存，请先移出再删除")
			// Shipping 7 without a bin: the 4 waiting, then 3 of A-01-01-01.
			approvedDoc(t, c, "outbound", w.ID, line{a, 7})
			wantFulfillable(t, c, w.ID, a, 3)
			if u := binUnits(t, c, w.ID); u["待上架 A-1"] != 0 || u["A-01-01-01 A-1"] != 1 || u["A-01-02-02 A-1"] != 2 {
				t.Fatalf("after the outbound: %v", u)
			}
			// A disabled bin takes no units.
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"bin/"+b1.ID, map[string]any{"code": "A-01-01-01", "disabled": true}))
			apptest.Expect(t, moveBins(c, w.ID, map[string]any{"productId": a, "fromBinId": b2.ID, "toBinId": b1.ID, "quantity": 1}), 400, "B0001", "库位 A-01-01-01 已停用，不能放入库存")
			// The ledger tells the moves apart by document.
			type binLine struct {
				BinCode, DocTypeName string
				BinChange            int
			}
			ledger := list[binLine](t, c, "stock/ledger", map[string]any{"docNumber": moved.Number})
			if ledger.Total != 1 || ledger.Records[0].BinCode != "A-01-01-01" || ledger.Records[0].BinChange != 6 || ledger.Records[0].DocTypeName != "上架" {
				t.Fatalf("put-away ledger = %+v", ledger.Records)
			}
			// Another company sees none of it.
			o := h.SignedIn("13700000002", "乙公司")
			if p := list[bin](t, o, "bin/page", nil); p.Total != 0 {
				t.Fatalf("乙 sees %d bins", p.Total)
			}
			apptest.Expect(t, o.Call(http.MethodGet, v1+"bin/"+b1.ID, nil), 404, "A0404", "库位不存在")
			apptest.Expect(t, moveBins(o, w.ID, map[string]any{"productId": a, "fromBinId": b2.ID, "toBinId": b1.ID, "quantity": 1}), 400, "A0400", "仓库不存在")
			// An empty bin is deleted.
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"bin/"+bins.Records[1].ID, nil))
		})
	}
}

// A stocktake of some bins counts each product per bin, scanned with the bin's code; posting moves each bin's
// difference in the bin and the fulfillable stock; its printed sheet lists the lines by bin.
func TestAStocktakeOfBinsCountsPerBin(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			a := product(t, h, "13700000001", "A-1")
			b := product(t, h, "13700000001", "B-2")
			approvedDoc(t, c, "inbound", w.ID, line{a, 10}, line{b, 5})
			x := createBin(t, c, w.ID, "X-01")
			y := createBin(t, c, w.ID, "Y-01")
			z := createBin(t, c, w.ID, "Z-01")
			apptest.ExpectOK(t, moveBins(c, w.ID, map[string]any{"productId": a, "toBinId": y.ID, "quantity": 6},
				map[string]any{"productId": a, "toBinId": x.ID, "quantity": 3}, map[string]any{"productId": b, "toBinId": z.ID, "quantity": 5}))

			apptest.Expect(t, c.Call(http.MethodPost, v1+"stocktake", map[string]any{"warehouseId": w.ID, "scope": "bins"}), 400, "A0400", "请选择要盘点的库位")
			env := c.Call(http.MethodPost, v1+"stocktake", map[string]any{"warehouseId": w.ID, "scope": "bins", "binIds": []string{y.ID, x.ID}})
			apptest.ExpectOK(t, env)
			var d struct{ ID, Number string }
			env.Into(t, &d)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+d.ID+"/start", nil))
			st := getStocktake(t, c, d.ID)
			if len(st.Lines) != 2 {
				t.Fatalf("lines = %+v", st.Lines)
			}
			// A is frozen everywhere in the warehouse; B (only in Z) is not.
			apptest.Expect(t, moveBins(c, w.ID, map[string]any{"productId": a, "toBinId": z.ID, "quantity": 1}), 400, "B0001", "SKU A-1 正在盘点（盘点单 "+d.Number+"），盘点结束前不能出入库")
			apptest.ExpectOK(t, moveBins(c, w.ID, map[string]any{"productId": b, "fromBinId": z.ID, "toBinId": x.ID, "quantity": 0 + 1}))

			scan := func(bin, code string) apptest.Envelope {
				return c.Call(http.MethodPost, v1+"stocktake/"+d.ID+"/scan", map[string]any{"code": code, "binCode": bin})
			}
			apptest.Expect(t, scan("", "A-1"), 400, "A0400", "按库位盘点请先扫描或选择库位")
			apptest.Expect(t, scan("Q-9", "A-1"), 400, "A0400", "库位 Q-9 不存在")
			apptest.Expect(t, scan("Z-01", "A-1"), 400, "B0001", "库位 Z-01 不在本盘点单中")
			for range 4 { // Y-01 holds 4 of its 6
				apptest.ExpectOK(t, scan("y-01", "A-1"))
			}
			// 3 A-1 counted as 5, and B-2 found there (1 moved in after the start: its book is 1).
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"stocktake/"+d.ID+"/counts", map[string]any{"lines": []map[string]any{
				{"productId": a, "binId": x.ID, "counted": 5}}}))
			apptest.ExpectOK(t, scan("X-01", "B-2"))

			resp, body := c.Raw(http.MethodGet, "/stocktake/print?id="+d.ID, "", nil)
			sheet := string(body)
			if resp.StatusCode != 200 || !strings.Contains(sheet, "盘点表") || !strings.Contains(sheet, d.Number) ||
				strings.Index(sheet, "X-01") > strings.Index(sheet, "Y-01") || !strings.Contains(sheet, "按库位盘点") {
				t.Fatalf("sheet %d: %s", resp.StatusCode, sheet)
			}

			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+d.ID+"/post", nil))
			// A: Y 6→4, X 3→5: fulfillable 10 − 2 + 2 = 10; B unchanged at 5 (counted 1 of book 1).
			wantFulfillable(t, c, w.ID, a, 10)
			wantFulfillable(t, c, w.ID, b, 5)
			if u := binUnits(t, c, w.ID); u["Y-01 A-1"] != 4 || u["X-01 A-1"] != 5 || u["待上架 A-1"] != 1 || u["X-01 B-2"] != 1 || u["Z-01 B-2"] != 4 {
				t.Fatalf("after posting: %v", u)
			}
			// Cancelling it moves both bins back.
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"stocktake/"+d.ID+"/cancel", nil))
			if u := binUnits(t, c, w.ID); u["Y-01 A-1"] != 6 || u["X-01 A-1"] != 3 {
				t.Fatalf("after cancelling: %v", u)
			}
			// Another company's user cannot print it.
			o := h.SignedIn("13700000002", "乙公司")
			if resp, _ := o.Raw(http.MethodGet, "/stocktake/print?id="+d.ID, "", nil); resp.StatusCode != 404 {
				t.Fatalf("乙 printing: %d", resp.StatusCode)
			}
		})
	}
}

// The label sheet prints a QR code of each chosen enabled bin's code (every enabled bin when none is chosen),
// without a script; an FBA warehouse has no bins to label and another company's warehouse is not found.
func TestBinLabelsPrint(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			fba := createWarehouse(t, c, "FBA仓", map[string]any{"kind": "fba"})
			b1 := createBin(t, c, w.ID, "B-01")
			createBin(t, c, w.ID, "A-01")
			off := createBin(t, c, w.ID, "C-01")
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"bin/"+off.ID, map[string]any{"code": "C-01", "disabled": true}))

			resp, body := c.Raw(http.MethodGet, "/bin/print?warehouseId="+w.ID, "", nil)
			sheet := string(body)
			if resp.StatusCode != 200 || !strings.Contains(sheet, "库位标签") || strings.Count(sheet, `class="label"`) != 2 ||
				strings.Index(sheet, "A-01") > strings.Index(sheet, "B-01") || strings.Contains(sheet, "C-01") ||
				strings.Count(sheet, "data:image/svg+xml,") != 2 {
				t.Fatalf("all labels %d: %s", resp.StatusCode, sheet)
			}
			_, body = c.Raw(http.MethodGet, "/bin/print?warehouseId="+w.ID+"&ids="+b1.ID+","+off.ID, "", nil)
			if sheet = string(body); strings.Count(sheet, `class="label"`) != 1 || !strings.Contains(sheet, "B-01") || strings.Contains(sheet, "C-01") {
				t.Fatalf("chosen labels: %s", sheet)
			}
			if resp, body := c.Raw(http.MethodGet, "/bin/print?warehouseId="+fba.ID, "", nil); resp.StatusCode != 200 || strings.Contains(string(body), `class="label"`) {
				t.Fatalf("FBA labels %d: %s", resp.StatusCode, body)
			}
			o := h.SignedIn("13700000002", "乙公司")
			if resp, _ := o.Raw(http.MethodGet, "/bin/print?warehouseId="+w.ID, "", nil); resp.StatusCode == 200 || resp.StatusCode >= 500 {
				t.Fatalf("乙 printing: %d", resp.StatusCode)
			}
		})
	}
}

// An inbound document's lines name the bins they are put away into at approval (a product's usual bin proposed);
// a line with none waits 待上架; cancelling takes the units back out of the bin, refused while they are elsewhere.
func TestInboundPutsAwayAtReceipt(t *testing.T) {
	for _, kind := range databases {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			w := createWarehouse(t, c, "深圳仓", nil)
			other := createWarehouse(t, c, "东莞仓", nil)
			a, b := product(t, h, "13700000001", "A-1"), product(t, h, "13700000001", "B-2")
			x, y, z := createBin(t, c, w.ID, "X-01"), createBin(t, c, w.ID, "Y-01"), createBin(t, c, other.ID, "Z-01")
			body := func(binA string) map[string]any {
				return map[string]any{"warehouseId": w.ID, "lines": []map[string]any{
					{"productId": a, "quantity": 5, "binId": binA}, {"productId": b, "quantity": 3}}}
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound", body(z.ID)), 400, "A0400", "第1行：库位不属于所选仓库")
			env := c.Call(http.MethodPost, v1+"inbound", body(x.ID))
			apptest.ExpectOK(t, env)
			var d struct{ ID string }
			env.Into(t, &d)
			var detail struct {
				Lines []struct{ SKU, BinID, BinCode string }
			}
			c.Call(http.MethodGet, v1+"inbound/"+d.ID, nil).Into(t, &detail)
			if detail.Lines[0].BinCode != "X-01" || detail.Lines[0].BinID != x.ID || detail.Lines[1].BinCode != "" {
				t.Fatalf("lines %+v", detail.Lines)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+d.ID+"/submit", nil))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+d.ID+"/approve", nil))
			if u := binUnits(t, c, w.ID); u["X-01 A-1"] != 5 || u["待上架 B-2"] != 3 || len(u) != 2 {
				t.Fatalf("after receipt: %v", u)
			}
			wantFulfillable(t, c, w.ID, a, 5)

			// The usual bin: where most units are; else where they last went in; none for a product never binned.
			e := product(t, h, "13700000001", "C-3")
			approvedDoc(t, c, "inbound", w.ID, line{e, 3})
			apptest.ExpectOK(t, moveBins(c, w.ID, map[string]any{"productId": e, "toBinId": y.ID, "quantity": 3}))
			approvedDoc(t, c, "outbound", w.ID, line{e, 3})
			var usual []struct{ ProductID, BinCode string }
			c.Call(http.MethodPost, v1+"bin/usual", map[string]any{"warehouseId": w.ID, "productIds": []string{a, b, e}}).Into(t, &usual)
			got := map[string]string{}
			for _, u := range usual {
				got[u.ProductID] = u.BinCode
			}
			if got[a] != "X-01" || got[e] != "Y-01" || len(got) != 2 {
				t.Fatalf("usual bins %v", got)
			}

			// Two moved to Y-01: the cancel cannot take five out of X-01 and says so; moved back, it can.
			apptest.ExpectOK(t, moveBins(c, w.ID, map[string]any{"productId": a, "fromBinId": x.ID, "toBinId": y.ID, "quantity": 2}))
			apptest.Expect(t, c.Call(http.MethodPost, v1+"inbound/"+d.ID+"/cancel", nil), 400, "B0001", "库位 X-01 的 SKU A-1 只有3件，不能移出5件")
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"bin/"+x.ID, nil), 400, "B0001", "库位 X-01 还有库存，请先移出再删除")
			apptest.ExpectOK(t, moveBins(c, w.ID, map[string]any{"productId": a, "fromBinId": y.ID, "toBinId": x.ID, "quantity": 2}))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"inbound/"+d.ID+"/cancel", nil))
			wantFulfillable(t, c, w.ID, a, 0)
			if u := binUnits(t, c, w.ID); len(u) != 0 {
				t.Fatalf("after cancelling: %v", u)
			}
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"bin/"+x.ID, nil), 400, "B0001", "库位 X-01 已用于入库单，不能删除，可停用")

			// 移库记录: every line of the put-aways and moves, newest first, with the bins, who and when.
			type moveLine struct {
				Number, KindName, SKU, FromBin, ToBin, Operator, CreatedAt string
				Quantity                                                   int
			}
			var lines []string
			moves := list[moveLine](t, c, "binMove/page", map[string]any{"warehouseId": w.ID, "pagesize": 50})
			for _, m := range moves.Records {
				if m.Operator == "" || m.CreatedAt == "" || !strings.HasPrefix(m.Number, "YK") {
					t.Fatalf("move line %+v", m)
				}
				lines = append(lines, fmt.Sprintf("%s %s %s>%s %d", m.KindName, m.SKU, m.FromBin, m.ToBin, m.Quantity))
			}
			if want := "移库 A-1 Y-01>X-01 2|移库 A-1 X-01>Y-01 2|上架 C-3 待上架>Y-01 3"; strings.Join(lines, "|") != want {
				t.Fatalf("move lines %q, want %q", strings.Join(lines, "|"), want)
			}
			if n := list[moveLine](t, c, "binMove/page", map[string]any{"kind": "putaway", "search": "C-3"}).Total; n != 1 {
				t.Fatalf("put-aways of C-3: %d", n)
			}
		})
	}
}
