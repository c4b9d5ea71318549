package claims

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/finance"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	claimsdb "sellerhub/models/claims"
)

// auditReturns: an FBA order's SKU refunded to the customer, less the units that came back to a fulfilment centre
// (the customer returns report, whenever they came) and those Amazon reimbursed for the order. Valued at the
// principal refunded per unit.
func (s *Service) auditReturns(db *models.DB, companyID int64, today string, reimbursed []amazondatadb.Reimbursement) (AuditResult, error) {
	refunds, err := claimsdb.FBARefunds(db, companyID)
	if err != nil {
		return AuditResult{}, err
	}
	if len(refunds) == 0 {
		return s.settle(db, companyID, claimsdb.KindReturn, today, nil, reimbursed)
	}
	returns, err := claimsdb.Returned(db, companyID)
	if err != nil {
		return AuditResult{}, err
	}
	type item struct {
		seller     int64
		order, sku string
	}
	back := map[item][]amazondatadb.CustomerReturn{}
	// A refund is judged once the seller's returns are synced past its day: an audit between the settlements'
	// import and the returns' would take every refund for one never returned.
	synced := map[int64]time.Time{}
	for _, r := range returns {
		if r.ReturnDate.After(synced[r.SellerID]) {
			synced[r.SellerID] = r.ReturnDate
		}
		k := item{r.SellerID, r.OrderID, r.SKU}
		back[k] = append(back[k], r)
	}
	paid := map[item][]amazondatadb.Reimbursement{}
	for _, r := range reimbursed {
		if r.AmazonOrderID != "" {
			k := item{r.SellerID, r.AmazonOrderID, r.SKU}
			paid[k] = append(paid[k], r)
		}
	}
	var cands []candidate
	for _, r := range refunds {
		if synced[r.SellerID].Before(r.PostedAt) {
			continue
		}
		day := r.PostedAt.UTC().Format(time.DateOnly)
		k := item{r.SellerID, r.OrderID, r.SKU}
		c := candidate{claim: claimsdb.Claim{CompanyID: companyID, GroupID: r.GroupID, SellerID: r.SellerID,
			MarketplaceID: r.MarketplaceID, Kind: claimsdb.KindReturn, SKU: r.SKU, ReferenceID: r.OrderID, EventDay: day,
			ClaimKey: fmt.Sprintf("%d|%s|%s", r.SellerID, r.OrderID, r.SKU)},
			evidence: []Evidence{{Day: day, What: "买家退款 " + r.Amount.Neg().StringFixed(2) + " " + r.Currency, Reference: r.OrderID, Units: r.Units}}}
		need := r.Units
		for _, ret := range back[k] {
			if c.claim.FNSKU == "" {
				c.claim.FNSKU = ret.FNSKU
			}
			n := min(need, ret.Quantity)
			need -= n
			c.evidence = append(c.evidence, Evidence{Day: ret.ReturnDate.UTC().Format(time.DateOnly),
				What: "退货入库（" + ret.DetailedDisposition + "）", Reference: ret.LicensePlateNumber, Place: ret.FulfillmentCenterID, Units: ret.Quantity})
		}
		for _, p := range paid[k] {
			if c.claim.FNSKU == "" {
				c.claim.FNSKU = p.FNSKU
			}
			n := min(need, p.QuantityTotal)
			need -= n
			c.by = p.ReimbursementID
			c.evidence = append(c.evidence, Evidence{Day: p.ApprovalDate.UTC().Format(time.DateOnly), What: "赔偿 " + p.Reason,
				Reference: p.ReimbursementID, Units: p.QuantityTotal})
		}
		c.uncovered = max(need, 0)
		if r.Units > 0 {
			per := r.Amount.Decimal.Neg().Div(decimal.NewFromInt(int64(r.Units)))
			c.price(per, per.Mul(decimal.NewFromInt(int64(c.uncovered))), r.Currency)
		}
		cands = append(cands, c)
	}
	return s.settle(db, companyID, claimsdb.KindReturn, today, cands, reimbursed)
}

// price sets a claim's value itself (the audit's value then leaves it be).
func (c *candidate) price(perUnit, amount decimal.Decimal, currency string) {
	c.priced = true
	c.claim.UnitValue, c.claim.Amount, c.claim.Currency = models.Money{Decimal: perUnit.Round(4)}, models.Money{Decimal: amount.Round(4)}, currency
}

