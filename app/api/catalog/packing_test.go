package catalog_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

type packingLine struct {
	MaterialID, SKU, Name, Image, KindName, Per string
	Kind, Quantity                              int
}

// 包材用量: a product's 物料/耗材/包材 per unit or per carton, replaced whole, checked line by line in Chinese with
// nothing changed, of the company's own products only, kept by those who may edit products.
func TestPackingIsKeptPerUnitOrPerCarton(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			mug := create(t, c, "/material", map[string]string{"sku": "MUG-1", "name": "马克杯", "cartonUnits": "24"})
			other := create(t, c, "/material", map[string]string{"sku": "MUG-2", "name": "茶杯"})
			box := create(t, c, "/base/package", map[string]string{"sku": "BOX-1", "name": "纸箱"})
			bag := create(t, c, "/base/package", map[string]string{"sku": "BAG-1", "name": "气泡袋"})
			tape := create(t, c, "/base/consumable", map[string]string{"sku": "TAPE-1", "name": "封箱胶带"})
			resin := create(t, c, "/base/material", map[string]string{"sku": "RESIN-1", "name": "树脂颗粒"})
			path := v1 + "/material/" + mug + "/packing"
			choices := func(c *apptest.Client, keyword string) string {
				t.Helper()
				var out []string
				for _, m := range into[[]struct{ ID, SKU, Name, KindName string }](t, c.Call(http.MethodGet, v1+"/material/packing/choices?keyword="+keyword, nil)) {
					out = append(out, m.SKU+":"+m.KindName)
				}
				return strings.Join(out, ",")
			}
			if got := choices(c, ""); got != "BAG-1:包材,BOX-1:包材,RESIN-1:物料,TAPE-1:耗材" {
				t.Fatalf("choices = %s", got)
			}
			if got := choices(c, "%E8%83%B6%E5%B8%A6"); got != "TAPE-1:耗材" {
				t.Fatalf("choices of 胶带 = %s", got)
			}

			if got := into[[]packingLine](t, c.Call(http.MethodGet, path, nil)); len(got) != 0 {
				t.Fatalf("no packing yet = %+v", got)
			}
			saved := into[[]packingLine](t, c.Call(http.MethodPut, path, map[string]any{"lines": []map[string]any{
				{"materialId": box, "quantity": 1, "per": "carton"}, {"materialId": tape, "quantity": 2, "per": "carton"},
				{"materialId": bag, "quantity": 1, "per": "unit"}, {"materialId": resin, "quantity": 3, "per": "unit"},
				{"materialId": bag, "quantity": 4, "per": "carton"},
			}}))
			want := []packingLine{
				{MaterialID: bag, SKU: "BAG-1", Name: "气泡袋", Kind: 3, KindName: "包材", Quantity: 1, Per: "unit"},
				{MaterialID: resin, SKU: "RESIN-1", Name: "树脂颗粒", Kind: 4, KindName: "物料", Quantity: 3, Per: "unit"},
				{MaterialID: bag, SKU: "BAG-1", Name: "气泡袋", Kind: 3, KindName: "包材", Quantity: 4, Per: "carton"},
				{MaterialID: box, SKU: "BOX-1", Name: "纸箱", Kind: 3, KindName: "包材", Quantity: 1, Per: "carton"},
				{MaterialID: tape, SKU: "TAPE-1", Name: "封箱胶带", Kind: 2, KindName: "耗材", Quantity: 2, Per: "carton"},
			}
			check := func(got []packingLine) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("packing = %+v", got)
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("line %d = %+v, want %+v", i, got[i], want[i])
					}
				}
			}
			check(saved)
			check(into[[]packingLine](t, c.Call(http.MethodGet, path, nil)))

			line := func(l map[string]any) map[string]any {
				return map[string]any{"lines": []map[string]any{{"materialId": bag, "quantity": 1, "per": "unit"}, l}}
			}
			for _, tc := range []struct {
				body any
				msg  string
			}{
				{line(map[string]any{"materialId": other, "quantity": 1, "per": "unit"}), "第2行：请选择物料、耗材或包材"},
				{line(map[string]any{"materialId": "", "quantity": 1, "per": "unit"}), "第2行：请选择物料、耗材或包材"},
				{line(map[string]any{"materialId": "123", "quantity": 1, "per": "unit"}), "第2行：请选择物料、耗材或包材"},
				{line(map[string]any{"materialId": mug, "quantity": 1, "per": "unit"}), "第2行：包材不能是产品本身"},
				{line(map[string]any{"materialId": box, "quantity": 0, "per": "unit"}), "第2行：用量必须为1到10000的整数"},
				{line(map[string]any{"materialId": box, "quantity": -2, "per": "carton"}), "第2行：用量必须为1到10000的整数"},
				{line(map[string]any{"materialId": box, "quantity": 10001, "per": "carton"}), "第2行：用量必须为1到10000的整数"},
				{line(map[string]any{"materialId": box, "quantity": 1, "per": "pallet"}), "第2行：计量方式应为按件或按箱"},
				{line(map[string]any{"materialId": bag, "quantity": 2, "per": "unit"}), "第2行：同一包材的按件或按箱用量重复"},
			} {
				apptest.Expect(t, c.Call(http.MethodPut, path, tc.body), http.StatusBadRequest, "A0400", tc.msg)
			}
			many := make([]map[string]any, 51)
			for i := range many {
				many[i] = map[string]any{"materialId": box, "quantity": 1, "per": "unit"}
			}
			apptest.Expect(t, c.Call(http.MethodPut, path, map[string]any{"lines": many}), http.StatusBadRequest, "A0400", "包材不能超过50行")
			check(into[[]packingLine](t, c.Call(http.MethodGet, path, nil)))

			// A material in use is not deleted; the product's own packing goes with it.
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"/material/"+tape, nil), http.StatusBadRequest, "B0001", "该产品已用作其他产品的包材，不能删除")
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"/material/"+other+"/packing", map[string]any{"lines": []map[string]any{
				{"materialId": tape, "quantity": 1, "per": "unit"}}}))
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"/material/"+other, nil))

			// No lines clears it.
			if got := into[[]packingLine](t, c.Call(http.MethodPut, path, map[string]any{"lines": []any{}})); len(got) != 0 {
				t.Fatalf("cleared = %+v", got)
			}

			// Another company neither reads nor changes it, nor uses its materials.
			b := h.SignedIn("13700000001", "乙公司")
			apptest.Expect(t, b.Call(http.MethodGet, path, nil), http.StatusNotFound, "A0404", "产品不存在")
			apptest.Expect(t, b.Call(http.MethodPut, path, map[string]any{"lines": []any{}}), http.StatusNotFound, "A0404", "产品不存在")
			if got := choices(b, ""); got != "" {
				t.Fatalf("another company's choices = %s", got)
			}
			own := create(t, b, "/material", map[string]string{"sku": "B-1", "name": "乙的杯子"})
			apptest.Expect(t, b.Call(http.MethodPut, v1+"/material/"+own+"/packing", map[string]any{"lines": []map[string]any{
				{"materialId": box, "quantity": 1, "per": "unit"}}}), http.StatusBadRequest, "A0400", "第1行：请选择物料、耗材或包材")
		})
	}
}

