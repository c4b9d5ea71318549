package finance

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	financedb "sellerhub/models/finance"
	storesdb "sellerhub/models/stores"
)

// Messages of VAT发票.
const (
	MsgVATMarketplace   = "请选择欧洲站点（英国、德国、法国、意大利、西班牙、荷兰、瑞典、波兰）"
	MsgVATGroupBad      = "请选择店铺"
	MsgVATNumberBad     = "VAT税号格式不正确：国家代码加2到13位字母或数字，例如DE123456789"
	MsgVATSellerEmpty   = "请填写开票公司名称"
	MsgVATPrefixBad     = "发票号前缀只能是1到10位字母、数字或“-”"
	MsgVATNoSetting     = "请先在“VAT税号设置”中填写该店铺在%s的VAT税号"
	MsgVATNotIssued     = "该订单尚未开具VAT发票"
	MsgVATNoItems       = "该订单没有商品明细，无法开具发票"
	MsgVATPrefixShared  = "该VAT税号已用于其他店铺，发票号共用一个序列，前缀须相同：%s"
	PermissionVATIssue  = "amz:vat:invoice:issue"
	PermissionVATConfig = "amz:vat:setting:edit"
	vatOrderWhat        = "订单"
)

// vatMarket is a European marketplace's standard VAT rate (hundredths of a percent) and the language its buyers'
// invoices are written in.
type vatMarket struct {
	Country string
	Rate    int
	Lang    string
}

// vatMarkets are the marketplaces VAT发票 covers, with the standard rates in force in 2026. The VAT of an order is
// computed from its VAT-inclusive prices at this rate, unless its store group is enrolled in Amazon's VAT
// calculation service in the marketplace and the VAT transactions report has the order's sale: then it is the
// report's (a reduced rate, a zero-rated business sale). Each order and invoice says which.
var vatMarkets = []vatMarket{
	{"UK", 2000, "en"}, {"DE", 1900, "de"}, {"FR", 2000, "fr"}, {"IT", 2200, "it"},
	{"ES", 2100, "es"}, {"NL", 2100, "nl"}, {"SE", 2500, "sv"}, {"PL", 2300, "pl"},
}

func vatMarketOf(marketplaceID string) (vatMarket, storesdb.Marketplace, bool) {
	m, ok := storesdb.MarketplaceByID(marketplaceID)
	if !ok {
		return vatMarket{}, m, false
	}
	for _, v := range vatMarkets {
		if v.Country == m.Country {
			return v, m, true
		}
	}
	return vatMarket{}, m, false
}

// VATMarketplaces lists the covered marketplaces' ids, in the order above.
func VATMarketplaces() []string {
	out := make([]string, 0, len(vatMarkets))
	for _, v := range vatMarkets {
		m, _ := storesdb.MarketplaceByCountry(v.Country)
		out = append(out, m.ID)
	}
	return out
}

// VATRate is a covered marketplace's standard rate in hundredths of a percent (0 when not covered).
func VATRate(marketplaceID string) int {
	v, _, _ := vatMarketOf(marketplaceID)
	return v.Rate
}

// VATInvoices is VAT发票: the VAT of European marketplaces' orders by month, the store groups' VAT numbers, and
// the invoices, numbered per group and marketplace without gaps.
type VATInvoices struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
}

// NewVATInvoices builds VAT发票's service; months are read in timeZone (Beijing time).
func NewVATInvoices(db *models.DB, now core.Clock, timeZone *time.Location) *VATInvoices {
	return &VATInvoices{db: db, now: now, timeZone: timeZone}
}

// VATLine is a line of an invoice: an item (gross is its price with gift wrap, less its promotion) or the
// shipping, with its VAT at the marketplace's rate, in Money's units.
type VATLine struct {
	SKU, Name string
	Quantity  int
	Gross     int64
	VAT       int64
}

// Net is the line's gross less its VAT.
func (l VATLine) Net() int64 { return l.Gross - l.VAT }

