package finance

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	financedb "sellerhub/models/finance"
)

// Messages of 资金账户.
const (
	MsgFundNameEmpty      = "请填写账户名称"
	MsgFundNameTaken      = "账户名称已存在"
	MsgFundKindBad        = "请选择账户类型"
	MsgFundCurrencyBad    = "请选择账户币种"
	MsgFundOpeningBad     = "期初余额必须是数字，最多2位小数"
	MsgFundDateBad        = "日期格式不正确，应为yyyy-MM-dd"
	MsgFundDateLate       = "日期不能晚于今天"
	MsgFundBeforeOpening  = "流水日期不能早于账户的期初日期"
	MsgFundAmountBad      = "金额必须大于0，最多2位小数"
	MsgFundDirectionBad   = "请选择收入或支出"
	MsgFundCategoryBad    = "请选择流水类型"
	MsgFundCurrencyLocked = "账户已有流水，不能修改币种"
	MsgFundVoided         = "该流水已作废"
	MsgFundMatched        = "该流水已匹配，请先取消匹配"
	fundAccountWhat       = "资金账户"
	fundMovementWhat      = "资金流水"
)

// PermissionFundEdit lets a user keep 资金账户: add and edit accounts, type, import and void movements, and match
// them to settlements and 付款申请. Reading needs the screen.
const PermissionFundEdit = "erp:finance:account:edit"

// FundKinds name the kinds of account, in the order the form offers them.
var FundKinds = []struct{ Code, Name string }{
	{"bank", "银行账户"}, {"payoneer", "Payoneer"}, {"worldfirst", "WorldFirst"}, {"alipay", "支付宝"}, {"cash", "现金"},
}

// FundCategories name the kinds of movement.
var FundCategories = []struct{ Code, Name string }{
	{"settlement", "亚马逊回款"}, {"payment", "采购付款"}, {"transfer", "转账"}, {"exchange", "结汇"},
	{"fee", "手续费"}, {"other", "其他"},
}

func codeName(list []struct{ Code, Name string }, code string) (string, bool) {
	for _, k := range list {
		if k.Code == code {
			return k.Name, true
		}
	}
	return "", false
}

// FundKindName and FundCategoryName name a code ("" when unknown).
func FundKindName(code string) string     { n, _ := codeName(FundKinds, code); return n }
func FundCategoryName(code string) string { n, _ := codeName(FundCategories, code); return n }

// codeOf reads a code or its Chinese name, as a typed or imported value may give either.
func codeOf(list []struct{ Code, Name string }, v string) (string, bool) {
	v = strings.TrimSpace(v)
	for _, k := range list {
		if strings.EqualFold(k.Code, v) || k.Name == v {
			return k.Code, true
		}
	}
	return "", false
}

// Funds is 资金账户: the company's accounts, their movements and balances, and the matching of deposits to
// settlements and of payments to 付款申请. A type of its own beside Service (the rates), whose RateBook it reads.
type Funds struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
	rates    *Service
}

// NewFunds builds 资金账户's service; days are Beijing days (timeZone).
func NewFunds(db *models.DB, now core.Clock, timeZone *time.Location, rates *Service) *Funds {
	return &Funds{db: db, now: now, timeZone: timeZone, rates: rates}
}

func (f *Funds) today() string { return f.now().In(f.timeZone).Format(time.DateOnly) }

var amountText = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// cents reads an amount of two decimals at most (thousands separators and a currency sign taken out) as Money's
// units; positive says it must be above 0.
func cents(raw string, positive bool) (int64, bool) {
	raw = strings.NewReplacer(",", "", "，", "", " ", "", "¥", "", "$", "", "€", "", "£", "").Replace(strings.TrimSpace(raw))
	if !amountText.MatchString(raw) {
		return 0, false
	}
	d := decimal.RequireFromString(raw)
	if !d.Equal(d.Truncate(2)) || d.Abs().GreaterThan(decimal.NewFromInt(100_000_000_000)) || (positive && d.Sign() <= 0) {
		return 0, false
	}
	return models.Money{Decimal: d}.Units(), true
}

// day reads a yyyy-MM-dd day (also yyyy/M/d as a sheet may hold it) no later than today.
func (f *Funds) day(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	t, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		if t, err = time.Parse("2006/1/2", raw); err != nil {
			if t, err = time.Parse("2006-1-2", raw); err != nil {
				return "", core.Invalid(MsgFundDateBad)
			}
		}
	}
	d := t.Format(time.DateOnly)
	if d > f.today() {
		return "", core.Invalid(MsgFundDateLate)
	}
	return d, nil
}

