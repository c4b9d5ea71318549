package claims

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	claimsdb "sellerhub/models/claims"
)

// FBAFees is FBA费用报告: each SKU's FBA fees as Amazon estimates them (its fee estimate report: size tier, Amazon's
// measures, the fulfilment and referral fee per unit) beside the fulfilment fee the settlements charged per unit
// over a period, and the difference where more was charged. A type of its own, as StorageFees.
type FBAFees struct {
	db *models.DB
}

// NewFBAFees builds FBA费用报告's service.
func NewFBAFees(db *models.DB) *FBAFees { return &FBAFees{db: db} }

// FBAFeeQuery is the body of FBA费用报告: the page, the sort, a store group and marketplace, the settlement days from
// and to (yyyy-MM-dd, UTC, both included, "" open), a part of the SKU, FNSKU or ASIN, and only the overcharged SKUs (overcharged "1").
type FBAFeeQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	From          string `json:"from"`
	To            string `json:"to"`
	Keyword       string `json:"keyword"`
	Overcharged   string `json:"overcharged"`
}

// FBAFeeLine is a SKU of FBA费用报告: its fee estimate, what the period's settlements charged it (Units 0: nothing
// charged), the fee charged per unit rounded to the cent, and the difference per unit and in all (zero unless
// more was charged than estimated).
type FBAFeeLine struct {
	claimsdb.FeeEstimateRow
	Units, Lines            int64
	Charged, ChargedPerUnit models.Money
	Difference, Overcharge  models.Money
	Overcharged             bool
}

var fbaFeeSorts = map[string]func(a, b *FBAFeeLine) int{
	"sku":                    func(a, b *FBAFeeLine) int { return strings.Compare(a.SKU, b.SKU) },
	"expectedFulfillmentFee": func(a, b *FBAFeeLine) int { return a.ExpectedFulfillmentFee.Cmp(b.ExpectedFulfillmentFee.Decimal) },
	"units":                  func(a, b *FBAFeeLine) int { return cmp.Compare(a.Units, b.Units) },
	"chargedPerUnit":         func(a, b *FBAFeeLine) int { return a.ChargedPerUnit.Cmp(b.ChargedPerUnit.Decimal) },
	"difference":             func(a, b *FBAFeeLine) int { return a.Difference.Cmp(b.Difference.Decimal) },
	"overcharge":             func(a, b *FBAFeeLine) int { return a.Overcharge.Cmp(b.Overcharge.Decimal) },
}

// FBAFeePage lists a page of FBA费用报告: the largest overcharge first, then by marketplace and SKU, unless sorted.
func (s *FBAFees) FBAFeePage(ctx context.Context, p core.Principal, q FBAFeeQuery) ([]FBAFeeLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	from, err := day(q.From)
	if err != nil {
		return nil, 0, r, err
	}
	to, err := day(q.To)
	if err != nil {
		return nil, 0, r, err
	}
	if !from.IsZero() && !to.IsZero() && from.After(to) {
		return nil, 0, r, core.Invalid(MsgDateOrder)
	}
	f := claimsdb.FBAFeeFilter{UserID: p.UserID, Keyword: strings.TrimSpace(q.Keyword), From: from}
	if !to.IsZero() {
		f.To = to.AddDate(0, 0, 1)
	}
	var ok bool
	if f.GroupID, f.MarketplaceID, ok = core.StoreFilter(q.GroupID, q.MarketplaceID); !ok {
		return []FBAFeeLine{}, 0, r, nil
	}
	o := strings.TrimSpace(q.Overcharged)
	onlyOver := o == "1" || o == "true" || o == "on"
	db := s.db.With(ctx)
	estimates, err := claimsdb.FeeEstimates(db, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	charges, err := claimsdb.ChargedFees(db, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	type key struct {
		group               int64
		market, sku, currcy string
	}
	charged := make(map[key]claimsdb.ChargedFee, len(charges))
	for _, c := range charges {
		charged[key{c.GroupID, c.MarketplaceID, c.SKU, c.Currency}] = c
	}
	lines := make([]FBAFeeLine, 0, len(estimates))
	for _, e := range estimates {
		l := FBAFeeLine{FeeEstimateRow: e}
		if c, ok := charged[key{e.GroupID, e.MarketplaceID, e.SKU, e.Currency}]; ok && c.Units > 0 {
			l.Units, l.Lines, l.Charged = c.Units, c.Lines, c.Fee
			l.ChargedPerUnit = models.Money{Decimal: c.Fee.Div(decimal.NewFromInt(c.Units)).Round(2)}
			if diff := l.ChargedPerUnit.Sub(e.ExpectedFulfillmentFee.Decimal); diff.IsPositive() {
				l.Overcharged = true
				l.Difference = models.Money{Decimal: diff}
				l.Overcharge = models.Money{Decimal: diff.Mul(decimal.NewFromInt(c.Units))}
			}
		}
		if onlyOver && !l.Overcharged {
			continue
		}
		lines = append(lines, l)
	}
	by := fbaFeeSorts[q.Sort]
	desc := strings.EqualFold(q.Order, "desc")
	slices.SortStableFunc(lines, func(a, b FBAFeeLine) int {
		if by == nil {
			return b.Overcharge.Cmp(a.Overcharge.Decimal)
		}
		if desc {
			return by(&b, &a)
		}
		return by(&a, &b)
	})
	start := min(r.Offset(), len(lines))
	return lines[start:min(start+r.Size, len(lines))], int64(len(lines)), r, nil
}
