package stock

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
)

// Messages of the stocktake (盘点单) calls.
const (
	MsgStocktakeScopeBad      = "请选择盘点范围"
	MsgStocktakeTooMany       = "产品不能超过5000行"
	MsgStocktakeNotDraft      = "只有待提交的盘点单可以开始盘点"
	MsgStocktakeNotEditable   = "盘点单已开始盘点，不能再编辑"
	MsgStocktakeNotCounting   = "只有盘点中的盘点单可以录入盘点数量"
	MsgStocktakeNotPostable   = "只有盘点中的盘点单可以过账"
	MsgStocktakeNothingCount  = "还没有录入任何盘点数量，不能过账"
	MsgStocktakeCancelled     = "盘点单已作废"
	MsgStocktakeCodeEmpty     = "请扫描或输入条码"
	MsgStocktakeCountedBad    = "盘点数量必须为0到1000000的整数"
	MsgStocktakeScanBad       = "扫描数量必须为1到1000000的整数"
	MsgStocktakeImportEmpty   = "文件中没有盘点数量"
	MsgStocktakeImportTooMany = "一次最多导入20000行"
	MsgStocktakeBinsEmpty     = "请选择要盘点的库位"
	MsgStocktakeBinsTooMany   = "一次最多盘点500个库位"
	MsgStocktakeBinNeeded     = "按库位盘点请先扫描或选择库位"
	// MsgStocktakeBinUnknown names a bin code the warehouse does not have.
	MsgStocktakeBinUnknown = "库位 %s 不存在"
	// MsgStocktakeBinNotOnSheet refuses a bin the stocktake does not count.
	MsgStocktakeBinNotOnSheet = "库位 %s 不在本盘点单中"
	// MsgStocktakeCodeUnknown names the code scanned that no product has as SKU or FNSKU.
	MsgStocktakeCodeUnknown = "条码 %s 找不到产品（可扫描SKU或已配对Listing的FNSKU）"
	// MsgStocktakeNotOnSheet refuses a product outside a stocktake of some products.
	MsgStocktakeNotOnSheet = "SKU %s 不在本盘点单中"
	// MsgStocktakeFrozen refuses a movement of a product a stocktake has frozen, naming it.
	MsgStocktakeFrozen = "SKU %s 正在盘点（盘点单 %s），盘点结束前不能出入库"
	// MsgStocktakeTwice refuses to start a stocktake of a product another one counts.
	MsgStocktakeTwice = "SKU %s 正在盘点单 %s 中盘点，不能重复盘点"
	// MsgWarehouseStocktakeTwice refuses a stocktake of a warehouse a whole stocktake counts.
	MsgWarehouseStocktakeTwice = "仓库正在盘点（盘点单 %s），不能重复盘点"
	msgStocktakeImportFailed   = "导入失败，共%d行%d处有误，未录入任何盘点数量："
	msgSKUMissing              = "SKU不能为空"
	msgSKUUnknown              = "SKU“%s”不存在"
	msgSKUTwice                = "与第%d行重复"
)

// Button permissions of the stocktake screens.
const (
	PermissionStocktakeAdd     = "erp:wh:stocktake:add"
	PermissionStocktakeApprove = "erp:wh:stocktake:approve"
	PermissionStocktakeCancel  = "erp:wh:stocktake:cancel"
)

const (
	maxStocktakeProducts = 5000
	stocktakeImportRows  = 20000
	stocktakeWhat        = "盘点单"
	// The count sheet's columns (导入盘点数量).
	countColSKU     = "SKU"
	countColCounted = "盘点数量"
	countColBin     = "库位"
)

// StocktakeForm is a new stocktake: its warehouse, its scope (warehouse: all its products; products: those
// listed) and a remark.
type StocktakeForm struct {
	WarehouseID string   `json:"warehouseId"`
	Scope       string   `json:"scope"`
	ProductIDs  []string `json:"productIds"`
	// BinIDs are the bins a stocktake of bins counts.
	BinIDs []string `json:"binIds"`
	Remark string   `json:"remark"`
}