// Reading a product's packing needs a session, as reading the product does; keeping it needs 编辑产品.
func TestPackingNeedsProductEdit(t *testing.T) {
	h := apptest.Start(t)
	a := admin(t, h)
	mug := create(t, a, "/material", map[string]string{"sku": "PK-MUG", "name": "马克杯"})
	box := create(t, a, "/base/package", map[string]string{"sku": "PK-BOX", "name": "纸箱"})
	body := map[string]any{"lines": []map[string]any{{"materialId": box, "quantity": 1, "per": "carton"}}}
	viewer, _ := h.RestrictedUser("13900000058", []string{"product.localproduct"}, []string{"erp:material:add"})
	apptest.Expect(t, viewer.Call(http.MethodPut, v1+"/material/"+mug+"/packing", body), http.StatusUnauthorized, "A0301", msgNoGrant)
	apptest.ExpectOK(t, viewer.Call(http.MethodGet, v1+"/material/"+mug+"/packing", nil))
	editor, _ := h.RestrictedUser("13900000059", []string{"product.localproduct"}, []string{"erp:material:edit"})
	if got := into[[]packingLine](t, editor.Call(http.MethodPut, v1+"/material/"+mug+"/packing", body)); len(got) != 1 || got[0].Per != "carton" {
		t.Fatalf("saved by an editor = %+v", got)
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, v1+"/material/"+mug+"/packing", nil), http.StatusForbidden, "A0231", "token已被禁止访问")
}
