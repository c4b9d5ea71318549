package catalog_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/models/dbtest"
)

// sheet builds an .xlsx whose first sheet holds rows.
func sheet(t *testing.T, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// download fetches an .xlsx answer and reads its first sheet.
func download(t *testing.T, c *apptest.Client, path string) [][]string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, v1+path, "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheetml") {
		t.Fatalf("%s: %d %s %s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

var header = []any{"SKU*", "产品名称*", "品牌", "分类", "供应商", "类型", "单价(元)", "重量(kg)", "长(cm)", "宽(cm)", "高(cm)",
	"单箱数量", "箱重(kg)", "箱长(cm)", "箱宽(cm)", "箱高(cm)", "备注"}

func TestProductsImportAllOrNothingAndExportTheQuery(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	create(t, c, "/brand", map[string]string{"name": "Anker"})
	create(t, c, "/category", map[string]any{"name": "耳机"})
	create(t, c, "/supplier", map[string]string{"name": "深圳工厂"})
	create(t, c, "/material", map[string]string{"sku": "OLD-1", "name": "已有产品"})

	tpl := download(t, c, "/material/importTemplate")
	if len(tpl) != 1 || strings.Join(tpl[0], ",") != "SKU*,产品名称*,品牌,分类,供应商,类型,单价(元),重量(kg),长(cm),宽(cm),高(cm),单箱数量,箱重(kg),箱长(cm),箱宽(cm),箱高(cm),备注" {
		t.Fatalf("template = %v", tpl)
	}

	bad := sheet(t, [][]any{header,
		{"NEW-1", "耳机一号", "Anker", "耳机", "深圳工厂", "产品", 19.9, 0.2, 10, 8, 3, 24, 5, 40, 30, 20, "好"},
		{"NEW-2", "", "Anker"},
		{},
		{"NEW-3", "无名品牌", "Sony"},
		{"OLD-1", "重复的"},
		{"NEW-1", "文件内重复"},
		{"NEW-6", "价格不对", "", "", "", "", "abc"},
		{"NEW 9", "", "Sony", "", "", "", "-1"},
	})
	env := multipartCall(t, c, "/material/import", "products.xlsx", bad)
	apptest.Expect(t, env, http.StatusBadRequest, "A0400", "导入失败，共6行9处有误，未导入任何产品：第3行 产品名称：产品名称不能为空；"+
		"第5行 品牌：品牌“Sony”不存在；第6行 SKU：SKU“OLD-1”已存在，请更换；第7行 SKU“NEW-1”：与第2行重复；"+
		"第8行 单价(元)“abc”：单价(元)必须是数字；第9行 产品名称：产品名称不能为空；第9行 SKU“NEW 9”："+catalog.MsgSKUSpace+"；"+
		"第9行 单价(元)“-1”：单价(元)必须是数字；第9行 品牌：品牌“Sony”不存在")
	// Every problem of every row comes as data too, for the import dialog's table.
	var problems []struct {
		Row                int
		Column, Value, Why string
	}
	env.Into(t, &problems)
	if len(problems) != 9 || problems[5].Row != 9 || problems[6].Column != "SKU" || problems[6].Value != "NEW 9" ||
		problems[8].Why != "品牌“Sony”不存在" {
		t.Fatalf("problems = %+v", problems)
	}
	if got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{})); got.Total != 1 {
		t.Fatalf("a refused import added products: %d", got.Total)
	}

	good := sheet(t, [][]any{append([]any{"其他列"}, header...),
		{"忽略", "NEW-1", "耳机一号", "Anker", "耳机", "深圳工厂", "产品", 19.9, 0.2, 10, 8, 3, 24, 5, 40, 30, 20, "好"},
		{"", "NEW-2", "包装盒", "", "", "", "包材"},
	})
	env = multipartCall(t, c, "/material/import", "products.xlsx", good)
	if got := into[map[string]int](t, env); got["count"] != 2 {
		t.Fatalf("import = %v", got)
	}
	imported := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{"keyword": "NEW-1"})).Records[0]
	if imported.Brand != "Anker" || imported.Category != "耳机" || imported.Supplier != "深圳工厂" || imported.Price != "19.90" ||
		imported.CartonSpec != "单箱24个, 重5kg, 40*30*20cm" || imported.Remark != "好" || imported.Weight != "0.2" {
		t.Fatalf("imported = %+v", imported)
	}

	rows := download(t, c, "/material/export?keyword=NEW&sort=sku&order=asc")
	if len(rows) != 3 || rows[0][0] != "SKU*" || rows[0][17] != "状态" || rows[0][18] != "创建时间" ||
		strings.Join(rows[1][:17], ",") != "NEW-1,耳机一号,Anker,耳机,深圳工厂,产品,19.9,0.2,10,8,3,24,5,40,30,20,好" ||
		rows[2][0] != "NEW-2" || rows[2][5] != "包材" || rows[1][17] != "启用" {
		t.Fatalf("export = %v", rows)
	}
	// The export imports again once its SKUs are new.
	for _, r := range rows[1:] {
		r[0] += "-COPY"
	}
	again := make([][]any, len(rows))
	for i, r := range rows {
		for _, v := range r {
			again[i] = append(again[i], v)
		}
	}
	if got := into[map[string]int](t, multipartCall(t, c, "/material/import", "again.xlsx", sheet(t, again))); got["count"] != 2 {
		t.Fatalf("import of the export = %v", got)
	}

	apptest.Expect(t, multipartCall(t, c, "/material/import", "a.xlsx", []byte("not a spreadsheet")), http.StatusBadRequest, "A0400", catalog.MsgImportFileBad)
	apptest.Expect(t, multipartCall(t, c, "/material/import", "a.xlsx", sheet(t, [][]any{{"名称", "备注"}, {"x", "y"}})), http.StatusBadRequest, "A0400", catalog.MsgImportFileBad)
	apptest.Expect(t, multipartCall(t, c, "/material/import", "a.xlsx", sheet(t, [][]any{header})), http.StatusBadRequest, "A0400", catalog.MsgImportEmpty)
	many := [][]any{header}
	for i := 0; i <= 5000; i++ {
		many = append(many, []any{"S", "n"})
	}
	apptest.Expect(t, multipartCall(t, c, "/material/import", "a.xlsx", sheet(t, many)), http.StatusBadRequest, "A0400", catalog.MsgImportTooMany)
	resp, body := c.Raw(http.MethodPost, v1+"/material/import", "application/json", strings.NewReader("{}"))
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), catalog.MsgImportFileBad) {
		t.Fatalf("import without a file: %d %s", resp.StatusCode, body)
	}
}