// bins answers the bins of a stocktake of bins (none for the other scopes).
func (f *StocktakeForm) bins() ([]int64, error) {
	if f.Scope != stockdb.StocktakeBins {
		return nil, nil
	}
	switch {
	case len(f.BinIDs) == 0:
		return nil, core.Invalid(MsgStocktakeBinsEmpty)
	case len(f.BinIDs) > maxBinMoveLines:
		return nil, core.Invalid(MsgStocktakeBinsTooMany)
	}
	seen := map[int64]bool{}
	var ids []int64
	for _, raw := range f.BinIDs {
		id, ok := core.ParseID(raw)
		if !ok {
			return nil, core.Invalid(MsgBinMissing)
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// checkStocktakeBins checks that the bins are the warehouse's.
func checkStocktakeBins(tx *models.DB, p core.Principal, warehouse int64, bins []int64) error {
	for _, b := range bins {
		bin, err := stockdb.BinByID(tx, p.CompanyID, b)
		switch {
		case models.IsNotFound(err):
			return core.Invalid(MsgBinMissing)
		case err != nil:
			return err
		case bin.WarehouseID != warehouse:
			return core.Invalid(msgBinNotInWarehouse)
		}
	}
	return nil
}

// check answers the form's warehouse and products (none for a whole warehouse or some bins).
func (f *StocktakeForm) check() (int64, []int64, error) {
	if strings.TrimSpace(f.WarehouseID) == "" {
		return 0, nil, core.Invalid(MsgDocWarehouseEmpty)
	}
	warehouse, ok := core.ParseID(f.WarehouseID)
	if !ok {
		return 0, nil, core.Invalid(MsgDocWarehouseMissing)
	}
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 500)); err != nil {
		return 0, nil, err
	}
	switch f.Scope {
	case stockdb.StocktakeWarehouse, stockdb.StocktakeBins:
		return warehouse, nil, nil
	case stockdb.StocktakeProducts:
	default:
		return 0, nil, core.Invalid(MsgStocktakeScopeBad)
	}
	switch {
	case len(f.ProductIDs) == 0:
		return 0, nil, core.Invalid(MsgDocLinesEmpty)
	case len(f.ProductIDs) > maxStocktakeProducts:
		return 0, nil, core.Invalid(MsgStocktakeTooMany)
	}
	ids := make([]int64, len(f.ProductIDs))
	seen := map[int64]bool{}
	for i, raw := range f.ProductIDs {
		id, ok := core.ParseID(raw)
		prefix := fmt.Sprintf(msgDocLine, i+1)
		switch {
		case !ok:
			return 0, nil, core.Invalid(prefix + msgDocProductMissing)
		case seen[id]:
			return 0, nil, core.Invalid(prefix + msgDocProductTwice)
		}
		seen[id] = true
		ids[i] = id
	}
	return warehouse, ids, nil
}

// StocktakePage lists a page of the company's stocktakes, newest first, with the total and the page served.
func (s *Service) StocktakePage(ctx context.Context, p core.Principal, q DocumentQuery) ([]stockdb.StocktakeRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := stockdb.DocumentFilter{UserID: p.UserID, Number: strings.TrimSpace(q.Number), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	var err error
	if f.From, f.To, err = core.DayRange(s.timeZone, q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	if st := strings.TrimSpace(q.Status); st != "" {
		n := int(st[0] - '0')
		if len(st) != 1 || n < stockdb.StocktakeDraft || n > stockdb.StocktakeCancelled {
			return nil, 0, r, core.Invalid(MsgDocStatusBad)
		}
		f.Status = &n
	}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return []stockdb.StocktakeRow{}, 0, r, nil
		}
	}
	rows, total, err := stockdb.StocktakePage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Stocktake loads one of the company's stocktakes with its lines.
func (s *Service) Stocktake(ctx context.Context, p core.Principal, id string) (*stockdb.StocktakeRow, []stockdb.StocktakeLineRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, nil, core.NotFound(stocktakeWhat)
	}
	db := s.db.With(ctx)
	st, err := stockdb.StocktakeByID(db, p.CompanyID, p.UserID, n)
	if err != nil {
		return nil, nil, core.NotFoundAs(err, stocktakeWhat)
	}
	lines, err := stockdb.StocktakeLines(db, p.CompanyID, n)
	return st, lines, err
}

// StocktakeBins lists the bins a stocktake of bins counts, by code; the stocktake was loaded by Stocktake.
func (s *Service) StocktakeBins(ctx context.Context, p core.Principal, stocktakeID int64) ([]stockdb.Bin, error) {
	return stockdb.StocktakeBinCodes(s.db.With(ctx), p.CompanyID, stocktakeID)
}

// CreateStocktake adds a draft stocktake (待提交) of one of the company's enabled warehouses, numbered per company
// and day (PD20261206-0001).
func (s *Service) CreateStocktake(ctx context.Context, p core.Principal, f StocktakeForm) (*stockdb.Stocktake, error) {
	warehouse, ids, err := f.check()
	if err != nil {
		return nil, err
	}
	bins, err := f.bins()
	if err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	var st *stockdb.Stocktake
	err = s.numbers.Write(ctx, models.StocktakeNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		st = &stockdb.Stocktake{CompanyID: p.CompanyID, WarehouseID: warehouse, Scope: f.Scope, Status: stockdb.StocktakeDraft,
			Remark: f.Remark, CreatorID: &p.UserID, CreatedAt: now, UpdatedAt: now}
		if err := checkDocument(tx, p, warehouse, ids); err != nil {
			return err
		}
		if err := checkStocktakeBins(tx, p, warehouse, bins); err != nil {
			return err
		}
		if st.Number, err = next(); err != nil {
			return err
		}
		if err := stockdb.CreateStocktake(tx, st, ids); err != nil {
			return err
		}
		return stockdb.SetStocktakeBins(tx, st.ID, bins)
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// UpdateStocktake replaces a draft's warehouse, scope, products and remark; refused once started.
func (s *Service) UpdateStocktake(ctx context.Context, p core.Principal, id string, f StocktakeForm) error {
	return s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		warehouse, ids, err := f.check()
		if err != nil {
			return err
		}
		bins, err := f.bins()
		if err != nil {
			return err
		}
		moved, err := stockdb.MoveStocktake(tx, p.CompanyID, st.ID, []int{stockdb.StocktakeDraft}, stockdb.StocktakeDraft,
			map[string]any{"warehouse_id": warehouse, "scope": f.Scope, "remark": f.Remark, "updated_at": s.now.Stamp()})
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgStocktakeNotEditable)
		}
		if err := checkDocument(tx, p, warehouse, ids); err != nil {
			return err
		}
		if err := checkStocktakeBins(tx, p, warehouse, bins); err != nil {
			return err
		}
		if err := stockdb.SetStocktakeBins(tx, st.ID, bins); err != nil {
			return err
		}
		return stockdb.ReplaceStocktakeLines(tx, p.CompanyID, st.ID, ids)
	})
}

