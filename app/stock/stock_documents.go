package stock

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
)

// Messages of the inbound (入库单) and outbound (出库单) document calls.
const (
	MsgDocWarehouseEmpty    = "请选择仓库"
	MsgDocWarehouseMissing  = "仓库不存在"
	MsgDocWarehouseDisabled = "仓库已停用，不能新建单据"
	MsgDocLinesEmpty        = "请添加产品"
	MsgDocTooManyLines      = "产品不能超过500行"
	MsgDocStatusBad         = "单据状态不正确"
	MsgDocNotDraft          = "只有待提交的单据可以提交"
	MsgDocNotEditable       = "单据已提交，不能再编辑"
	MsgDocNotSubmitted      = "只有待审核的单据可以审核"
	MsgDocCancelled         = "单据已作废"
	MsgWarehouseStocktaking = "仓库正在盘点，暂停出入库"
	msgDocLine              = "第%d行："
	msgDocProductMissing    = "产品不存在"
	msgDocProductTwice      = "产品重复"
	msgDocQuantityBad       = "数量必须为1到1000000的整数"
	msgDocUnitCostBad       = "单价(元)必须是不小于0的数字"
	msgDocUnitCostScale     = "单价(元)最多2位小数"
	msgDocUnitCostTooHigh   = "单价(元)不能超过999999.99"
	// MsgOutboundShort names the product and what is there: 库存不足：SKU A-1 可用库存 3，出库数量 5.
	MsgOutboundShort = "库存不足：SKU %s 可用库存 %d，出库数量 %d"
	// MsgCancelShort refuses to cancel an approved inbound document whose stock has been used since.
	MsgCancelShort = "库存已被使用，不能作废：SKU %s 可用库存 %d，需扣回 %d"
)

// Button permissions of the document screens. Reading needs the list's screen (its menu entry).
const (
	PermissionInboundAdd      = "erp:wh:inbound:add"
	PermissionInboundApprove  = "erp:wh:inbound:approve"
	PermissionInboundCancel   = "erp:wh:inbound:cancel"
	PermissionOutboundAdd     = "erp:wh:outbound:add"
	PermissionOutboundApprove = "erp:wh:outbound:approve"
	PermissionOutboundCancel  = "erp:wh:outbound:cancel"
)

const (
	maxDocumentLines = 500
	maxLineQuantity  = 1_000_000
)

// maxUnitCost bounds a line's unit cost: a document's total (500 lines of a million units) stays within a 64-bit
// count of ten-thousandths of a yuan.
var maxUnitCost = decimal.RequireFromString("999999.99")

// unitCostNumber is how a unit cost is written: digits, and decimals after a point.
var unitCostNumber = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// documentKinds names each kind and its number series, and says which way its approval moves fulfillable stock.
var documentKinds = map[string]struct {
	what   string
	series models.NumberSeries
	sign   int
}{
	stockdb.DocInbound:  {"入库单", models.InboundNumbers, +1},
	stockdb.DocOutbound: {"出库单", models.OutboundNumbers, -1},
	stockdb.DocTransfer: {"调拨单", models.TransferNumbers, 0},
	stockdb.DocExchange: {"换货单", models.ExchangeNumbers, 0},
	stockdb.DocProcess:  {"加工单", models.ProcessNumbers, 0},
	// 海外仓发货 moves its stock itself (moveOverseas): out of the overseas warehouse, into FBA's inbound when sent there.
	stockdb.DocOverseasOut: {"海外仓发货单", models.OverseasOutNumbers, 0},
	// 海外仓入库 ships and receives as a transfer does (shipTransfer, ReceiveInTransit).
	stockdb.DocOverseasIn: {"海外仓入库单", models.OverseasInNumbers, 0},
}

// CancelDocType is the ledger's document type of the reversal written when an approved document is cancelled.
func CancelDocType(kind string) string { return kind + "_cancel" }

