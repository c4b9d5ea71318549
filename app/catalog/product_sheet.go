package catalog

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// The product sheet: the columns of the .xlsx import template, of the import and (with 状态 and 创建时间 after
// them) of the export, so that an exported sheet with new SKUs imports again. Brand, category and supplier go by
// name; a required column's title ends in *.

// Messages of the import.
const (
	MsgImportFileBad    = "文件格式不正确，请使用导入模板（.xlsx）"
	MsgImportEmpty      = "文件中没有产品数据"
	MsgImportTooMany    = "一次最多导入5000行"
	MsgImportRace       = "导入时有相同SKU的产品被同时添加，未导入任何产品，请重新导入"
	msgImportFailed     = "导入失败，共%d行%d处有误，未导入任何产品："
	msgImportSKUTwice   = "与第%d行重复"
	msgImportNameAbsent = "%s“%s”不存在"
	msgImportCategory2  = "有多个名为“%s”的分类，请先改名"
	// importRowsLimit bounds one import: a bigger catalogue goes in several files.
	importRowsLimit = 5000
)

// importRow is one row of the sheet: the product form and its references by name.
type importRow struct {
	ProductForm
	Brand, Category, Supplier string
	// cells are the row's values by column (the title without its *), as the problems quote them.
	cells map[string]string
}

// SheetColumn is one column of the product sheet: its title, how an exported product fills it, and how an
// imported row reads it.
type SheetColumn struct {
	Title string
	Value func(*catalogdb.ProductRow) any
	read  func(*importRow, string)
}

func decimalCell(d decimal.NullDecimal) any {
	if !d.Valid {
		return ""
	}
	return d.Decimal.InexactFloat64()
}

// ProductSheet are the product sheet's columns in their order.
var ProductSheet = []SheetColumn{
	{"SKU*", func(r *catalogdb.ProductRow) any { return r.SKU }, func(f *importRow, v string) { f.SKU = v }},
	{"产品名称*", func(r *catalogdb.ProductRow) any { return r.Name }, func(f *importRow, v string) { f.Name = v }},
	{"品牌", func(r *catalogdb.ProductRow) any { return r.BrandName }, func(f *importRow, v string) { f.Brand = v }},
	{"分类", func(r *catalogdb.ProductRow) any { return r.CategoryName }, func(f *importRow, v string) { f.Category = v }},
	{"供应商", func(r *catalogdb.ProductRow) any { return r.SupplierName }, func(f *importRow, v string) { f.Supplier = v }},
	{"类型", func(r *catalogdb.ProductRow) any { return KindName(r.Kind) }, func(f *importRow, v string) { f.Kind = v }},
	{"单价(元)", func(r *catalogdb.ProductRow) any { return decimalCell(r.Price) }, func(f *importRow, v string) { f.Price = v }},
	{"重量(kg)", func(r *catalogdb.ProductRow) any { return decimalCell(r.Weight) }, func(f *importRow, v string) { f.Weight = v }},
	{"长(cm)", func(r *catalogdb.ProductRow) any { return decimalCell(r.Length) }, func(f *importRow, v string) { f.Length = v }},
	{"宽(cm)", func(r *catalogdb.ProductRow) any { return decimalCell(r.Width) }, func(f *importRow, v string) { f.Width = v }},
	{"高(cm)", func(r *catalogdb.ProductRow) any { return decimalCell(r.Height) }, func(f *importRow, v string) { f.Height = v }},
	{"单箱数量", func(r *catalogdb.ProductRow) any {
		if r.CartonUnits == nil {
			return ""
		}
		return *r.CartonUnits
	}, func(f *importRow, v string) { f.CartonUnits = v }},
	{"箱重(kg)", func(r *catalogdb.ProductRow) any { return decimalCell(r.CartonWeight) }, func(f *importRow, v string) { f.CartonWeight = v }},
	{"箱长(cm)", func(r *catalogdb.ProductRow) any { return decimalCell(r.CartonLength) }, func(f *importRow, v string) { f.CartonLength = v }},
	{"箱宽(cm)", func(r *catalogdb.ProductRow) any { return decimalCell(r.CartonWidth) }, func(f *importRow, v string) { f.CartonWidth = v }},
	{"箱高(cm)", func(r *catalogdb.ProductRow) any { return decimalCell(r.CartonHeight) }, func(f *importRow, v string) { f.CartonHeight = v }},
	{"备注", func(r *catalogdb.ProductRow) any { return r.Remark }, func(f *importRow, v string) { f.Remark = v }},
}

// sheetKey is a title as the import matches it: without the required mark and spaces.
func sheetKey(title string) string {
	return strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(title), "*"), " ", "")
}

