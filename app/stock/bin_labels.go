package stock

import (
	"context"
	"strings"

	"sellerhub/app/core"
	stockdb "sellerhub/models/stock"
)

// MsgBinLabelsNone answers a label sheet with no bin to print.
const MsgBinLabelsNone = "没有可打印的库位，请先新增库位"

// BinLabelQuery chooses the bins whose labels print: a warehouse, and some of its bins (ids comma-separated) or
// all its enabled bins matching a part of the code or zone.
type BinLabelQuery struct {
	WarehouseID, IDs, Search string
}

// BinLabels answers the warehouse and its bins to label, by code (at most a batch's worth).
func (s *Service) BinLabels(ctx context.Context, p core.Principal, q BinLabelQuery) (*stockdb.Warehouse, []stockdb.BinRow, error) {
	db := s.db.With(ctx)
	w, err := binWarehouse(db, p, q.WarehouseID)
	if err != nil {
		return nil, nil, err
	}
	f := stockdb.BinFilter{WarehouseID: w.ID, Search: strings.TrimSpace(q.Search), Limit: maxBinBatch}
	if raw := strings.TrimSpace(q.IDs); raw != "" {
		f.IDs = []int64{}
		for _, part := range strings.Split(raw, ",") {
			if id, ok := core.ParseID(part); ok && len(f.IDs) < maxBinBatch {
				f.IDs = append(f.IDs, id)
			}
		}
	} else {
		enabled := false
		f.Disabled = &enabled
	}
	rows, _, err := stockdb.BinPage(db, p.CompanyID, f)
	return w, rows, err
}
