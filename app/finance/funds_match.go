package finance

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	financedb "sellerhub/models/finance"
	purchasedb "sellerhub/models/purchase"
)

// Messages of matching movements.
const (
	MsgMatchIncomeOnly     = "只有收入流水可以匹配结算回款"
	MsgMatchPaymentOutOnly = "只有支出流水可以匹配付款申请"
	MsgMatchCurrency       = "币种不一致：账户为%s，%s为%s"
	MsgSettlementTaken     = "该结算已匹配其他流水"
	MsgPaymentTaken        = "该付款申请已匹配其他流水"
	MsgPaymentAmount       = "金额不一致：流水支出%s，付款申请%s"
	MsgPaymentState        = "只有待付款或已付款的付款申请可以匹配"
	MsgMatchNothing        = "该流水没有匹配"
	settlementWhat         = "结算记录"
	paymentWhat            = "付款申请"
)

// matchable loads a movement that may be matched: not voided, not matched yet (unless again, to unmatch).
func matchable(tx *models.DB, p core.Principal, rawID string) (*financedb.FundMovement, *financedb.FundAccount, error) {
	id, ok := core.ParseID(rawID)
	if !ok {
		return nil, nil, core.NotFound(fundMovementWhat)
	}
	m, err := financedb.FundMovementByID(tx.ForUpdate(), p.CompanyID, id)
	if err != nil {
		return nil, nil, core.NotFoundAs(err, fundMovementWhat)
	}
	if m.VoidedAt != nil {
		return nil, nil, core.Refused(MsgFundVoided)
	}
	a, err := financedb.FundAccountByID(tx, p.CompanyID, m.AccountID)
	if err != nil {
		return nil, nil, err
	}
	return m, a, nil
}

// MatchForm names a movement and what it is matched to: a settlement's row id or a 付款申请's id.
type MatchForm struct {
	MovementID   string `json:"movementId"`
	SettlementID string `json:"settlementId"`
	PaymentID    string `json:"paymentId"`
}

// MatchSettlement matches an income to a settlement of the user's store groups in the same currency, its
// deposit: the amounts may differ (结算记录 shows the difference), each settlement matched once.
func (f *Funds) MatchSettlement(ctx context.Context, p core.Principal, form MatchForm) error {
	return f.db.Tx(ctx, func(tx *models.DB) error {
		m, a, err := matchable(tx, p, form.MovementID)
		if err != nil {
			return err
		}
		if m.SettlementRef != nil || m.PaymentRef != nil {
			return core.Refused(MsgFundMatched)
		}
		if m.Amount <= 0 {
			return core.Invalid(MsgMatchIncomeOnly)
		}
		id, ok := core.ParseID(form.SettlementID)
		if !ok {
			return core.NotFound(settlementWhat)
		}
		s, err := amazondatadb.SettlementByID(tx, p.CompanyID, p.UserID, id)
		if err != nil {
			return core.NotFoundAs(err, settlementWhat)
		}
		if !strings.EqualFold(s.Currency, a.Currency) {
			return core.Invalid(fmt.Sprintf(MsgMatchCurrency, a.Currency, "结算", s.Currency))
		}
		res := tx.Model(m).Updates(map[string]any{"settlement_ref": s.ID, "updated_at": f.now.Stamp()})
		if models.IsDuplicate(res.Error) {
			return core.Refused(MsgSettlementTaken)
		}
		return res.Error
	})
}

// MatchPayment matches an expense to a 付款申请 (待付款 or 已付款) of the same currency and amount.
func (f *Funds) MatchPayment(ctx context.Context, p core.Principal, form MatchForm) error {
	return f.db.Tx(ctx, func(tx *models.DB) error {
		m, a, err := matchable(tx, p, form.MovementID)
		if err != nil {
			return err
		}
		if m.SettlementRef != nil || m.PaymentRef != nil {
			return core.Refused(MsgFundMatched)
		}
		if m.Amount >= 0 {
			return core.Invalid(MsgMatchPaymentOutOnly)
		}
		id, ok := core.ParseID(form.PaymentID)
		if !ok {
			return core.NotFound(paymentWhat)
		}
		r, err := purchasedb.PaymentByID(tx, p.CompanyID, id)
		if err != nil {
			return core.NotFoundAs(err, paymentWhat)
		}
		if r.Status != purchasedb.PayApproved && r.Status != purchasedb.PayPaid {
			return core.Invalid(MsgPaymentState)
		}
		if !strings.EqualFold(r.Currency, a.Currency) {
			return core.Invalid(fmt.Sprintf(MsgMatchCurrency, a.Currency, "付款申请", r.Currency))
		}
		if -m.Amount != r.Amount {
			return core.Invalid(fmt.Sprintf(MsgPaymentAmount, models.MoneyFromUnits(-m.Amount).StringFixed(2),
				models.MoneyFromUnits(r.Amount).StringFixed(2)))
		}
		res := tx.Model(m).Updates(map[string]any{"payment_ref": r.ID, "updated_at": f.now.Stamp()})
		if models.IsDuplicate(res.Error) {
			return core.Refused(MsgPaymentTaken)
		}
		return res.Error
	})
}

