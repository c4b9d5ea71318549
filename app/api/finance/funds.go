package finance

import (
	"io"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/middleware"
	"sellerhub/models"
)

// FundsHandler serves 资金账户 under /erp/api/v1/fund: the accounts with their balances, the movements, their
// import, voiding and matching to settlements and 付款申请.
type FundsHandler struct {
	Funds    *finance.Funds
	TimeZone *time.Location
}

func money2(units int64) string { return models.MoneyFromUnits(units).StringFixed(2) }

// FundAccount is an account with its balance in its currency and in CNY (two decimals).
type FundAccount struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Kind           string `json:"kind"`
	KindName       string `json:"kindName"`
	Currency       string `json:"currency"`
	Number         string `json:"number"`
	OpeningBalance string `json:"openingBalance"`
	OpeningDate    string `json:"openingDate"`
	Remark         string `json:"remark"`
	Movements      int64  `json:"movements"`
	Balance        string `json:"balance"`
	BalanceCNY     string `json:"balanceCny"`
}

// FundAccounts is every account and the CNY they hold together.
type FundAccounts struct {
	Accounts []FundAccount `json:"accounts"`
	TotalCNY string        `json:"totalCny"`
}

// Accounts answers POST fund/accounts {}.
func (h *FundsHandler) Accounts(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	all, err := h.Funds.Accounts(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := FundAccounts{Accounts: make([]FundAccount, len(all.Accounts)), TotalCNY: money2(all.TotalCNY)}
	for i, a := range all.Accounts {
		out.Accounts[i] = FundAccount{ID: strconv.FormatInt(a.ID, 10), Name: a.Name, Kind: a.Kind, KindName: finance.FundKindName(a.Kind),
			Currency: a.Currency, Number: a.Number, OpeningBalance: money2(a.OpeningBalance), OpeningDate: a.OpeningDate,
			Remark: a.Remark, Movements: a.Movements, Balance: money2(a.Balance()), BalanceCNY: money2(a.BalanceCNY)}
	}
	return api.OK(c, out)
}

// SaveAccount answers POST fund/account {id?, name, kind, currency, number, openingBalance, openingDate, remark}.
func (h *FundsHandler) SaveAccount(c *echo.Context) error {
	var f finance.FundAccountForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	a, err := h.Funds.SaveAccount(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, a.Name)
	return api.OK(c, strconv.FormatInt(a.ID, 10))
}

// FundMovement is a movement as the list shows it: the amount signed (income > 0), what it is matched to.
type FundMovement struct {
	ID           string `json:"id"`
	AccountID    string `json:"accountId"`
	AccountName  string `json:"accountName"`
	Currency     string `json:"currency"`
	Date         string `json:"date"`
	Income       string `json:"income"`
	Expense      string `json:"expense"`
	Amount       string `json:"amount"`
	Category     string `json:"category"`
	CategoryName string `json:"categoryName"`
	Counterparty string `json:"counterparty"`
	Remark       string `json:"remark"`
	Matched      string `json:"matched"`
	MatchKind    string `json:"matchKind"`
	Voided       bool   `json:"voided"`
	Status       string `json:"status"`
}

func movement(m *finance.FundMovementLine) FundMovement {
	out := FundMovement{ID: strconv.FormatInt(m.ID, 10), AccountID: strconv.FormatInt(m.AccountID, 10), AccountName: m.AccountName,
		Currency: m.AccountCurrency, Date: m.MovedOn, Amount: money2(m.Amount), Category: m.Category,
		CategoryName: finance.FundCategoryName(m.Category), Counterparty: m.Counterparty, Remark: m.Remark,
		Voided: m.VoidedAt != nil, Status: "正常"}
	if m.Amount >= 0 {
		out.Income = money2(m.Amount)
	} else {
		out.Expense = money2(-m.Amount)
	}
	switch {
	case m.SettlementRef != nil:
		out.Matched, out.MatchKind = "结算 "+m.SettlementID, "settlement"
	case m.PaymentRef != nil:
		out.Matched, out.MatchKind = "付款申请 "+m.PaymentNo, "payment"
	}
	if out.Voided {
		out.Status = "已作废"
	}
	return out
}

// MovementPage answers POST fund/movements/page {accountId, from, to, category, keyword, voided}.
func (h *FundsHandler) MovementPage(c *echo.Context) error {
	return api.PageOf(h.Funds.Movements, movement)(c)
}

// MovementExport answers GET fund/movements/export?<filters> as 资金流水_<date>.xlsx.
func (h *FundsHandler) MovementExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "资金流水", "fundMovementList", h.Funds.Movements, movement)
}

