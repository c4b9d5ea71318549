package purchase

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/stock"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

// Messages of 收货, 退货 and 结案.
const (
	MsgNotReceiving   = "只有待收货的采购单可以收货"
	MsgNotReturnable  = "只有待收货或已完成的采购单可以退货"
	MsgNotClosable    = "只有待付款或待收货的采购单可以结案"
	MsgEventEmpty     = "请填写至少一个产品的数量"
	MsgEventDateBad   = "日期格式不正确，应为yyyy-MM-dd"
	MsgEventDateLate  = "日期不能晚于今天"
	MsgReasonEmpty    = "请填写原因"
	msgLineMissing    = "采购单没有该产品"
	msgLineTwice      = "产品重复"
	msgEventQuantity  = "数量必须为0到1000000的整数"
	msgReceiveTooMany = "收货数量 %d 超出未收数量 %d"
	msgReturnTooMany  = "退货数量 %d 超出已收未退数量 %d"
	// MsgReturnShort names the product and what the warehouse holds: 库存不足：SKU A-1 可用库存 3，需扣减 5.
	MsgReturnShort = "库存不足：SKU %s 可用库存 %d，需扣减 %d"
)

// EventLineForm is a line of the order and the units of it an event takes; a receipt may put them away into a bin
// of its warehouse (BinID; "" leaves them 待上架).
type EventLineForm struct {
	LineID   string `json:"lineId"`
	Quantity int    `json:"quantity"`
	BinID    string `json:"binId"`
}

// ReceiptForm is a receipt (收货) or a return (退货): the warehouse the goods come into or leave, the date
// (yyyy-MM-dd of the company's zone, empty for today, not after today), a remark (a return's reason, required)
// and the units per line; lines of 0 are left out.
type ReceiptForm struct {
	WarehouseID string          `json:"warehouseId"`
	Date        string          `json:"date"`
	Remark      string          `json:"remark"`
	Lines       []EventLineForm `json:"lines"`
}

// CloseForm closes an order short (结案): why the outstanding units will not come.
type CloseForm struct {
	Reason string `json:"reason"`
}

// eventLine is a form's line matched to the order's.
type eventLine struct {
	line     purchasedb.LineRow
	quantity int
	bin      int64
	prefix   string
}

// read checks the form against the order's lines.
func (f *ReceiptForm) read(s *Service, lines []purchasedb.LineRow, reasonRequired bool) (int64, string, []eventLine, error) {
	if strings.TrimSpace(f.WarehouseID) == "" {
		return 0, "", nil, core.Invalid(MsgWarehouseEmpty)
	}
	warehouse, ok := core.ParseID(f.WarehouseID)
	if !ok {
		return 0, "", nil, core.Invalid(MsgWarehouseMissing)
	}
	date, err := s.eventDate(f.Date)
	if err != nil {
		return 0, "", nil, err
	}
	if reasonRequired && strings.TrimSpace(f.Remark) == "" {
		return 0, "", nil, core.Invalid(MsgReasonEmpty)
	}
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 200)); err != nil {
		return 0, "", nil, err
	}
	byID := map[int64]purchasedb.LineRow{}
	for _, l := range lines {
		byID[l.ID] = l
	}
	var out []eventLine
	seen := map[int64]bool{}
	for i, lf := range f.Lines {
		prefix := fmt.Sprintf(msgLine, i+1)
		id, _ := core.ParseID(lf.LineID)
		l, ok := byID[id]
		switch {
		case !ok:
			return 0, "", nil, core.Invalid(prefix + msgLineMissing)
		case seen[id]:
			return 0, "", nil, core.Invalid(prefix + msgLineTwice)
		case lf.Quantity < 0 || lf.Quantity > maxLineQuantity:
			return 0, "", nil, core.Invalid(prefix + msgEventQuantity)
		}
		seen[id] = true
		var bin int64
		if b := strings.TrimSpace(lf.BinID); b != "" {
			if bin, ok = core.ParseID(b); !ok {
				return 0, "", nil, core.Invalid(prefix + stock.MsgBinMissing)
			}
		}
		if lf.Quantity > 0 {
			out = append(out, eventLine{line: l, quantity: lf.Quantity, bin: bin, prefix: prefix})
		}
	}
	if len(out) == 0 {
		return 0, "", nil, core.Invalid(MsgEventEmpty)
	}
	return warehouse, date, out, nil
}

