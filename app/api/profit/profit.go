// Package profit answers the 利润报告 and 利润配置 calls of /amazon/api/v1/profit: a page of the report's lines
// ({records, total, size, current, pages}, the table island's shape), its .xlsx export, a page of the lines behind
// one figure, and the company's 利润配置. Amounts are JSON numbers written exactly (two decimals; per-unit freight
// four), so that the export's sheet can sum them.
package profit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/profit"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Handler serves the calls.
type Handler struct {
	Profit *profit.Service
}

// Line is a line of the report. The Amazon figures are in the line's currency and in CNY (…Cny); cost, freight,
// profit and margin are CNY. flags are the line's warnings in words (未配对, 缺采购成本, 无头程, …; grouped, 不完整：
// with the lines lacking each input); gaps are the inputs it lacks, notes the freight's warnings. margin is — when a
// cost or fees are missing (gaps say which), empty without sales.
type Line struct {
	ID            string `json:"id"`
	Month         string `json:"month"`
	GroupID       string `json:"groupId"`
	GroupName     string `json:"groupName"`
	MarketplaceID string `json:"marketplaceId"`
	// MarketplaceName is the marketplace as the screens name it (美国), its id where unknown.
	MarketplaceName string      `json:"marketplaceName"`
	SKU             string      `json:"sku"`
	Name            string      `json:"name"`
	ProductSKU      string      `json:"productSku"`
	Currency        string      `json:"currency"`
	Source          string      `json:"source"`
	Estimated       bool        `json:"estimated"`
	Flags           string      `json:"flags"`
	Gaps            []Gap       `json:"gaps" null:"never"`
	Notes           string      `json:"notes"`
	Units           int64       `json:"units"`
	Sales           json.Number `json:"sales"`
	Referral        json.Number `json:"referral"`
	Fulfilment      json.Number `json:"fulfilment"`
	Storage         json.Number `json:"storage"`
	Other           json.Number `json:"other"`
	Refunds         json.Number `json:"refunds"`
	Advertising     json.Number `json:"advertising"`
	// AdsSynced: the store group's advertising is synced, so 广告费 is the advertised SKU's spend.
	AdsSynced      bool        `json:"adsSynced"`
	Settled        json.Number `json:"settled"`
	SalesCNY       json.Number `json:"salesCny"`
	ReferralCNY    json.Number `json:"referralCny"`
	FulfilmentCNY  json.Number `json:"fulfilmentCny"`
	StorageCNY     json.Number `json:"storageCny"`
	OtherCNY       json.Number `json:"otherCny"`
	RefundsCNY     json.Number `json:"refundsCny"`
	AdvertisingCNY json.Number `json:"advertisingCny"`
	SettledCNY     json.Number `json:"settledCny"`
	UnitCost       json.Number `json:"unitCost"`
	Cost           json.Number `json:"cost"`
	UnitFreight    json.Number `json:"unitFreight"`
	Freight        json.Number `json:"freight"`
	// Shared is the line's part of the costs 费用分摊 shared out, CNY.
	Shared json.Number `json:"shared"`
	Profit json.Number `json:"profit"`
	Margin string      `json:"margin"`
}

// MarginMissing is the margin of a line lacking a cost or fees.
const MarginMissing = "—"

func amount(m models.Money) json.Number { return json.Number(m.StringFixed(2)) }

// Gap is an input a line lacks: its code (unpaired, cost, feeEstimate, unsettled), in words, and how many SKU
// lines lack it (1 on a line by SKU).
type Gap struct {
	Code  string `json:"code"`
	Text  string `json:"text"`
	Lines int    `json:"lines"`
}

// counted is a warning in words, grouped with how many of the SKU lines hold it.
func counted(word string, n int, grouped bool) string {
	if grouped {
		return fmt.Sprintf("%s %d 行", word, n)
	}
	return word
}

func gaps(counts []profit.GapCount, grouped bool) []Gap {
	out := make([]Gap, len(counts))
	for i, g := range counts {
		out[i] = Gap{Code: string(g.Gap), Text: counted(profit.GapWords[g.Gap], g.Lines, grouped), Lines: g.Lines}
	}
	return out
}

// incomplete is the gaps in words; a total's start with 不完整： (不完整：未配对 50 行，缺采购成本 100 行).
func incomplete(gs []Gap, grouped bool) string {
	words := make([]string, len(gs))
	for i, g := range gs {
		words[i] = g.Text
	}
	text := strings.Join(words, "，")
	if grouped && text != "" {
		text = profit.MsgIncomplete + "：" + text
	}
	return text
}

