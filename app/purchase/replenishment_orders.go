package purchase

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
)

// 采购计划提交 (/e/p/p/s): the checked lines of 亚马逊补货计划 reviewed before ordering. The lines' products are summed,
// each under its default supplier (changeable), its quantity (the suggestion, editable) rounded up to the
// supplier's smallest tier (its MOQ) and to whole cartons, priced at the supplier's tier, else the product's cost;
// 提交 makes one draft order per supplier, all in one transaction.

// Messages of 采购计划提交.
const (
	MsgReviewNoSupplier   = "产品 %s 未选择供应商"
	MsgReviewQuantityBad  = "产品 %s：采购数量必须大于0"
	MsgReviewQuantityMax  = "产品 %s：采购数量不能超过1000000"
	MsgReviewSupplierGone = "产品 %s：供应商不存在"
	MsgReviewProductBad   = "产品不在所选补货行中"
)

// ReviewPick is the buyer's change to a product's line: another supplier, another quantity (nil: the suggestion).
type ReviewPick struct {
	ProductID  string `json:"productId"`
	SupplierID string `json:"supplierId"`
	Quantity   *int   `json:"quantity"`
}

// OrderReviewForm is the review: the lines of 亚马逊补货计划 checked, the buyer's changes by product and, to submit,
// the warehouse the goods come to.
type OrderReviewForm struct {
	IDs         []string     `json:"ids"`
	Lines       []ReviewPick `json:"lines"`
	WarehouseID string       `json:"warehouseId"`
}

// ReviewLine is a product to order: the seller SKUs it serves, the suggestion, the quantity after rounding (MOQ:
// the supplier's smallest tier; cartonUnits: 箱规; 0 when none), the unit price and the amount (CNY).
type ReviewLine struct {
	ProductID   string   `json:"productId"`
	ProductSKU  string   `json:"productSku"`
	ProductName string   `json:"productName"`
	IDs         []string `json:"ids"`
	SKUs        []string `json:"skus"`
	Suggested   int      `json:"suggested"`
	Asked       int      `json:"asked"`
	Quantity    int      `json:"quantity"`
	MOQ         int      `json:"moq"`
	CartonUnits int      `json:"cartonUnits"`
	UnitPrice   string   `json:"unitPrice"`
	Tiered      bool     `json:"tiered"`
	Amount      string   `json:"amount"`
}

// ReviewGroup is one supplier's future order ("" supplierId: the products without one), with its totals.
type ReviewGroup struct {
	SupplierID   string       `json:"supplierId"`
	SupplierName string       `json:"supplierName"`
	Lines        []ReviewLine `json:"lines"`
	Quantity     int          `json:"quantity"`
	Amount       string       `json:"amount"`
}

// OrderReview is the review: the orders by supplier, the grand totals, and what 提交 would refuse (in Chinese).
type OrderReview struct {
	Groups   []ReviewGroup `json:"groups"`
	Quantity int           `json:"quantity"`
	Amount   string        `json:"amount"`
	Problems []string      `json:"problems"`
}

// reviewProduct is a product being reviewed, with the ids it came from.
type reviewProduct struct {
	line      ReviewLine
	id        int64
	supplier  int64
	price     string // the product's entered cost, yuan
	units     int64  // the unit price in Money's units
	amount    int64
	requested *int
}

// Review works the form out: the products of the checked lines under their suppliers, quantities rounded, priced.
func (pl *Planner) Review(ctx context.Context, p core.Principal, f OrderReviewForm) (*OrderReview, error) {
	rev, _, err := pl.review(ctx, p, f)
	return rev, err
}

