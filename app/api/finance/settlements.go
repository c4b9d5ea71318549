package finance

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/finance"
	"sellerhub/app/middleware"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// SettlementsHandler serves 结算记录 under /amazon/api/v1/settlements: the settlements with their reconciliation,
// one settlement's lines grouped by type, and its lines.
type SettlementsHandler struct {
	Settlements *finance.Settlements
	TimeZone    *time.Location
	// Funds reads the movement of 资金账户 matched to a settlement: what reached the account.
	Funds *finance.Funds
}

// Settlement is a settlement as 结算记录 lists it. totalAmount is what Amazon paid out (the deposit's amount);
// linesSum what its lines add up to; difference the total less the lines, 0 when it balances.
type Settlement struct {
	ID              string  `json:"id"`
	GroupName       string  `json:"groupName"`
	MarketplaceID   string  `json:"marketplaceId"`
	MarketplaceName string  `json:"marketplaceName"`
	SettlementID    string  `json:"settlementId"`
	PeriodStart     string  `json:"periodStart"`
	PeriodEnd       string  `json:"periodEnd"`
	Period          string  `json:"period"`
	DepositDate     string  `json:"depositDate"`
	Currency        string  `json:"currency"`
	TotalAmount     float64 `json:"totalAmount"`
	LinesSum        float64 `json:"linesSum"`
	LineCount       int64   `json:"lineCount"`
	Difference      float64 `json:"difference"`
	Balanced        bool    `json:"balanced"`
	Status          string  `json:"status"`
}

func (h *SettlementsHandler) date(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.In(h.TimeZone).Format(time.DateOnly)
}

func (h *SettlementsHandler) settlement(r *finance.SettlementLine) Settlement {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	total, _ := r.TotalAmount.Float64()
	diff, _ := r.Difference.Float64()
	out := Settlement{ID: strconv.FormatInt(r.ID, 10), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		SettlementID: r.SettlementID, PeriodStart: h.date(r.SettlementStartDate), PeriodEnd: h.date(r.SettlementEndDate),
		DepositDate: h.date(r.DepositDate), Currency: r.Currency, TotalAmount: total,
		LinesSum: units(r.LinesSum), LineCount: r.LineCount, Difference: diff, Balanced: r.Balanced(), Status: "平"}
	out.Period = out.PeriodStart + " ~ " + out.PeriodEnd
	if !out.Balanced {
		out.Status = "不平"
	}
	return out
}

// SettlementPage answers POST settlements/page {currentpage, pagesize, sort, order, groupId, marketplaceId, from,
// to, keyword, unbalanced}, the latest period first.
func (h *SettlementsHandler) SettlementPage(c *echo.Context) error {
	return api.PageOf(h.Settlements.Page, h.settlement)(c)
}

// SettlementExport answers GET settlements/export?<filters>: the whole query as 结算记录_<date>.xlsx.
func (h *SettlementsHandler) SettlementExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "结算记录", "settlementList", h.Settlements.Page, h.settlement)
}

// SettlementGroup is what the lines of one of Amazon's names add up to, our Chinese names beside.
type SettlementGroup struct {
	TransactionType     string  `json:"transactionType"`
	TransactionTypeName string  `json:"transactionTypeName"`
	AmountType          string  `json:"amountType"`
	AmountDescription   string  `json:"amountDescription"`
	AmountName          string  `json:"amountName"`
	Amount              float64 `json:"amount"`
	Lines               int64   `json:"lines"`
}

// SettlementDetail is a settlement with its lines grouped by type.
type SettlementDetail struct {
	Settlement
	Groups  []SettlementGroup `json:"groups"`
	Deposit *Deposit          `json:"deposit"`
}

// Deposit is what reached the seller's account for a settlement (the movement of 资金账户 matched to it), and the
// difference from the settlement's total (what reached less the total; "0.00" when they agree). Null when no
// movement is matched yet.
type Deposit struct {
	AccountName string `json:"accountName"`
	Date        string `json:"date"`
	Amount      string `json:"amount"`
	Difference  string `json:"difference"`
	Matches     bool   `json:"matches"`
}

// GetSettlement answers GET settlements/:id: the settlement, its reconciliation and its lines by type.
func (h *SettlementsHandler) GetSettlement(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Settlements.Settlement(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := SettlementDetail{Settlement: h.settlement(&d.SettlementLine), Groups: make([]SettlementGroup, len(d.Groups))}
	for i, g := range d.Groups {
		out.Groups[i] = SettlementGroup{TransactionType: g.TransactionType, TransactionTypeName: g.TransactionTypeName,
			AmountType: g.AmountType, AmountDescription: g.AmountDescription, AmountName: g.AmountName,
			Amount: units(g.Amount), Lines: g.Lines}
	}
	if h.Funds != nil {
		m, err := h.Funds.SettlementDeposit(c.Request().Context(), p, d.ID)
		if err != nil {
			return err
		}
		if m != nil {
			diff := m.Amount - d.TotalAmount.Units()
			out.Deposit = &Deposit{AccountName: m.AccountName, Date: m.MovedOn, Amount: money2(m.Amount), Difference: money2(diff), Matches: diff == 0}
		}
	}
	return api.OK(c, out)
}

// SettlementLine is a line of a settlement, as in the file, with our Chinese names beside Amazon's.
type SettlementLine struct {
	ID                  string  `json:"id"`
	LineNo              int     `json:"lineNo"`
	TransactionType     string  `json:"transactionType"`
	TransactionTypeName string  `json:"transactionTypeName"`
	AmountType          string  `json:"amountType"`
	AmountDescription   string  `json:"amountDescription"`
	AmountName          string  `json:"amountName"`
	OrderID             string  `json:"orderId"`
	SKU                 string  `json:"sku"`
	Quantity            int     `json:"quantity"`
	PostedDate          string  `json:"postedDate"`
	Currency            string  `json:"currency"`
	Amount              float64 `json:"amount"`
}

func (h *SettlementsHandler) line(l *finance.SettlementLineRow) SettlementLine {
	amount, _ := l.Amount.Float64()
	return SettlementLine{ID: strconv.FormatInt(l.ID, 10), LineNo: l.LineNo, TransactionType: l.TransactionType,
		TransactionTypeName: l.TransactionTypeName, AmountType: l.AmountType, AmountDescription: l.AmountDescription,
		AmountName: l.AmountName, OrderID: l.OrderID, SKU: l.SKU, Quantity: l.QuantityPurchased,
		PostedDate: h.date(l.PostedDate), Currency: l.Currency, Amount: amount}
}

// LinePage answers POST settlements/lines/page {id, typed, transactionType, amountType, amountDescription,
// keyword}: the settlement's lines in the file's order.
func (h *SettlementsHandler) LinePage(c *echo.Context) error {
	return api.PageOf(h.Settlements.Lines, h.line)(c)
}

// LineExport answers GET settlements/lines/export?id=…: the settlement's lines as 结算明细_<date>.xlsx.
func (h *SettlementsHandler) LineExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "结算明细", "settlementLineList", h.Settlements.Lines, h.line)
}

// units is an amount in Money's units as a number.
func units(n int64) float64 {
	f, _ := models.MoneyFromUnits(n).Float64()
	return f
}