// Unmatch takes a movement's match off.
func (f *Funds) Unmatch(ctx context.Context, p core.Principal, form MatchForm) error {
	return f.db.Tx(ctx, func(tx *models.DB) error {
		m, _, err := matchable(tx, p, form.MovementID)
		if err != nil {
			return err
		}
		if m.SettlementRef == nil && m.PaymentRef == nil {
			return core.Refused(MsgMatchNothing)
		}
		return tx.Model(m).Updates(map[string]any{"settlement_ref": nil, "payment_ref": nil, "updated_at": f.now.Stamp()}).Error
	})
}

// SettlementCandidate is a settlement a deposit may be matched to, with how far its total and deposit day are from
// the movement's.
type SettlementCandidate struct {
	ID           int64
	SettlementID string
	GroupName    string
	Marketplace  string
	PeriodEnd    *time.Time
	DepositDate  *time.Time
	Currency     string
	Total        int64
	Difference   int64
}

// PaymentCandidate is a 付款申请 a payment may be matched to.
type PaymentCandidate struct {
	ID           int64
	Number       string
	OrderNumber  string
	SupplierName string
	Status       int
	Currency     string
	Amount       int64
	PaidDate     string
}

// candidateLimit bounds the lists a match picks from: the closest first.
const candidateLimit = 20

// SettlementCandidates lists the unmatched settlements of the user's store groups in the movement's currency, the
// closest in amount then in deposit day first.
func (f *Funds) SettlementCandidates(ctx context.Context, p core.Principal, movementID string) ([]SettlementCandidate, error) {
	db := f.db.With(ctx)
	m, a, err := matchable(db, p, movementID)
	if err != nil {
		return nil, err
	}
	var rows []amazondatadb.Settlement
	err = db.Table("settlements").Scopes(models.InCompany("settlements", p.CompanyID),
		models.InGrantedGroups("settlements.group_id", p.UserID)).
		Where("settlements.currency = ? AND NOT EXISTS (SELECT 1 FROM fund_movements fm WHERE fm.settlement_ref = settlements.id)", a.Currency).
		Order(fmt.Sprintf("ABS(settlements.total_amount - %d)", m.Amount)).Limit(200).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	names, err := groupNames(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	day, _ := time.ParseInLocation(time.DateOnly, m.MovedOn, f.timeZone)
	out := make([]SettlementCandidate, len(rows))
	far := make([]time.Duration, len(rows))
	for i, s := range rows {
		out[i] = SettlementCandidate{ID: s.ID, SettlementID: s.SettlementID, GroupName: names[s.GroupID], Marketplace: s.MarketplaceID,
			PeriodEnd: s.SettlementEndDate, DepositDate: s.DepositDate, Currency: s.Currency, Total: s.TotalAmount.Units(),
			Difference: m.Amount - s.TotalAmount.Units()}
		far[i] = time.Duration(1 << 62)
		if s.DepositDate != nil {
			far[i] = s.DepositDate.Sub(day).Abs()
		}
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		di, dj := abs(out[order[i]].Difference), abs(out[order[j]].Difference)
		if di != dj {
			return di < dj
		}
		return far[order[i]] < far[order[j]]
	})
	sorted := make([]SettlementCandidate, 0, candidateLimit)
	for _, i := range order {
		if len(sorted) == candidateLimit {
			break
		}
		sorted = append(sorted, out[i])
	}
	return sorted, nil
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func groupNames(db *models.DB, companyID int64) (map[int64]string, error) {
	var rows []struct {
		ID   int64
		Name string
	}
	err := db.Table("store_groups").Where("company_id = ?", companyID).Select("id, name").Scan(&rows).Error
	out := map[int64]string{}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, err
}

// PaymentCandidates lists the unmatched 付款申请 (待付款, 已付款) in the movement's currency, those of its amount
// first.
func (f *Funds) PaymentCandidates(ctx context.Context, p core.Principal, movementID string) ([]PaymentCandidate, error) {
	db := f.db.With(ctx)
	m, a, err := matchable(db, p, movementID)
	if err != nil {
		return nil, err
	}
	var rows []PaymentCandidate
	err = db.Table("payment_requests").Scopes(models.InCompany("payment_requests", p.CompanyID)).
		Joins("JOIN purchase_orders ON purchase_orders.id = payment_requests.order_id").
		Joins("JOIN suppliers ON suppliers.id = payment_requests.supplier_id").
		Where("payment_requests.currency = ? AND payment_requests.status IN ?", a.Currency, []int{purchasedb.PayApproved, purchasedb.PayPaid}).
		Where("NOT EXISTS (SELECT 1 FROM fund_movements fm WHERE fm.payment_ref = payment_requests.id)").
		Select("payment_requests.id, payment_requests.number, purchase_orders.number AS order_number, suppliers.name AS supplier_name, " +
			"payment_requests.status, payment_requests.currency, payment_requests.amount, payment_requests.paid_date").
		Order(clauseAbs("payment_requests.amount", -m.Amount)).Limit(candidateLimit).Scan(&rows).Error
	return rows, err
}

// clauseAbs orders by how far column is from n (n is the caller's integer, never the user's text).
func clauseAbs(column string, n int64) string {
	return fmt.Sprintf("ABS(%s - %d), payment_requests.created_at DESC", column, n)
}

// SettlementDeposit is the movement matched to a settlement (its deposit), or nil: 结算记录's reconciliation of the
// deposit against what reached the account.
func (f *Funds) SettlementDeposit(ctx context.Context, p core.Principal, settlementRowID int64) (*financedb.FundMovementRow, error) {
	return financedb.FundMovementOfSettlement(f.db.With(ctx), p.CompanyID, settlementRowID)
}