func TestProductsImportUpdatesExistingSKUsWhenAsked(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			create(t, c, "/brand", map[string]string{"name": "Anker"})
			create(t, c, "/material", map[string]string{"sku": "OLD-1", "name": "旧名称", "remark": "旧备注"})
			rows := sheet(t, [][]any{header,
				{"OLD-1", "新名称", "Anker", "", "", "包材", 5, "", "", "", "", "", "", "", "", "", "新备注"},
				{"NEW-1", "新产品"},
			})

			// Without 更新已有产品 the existing SKU is refused, its row named, and nothing is written.
			apptest.Expect(t, multipartCall(t, c, "/material/import", "p.xlsx", rows), http.StatusBadRequest, "A0400",
				"导入失败，共1行1处有误，未导入任何产品：第2行 SKU：SKU“OLD-1”已存在，请更换")
			if got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{})); got.Total != 1 {
				t.Fatalf("a refused import added products: %d", got.Total)
			}

			// With it the existing product is updated and the new one added.
			got := into[map[string]int](t, multipartForm(t, c, "/material/import", "p.xlsx", rows, map[string]string{"update": "true"}))
			if got["count"] != 2 || got["updated"] != 1 {
				t.Fatalf("import = %v", got)
			}
			all := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{"sort": "sku", "order": "asc"}))
			if all.Total != 2 {
				t.Fatalf("products = %+v", all.Records)
			}
			for _, p := range all.Records {
				switch p.SKU {
				case "OLD-1":
					if p.Name != "新名称" || p.Brand != "Anker" || p.KindName != "包材" || p.Price != "5.00" || p.Remark != "新备注" {
						t.Fatalf("updated = %+v", p)
					}
				case "NEW-1":
					if p.Name != "新产品" {
						t.Fatalf("created = %+v", p)
					}
				default:
					t.Fatalf("unexpected product %+v", p)
				}
			}

			// A SKU twice in the sheet stays refused even when updating.
			twice := sheet(t, [][]any{header, {"OLD-1", "甲"}, {"OLD-1", "乙"}})
			apptest.Expect(t, multipartForm(t, c, "/material/import", "p.xlsx", twice, map[string]string{"update": "true"}), http.StatusBadRequest, "A0400",
				"导入失败，共1行1处有误，未导入任何产品：第3行 SKU“OLD-1”：与第2行重复")
		})
	}
}

func TestProductsImportTemplateHasAnExampleAndTheAllowedValues(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			create(t, c, "/brand", map[string]string{"name": "Anker"})
			create(t, c, "/category", map[string]any{"name": "耳机"})
			create(t, c, "/supplier", map[string]string{"name": "深圳工厂"})

			resp, body := c.Raw(http.MethodGet, v1+"/material/importTemplate", "", nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("template: %d %s", resp.StatusCode, body)
			}
			f, err := excelize.OpenReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			first, _ := f.GetRows(f.GetSheetName(0))
			if len(first) != 1 || first[0][0] != "SKU*" || len(first[0]) != len(header) {
				t.Fatalf("first sheet = %v", first)
			}
			help, err := f.GetRows(core.TemplateHelpSheet)
			if err != nil {
				t.Fatal(err)
			}
			text := fmt.Sprint(help)
			for _, want := range []string{"示例", "SKU*", "EAR-001", "降噪蓝牙耳机", "可填的值", "类型", "产品", "耗材", "包材", "品牌", "Anker", "分类", "耳机", "供应商", "深圳工厂"} {
				if !strings.Contains(text, want) {
					t.Fatalf("help sheet lacks %q: %v", want, help)
				}
			}

			// The untouched template imports nothing.
			apptest.Expect(t, multipartCall(t, c, "/material/import", "模板.xlsx", body), http.StatusBadRequest, "A0400", catalog.MsgImportEmpty)
			if got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{})); got.Total != 0 {
				t.Fatalf("the template added products: %d", got.Total)
			}
		})
	}
}