// StartStocktake (开始盘点) moves a draft to 盘点中: its products (every product of a whole warehouse) are frozen
// and their book quantities recorded, in one transaction. Refused when another stocktake counts one of them.
func (s *Service) StartStocktake(ctx context.Context, p core.Principal, id string) error {
	return s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		moved, err := stockdb.MoveStocktake(tx, p.CompanyID, st.ID, []int{stockdb.StocktakeDraft}, stockdb.StocktakeCounting,
			map[string]any{"started_at": s.now.Stamp(), "updated_at": s.now.Stamp()})
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgStocktakeNotDraft)
		}
		w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, st.WarehouseID)
		if err != nil {
			return err
		}
		if w.Stocktaking {
			return core.Refused(fmt.Sprintf(MsgWarehouseStocktakeTwice, stocktakeNumber(tx, p.CompanyID, w.StocktakeID)))
		}
		var twice *stockdb.FrozenStock
		switch st.Scope {
		case stockdb.StocktakeWarehouse:
			twice, err = stockdb.FreezeWarehouse(tx, p.CompanyID, st.WarehouseID, st.ID)
		case stockdb.StocktakeBins:
			twice, err = stockdb.FreezeBins(tx, p.CompanyID, st.WarehouseID, st.ID)
		default:
			lines, err := stockdb.StocktakeLines(tx, p.CompanyID, st.ID)
			if err != nil {
				return err
			}
			ids := make([]int64, len(lines))
			for i, l := range lines {
				ids[i] = l.ProductID
			}
			slices.Sort(ids)
			twice, err = stockdb.FreezeProducts(tx, p.CompanyID, st.WarehouseID, st.ID, ids)
		}
		if twice != nil {
			return core.Refused(fmt.Sprintf(MsgStocktakeTwice, twice.SKU, twice.Number))
		}
		return err
	})
}

// stocktakeNumber is the number of the stocktake with the id, "" when none.
func stocktakeNumber(tx *models.DB, companyID int64, id *int64) string {
	if id == nil {
		return ""
	}
	var numbers []string
	tx.Table("stocktakes").Where("company_id = ? AND id = ?", companyID, *id).Pluck("number", &numbers)
	if len(numbers) == 0 {
		return ""
	}
	return numbers[0]
}

