package catalog

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// SKU配对 from an .xlsx: one row per listing (平台SKU, 站点, 本地SKU), read as a stream with the product import's row
// and size limits (core.SheetRows). Every row or none: a wrong row is named with its row number and why, and
// nothing is paired. A listing already paired is paired again with the row's product: the sheet says what the
// pairs are. A seller SKU the user's store groups have in the marketplace in several groups pairs each of them.

// Messages of the pairing import.
const (
	MsgPairImportEmpty    = "文件中没有配对数据"
	msgPairImportFailed   = "导入失败，共%d行%d处有误，未配对任何Listing："
	msgPairSellerSKUEmpty = "平台SKU不能为空"
	msgPairMarketEmpty    = "站点不能为空"
	msgPairMarketBad      = "站点“%s”不存在，请填写国家代码（如US）或站点名称"
	msgPairLocalSKUEmpty  = "本地SKU不能为空"
	msgPairLocalSKUAbsent = "本地SKU“%s”不存在"
	msgPairListingAbsent  = "该站点没有平台SKU“%s”"
	msgPairRowTwice       = "与第%d行重复"
)

// The pairing sheet's columns.
const (
	pairColSellerSKU = "平台SKU"
	pairColMarket    = "站点"
	pairColLocalSKU  = "本地SKU"
)

var pairTitles = []string{pairColSellerSKU + "*", pairColMarket + "*", pairColLocalSKU + "*"}

const pairTemplateHelp = "在第一个工作表填写配对，每行一个Listing；带 * 的列必填。站点填国家代码（如US）或站点名称（如美国）。" +
	"已配对的Listing按表中的本地SKU重新配对。下面是一行示例（不会被导入），以及站点可填的值。"

// PairTemplate is the pairing import's template: the titles, and on a second sheet an example and the
// marketplaces.
func (s *Service) PairTemplate(context.Context, core.Principal) (*excelize.File, error) {
	markets := []any{"站点"}
	for _, m := range storesdb.Marketplaces {
		markets = append(markets, m.Country+" "+m.Name)
	}
	return core.ImportTemplate(pairTitles, pairTemplateHelp, []any{"MY-SKU-001", "US", "EAR-001"}, [][]any{markets})
}

// pairRow is one row of the pairing sheet.
type pairRow struct {
	line                        int
	sellerSKU, market, localSKU string
	marketplaceID               string
}

// marketplaceOf reads a 站点 cell: a country code, a marketplace's Chinese name or its id.
func marketplaceOf(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if code, _, ok := strings.Cut(v, " "); ok {
		v = code // the template's list writes "US 美国"
	}
	if m, ok := storesdb.MarketplaceByCountry(strings.ToUpper(v)); ok {
		return m.ID, true
	}
	for _, m := range storesdb.Marketplaces {
		if m.Name == v || m.ID == v {
			return m.ID, true
		}
	}
	return "", false
}

// readPairSheet reads the sheet's rows by their titles.
func readPairSheet(data []byte) ([]pairRow, error) {
	rows, err := core.SheetRows(bytes.NewReader(data), importRowsLimit, MsgImportFileBad, MsgImportTooMany)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, core.Invalid(MsgImportFileBad)
	}
	col := map[string]int{}
	for i, title := range rows[0] {
		col[sheetKey(title)] = i
	}
	for _, t := range pairTitles {
		if _, ok := col[sheetKey(t)]; !ok {
			return nil, core.Invalid(MsgImportFileBad)
		}
	}
	cell := func(cells []string, title string) string {
		if i := col[title]; i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	var out []pairRow
	for n, cells := range rows[1:] {
		if strings.TrimSpace(strings.Join(cells, "")) == "" {
			continue
		}
		out = append(out, pairRow{line: n + 2, sellerSKU: cell(cells, pairColSellerSKU), market: cell(cells, pairColMarket),
			localSKU: cell(cells, pairColLocalSKU)})
	}
	if len(out) == 0 {
		return nil, core.Invalid(MsgPairImportEmpty)
	}
	return out, nil
}

