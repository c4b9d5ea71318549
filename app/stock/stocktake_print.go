package stock

import (
	"context"
	"sort"
	"strings"

	"sellerhub/app/core"
	stockdb "sellerhub/models/stock"
)

// SheetLine is a line of the printed 盘点表: where to count (the line's bin, or the bins holding the product, or
// 待上架 when none does), the product and its book quantity (nil before the start).
type SheetLine struct {
	Bins  string
	Line  stockdb.StocktakeLineRow
	first string // the bin code it sorts by
}

// StocktakeSheet answers a stocktake with its lines in the order a keeper walks the warehouse: by bin code, the
// products not in a bin last, then SKU.
func (s *Service) StocktakeSheet(ctx context.Context, p core.Principal, id string) (*stockdb.StocktakeRow, []SheetLine, error) {
	st, lines, err := s.Stocktake(ctx, p, id)
	if err != nil {
		return nil, nil, err
	}
	var whole []int64
	for _, l := range lines {
		if l.BinID == 0 {
			whole = append(whole, l.ProductID)
		}
	}
	bins, err := stockdb.ProductBins(s.db.With(ctx), p.CompanyID, st.WarehouseID, whole)
	if err != nil {
		return nil, nil, err
	}
	out := make([]SheetLine, len(lines))
	for i, l := range lines {
		out[i] = SheetLine{Line: l, Bins: l.BinCode, first: l.BinCode}
		if l.BinID == 0 {
			codes := make([]string, len(bins[l.ProductID]))
			for j, b := range bins[l.ProductID] {
				codes[j] = b.BinCode
			}
			out[i].Bins = strings.Join(codes, "、")
			if len(codes) > 0 {
				out[i].first = codes[0]
			}
		}
	}
	sortSheet(out)
	return st, out, nil
}

// sortSheet orders the lines in bin order (stockdb.BinOrderLess), keeping the order of equal ones.
func sortSheet(lines []SheetLine) {
	sort.SliceStable(lines, func(i, j int) bool {
		return stockdb.BinOrderLess(lines[i].first, lines[i].Line.SKU, lines[j].first, lines[j].Line.SKU)
	})
}
