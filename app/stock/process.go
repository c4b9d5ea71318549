package stock

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

// Messages of the processing order (加工单) and bill of materials (物料清单) calls.
const (
	MsgProcessFBA            = "FBA仓的库存由亚马逊同步，不能加工"
	MsgProcessProductEmpty   = "请选择加工产品"
	MsgProcessProductMissing = "加工产品不存在"
	MsgProcessQuantityBad    = "加工数量必须为1到1000000的整数"
	MsgProcessFeeBad         = "加工费(元/件)必须是不小于0的数字，最多2位小数，不超过999999.99"
	// MsgProcessNoBOM names the product whose bill of materials is empty.
	MsgProcessNoBOM = "产品 %s 还没有物料清单，请先在「物料清单」中添加组件"
	// MsgProcessShort names the component short and what is there: 组件库存不足：SKU M-1 可用库存 3，需用 10.
	MsgProcessShort       = "组件库存不足：SKU %s 可用库存 %d，需用 %d"
	MsgBOMComponentsEmpty = "请添加组件"
	// MsgProcessLinesEmpty refuses an edited consumption with no component left.
	MsgProcessLinesEmpty = "请至少保留一个组件"
	// msgProcessLineMade refuses an edited consumption's line of the product made.
	msgProcessLineMade = "第%d行：组件不能是加工产品本身"
	MsgBOMTooMany      = "组件不能超过100种"
	msgBOMComponent    = "第%d行：组件不存在"
	msgBOMSelf         = "第%d行：组件不能是产品本身"
	msgBOMTwice        = "第%d行：组件重复"
	msgBOMQuantityBad  = "第%d行：用量必须为1到10000的整数"
)

// Button permissions of the processing screens.
const (
	PermissionProcessAdd     = "erp:purchase:process:add"
	PermissionProcessApprove = "erp:purchase:process:approve"
	PermissionProcessCancel  = "erp:purchase:process:cancel"
	PermissionBOMEdit        = "erp:purchase:bom:edit"
)

// DocProcessCancel is the ledger's document type of an approved processing order's reversal.
var DocProcessCancel = CancelDocType(stockdb.DocProcess)

// processHead is what a processing order's form says of the product made.
type processHead struct {
	product  int64
	quantity int
	fee      int64
}

// processForm reads a processing order's product, quantity and fee and fills the form's lines with the product's
// bill of materials times the quantity (the components consumed). Its 包材用量 is not among them: 发货 consumes it
// for every unit shipped, made here or bought, and 成本核算 adds its cost to every unit; taken here too, a made unit
// was packed, and costed, twice. Packing used at the bench belongs in the bill of materials. Other kinds answer nil.
func processForm(ctx context.Context, db *models.DB, p core.Principal, kind string, f *DocumentForm) (*processHead, error) {
	if kind != stockdb.DocProcess {
		return nil, nil
	}
	raw := strings.TrimSpace(f.MadeProductID)
	if raw == "" {
		return nil, core.Invalid(MsgProcessProductEmpty)
	}
	product, ok := core.ParseID(raw)
	if !ok {
		return nil, core.Invalid(MsgProcessProductMissing)
	}
	if f.MadeQuantity < 1 || f.MadeQuantity > maxLineQuantity {
		return nil, core.Invalid(MsgProcessQuantityBad)
	}
	fee := int64(0)
	if strings.TrimSpace(f.ProcessFee) != "" {
		c, err := unitCost(f.ProcessFee)
		if err != nil {
			return nil, core.Invalid(MsgProcessFeeBad)
		}
		fee = *c
	}
	skus, err := stockdb.ProductSKUs(db.With(ctx), p.CompanyID, []int64{product})
	if err != nil {
		return nil, err
	}
	sku, ok := skus[product]
	if !ok {
		return nil, core.Invalid(MsgProcessProductMissing)
	}
	bom, err := stockdb.BOMLines(db.With(ctx), p.CompanyID, product)
	if err != nil {
		return nil, err
	}
	if len(bom) == 0 {
		return nil, core.Refused(fmt.Sprintf(MsgProcessNoBOM, sku))
	}
	head := &processHead{product: product, quantity: f.MadeQuantity, fee: fee}
	if f.OwnLines {
		return head, ownConsumption(f, product)
	}
	f.Lines = make([]DocumentLineForm, len(bom))
	for i, b := range bom {
		q := b.Quantity * f.MadeQuantity
		if q > maxLineQuantity {
			return nil, core.Invalid(fmt.Sprintf("组件 %s 需用 %d，超过1000000，请减少加工数量", b.SKU, q))
		}
		f.Lines[i] = DocumentLineForm{ProductID: fmt.Sprint(b.ComponentID), Quantity: q}
	}
	return head, nil
}