// PairImportResult is what the pairing import did: the rows read and the listings paired.
type PairImportResult struct {
	Count  int   `json:"count"`
	Paired int64 `json:"paired"`
}

// ImportPairs pairs the listings of the sheet's rows with their local products, all of them or none.
func (s *Service) ImportPairs(ctx context.Context, p core.Principal, data []byte) (PairImportResult, error) {
	rows, err := readPairSheet(data)
	if err != nil {
		return PairImportResult{}, err
	}
	var paired int64
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		var problems core.Problems
		first := map[[2]string]int{}
		bySKU, skusByMarket := map[string]bool{}, map[string][]string{}
		for i := range rows {
			r := &rows[i]
			if r.sellerSKU == "" {
				problems.Add(r.line, pairColSellerSKU, "", msgPairSellerSKUEmpty)
			}
			switch id, ok := marketplaceOf(r.market); {
			case r.market == "":
				problems.Add(r.line, pairColMarket, "", msgPairMarketEmpty)
			case !ok:
				problems.Add(r.line, pairColMarket, r.market, fmt.Sprintf(msgPairMarketBad, r.market))
			default:
				r.marketplaceID = id
			}
			if r.localSKU == "" {
				problems.Add(r.line, pairColLocalSKU, "", msgPairLocalSKUEmpty)
			} else {
				bySKU[r.localSKU] = true
			}
			if r.sellerSKU != "" && r.marketplaceID != "" {
				key := [2]string{r.marketplaceID, r.sellerSKU}
				if at, twice := first[key]; twice {
					problems.Add(r.line, pairColSellerSKU, r.sellerSKU, fmt.Sprintf(msgPairRowTwice, at))
				} else {
					first[key] = r.line
					skusByMarket[r.marketplaceID] = append(skusByMarket[r.marketplaceID], r.sellerSKU)
				}
			}
		}
		local := make([]string, 0, len(bySKU))
		for sku := range bySKU {
			local = append(local, sku)
		}
		products, err := catalogdb.LocalProductIDsBySKU(tx, p.CompanyID, local)
		if err != nil {
			return err
		}
		listings := map[[2]string][]int64{}
		for market, skus := range skusByMarket {
			found, err := catalogdb.ListingsBySellerSKUs(tx, p.CompanyID, p.UserID, market, skus)
			if err != nil {
				return err
			}
			for _, l := range found {
				key := [2]string{market, l.SellerSKU}
				listings[key] = append(listings[key], l.ID)
			}
		}
		pairs := map[int64]int64{}
		for _, r := range rows {
			product, known := products[r.localSKU]
			if r.localSKU != "" && !known {
				problems.Add(r.line, pairColLocalSKU, r.localSKU, fmt.Sprintf(msgPairLocalSKUAbsent, r.localSKU))
			}
			if r.sellerSKU == "" || r.marketplaceID == "" || first[[2]string{r.marketplaceID, r.sellerSKU}] != r.line {
				continue
			}
			ids := listings[[2]string{r.marketplaceID, r.sellerSKU}]
			if len(ids) == 0 {
				problems.Add(r.line, pairColSellerSKU, r.sellerSKU, fmt.Sprintf(msgPairListingAbsent, r.sellerSKU))
			}
			for _, id := range ids {
				pairs[id] = product
			}
		}
		if len(problems) > 0 {
			sortProblems(problems)
			return problems.Refusal(msgPairImportFailed)
		}
		paired, err = catalogdb.PairListings(tx, p.CompanyID, pairs, s.now.Stamp())
		return err
	})
	if err != nil {
		return PairImportResult{}, err
	}
	return PairImportResult{Count: len(rows), Paired: paired}, nil
}

// sortProblems puts the problems in the sheet's order: row, then the columns as the sheet has them.
func sortProblems(ps core.Problems) {
	rank := map[string]int{pairColSellerSKU: 0, pairColMarket: 1, pairColLocalSKU: 2}
	slices.SortStableFunc(ps, func(a, b core.Problem) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return rank[a.Column] - rank[b.Column]
	})
}