// readSheet reads the first sheet of an .xlsx file into rows by the product sheet's titles (columns it does not
// know are left alone), numbered as the spreadsheet numbers them. Empty rows are skipped; reading stops past
// importRowsLimit rows (core.SheetRows).
func readSheet(data []byte) ([]importRow, []int, error) {
	rows, err := core.SheetRows(bytes.NewReader(data), importRowsLimit, MsgImportFileBad, MsgImportTooMany)
	if err != nil {
		return nil, nil, err
	}
	if len(rows) == 0 {
		return nil, nil, core.Invalid(MsgImportFileBad)
	}
	readers := map[int]func(*importRow, string){}
	columns := map[int]string{}
	found := map[string]bool{}
	for i, title := range rows[0] {
		for _, c := range ProductSheet {
			if sheetKey(title) == sheetKey(c.Title) {
				readers[i], columns[i], found[sheetKey(c.Title)] = c.read, sheetKey(c.Title), true
			}
		}
	}
	if !found["SKU"] || !found["产品名称"] {
		return nil, nil, core.Invalid(MsgImportFileBad)
	}
	var out []importRow
	var lines []int
	for n, cells := range rows[1:] {
		if strings.TrimSpace(strings.Join(cells, "")) == "" {
			continue
		}
		r := importRow{cells: map[string]string{}}
		for i, v := range cells {
			if read := readers[i]; read != nil {
				read(&r, strings.TrimSpace(v))
				r.cells[columns[i]] = strings.TrimSpace(v)
			}
		}
		out = append(out, r)
		lines = append(lines, n+2)
	}
	if len(out) == 0 {
		return nil, nil, core.Invalid(MsgImportEmpty)
	}
	return out, lines, nil
}

// templateHelp is the product template's help text (core.TemplateHelpSheet).
const templateHelp = "在第一个工作表填写产品，每行一个；带 * 的列必填。下面是一行示例（不会被导入），以及类型、品牌、分类、供应商可填的值。"

var templateExample = []any{"EAR-001", "降噪蓝牙耳机", "", "", "", "产品", 19.9, 0.2, 10, 8, 3, 24, 5, 40, 30, 20, "示例"}

