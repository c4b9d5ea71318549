package alibaba

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	alidb "sellerhub/models/alibaba"
	purchasedb "sellerhub/models/purchase"
)

// Match states of a 1688 payment (1688结算).
const (
	MatchMatched       = "matched"       // 已匹配: its purchase order has a paid 付款申请 of the amount
	MatchRequestUnpaid = "requestUnpaid" // 付款申请未付款: a request of the amount, not marked paid
	MatchNoRequest     = "noRequest"     // 无付款申请: the purchase order has no request of the amount
	MatchNoOrder       = "noOrder"       // 未生成采购单: lines wait for their products
	MatchCancelled     = "cancelled"     // 订单已取消 at 1688 after the payment
	MatchRefunded      = "refunded"      // 已退款
)

// MatchNames name the states.
var MatchNames = map[string]string{MatchMatched: "已匹配", MatchRequestUnpaid: "付款申请未付款", MatchNoRequest: "无付款申请",
	MatchNoOrder: "未生成采购单", MatchCancelled: "订单已取消", MatchRefunded: "已退款"}

// PaymentQuery is 1688结算's list: a part of the order id or seller, a match state ("unmatched" for every state
// but 已匹配), the payment dates.
type PaymentQuery struct {
	core.PageRequest
	Search    string `json:"search" query:"search"`
	Match     string `json:"match" query:"match"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
}

// WholeQuery makes the query read every row (the export's).
func (q *PaymentQuery) WholeQuery() { q.PageRequest = core.PageRequest{Current: 1, Size: listLimit} }

// PaymentRow is a paid phase with its order, its purchase order and the 付款申请 it matched, and what to do.
type PaymentRow struct {
	alidb.Payment
	Order          alidb.Order
	PurchaseNumber string
	RequestID      int64
	RequestNumber  string
	Match          string
	Advice         string
}

// Summary totals 1688结算's payments by match state (yuan, Money's units).
type Summary struct {
	Count, Unmatched   int
	Paid, Matched, Gap int64
}

// Payments lists a page of the company's 1688 payments, the latest first, each matched.
func (s *Service) Payments(ctx context.Context, p core.Principal, q PaymentQuery) ([]PaymentRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	rows, err := s.matched(ctx, p, q)
	if err != nil {
		return nil, 0, r, err
	}
	lo, hi := min(r.Offset(), len(rows)), min(r.Offset()+r.Size, len(rows))
	return rows[lo:hi], int64(len(rows)), r, nil
}

// PaymentSummary totals the payments of the query (its match state aside).
func (s *Service) PaymentSummary(ctx context.Context, p core.Principal, q PaymentQuery) (Summary, error) {
	q.Match = ""
	rows, err := s.matched(ctx, p, q)
	var out Summary
	for _, r := range rows {
		out.Count++
		if r.Match == MatchRefunded {
			continue
		}
		out.Paid += r.Amount
		if r.Match == MatchMatched {
			out.Matched += r.Amount
		} else {
			out.Unmatched++
			out.Gap += r.Amount
		}
	}
	return out, err
}

func (s *Service) matched(ctx context.Context, p core.Principal, q PaymentQuery) ([]PaymentRow, error) {
	match := strings.TrimSpace(q.Match)
	if _, ok := MatchNames[match]; match != "" && match != "unmatched" && !ok {
		return nil, core.Invalid("匹配状态不正确")
	}
	from, to, err := core.DayRange(s.timeZone, q.StartDate, q.EndDate)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	pq := db.Where("company_id = ?", p.CompanyID)
	if !from.IsZero() {
		pq = pq.Where("paid_at >= ?", from)
	}
	if !to.IsZero() {
		pq = pq.Where("paid_at < ?", to)
	}
	var pays []alidb.Payment
	if err := pq.Order("paid_at, id").Limit(listLimit).Find(&pays).Error; err != nil {
		return nil, err
	}
	orderIDs := make([]int64, 0, len(pays))
	for _, pay := range pays {
		orderIDs = append(orderIDs, pay.OrderID)
	}
	var orders []alidb.Order
	if len(orderIDs) > 0 {
		if err := db.Where("company_id = ? AND id IN ?", p.CompanyID, orderIDs).Find(&orders).Error; err != nil {
			return nil, err
		}
	}
	byID := map[int64]alidb.Order{}
	var poIDs []int64
	for _, o := range orders {
		byID[o.ID] = o
		if o.PurchaseOrderID != nil {
			poIDs = append(poIDs, *o.PurchaseOrderID)
		}
	}
	pos := map[int64]purchasedb.PurchaseOrder{}
	requests := map[int64][]purchasedb.PaymentRequest{}
	if len(poIDs) > 0 {
		var list []purchasedb.PurchaseOrder
		if err := db.Where("company_id = ? AND id IN ?", p.CompanyID, poIDs).Find(&list).Error; err != nil {
			return nil, err
		}
		for _, po := range list {
			pos[po.ID] = po
		}
		var reqs []purchasedb.PaymentRequest
		if err := db.Where("company_id = ? AND order_id IN ? AND status IN ?", p.CompanyID, poIDs,
			[]int{purchasedb.PayPending, purchasedb.PayApproved, purchasedb.PayPaid}).
			Order("created_at, id").Find(&reqs).Error; err != nil {
			return nil, err
		}
		for _, r := range reqs {
			requests[r.OrderID] = append(requests[r.OrderID], r)
		}
	}
	search := strings.ToLower(strings.TrimSpace(q.Search))
	used := map[int64]bool{}
	out := make([]PaymentRow, 0, len(pays))
	for _, pay := range pays {
		o := byID[pay.OrderID]
		row := PaymentRow{Payment: pay, Order: o}
		if o.PurchaseOrderID != nil {
			row.PurchaseNumber = pos[*o.PurchaseOrderID].Number
		}
		s.match(&row, requests, used)
		if search != "" && !strings.Contains(strings.ToLower(o.AliOrderID+" "+o.SellerName+" "+o.SellerLoginID+" "+row.PurchaseNumber), search) {
			continue
		}
		if match == "unmatched" && row.Match == MatchMatched || match != "" && match != "unmatched" && row.Match != match {
			continue
		}
		out = append(out, row)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].PaidAt.After(out[j].PaidAt) })
	return out, nil
}

// match finds the payment's 付款申请: a request of its purchase order for the same amount not matched to an earlier
// payment (paid ones first), and says what to do when there is none.
func (s *Service) match(row *PaymentRow, requests map[int64][]purchasedb.PaymentRequest, used map[int64]bool) {
	o, amount := row.Order, models.MoneyFromUnits(row.Amount).StringFixed(2)
	switch {
	case row.PayStatus == "4":
		row.Match, row.Advice = MatchRefunded, "1688已全额退款：核对采购单是否需要作废"
		return
	case o.PurchaseOrderID == nil && closedStatus(o.Status):
		row.Match, row.Advice = MatchCancelled, "1688订单已取消：向供应商核实退款"
		return
	case o.PurchaseOrderID == nil:
		row.Match = MatchNoOrder
		row.Advice = fmt.Sprintf("订单有%d行商品未配对本地产品：在1688账号绑定中配对后生成采购单", o.LinesUnmapped)
		return
	}
	var pick *purchasedb.PaymentRequest
	for _, want := range []bool{true, false} {
		for i, r := range requests[*o.PurchaseOrderID] {
			if !used[r.ID] && r.Amount == row.Amount && (r.Status == purchasedb.PayPaid) == want {
				pick = &requests[*o.PurchaseOrderID][i]
				break
			}
		}
		if pick != nil {
			break
		}
	}
	if pick == nil {
		row.Match = MatchNoRequest
		row.Advice = fmt.Sprintf("在付款申请中为采购单%s申请付款 ¥%s，并确认已付款", row.PurchaseNumber, amount)
		return
	}
	used[pick.ID] = true
	row.RequestID, row.RequestNumber = pick.ID, pick.Number
	if pick.Status == purchasedb.PayPaid {
		row.Match = MatchMatched
		return
	}
	row.Match = MatchRequestUnpaid
	row.Advice = "付款申请" + pick.Number + "尚未确认付款：1688已付款，请在付款申请中确认付款"
}
