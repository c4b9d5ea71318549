package stock

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
)

// Messages of the bin (库位) calls.
const (
	MsgBinWarehouseFBA   = "FBA仓的库存在亚马逊，不能设置库位"
	MsgBinCodeBad        = "库位编码只能包含字母、数字、-、_ 和 .，如 A-01-02-03"
	MsgBinBatchBad       = "请填写排、层、位的起止编号（1到99，起不大于止）"
	MsgBinBatchTooMany   = "一次最多生成2000个库位"
	MsgBinBatchNone      = "这些库位都已存在"
	MsgBinMoveSame       = "移出库位和移入库位相同"
	MsgBinMoveTarget     = "请选择移入库位"
	MsgBinQuantityBad    = "数量必须为1到1000000的整数"
	MsgBinMoveTooMany    = "一次最多移动500行"
	MsgBinMissing        = "库位不存在"
	msgBinNotInWarehouse = "库位不属于所选仓库"
	// MsgBinCodeTaken names a code the warehouse has already.
	MsgBinCodeTaken = "库位编码 %s 已存在"
	// MsgBinHolds refuses to delete a bin holding units.
	MsgBinHolds = "库位 %s 还有库存，请先移出再删除"
	// MsgBinReceiving refuses to delete a bin an inbound document puts units away into.
	MsgBinReceiving = "库位 %s 已用于入库单，不能删除，可停用"
	// MsgBinCounted refuses to delete a bin a stocktake names.
	MsgBinCounted = "库位 %s 已用于盘点单，不能删除，可停用"
	// MsgBinShort refuses to take more units out of a bin than it holds: bin, SKU, held, asked.
	MsgBinShort = "库位 %s 的 SKU %s 只有%d件，不能移出%d件"
	// MsgBinWaitingShort refuses to put away more units than wait: SKU, waiting, asked.
	MsgBinWaitingShort = "SKU %s 待上架只有%d件，不能上架%d件"
	// MsgBinDisabled refuses units into a disabled bin.
	MsgBinDisabled = "库位 %s 已停用，不能放入库存"
)

// Button permissions of the bin screen.
const (
	PermissionBinAdd    = "erp:wh:shelf:add"
	PermissionBinEdit   = "erp:wh:shelf:edit"
	PermissionBinDelete = "erp:wh:shelf:delete"
	PermissionBinMove   = "erp:wh:shelf:move"
)

const (
	binWhat         = "库位"
	maxBinBatch     = 2000
	maxBinMoveLines = 500
)

// BinForm is a bin as the add and edit forms send it; the warehouse is fixed once made.
type BinForm struct {
	WarehouseID string `json:"warehouseId"`
	Code        string `json:"code"`
	Zone        string `json:"zone"`
	Remark      string `json:"remark"`
	Disabled    bool   `json:"disabled"`
}

func binCodeOK(code string) bool {
	for _, r := range code {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return code != ""
}

func (f *BinForm) check() error {
	err := core.CheckFields(core.Required(&f.Code, "库位编码", 40), core.Optional(&f.Zone, "库区", 20), core.Optional(&f.Remark, "备注", 200))
	if err != nil {
		return err
	}
	f.Code = strings.ToUpper(f.Code)
	if !binCodeOK(f.Code) {
		return core.Invalid(MsgBinCodeBad)
	}
	return nil
}

// binWarehouse loads a warehouse that may have bins (own or overseas, seen by the user).
func binWarehouse(tx *models.DB, p core.Principal, raw string) (*stockdb.Warehouse, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, core.Invalid(MsgDocWarehouseEmpty)
	}
	id, ok := core.ParseID(raw)
	if !ok {
		return nil, core.Invalid(MsgDocWarehouseMissing)
	}
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, id)
	switch {
	case models.IsNotFound(err):
		return nil, core.Invalid(MsgDocWarehouseMissing)
	case err != nil:
		return nil, err
	case w.Kind == stockdb.WarehouseFBA:
		return nil, core.Refused(MsgBinWarehouseFBA)
	}
	return w, nil
}