// DocumentLineForm is one line of a new document: a product of the company and a positive quantity. An inbound
// line may have the unit cost it was bought at (单价, CNY, two decimals at most, "" when not known): its receipt
// values the stock. An outbound line's is not kept.
type DocumentLineForm struct {
	ProductID string `json:"productId"`
	Quantity  int    `json:"quantity"`
	UnitCost  string `json:"unitCost"`
	Remark    string `json:"remark"`
	// BinID is the bin an inbound line is put away into at approval ("" leaves its units 待上架); an exchange's
	// line takes its units out of it and puts the new ones into it.
	BinID string `json:"binId"`
	// ToProductID is the product an exchange's line makes of its units (换入产品); other kinds have none.
	ToProductID string `json:"toProductId"`
}

// unitCost reads a line's 单价: nil when empty, else a number from 0 to maxUnitCost with at most two decimals, in
// models.Money's units.
func unitCost(raw string) (*int64, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	if !unitCostNumber.MatchString(raw) {
		return nil, core.Invalid(msgDocUnitCostBad)
	}
	d := decimal.RequireFromString(raw)
	switch {
	case !d.Equal(d.Truncate(2)):
		return nil, core.Invalid(msgDocUnitCostScale)
	case d.GreaterThan(maxUnitCost):
		return nil, core.Invalid(msgDocUnitCostTooHigh)
	}
	units := models.Money{Decimal: d}.Units()
	return &units, nil
}

// DocumentForm is a new document: its warehouse, its lines and a remark.
type DocumentForm struct {
	WarehouseID string `json:"warehouseId"`
	// ToWarehouseID is a transfer's target (调入仓库); other kinds have none.
	ToWarehouseID string             `json:"toWarehouseId"`
	Remark        string             `json:"remark"`
	Lines         []DocumentLineForm `json:"lines"`
	// A processing order's product made, how many and the fee per unit (元/件, "" for none); its lines are the
	// product's bill of materials times the quantity with its packing, or, with OwnLines, the form's lines: the
	// consumption as the user edited it (each component's quantity changed, some added or removed).
	MadeProductID string `json:"madeProductId"`
	MadeQuantity  int    `json:"madeQuantity"`
	ProcessFee    string `json:"processFee"`
	OwnLines      bool   `json:"ownLines"`
	// A 海外仓发货's destination (its fields are the body's own).
	OverseasForm
	// A 海外仓入库's channel and boxes (its tracking number is OverseasForm's).
	HeadLegForm
}

// lines checks the form's lines of a document of kind and answers them with the products' ids.
func (f *DocumentForm) lines(kind string) ([]stockdb.StockDocumentLine, []int64, error) {
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 500)); err != nil {
		return nil, nil, err
	}
	switch {
	case len(f.Lines) == 0:
		return nil, nil, core.Invalid(MsgDocLinesEmpty)
	case len(f.Lines) > maxDocumentLines:
		return nil, nil, core.Invalid(MsgDocTooManyLines)
	}
	out := make([]stockdb.StockDocumentLine, len(f.Lines))
	ids := make([]int64, len(f.Lines))
	seen := map[int64]bool{}
	for i := range f.Lines {
		l := &f.Lines[i]
		prefix := fmt.Sprintf(msgDocLine, i+1)
		id, ok := core.ParseID(l.ProductID)
		switch {
		case !ok:
			return nil, nil, core.Invalid(prefix + msgDocProductMissing)
		case seen[id]:
			return nil, nil, core.Invalid(prefix + msgDocProductTwice)
		case l.Quantity < 1 || l.Quantity > maxLineQuantity:
			return nil, nil, core.Invalid(prefix + msgDocQuantityBad)
		}
		if err := core.CheckFields(core.Optional(&l.Remark, prefix+"备注", 200)); err != nil {
			return nil, nil, err
		}
		var cost *int64
		if kind == stockdb.DocInbound {
			var err error
			if cost, err = unitCost(l.UnitCost); err != nil {
				return nil, nil, core.Invalid(prefix + err.Error())
			}
		}
		var bin *int64
		if b := strings.TrimSpace(l.BinID); b != "" && (kind == stockdb.DocInbound || kind == stockdb.DocExchange) {
			n, ok := core.ParseID(b)
			if !ok {
				return nil, nil, core.Invalid(prefix + MsgBinMissing)
			}
			bin = &n
		}
		seen[id] = true
		out[i] = stockdb.StockDocumentLine{ProductID: id, Quantity: l.Quantity, UnitCost: cost, Remark: l.Remark, BinID: bin}
		ids[i] = id
	}
	return out, ids, nil
}

