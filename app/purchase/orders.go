package purchase

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

// Messages of the order's steps.
const (
	MsgStatusBad         = "单据状态不正确"
	MsgNotEditable       = "采购单已提交，不能再编辑"
	MsgNotDraft          = "只有待提交的采购单可以提交"
	MsgNotSubmitted      = "只有待审核的采购单可以审核"
	MsgNotApproved       = "只有待下单的采购单可以下单"
	MsgCancelled         = "采购单已作废"
	MsgCompleted         = "采购单已完成"
	MsgCancelReceived    = "采购单已有收货，不能作废，请结案"
	MsgWarehouseStocking = "仓库正在盘点，暂停出入库"
	what                 = "采购单"
)

// Button permissions of 采购单 (the menu seed's). Reading needs the screen.
const (
	PermissionAdd     = "erp:purchase:add"     // 新建, 编辑 and 提交 a draft
	PermissionEdit    = "erp:purchase:edit"    // 下单
	PermissionApprove = "erp:purchase:approve" // 审核, 驳回
	PermissionReceive = "erp:purchase:receive" // 收货, 退货
	PermissionDelete  = "erp:purchase:delete"  // 作废, 结案
)

// StatusNames are the order's states as the screens name them.
var StatusNames = map[int]string{purchasedb.OrderDraft: "待提交", purchasedb.OrderSubmitted: "待审核",
	purchasedb.OrderApproved: "待下单", purchasedb.OrderToPay: "待付款", purchasedb.OrderToReceive: "待收货",
	purchasedb.OrderCompleted: "已完成", purchasedb.OrderCancelled: "已作废"}

// OrderQuery is the body of the order list: the page, a part of the number, a supplier, a state and the creation
// dates (yyyy-MM-dd, both included).
type OrderQuery struct {
	core.PageRequest
	Number     string `json:"number"`
	SupplierID string `json:"supplierId"`
	Status     string `json:"status"`
	StartDate  string `json:"startDate"`
	EndDate    string `json:"endDate"`
}