// vatOf is the VAT inside a VAT-inclusive gross at rate (hundredths of a percent), to the cent, half away from 0.
func vatOf(gross int64, rate int) int64 {
	g := models.MoneyFromUnits(gross).Decimal
	v := g.Mul(decimal.NewFromInt(int64(rate))).Div(decimal.NewFromInt(int64(10000 + rate))).Round(2)
	return models.Money{Decimal: v}.Units()
}

// orderLines turns an order's items into its invoice lines; promotions count whatever their sign in the report.
func orderLines(items []financedb.VATItem, rate int, shippingName string) ([]VATLine, string) {
	var lines []VATLine
	var shipping int64
	currency := ""
	for _, it := range items {
		currency = it.Currency
		gross := it.ItemPrice.Units() + it.GiftWrapPrice.Units() - abs(it.ItemPromotionDiscount.Units())
		lines = append(lines, VATLine{SKU: it.SKU, Name: it.ProductName, Quantity: it.Quantity, Gross: gross, VAT: vatOf(gross, rate)})
		shipping += it.ShippingPrice.Units() - abs(it.ShipPromotionDiscount.Units())
	}
	if shipping != 0 {
		lines = append(lines, VATLine{Name: shippingName, Quantity: 1, Gross: shipping, VAT: vatOf(shipping, rate)})
	}
	return lines, currency
}

// VATSourceNames are what the screen calls an order's VAT's sources.
var VATSourceNames = map[string]string{financedb.VATFromReport: "亚马逊VAT交易报告", financedb.VATComputed: "按标准税率计算"}

// orderVAT is an order's invoice lines and where their VAT came from.
type orderVAT struct {
	Lines    []VATLine
	Currency string
	Rate     int
	Source   string
}

// vatOfOrder takes an order's VAT from the report's sale lines where its store is enrolled and the report has
// them, else computes it from its items at the marketplace's rate. A report line's shipping is a line of its own,
// its items the rest of the line's total, so the lines add up to the report's totals to the cent.
func vatOfOrder(items []financedb.VATItem, sales []financedb.VATReportSale, enrolled bool, rate int, shippingName string) orderVAT {
	if !enrolled || len(sales) == 0 {
		lines, currency := orderLines(items, rate, shippingName)
		return orderVAT{Lines: lines, Currency: currency, Rate: rate, Source: financedb.VATComputed}
	}
	names := map[string]string{}
	for _, it := range items {
		names[it.SKU] = it.ProductName
	}
	out := orderVAT{Source: financedb.VATFromReport}
	var ship, shipVAT int64
	for i, s := range sales {
		out.Currency = s.Currency
		if i == 0 || s.VATRate > out.Rate {
			out.Rate = s.VATRate
		}
		out.Lines = append(out.Lines, VATLine{SKU: s.SellerSKU, Name: names[s.SellerSKU], Quantity: s.Qty,
			Gross: s.TotalVATIncl - s.ShipVATIncl, VAT: s.TotalVAT - s.ShipVAT})
		ship += s.ShipVATIncl
		shipVAT += s.ShipVAT
	}
	if ship != 0 || shipVAT != 0 {
		out.Lines = append(out.Lines, VATLine{Name: shippingName, Quantity: 1, Gross: ship, VAT: shipVAT})
	}
	return out
}

// enrolledKey names a store group's marketplace in the enrolled set.
func enrolledKey(groupID int64, marketplaceID string) [2]string {
	return [2]string{strconv.FormatInt(groupID, 10), marketplaceID}
}

// VATTotals are what lines add up to.
type VATTotals struct{ Gross, VAT int64 }

func totalsOf(lines []VATLine) VATTotals {
	var t VATTotals
	for _, l := range lines {
		t.Gross += l.Gross
		t.VAT += l.VAT
	}
	return t
}

// VATMonthQuery is the body of a month's sums: the month (yyyy-MM, this month when empty) and a store group.
type VATMonthQuery struct {
	Month   string `json:"month"`
	GroupID string `json:"groupId"`
}

// VATMonthRow is a marketplace's month: its orders and invoices, and what they sum to in its currency.
type VATMonthRow struct {
	MarketplaceID string
	Country       string
	Currency      string
	Rate          int
	Orders        int
	// ReportOrders of the orders took their VAT from the VAT transactions report, the rest computed it.
	ReportOrders int
	Invoiced     int
	VATTotals
}