// auditFees: the FBA fulfilment fees a settlement charged on a SKU above the fee of its paired local product's
// measured size and weight, on the marketplace's fee card of the day charged, where Amazon's own measures (its fee
// estimate) put the unit in another size tier of that card: one claim per settlement and SKU; covered by Amazon's
// fee corrections of the SKU after the charge, up to the overcharge. Once claimed, a SKU stays audited though
// Amazon measures it again (the fee corrections then settle it).
func (s *Service) auditFees(db *models.DB, companyID int64, today string, reimbursed []amazondatadb.Reimbursement) (AuditResult, error) {
	measured, err := claimsdb.MeasuredSKUs(db, companyID)
	if err != nil {
		return AuditResult{}, err
	}
	existing, err := claimsdb.ClaimsOfCompany(db, companyID, claimsdb.KindFee)
	if err != nil {
		return AuditResult{}, err
	}
	type item struct {
		seller           int64
		marketplace, sku string
	}
	claimedKey := make(map[string]bool, len(existing))
	claimedSKU := map[item]bool{}
	for _, c := range existing {
		claimedKey[c.ClaimKey] = true
		claimedSKU[item{c.SellerID, c.MarketplaceID, c.SKU}] = true
	}
	// The SKUs whose tiers differ on today's card, or differed when claimed.
	skus := map[item]*claimsdb.Measured{}
	var names []string
	for i := range measured {
		m := &measured[i]
		k := item{m.SellerID, m.MarketplaceID, m.SKU}
		if _, _, differ := tiers(m, today, decimal.Zero); !differ && !claimedSKU[k] {
			continue
		}
		if !slices.Contains(names, m.SKU) {
			names = append(names, m.SKU)
		}
		skus[k] = m
	}
	if len(skus) == 0 {
		return s.settle(db, companyID, claimsdb.KindFee, today, nil, reimbursed)
	}
	charges, err := claimsdb.FeeCharges(db, companyID, names)
	if err != nil {
		return AuditResult{}, err
	}
	type group struct {
		c     *candidate
		over  decimal.Decimal
		units int
	}
	groups := map[string]*group{}
	var order []string
	for _, ch := range charges {
		m := skus[item{ch.SellerID, ch.MarketplaceID, ch.SKU}]
		if m == nil {
			continue
		}
		day := ch.PostedDate.UTC().Format(time.DateOnly)
		key := fmt.Sprintf("%d|%s|%s", ch.SellerID, ch.SettlementID, ch.SKU)
		if _, deadline := policyFor(claimsdb.KindFee, ch.MarketplaceID, day).window(day); !claimedKey[key] && today > deadline {
			continue
		}
		qty := decimal.NewFromInt(int64(ch.Quantity))
		want, theirs, differ := tiers(m, day, ch.Principal.Decimal.Div(qty))
		if want.Currency != ch.Currency || (!differ && !claimedKey[key]) {
			continue
		}
		charged := ch.Fee.Decimal.Neg().Div(qty)
		if !charged.GreaterThan(want.Fee) {
			continue
		}
		g := groups[key]
		if g == nil {
			g = &group{c: &candidate{claim: claimsdb.Claim{CompanyID: companyID, GroupID: m.GroupID, SellerID: ch.SellerID,
				MarketplaceID: ch.MarketplaceID, Kind: claimsdb.KindFee, SKU: ch.SKU, Currency: ch.Currency,
				ReferenceID: ch.SettlementID, EventDay: day, ClaimKey: key},
				evidence: []Evidence{
					{Day: day, What: fmt.Sprintf("本地产品 %s 实测 %s×%s×%s cm、%s kg：%s，配送费应为 %s %s/件",
						m.ProductSKU, m.Length, m.Width, m.Height, m.Weight, want.TierName, want.Fee.StringFixed(2), want.Currency),
						Reference: m.ProductSKU},
					{Day: day, What: fmt.Sprintf("亚马逊测量 %s×%s×%s %s、%s %s：%s（%s）", m.LongestSide, m.MedianSide, m.ShortestSide,
						m.UnitOfDimension, m.ItemPackageWeight, m.UnitOfWeight, theirs.TierName, m.ProductSizeTier), Reference: ch.SKU}}}}
			groups[key] = g
			order = append(order, key)
		}
		g.units += ch.Quantity
		g.over = g.over.Add(charged.Sub(want.Fee).Mul(qty))
		g.c.evidence = append(g.c.evidence, Evidence{Day: day, What: fmt.Sprintf("FBA配送费 %s %s/件（多收 %s/件）",
			charged.StringFixed(2), ch.Currency, charged.Sub(want.Fee).StringFixed(2)), Reference: ch.OrderID, Units: ch.Quantity})
	}
	// Fee corrections go to the overcharges oldest first.
	used := map[string]decimal.Decimal{}
	var cands []candidate
	for _, key := range order {
		g := groups[key]
		c := g.c
		left := g.over
		for _, r := range reimbursed {
			if !left.IsPositive() {
				break
			}
			if r.SellerID != c.claim.SellerID || r.SKU != c.claim.SKU || !strings.Contains(strings.ToLower(r.Reason), "fee") ||
				r.ApprovalDate.UTC().Format(time.DateOnly) < c.claim.EventDay {
				continue
			}
			avail := r.AmountTotal.Decimal.Sub(used[r.ReimbursementID])
			if !avail.IsPositive() {
				continue
			}
			n := decimal.Min(avail, left)
			used[r.ReimbursementID] = used[r.ReimbursementID].Add(n)
			left = left.Sub(n)
			c.by = r.ReimbursementID
			c.evidence = append(c.evidence, Evidence{Day: r.ApprovalDate.UTC().Format(time.DateOnly),
				What: "赔偿 " + r.Reason + " " + n.StringFixed(2) + " " + r.Currency, Reference: r.ReimbursementID})
		}
		if left.IsPositive() {
			c.uncovered = g.units
			c.price(left.Div(decimal.NewFromInt(int64(g.units))), left, c.claim.Currency)
		}
		cands = append(cands, *c)
	}
	return s.settle(db, companyID, claimsdb.KindFee, today, cands, reimbursed)
}