// StocktakeCount is a counted quantity typed for a product of the stocktake; nil Counted forgets the count.
type StocktakeCount struct {
	ProductID string `json:"productId"`
	// BinID is the line's bin in a stocktake of bins ("" otherwise).
	BinID   string `json:"binId"`
	Counted *int   `json:"counted"`
}

// CountStocktake records typed counts (盘点数量) of a stocktake 盘点中, all of them or none.
func (s *Service) CountStocktake(ctx context.Context, p core.Principal, id string, counts []StocktakeCount) error {
	if len(counts) == 0 {
		return core.Invalid(MsgDocLinesEmpty)
	}
	return s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		if st.Status != stockdb.StocktakeCounting {
			return core.Refused(MsgStocktakeNotCounting)
		}
		for i, c := range counts {
			prefix := fmt.Sprintf(msgDocLine, i+1)
			product, ok := core.ParseID(c.ProductID)
			if !ok {
				return core.Invalid(prefix + msgDocProductMissing)
			}
			var bin int64
			if c.BinID != "" {
				if bin, ok = core.ParseID(c.BinID); !ok {
					return core.Invalid(prefix + MsgBinMissing)
				}
			}
			if c.Counted == nil {
				if err := stockdb.ClearCount(tx, p.CompanyID, st.ID, product, bin); err != nil {
					return err
				}
				continue
			}
			if *c.Counted < 0 || *c.Counted > maxLineQuantity {
				return core.Invalid(prefix + MsgStocktakeCountedBad)
			}
			if err := s.count(tx, p, st, product, bin, *c.Counted, false); err != nil {
				return err
			}
		}
		return nil
	})
}

// count sets (or adds to) a product's count (in a bin: a stocktake of bins); a whole warehouse's stocktake takes a
// product not on its sheet, and a stocktake of bins a product found in one of its bins (frozen then, when it was not).
func (s *Service) count(tx *models.DB, p core.Principal, st *stockdb.StocktakeRow, product, bin int64, n int, add bool) error {
	create := st.Scope == stockdb.StocktakeWarehouse
	if st.Scope == stockdb.StocktakeBins {
		if bin == 0 {
			return core.Invalid(MsgStocktakeBinNeeded)
		}
		on, err := stockdb.CountLine(tx, p.CompanyID, st.ID, st.WarehouseID, product, bin, n, add, false)
		if err != nil || on {
			return err
		}
		if err := binOnSheet(tx, p, st, bin); err != nil {
			return err
		}
		frozen, err := stockdb.FrozenBy(tx, p.CompanyID, st.WarehouseID, product, st.ID)
		if err != nil {
			return err
		}
		if !frozen {
			twice, err := stockdb.FreezeProducts(tx, p.CompanyID, st.WarehouseID, st.ID, []int64{product})
			if err != nil {
				return err
			}
			if twice != nil {
				return core.Refused(fmt.Sprintf(MsgStocktakeTwice, twice.SKU, twice.Number))
			}
		}
		create = true
	} else {
		bin = 0
	}
	on, err := stockdb.CountLine(tx, p.CompanyID, st.ID, st.WarehouseID, product, bin, n, add, create)
	if err != nil || on {
		return err
	}
	skus, err := stockdb.ProductSKUs(tx, p.CompanyID, []int64{product})
	if err != nil {
		return err
	}
	if sku, ok := skus[product]; ok {
		return core.Refused(fmt.Sprintf(MsgStocktakeNotOnSheet, sku))
	}
	return core.Invalid(msgDocProductMissing)
}

// binOnSheet refuses a bin a stocktake of bins does not count.
func binOnSheet(tx *models.DB, p core.Principal, st *stockdb.StocktakeRow, bin int64) error {
	bins, err := stockdb.StocktakeBinCodes(tx, p.CompanyID, st.ID)
	if err != nil {
		return err
	}
	for _, b := range bins {
		if b.ID == bin {
			return nil
		}
	}
	code := ""
	if b, err := stockdb.BinByID(tx, p.CompanyID, bin); err == nil {
		code = b.Code
	}
	return core.Refused(fmt.Sprintf(MsgStocktakeBinNotOnSheet, code))
}