// DocumentQuery is the body of a document list: the page, a part of the number, a warehouse, a state and the
// creation dates (yyyy-MM-dd, both included).
type DocumentQuery struct {
	core.PageRequest
	Number      string `json:"number"`
	WarehouseID string `json:"warehouseId"`
	Status      string `json:"status"`
	StartDate   string `json:"startDate"`
	EndDate     string `json:"endDate"`
}

// DocumentPage lists a page of the company's documents of a kind, newest first, with the total and the page
// served.
func (s *Service) DocumentPage(ctx context.Context, p core.Principal, kind string, q DocumentQuery) ([]stockdb.DocumentRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := stockdb.DocumentFilter{UserID: p.UserID, Number: strings.TrimSpace(q.Number), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	var err error
	if f.From, f.To, err = core.DayRange(s.timeZone, q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	if st := strings.TrimSpace(q.Status); st != "" {
		n := int(st[0] - '0')
		last := stockdb.DocCancelled
		if kind == stockdb.DocTransfer || kind == stockdb.DocOverseasIn {
			last = stockdb.DocReceived
		}
		if len(st) != 1 || n < stockdb.DocDraft || n > last {
			return nil, 0, r, core.Invalid(MsgDocStatusBad)
		}
		f.Status = &n
	}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return []stockdb.DocumentRow{}, 0, r, nil
		}
	}
	rows, total, err := stockdb.DocumentPage(s.db.With(ctx), p.CompanyID, kind, f)
	return rows, total, r, err
}

// Document loads one of the company's documents of a kind with its lines.
func (s *Service) Document(ctx context.Context, p core.Principal, kind, id string) (*stockdb.DocumentRow, []stockdb.DocumentLineRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, nil, core.NotFound(documentKinds[kind].what)
	}
	db := s.db.With(ctx)
	d, err := stockdb.DocumentByID(db, p.CompanyID, p.UserID, kind, n)
	if err != nil {
		return nil, nil, core.NotFoundAs(err, documentKinds[kind].what)
	}
	lines, err := stockdb.DocumentLines(db, p.CompanyID, n)
	return d, lines, err
}