// eventDate reads an event's date: empty is today; never after today.
func (s *Service) eventDate(raw string) (string, error) {
	today := s.today()
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return today, nil
	}
	t, err := time.Parse(time.DateOnly, raw)
	switch {
	case err != nil:
		return "", core.Invalid(MsgEventDateBad)
	case t.Format(time.DateOnly) > today:
		return "", core.Invalid(MsgEventDateLate)
	}
	return t.Format(time.DateOnly), nil
}

// Receive books a receipt (收货) of an order 待收货 into a warehouse: each line's units leave the order's
// warehouse's 待入库 and become 可用 in the chosen one, in one MoveStock with its ledger lines; each unit is
// valued at the line's price in CNY at the rate of the receipt's date, which moves the product's weighted average
// cost in that warehouse and its cost (product_costs) from that date. Once nothing is outstanding the order is
// 已完成. Two receipts at once never take more than is outstanding.
func (s *Service) Receive(ctx context.Context, p core.Principal, id string, f ReceiptForm) error {
	book, err := s.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return err
	}
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		if o.Status != purchasedb.OrderToReceive {
			if o.Status == purchasedb.OrderCancelled || o.Status == purchasedb.OrderCompleted {
				return refusedFor(o.Status)
			}
			return core.Refused(MsgNotReceiving)
		}
		lines, err := purchasedb.OrderLines(tx, p.CompanyID, o.ID)
		if err != nil {
			return err
		}
		warehouse, date, taken, err := f.read(s, lines, false)
		if err != nil {
			return err
		}
		if err := receivingWarehouse(tx, p, warehouse); err != nil {
			return err
		}
		for _, t := range taken {
			if t.bin != 0 {
				if err := stock.CheckPutAway(tx, p.CompanyID, warehouse, t.bin, t.prefix); err != nil {
					return err
				}
			}
		}
		day, _ := time.ParseInLocation(time.DateOnly, date, s.timeZone)
		var changes []stockdb.StockChange
		var eventLines []purchasedb.PurchaseReceiptLine
		skus := map[int64]string{}
		for i, t := range taken {
			ok, err := purchasedb.TakeUnits(tx, p.CompanyID, t.line.ID, purchasedb.ColumnReceived, t.quantity)
			if err != nil {
				return err
			}
			if !ok {
				return core.Refused(fmt.Sprintf(msgLine, i+1) + fmt.Sprintf(msgReceiveTooMany, t.quantity, t.line.Outstanding()))
			}
			cost, err := book.ToCNY(models.MoneyFromUnits(t.line.UnitPrice), o.Currency, day.Add(12*time.Hour))
			if err != nil {
				return err
			}
			c := cost.Units()
			skus[t.line.ProductID] = t.line.SKU
			eventLines = append(eventLines, purchasedb.PurchaseReceiptLine{OrderLineID: t.line.ID, ProductID: t.line.ProductID,
				Quantity: t.quantity, UnitCost: c})
			in := stockdb.StockChange{WarehouseID: warehouse, ProductID: t.line.ProductID, Fulfillable: t.quantity, UnitCost: &c,
				BinID: t.bin}
			if t.bin != 0 {
				in.Bin = t.quantity
			}
			if warehouse == o.WarehouseID {
				in.Inbound = -t.quantity
				changes = append(changes, in)
				continue
			}
			changes = append(changes, stockdb.StockChange{WarehouseID: o.WarehouseID, ProductID: t.line.ProductID, Inbound: -t.quantity}, in)
		}
		e := &purchasedb.PurchaseReceipt{CompanyID: p.CompanyID, OrderID: o.ID, Kind: purchasedb.EventReceipt,
			WarehouseID: warehouse, EventDate: date, Remark: f.Remark, OperatorID: &p.UserID, CreatedAt: s.now.Stamp()}
		if err := purchasedb.CreateEvent(tx, o.Number, e, eventLines); err != nil {
			return err
		}
		if err := moveStock(tx, p, purchasedb.EventReceipt, e.Number, changes, skus); err != nil {
			return err
		}
		if err := s.valueReceipt(tx, p, warehouse, date, eventLines); err != nil {
			return err
		}
		return s.completeIfDone(tx, p, o.ID)
	})
}

