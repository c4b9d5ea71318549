package purchase

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	purchasedb "sellerhub/models/purchase"
)

// Messages of 付款申请.
const (
	MsgPayOrderState   = "只有已审核的采购单可以申请付款"
	MsgPayKindBad      = "请选择付款类型"
	MsgPayAmountBad    = "付款金额必须大于0，最多2位小数"
	MsgPayReceiptEmpty = "请选择收货记录"
	MsgPayReceiptBad   = "收货记录不存在"
	MsgPayTooMuch      = "付款金额超过可申请金额 %s"
	MsgPayNotPending   = "只有待审批的付款申请可以审批"
	MsgPayNotApproved  = "只有待付款的付款申请可以确认付款"
	MsgPayNotOpen      = "只有待审批或待付款的付款申请可以作废"
	MsgPayAccountEmpty = "请填写付款账户"
	MsgPayDateBad      = "付款日期格式不正确，应为yyyy-MM-dd"
	MsgPayDateLate     = "付款日期不能晚于今天"
	MsgPayStatusBad    = "付款申请状态不正确"
	paymentWhat        = "付款申请"
)

// Button permissions of 付款申请 (the menu seed's).
const (
	PermissionPaymentAdd     = "erp:finance:payment:add"     // 申请付款, 作废
	PermissionPaymentApprove = "erp:finance:payment:approve" // 审批, 驳回
	PermissionPaymentPay     = "erp:finance:payment:pay"     // 确认付款
)

// PaymentKindNames and PaymentStatusNames name the requests' kinds and states.
var (
	PaymentKindNames   = map[string]string{purchasedb.PayDeposit: "定金/预付款", purchasedb.PayReceipt: "到货款", purchasedb.PayTerms: "账期款"}
	PaymentStatusNames = map[int]string{purchasedb.PayPending: "待审批", purchasedb.PayApproved: "待付款", purchasedb.PayPaid: "已付款",
		purchasedb.PayRejected: "已驳回", purchasedb.PayVoid: "已作废"}
)

// PaymentForm is a new 付款申请: the order, the kind, the receipt (on receipt and on terms), the amount in the
// order's currency (two decimals at most) and a remark.
type PaymentForm struct {
	OrderID   string `json:"orderId"`
	Kind      string `json:"kind"`
	ReceiptID string `json:"receiptId"`
	Amount    string `json:"amount"`
	Remark    string `json:"remark"`
}

// PayForm marks an approved request paid: the day (empty for today) and the account it was paid from.
type PayForm struct {
	PaidDate string `json:"paidDate"`
	Account  string `json:"account"`
}

// PaymentQuery is the body of the request list.
type PaymentQuery struct {
	core.PageRequest
	Number     string `json:"number"`
	SupplierID string `json:"supplierId"`
	OrderID    string `json:"orderId"`
	Status     string `json:"status"`
}

// payAmount reads an amount: more than 0, two decimals at most, not above the price bound times a line's units.
func payAmount(raw string) (int64, error) {
	raw = strings.TrimSpace(raw)
	if !plainNumber.MatchString(raw) {
		return 0, core.Invalid(MsgPayAmountBad)
	}
	d := decimal.RequireFromString(raw)
	if d.Sign() <= 0 || !d.Equal(d.Truncate(2)) || d.GreaterThan(decimal.NewFromInt(100_000_000_000)) {
		return 0, core.Invalid(MsgPayAmountBad)
	}
	return models.Money{Decimal: d}.Units(), nil
}