// ownConsumption checks a draft's consumption as the user edited it: at least one line, none the product made;
// each line's product, quantity (1 to 1000000) and uniqueness are checked with any document's lines. Approval then
// moves these lines and rolls their costs up, whatever the bill of materials says.
func ownConsumption(f *DocumentForm, product int64) error {
	if len(f.Lines) == 0 {
		return core.Invalid(MsgProcessLinesEmpty)
	}
	for i, l := range f.Lines {
		if id, ok := core.ParseID(strings.TrimSpace(l.ProductID)); ok && id == product {
			return core.Invalid(fmt.Sprintf(msgProcessLineMade, i+1))
		}
		f.Lines[i].UnitCost, f.Lines[i].BinID, f.Lines[i].ToProductID = "", "", ""
	}
	return nil
}

// checkProcess checks, in the transaction saving a processing order, that its warehouse is not an FBA one.
func checkProcess(tx *models.DB, p core.Principal, kind string, warehouse int64) error {
	if kind != stockdb.DocProcess {
		return nil
	}
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, warehouse)
	if err != nil {
		return err
	}
	if w.Kind == stockdb.WarehouseFBA {
		return core.Refused(MsgProcessFBA)
	}
	return nil
}

// moveProcess moves a processing order times sign in one transaction: approving (1) takes each component's
// quantity out of its fulfillable stock and adds the units made, each ledger line with its unit cost; the made
// unit's cost is the components' weighted average costs per unit plus the fee, which moves the made product's
// average in the warehouse. Cancelling (-1) takes the made units back out at that cost and gives the components
// back at theirs. Short stock is refused naming the component (or, cancelling, the product made).
func moveProcess(s *Service, tx *models.DB, p core.Principal, d *stockdb.DocumentRow, sign int) error {
	lines, err := stockdb.DocumentLines(tx, p.CompanyID, d.ID)
	if err != nil {
		return err
	}
	made := *d.MadeProductID
	products := make([]int64, 0, len(lines)+1)
	products = append(products, made)
	for _, l := range lines {
		products = append(products, l.ProductID)
	}
	// The rows are locked before their costs are read, as a receipt locks them before it moves the average.
	if err := stockdb.LockStocks(tx, p.CompanyID, d.WarehouseID, products); err != nil {
		return err
	}
	histories, err := catalogdb.CostHistories(tx, p.CompanyID, products)
	if err != nil {
		return err
	}
	today := s.now().In(s.timeZone).Format(time.DateOnly)
	carried := make(map[int64]*int64, len(lines))
	unit := d.MadeCost
	if sign > 0 {
		sum := decimal.NewFromInt(d.ProcessFee).Mul(decimal.NewFromInt(int64(d.MadeQuantity)))
		for _, l := range lines {
			c, err := averageCost(tx, p.CompanyID, d.WarehouseID, l.ProductID, histories, today)
			if err != nil {
				return err
			}
			carried[l.ProductID] = c
			if c != nil {
				sum = sum.Add(decimal.NewFromInt(*c).Mul(decimal.NewFromInt(int64(l.Quantity))))
			}
		}
		rolled := sum.Div(decimal.NewFromInt(int64(d.MadeQuantity))).Round(0).IntPart()
		unit = &rolled
	} else {
		for _, l := range lines {
			carried[l.ProductID] = l.UnitCost
		}
	}
	changes := make([]stockdb.StockChange, 0, len(lines)+1)
	skus := map[int64]string{made: d.MadeSKU}
	for _, l := range lines {
		changes = append(changes, stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: l.ProductID,
			Fulfillable: -sign * l.Quantity, UnitCost: carried[l.ProductID]})
		skus[l.ProductID] = l.SKU
	}
	changes = append(changes, stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: made, Fulfillable: sign * d.MadeQuantity, UnitCost: unit})
	docType, short := stockdb.DocProcess, MsgProcessShort
	if sign < 0 {
		docType, short = DocProcessCancel, MsgCancelShort
	}
	err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: d.Number, OperatorID: &p.UserID}, changes)
	if err := s.refusal(tx, p, err, skus, short); err != nil {
		return err
	}
	now := s.now.Stamp()
	if sign > 0 {
		if err := stockdb.SetDocumentLineCosts(tx, p.CompanyID, d.ID, carried); err != nil {
			return err
		}
		if err := tx.Model(&stockdb.StockDocument{}).Where("company_id = ? AND id = ?", p.CompanyID, d.ID).
			Update("made_cost", *unit).Error; err != nil {
			return err
		}
	}
	if err := processCosts(tx, p, d, lines, carried, *unit, sign, histories, today, now); err != nil {
		return err
	}
	return productCostsFollow(tx, p, today, products, histories, now)
}

