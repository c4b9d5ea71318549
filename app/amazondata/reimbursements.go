package amazondata

import (
	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[Reimbursements] = importReimbursements }

// reimbursementKey tells two lines of the reimbursements report apart: a reimbursement covers several SKUs, and
// a reversal or a correction repeats its id with the original's.
type reimbursementKey struct{ id, sku, fnsku, reason, original string }

// importReimbursements reads the reimbursements report (GET_FBA_REIMBURSEMENTS_DATA) of the report's marketplace.
func importReimbursements(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, Reimbursements, "approval-date", "reimbursement-id", "amount-total"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.Reimbursement, reimbursementKey, error) {
		re, err := readReimbursement(st, row)
		return re, reimbursementKey{re.ReimbursementID, re.SKU, re.FNSKU, re.Reason, re.OriginalReimbursementID}, err
	}, func(lines []amazondatadb.Reimbursement) (int64, error) {
		return amazondatadb.UpsertReimbursements(s.db, lines)
	})
}

func readReimbursement(st Store, row amazon.TSVRow) (amazondatadb.Reimbursement, error) {
	l := line{row: row}
	re := amazondatadb.Reimbursement{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, ApprovalDate: l.date("approval-date"), ReimbursementID: l.required("reimbursement-id"),
		CaseID: l.str("case-id"), AmazonOrderID: l.str("amazon-order-id"), Reason: l.str("reason"), SKU: l.str("sku"),
		FNSKU: l.str("fnsku"), ASIN: l.str("asin"), ProductName: l.str("product-name"), ItemCondition: l.str("condition"),
		Currency: l.str("currency-unit"), AmountPerUnit: l.money("amount-per-unit"), AmountTotal: l.money("amount-total"),
		QuantityCash: l.integer("quantity-reimbursed-cash"), QuantityInventory: l.integer("quantity-reimbursed-inventory"),
		QuantityTotal: l.integer("quantity-reimbursed-total"), OriginalReimbursementID: l.str("original-reimbursement-id"),
		OriginalReimbursementType: l.str("original-reimbursement-type")}
	return re, l.err
}