// BinQuery is the body of the bin list: the page, a warehouse, a part of the code or zone, and 启用/停用.
type BinQuery struct {
	core.PageRequest
	WarehouseID string `json:"warehouseId"`
	Search      string `json:"search"`
	Disabled    string `json:"disabled"`
}

// BinPage lists a page of the company's bins by warehouse and code.
func (s *Service) BinPage(ctx context.Context, p core.Principal, q BinQuery) ([]stockdb.BinRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := stockdb.BinFilter{Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return []stockdb.BinRow{}, 0, r, nil
		}
	}
	switch q.Disabled {
	case "true", "false":
		d := q.Disabled == "true"
		f.Disabled = &d
	}
	rows, total, err := stockdb.BinPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Bin loads one of the company's bins.
func (s *Service) Bin(ctx context.Context, p core.Principal, id string) (*stockdb.BinRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(binWhat)
	}
	b, err := stockdb.BinByID(s.db.With(ctx), p.CompanyID, n)
	return b, core.NotFoundAs(err, binWhat)
}

// SaveBin adds (id "") a bin to an own or overseas warehouse, or changes one's code, zone, remark and state.
func (s *Service) SaveBin(ctx context.Context, p core.Principal, id string, f BinForm) (*stockdb.BinRow, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	b := &stockdb.Bin{CompanyID: p.CompanyID, Code: f.Code, Zone: f.Zone, Remark: f.Remark, Disabled: f.Disabled, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if id == "" {
			w, err := binWarehouse(tx, p, f.WarehouseID)
			if err != nil {
				return err
			}
			b.WarehouseID = w.ID
		} else {
			n, ok := core.ParseID(id)
			if !ok {
				return core.NotFound(binWhat)
			}
			old, err := stockdb.BinByID(tx, p.CompanyID, n)
			if err != nil {
				return core.NotFoundAs(err, binWhat)
			}
			b.ID, b.WarehouseID, b.CreatedAt = n, old.WarehouseID, old.CreatedAt
		}
		taken, err := stockdb.BinsByCode(tx, p.CompanyID, b.WarehouseID, []string{b.Code})
		if err != nil {
			return err
		}
		if t, ok := taken[b.Code]; ok && t.ID != b.ID {
			return core.Refused(fmt.Sprintf(MsgBinCodeTaken, b.Code))
		}
		err = stockdb.SaveBin(tx, b, id == "")
		if models.IsDuplicate(err) {
			return core.Refused(fmt.Sprintf(MsgBinCodeTaken, b.Code))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return stockdb.BinByID(s.db.With(ctx), p.CompanyID, b.ID)
}

// BinBatchForm makes the bins zone-row-level-position of a warehouse at once (A-01-01-01 ... A-03-04-05).
type BinBatchForm struct {
	WarehouseID string `json:"warehouseId"`
	Zone        string `json:"zone"`
	RowFrom     int    `json:"rowFrom"`
	RowTo       int    `json:"rowTo"`
	LevelFrom   int    `json:"levelFrom"`
	LevelTo     int    `json:"levelTo"`
	BinFrom     int    `json:"binFrom"`
	BinTo       int    `json:"binTo"`
}

// CreateBins (批量生成) adds the bins of a range, passing over the codes the warehouse has; it answers how many
// were made.
func (s *Service) CreateBins(ctx context.Context, p core.Principal, f BinBatchForm) (int, error) {
	if err := core.CheckFields(core.Required(&f.Zone, "库区", 10)); err != nil {
		return 0, err
	}
	f.Zone = strings.ToUpper(f.Zone)
	if !binCodeOK(f.Zone) {
		return 0, core.Invalid(MsgBinCodeBad)
	}
	for _, r := range [][2]int{{f.RowFrom, f.RowTo}, {f.LevelFrom, f.LevelTo}, {f.BinFrom, f.BinTo}} {
		if r[0] < 1 || r[1] > 99 || r[0] > r[1] {
			return 0, core.Invalid(MsgBinBatchBad)
		}
	}
	if (f.RowTo-f.RowFrom+1)*(f.LevelTo-f.LevelFrom+1)*(f.BinTo-f.BinFrom+1) > maxBinBatch {
		return 0, core.Invalid(MsgBinBatchTooMany)
	}
	var codes []string
	for r := f.RowFrom; r <= f.RowTo; r++ {
		for l := f.LevelFrom; l <= f.LevelTo; l++ {
			for b := f.BinFrom; b <= f.BinTo; b++ {
				codes = append(codes, fmt.Sprintf("%s-%02d-%02d-%02d", f.Zone, r, l, b))
			}
		}
	}
	made := 0
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		w, err := binWarehouse(tx, p, f.WarehouseID)
		if err != nil {
			return err
		}
		taken, err := stockdb.BinsByCode(tx, p.CompanyID, w.ID, codes)
		if err != nil {
			return err
		}
		now := s.now.Stamp()
		var fresh []stockdb.Bin
		for _, c := range codes {
			if _, ok := taken[c]; !ok {
				fresh = append(fresh, stockdb.Bin{ID: models.NewID(), CompanyID: p.CompanyID, WarehouseID: w.ID, Code: c, Zone: f.Zone,
					CreatedAt: now, UpdatedAt: now})
			}
		}
		if len(fresh) == 0 {
			return core.Refused(MsgBinBatchNone)
		}
		made = len(fresh)
		return stockdb.CreateBins(tx, fresh)
	})
	return made, err
}