// processCosts moves the warehouse's average costs with a processing order's units, read after MoveStock locked
// the rows: approving, the made product's average takes its units in at the rolled-up cost and each component keeps
// its own (written, so one read from the entered cost stays); cancelling, the made product gives its units back at
// that cost and each component takes its units back in at the cost it left at.
func processCosts(tx *models.DB, p core.Principal, d *stockdb.DocumentRow, lines []stockdb.DocumentLineRow, carried map[int64]*int64,
	unit int64, sign int, histories map[int64][]catalogdb.ProductCost, today string, now time.Time) error {
	made := *d.MadeProductID
	held, err := heldUnits(tx, p.CompanyID, d.WarehouseID, made)
	if err != nil {
		return err
	}
	old, err := averageCost(tx, p.CompanyID, d.WarehouseID, made, histories, today)
	if err != nil {
		return err
	}
	if old == nil {
		old = &unit
	}
	cost := purchasedb.WeightedAverage(max(held-d.MadeQuantity, 0), *old, d.MadeQuantity, unit)
	if sign < 0 {
		cost = withoutUnits(held+d.MadeQuantity, *old, d.MadeQuantity, unit)
	}
	if err := purchasedb.SetStockCost(tx, p.CompanyID, d.WarehouseID, made, cost, now); err != nil {
		return err
	}
	for _, l := range lines {
		c := carried[l.ProductID]
		if c == nil {
			continue
		}
		next := *c
		if sign < 0 {
			have, err := heldUnits(tx, p.CompanyID, d.WarehouseID, l.ProductID)
			if err != nil {
				return err
			}
			was, err := averageCost(tx, p.CompanyID, d.WarehouseID, l.ProductID, histories, today)
			if err != nil {
				return err
			}
			if was != nil {
				next = purchasedb.WeightedAverage(max(have-l.Quantity, 0), *was, l.Quantity, *c)
			}
		}
		if err := purchasedb.SetStockCost(tx, p.CompanyID, d.WarehouseID, l.ProductID, next, now); err != nil {
			return err
		}
	}
	return nil
}

// BOMs keeps the bills of materials (物料清单) of the assembled products.
type BOMs struct {
	db  *models.DB
	now core.Clock
}

// NewBOMs builds the service.
func NewBOMs(db *models.DB, now core.Clock) *BOMs { return &BOMs{db: db, now: now} }

// BOMComponentForm is one component of a bill of materials and how many one unit takes.
type BOMComponentForm struct {
	ComponentID string `json:"componentId"`
	Quantity    int    `json:"quantity"`
}

// BOMForm is a product's whole bill of materials.
type BOMForm struct {
	ProductID  string             `json:"productId"`
	Components []BOMComponentForm `json:"components"`
}

// BOMQuery is the body of the bills' list: the page and a part of the product's SKU or name.
type BOMQuery struct {
	core.PageRequest
	Keyword string `json:"keyword"`
}

// Page lists the company's products that have a bill of materials.
func (b *BOMs) Page(ctx context.Context, p core.Principal, q BOMQuery) ([]stockdb.BOMRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	rows, total, err := stockdb.BOMPage(b.db.With(ctx), p.CompanyID, strings.TrimSpace(q.Keyword), r.Offset(), r.Size)
	return rows, total, r, err
}

// Lines reads a product's components; an unknown product (or another company's) has none.
func (b *BOMs) Lines(ctx context.Context, p core.Principal, productID string) ([]stockdb.BOMLineRow, error) {
	id, ok := core.ParseID(productID)
	if !ok {
		return []stockdb.BOMLineRow{}, nil
	}
	return stockdb.BOMLines(b.db.With(ctx), p.CompanyID, id)
}

// Save replaces a product's bill of materials: components of the company, each once, not the product itself, each
// with a quantity from 1 to 10000. An empty list clears it.
func (b *BOMs) Save(ctx context.Context, p core.Principal, f BOMForm) error {
	product, ok := core.ParseID(strings.TrimSpace(f.ProductID))
	if !ok {
		return core.Invalid(MsgProcessProductMissing)
	}
	if len(f.Components) > 100 {
		return core.Invalid(MsgBOMTooMany)
	}
	lines := make([]stockdb.BOMLine, len(f.Components))
	ids := []int64{product}
	seen := map[int64]bool{}
	now := b.now.Stamp()
	for i, c := range f.Components {
		id, ok := core.ParseID(strings.TrimSpace(c.ComponentID))
		switch {
		case !ok:
			return core.Invalid(fmt.Sprintf(msgBOMComponent, i+1))
		case id == product:
			return core.Invalid(fmt.Sprintf(msgBOMSelf, i+1))
		case seen[id]:
			return core.Invalid(fmt.Sprintf(msgBOMTwice, i+1))
		case c.Quantity < 1 || c.Quantity > 10000:
			return core.Invalid(fmt.Sprintf(msgBOMQuantityBad, i+1))
		}
		seen[id] = true
		lines[i] = stockdb.BOMLine{ComponentID: id, Quantity: c.Quantity, CreatedAt: now, UpdatedAt: now}
		ids = append(ids, id)
	}
	return b.db.Tx(ctx, func(tx *models.DB) error {
		skus, err := stockdb.ProductSKUs(tx, p.CompanyID, ids)
		if err != nil {
			return err
		}
		if _, ok := skus[product]; !ok {
			return core.Invalid(MsgProcessProductMissing)
		}
		for i, id := range ids[1:] {
			if _, ok := skus[id]; !ok {
				return core.Invalid(fmt.Sprintf(msgBOMComponent, i+1))
			}
		}
		return stockdb.ReplaceBOM(tx, p.CompanyID, product, lines)
	})
}