// binByCode finds the stocktake's warehouse's bin with the code ("": none).
func binByCode(tx *models.DB, p core.Principal, st *stockdb.StocktakeRow, code string) (int64, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return 0, nil
	}
	found, err := stockdb.BinsByCode(tx, p.CompanyID, st.WarehouseID, []string{code})
	if err != nil {
		return 0, err
	}
	b, ok := found[code]
	if !ok {
		return 0, core.Invalid(fmt.Sprintf(MsgStocktakeBinUnknown, code))
	}
	return b.ID, nil
}

// StocktakeScan is a scan: the code read (SKU or FNSKU) and how many units it stands for (1 when 0).
type StocktakeScan struct {
	Code     string `json:"code"`
	Quantity int    `json:"quantity"`
	// BinCode is the bin being counted (a stocktake of bins needs it).
	BinCode string `json:"binCode"`
}

// ScannedLine is the line a scan counted, as it now stands.
type ScannedLine struct {
	ProductID string `json:"productId"`
	BinCode   string `json:"binCode"`
	SKU       string `json:"sku"`
	Name      string `json:"name"`
	Book      int    `json:"book"`
	Counted   int    `json:"counted"`
}

// ScanStocktake adds a scanned product's units to its count (a scanner's Enter sends each label).
func (s *Service) ScanStocktake(ctx context.Context, p core.Principal, id string, scan StocktakeScan) (ScannedLine, error) {
	code := strings.TrimSpace(scan.Code)
	if code == "" {
		return ScannedLine{}, core.Invalid(MsgStocktakeCodeEmpty)
	}
	if scan.Quantity == 0 {
		scan.Quantity = 1
	}
	if scan.Quantity < 1 || scan.Quantity > maxLineQuantity {
		return ScannedLine{}, core.Invalid(MsgStocktakeScanBad)
	}
	var out ScannedLine
	err := s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		if st.Status != stockdb.StocktakeCounting {
			return core.Refused(MsgStocktakeNotCounting)
		}
		product, found, err := stockdb.ProductByCode(tx, p.CompanyID, code)
		if err != nil {
			return err
		}
		if !found {
			return core.Invalid(fmt.Sprintf(MsgStocktakeCodeUnknown, code))
		}
		bin, err := binByCode(tx, p, st, scan.BinCode)
		if err != nil {
			return err
		}
		if st.Scope != stockdb.StocktakeBins {
			bin = 0
		}
		if err := s.count(tx, p, st, product, bin, scan.Quantity, true); err != nil {
			return err
		}
		lines, err := stockdb.StocktakeLines(tx, p.CompanyID, st.ID)
		for _, l := range lines {
			if l.ProductID == product && l.BinID == bin {
				out = ScannedLine{ProductID: fmt.Sprint(product), BinCode: l.BinCode, SKU: l.SKU, Name: l.Name, Book: deref(l.Book), Counted: deref(l.Counted)}
			}
		}
		return err
	})
	return out, err
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// PostStocktake (过账) moves a stocktake 盘点中 to 已完成: its products are unfrozen and each counted line's
// difference (counted − book) moves the fulfillable stock as one document, valued at the product's 采购成本 in
// force today. Uncounted lines keep their book quantity.
func (s *Service) PostStocktake(ctx context.Context, p core.Principal, id string) error {
	return s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		if st.CountedCount == 0 && st.Status == stockdb.StocktakeCounting {
			return core.Refused(MsgStocktakeNothingCount)
		}
		moved, err := stockdb.MoveStocktake(tx, p.CompanyID, st.ID, []int{stockdb.StocktakeCounting}, stockdb.StocktakePosted,
			map[string]any{"poster_id": p.UserID, "posted_at": s.now.Stamp(), "updated_at": s.now.Stamp()})
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgStocktakeNotPostable)
		}
		// The products are unfrozen by the write that moves them; the warehouse's mark goes after its rows.
		if err := s.moveStocktakeStock(tx, p, st, stockdb.DocStocktake, 1, true); err != nil {
			return err
		}
		return stockdb.UnmarkWarehouse(tx, p.CompanyID, st.ID)
	})
}

