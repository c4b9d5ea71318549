package alibaba

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	alidb "sellerhub/models/alibaba"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
)

// listLimit bounds the rows a list reads before paging them (its filters narrow past it).
const listLimit = 20000

// OrderQuery is the imported orders' list: an account, a part of the order id or seller, only those waiting for
// products, the order dates (yyyy-MM-dd, both included).
type OrderQuery struct {
	core.PageRequest
	AccountID string `json:"accountId" query:"accountId"`
	Search    string `json:"search" query:"search"`
	Unmapped  bool   `json:"unmapped" query:"unmapped"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
}

// WholeQuery makes the query read every row (the export's).
func (q *OrderQuery) WholeQuery() { q.PageRequest = core.PageRequest{Current: 1, Size: listLimit} }

// OrderRow is an imported order with its purchase order's number and its paid amount.
type OrderRow struct {
	alidb.Order
	PurchaseNumber string
	PurchaseStatus int
	Paid           int64
	Lines          []LineRow
	Payments       []alidb.Payment
}

// LineRow is a line with the product its offer stands for.
type LineRow struct {
	alidb.OrderLine
	SKU, ProductName string
}

func (s *Service) filter(q OrderQuery) (alidb.OrderFilter, error) {
	f := alidb.OrderFilter{Search: strings.TrimSpace(q.Search), Unmapped: q.Unmapped}
	if v := strings.TrimSpace(q.AccountID); v != "" {
		n, ok := core.ParseID(v)
		if !ok {
			n = -1
		}
		f.AccountID = n
	}
	from, to, err := core.DayRange(s.timeZone, q.StartDate, q.EndDate)
	if err != nil {
		return f, err
	}
	if !from.IsZero() {
		f.From = &from
	}
	if !to.IsZero() {
		f.To = &to
	}
	return f, nil
}

// Orders lists a page of the company's imported orders, the newest first.
func (s *Service) Orders(ctx context.Context, p core.Principal, q OrderQuery) ([]OrderRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f, err := s.filter(q)
	if err != nil {
		return nil, 0, r, err
	}
	db := s.db.With(ctx)
	all, err := alidb.OrdersIn(db, p.CompanyID, f, listLimit)
	if err != nil {
		return nil, 0, r, err
	}
	lo, hi := min(r.Offset(), len(all)), min(r.Offset()+r.Size, len(all))
	rows, err := s.orderRows(db, p.CompanyID, all[lo:hi])
	return rows, int64(len(all)), r, err
}

// orderRows adds the lines, the payments and the purchase orders to orders.
func (s *Service) orderRows(db *models.DB, companyID int64, orders []alidb.Order) ([]OrderRow, error) {
	ids := make([]int64, len(orders))
	var poIDs []int64
	for i, o := range orders {
		ids[i] = o.ID
		if o.PurchaseOrderID != nil {
			poIDs = append(poIDs, *o.PurchaseOrderID)
		}
	}
	lines, err := alidb.Lines(db, companyID, ids...)
	if err != nil {
		return nil, err
	}
	pays, err := alidb.Payments(db, companyID, ids...)
	if err != nil {
		return nil, err
	}
	var pos []purchasedb.PurchaseOrder
	if len(poIDs) > 0 {
		if err := db.Where("company_id = ? AND id IN ?", companyID, poIDs).Find(&pos).Error; err != nil {
			return nil, err
		}
	}
	var productIDs []int64
	for _, l := range lines {
		if l.ProductID != nil {
			productIDs = append(productIDs, *l.ProductID)
		}
	}
	products := map[int64]catalogdb.LocalProduct{}
	if len(productIDs) > 0 {
		var ps []catalogdb.LocalProduct
		if err := db.Where("company_id = ? AND id IN ?", companyID, productIDs).Find(&ps).Error; err != nil {
			return nil, err
		}
		for _, p := range ps {
			products[p.ID] = p
		}
	}
	out := make([]OrderRow, len(orders))
	at := map[int64]int{}
	for i, o := range orders {
		out[i] = OrderRow{Order: o, Lines: []LineRow{}, Payments: []alidb.Payment{}}
		at[o.ID] = i
		for _, po := range pos {
			if o.PurchaseOrderID != nil && po.ID == *o.PurchaseOrderID {
				out[i].PurchaseNumber, out[i].PurchaseStatus = po.Number, po.Status
			}
		}
	}
	for _, l := range lines {
		row := LineRow{OrderLine: l}
		if l.ProductID != nil {
			row.SKU, row.ProductName = products[*l.ProductID].SKU, products[*l.ProductID].Name
		}
		out[at[l.OrderID]].Lines = append(out[at[l.OrderID]].Lines, row)
	}
	for _, p := range pays {
		r := &out[at[p.OrderID]]
		r.Payments = append(r.Payments, p)
		if p.PayStatus != "4" {
			r.Paid += p.Amount
		}
	}
	return out, nil
}

// Order is one imported order with its lines and payments.
func (s *Service) Order(ctx context.Context, p core.Principal, id string) (*OrderRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatOrder)
	}
	db := s.db.With(ctx)
	o, err := alidb.OrderByID(db, p.CompanyID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, whatOrder)
	}
	rows, err := s.orderRows(db, p.CompanyID, []alidb.Order{*o})
	if err != nil {
		return nil, err
	}
	return &rows[0], nil
}

// MapForm is 配对's body: an imported line and the local product its 1688 offer and spec are.
type MapForm struct {
	LineID    string `json:"lineId"`
	ProductID string `json:"productId"`
}

// MapLine keeps that the line's offer and spec are the product, names it on every waiting line of that offer
// and spec, and makes the purchase orders of the orders that no longer wait for a product. It answers how many
// purchase orders it made.
func (s *Service) MapLine(ctx context.Context, p core.Principal, f MapForm) (int, error) {
	lineID, ok := core.ParseID(strings.TrimSpace(f.LineID))
	if !ok {
		return 0, core.Invalid(MsgLineMissing)
	}
	if strings.TrimSpace(f.ProductID) == "" {
		return 0, core.Invalid(MsgProductEmpty)
	}
	productID, ok := core.ParseID(strings.TrimSpace(f.ProductID))
	if !ok {
		return 0, core.Invalid(MsgProductMissing)
	}
	made := 0
	err := s.numbers.Write(ctx, models.PurchaseNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		made = 0
		var l alidb.OrderLine
		if err := tx.Where("company_id = ? AND id = ?", p.CompanyID, lineID).Take(&l).Error; err != nil {
			if models.IsNotFound(err) {
				return core.Invalid(MsgLineMissing)
			}
			return err
		}
		var n int64
		if err := tx.Model(&catalogdb.LocalProduct{}).Where("company_id = ? AND id = ?", p.CompanyID, productID).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return core.Invalid(MsgProductMissing)
		}
		if err := alidb.SaveLink(tx, alidb.ProductLink{CompanyID: p.CompanyID, OfferID: l.OfferID, SpecID: l.SpecID, ProductID: productID}); err != nil {
			return err
		}
		// Lines of orders that became purchase orders keep their product: the purchase order is the user's now.
		var orderIDs []int64
		if err := tx.Model(&alidb.OrderLine{}).Where("company_id = ? AND offer_id = ? AND spec_id = ? AND product_id IS NULL",
			p.CompanyID, l.OfferID, l.SpecID).Distinct().Pluck("order_id", &orderIDs).Error; err != nil {
			return err
		}
		if len(orderIDs) == 0 {
			return nil
		}
		if err := tx.Model(&alidb.OrderLine{}).Where("company_id = ? AND offer_id = ? AND spec_id = ? AND product_id IS NULL",
			p.CompanyID, l.OfferID, l.SpecID).Update("product_id", productID).Error; err != nil {
			return err
		}
		stamp := s.now.Stamp()
		for _, oid := range orderIDs {
			var n int64
			if err := tx.Model(&alidb.OrderLine{}).Where("order_id = ? AND product_id IS NULL", oid).Count(&n).Error; err != nil {
				return err
			}
			if err := tx.Model(&alidb.Order{}).Where("id = ?", oid).Update("lines_unmapped", n).Error; err != nil {
				return err
			}
			o, err := alidb.OrderByID(tx, p.CompanyID, oid)
			if err != nil {
				return err
			}
			a, err := alidb.AccountByID(tx, p.CompanyID, o.AccountID)
			if err != nil {
				return err
			}
			had := o.PurchaseOrderID != nil
			if err := s.makePurchaseOrder(tx, a.WarehouseID, o, next, stamp); err != nil {
				return err
			}
			if !had && o.PurchaseOrderID != nil {
				made++
			}
		}
		return nil
	})
	return made, err
}