// CreateDocument adds a draft document (待提交) of a kind to one of the company's enabled warehouses, numbered
// per company and day (RK20261122-0001). Its products must be the company's, each once.
func (s *Service) CreateDocument(ctx context.Context, p core.Principal, kind string, f DocumentForm) (*stockdb.StockDocument, error) {
	head, err := processForm(ctx, s.db, p, kind, &f)
	if err != nil {
		return nil, err
	}
	overseas, err := overseasForm(kind, &f.OverseasForm)
	if err != nil {
		return nil, err
	}
	leg, err := headLegForm(kind, &f)
	if err != nil {
		return nil, err
	}
	warehouse, lines, ids, err := f.check(kind)
	if err != nil {
		return nil, err
	}
	target, err := f.target(kind, warehouse)
	if err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	var d *stockdb.StockDocument
	err = s.numbers.Write(ctx, documentKinds[kind].series, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		d = &stockdb.StockDocument{CompanyID: p.CompanyID, Kind: kind, WarehouseID: warehouse, Status: stockdb.DocDraft,
			Remark: f.Remark, CreatorID: &p.UserID, ToWarehouseID: target, CreatedAt: now, UpdatedAt: now}
		if head != nil {
			d.MadeProductID, d.MadeQuantity, d.ProcessFee = &head.product, head.quantity, head.fee
		}
		err := checkDocument(tx, p, warehouse, ids)
		if err != nil {
			return err
		}
		if err := checkLineBins(tx, p, warehouse, lines); err != nil {
			return err
		}
		if err := checkOverseasIn(tx, p, kind, warehouse, target); err != nil {
			return err
		}
		if err := checkTransfer(tx, p, warehouse, target); err != nil {
			return err
		}
		if err := checkExchange(tx, p, kind, warehouse, lines); err != nil {
			return err
		}
		if err := checkProcess(tx, p, kind, warehouse); err != nil {
			return err
		}
		if leg != nil {
			if err := linkHeadLeg(tx, p, leg); err != nil {
				return err
			}
			d.HeadLeg, d.Carrier, d.Tracking = leg.HeadLeg, leg.carrier, leg.tracking
		}
		if overseas != nil {
			if d.ToWarehouseID, err = linkOverseas(tx, p, kind, warehouse, overseas); err != nil {
				return err
			}
			d.OverseasOut = overseas.out
		}
		if d.Number, err = next(); err != nil {
			return err
		}
		return stockdb.CreateDocument(tx, d, append([]stockdb.StockDocumentLine(nil), lines...))
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// check checks the form as a whole: its warehouse's id and its lines, answered with the products' ids.
func (f *DocumentForm) check(kind string) (int64, []stockdb.StockDocumentLine, []int64, error) {
	if strings.TrimSpace(f.WarehouseID) == "" {
		return 0, nil, nil, core.Invalid(MsgDocWarehouseEmpty)
	}
	warehouse, ok := core.ParseID(f.WarehouseID)
	if !ok {
		return 0, nil, nil, core.Invalid(MsgDocWarehouseMissing)
	}
	lines, ids, err := f.lines(kind)
	if err == nil {
		err = f.exchangeTargets(kind, lines)
	}
	return warehouse, lines, ids, err
}

// checkDocument checks, in the transaction saving a document, that its warehouse is one of the company's enabled
// ones and its products are the company's.
func checkDocument(tx *models.DB, p core.Principal, warehouse int64, ids []int64) error {
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, warehouse)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(MsgDocWarehouseMissing)
	case err != nil:
		return err
	case w.Disabled:
		return core.Refused(MsgDocWarehouseDisabled)
	}
	skus, err := stockdb.ProductSKUs(tx, p.CompanyID, ids)
	if err != nil {
		return err
	}
	for i, id := range ids {
		if _, ok := skus[id]; !ok {
			return core.Invalid(fmt.Sprintf(msgDocLine, i+1) + msgDocProductMissing)
		}
	}
	return nil
}

// checkLineBins checks that the bins the lines name are enabled bins of the document's warehouse.
func checkLineBins(tx *models.DB, p core.Principal, warehouse int64, lines []stockdb.StockDocumentLine) error {
	for i, l := range lines {
		if l.BinID == nil {
			continue
		}
		if err := CheckPutAway(tx, p.CompanyID, warehouse, *l.BinID, fmt.Sprintf(msgDocLine, i+1)); err != nil {
			return err
		}
	}
	return nil
}

// CheckPutAway checks that a bin units are put away into on receipt is an enabled bin of the receiving warehouse;
// prefix names the line in the refusal (第2行：).
func CheckPutAway(tx *models.DB, companyID, warehouse, bin int64, prefix string) error {
	b, err := stockdb.BinByID(tx, companyID, bin)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(prefix + MsgBinMissing)
	case err != nil:
		return err
	case b.WarehouseID != warehouse:
		return core.Invalid(prefix + msgBinNotInWarehouse)
	case b.Disabled:
		return core.Refused(prefix + fmt.Sprintf(MsgBinDisabled, b.Code))
	}
	return nil
}