// tiers are the fees of a SKU sold at price on the card of day: by our measures and by Amazon's, and whether they
// fall in different tiers (false too when either cannot be told).
func tiers(m *claimsdb.Measured, day string, price decimal.Decimal) (ours, theirs finance.ExpectedFee, differ bool) {
	ours, ok := finance.FulfilmentFeeOn(m.MarketplaceID, day, []decimal.Decimal{m.Length, m.Width, m.Height}, m.Weight, price)
	if !ok {
		return ours, theirs, false
	}
	sides, kg, ok := amazonMeasures(m)
	if !ok {
		return ours, theirs, false
	}
	theirs, ok = finance.FulfilmentFeeOn(m.MarketplaceID, day, sides, kg, price)
	return ours, theirs, ok && theirs.Tier != ours.Tier
}

// amazonMeasures reads Amazon's measures of a SKU (its fee estimate's sides and weight in their units) as cm and kg.
func amazonMeasures(ch *claimsdb.Measured) ([]decimal.Decimal, decimal.Decimal, bool) {
	perCm := map[string]string{"inches": "2.54", "inch": "2.54", "in": "2.54", "centimeters": "1", "centimetres": "1", "cm": "1",
		"millimeters": "0.1", "mm": "0.1"}
	perKg := map[string]string{"pounds": "0.45359237", "pound": "0.45359237", "lb": "0.45359237", "lbs": "0.45359237",
		"ounces": "0.028349523125", "oz": "0.028349523125", "grams": "0.001", "g": "0.001", "kilograms": "1", "kg": "1"}
	cm, ok := perCm[strings.ToLower(strings.TrimSpace(ch.UnitOfDimension))]
	if !ok {
		return nil, decimal.Zero, false
	}
	kgPer, ok := perKg[strings.ToLower(strings.TrimSpace(ch.UnitOfWeight))]
	if !ok {
		return nil, decimal.Zero, false
	}
	var sides []decimal.Decimal
	for _, v := range []string{ch.LongestSide, ch.MedianSide, ch.ShortestSide} {
		d, err := decimal.NewFromString(strings.TrimSpace(v))
		if err != nil || !d.IsPositive() {
			return nil, decimal.Zero, false
		}
		sides = append(sides, d.Mul(decimal.RequireFromString(cm)))
	}
	w, err := decimal.NewFromString(strings.TrimSpace(ch.ItemPackageWeight))
	if err != nil || !w.IsPositive() {
		return nil, decimal.Zero, false
	}
	return sides, w.Mul(decimal.RequireFromString(kgPer)), true
}