// DeleteBin deletes one of the company's bins; refused while it holds units or a stocktake names it.
func (s *Service) DeleteBin(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(binWhat)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		b, err := stockdb.BinByID(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, binWhat)
		}
		if holds, err := stockdb.BinHolds(tx, p.CompanyID, n); err != nil || holds {
			if err == nil {
				err = core.Refused(fmt.Sprintf(MsgBinHolds, b.Code))
			}
			return err
		}
		if counted, err := stockdb.BinCounted(tx, n); err != nil || counted {
			if err == nil {
				err = core.Refused(fmt.Sprintf(MsgBinCounted, b.Code))
			}
			return err
		}
		if named, err := stockdb.BinReceiving(tx, n); err != nil || named {
			if err == nil {
				err = core.Refused(fmt.Sprintf(MsgBinReceiving, b.Code))
			}
			return err
		}
		return stockdb.DeleteBin(tx, p.CompanyID, n)
	})
}

// BinStockQuery is the body of the stock per bin: the page, a warehouse, a bin (待上架 for the units not put
// away) and a part of the SKU or name.
type BinStockQuery struct {
	core.PageRequest
	WarehouseID string `json:"warehouseId"`
	BinID       string `json:"binId"`
	Search      string `json:"search"`
}

// BinStockPage lists a page of the stock per bin, the units waiting to be put away among them.
func (s *Service) BinStockPage(ctx context.Context, p core.Principal, q BinStockQuery) ([]stockdb.BinStockRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := stockdb.BinStockFilter{Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return []stockdb.BinStockRow{}, 0, r, nil
		}
	}
	switch b := strings.TrimSpace(q.BinID); b {
	case "":
	case "waiting":
		f.Waiting = true
	default:
		var ok bool
		if f.BinID, ok = core.ParseID(b); !ok {
			return []stockdb.BinStockRow{}, 0, r, nil
		}
	}
	rows, total, err := stockdb.BinStockPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// BinMoveLine moves units of a product from a bin (FromBinID "": the units waiting to be put away) to another.
type BinMoveLine struct {
	ProductID string `json:"productId"`
	FromBinID string `json:"fromBinId"`
	ToBinID   string `json:"toBinId"`
	Quantity  int    `json:"quantity"`
}

// BinMoveForm is a put-away (上架: every line from 待上架) or a move between bins (移库) in one warehouse.
type BinMoveForm struct {
	WarehouseID string        `json:"warehouseId"`
	Remark      string        `json:"remark"`
	Lines       []BinMoveLine `json:"lines"`
}