// valueReceipt moves the weighted average cost of each product received in the warehouse, (units held before ×
// their average + units received × their cost) ÷ units held after, the units held being fulfillable and outbound
// (read after MoveStock locked the row, so receipts at once follow each other); the first receipt's units held
// before are valued at the product's entered cost in force that day, or at the receipt's when it has none. The
// product's cost from the receipt's date is then its average over the warehouses, by units held.
func (s *Service) valueReceipt(tx *models.DB, p core.Principal, warehouse int64, date string, lines []purchasedb.PurchaseReceiptLine) error {
	now := s.now.Stamp()
	products := make([]int64, 0, len(lines))
	for _, l := range lines {
		products = append(products, l.ProductID)
	}
	histories, err := catalogdb.CostHistories(tx, p.CompanyID, products)
	if err != nil {
		return err
	}
	var costs []*catalogdb.ProductCost
	// A product with a price but no history yet (written by code that sets the price alone) first gets it as a
	// row from the beginning, so that the receipt's cost leaves the time before it as it was (as 本地产品 does).
	var bare []catalogdb.LocalProduct
	if err := tx.Scopes(models.InCompany("local_products", p.CompanyID)).Where("local_products.id IN ?", products).
		Find(&bare).Error; err != nil {
		return err
	}
	for _, m := range bare {
		if len(histories[m.ID]) == 0 && (m.Price.Valid || m.FirstLeg.Valid) {
			first := catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: m.ID, EffectiveFrom: catalogdb.CostsBeginning,
				UnitCost: m.Price, FirstLeg: m.FirstLeg, CreatedAt: now, UpdatedAt: now}
			histories[m.ID] = []catalogdb.ProductCost{first}
			if date != catalogdb.CostsBeginning {
				costs = append(costs, &first)
			}
		}
	}
	for _, l := range lines {
		st, err := stockdb.StockOf(tx, p.CompanyID, warehouse, l.ProductID)
		if err != nil {
			return err
		}
		before := st.Fulfillable + st.Outbound - l.Quantity
		old, ok, err := purchasedb.StockCostOf(tx, p.CompanyID, warehouse, l.ProductID)
		if err != nil {
			return err
		}
		entered := catalogdb.CostOn(histories[l.ProductID], date)
		if !ok {
			old = l.UnitCost
			if entered.UnitCost.Valid {
				old = models.Money{Decimal: entered.UnitCost.Decimal}.Units()
			}
		}
		avg := purchasedb.WeightedAverage(max(before, 0), old, l.Quantity, l.UnitCost)
		if err := purchasedb.SetStockCost(tx, p.CompanyID, warehouse, l.ProductID, avg, now); err != nil {
			return err
		}
		product, _, err := purchasedb.ProductAverage(tx, p.CompanyID, l.ProductID)
		if err != nil {
			return err
		}
		costs = append(costs, &catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: l.ProductID, EffectiveFrom: date,
			UnitCost: decimal.NullDecimal{Decimal: models.MoneyFromUnits(product).Round(2), Valid: true},
			FirstLeg: entered.FirstLeg, ChangedBy: &p.UserID, CreatedAt: now, UpdatedAt: now})
	}
	if err := catalogdb.SaveProductCosts(tx, costs); err != nil {
		return err
	}
	return catalogdb.SyncProductCosts(tx, p.CompanyID, products, now)
}

// completeIfDone moves an order with nothing outstanding to 已完成.
func (s *Service) completeIfDone(tx *models.DB, p core.Principal, orderID int64) error {
	done, err := purchasedb.OrderDone(tx, p.CompanyID, orderID)
	if err != nil || !done {
		return err
	}
	_, err = purchasedb.MoveOrder(tx, p.CompanyID, orderID, []int{purchasedb.OrderToPay, purchasedb.OrderToReceive},
		purchasedb.OrderCompleted, map[string]any{"completed_at": s.now.Stamp(), "updated_at": s.now.Stamp()})
	return err
}