// CancelStocktake moves a stocktake to 已作废: a draft's or a counting one's products are unfrozen and nothing
// moves; a posted one's differences are moved back, refused when that stock has been used since.
func (s *Service) CancelStocktake(ctx context.Context, p core.Principal, id string) error {
	return s.changeStocktake(ctx, p, id, func(tx *models.DB, st *stockdb.StocktakeRow) error {
		set := map[string]any{"cancelled_at": s.now.Stamp(), "updated_at": s.now.Stamp()}
		moved, err := stockdb.MoveStocktake(tx, p.CompanyID, st.ID, []int{stockdb.StocktakeDraft, stockdb.StocktakeCounting}, stockdb.StocktakeCancelled, set)
		if err != nil {
			return err
		}
		if moved {
			return stockdb.Unfreeze(tx, p.CompanyID, st.ID)
		}
		if moved, err = stockdb.MoveStocktake(tx, p.CompanyID, st.ID, []int{stockdb.StocktakePosted}, stockdb.StocktakeCancelled, set); err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgStocktakeCancelled)
		}
		return s.moveStocktakeStock(tx, p, st, CancelDocType(stockdb.DocStocktake), -1, false)
	})
}

// changeStocktake loads the company's stocktake and runs change on it in one transaction.
func (s *Service) changeStocktake(ctx context.Context, p core.Principal, id string, change func(*models.DB, *stockdb.StocktakeRow) error) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(stocktakeWhat)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		st, err := stockdb.StocktakeByID(tx, p.CompanyID, p.UserID, n)
		if err != nil {
			return core.NotFoundAs(err, stocktakeWhat)
		}
		return change(tx, st)
	})
}

// moveStocktakeStock moves each counted line's difference times sign in the fulfillable stock, under docType and
// the stocktake's number, with the line's unit cost (valued now and unfreezing the stocktake's products when value
// is set: posting; else as it was posted).
func (s *Service) moveStocktakeStock(tx *models.DB, p core.Principal, st *stockdb.StocktakeRow, docType string, sign int, value bool) error {
	lines, err := stockdb.StocktakeLines(tx, p.CompanyID, st.ID)
	if err != nil {
		return err
	}
	var costs map[int64][]catalogdb.ProductCost
	if value {
		ids := make([]int64, len(lines))
		for i, l := range lines {
			ids[i] = l.ProductID
		}
		if costs, err = catalogdb.CostHistories(tx, p.CompanyID, ids); err != nil {
			return err
		}
	}
	today := s.now().In(s.timeZone).Format("2006-01-02")
	changes := make([]stockdb.StockChange, 0, len(lines))
	unitCosts := map[int64]*int64{}
	skus := make(map[int64]string, len(lines))
	for _, l := range lines {
		skus[l.ProductID] = l.SKU
		if l.Counted == nil || *l.Counted == deref(l.Book) {
			continue
		}
		cost := l.UnitCost
		if value {
			cost = nil
			if c := catalogdb.CostOn(costs[l.ProductID], today); c.UnitCost.Valid {
				units := models.Money{Decimal: c.UnitCost.Decimal}.Units()
				cost = &units
			}
			unitCosts[l.ProductID] = cost
		}
		d := sign * (*l.Counted - deref(l.Book))
		c := stockdb.StockChange{WarehouseID: st.WarehouseID, ProductID: l.ProductID, Fulfillable: d, UnitCost: cost}
		if l.BinID != 0 { // a bin's difference is the bin's too
			c.BinID, c.Bin = l.BinID, d
		}
		changes = append(changes, c)
	}
	if value {
		if err := stockdb.SetLineCosts(tx, p.CompanyID, st.ID, unitCosts); err != nil {
			return err
		}
	}
	cause := stockdb.StockCause{DocType: docType, DocNumber: st.Number, OperatorID: &p.UserID}
	if value { // posting: the stocktake's frozen products are released as they move
		cause.Posts = st.ID
	}
	err = stockdb.MoveStock(tx, p.CompanyID, cause, changes)
	return s.refusal(tx, p, err, skus, MsgCancelShort)
}

// refusal words MoveStock's refusals of a movement of products (skus by id): stock short (short: SKU, available,
// quantity), or a product a stocktake froze (named).
func (s *Service) refusal(tx *models.DB, p core.Principal, err error, skus map[int64]string, short string) error {
	var shortErr *stockdb.StockShortError
	var frozen *stockdb.StocktakeError
	switch {
	case errors.As(err, &shortErr):
		return core.Refused(fmt.Sprintf(short, skus[shortErr.ProductID], shortErr.Have, -shortErr.Change))
	case errors.As(err, &frozen) && frozen.Number != "":
		return core.Refused(fmt.Sprintf(MsgStocktakeFrozen, skus[frozen.ProductID], frozen.Number))
	case errors.Is(err, stockdb.ErrWarehouseStocktaking):
		return core.Refused(MsgWarehouseStocktaking)
	}
	return err
}