// notes are the freight's warnings, apart from the gaps: freight is not one of the inputs the margin waits for.
func notes(l *profit.Line, grouped bool) string {
	var out []string
	if l.FreightGuessed > 0 {
		out = append(out, counted("头程按件数分摊", l.FreightGuessed, grouped))
	}
	if l.NoFreight > 0 {
		out = append(out, counted("无头程", l.NoFreight, grouped))
	}
	return strings.Join(out, "，")
}

// flags are the line's gaps then its notes, in words (the export's 提示).
func flags(gs []Gap, notes string, grouped bool) string {
	text := incomplete(gs, grouped)
	switch {
	case text == "":
		return notes
	case notes == "":
		return text
	}
	return text + "；" + notes
}

func line(l *profit.Line) Line {
	grouped := l.Grouped
	out := Line{Month: l.Month, GroupName: l.GroupName, MarketplaceID: l.MarketplaceID,
		MarketplaceName: marketplaceName(l.MarketplaceID), SKU: l.SKU, Name: l.Name,
		ProductSKU: l.ProductSKU, Currency: l.Currency, Estimated: l.Estimated > 0, Units: l.Units,
		Sales: amount(l.Amazon[profit.BucketSales]), Referral: amount(l.Amazon[profit.BucketReferral]),
		Fulfilment: amount(l.Amazon[profit.BucketFulfilment]), Storage: amount(l.Amazon[profit.BucketStorage]),
		Other: amount(l.Amazon[profit.BucketOther]), Refunds: amount(l.Amazon[profit.BucketRefunds]),
		Advertising: amount(l.Amazon[profit.BucketAdvertising]), AdsSynced: l.AdsSynced, Settled: amount(l.Settled()),
		SalesCNY: amount(l.AmazonCNY[profit.BucketSales]), ReferralCNY: amount(l.AmazonCNY[profit.BucketReferral]),
		FulfilmentCNY: amount(l.AmazonCNY[profit.BucketFulfilment]), StorageCNY: amount(l.AmazonCNY[profit.BucketStorage]),
		OtherCNY: amount(l.AmazonCNY[profit.BucketOther]), RefundsCNY: amount(l.AmazonCNY[profit.BucketRefunds]),
		AdvertisingCNY: amount(l.AmazonCNY[profit.BucketAdvertising]), SettledCNY: amount(l.SettledCNY()),
		UnitCost: amount(l.UnitCost), Cost: amount(l.Cost), UnitFreight: json.Number(l.UnitFreight.StringFixed(4)),
		Freight: amount(l.Freight), Shared: amount(l.Shared), Profit: amount(l.Profit)}
	if l.GroupID != 0 {
		out.GroupID = fmt.Sprint(l.GroupID)
	}
	switch {
	case grouped:
		out.Source = ""
	case l.Estimated > 0:
		out.Source = "预估"
	default:
		out.Source = "结算"
	}
	out.Gaps, out.Notes = gaps(l.Gaps(), grouped), notes(l, grouped)
	out.Flags = flags(out.Gaps, out.Notes, grouped)
	if m, ok := l.Margin(); ok {
		out.Margin = m.StringFixed(2) + "%"
	} else if l.Incomplete() {
		out.Margin = MarginMissing
	}
	out.ID = strings.Join([]string{out.Month, out.GroupID, out.MarketplaceID, out.SKU, out.Currency}, "|")
	return out
}

// DetailLine is one line behind a figure.
type DetailLine struct {
	ID          string `json:"id"`
	Source      string `json:"source"`
	Date        string `json:"date"`
	Reference   string `json:"reference"`
	OrderID     string `json:"orderId"`
	Kind        string `json:"kind"`
	Description string `json:"description"`
	// KindCode and DescriptionCode are Amazon's names beside the Chinese Kind and Description (settlement lines).
	KindCode        string      `json:"kindCode,omitempty"`
	DescriptionCode string      `json:"descriptionCode,omitempty"`
	Quantity        int64       `json:"quantity"`
	Amount          json.Number `json:"amount"`
	Currency        string      `json:"currency"`
	Note            string      `json:"note"`
	// Line is the line by SKU a share of 分摊费用 went to (月度报告's shares span many lines), empty otherwise.
	Line string `json:"line,omitempty"`
}

func detail(d *profit.DetailLine) DetailLine {
	return DetailLine{ID: d.ID, Source: d.Source, Date: d.Date, Reference: d.Reference, OrderID: d.OrderID, Kind: d.Kind,
		Description: d.Description, KindCode: d.KindCode, DescriptionCode: d.DescriptionCode, Quantity: d.Quantity, Amount: json.Number(d.Amount.StringFixed(4)), Currency: d.Currency,
		Note: d.Note, Line: d.Line}
}