// FundAccountView is an account with its balance in its currency and in CNY (today's rate of the company's
// RateBook), both in Money's units.
type FundAccountView struct {
	financedb.FundAccountRow
	BalanceCNY int64
}

// FundTotals is what every account holds, in CNY.
type FundTotals struct {
	Accounts []FundAccountView
	TotalCNY int64
}

// Accounts lists the company's accounts with their balances: opening balance plus the movements not voided.
func (f *Funds) Accounts(ctx context.Context, p core.Principal) (FundTotals, error) {
	rows, err := financedb.FundAccounts(f.db.With(ctx), p.CompanyID)
	if err != nil {
		return FundTotals{}, err
	}
	book, err := f.rates.Rates(ctx, p.CompanyID)
	if err != nil {
		return FundTotals{}, err
	}
	out := FundTotals{Accounts: make([]FundAccountView, len(rows))}
	now := f.now()
	for i, r := range rows {
		cny, err := book.ToCNY(models.MoneyFromUnits(r.Balance()), r.Currency, now)
		if err != nil {
			return FundTotals{}, err
		}
		out.Accounts[i] = FundAccountView{FundAccountRow: r, BalanceCNY: cny.Units()}
		out.TotalCNY += cny.Units()
	}
	return out, nil
}

// FundAccountForm is a new account, or an account's changes when ID is given: name, kind, currency, number, the
// opening balance (may be negative, two decimals) on the opening day, and a remark.
type FundAccountForm struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Kind           string `json:"kind"`
	Currency       string `json:"currency"`
	Number         string `json:"number"`
	OpeningBalance string `json:"openingBalance"`
	OpeningDate    string `json:"openingDate"`
	Remark         string `json:"remark"`
}