// OrderPage lists a page of the company's orders, newest first.
func (s *Service) OrderPage(ctx context.Context, p core.Principal, q OrderQuery) ([]purchasedb.OrderRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := purchasedb.OrderFilter{Number: strings.TrimSpace(q.Number), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	var err error
	if f.From, f.To, err = core.DayRange(s.timeZone, q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	if st := strings.TrimSpace(q.Status); st != "" {
		if _, ok := StatusNames[int(st[0]-'0')]; len(st) != 1 || !ok {
			return nil, 0, r, core.Invalid(MsgStatusBad)
		}
		n := int(st[0] - '0')
		f.Status = &n
	}
	if v := strings.TrimSpace(q.SupplierID); v != "" {
		var ok bool
		if f.SupplierID, ok = core.ParseID(v); !ok {
			return []purchasedb.OrderRow{}, 0, r, nil
		}
	}
	rows, total, err := purchasedb.OrderPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// OrderDetail is an order with its lines and its receipts, returns and closes.
type OrderDetail struct {
	Order      *purchasedb.OrderRow
	Lines      []purchasedb.LineRow
	Events     []purchasedb.EventRow
	EventLines map[int64][]purchasedb.EventLineRow
}

// Order loads one of the company's orders with its lines and events.
func (s *Service) Order(ctx context.Context, p core.Principal, id string) (*OrderDetail, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(what)
	}
	db := s.db.With(ctx)
	o, err := purchasedb.OrderByID(db, p.CompanyID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, what)
	}
	d := &OrderDetail{Order: o}
	if d.Lines, err = purchasedb.OrderLines(db, p.CompanyID, n); err != nil {
		return nil, err
	}
	d.Events, d.EventLines, err = purchasedb.OrderEvents(db, p.CompanyID, n)
	return d, err
}

// CreateOrder adds a draft (待提交) numbered per company and day (CG20261206-0001).
func (s *Service) CreateOrder(ctx context.Context, p core.Principal, f OrderForm) (*purchasedb.PurchaseOrder, error) {
	orders, err := s.CreateOrders(ctx, p, []OrderForm{f})
	if err != nil {
		return nil, err
	}
	return orders[0], nil
}

// CreateOrders adds drafts, all or none: one transaction, so a plan's orders per supplier never land in part.
func (s *Service) CreateOrders(ctx context.Context, p core.Principal, forms []OrderForm) ([]*purchasedb.PurchaseOrder, error) {
	cs := make([]*checked, len(forms))
	for i := range forms {
		c, err := forms[i].check()
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	now := s.now.Stamp()
	var out []*purchasedb.PurchaseOrder
	err := s.numbers.Write(ctx, models.PurchaseNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		out = out[:0]
		for i, f := range forms {
			c := cs[i]
			o := &purchasedb.PurchaseOrder{CompanyID: p.CompanyID, SupplierID: c.supplier, WarehouseID: c.warehouse,
				Currency: f.Currency, PaymentTerms: f.PaymentTerms, TermsDays: f.TermsDays, ExpectedDate: f.ExpectedDate,
				Status: purchasedb.OrderDraft, Remark: f.Remark, CreatorID: &p.UserID, CreatedAt: now, UpdatedAt: now}
			if err := s.checkRefs(tx, p, c); err != nil {
				return err
			}
			var err error
			if o.Number, err = next(); err != nil {
				return err
			}
			if err := purchasedb.CreateOrder(tx, o, append([]purchasedb.PurchaseOrderLine(nil), c.lines...)); err != nil {
				return err
			}
			out = append(out, o)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkRefs checks, in the saving transaction, the supplier, the warehouse (the company's, enabled, not FBA) and
// the products (the company's).
func (s *Service) checkRefs(tx *models.DB, p core.Principal, c *checked) error {
	if _, err := catalogdb.SupplierByID(tx, p.CompanyID, c.supplier); err != nil {
		if models.IsNotFound(err) {
			return core.Invalid(MsgSupplierMissing)
		}
		return err
	}
	if err := receivingWarehouse(tx, p, c.warehouse); err != nil {
		return err
	}
	skus, err := purchasedb.ProductIDs(tx, p.CompanyID, c.products)
	if err != nil {
		return err
	}
	for i, id := range c.products {
		if _, ok := skus[id]; !ok {
			return core.Invalid(fmt.Sprintf(msgLine, i+1) + msgProductMissing)
		}
	}
	return nil
}

// receivingWarehouse checks that goods may come into the warehouse: one of the company's, enabled, and not an
// FBA warehouse (Amazon's stock comes by shipments).
func receivingWarehouse(tx *models.DB, p core.Principal, id int64) error {
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, id)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(MsgWarehouseMissing)
	case err != nil:
		return err
	case w.Kind == stockdb.WarehouseFBA:
		return core.Invalid(MsgWarehouseFBA)
	case w.Disabled:
		return core.Refused(MsgWarehouseDisabled)
	}
	return nil
}

// UpdateOrder replaces a draft's header and lines; once submitted it is refused (a conditional update decides).
func (s *Service) UpdateOrder(ctx context.Context, p core.Principal, id string, f OrderForm) error {
	c, err := f.check()
	if err != nil {
		return err
	}
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		moved, err := purchasedb.MoveOrder(tx, p.CompanyID, o.ID, []int{purchasedb.OrderDraft}, purchasedb.OrderDraft,
			map[string]any{"supplier_id": c.supplier, "warehouse_id": c.warehouse, "currency": f.Currency,
				"payment_terms": f.PaymentTerms, "terms_days": f.TermsDays, "expected_date": f.ExpectedDate,
				"remark": f.Remark, "updated_at": s.now.Stamp()})
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(MsgNotEditable)
		}
		if err := s.checkRefs(tx, p, c); err != nil {
			return err
		}
		return purchasedb.ReplaceOrderLines(tx, p.CompanyID, o.ID, c.lines)
	})
}

// SubmitOrder moves a draft to 待审核.
func (s *Service) SubmitOrder(ctx context.Context, p core.Principal, id string) error {
	return s.step(ctx, p, id, []int{purchasedb.OrderDraft}, purchasedb.OrderSubmitted, MsgNotDraft,
		map[string]any{"submitted_at": s.now.Stamp()}, nil)
}

// RejectOrder sends a submitted order back to 待提交, editable again.
func (s *Service) RejectOrder(ctx context.Context, p core.Principal, id string) error {
	return s.step(ctx, p, id, []int{purchasedb.OrderSubmitted}, purchasedb.OrderDraft, MsgNotSubmitted,
		map[string]any{"submitted_at": nil}, nil)
}

// ApproveOrder moves a submitted order to 待下单 and its ordered units into the warehouse's 待入库, in one
// transaction with the ledger lines.
func (s *Service) ApproveOrder(ctx context.Context, p core.Principal, id string) error {
	return s.step(ctx, p, id, []int{purchasedb.OrderSubmitted}, purchasedb.OrderApproved, MsgNotSubmitted,
		map[string]any{"approver_id": p.UserID, "approved_at": s.now.Stamp()},
		func(tx *models.DB, o *purchasedb.OrderRow) error {
			lines, err := purchasedb.OrderLines(tx, p.CompanyID, o.ID)
			if err != nil {
				return err
			}
			changes := make([]stockdb.StockChange, len(lines))
			for i, l := range lines {
				changes[i] = stockdb.StockChange{WarehouseID: o.WarehouseID, ProductID: l.ProductID, Inbound: l.Quantity}
			}
			return moveStock(tx, p, purchasedb.DocApprove, o.Number, changes, nil)
		})
}

// PlaceOrder records that the order went to the supplier: 待付款 when it is paid before the goods (款到发货) and
// no payment of it was made yet, else 待收货.
func (s *Service) PlaceOrder(ctx context.Context, p core.Principal, id string) error {
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		to := purchasedb.OrderToReceive
		if o.PaymentTerms == purchasedb.TermsPrepay {
			paid, err := purchasedb.PaidOf(tx, p.CompanyID, o.ID)
			if err != nil {
				return err
			}
			if paid == 0 {
				to = purchasedb.OrderToPay
			}
		}
		moved, err := purchasedb.MoveOrder(tx, p.CompanyID, o.ID, []int{purchasedb.OrderApproved}, to,
			map[string]any{"ordered_at": s.now.Stamp(), "updated_at": s.now.Stamp()})
		if err == nil && !moved {
			return core.Refused(MsgNotApproved)
		}
		return err
	})
}