// MoveBins puts units away or moves them between bins of a warehouse, all lines or none, as one document numbered
// YK…, each line moving through MoveStock with its ledger lines. It answers the number.
func (s *Service) MoveBins(ctx context.Context, p core.Principal, f BinMoveForm) (string, error) {
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 200)); err != nil {
		return "", err
	}
	switch {
	case len(f.Lines) == 0:
		return "", core.Invalid(MsgDocLinesEmpty)
	case len(f.Lines) > maxBinMoveLines:
		return "", core.Invalid(MsgBinMoveTooMany)
	}
	type line struct{ product, from, to int64 }
	lines := make([]line, len(f.Lines))
	kind := stockdb.BinPutAway
	for i, l := range f.Lines {
		prefix := fmt.Sprintf(msgDocLine, i+1)
		var ok bool
		if lines[i].product, ok = core.ParseID(l.ProductID); !ok {
			return "", core.Invalid(prefix + msgDocProductMissing)
		}
		if lines[i].to, ok = core.ParseID(l.ToBinID); !ok {
			return "", core.Invalid(prefix + MsgBinMoveTarget)
		}
		if l.FromBinID != "" {
			kind = stockdb.BinMoved
			if lines[i].from, ok = core.ParseID(l.FromBinID); !ok {
				return "", core.Invalid(prefix + MsgBinMissing)
			}
		}
		switch {
		case lines[i].from == lines[i].to:
			return "", core.Invalid(prefix + MsgBinMoveSame)
		case l.Quantity < 1 || l.Quantity > maxLineQuantity:
			return "", core.Invalid(prefix + MsgBinQuantityBad)
		}
	}
	var number string
	err := s.numbers.Write(ctx, models.BinMoveNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		w, err := binWarehouse(tx, p, f.WarehouseID)
		if err != nil {
			return err
		}
		if w.Disabled {
			return core.Refused(MsgDocWarehouseDisabled)
		}
		ids := make([]int64, len(lines))
		for i, l := range lines {
			ids[i] = l.product
		}
		if err := checkDocument(tx, p, w.ID, ids); err != nil {
			return err
		}
		codes := map[int64]string{}
		for i, l := range lines {
			for _, b := range []int64{l.from, l.to} {
				if b == 0 || codes[b] != "" {
					continue
				}
				bin, err := stockdb.BinByID(tx, p.CompanyID, b)
				switch {
				case models.IsNotFound(err):
					return core.Invalid(fmt.Sprintf(msgDocLine, i+1) + MsgBinMissing)
				case err != nil:
					return err
				case bin.WarehouseID != w.ID:
					return core.Invalid(fmt.Sprintf(msgDocLine, i+1) + msgBinNotInWarehouse)
				}
				codes[b] = bin.Code
			}
		}
		if number, err = next(); err != nil {
			return err
		}
		m := &stockdb.BinMove{CompanyID: p.CompanyID, Number: number, WarehouseID: w.ID, Kind: kind, Remark: f.Remark,
			OperatorID: &p.UserID, CreatedAt: s.now.Stamp()}
		if err := stockdb.CreateBinMove(tx, m); err != nil {
			return err
		}
		// The units leave their bin before they enter the next, so a move never looks like a put-away.
		var changes []stockdb.StockChange
		for i, l := range lines {
			if l.from != 0 {
				changes = append(changes, stockdb.StockChange{WarehouseID: w.ID, ProductID: l.product, BinID: l.from, Bin: -f.Lines[i].Quantity})
			}
			changes = append(changes, stockdb.StockChange{WarehouseID: w.ID, ProductID: l.product, BinID: l.to, Bin: f.Lines[i].Quantity})
		}
		err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: DocBinMove(kind), DocNumber: number, OperatorID: &p.UserID}, changes)
		return s.binRefusal(tx, p, err, codes)
	})
	return number, err
}

// DocBinMove is the ledger's document type of a put-away (上架) or a move (移库).
func DocBinMove(kind string) string { return "bin_" + kind }