func (pl *Planner) review(ctx context.Context, p core.Principal, f OrderReviewForm) (*OrderReview, []*reviewProduct, error) {
	switch {
	case len(f.IDs) == 0:
		return nil, nil, core.Invalid(MsgPlanNoLines)
	case len(f.IDs) > maxLines:
		return nil, nil, core.Invalid(MsgTooManyLines)
	}
	all, err := pl.Lines(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	byID := make(map[string]*PlanLine, len(all))
	for i := range all {
		byID[all[i].ID] = &all[i]
	}
	products := map[int64]*reviewProduct{}
	var order []*reviewProduct
	for i, id := range f.IDs {
		l := byID[id]
		switch {
		case l == nil:
			return nil, nil, core.Invalid(fmt.Sprintf("第%d行：", i+1) + MsgPlanLineGone)
		case l.ProductID == 0:
			return nil, nil, core.Invalid(fmt.Sprintf(MsgPlanNoProduct, i+1, l.SKU))
		}
		r := products[l.ProductID]
		if r == nil {
			r = &reviewProduct{id: l.ProductID, supplier: l.SupplierID, price: l.UnitPrice, line: ReviewLine{
				ProductID: strconv.FormatInt(l.ProductID, 10), ProductSKU: l.ProductSKU, ProductName: l.ProductName}}
			products[l.ProductID] = r
			order = append(order, r)
		}
		r.line.IDs = append(r.line.IDs, l.ID)
		r.line.SKUs = append(r.line.SKUs, l.GroupName+"-"+l.Country+" "+l.SKU)
		r.line.Suggested += l.Buy
	}
	for _, pick := range f.Lines {
		id, _ := core.ParseID(pick.ProductID)
		r := products[id]
		if r == nil {
			return nil, nil, core.Invalid(MsgReviewProductBad)
		}
		if s := strings.TrimSpace(pick.SupplierID); s != "" {
			if r.supplier, _ = core.ParseID(s); r.supplier == 0 {
				r.supplier = -1 // named but not an id: reported as gone
			}
		} else {
			r.supplier = 0
		}
		r.requested = pick.Quantity
	}

	db := pl.db.With(ctx)
	ids := make([]int64, len(order))
	bySupplier := map[int64][]int64{}
	names := map[int64]string{}
	for i, r := range order {
		ids[i] = r.id
		if r.supplier <= 0 {
			continue
		}
		if _, seen := bySupplier[r.supplier]; !seen {
			s, err := catalogdb.SupplierByID(db, p.CompanyID, r.supplier)
			switch {
			case err == nil:
				names[r.supplier] = s.Name
			case !models.IsNotFound(err):
				return nil, nil, err
			}
		}
		bySupplier[r.supplier] = append(bySupplier[r.supplier], r.id)
	}
	cartons, err := purchasedb.ProductCartons(db, p.CompanyID, ids)
	if err != nil {
		return nil, nil, err
	}
	tiers := map[[2]int64][]purchasedb.PriceTier{}
	for sup, ps := range bySupplier {
		ts, err := purchasedb.PriceTiers(db, p.CompanyID, sup, ps)
		if err != nil {
			return nil, nil, err
		}
		for _, t := range ts {
			k := [2]int64{sup, t.ProductID}
			tiers[k] = append(tiers[k], t)
		}
	}

	rev := &OrderReview{Groups: []ReviewGroup{}, Problems: []string{}}
	groups := map[int64]*ReviewGroup{}
	var groupOrder []int64
	var total int64
	for _, r := range order {
		l := &r.line
		l.Asked = l.Suggested
		if r.requested != nil {
			l.Asked = *r.requested
		}
		ts := tiers[[2]int64{r.supplier, r.id}]
		l.Quantity, l.CartonUnits = l.Asked, cartons[r.id]
		if len(ts) > 0 {
			l.MOQ = ts[0].MinQuantity
		}
		// Rounded up only when there is something to order: 0 stays 0, for the buyer to fill in or leave out.
		if l.Quantity > 0 {
			l.Quantity = max(l.Quantity, l.MOQ)
			if c := l.CartonUnits; c > 1 && l.Quantity%c != 0 {
				l.Quantity += c - l.Quantity%c
			}
		}
		if u, ok := purchasedb.TierPrice(ts, max(l.Quantity, 1)); ok {
			r.units, l.Tiered = u, true
		} else if r.price != "" {
			if r.units, err = unitPrice(r.price); err != nil {
				r.units = 0
			}
		}
		l.UnitPrice = priceText(r.units)
		if l.Quantity > 0 {
			r.amount = r.units * int64(l.Quantity)
		}
		l.Amount = models.MoneyFromUnits(r.amount).Decimal.StringFixed(2)
		name, known := names[r.supplier]
		switch {
		case r.supplier == 0:
			rev.Problems = append(rev.Problems, fmt.Sprintf(MsgReviewNoSupplier, l.ProductSKU))
		case !known:
			rev.Problems = append(rev.Problems, fmt.Sprintf(MsgReviewSupplierGone, l.ProductSKU))
			r.supplier = 0
		}
		switch {
		case l.Quantity <= 0:
			rev.Problems = append(rev.Problems, fmt.Sprintf(MsgReviewQuantityBad, l.ProductSKU))
		case l.Quantity > maxLineQuantity:
			rev.Problems = append(rev.Problems, fmt.Sprintf(MsgReviewQuantityMax, l.ProductSKU))
		}
		g := groups[r.supplier]
		if g == nil {
			g = &ReviewGroup{SupplierName: "未选择供应商"}
			if r.supplier != 0 {
				g.SupplierID, g.SupplierName = strconv.FormatInt(r.supplier, 10), name
			}
			groups[r.supplier] = g
			groupOrder = append(groupOrder, r.supplier)
		}
		g.Lines = append(g.Lines, *l)
		g.Quantity += max(l.Quantity, 0)
		rev.Quantity += max(l.Quantity, 0)
		total += r.amount
	}
	for _, sup := range groupOrder {
		g := groups[sup]
		var sum int64
		for _, r := range order {
			if r.supplier == sup {
				sum += r.amount
			}
		}
		g.Amount = models.MoneyFromUnits(sum).Decimal.StringFixed(2)
		// The products without a supplier last: they are what is left to settle.
		if sup != 0 {
			rev.Groups = append(rev.Groups, *g)
		}
	}
	if g := groups[0]; g != nil {
		rev.Groups = append(rev.Groups, *g)
	}
	rev.Amount = models.MoneyFromUnits(total).Decimal.StringFixed(2)
	return rev, order, nil
}

// SubmitReview makes the review's orders: one draft per supplier into the warehouse, all or none, or refuses with
// the first problem the review names.
func (pl *Planner) SubmitReview(ctx context.Context, p core.Principal, f OrderReviewForm) ([]PlanDoc, error) {
	if strings.TrimSpace(f.WarehouseID) == "" {
		return nil, core.Invalid(MsgWarehouseEmpty)
	}
	rev, _, err := pl.review(ctx, p, f)
	if err != nil {
		return nil, err
	}
	if len(rev.Problems) > 0 {
		return nil, core.Invalid(rev.Problems[0])
	}
	forms := make([]OrderForm, len(rev.Groups))
	for i, g := range rev.Groups {
		forms[i] = OrderForm{SupplierID: g.SupplierID, WarehouseID: f.WarehouseID, Currency: "CNY",
			PaymentTerms: purchasedb.TermsReceipt, Remark: "由采购计划提交生成"}
		for _, l := range g.Lines {
			forms[i].Lines = append(forms[i].Lines, OrderLineForm{ProductID: l.ProductID, Quantity: l.Quantity, UnitPrice: l.UnitPrice})
		}
	}
	orders, err := pl.purchase.CreateOrders(ctx, p, forms)
	if err != nil {
		return nil, err
	}
	out := make([]PlanDoc, len(orders))
	for i, o := range orders {
		out[i] = PlanDoc{ID: strconv.FormatInt(o.ID, 10), Number: o.Number, For: rev.Groups[i].SupplierName}
	}
	return out, nil
}