// CancelOrder moves an order to 已作废. Before approval nothing moved; after it the units still waiting leave
// 待入库. An order something was received on is closed instead (结案), which keeps what came.
func (s *Service) CancelOrder(ctx context.Context, p core.Principal, id string) error {
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		set := map[string]any{"cancelled_at": s.now.Stamp(), "updated_at": s.now.Stamp()}
		moved, err := purchasedb.MoveOrder(tx, p.CompanyID, o.ID, []int{purchasedb.OrderDraft, purchasedb.OrderSubmitted},
			purchasedb.OrderCancelled, set)
		if err != nil || moved {
			return err
		}
		if o.TotalReceived > 0 {
			return core.Refused(MsgCancelReceived)
		}
		after := []int{purchasedb.OrderApproved, purchasedb.OrderToPay, purchasedb.OrderToReceive}
		if moved, err = purchasedb.MoveOrder(tx, p.CompanyID, o.ID, after, purchasedb.OrderCancelled, set); err != nil {
			return err
		}
		if !moved {
			return refusedFor(o.Status)
		}
		lines, err := purchasedb.OrderLines(tx, p.CompanyID, o.ID)
		if err != nil {
			return err
		}
		var changes []stockdb.StockChange
		for _, l := range lines {
			if n := l.Outstanding(); n > 0 {
				changes = append(changes, stockdb.StockChange{WarehouseID: o.WarehouseID, ProductID: l.ProductID, Inbound: -n})
			}
		}
		return moveStock(tx, p, purchasedb.DocCancel, o.Number, changes, nil)
	})
}

// refusedFor is the refusal of a step an order's state does not allow, for the states that end it.
func refusedFor(status int) error {
	switch status {
	case purchasedb.OrderCancelled:
		return core.Refused(MsgCancelled)
	case purchasedb.OrderCompleted:
		return core.Refused(MsgCompleted)
	}
	return core.Refused(MsgStatusBad)
}

// step moves the order in the path from one of from to to (refused with notFrom otherwise), setting set and
// running then in the same transaction.
func (s *Service) step(ctx context.Context, p core.Principal, id string, from []int, to int, notFrom string,
	set map[string]any, then func(*models.DB, *purchasedb.OrderRow) error) error {
	return s.change(ctx, p, id, func(tx *models.DB, o *purchasedb.OrderRow) error {
		set["updated_at"] = s.now.Stamp()
		moved, err := purchasedb.MoveOrder(tx, p.CompanyID, o.ID, from, to, set)
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(notFrom)
		}
		if then == nil {
			return nil
		}
		return then(tx, o)
	})
}

// change locks and loads the company's order and runs change on it in one transaction.
func (s *Service) change(ctx context.Context, p core.Principal, id string, change func(*models.DB, *purchasedb.OrderRow) error) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(what)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if err := purchasedb.LockOrder(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, what)
		}
		o, err := purchasedb.OrderByID(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, what)
		}
		return change(tx, o)
	})
}

// moveStock moves stock through the one stock function under the order's or event's number, turning its
// refusals into the screens' messages (short names the SKU: skus by product).
func moveStock(tx *models.DB, p core.Principal, docType, number string, changes []stockdb.StockChange, skus map[int64]string) error {
	if len(changes) == 0 {
		return nil
	}
	err := stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: number, OperatorID: &p.UserID}, changes)
	var short *stockdb.StockShortError
	switch {
	case errors.As(err, &short):
		return core.Refused(fmt.Sprintf(MsgReturnShort, skus[short.ProductID], short.Have, -short.Change))
	case errors.Is(err, stockdb.ErrWarehouseStocktaking):
		return core.Refused(MsgWarehouseStocking)
	}
	return err
}