// binRefusal words MoveStock's refusals of bin movements, else as every movement's.
func (s *Service) binRefusal(tx *models.DB, p core.Principal, err error, codes map[int64]string) error {
	if err == nil {
		return nil
	}
	var short *stockdb.BinShortError
	var skuOf = func(product int64) string {
		skus, _ := stockdb.ProductSKUs(tx, p.CompanyID, []int64{product})
		return skus[product]
	}
	switch {
	case errors.As(err, &short) && short.Code == "":
		return core.Refused(fmt.Sprintf(MsgBinWaitingShort, skuOf(short.ProductID), short.Have, short.Change))
	case errors.As(err, &short):
		return core.Refused(fmt.Sprintf(MsgBinShort, short.Code, skuOf(short.ProductID), short.Have, -short.Change))
	case errors.Is(err, stockdb.ErrBinDisabled):
		var disabled []string
		for id, code := range codes {
			if b, e := stockdb.BinByID(tx, p.CompanyID, id); e == nil && b.Disabled {
				disabled = append(disabled, code)
			}
		}
		return core.Refused(fmt.Sprintf(MsgBinDisabled, strings.Join(disabled, "、")))
	}
	var frozen *stockdb.StocktakeError
	if errors.As(err, &frozen) {
		return s.refusal(tx, p, err, map[int64]string{frozen.ProductID: skuOf(frozen.ProductID)}, MsgCancelShort)
	}
	return err
}

// maxBinOptions bounds the bins a drop-down offers.
const maxBinOptions = 5000

// BinOptions lists a warehouse's enabled bins by code, for the put-away and move forms.
func (s *Service) BinOptions(ctx context.Context, p core.Principal, warehouseID string) ([]stockdb.BinRow, error) {
	w, ok := core.ParseID(strings.TrimSpace(warehouseID))
	if !ok {
		return []stockdb.BinRow{}, nil
	}
	enabled := false
	rows, _, err := stockdb.BinPage(s.db.With(ctx), p.CompanyID, stockdb.BinFilter{WarehouseID: w, Disabled: &enabled, Limit: maxBinOptions})
	return rows, err
}

// UsualBinQuery asks the usual bins of products in a warehouse (the put-away a new inbound line proposes).
type UsualBinQuery struct {
	WarehouseID string   `json:"warehouseId"`
	ProductIDs  []string `json:"productIds"`
}

// UsualBins answers each product's usual bin in the warehouse (stockdb.UsualBins); none for a warehouse without
// bins (FBA) or one the user may not see.
func (s *Service) UsualBins(ctx context.Context, p core.Principal, q UsualBinQuery) (map[int64]stockdb.Bin, error) {
	db := s.db.With(ctx)
	if len(q.ProductIDs) > maxDocumentLines {
		return nil, core.Invalid(MsgDocTooManyLines)
	}
	w, err := binWarehouse(db, p, q.WarehouseID)
	var refused *core.Error
	if errors.As(err, &refused) {
		return map[int64]stockdb.Bin{}, nil
	}
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, raw := range q.ProductIDs {
		if id, ok := core.ParseID(raw); ok {
			ids = append(ids, id)
		}
	}
	return stockdb.UsualBins(db, p.CompanyID, w.ID, ids)
}

// BinMoveQuery is the body of the bin-move list (移库记录): the page, a warehouse, a kind (putaway, move), a part of
// the number or SKU, and the dates (yyyy-MM-dd, both included).
type BinMoveQuery struct {
	core.PageRequest
	WarehouseID string `json:"warehouseId"`
	Kind        string `json:"kind"`
	Search      string `json:"search"`
	StartDate   string `json:"startDate"`
	EndDate     string `json:"endDate"`
}

// BinMovePage lists a page of the lines of the company's put-aways and moves between bins, newest first: who moved
// what from which bin to which, and when.
func (s *Service) BinMovePage(ctx context.Context, p core.Principal, q BinMoveQuery) ([]stockdb.BinMoveLineRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := stockdb.BinMoveFilter{Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	var err error
	if f.From, f.To, err = core.DayRange(s.timeZone, q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	switch k := strings.TrimSpace(q.Kind); k {
	case "", stockdb.BinPutAway, stockdb.BinMoved:
		f.Kind = k
	default:
		return []stockdb.BinMoveLineRow{}, 0, r, nil
	}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return []stockdb.BinMoveLineRow{}, 0, r, nil
		}
	}
	rows, total, err := stockdb.BinMoveLinePage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}