// UpdateDocument replaces a draft's (待提交) warehouse, lines and remark, checked as a new document's are, in one
// transaction. Once submitted (or cancelled) a document is refused: a conditional update on its state decides,
// so an edit racing a submission either lands before it or is refused.
func (s *Service) UpdateDocument(ctx context.Context, p core.Principal, kind, id string, f DocumentForm) error {
	head, err := processForm(ctx, s.db, p, kind, &f)
	if err != nil {
		return err
	}
	overseas, err := overseasForm(kind, &f.OverseasForm)
	if err != nil {
		return err
	}
	leg, err := headLegForm(kind, &f)
	if err != nil {
		return err
	}
	warehouse, lines, ids, err := f.check(kind)
	if err != nil {
		return err
	}
	target, err := f.target(kind, warehouse)
	if err != nil {
		return err
	}
	return s.changeDocument(ctx, p, kind, id, func(tx *models.DB, d *stockdb.DocumentRow) error {
		set := map[string]any{"warehouse_id": warehouse, "to_warehouse_id": target, "remark": f.Remark, "updated_at": s.now.Stamp()}
		if head != nil {
			set["made_product_id"], set["made_quantity"], set["process_fee"] = head.product, head.quantity, head.fee
		}
		moved, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocDraft}, stockdb.DocDraft, set)
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgDocNotEditable)
		}
		if err := checkDocument(tx, p, warehouse, ids); err != nil {
			return err
		}
		if err := checkLineBins(tx, p, warehouse, lines); err != nil {
			return err
		}
		if err := checkOverseasIn(tx, p, kind, warehouse, target); err != nil {
			return err
		}
		if err := checkTransfer(tx, p, warehouse, target); err != nil {
			return err
		}
		if err := checkExchange(tx, p, kind, warehouse, lines); err != nil {
			return err
		}
		if err := checkProcess(tx, p, kind, warehouse); err != nil {
			return err
		}
		if leg != nil {
			if err := linkHeadLeg(tx, p, leg); err != nil {
				return err
			}
			if _, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocDraft}, stockdb.DocDraft, headLegColumns(leg)); err != nil {
				return err
			}
		}
		if overseas != nil {
			target, err := linkOverseas(tx, p, kind, warehouse, overseas)
			if err != nil {
				return err
			}
			if _, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocDraft}, stockdb.DocDraft, overseasColumns(overseas, target)); err != nil {
				return err
			}
		}
		return stockdb.ReplaceDocumentLines(tx, p.CompanyID, d.ID, lines)
	})
}

// SubmitDocument moves a draft (待提交) to 待审核.
func (s *Service) SubmitDocument(ctx context.Context, p core.Principal, kind, id string) error {
	return s.changeDocument(ctx, p, kind, id, func(tx *models.DB, d *stockdb.DocumentRow) error {
		moved, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocDraft}, stockdb.DocSubmitted,
			map[string]any{"submitted_at": s.now.Stamp(), "updated_at": s.now.Stamp()})
		if err == nil && !moved {
			return core.Refused(MsgDocNotDraft)
		}
		return err
	})
}

// ApproveDocument moves a submitted document (待审核) to 已完成 and its stock with it, in one transaction: an
// inbound document adds each line's quantity to the fulfillable stock, an outbound one takes it, refused (with
// the SKU and what is available) when short. Approved twice at once, it moves the stock once.
func (s *Service) ApproveDocument(ctx context.Context, p core.Principal, kind, id string) error {
	return s.changeDocument(ctx, p, kind, id, func(tx *models.DB, d *stockdb.DocumentRow) error {
		moved, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocSubmitted}, stockdb.DocApproved,
			map[string]any{"approver_id": p.UserID, "approved_at": s.now.Stamp(), "updated_at": s.now.Stamp()})
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgDocNotSubmitted)
		}
		switch kind {
		case stockdb.DocTransfer:
			return s.shipTransfer(tx, p, d, 1)
		case stockdb.DocOverseasIn:
			if err := setArrival(s, tx, p, d); err != nil {
				return err
			}
			return s.shipTransfer(tx, p, d, 1)
		case stockdb.DocExchange:
			return s.moveExchange(tx, p, d, 1)
		case stockdb.DocProcess:
			return moveProcess(s, tx, p, d, 1)
		case stockdb.DocOverseasOut:
			return moveOverseas(s, tx, p, d, 1)
		}
		return s.moveDocumentStock(tx, p, d, kind, documentKinds[kind].sign, MsgOutboundShort)
	})
}