func (v *VATInvoices) month(raw string) (time.Time, time.Time, string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		raw = v.now().In(v.timeZone).Format("2006-01")
	}
	since, err := time.ParseInLocation("2006-01", raw, v.timeZone)
	if err != nil {
		return since, since, raw, core.Invalid(MsgMonthInvalid)
	}
	return since, since.AddDate(0, 1, 0), raw, nil
}

func (v *VATInvoices) filter(p core.Principal, month, group, marketplace string) (financedb.VATOrderFilter, bool, error) {
	since, before, _, err := v.month(month)
	if err != nil {
		return financedb.VATOrderFilter{}, false, err
	}
	f := financedb.VATOrderFilter{UserID: p.UserID, Marketplaces: VATMarketplaces(), Since: since, Before: before}
	if strings.TrimSpace(group) != "" {
		id, ok := core.ParseID(group)
		if !ok {
			return f, false, nil
		}
		f.GroupID = id
	}
	if m := strings.TrimSpace(marketplace); m != "" {
		if _, _, ok := vatMarketOf(m); !ok {
			return f, false, nil
		}
		f.Marketplaces = []string{m}
	}
	return f, true, nil
}

// Month sums a month's orders by marketplace: their gross, the VAT inside it and how many are invoiced.
func (v *VATInvoices) Month(ctx context.Context, p core.Principal, q VATMonthQuery) ([]VATMonthRow, error) {
	f, ok, err := v.filter(p, q.Month, q.GroupID, "")
	if err != nil || !ok {
		return []VATMonthRow{}, err
	}
	db := v.db.With(ctx)
	items, err := financedb.VATMonthItems(db, p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	enrolled, err := financedb.VATEnrolled(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	type orderKey struct {
		seller int64
		order  string
	}
	sales := map[orderKey][]financedb.VATReportSale{}
	if len(enrolled) > 0 {
		lines, err := financedb.VATMonthReportSales(db, p.CompanyID, f)
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			k := orderKey{l.SellerID, l.TransactionEventID}
			sales[k] = append(sales[k], l)
		}
	}
	byOrder := map[orderKey][]financedb.VATItem{}
	for _, it := range items {
		k := orderKey{it.SellerID, it.AmazonOrderID}
		byOrder[k] = append(byOrder[k], it)
	}
	rows := map[string]*VATMonthRow{}
	for k, its := range byOrder {
		market, m, _ := vatMarketOf(its[0].MarketplaceID)
		v := vatOfOrder(its, sales[k], enrolled[enrolledKey(its[0].GroupID, m.ID)], market.Rate, "")
		r := rows[m.ID]
		if r == nil {
			r = &VATMonthRow{MarketplaceID: m.ID, Country: m.Name, Currency: v.Currency, Rate: market.Rate}
			rows[m.ID] = r
		}
		t := totalsOf(v.Lines)
		r.Orders++
		if v.Source == financedb.VATFromReport {
			r.ReportOrders++
		}
		r.Gross += t.Gross
		r.VAT += t.VAT
	}
	var issued []struct {
		MarketplaceID string
		N             int
	}
	iq := db.Table("vat_invoices").Scopes(models.InCompany("vat_invoices", p.CompanyID), models.InGrantedGroups("vat_invoices.group_id", p.UserID)).
		Joins("JOIN amazon_orders o ON o.company_id = vat_invoices.company_id AND o.seller_id = vat_invoices.seller_id AND o.amazon_order_id = vat_invoices.amazon_order_id").
		Where("o.purchase_date >= ? AND o.purchase_date < ? AND o.order_status <> ?", f.Since.UTC(), f.Before.UTC(), "Cancelled")
	if f.GroupID != 0 {
		iq = iq.Where("vat_invoices.group_id = ?", f.GroupID)
	}
	if err := iq.Select("vat_invoices.marketplace_id, COUNT(*) AS n").Group("vat_invoices.marketplace_id").Scan(&issued).Error; err != nil {
		return nil, err
	}
	for _, i := range issued {
		if r := rows[i.MarketplaceID]; r != nil {
			r.Invoiced = i.N
		}
	}
	out := []VATMonthRow{}
	for _, id := range VATMarketplaces() {
		if r := rows[id]; r != nil {
			out = append(out, *r)
		}
	}
	return out, nil
}

// VATOrderQuery is the body of a month's orders: the month, a store group and marketplace, a part of the order id.
type VATOrderQuery struct {
	core.PageRequest
	Month         string `json:"month"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Keyword       string `json:"keyword"`
}

// VATOrderLine is an order with its gross, VAT and rate.
type VATOrderLine struct {
	financedb.VATOrder
	Currency string
	Rate     int
	// Source is where its VAT came from (financedb.VATFromReport or VATComputed).
	Source string
	VATTotals
}

// Orders lists a page of the month's orders of European marketplaces with their VAT, the latest first.
func (v *VATInvoices) Orders(ctx context.Context, p core.Principal, q VATOrderQuery) ([]VATOrderLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f, ok, err := v.filter(p, q.Month, q.GroupID, q.MarketplaceID)
	if err != nil || !ok {
		return []VATOrderLine{}, 0, r, err
	}
	f.Keyword, f.Offset, f.Limit, f.Anchor = strings.TrimSpace(q.Keyword), r.Offset(), r.Size, r.Anchor()
	db := v.db.With(ctx)
	orders, total, err := financedb.VATOrderPage(db, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	bySeller := map[int64][]string{}
	for _, o := range orders {
		bySeller[o.SellerID] = append(bySeller[o.SellerID], o.AmazonOrderID)
	}
	enrolled, err := financedb.VATEnrolled(db, p.CompanyID)
	if err != nil {
		return nil, 0, r, err
	}
	items := map[string][]financedb.VATItem{}
	sales := map[string][]financedb.VATReportSale{}
	for seller, ids := range bySeller {
		its, err := financedb.VATItemsOf(db, p.CompanyID, seller, ids)
		if err != nil {
			return nil, 0, r, err
		}
		for _, it := range its {
			k := fmt.Sprint(it.SellerID, "/", it.AmazonOrderID)
			items[k] = append(items[k], it)
		}
		if len(enrolled) == 0 {
			continue
		}
		ss, err := financedb.VATReportSalesOf(db, p.CompanyID, seller, ids)
		if err != nil {
			return nil, 0, r, err
		}
		for _, s := range ss {
			k := fmt.Sprint(s.SellerID, "/", s.TransactionEventID)
			sales[k] = append(sales[k], s)
		}
	}
	out := make([]VATOrderLine, len(orders))
	for i, o := range orders {
		market, _, _ := vatMarketOf(o.MarketplaceID)
		k := fmt.Sprint(o.SellerID, "/", o.AmazonOrderID)
		v := vatOfOrder(items[k], sales[k], enrolled[enrolledKey(o.GroupID, o.MarketplaceID)], market.Rate, "")
		out[i] = VATOrderLine{VATOrder: o, Currency: v.Currency, Rate: v.Rate, Source: v.Source, VATTotals: totalsOf(v.Lines)}
	}
	return out, total, r, nil
}

// VATSettingForm is a store group's VAT registration in a marketplace.
type VATSettingForm struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	VATNumber     string `json:"vatNumber"`
	SellerName    string `json:"sellerName"`
	SellerAddress string `json:"sellerAddress"`
	Prefix        string `json:"prefix"`
	// VCSEnrolled: the group is enrolled in Amazon's VAT calculation service in the marketplace.
	VCSEnrolled bool `json:"vcsEnrolled"`
}

var (
	vatNumberPattern = regexp.MustCompile(`^[A-Z]{2}[A-Z0-9]{2,13}$`)
	prefixPattern    = regexp.MustCompile(`^[A-Za-z0-9-]{1,10}$`)
)

// groupGranted tells whether the user sees the company's store group.
func groupGranted(db *models.DB, p core.Principal, groupID int64) (bool, error) {
	var n int64
	err := db.Table("store_groups").Where("store_groups.company_id = ? AND store_groups.id = ?", p.CompanyID, groupID).
		Scopes(models.InGrantedGroups("store_groups.id", p.UserID)).Count(&n).Error
	return n == 1, err
}

// SaveSetting sets a store group's VAT number, invoice name and address and invoice prefix in a marketplace.
func (v *VATInvoices) SaveSetting(ctx context.Context, p core.Principal, form VATSettingForm) (*financedb.VATSetting, error) {
	_, m, ok := vatMarketOf(strings.TrimSpace(form.MarketplaceID))
	if !ok {
		return nil, core.Invalid(MsgVATMarketplace)
	}
	group, ok := core.ParseID(form.GroupID)
	if !ok {
		return nil, core.Invalid(MsgVATGroupBad)
	}
	db := v.db.With(ctx)
	if granted, err := groupGranted(db, p, group); err != nil || !granted {
		if err != nil {
			return nil, err
		}
		return nil, core.Invalid(MsgVATGroupBad)
	}
	number := strings.ToUpper(strings.NewReplacer(" ", "", ".", "", "-", "").Replace(form.VATNumber))
	if !vatNumberPattern.MatchString(number) {
		return nil, core.Invalid(MsgVATNumberBad)
	}
	name, address := strings.TrimSpace(form.SellerName), strings.TrimSpace(form.SellerAddress)
	if name == "" {
		return nil, core.Invalid(MsgVATSellerEmpty)
	}
	if err := core.CheckFields(core.Optional(&name, "开票公司名称", 200), core.Optional(&address, "开票地址", 500)); err != nil {
		return nil, err
	}
	prefix := strings.ToUpper(strings.TrimSpace(form.Prefix))
	shared, err := financedb.VATPrefixOfNumber(db, p.CompanyID, group, m.ID, number)
	if err != nil {
		return nil, err
	}
	switch {
	case prefix == "" && shared != "":
		prefix = shared
	case prefix == "":
		prefix = m.Country
	case !prefixPattern.MatchString(prefix):
		return nil, core.Invalid(MsgVATPrefixBad)
	case shared != "" && prefix != shared:
		return nil, core.Invalid(fmt.Sprintf(MsgVATPrefixShared, shared))
	}
	s := &financedb.VATSetting{CompanyID: p.CompanyID, GroupID: group, MarketplaceID: m.ID, VATNumber: number,
		SellerName: name, SellerAddress: address, Prefix: prefix, VCSEnrolled: form.VCSEnrolled, UpdatedAt: v.now.Stamp()}
	return s, financedb.SaveVATSetting(db, s)
}

// Settings lists the VAT settings of the user's store groups.
func (v *VATInvoices) Settings(ctx context.Context, p core.Principal) ([]financedb.VATSettingRow, error) {
	return financedb.VATSettings(v.db.With(ctx), p.CompanyID, p.UserID)
}

// order loads an order of a covered marketplace of the user's store groups by its row id, or 404.
func (v *VATInvoices) order(db *models.DB, p core.Principal, rawID string) (*financedb.VATOrder, error) {
	id, ok := core.ParseID(rawID)
	if !ok {
		return nil, core.NotFound(vatOrderWhat)
	}
	o, err := financedb.VATOrderByID(db, p.CompanyID, p.UserID, id)
	if err != nil {
		return nil, core.NotFoundAs(err, vatOrderWhat)
	}
	if _, _, ok := vatMarketOf(o.MarketplaceID); !ok {
		return nil, core.Invalid(MsgVATMarketplace)
	}
	return o, nil
}

// vatIssueAttempts bounds the tries of an issue that met another issuing the same order at the same moment.
const vatIssueAttempts = 3

// Issue gives an order its invoice: the next number of its store group's and marketplace's sequence, the VAT
// number of their setting and the order's sums as they are now. An order invoiced already keeps its invoice.
func (v *VATInvoices) Issue(ctx context.Context, p core.Principal, rawID string) (*financedb.VATInvoice, error) {
	db := v.db.With(ctx)
	o, err := v.order(db, p, rawID)
	if err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		inv, err := v.issue(ctx, p, o)
		if err == nil || !models.IsDuplicate(err) || attempt == vatIssueAttempts {
			return inv, err
		}
	}
}

func (v *VATInvoices) issue(ctx context.Context, p core.Principal, o *financedb.VATOrder) (*financedb.VATInvoice, error) {
	var inv *financedb.VATInvoice
	err := v.db.Tx(ctx, func(tx *models.DB) error {
		old, err := financedb.VATInvoiceOf(tx, p.CompanyID, o.SellerID, o.AmazonOrderID)
		if err == nil {
			inv = old
			return nil
		}
		if !models.IsNotFound(err) {
			return err
		}
		market, m, _ := vatMarketOf(o.MarketplaceID)
		s, err := financedb.VATSettingOf(tx, p.CompanyID, o.GroupID, o.MarketplaceID)
		if err != nil {
			if models.IsNotFound(err) {
				return core.Invalid(fmt.Sprintf(MsgVATNoSetting, m.Name))
			}
			return err
		}
		items, err := financedb.VATItemsOf(tx, p.CompanyID, o.SellerID, []string{o.AmazonOrderID})
		if err != nil {
			return err
		}
		if len(items) == 0 {
			return core.Invalid(MsgVATNoItems)
		}
		var sales []financedb.VATReportSale
		if s.VCSEnrolled {
			if sales, err = financedb.VATReportSalesOf(tx, p.CompanyID, o.SellerID, []string{o.AmazonOrderID}); err != nil {
				return err
			}
		}
		vat := vatOfOrder(items, sales, s.VCSEnrolled, market.Rate, "")
		t := totalsOf(vat.Lines)
		seq, err := financedb.NextVATSeq(tx, p.CompanyID, o.MarketplaceID, s.VATNumber)
		if err != nil {
			return err
		}
		by := p.UserID
		inv = &financedb.VATInvoice{ID: models.NewID(), CompanyID: p.CompanyID, GroupID: o.GroupID, SellerID: o.SellerID,
			MarketplaceID: o.MarketplaceID, AmazonOrderID: o.AmazonOrderID, Seq: seq, Number: fmt.Sprintf("%s-%06d", s.Prefix, seq),
			VATNumber: s.VATNumber, Currency: vat.Currency, Gross: t.Gross, VAT: t.VAT, Rate: vat.Rate, IssuedBy: &by,
			IssuedAt: v.now.Stamp(), VATSource: vat.Source}
		return tx.Create(inv).Error
	})
	return inv, err
}

// VATDocument is what an invoice prints: the invoice, its seller's setting, the order and its lines.
type VATDocument struct {
	Invoice *financedb.VATInvoice
	Setting *financedb.VATSetting
	Order   *financedb.VATOrder
	Lines   []VATLine
	Lang    string
}

// Document reads an issued invoice of an order for printing; an order without one is refused.
func (v *VATInvoices) Document(ctx context.Context, p core.Principal, rawID string) (*VATDocument, error) {
	db := v.db.With(ctx)
	o, err := v.order(db, p, rawID)
	if err != nil {
		return nil, err
	}
	inv, err := financedb.VATInvoiceOf(db, p.CompanyID, o.SellerID, o.AmazonOrderID)
	if err != nil {
		if models.IsNotFound(err) {
			return nil, core.Refused(MsgVATNotIssued)
		}
		return nil, err
	}
	s, err := financedb.VATSettingOf(db, p.CompanyID, o.GroupID, o.MarketplaceID)
	if err != nil && !models.IsNotFound(err) {
		return nil, err
	}
	if s == nil {
		s = &financedb.VATSetting{}
	}
	items, err := financedb.VATItemsOf(db, p.CompanyID, o.SellerID, []string{o.AmazonOrderID})
	if err != nil {
		return nil, err
	}
	market, _, _ := vatMarketOf(o.MarketplaceID)
	var sales []financedb.VATReportSale
	if inv.VATSource == financedb.VATFromReport {
		if sales, err = financedb.VATReportSalesOf(db, p.CompanyID, o.SellerID, []string{o.AmazonOrderID}); err != nil {
			return nil, err
		}
	}
	lines := vatOfOrder(items, sales, inv.VATSource == financedb.VATFromReport, inv.Rate, invoiceWords[market.Lang].Shipping).Lines
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].SKU != "" && lines[j].SKU == "" })
	return &VATDocument{Invoice: inv, Setting: s, Order: o, Lines: lines, Lang: market.Lang}, nil
}