// ProductTemplate is the import template: the sheet's titles on the first sheet, and on a second the example
// row and the company's allowed values of 类型, 品牌, 分类 and 供应商, one list per column.
func (s *Service) ProductTemplate(ctx context.Context, p core.Principal) (*excelize.File, error) {
	db := s.db.With(ctx)
	brands, err := catalogdb.Brands(db, p.CompanyID, 1<<20)
	if err != nil {
		return nil, err
	}
	suppliers, err := catalogdb.Suppliers(db, p.CompanyID, 1<<20)
	if err != nil {
		return nil, err
	}
	categories, err := catalogdb.Categories(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	lists := [][]any{{"类型"}, {"品牌"}, {"分类"}, {"供应商"}}
	for _, k := range []int{catalogdb.ProductKindProduct, catalogdb.ProductKindConsumable, catalogdb.ProductKindPackage} {
		lists[0] = append(lists[0], ProductKinds[k])
	}
	for _, b := range brands {
		lists[1] = append(lists[1], b.Name)
	}
	for _, c := range categories {
		lists[2] = append(lists[2], c.Name)
	}
	for _, sp := range suppliers {
		lists[3] = append(lists[3], sp.Name)
	}
	titles := make([]string, len(ProductSheet))
	for i, c := range ProductSheet {
		titles[i] = c.Title
	}
	return core.ImportTemplate(titles, templateHelp, templateExample, lists)
}

// catalogNames are the company's brands, categories and suppliers by name, for the import.
type catalogNames struct {
	brands, suppliers map[string]int64
	categories        map[string][]int64
}

// lockCatalogNames reads the company's reference lists, locked so that none is deleted before the import lands.
func lockCatalogNames(tx *models.DB, companyID int64) (*catalogNames, error) {
	names := &catalogNames{brands: map[string]int64{}, suppliers: map[string]int64{}, categories: map[string][]int64{}}
	brands, err := catalogdb.Brands(tx.ForUpdate(), companyID, 1<<20)
	if err != nil {
		return nil, err
	}
	for _, b := range brands {
		names.brands[b.Name] = b.ID
	}
	suppliers, err := catalogdb.Suppliers(tx.ForUpdate(), companyID, 1<<20)
	if err != nil {
		return nil, err
	}
	for _, s := range suppliers {
		names.suppliers[s.Name] = s.ID
	}
	if err := catalogdb.LockCategories(tx, companyID); err != nil {
		return nil, err
	}
	categories, err := catalogdb.Categories(tx, companyID)
	if err != nil {
		return nil, err
	}
	for _, c := range categories {
		names.categories[c.Name] = append(names.categories[c.Name], c.ID)
	}
	return names, nil
}

// resolve sets the product's references from the row's names, and says which names are unknown.
func (n *catalogNames) resolve(r *importRow, m *catalogdb.LocalProduct) []core.FieldProblem {
	var problems []core.FieldProblem
	if r.Brand != "" {
		if id, ok := n.brands[r.Brand]; ok {
			m.BrandID = &id
		} else {
			problems = append(problems, core.FieldProblem{Column: "品牌", Why: fmt.Sprintf(msgImportNameAbsent, "品牌", r.Brand)})
		}
	}
	if r.Category != "" {
		switch ids := n.categories[r.Category]; len(ids) {
		case 0:
			problems = append(problems, core.FieldProblem{Column: "分类", Why: fmt.Sprintf(msgImportNameAbsent, "分类", r.Category)})
		case 1:
			m.CategoryID = &ids[0]
		default:
			problems = append(problems, core.FieldProblem{Column: "分类", Why: fmt.Sprintf(msgImportCategory2, r.Category)})
		}
	}
	if r.Supplier != "" {
		if id, ok := n.suppliers[r.Supplier]; ok {
			m.SupplierID = &id
		} else {
			problems = append(problems, core.FieldProblem{Column: "供应商", Why: fmt.Sprintf(msgImportNameAbsent, "供应商", r.Supplier)})
		}
	}
	return problems
}

// ImportResult is what an import did: the rows it read, and how many of them updated a product of the same SKU.
type ImportResult struct {
	Count   int `json:"count"`
	Updated int `json:"updated"`
}

// ImportProducts adds the products of an .xlsx sheet to the company, all of them or, when any row is wrong, none:
// the refusal names every wrong cell of every row (row, column, value, why; core.Problems). A row whose SKU the
// company already uses is wrong unless update is asked for (更新已有产品): then it rewrites that product's sheet
// columns, keeping its picture and status.
func (s *Service) ImportProducts(ctx context.Context, p core.Principal, data []byte, update bool) (ImportResult, error) {
	rows, lines, err := readSheet(data)
	if err != nil {
		return ImportResult{}, err
	}
	var updated int
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		names, err := lockCatalogNames(tx, p.CompanyID)
		if err != nil {
			return err
		}
		skus := make([]string, len(rows))
		for i := range rows {
			skus[i] = strings.TrimSpace(rows[i].SKU)
		}
		taken, err := catalogdb.LocalProductSKUsTaken(tx, p.CompanyID, skus)
		if err != nil {
			return err
		}
		var problems core.Problems
		firstLine := map[string]int{}
		products := make([]*catalogdb.LocalProduct, 0, len(rows))
		var changes []*catalogdb.LocalProduct
		now := s.now.Stamp()
		for i := range rows {
			m, wrong := rows[i].check()
			wrong = append(wrong, names.resolve(&rows[i], m)...)
			if m.SKU != "" && !slices.ContainsFunc(wrong, func(p core.FieldProblem) bool { return p.Column == "SKU" }) {
				if taken[m.SKU] && !update {
					wrong = append(wrong, core.FieldProblem{Column: "SKU", Why: MsgSKUTaken(m.SKU)})
				}
				if at, twice := firstLine[m.SKU]; twice {
					wrong = append(wrong, core.FieldProblem{Column: "SKU", Why: fmt.Sprintf(msgImportSKUTwice, at)})
				} else {
					firstLine[m.SKU] = lines[i]
				}
			}
			for _, w := range wrong {
				problems.Add(lines[i], w.Column, rows[i].cells[w.Column], w.Why)
			}
			if len(wrong) > 0 {
				continue
			}
			m.CompanyID, m.CreatedAt, m.UpdatedAt = p.CompanyID, now, now
			if taken[m.SKU] {
				changes = append(changes, m)
			} else {
				products = append(products, m)
			}
		}
		if len(problems) > 0 {
			return problems.Refusal(msgImportFailed)
		}
		// A product of one of these SKUs added while the import ran: not core.DuplicateAs, whose generic notice
		// would not say that the import is all or nothing and saved no product.
		for _, m := range changes {
			old, err := catalogdb.LocalProductBySKU(tx.ForUpdate(), p.CompanyID, m.SKU)
			if err != nil {
				return err
			}
			// The sheet has no picture column: the product keeps the one it has.
			m.ID, m.Image = old.ID, old.Image
			if err := catalogdb.UpdateLocalProduct(tx, m); err != nil {
				return err
			}
			if err := s.priceChanged(tx, p, old, m.Price); err != nil {
				return err
			}
		}
		updated = len(changes)
		err = catalogdb.CreateLocalProducts(tx, products)
		if models.IsDuplicate(err) {
			return core.Refused(MsgImportRace)
		}
		if err != nil {
			return err
		}
		return catalogdb.CreateProductCosts(tx, s.firstCosts(p, products, now))
	})
	if err != nil {
		return ImportResult{}, err
	}
	return ImportResult{Count: len(rows), Updated: updated}, nil
}