// CancelDocument moves a document to 已作废. A draft or submitted one has moved no stock; an approved one has its
// movement reversed exactly, refused when that stock has been used since (it would go below zero).
func (s *Service) CancelDocument(ctx context.Context, p core.Principal, kind, id string) error {
	return s.changeDocument(ctx, p, kind, id, func(tx *models.DB, d *stockdb.DocumentRow) error {
		set := map[string]any{"cancelled_at": s.now.Stamp(), "updated_at": s.now.Stamp()}
		moved, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocDraft, stockdb.DocSubmitted}, stockdb.DocCancelled, set)
		if err != nil || moved {
			return err
		}
		if moved, err = stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocApproved}, stockdb.DocCancelled, set); err != nil {
			return err
		}
		switch {
		case !moved && d.Status == stockdb.DocReceived && kind == stockdb.DocOverseasIn:
			return core.Refused(MsgOverseasInReceived)
		case !moved && d.Status == stockdb.DocReceived:
			return core.Refused(MsgTransferReceived)
		case !moved:
			return core.Refused(MsgDocCancelled)
		case kind == stockdb.DocTransfer || kind == stockdb.DocOverseasIn:
			return s.shipTransfer(tx, p, d, -1)
		case kind == stockdb.DocExchange:
			return s.moveExchange(tx, p, d, -1)
		case kind == stockdb.DocProcess:
			return moveProcess(s, tx, p, d, -1)
		case kind == stockdb.DocOverseasOut:
			return moveOverseas(s, tx, p, d, -1)
		}
		return s.moveDocumentStock(tx, p, d, CancelDocType(kind), -documentKinds[kind].sign, MsgCancelShort)
	})
}

// changeDocument loads the company's document of the kind and runs change on it in one transaction.
func (s *Service) changeDocument(ctx context.Context, p core.Principal, kind, id string, change func(*models.DB, *stockdb.DocumentRow) error) error {
	what := documentKinds[kind].what
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(what)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		d, err := stockdb.DocumentByID(tx, p.CompanyID, p.UserID, kind, n)
		if err != nil {
			return core.NotFoundAs(err, what)
		}
		return change(tx, d)
	})
}

// moveDocumentStock moves each line's quantity times sign in the fulfillable stock of the document's warehouse,
// writing the ledger under docType and the document's number, each movement with its line's unit cost (an
// inbound line's receipt, or its reversal, values the units it moves). A quantity that would go below zero is
// refused with short (SKU, available, quantity).
func (s *Service) moveDocumentStock(tx *models.DB, p core.Principal, d *stockdb.DocumentRow, docType string, sign int, short string) error {
	lines, err := stockdb.DocumentLines(tx, p.CompanyID, d.ID)
	if err != nil {
		return err
	}
	changes := make([]stockdb.StockChange, len(lines))
	skus := make(map[int64]string, len(lines))
	codes := map[int64]string{}
	for i, l := range lines {
		changes[i] = stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: l.ProductID, Fulfillable: sign * l.Quantity,
			UnitCost: l.UnitCost}
		if l.BinID != nil { // put away at receipt; a cancel takes the units back out of the same bin
			changes[i].BinID, changes[i].Bin = *l.BinID, sign*l.Quantity
			codes[*l.BinID] = l.BinCode
		}
		skus[l.ProductID] = l.SKU
	}
	err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: d.Number, OperatorID: &p.UserID}, changes)
	var binShort *stockdb.BinShortError
	if errors.As(err, &binShort) || errors.Is(err, stockdb.ErrBinDisabled) {
		return s.binRefusal(tx, p, err, codes)
	}
	return s.refusal(tx, p, err, skus, short)
}
