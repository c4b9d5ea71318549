package sellerdata

import (
	"strconv"
	"time"
)

// ReimbursementsReport is the FBA reimbursements report's type.
const ReimbursementsReport = "GET_FBA_REIMBURSEMENTS_DATA"

// ReimbursementsHeader is its columns, as Amazon names them.
var ReimbursementsHeader = []string{"approval-date", "reimbursement-id", "case-id", "amazon-order-id", "reason", "sku",
	"fnsku", "asin", "product-name", "condition", "currency-unit", "amount-per-unit", "amount-total",
	"quantity-reimbursed-cash", "quantity-reimbursed-inventory", "quantity-reimbursed-total",
	"original-reimbursement-id", "original-reimbursement-type"}

// ReimbursementLine is a line of the reimbursements report.
type ReimbursementLine struct {
	ApprovalDate                                       time.Time
	ReimbursementID, CaseID, AmazonOrderID, Reason     string
	SKU, FNSKU, ASIN, ProductName, Condition, Currency string
	AmountPerUnit, AmountTotal                         int64 // minor units
	QuantityCash, QuantityInventory, QuantityTotal     int
	OriginalReimbursementID, OriginalReimbursementType string
	dec                                                int32
}

// Reimbursements is the report's truth: a marketplace's reimbursements approved in [from, to). The planted lost
// units reimbursed in the first marketplace, and a unit damaged at a fulfilment centre in every marketplace,
// reimbursed in cash at 60% of its price (Amazon pays its estimate of the item's value, not the price).
func (w *World) Reimbursements(sellerID, marketplaceID string, from, to time.Time) []ReimbursementLine {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	ps := s.fbaProducts()
	if len(ps) < 5 {
		return nil
	}
	today := w.Now.Truncate(day)
	line := func(p *product, daysAgo int, reason string, qty int, caseID string) ReimbursementLine {
		per := p.price[m.index] * 6 / 10
		return ReimbursementLine{ApprovalDate: today.Add(-time.Duration(daysAgo)*day + 15*time.Hour),
			ReimbursementID: reimbursementID(s, m, p, daysAgo), CaseID: caseID, Reason: reason, SKU: p.sku, FNSKU: p.fnsku,
			ASIN: p.asin, ProductName: p.name, Condition: "SELLABLE", Currency: m.currency, AmountPerUnit: per,
			AmountTotal: per * int64(qty), QuantityCash: qty, QuantityTotal: qty, dec: m.dec}
	}
	all := []ReimbursementLine{line(ps[4], 33, "Damaged_Warehouse", 1, "")}
	if m == s.markets[0] {
		all = append(all, line(ps[1], reimbursedDaysAgo, "Lost_Warehouse", 2, ""))
	}
	var out []ReimbursementLine
	for _, l := range all {
		if !l.ApprovalDate.Before(from) && l.ApprovalDate.Before(to) && l.ApprovalDate.Before(w.Now) {
			out = append(out, l)
		}
	}
	return out
}

func appendReimbursement(b []byte, l ReimbursementLine) []byte {
	n := strconv.Itoa
	return tsvLine(b, string(appendISO(nil, l.ApprovalDate)), l.ReimbursementID, l.CaseID, l.AmazonOrderID, l.Reason,
		l.SKU, l.FNSKU, l.ASIN, l.ProductName, l.Condition, l.Currency, string(appendMinor(nil, l.AmountPerUnit, l.dec)),
		string(appendMinor(nil, l.AmountTotal, l.dec)), n(l.QuantityCash), n(l.QuantityInventory), n(l.QuantityTotal),
		l.OriginalReimbursementID, l.OriginalReimbursementType)
}