// Summary is the whole query's completeness (every line by SKU, whatever the page and grouping): its lines, the
// inputs they lack with how many lines lack each, and label, 不完整：… in words, empty when nothing is missing.
type Summary struct {
	Lines int    `json:"lines"`
	Label string `json:"label"`
	Gaps  []Gap  `json:"gaps" null:"never"`
}

// ReportPage is a page of the report with its query's summary.
type ReportPage struct {
	api.Page[Line]
	Summary Summary `json:"summary"`
}

// ReportPage answers POST profit/report {currentpage, pagesize, sort, order, by (sku, store, month), startMonth,
// endMonth (yyyy-MM), groupId, marketplaceId, search}: a page of lines and the query's summary.
func (h *Handler) ReportPage(c *echo.Context) error {
	var q profit.Query
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	rows, total, r, err := h.Profit.Report(ctx, p, q)
	if err != nil {
		return err
	}
	out := make([]Line, len(rows))
	for i := range rows {
		out[i] = line(&rows[i])
	}
	sum, err := h.Profit.ReportSummary(ctx, p, q)
	if err != nil {
		return err
	}
	gs := gaps(sum.Gaps, true)
	return api.OK(c, ReportPage{Page: api.NewPage(out, total, r.Current, r.Size),
		Summary: Summary{Lines: sum.Lines, Label: incomplete(gs, true), Gaps: gs}})
}

// ReportExport answers GET profit/report/export?<ReportPage's filters>: the whole query as 利润报告_<date>.xlsx.
func (h *Handler) ReportExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "利润报告", "profitReportList", h.Profit.Report, line)
}

// marketplaceName is a marketplace's Chinese name, or its id when unknown ("" for none: a grouped line).
func marketplaceName(id string) string {
	if m, ok := storesdb.MarketplaceByID(id); ok {
		return m.Name
	}
	return id
}

// DetailSum is the footer of a figure's lines: its label (合计, or 本月头程), how it is worked out, the amount in
// its currency, and whether the lines add up to it (freight's shipments do not).
type DetailSum struct {
	Label       string      `json:"label"`
	Description string      `json:"description"`
	Amount      json.Number `json:"amount"`
	Currency    string      `json:"currency"`
	Sums        bool        `json:"sums"`
}

// DetailPage is a page of a figure's lines with their footer (null when the report has no such line).
type DetailPage struct {
	api.Page[DetailLine]
	Sum *DetailSum `json:"sum"`
}

// Detail answers POST profit/detail {currentpage, pagesize, figure (sales, referral, fulfilment, storage, other,
// refunds, advertising, cost, freight, shared), month, groupId, marketplaceId, sku, currency}: a page of the lines the
// figure of that line by SKU was summed from, and their footer (sum).
func (h *Handler) Detail(c *echo.Context) error {
	var q profit.DetailQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	rows, total, r, err := h.Profit.Detail(ctx, p, q)
	if err != nil {
		return err
	}
	out := make([]DetailLine, len(rows))
	for i := range rows {
		out[i] = detail(&rows[i])
	}
	sum, err := h.Profit.DetailSum(ctx, p, q)
	if err != nil {
		return err
	}
	return api.OK(c, DetailPage{Page: api.NewPage(out, total, r.Current, r.Size), Sum: detailSum(sum)})
}

// detailSum is a figure's footer, nil without one.
func detailSum(sum *profit.DetailTotal) *DetailSum {
	if sum == nil {
		return nil
	}
	return &DetailSum{Label: sum.Label, Description: sum.Description, Amount: json.Number(sum.Amount.StringFixed(4)),
		Currency: sum.Currency, Sums: sum.Sums}
}

// Config is 利润配置: how freight is spread (weight or volume) and its name.
type Config struct {
	FreightBasis string `json:"freightBasis"`
	BasisName    string `json:"basisName"`
}

func config(cfg *profit.Config) Config {
	return Config{FreightBasis: cfg.FreightBasis, BasisName: profit.BasisNames[cfg.FreightBasis]}
}

// GetConfig answers GET profit/config.
func (h *Handler) GetConfig(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	cfg, err := h.Profit.Config(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, config(cfg))
}

// SaveConfig answers PUT profit/config {freightBasis: weight or volume}.
func (h *Handler) SaveConfig(c *echo.Context) error {
	var f profit.ConfigForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	cfg, err := h.Profit.SaveConfig(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, config(cfg))
}