// SaveAccount adds an account or changes one of the company's; the currency stays once it has movements.
func (f *Funds) SaveAccount(ctx context.Context, p core.Principal, form FundAccountForm) (*financedb.FundAccount, error) {
	name := strings.TrimSpace(form.Name)
	if name == "" {
		return nil, core.Invalid(MsgFundNameEmpty)
	}
	if err := core.CheckFields(core.Optional(&name, "账户名称", 100), core.Optional(&form.Number, "账号", 100),
		core.Optional(&form.Remark, "备注", 200)); err != nil {
		return nil, err
	}
	kind, ok := codeOf(FundKinds, form.Kind)
	if !ok {
		return nil, core.Invalid(MsgFundKindBad)
	}
	currency := strings.ToUpper(strings.TrimSpace(form.Currency))
	if _, ok := currencyOf(currency); !ok || currency == "" {
		return nil, core.Invalid(MsgFundCurrencyBad)
	}
	opening := int64(0)
	if strings.TrimSpace(form.OpeningBalance) != "" {
		if opening, ok = cents(form.OpeningBalance, false); !ok {
			return nil, core.Invalid(MsgFundOpeningBad)
		}
	}
	openedOn := f.today()
	if strings.TrimSpace(form.OpeningDate) != "" {
		var err error
		if openedOn, err = f.day(form.OpeningDate); err != nil {
			return nil, err
		}
	}
	a := &financedb.FundAccount{CompanyID: p.CompanyID, Name: name, Kind: kind, Currency: currency,
		Number: strings.TrimSpace(form.Number), OpeningBalance: opening, OpeningDate: openedOn, Remark: strings.TrimSpace(form.Remark)}
	err := f.db.Tx(ctx, func(tx *models.DB) error {
		if strings.TrimSpace(form.ID) == "" {
			return nameTaken(tx.Create(a).Error)
		}
		id, ok := core.ParseID(form.ID)
		if !ok {
			return core.NotFound(fundAccountWhat)
		}
		old, err := financedb.FundAccountByID(tx.ForUpdate(), p.CompanyID, id)
		if err != nil {
			return core.NotFoundAs(err, fundAccountWhat)
		}
		if old.Currency != currency {
			var n int64
			if err := tx.Model(&financedb.FundMovement{}).Where("account_id = ?", id).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return core.Invalid(MsgFundCurrencyLocked)
			}
		}
		var early int64
		if err := tx.Model(&financedb.FundMovement{}).Where("account_id = ? AND moved_on < ? AND voided_at IS NULL", id, openedOn).
			Count(&early).Error; err != nil {
			return err
		}
		if early > 0 {
			return core.Invalid(MsgFundBeforeOpening)
		}
		a.ID, a.CreatedAt = old.ID, old.CreatedAt
		return nameTaken(tx.Model(old).Select("name", "kind", "currency", "number", "opening_balance", "opening_date",
			"remark", "updated_at").Updates(a).Error)
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// FundMovementForm is a movement typed by hand: the account, the day, in or out ("in"/"out", or 收入/支出), the
// amount (above 0, two decimals), the category, the other party and a remark.
type FundMovementForm struct {
	AccountID    string `json:"accountId"`
	Date         string `json:"date"`
	Direction    string `json:"direction"`
	Amount       string `json:"amount"`
	Category     string `json:"category"`
	Counterparty string `json:"counterparty"`
	Remark       string `json:"remark"`
}

// movement checks a movement against its account, the problems named by field title (for an import's cells).
type movementProblem struct{ field, msg string }

func (f *Funds) movement(a *financedb.FundAccount, form FundMovementForm, by int64) (*financedb.FundMovement, []movementProblem) {
	var problems []movementProblem
	m := &financedb.FundMovement{CompanyID: a.CompanyID, AccountID: a.ID, Counterparty: strings.TrimSpace(form.Counterparty),
		Remark: strings.TrimSpace(form.Remark), CreatedBy: &by}
	day, err := f.day(form.Date)
	switch {
	case err != nil:
		problems = append(problems, movementProblem{"日期", err.Error()})
	case day < a.OpeningDate:
		problems = append(problems, movementProblem{"日期", MsgFundBeforeOpening + "（" + a.OpeningDate + "）"})
	}
	m.MovedOn = day
	amount, ok := cents(form.Amount, true)
	if !ok {
		problems = append(problems, movementProblem{"金额", MsgFundAmountBad})
	}
	switch strings.TrimSpace(form.Direction) {
	case "in", "收入":
		m.Amount = amount
	case "out", "支出":
		m.Amount = -amount
	default:
		problems = append(problems, movementProblem{"收支", MsgFundDirectionBad})
	}
	category := strings.TrimSpace(form.Category)
	if category == "" {
		category = "other"
	}
	if m.Category, ok = codeOf(FundCategories, category); !ok {
		problems = append(problems, movementProblem{"类型", MsgFundCategoryBad})
	}
	if len([]rune(m.Counterparty)) > 100 {
		problems = append(problems, movementProblem{"对方", "对方最多100个字"})
	}
	if len([]rune(m.Remark)) > 200 {
		problems = append(problems, movementProblem{"备注", "备注最多200个字"})
	}
	return m, problems
}

// AddMovement records a movement typed by hand.
func (f *Funds) AddMovement(ctx context.Context, p core.Principal, form FundMovementForm) (*financedb.FundMovement, error) {
	id, ok := core.ParseID(form.AccountID)
	if !ok {
		return nil, core.Invalid("请选择资金账户")
	}
	a, err := financedb.FundAccountByID(f.db.With(ctx), p.CompanyID, id)
	if err != nil {
		return nil, core.NotFoundAs(err, fundAccountWhat)
	}
	m, problems := f.movement(a, form, p.UserID)
	if len(problems) > 0 {
		return nil, core.Invalid(problems[0].msg)
	}
	return m, f.db.With(ctx).Create(m).Error
}

// VoidMovement voids one of the company's movements: it leaves the balance and gives back what it was matched to.
func (f *Funds) VoidMovement(ctx context.Context, p core.Principal, rawID string) error {
	id, ok := core.ParseID(rawID)
	if !ok {
		return core.NotFound(fundMovementWhat)
	}
	return f.db.Tx(ctx, func(tx *models.DB) error {
		m, err := financedb.FundMovementByID(tx.ForUpdate(), p.CompanyID, id)
		if err != nil {
			return core.NotFoundAs(err, fundMovementWhat)
		}
		if m.VoidedAt != nil {
			return core.Refused(MsgFundVoided)
		}
		now := f.now.Stamp()
		return tx.Model(m).Updates(map[string]any{"voided_at": now, "voided_by": p.UserID, "settlement_ref": nil,
			"payment_ref": nil, "updated_at": now}).Error
	})
}

// FundMovementQuery is the body of the movements' list: an account, the days (yyyy-MM-dd), a category, a part of
// the other party or remark, and voided ("1") to list the voided ones too.
type FundMovementQuery struct {
	core.PageRequest
	AccountID string `json:"accountId"`
	From      string `json:"from"`
	To        string `json:"to"`
	Category  string `json:"category"`
	Keyword   string `json:"keyword"`
	Voided    string `json:"voided"`
}

// FundMovementLine is a movement as the list shows it, with what it is matched to (a settlement of a store group
// the user does not see is only said to be matched).
type FundMovementLine struct {
	financedb.FundMovementRow
	SettlementID string
	PaymentNo    string
}

// Movements lists a page of the company's movements, the latest day first.
func (f *Funds) Movements(ctx context.Context, p core.Principal, q FundMovementQuery) ([]FundMovementLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	filter := financedb.FundMovementFilter{Keyword: strings.TrimSpace(q.Keyword), Voided: q.Voided == "1" || q.Voided == "true",
		Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	if strings.TrimSpace(q.AccountID) != "" {
		id, ok := core.ParseID(q.AccountID)
		if !ok {
			return []FundMovementLine{}, 0, r, nil
		}
		filter.AccountID = id
	}
	var err error
	if strings.TrimSpace(q.From) != "" {
		if filter.Since, err = dayOnly(q.From); err != nil {
			return nil, 0, r, err
		}
	}
	if strings.TrimSpace(q.To) != "" {
		if filter.Until, err = dayOnly(q.To); err != nil {
			return nil, 0, r, err
		}
	}
	if strings.TrimSpace(q.Category) != "" {
		code, ok := codeOf(FundCategories, q.Category)
		if !ok {
			return []FundMovementLine{}, 0, r, nil
		}
		filter.Category = code
	}
	db := f.db.With(ctx)
	rows, total, err := financedb.FundMovementPage(db, p.CompanyID, filter)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]FundMovementLine, len(rows))
	var settlementRefs, paymentRefs []int64
	for i, row := range rows {
		out[i] = FundMovementLine{FundMovementRow: row}
		if row.SettlementRef != nil {
			settlementRefs = append(settlementRefs, *row.SettlementRef)
		}
		if row.PaymentRef != nil {
			paymentRefs = append(paymentRefs, *row.PaymentRef)
		}
	}
	settlements, payments, err := matchedNames(db, p, settlementRefs, paymentRefs)
	if err != nil {
		return nil, 0, r, err
	}
	for i := range out {
		if ref := out[i].SettlementRef; ref != nil {
			out[i].SettlementID = settlements[*ref]
			if out[i].SettlementID == "" {
				out[i].SettlementID = "其他店铺的结算"
			}
		}
		if ref := out[i].PaymentRef; ref != nil {
			out[i].PaymentNo = payments[*ref]
		}
	}
	return out, total, r, nil
}

func dayOnly(raw string) (string, error) {
	t, err := time.Parse(time.DateOnly, strings.TrimSpace(raw))
	if err != nil {
		return "", core.Invalid(MsgFundDateBad)
	}
	return t.Format(time.DateOnly), nil
}

// matchedNames reads the settlement ids (of the store groups the user sees) and request numbers of matched
// movements.
func matchedNames(db *models.DB, p core.Principal, settlementRefs, paymentRefs []int64) (map[int64]string, map[int64]string, error) {
	settlements, payments := map[int64]string{}, map[int64]string{}
	type named struct {
		ID   int64
		Name string
	}
	var rows []named
	if len(settlementRefs) > 0 {
		err := db.Table("settlements").Scopes(models.InCompany("settlements", p.CompanyID),
			models.InGrantedGroups("settlements.group_id", p.UserID)).
			Where("settlements.id IN ?", settlementRefs).Select("settlements.id, settlements.settlement_id AS name").Scan(&rows).Error
		if err != nil {
			return nil, nil, err
		}
		for _, r := range rows {
			settlements[r.ID] = r.Name
		}
	}
	rows = nil
	if len(paymentRefs) > 0 {
		err := db.Table("payment_requests").Scopes(models.InCompany("payment_requests", p.CompanyID)).
			Where("payment_requests.id IN ?", paymentRefs).Select("payment_requests.id, payment_requests.number AS name").Scan(&rows).Error
		if err != nil {
			return nil, nil, err
		}
		for _, r := range rows {
			payments[r.ID] = r.Name
		}
	}
	return settlements, payments, nil
}

// nameTaken turns the unique name's violation into its message.
func nameTaken(err error) error {
	if models.IsDuplicate(err) {
		return core.Refused(MsgFundNameTaken)
	}
	return err
}