// Return books a return to the supplier (退货) of received units from a warehouse: they leave its 可用 stock
// (refused, naming the SKU, when it holds fewer), and the line's received units less those returned bound it.
// The reason is required. A return leaves the weighted average as it was.
func (s *Service) Return(ctx context.Context, p core.Principal, id string, f ReceiptForm) error {
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		if o.Status != purchasedb.OrderToReceive && o.Status != purchasedb.OrderCompleted {
			if o.Status == purchasedb.OrderCancelled {
				return refusedFor(o.Status)
			}
			return core.Refused(MsgNotReturnable)
		}
		lines, err := purchasedb.OrderLines(tx, p.CompanyID, o.ID)
		if err != nil {
			return err
		}
		warehouse, date, taken, err := f.read(s, lines, true)
		if err != nil {
			return err
		}
		if _, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, warehouse); err != nil {
			if models.IsNotFound(err) {
				return core.Invalid(MsgWarehouseMissing)
			}
			return err
		}
		var changes []stockdb.StockChange
		var eventLines []purchasedb.PurchaseReceiptLine
		skus := map[int64]string{}
		for i, t := range taken {
			ok, err := purchasedb.TakeUnits(tx, p.CompanyID, t.line.ID, purchasedb.ColumnReturned, t.quantity)
			if err != nil {
				return err
			}
			if !ok {
				return core.Refused(fmt.Sprintf(msgLine, i+1) + fmt.Sprintf(msgReturnTooMany, t.quantity, t.line.Received-t.line.Returned))
			}
			skus[t.line.ProductID] = t.line.SKU
			eventLines = append(eventLines, purchasedb.PurchaseReceiptLine{OrderLineID: t.line.ID, ProductID: t.line.ProductID, Quantity: t.quantity})
			changes = append(changes, stockdb.StockChange{WarehouseID: warehouse, ProductID: t.line.ProductID, Fulfillable: -t.quantity})
		}
		e := &purchasedb.PurchaseReceipt{CompanyID: p.CompanyID, OrderID: o.ID, Kind: purchasedb.EventReturn,
			WarehouseID: warehouse, EventDate: date, Remark: f.Remark, OperatorID: &p.UserID, CreatedAt: s.now.Stamp()}
		if err := purchasedb.CreateEvent(tx, o.Number, e, eventLines); err != nil {
			return err
		}
		return moveStock(tx, p, purchasedb.EventReturn, e.Number, changes, skus)
	})
}

// Close closes an order short (结案) with its reason: the units still outstanding will not come, so they leave
// the order's warehouse's 待入库, and the order is 已完成.
func (s *Service) Close(ctx context.Context, p core.Principal, id string, f CloseForm) error {
	f.Reason = strings.TrimSpace(f.Reason)
	if f.Reason == "" {
		return core.Invalid(MsgReasonEmpty)
	}
	if err := core.CheckFields(core.Optional(&f.Reason, "原因", 200)); err != nil {
		return err
	}
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		now := s.now.Stamp()
		moved, err := purchasedb.MoveOrder(tx, p.CompanyID, o.ID, []int{purchasedb.OrderToPay, purchasedb.OrderToReceive},
			purchasedb.OrderCompleted, map[string]any{"close_reason": f.Reason, "completed_at": now, "updated_at": now})
		if err != nil {
			return err
		}
		if !moved {
			if o.Status == purchasedb.OrderCancelled || o.Status == purchasedb.OrderCompleted {
				return refusedFor(o.Status)
			}
			return core.Refused(MsgNotClosable)
		}
		lines, err := purchasedb.OrderLines(tx, p.CompanyID, o.ID)
		if err != nil {
			return err
		}
		var changes []stockdb.StockChange
		var eventLines []purchasedb.PurchaseReceiptLine
		for _, l := range lines {
			n := l.Outstanding()
			if n <= 0 {
				continue
			}
			if ok, err := purchasedb.TakeUnits(tx, p.CompanyID, l.ID, purchasedb.ColumnClosed, n); err != nil || !ok {
				return errors.Join(err, fmt.Errorf("line %d changed while closing", l.ID))
			}
			eventLines = append(eventLines, purchasedb.PurchaseReceiptLine{OrderLineID: l.ID, ProductID: l.ProductID, Quantity: n})
			changes = append(changes, stockdb.StockChange{WarehouseID: o.WarehouseID, ProductID: l.ProductID, Inbound: -n})
		}
		if len(eventLines) == 0 {
			return nil
		}
		e := &purchasedb.PurchaseReceipt{CompanyID: p.CompanyID, OrderID: o.ID, Kind: purchasedb.EventClose,
			WarehouseID: o.WarehouseID, EventDate: s.today(), Remark: f.Reason, OperatorID: &p.UserID, CreatedAt: now}
		if err := purchasedb.CreateEvent(tx, o.Number, e, eventLines); err != nil {
			return err
		}
		return moveStock(tx, p, purchasedb.EventClose, e.Number, changes, nil)
	})
}
