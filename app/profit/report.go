package profit

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	amazondatadb "sellerhub/models/amazondata"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// Messages of the profit report.
const (
	MsgByBad        = "统计维度不正确"
	MsgMonthBad     = "月份格式不正确，应为yyyy-MM"
	MsgMonthRange   = "开始月份不能晚于结束月份"
	MsgMonthsLong   = "查询范围不能超过24个月"
	MsgFigureBad    = "明细项目不正确"
	MsgLineRequired = "请指定要查看的月份、店铺、站点和币种"
	// MsgUnpaired marks a SKU SKU配对 has not paired with a local product: it has no cost.
	MsgUnpaired = "未配对"
	// MsgStoreCharges names the line of a store's settlement amounts that belong to no SKU (subscription, storage,
	// advertising invoices).
	MsgStoreCharges = "店铺费用（无SKU）"
	// MsgAdsNotSynced is the advertising column's note on a SKU of a store group whose advertising is not synced.
	MsgAdsNotSynced = "广告数据未同步"
)

// The report's groupings: a line per seller SKU, store and month (the detail), per store and month, per month.
const (
	BySKU   = "sku"
	ByStore = "store"
	ByMonth = "month"
)

// maxMonths bounds a report's range: two years, the most the sync keeps.
const maxMonths = 24

