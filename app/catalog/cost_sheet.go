package catalog

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// The cost sheet: 本地产品's costs for one sitting. The template is the list's current filter with each product's
// costs in force today; the import changes costs only (采购成本, 头程, from 生效日期), all rows or, when any is
// wrong, none.

// Titles of the cost sheet's columns.
const (
	costSKU      = "SKU*"
	costName     = "产品名称"
	costUnit     = "采购成本(元)"
	costLeg      = "头程(元)"
	costDate     = "生效日期"
	costHelp     = "每行一个产品，按SKU找到产品，只更新采购成本和头程（人民币，每件，不小于0，最多2位小数），产品名称仅供参考。留空的成本不变；生效日期（yyyy-MM-dd）留空为今天，可填过去的日期，表示从那天起按新成本计算利润。任何一行有误时不会导入任何成本。"
	costsWhat    = "成本"
	msgCostsBad  = "导入失败，共%d行%d处有误，未导入任何成本："
	msgNoProduct = "SKU“%s”不存在"
)

var costTitles = []string{costSKU, costName, costUnit, costLeg, costDate}

// CostTemplate is the cost sheet of the products the list's query matches, with the costs in force today: the
// seller changes what differs and imports it back.
func (s *Service) CostTemplate(ctx context.Context, p core.Principal, q ProductQuery) (*excelize.File, error) {
	rows, err := s.ProductsForExport(ctx, p, q)
	if err != nil {
		return nil, err
	}
	f, err := core.ImportTemplate(costTitles, costHelp, []any{"EAR-001", "降噪蓝牙耳机", 35.5, 6.8, ""}, nil)
	if err != nil {
		return nil, err
	}
	sheet := f.GetSheetName(0)
	for i := range rows {
		r := &rows[i]
		values := core.SheetRow([]any{r.SKU, r.Name, decimalCell(r.Price), decimalCell(r.FirstLeg), ""})
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := f.SetSheetRow(sheet, cell, &values); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// costRow is one row of the cost sheet, its cells by title (without the required mark).
type costRow struct {
	line  int
	cells map[string]string
}

// readCostSheet reads the sheet's rows by the cost sheet's titles; it needs SKU and a cost column.
func readCostSheet(data []byte) ([]costRow, error) {
	rows, err := core.SheetRows(bytes.NewReader(data), importRowsLimit, MsgImportFileBad, MsgImportTooMany)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, core.Invalid(MsgImportFileBad)
	}
	columns := map[int]string{}
	found := map[string]bool{}
	for i, title := range rows[0] {
		for _, t := range costTitles {
			if sheetKey(title) == sheetKey(t) {
				columns[i], found[sheetKey(t)] = sheetKey(t), true
			}
		}
	}
	if !found[sheetKey(costSKU)] || !found[sheetKey(costUnit)] && !found[sheetKey(costLeg)] {
		return nil, core.Invalid(MsgImportFileBad)
	}
	var out []costRow
	for n, cells := range rows[1:] {
		if strings.TrimSpace(strings.Join(cells, "")) == "" {
			continue
		}
		r := costRow{line: n + 2, cells: map[string]string{}}
		for i, v := range cells {
			if c, ok := columns[i]; ok {
				r.cells[c] = strings.TrimSpace(v)
			}
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, core.Invalid(MsgImportEmpty)
	}
	return out, nil
}

// ImportCosts changes the costs of the company's products an .xlsx cost sheet names by SKU: every row or, when any
// is wrong, none, the refusal naming every wrong cell (row, column, value, why). A row whose costs are those in
// force on its date changes nothing. Count is the rows read, Updated the products whose costs changed.
func (s *Service) ImportCosts(ctx context.Context, p core.Principal, data []byte) (ImportResult, error) {
	rows, err := readCostSheet(data)
	if err != nil {
		return ImportResult{}, err
	}
	unit, leg, date, sku := sheetKey(costUnit), sheetKey(costLeg), sheetKey(costDate), sheetKey(costSKU)
	var updated int
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		skus := make([]string, len(rows))
		for i, r := range rows {
			skus[i] = r.cells[sku]
		}
		products, err := catalogdb.LockLocalProductsBySKU(tx, p.CompanyID, skus)
		if err != nil {
			return err
		}
		var problems core.Problems
		firstLine := map[string]int{}
		changes := make([]costChange, len(rows))
		for i, r := range rows {
			var wrong []core.FieldProblem
			switch code := r.cells[sku]; {
			case code == "":
				wrong = append(wrong, core.FieldProblem{Column: "SKU", Why: "SKU不能为空"})
			case products[code] == nil:
				wrong = append(wrong, core.FieldProblem{Column: "SKU", Why: fmt.Sprintf(msgNoProduct, code)})
			case firstLine[code] != 0:
				wrong = append(wrong, core.FieldProblem{Column: "SKU", Why: fmt.Sprintf(msgImportSKUTwice, firstLine[code])})
			default:
				firstLine[code] = r.line
			}
			var more []core.FieldProblem
			changes[i], more = s.checkCostForm(r.cells[unit], r.cells[leg], r.cells[date], unit, leg, date)
			for _, w := range append(wrong, more...) {
				problems.Add(r.line, w.Column, r.cells[w.Column], w.Why)
			}
		}
		if len(problems) > 0 {
			return problems.Refusal(msgCostsBad)
		}
		// Every product's history in one read, every row in batches: a sheet of thousands lands in seconds.
		ids := make([]int64, 0, len(products))
		for _, m := range products {
			ids = append(ids, m.ID)
		}
		histories, err := catalogdb.CostHistories(tx, p.CompanyID, ids)
		if err != nil {
			return err
		}
		now := s.now.Stamp()
		var writes []*catalogdb.ProductCost
		var changed []int64
		for i, r := range rows {
			c := changes[i]
			if c.unitCost == nil && c.firstLeg == nil {
				continue
			}
			m := products[r.cells[sku]]
			if planned := costRows(p, m, histories[m.ID], c, now); len(planned) > 0 {
				writes = append(writes, planned...)
				changed = append(changed, m.ID)
			}
		}
		updated = len(changed)
		return writeCosts(tx, p.CompanyID, writes, changed, now)
	})
	if err != nil {
		return ImportResult{}, err
	}
	return ImportResult{Count: len(rows), Updated: updated}, nil
}
