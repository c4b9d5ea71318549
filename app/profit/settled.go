package profit

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// SettledQuery is the body of 费用项 and SKU结算: the page, the sort, the months (yyyy-MM, Beijing time, this
// month when none; by the lines' posted dates), a store group and marketplace, and a part of the seller SKU.
type SettledQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	StartMonth    string `json:"startMonth"`
	EndMonth      string `json:"endMonth"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Search        string `json:"search"`
}

// settledSum is a settlement sum placed in its marketplace (lines naming none take their settlement's).
type settledSum struct {
	profitdb.SettlementSum
	market string
}

// settledSums reads the query's settlement sums and the rates to convert them.
func (s *Service) settledSums(ctx context.Context, p core.Principal, q SettledQuery) ([]settledSum, *finance.RateBook, error) {
	f, ok, err := s.filter(p, Query{StartMonth: q.StartMonth, EndMonth: q.EndMonth, GroupID: q.GroupID,
		MarketplaceID: q.MarketplaceID, Search: q.Search})
	if err != nil || !ok {
		return nil, nil, err
	}
	db := s.db.With(ctx)
	sums, err := profitdb.SettlementSums(db, p.CompanyID, f)
	if err != nil {
		return nil, nil, err
	}
	var unplaced []string
	for _, sum := range sums {
		if sum.MarketplaceID == "" {
			unplaced = append(unplaced, sum.SettlementID)
		}
	}
	places, err := profitdb.SettlementMarketplaces(db, p.CompanyID, unplaced)
	if err != nil {
		return nil, nil, err
	}
	out := make([]settledSum, 0, len(sums))
	for _, sum := range sums {
		market := sum.MarketplaceID
		if market == "" {
			market = places[sum.SettlementID]
		}
		if f.MarketplaceID != "" && market != f.MarketplaceID {
			continue
		}
		out = append(out, settledSum{sum, market})
	}
	book, err := s.finance.Rates(ctx, p.CompanyID)
	return out, book, err
}

// FeeItem is what the settlements booked under one of Amazon's names in a currency over the months: Amazon's
// names with our Chinese names beside (app/amazon/names.go, the one table), the amount in the currency and in
// CNY at each month's rate, and the lines it sums.
type FeeItem struct {
	TransactionType, AmountType, AmountDescription string
	TransactionTypeName, AmountName                string
	Currency                                       string
	Amount, AmountCNY                              models.Money
	Lines                                          int64
}

// feeItemSorts are the columns 费用项 sorts by.
var feeItemSorts = map[string]func(a, b *FeeItem) int{
	"amount":    func(a, b *FeeItem) int { return a.Amount.Cmp(b.Amount.Decimal) },
	"amountCny": func(a, b *FeeItem) int { return a.AmountCNY.Cmp(b.AmountCNY.Decimal) },
	"lines":     func(a, b *FeeItem) int { return cmp.Compare(a.Lines, b.Lines) },
}

// FeeItems answers a page of 费用项: the settlements' amounts by Amazon's names and currency, the largest in CNY
// (either sign) first unless sorted.
func (s *Service) FeeItems(ctx context.Context, p core.Principal, q SettledQuery) ([]FeeItem, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	sums, book, err := s.settledSums(ctx, p, q)
	if err != nil || book == nil {
		return []FeeItem{}, 0, r, err
	}
	type key struct{ tx, kind, desc, currency string }
	at := map[key]int{}
	var items []FeeItem
	var cny []finance.CNYSum
	for _, sum := range sums {
		k := key{sum.TransactionType, sum.AmountType, sum.AmountDescription, sum.Currency}
		i, seen := at[k]
		if !seen {
			i = len(items)
			at[k] = i
			tn, _ := amazon.TransactionTypeName(k.tx)
			an, _ := amazon.AmountName(k.kind, k.desc)
			items = append(items, FeeItem{TransactionType: k.tx, AmountType: k.kind, AmountDescription: k.desc,
				TransactionTypeName: tn, AmountName: an, Currency: k.currency})
			cny = append(cny, book.Sum())
		}
		items[i].Amount = models.Money{Decimal: items[i].Amount.Add(sum.Amount.Decimal)}
		items[i].Lines += sum.Lines
		cny[i].Add(sum.Amount, sum.Currency, sum.Month)
	}
	for i := range items {
		if items[i].AmountCNY, err = cny[i].CNY(); err != nil {
			return nil, 0, r, err
		}
	}
	by := feeItemSorts[q.Sort]
	desc := strings.EqualFold(q.Order, "desc")
	slices.SortStableFunc(items, func(a, b FeeItem) int {
		if by == nil {
			return cmp.Or(b.AmountCNY.Abs().Cmp(a.AmountCNY.Abs()), strings.Compare(a.AmountName, b.AmountName))
		}
		if desc {
			return by(&b, &a)
		}
		return by(&a, &b)
	})
	return pageOf(items, r), int64(len(items)), r, nil
}

func pageOf[T any](all []T, r core.PageRequest) []T {
	start := min(r.Offset(), len(all))
	return all[start:min(start+r.Size, len(all))]
}

// SKUSettled is what the settlements of a seller SKU of a store's marketplace came to in a currency over the
// months: units sold, sales, refunds (positive for what was paid back), Amazon's fees (referral, fulfilment,
// storage, advertising; positive for what was charged), the rest (taxes, reimbursements, adjustments) and the net
// the settlements paid for it, with the net and the sales in CNY. SKU "" is the store's charges of no SKU.
type SKUSettled struct {
	GroupID                          int64
	GroupName, MarketplaceID, SKU    string
	Currency                         string
	Units                            int64
	Sales, Refunds, Fees, Other, Net models.Money
	SalesCNY, NetCNY                 models.Money
}

var skuSettledSorts = map[string]func(a, b *SKUSettled) int{
	"sku":      func(a, b *SKUSettled) int { return strings.Compare(a.SKU, b.SKU) },
	"units":    func(a, b *SKUSettled) int { return cmp.Compare(a.Units, b.Units) },
	"sales":    func(a, b *SKUSettled) int { return a.Sales.Cmp(b.Sales.Decimal) },
	"net":      func(a, b *SKUSettled) int { return a.Net.Cmp(b.Net.Decimal) },
	"salesCny": func(a, b *SKUSettled) int { return a.SalesCNY.Cmp(b.SalesCNY.Decimal) },
	"netCny":   func(a, b *SKUSettled) int { return a.NetCNY.Cmp(b.NetCNY.Decimal) },
}

// SKUSettlements answers a page of SKU结算: the settlements' amounts by store, marketplace, seller SKU and
// currency, the largest net in CNY first unless sorted.
func (s *Service) SKUSettlements(ctx context.Context, p core.Principal, q SettledQuery) ([]SKUSettled, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	sums, book, err := s.settledSums(ctx, p, q)
	if err != nil || book == nil {
		return []SKUSettled{}, 0, r, err
	}
	type key struct {
		group          int64
		market, sku, c string
	}
	at := map[key]int{}
	var lines []SKUSettled
	var sales, net []finance.CNYSum
	add := func(m *models.Money, amount models.Money) { *m = models.Money{Decimal: m.Add(amount.Decimal)} }
	for _, sum := range sums {
		k := key{sum.GroupID, sum.market, sum.SKU, sum.Currency}
		i, seen := at[k]
		if !seen {
			i = len(lines)
			at[k] = i
			lines = append(lines, SKUSettled{GroupID: k.group, MarketplaceID: k.market, SKU: k.sku, Currency: k.c})
			sales, net = append(sales, book.Sum()), append(net, book.Sum())
		}
		l := &lines[i]
		switch Classify(sum.TransactionType, sum.AmountType, sum.AmountDescription) {
		case BucketSales:
			add(&l.Sales, sum.Amount)
			sales[i].Add(sum.Amount, sum.Currency, sum.Month)
		case BucketRefunds:
			add(&l.Refunds, models.Money{Decimal: sum.Amount.Neg()})
		case BucketReferral, BucketFulfilment, BucketStorage, BucketAdvertising:
			add(&l.Fees, models.Money{Decimal: sum.Amount.Neg()})
		default:
			add(&l.Other, sum.Amount)
		}
		if isSoldUnit(sum.TransactionType, sum.AmountType, sum.AmountDescription) {
			l.Units += sum.Quantity
		}
		add(&l.Net, sum.Amount)
		net[i].Add(sum.Amount, sum.Currency, sum.Month)
	}
	groups, err := storesdb.StoreGroupsOf(s.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return nil, 0, r, err
	}
	names := map[int64]string{}
	for _, g := range groups {
		names[g.ID] = g.Name
	}
	for i := range lines {
		lines[i].GroupName = names[lines[i].GroupID]
		if lines[i].SalesCNY, err = sales[i].CNY(); err != nil {
			return nil, 0, r, err
		}
		if lines[i].NetCNY, err = net[i].CNY(); err != nil {
			return nil, 0, r, err
		}
	}
	by := skuSettledSorts[q.Sort]
	desc := strings.EqualFold(q.Order, "desc")
	slices.SortStableFunc(lines, func(a, b SKUSettled) int {
		if by == nil {
			return cmp.Or(b.NetCNY.Cmp(a.NetCNY.Decimal), strings.Compare(a.SKU, b.SKU))
		}
		if desc {
			return by(&b, &a)
		}
		return by(&a, &b)
	})
	return pageOf(lines, r), int64(len(lines)), r, nil
}
