package stock

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
)

var countTitles = []string{countColSKU + "*", countColCounted + "*"}

const countTemplateHelp = "在第一个工作表填写盘点数量，每行一个产品；带 * 的列必填。盘点数量为实际清点到的可用数量（0到1000000的整数）。" +
	"同一SKU再次导入时以最后导入的数量为准。下面是一行示例（不会被导入）。"

// CountTemplate is the count import's template (导入盘点数量).
func (s *Service) CountTemplate(context.Context, core.Principal) (*excelize.File, error) {
	return core.ImportTemplate(countTitles, countTemplateHelp, []any{"EAR-001", 25}, nil)
}

type countRow struct {
	line              int
	sku, counted, bin string
}

// readCountSheet reads the sheet's rows by their titles.
func readCountSheet(data []byte, bad string) ([]countRow, error) {
	rows, err := core.SheetRows(bytes.NewReader(data), stocktakeImportRows, bad, MsgStocktakeImportTooMany)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, core.Invalid(bad)
	}
	col := map[string]int{}
	for i, title := range rows[0] {
		col[strings.TrimSuffix(strings.TrimSpace(title), "*")] = i
	}
	for _, t := range []string{countColSKU, countColCounted} {
		if _, ok := col[t]; !ok {
			return nil, core.Invalid(bad)
		}
	}
	cell := func(cells []string, title string) string {
		if i := col[title]; i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	var out []countRow
	for n, cells := range rows[1:] {
		if strings.TrimSpace(strings.Join(cells, "")) == "" {
			continue
		}
		r := countRow{line: n + 2, sku: cell(cells, countColSKU), counted: cell(cells, countColCounted)}
		if _, ok := col[countColBin]; ok { // 库位: optional, needed by a stocktake of bins
			r.bin = strings.ToUpper(cell(cells, countColBin))
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, core.Invalid(MsgStocktakeImportEmpty)
	}
	return out, nil
}

// CountImportResult is what the count import did: the products counted.
type CountImportResult struct {
	Count int `json:"count"`
}

// ImportCounts sets the counts of a stocktake 盘点中 from a sheet of SKUs and counted quantities, every row or
// none, each wrong cell named.
func (s *Service) ImportCounts(ctx context.Context, p core.Principal, id string, data []byte, bad string) (CountImportResult, error) {
	rows, err := readCountSheet(data, bad)
	if err != nil {
		return CountImportResult{}, err
	}
	err = s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		if st.Status != stockdb.StocktakeCounting {
			return core.Refused(MsgStocktakeNotCounting)
		}
		var problems core.Problems
		skus := make([]string, 0, len(rows))
		for _, r := range rows {
			skus = append(skus, r.sku)
		}
		products, err := catalogdb.LocalProductIDsBySKU(tx, p.CompanyID, skus)
		if err != nil {
			return err
		}
		lines, err := stockdb.StocktakeLines(tx, p.CompanyID, st.ID)
		if err != nil {
			return err
		}
		onSheet := map[int64]bool{}
		for _, l := range lines {
			onSheet[l.ProductID] = true
		}
		var codes []string
		for _, r := range rows {
			codes = append(codes, r.bin)
		}
		bins, err := stockdb.BinsByCode(tx, p.CompanyID, st.WarehouseID, codes)
		if err != nil {
			return err
		}
		byBin := st.Scope == stockdb.StocktakeBins
		first := map[string]int{}
		counts := make([]int, len(rows))
		binIDs := make([]int64, len(rows))
		for i, r := range rows {
			product, known := products[r.sku]
			key := r.sku
			if byBin {
				key += "@" + r.bin
				switch b, ok := bins[r.bin]; {
				case r.bin == "":
					problems.Add(r.line, countColBin, "", MsgStocktakeBinNeeded)
				case !ok:
					problems.Add(r.line, countColBin, r.bin, fmt.Sprintf(MsgStocktakeBinUnknown, r.bin))
				default:
					binIDs[i] = b.ID
				}
			}
			switch at, twice := first[key]; {
			case r.sku == "":
				problems.Add(r.line, countColSKU, "", msgSKUMissing)
			case !known:
				problems.Add(r.line, countColSKU, r.sku, fmt.Sprintf(msgSKUUnknown, r.sku))
			case twice:
				problems.Add(r.line, countColSKU, r.sku, fmt.Sprintf(msgSKUTwice, at))
			case st.Scope == stockdb.StocktakeProducts && !onSheet[product]:
				problems.Add(r.line, countColSKU, r.sku, fmt.Sprintf(MsgStocktakeNotOnSheet, r.sku))
			default:
				first[key] = r.line
			}
			n, err := strconv.Atoi(r.counted)
			if err != nil || n < 0 || n > maxLineQuantity {
				problems.Add(r.line, countColCounted, r.counted, MsgStocktakeCountedBad)
			}
			counts[i] = n
		}
		if len(problems) > 0 {
			return problems.Refusal(msgStocktakeImportFailed)
		}
		for i, r := range rows {
			if err := s.count(tx, p, st, products[r.sku], binIDs[i], counts[i], false); err != nil {
				return err
			}
		}
		return nil
	})
	return CountImportResult{Count: len(rows)}, err
}