// Query is the body of 利润报告: the page, the sort, the grouping (sku, store, month), the months (yyyy-MM,
// Beijing time, both included; the current month when none), a store group, a marketplace and a part of the
// seller SKU.
type Query struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	By            string `json:"by"`
	StartMonth    string `json:"startMonth"`
	EndMonth      string `json:"endMonth"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Search        string `json:"search"`
}

// Line is one line of the report: a seller SKU of a store's marketplace in a month and currency (or, grouped, a
// store's or a month's total in a currency). Amazon's part is in the line's currency, each bucket a positive
// amount for what it is named (sales earned, fees charged; a fee bucket Amazon paid back is negative), and the
// same in CNY at the month's rate; the cost of goods and the freight are CNY; profit and margin are CNY.
type Line struct {
	Month         string
	GroupID       int64
	GroupName     string
	MarketplaceID string
	SKU           string
	Name          string
	ProductSKU    string
	Currency      string
	// Grouped: a store's or a month's total, not a line by SKU.
	Grouped bool
	// Estimated: the month's sales come from the orders and its fees from Amazon's estimates (no settlement
	// covers the SKU's month); grouped, how many of the lines summed were.
	Estimated int
	// Unpaired: no local product is paired with the SKU, so it has no cost; NoCost: the product has no price.
	Unpaired, NoCost int
	// FreightGuessed: a product of its shipments had no weight (or size) and took a share by units; NoFreight:
	// the SKU has no shipment with freight; NoFeeEstimate: an estimated line without Amazon's fee estimate.
	FreightGuessed, NoFreight, NoFeeEstimate int
	Units                                    int64
	Amazon                                   map[Bucket]models.Money
	AmazonCNY                                map[Bucket]models.Money
	UnitCost, UnitFreight                    models.Money
	Cost, Freight                            models.Money
	// CostParts are the line's units by the product cost in force on their dates: one part unless a cost
	// changed within the month.
	CostParts []CostPart
	Profit    models.Money
	// AdsSynced: the line's store group has its advertising synced, so its 广告费 is the advertised products'
	// spend (grouped: any of its lines').
	AdsSynced bool
	// Shared is the line's part of the costs 费用分摊 shared out (rent, salaries, tools), CNY.
	Shared models.Money
	// Reimbursed is the part of BucketOther that Amazon paid as reimbursements (IsReimbursement), positive for
	// what it paid, in the line's currency and in CNY at the month's rate: 月度报告 shows it apart from the fees.
	Reimbursed, ReimbursedCNY models.Money
}

// Settled is Amazon's part in the line's currency: what its settlements paid (sales less fees and refunds).
func (l *Line) Settled() models.Money { return settled(l.Amazon) }

// SettledCNY is Amazon's part in CNY.
func (l *Line) SettledCNY() models.Money { return settled(l.AmazonCNY) }

func settled(m map[Bucket]models.Money) models.Money {
	d := m[BucketSales].Decimal
	for _, b := range AmazonBuckets[1:] {
		d = d.Sub(m[b].Decimal)
	}
	return models.Money{Decimal: d}
}

// Margin is the profit over the sales in CNY, in percent to two decimals; false without sales, and when a cost or
// fees are missing (Incomplete): a margin from a profit that lacks them is not one.
func (l *Line) Margin() (decimal.Decimal, bool) {
	sales := l.AmazonCNY[BucketSales]
	if sales.IsZero() || l.Incomplete() {
		return decimal.Decimal{}, false
	}
	return l.Profit.Mul(decimal.NewFromInt(100)).DivRound(sales.Decimal, 2), true
}

func (l *Line) add(b Bucket, amount decimal.Decimal) {
	l.Amazon[b] = models.Money{Decimal: l.Amazon[b].Add(amount)}
}

func newLine() *Line {
	return &Line{Amazon: map[Bucket]models.Money{}, AmazonCNY: map[Bucket]models.Money{}}
}

// lineKey is a line by SKU: month, store group, marketplace, seller SKU and currency.
type lineKey struct {
	month       string
	groupID     int64
	marketplace string
	sku         string
	currency    string
}

// monthPattern checks a month before it is parsed.
func parseMonth(s string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation("2006-01", strings.TrimSpace(s), loc)
	if err != nil {
		return time.Time{}, core.Invalid(MsgMonthBad)
	}
	return t, nil
}

// filter checks the query and turns it into the model's filter; ok false when it can match nothing.
func (s *Service) filter(p core.Principal, q Query) (profitdb.ProfitFilter, bool, error) {
	f := profitdb.ProfitFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Search: strings.TrimSpace(q.Search), Zone: s.timeZone}
	switch q.By {
	case "", BySKU, ByStore, ByMonth:
	default:
		return f, false, core.Invalid(MsgByBad)
	}
	this := s.now().In(s.timeZone).Format("2006-01")
	start, end := strings.TrimSpace(q.StartMonth), strings.TrimSpace(q.EndMonth)
	if start == "" && end == "" {
		start, end = this, this
	} else if start == "" {
		start = end
	} else if end == "" {
		end = start
	}
	from, err := parseMonth(start, s.timeZone)
	if err != nil {
		return f, false, err
	}
	to, err := parseMonth(end, s.timeZone)
	if err != nil {
		return f, false, err
	}
	switch {
	case from.After(to):
		return f, false, core.Invalid(MsgMonthRange)
	case to.AddDate(0, -maxMonths+1, 0).After(from):
		return f, false, core.Invalid(MsgMonthsLong)
	}
	f.FromMonth, f.ToMonth = from.Format("2006-01"), to.Format("2006-01")
	var ok bool
	f.GroupID, f.MarketplaceID, ok = core.StoreFilter(q.GroupID, q.MarketplaceID)
	return f, ok, nil
}

// Report answers a page of the profit report, with the total and the page served: the lines of the grouping
// asked, newest month first then store, marketplace and SKU unless another sort is asked.
func (s *Service) Report(ctx context.Context, p core.Principal, q Query) ([]Line, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f, ok, err := s.filter(p, q)
	if err != nil || !ok {
		return []Line{}, 0, r, err
	}
	a, err := s.answer(ctx, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	lines := a.view(q.By, q.Sort, strings.EqualFold(q.Order, "desc"))
	total := int64(len(lines))
	start := min(r.Offset(), len(lines))
	return lines[start:min(start+r.Size, len(lines))], total, r, nil
}

// lines computes the report by SKU: settlements where they cover a SKU's month, otherwise the orders with the fee
// estimates; then cost, freight, CNY and profit.
func (s *Service) lines(ctx context.Context, companyID int64, f profitdb.ProfitFilter) ([]Line, error) {
	db := s.db.With(ctx)
	byKey := map[lineKey]*Line{}
	var order []*Line
	lineOf := func(k lineKey) *Line {
		l := byKey[k]
		if l == nil {
			l = newLine()
			l.Month, l.GroupID, l.MarketplaceID, l.SKU, l.Currency = k.month, k.groupID, k.marketplace, k.sku, k.currency
			byKey[k] = l
			order = append(order, l)
		}
		return l
	}
	// settled are the SKU months a settlement covers: their figures are the settlements'.
	settled := map[lineKey]bool{}
	sums, err := profitdb.SettlementSums(db, companyID, f)
	if err != nil {
		return nil, err
	}
	var unplaced []string
	for _, sum := range sums {
		if sum.MarketplaceID == "" {
			unplaced = append(unplaced, sum.SettlementID)
		}
	}
	places, err := profitdb.SettlementMarketplaces(db, companyID, unplaced)
	if err != nil {
		return nil, err
	}
	for _, sum := range sums {
		market := sum.MarketplaceID
		if market == "" {
			market = places[sum.SettlementID]
		}
		if f.MarketplaceID != "" && market != f.MarketplaceID {
			continue
		}
		k := lineKey{sum.Month, sum.GroupID, market, sum.SKU, sum.Currency}
		l := lineOf(k)
		b := Classify(sum.TransactionType, sum.AmountType, sum.AmountDescription)
		amount := sum.Amount.Decimal
		if b != BucketSales {
			amount = amount.Neg()
		}
		l.add(b, amount)
		if b == BucketOther && IsReimbursement(sum.TransactionType, sum.AmountType, sum.AmountDescription) {
			l.Reimbursed = models.Money{Decimal: l.Reimbursed.Add(sum.Amount.Decimal)}
		}
		if isSoldUnit(sum.TransactionType, sum.AmountType, sum.AmountDescription) {
			l.Units += sum.Quantity
		}
		settled[lineKey{sum.Month, sum.GroupID, market, sum.SKU, ""}] = true
	}
	if err := s.addEstimates(db, companyID, f, settled, lineOf); err != nil {
		return nil, err
	}
	if err := s.addAdSpend(db, companyID, f, lineOf, func(k lineKey) *Line { return byKey[k] }); err != nil {
		return nil, err
	}
	// Shared costs first: a share whose SKU line has gone since gets a line of its own, costed like the others.
	if err := s.addShared(db, companyID, f, lineOf); err != nil {
		return nil, err
	}
	if err := s.addCosts(db, companyID, f, order); err != nil {
		return nil, err
	}
	book, err := s.finance.Rates(ctx, companyID)
	if err != nil {
		return nil, err
	}
	groups, err := storesdb.StoreGroupsOf(db, companyID, f.UserID)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, g := range groups {
		names[g.ID] = g.Name
	}
	synced, err := advertisingdb.GroupsWithAds(db, companyID)
	if err != nil {
		return nil, err
	}
	out := make([]Line, len(order))
	for i, l := range order {
		l.AdsSynced = synced[l.GroupID]
		on, err := time.ParseInLocation("2006-01", l.Month, s.timeZone)
		if err != nil {
			return nil, err
		}
		for b, amount := range l.Amazon {
			if l.AmazonCNY[b], err = book.ToCNY(amount, l.Currency, on); err != nil {
				return nil, err
			}
		}
		if l.ReimbursedCNY, err = book.ToCNY(l.Reimbursed, l.Currency, on); err != nil {
			return nil, err
		}
		l.GroupName = names[l.GroupID]
		if l.SKU == "" {
			l.Name = MsgStoreCharges
		}
		l.Profit = models.Money{Decimal: l.SettledCNY().Sub(l.Cost.Decimal).Sub(l.Freight.Decimal).Sub(l.Shared.Decimal)}
		out[i] = *l
	}
	return out, nil
}

// addShared adds to each seller SKU line its shares of the costs 费用分摊 shared out in its month.
func (s *Service) addShared(db *models.DB, companyID int64, f profitdb.ProfitFilter, lineOf func(lineKey) *Line) error {
	sums, err := profitdb.SharedSums(db, companyID, f)
	if err != nil {
		return err
	}
	for _, sum := range sums {
		l := lineOf(lineKey{sum.Month, sum.GroupID, sum.MarketplaceID, sum.SKU, sum.Currency})
		l.Shared = models.Money{Decimal: l.Shared.Add(sum.Amount.Decimal)}
	}
	return nil
}

// isSoldUnit is the settlement amount whose quantity counts the units sold: an Order's item principal.
func isSoldUnit(transactionType, amountType, description string) bool {
	return transactionType == "Order" && amountType == "ItemPrice" && description == "Principal"
}

// addEstimates adds the SKU months no settlement covers: sales and units from the orders (the sales summary),
// fees from Amazon's fee estimates per unit times the units, marked estimated.
func (s *Service) addEstimates(db *models.DB, companyID int64, f profitdb.ProfitFilter, settled map[lineKey]bool,
	lineOf func(lineKey) *Line) error {
	sums, err := profitdb.SKUMonthSums(db, companyID, f)
	if err != nil {
		return err
	}
	var keys []profitdb.SellerSKU
	for _, sum := range sums {
		if !settled[lineKey{sum.Month, sum.GroupID, sum.MarketplaceID, sum.SKU, ""}] {
			keys = append(keys, profitdb.SellerSKU{SellerID: sum.SellerID, MarketplaceID: sum.MarketplaceID, SKU: sum.SKU})
		}
	}
	fees, err := profitdb.FeeEstimatesOf(db, companyID, keys)
	if err != nil {
		return err
	}
	for _, sum := range sums {
		if settled[lineKey{sum.Month, sum.GroupID, sum.MarketplaceID, sum.SKU, ""}] {
			continue
		}
		l := lineOf(lineKey{sum.Month, sum.GroupID, sum.MarketplaceID, sum.SKU, sum.Currency})
		l.Estimated = 1
		l.Name = sum.Name
		l.Units += sum.Units
		l.add(BucketSales, sum.Amount.Decimal)
		fee, ok := fees[profitdb.SellerSKU{SellerID: sum.SellerID, MarketplaceID: sum.MarketplaceID, SKU: sum.SKU}]
		if !ok || fee.Currency != sum.Currency {
			l.NoFeeEstimate = 1
			continue
		}
		for b, perUnit := range estimatedFees(&fee) {
			l.add(b, perUnit.Mul(decimal.NewFromInt(sum.Units)))
		}
	}
	return nil
}

// addAdSpend adds each advertised SKU's Sponsored Products spend of the month (the advertised product report, by
// the days' months in the profile's zone) to its line's 广告费: a SKU advertised without sales gets a line of its
// own. The same amount leaves the store's line 店铺费用（无SKU）, which holds the settlements' advertising invoices:
// a store's and a month's totals count its advertising once, as invoiced, and still sum to the settlements.
//
// Sponsored Products and Display spend is the advertised SKU's; a Sponsored Brands campaign's is spread over the
// SKUs its ads show by their sales of the month (the lines' 销售额 so far, equally when none sold), the rounding
// left to the first; a campaign none of whose ASINs is a SKU advertised here stays on the store's line.
func (s *Service) addAdSpend(db *models.DB, companyID int64, f profitdb.ProfitFilter, lineOf, peek func(lineKey) *Line) error {
	spend, err := advertisingdb.SpendBySKUMonth(db, companyID, advertisingdb.SpendFilter{UserID: f.UserID, GroupID: f.GroupID,
		MarketplaceID: f.MarketplaceID, Search: f.Search, FromMonth: f.FromMonth, ToMonth: f.ToMonth})
	if err != nil {
		return err
	}
	add := func(k lineKey, cost decimal.Decimal) {
		lineOf(k).add(BucketAdvertising, cost)
		// A search by SKU shows no store line, so there is nothing to take the amount from.
		if f.Search == "" {
			k.sku = ""
			lineOf(k).add(BucketAdvertising, cost.Neg())
		}
	}
	for _, sp := range spend {
		add(lineKey{sp.Month, sp.GroupID, sp.MarketplaceID, sp.SKU, sp.Currency}, sp.Cost.Decimal)
	}
	brands, err := advertisingdb.BrandSpendByMonth(db, companyID, advertisingdb.SpendFilter{UserID: f.UserID, GroupID: f.GroupID,
		MarketplaceID: f.MarketplaceID, FromMonth: f.FromMonth, ToMonth: f.ToMonth})
	if err != nil {
		return err
	}
	search := strings.ToLower(f.Search)
	for _, b := range brands {
		weights := make([]decimal.Decimal, len(b.SKUs))
		for i, sku := range b.SKUs {
			if l := peek(lineKey{b.Month, b.GroupID, b.MarketplaceID, sku, b.Currency}); l != nil {
				weights[i] = l.Amazon[BucketSales].Decimal
			}
		}
		for i, share := range spreadBySales(b.Cost.Decimal, weights) {
			if search == "" || strings.Contains(strings.ToLower(b.SKUs[i]), search) {
				add(lineKey{b.Month, b.GroupID, b.MarketplaceID, b.SKUs[i], b.Currency}, share)
			}
		}
	}
	return nil
}

// spreadBySales shares an amount out by weights (sales; none or a loss counts nothing, equal shares when nothing
// is left), in cents as the report shows them, the rounding going to the first share so that they sum to it exactly.
func spreadBySales(amount decimal.Decimal, weights []decimal.Decimal) []decimal.Decimal {
	if len(weights) == 0 {
		return nil
	}
	w := make([]decimal.Decimal, len(weights))
	total := decimal.Zero
	for i, x := range weights {
		if x.IsPositive() {
			w[i] = x
			total = total.Add(x)
		}
	}
	if !total.IsPositive() {
		for i := range w {
			w[i] = decimal.NewFromInt(1)
		}
		total = decimal.NewFromInt(int64(len(w)))
	}
	out := make([]decimal.Decimal, len(w))
	left := amount
	for i := len(w) - 1; i > 0; i-- {
		out[i] = amount.Mul(w[i]).Div(total).Truncate(2)
		left = left.Sub(out[i])
	}
	out[0] = left
	return out
}

// estimatedFees are a fee estimate's fees per unit by bucket: the referral fee, the FBA fulfilment fee, and the
// rest of the estimated total (closing fees) as other.
func estimatedFees(f *amazondatadb.FeeEstimate) map[Bucket]decimal.Decimal {
	return map[Bucket]decimal.Decimal{
		BucketReferral:   f.EstimatedReferralFee.Decimal,
		BucketFulfilment: f.ExpectedFulfillmentFee.Decimal,
		BucketOther:      f.EstimatedFeeTotal.Sub(f.EstimatedReferralFee.Decimal).Sub(f.ExpectedFulfillmentFee.Decimal),
	}
}

// freight is each listing's freight over its shipments, spread as the company's 利润配置 says.
func (s *Service) freight(db *models.DB, companyID, userID, groupID int64, marketplaceID string) (map[profitdb.GroupSKU]*skuFreight, error) {
	setting, err := profitdb.ProfitSettingOf(db, companyID)
	if err != nil {
		return nil, err
	}
	units, err := profitdb.ShippedUnits(db, companyID, userID, groupID, marketplaceID)
	if err != nil {
		return nil, err
	}
	return spreadFreight(units, setting.FreightBasis), nil
}

// regroup sums the SKU lines into one line per key.
func regroup(lines []Line, keyOf func(*Line) lineKey) []Line {
	byKey := map[lineKey]*Line{}
	var order []*Line
	for i := range lines {
		l := &lines[i]
		k := keyOf(l)
		g := byKey[k]
		if g == nil {
			g = newLine()
			g.Month, g.GroupID, g.Currency, g.Grouped = k.month, k.groupID, k.currency, true
			if k.groupID != 0 {
				g.GroupName = l.GroupName
			}
			byKey[k] = g
			order = append(order, g)
		}
		for b, m := range l.Amazon {
			g.Amazon[b] = models.Money{Decimal: g.Amazon[b].Add(m.Decimal)}
		}
		for b, m := range l.AmazonCNY {
			g.AmazonCNY[b] = models.Money{Decimal: g.AmazonCNY[b].Add(m.Decimal)}
		}
		g.Units += l.Units
		g.Reimbursed = models.Money{Decimal: g.Reimbursed.Add(l.Reimbursed.Decimal)}
		g.ReimbursedCNY = models.Money{Decimal: g.ReimbursedCNY.Add(l.ReimbursedCNY.Decimal)}
		g.AdsSynced = g.AdsSynced || l.AdsSynced
		g.Estimated += l.Estimated
		g.Unpaired += l.Unpaired
		g.NoCost += l.NoCost
		g.FreightGuessed += l.FreightGuessed
		g.NoFreight += l.NoFreight
		g.NoFeeEstimate += l.NoFeeEstimate
		g.Cost.Decimal = g.Cost.Add(l.Cost.Decimal)
		g.Freight.Decimal = g.Freight.Add(l.Freight.Decimal)
		g.Shared.Decimal = g.Shared.Add(l.Shared.Decimal)
		g.Profit.Decimal = g.Profit.Add(l.Profit.Decimal)
	}
	out := make([]Line, len(order))
	for i, g := range order {
		out[i] = *g
	}
	return out
}

// money sorts by an amount of the line.
func money(of func(*Line) models.Money) func(a, b *Line) int {
	return func(a, b *Line) int { return of(a).Cmp(of(b).Decimal) }
}

func bucket(b Bucket, cny bool) func(a, b *Line) int {
	return money(func(l *Line) models.Money {
		if cny {
			return l.AmazonCNY[b]
		}
		return l.Amazon[b]
	})
}

// lineSorts are the columns the report sorts by, as the island names them.
var lineSorts = map[string]func(a, b *Line) int{
	"month":       func(a, b *Line) int { return strings.Compare(a.Month, b.Month) },
	"groupName":   func(a, b *Line) int { return strings.Compare(a.GroupName, b.GroupName) },
	"sku":         func(a, b *Line) int { return strings.Compare(a.SKU, b.SKU) },
	"currency":    func(a, b *Line) int { return strings.Compare(a.Currency, b.Currency) },
	"units":       func(a, b *Line) int { return cmpInt(a.Units, b.Units) },
	"sales":       bucket(BucketSales, false),
	"salesCny":    bucket(BucketSales, true),
	"refundsCny":  bucket(BucketRefunds, true),
	"referralCny": bucket(BucketReferral, true),
	"cost":        money(func(l *Line) models.Money { return l.Cost }),
	"freight":     money(func(l *Line) models.Money { return l.Freight }),
	"shared":      money(func(l *Line) models.Money { return l.Shared }),
	"profit":      money(func(l *Line) models.Money { return l.Profit }),
	// Lines without a margin sort below every margin.
	"margin": func(a, b *Line) int {
		ma, oka := a.Margin()
		mb, okb := b.Margin()
		switch {
		case oka && !okb:
			return 1
		case !oka && okb:
			return -1
		}
		return ma.Cmp(mb)
	},
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// sortLines orders the lines by the column asked, then month (newest first), store, marketplace, SKU and
// currency so that pages never overlap.
func sortLines(lines []Line, column string, desc bool) {
	by := lineSorts[column]
	slices.SortStableFunc(lines, func(a, b Line) int {
		if by != nil {
			if c := by(&a, &b); c != 0 {
				if desc {
					return -c
				}
				return c
			}
		}
		if c := strings.Compare(b.Month, a.Month); c != 0 {
			return c
		}
		if c := strings.Compare(a.GroupName, b.GroupName); c != 0 {
			return c
		}
		if c := cmpInt(a.GroupID, b.GroupID); c != 0 {
			return c
		}
		if c := strings.Compare(a.MarketplaceID, b.MarketplaceID); c != 0 {
			return c
		}
		if c := strings.Compare(a.SKU, b.SKU); c != 0 {
			return c
		}
		return strings.Compare(a.Currency, b.Currency)
	})
}