// AddMovement answers POST fund/movement {accountId, date, direction, amount, category, counterparty, remark}.
func (h *FundsHandler) AddMovement(c *echo.Context) error {
	var f finance.FundMovementForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	m, err := h.Funds.AddMovement(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, strconv.FormatInt(m.ID, 10))
}

// idForm is a body naming one row.
type idForm struct {
	ID string `json:"id"`
}

// VoidMovement answers POST fund/movement/void {id}.
func (h *FundsHandler) VoidMovement(c *echo.Context) error {
	var f idForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Funds.VoidMovement(c.Request().Context(), p, f.ID); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// ImportTemplate answers GET fund/movements/template: the import's workbook.
func (h *FundsHandler) ImportTemplate(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f, err := h.Funds.MovementTemplate(c.Request().Context(), p)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "资金流水导入模板", f)
}

// Import answers POST fund/movements/import (multipart field file): every row added, or none.
func (h *FundsHandler) Import(c *echo.Context) error {
	file, err := c.FormFile("file")
	if err != nil {
		return core.Invalid(finance.MsgFundImportFileBad)
	}
	r, err := file.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Funds.ImportMovements(c.Request().Context(), p, data)
	if err != nil {
		return err
	}
	return api.OK(c, res)
}

// SettlementCandidate is a settlement a deposit may be matched to; difference is the movement less its total.
type SettlementCandidate struct {
	ID           string `json:"id"`
	SettlementID string `json:"settlementId"`
	GroupName    string `json:"groupName"`
	PeriodEnd    string `json:"periodEnd"`
	DepositDate  string `json:"depositDate"`
	Currency     string `json:"currency"`
	Total        string `json:"total"`
	Difference   string `json:"difference"`
}

// PaymentCandidate is a 付款申请 a payment may be matched to.
type PaymentCandidate struct {
	ID           string `json:"id"`
	Number       string `json:"number"`
	OrderNumber  string `json:"orderNumber"`
	SupplierName string `json:"supplierName"`
	Status       string `json:"status"`
	Currency     string `json:"currency"`
	Amount       string `json:"amount"`
	PaidDate     string `json:"paidDate"`
}

// Candidates is what a movement may be matched to.
type Candidates struct {
	Settlements []SettlementCandidate `json:"settlements"`
	Payments    []PaymentCandidate    `json:"payments"`
}

// Candidates answers POST fund/candidates {id}: the settlements an income may be matched to, or the 付款申请 an
// expense may, the closest first.
func (h *FundsHandler) Candidates(c *echo.Context) error {
	var f idForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	out := Candidates{Settlements: []SettlementCandidate{}, Payments: []PaymentCandidate{}}
	if f.ID == "" {
		return api.OK(c, out)
	}
	day := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.In(h.TimeZone).Format(time.DateOnly)
	}
	settlements, err := h.Funds.SettlementCandidates(ctx, p, f.ID)
	if err != nil {
		return err
	}
	for _, s := range settlements {
		out.Settlements = append(out.Settlements, SettlementCandidate{ID: strconv.FormatInt(s.ID, 10), SettlementID: s.SettlementID,
			GroupName: s.GroupName, PeriodEnd: day(s.PeriodEnd), DepositDate: day(s.DepositDate), Currency: s.Currency,
			Total: money2(s.Total), Difference: money2(s.Difference)})
	}
	payments, err := h.Funds.PaymentCandidates(ctx, p, f.ID)
	if err != nil {
		return err
	}
	for _, r := range payments {
		status := "待付款"
		if r.Status == 2 {
			status = "已付款"
		}
		out.Payments = append(out.Payments, PaymentCandidate{ID: strconv.FormatInt(r.ID, 10), Number: r.Number, OrderNumber: r.OrderNumber,
			SupplierName: r.SupplierName, Status: status, Currency: r.Currency, Amount: money2(r.Amount), PaidDate: r.PaidDate})
	}
	return api.OK(c, out)
}

// Match answers POST fund/match {movementId, settlementId | paymentId}.
func (h *FundsHandler) Match(c *echo.Context) error {
	var f finance.MatchForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	var err error
	if f.PaymentID != "" {
		err = h.Funds.MatchPayment(c.Request().Context(), p, f)
	} else {
		err = h.Funds.MatchSettlement(c.Request().Context(), p, f)
	}
	if err != nil {
		return err
	}
	return api.OK(c, "success")
}

// Unmatch answers POST fund/unmatch {movementId}.
func (h *FundsHandler) Unmatch(c *echo.Context) error {
	var f finance.MatchForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Funds.Unmatch(c.Request().Context(), p, f); err != nil {
		return err
	}
	return api.OK(c, "success")
}