// RequestPayment adds a request (待审批) against an order from its approval on, numbered FK<date>-NNNN. Its due
// day: today for a deposit, the receipt's day for a payment on receipt, that day plus the order's terms for one on
// terms. The order's standing requests never pass what its goods are worth (ordered less closed and returned).
func (s *Service) RequestPayment(ctx context.Context, p core.Principal, f PaymentForm) (*purchasedb.PaymentRequest, error) {
	if _, ok := PaymentKindNames[f.Kind]; !ok {
		return nil, core.Invalid(MsgPayKindBad)
	}
	amount, err := payAmount(f.Amount)
	if err != nil {
		return nil, err
	}
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 200)); err != nil {
		return nil, err
	}
	var receiptID int64
	if f.Kind != purchasedb.PayDeposit {
		if strings.TrimSpace(f.ReceiptID) == "" {
			return nil, core.Invalid(MsgPayReceiptEmpty)
		}
		var ok bool
		if receiptID, ok = core.ParseID(f.ReceiptID); !ok {
			return nil, core.Invalid(MsgPayReceiptBad)
		}
	}
	orderID, ok := core.ParseID(f.OrderID)
	if !ok {
		return nil, core.NotFound(what)
	}
	now := s.now.Stamp()
	var r *purchasedb.PaymentRequest
	err = s.numbers.Write(ctx, models.PaymentNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		if err := purchasedb.LockOrder(tx, p.CompanyID, orderID); err != nil {
			return core.NotFoundAs(err, what)
		}
		o, err := purchasedb.OrderByID(tx, p.CompanyID, orderID)
		if err != nil {
			return core.NotFoundAs(err, what)
		}
		switch o.Status {
		case purchasedb.OrderApproved, purchasedb.OrderToPay, purchasedb.OrderToReceive, purchasedb.OrderCompleted:
		default:
			return core.Refused(MsgPayOrderState)
		}
		r = &purchasedb.PaymentRequest{CompanyID: p.CompanyID, OrderID: o.ID, SupplierID: o.SupplierID, Kind: f.Kind,
			Currency: o.Currency, Amount: amount, DueDate: s.today(), Status: purchasedb.PayPending, Remark: f.Remark,
			RequesterID: &p.UserID, CreatedAt: now, UpdatedAt: now}
		if receiptID != 0 {
			e, err := purchasedb.ReceiptOf(tx, p.CompanyID, o.ID, receiptID)
			if err != nil {
				if models.IsNotFound(err) {
					return core.Invalid(MsgPayReceiptBad)
				}
				return err
			}
			r.ReceiptID, r.DueDate = &e.ID, e.EventDate
			if f.Kind == purchasedb.PayTerms && o.TermsDays > 0 {
				day, _ := time.Parse(time.DateOnly, e.EventDate)
				r.DueDate = day.AddDate(0, 0, o.TermsDays).Format(time.DateOnly)
			}
		}
		requested, err := purchasedb.RequestedOf(tx, p.CompanyID, o.ID)
		if err != nil {
			return err
		}
		lines, err := purchasedb.OrderLines(tx, p.CompanyID, o.ID)
		if err != nil {
			return err
		}
		var worth int64
		for _, l := range lines {
			worth += int64(l.Quantity-l.Closed-l.Returned) * l.UnitPrice
		}
		if left := worth - requested; amount > left {
			return core.Refused(strings.Replace(MsgPayTooMuch, "%s", models.MoneyFromUnits(max(left, 0)).Text(o.Currency), 1))
		}
		if r.Number, err = next(); err != nil {
			return err
		}
		return tx.Create(r).Error
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// PaymentPage lists a page of the company's requests, newest first.
func (s *Service) PaymentPage(ctx context.Context, p core.Principal, q PaymentQuery) ([]purchasedb.PaymentRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := purchasedb.PaymentFilter{Number: strings.TrimSpace(q.Number), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	if st := strings.TrimSpace(q.Status); st != "" {
		if _, ok := PaymentStatusNames[int(st[0]-'0')]; len(st) != 1 || !ok {
			return nil, 0, r, core.Invalid(MsgPayStatusBad)
		}
		n := int(st[0] - '0')
		f.Status = &n
	}
	for _, v := range []struct {
		raw string
		to  *int64
	}{{q.SupplierID, &f.SupplierID}, {q.OrderID, &f.OrderID}} {
		if raw := strings.TrimSpace(v.raw); raw != "" {
			n, ok := core.ParseID(raw)
			if !ok {
				return []purchasedb.PaymentRow{}, 0, r, nil
			}
			*v.to = n
		}
	}
	rows, total, err := purchasedb.PaymentPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Payment loads one of the company's requests.
func (s *Service) Payment(ctx context.Context, p core.Principal, id string) (*purchasedb.PaymentRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(paymentWhat)
	}
	r, err := purchasedb.PaymentByID(s.db.With(ctx), p.CompanyID, n)
	return r, core.NotFoundAs(err, paymentWhat)
}

// OrderPayments lists the requests of one of the company's orders.
func (s *Service) OrderPayments(ctx context.Context, p core.Principal, orderID int64) ([]purchasedb.PaymentRow, error) {
	return purchasedb.OrderPayments(s.db.With(ctx), p.CompanyID, orderID)
}

// ApprovePayment moves a request 待审批 to 待付款.
func (s *Service) ApprovePayment(ctx context.Context, p core.Principal, id string) error {
	return s.movePayment(ctx, p, id, []int{purchasedb.PayPending}, purchasedb.PayApproved, MsgPayNotPending,
		map[string]any{"approver_id": p.UserID, "approved_at": s.now.Stamp()}, nil)
}

// RejectPayment moves a request 待审批 to 已驳回.
func (s *Service) RejectPayment(ctx context.Context, p core.Principal, id string) error {
	return s.movePayment(ctx, p, id, []int{purchasedb.PayPending}, purchasedb.PayRejected, MsgPayNotPending,
		map[string]any{"approver_id": p.UserID, "approved_at": s.now.Stamp()}, nil)
}

// CancelPayment voids a request not paid yet.
func (s *Service) CancelPayment(ctx context.Context, p core.Principal, id string) error {
	return s.movePayment(ctx, p, id, []int{purchasedb.PayPending, purchasedb.PayApproved}, purchasedb.PayVoid, MsgPayNotOpen,
		map[string]any{}, nil)
}

// PayPayment marks an approved request paid on a day from an account. An order waiting for its payment (待付款,
// paid before the goods) then waits for its goods (待收货).
func (s *Service) PayPayment(ctx context.Context, p core.Principal, id string, f PayForm) error {
	f.Account = strings.TrimSpace(f.Account)
	if f.Account == "" {
		return core.Invalid(MsgPayAccountEmpty)
	}
	if err := core.CheckFields(core.Optional(&f.Account, "付款账户", 100)); err != nil {
		return err
	}
	day := s.today()
	if raw := strings.TrimSpace(f.PaidDate); raw != "" {
		t, err := time.Parse(time.DateOnly, raw)
		switch {
		case err != nil:
			return core.Invalid(MsgPayDateBad)
		case t.Format(time.DateOnly) > day:
			return core.Invalid(MsgPayDateLate)
		}
		day = t.Format(time.DateOnly)
	}
	return s.movePayment(ctx, p, id, []int{purchasedb.PayApproved}, purchasedb.PayPaid, MsgPayNotApproved,
		map[string]any{"payer_id": p.UserID, "paid_at": s.now.Stamp(), "paid_date": day, "account": f.Account},
		func(tx *models.DB, r *purchasedb.PaymentRow) error {
			_, err := purchasedb.MoveOrder(tx, p.CompanyID, r.OrderID, []int{purchasedb.OrderToPay}, purchasedb.OrderToReceive,
				map[string]any{"updated_at": s.now.Stamp()})
			return err
		})
}

func (s *Service) movePayment(ctx context.Context, p core.Principal, id string, from []int, to int, notFrom string,
	set map[string]any, then func(*models.DB, *purchasedb.PaymentRow) error) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(paymentWhat)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		r, err := purchasedb.PaymentByID(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, paymentWhat)
		}
		set["updated_at"] = s.now.Stamp()
		moved, err := purchasedb.MovePayment(tx, p.CompanyID, n, from, to, set)
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(notFrom)
		}
		if then == nil {
			return nil
		}
		return then(tx, r)
	})
}

// OwedQuery is the body of 应付汇总 as a list: the page and a supplier.
type OwedQuery struct {
	core.PageRequest
	SupplierID string `json:"supplierId"`
}

// OwedPage answers a page of 应付汇总 (a few rows per supplier: one per currency), by supplier name.
func (s *Service) OwedPage(ctx context.Context, p core.Principal, q OwedQuery) ([]purchasedb.SupplierOwed, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	rows, err := s.Owed(ctx, p, q.SupplierID)
	if err != nil {
		return nil, 0, r, err
	}
	total := int64(len(rows))
	from := min(r.Offset(), len(rows))
	return rows[from:min(from+r.Size, len(rows))], total, r, nil
}

// Owed answers what each supplier is owed, per currency (应付汇总), for one supplier or all.
func (s *Service) Owed(ctx context.Context, p core.Principal, supplierID string) ([]purchasedb.SupplierOwed, error) {
	var id int64
	if raw := strings.TrimSpace(supplierID); raw != "" {
		var ok bool
		if id, ok = core.ParseID(raw); !ok {
			return []purchasedb.SupplierOwed{}, nil
		}
	}
	return purchasedb.OwedBySupplier(s.db.With(ctx), p.CompanyID, id)
}
