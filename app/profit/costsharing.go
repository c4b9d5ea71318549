package profit

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// 费用分摊: the costs that belong to no order (rent, salaries, tools, samples), typed or imported from .xlsx, of a
// store or of the whole company, converted to CNY at their month's rate (finance's RateBook, the one conversion)
// and shared out over the seller SKU lines 利润报告 has for their month (by sales in CNY, units, volume or by hand).
// The shares of a cost sum to it to the fen, the rounding remainder on the largest share; 利润报告 shows them as
// 分摊费用 and takes them from profit, 月度报告 as its line of the same name.

// PermissionCostEdit is 费用分摊's button: adding, importing, sharing out and deleting costs.
const PermissionCostEdit = "amz:payment:costsharing:edit"

// Messages of 费用分摊.
const (
	MsgCostDateBad      = "日期格式不正确，应为yyyy-MM-dd"
	MsgCostCategory     = "请填写费用类别（最多50字）"
	MsgCostAmountBad    = "金额不正确，应为大于0、最多两位小数的数字"
	MsgCostCurrencyBad  = "币种不正确"
	MsgCostStoreBad     = "店铺不存在或无权查看"
	MsgCostCompanyOnly  = "全公司费用分摊到所有店铺，需由能查看全部店铺的账号操作"
	MsgShareBasisBad    = "分摊方式不正确，应为按销售额、按销量、按体积或手动分摊"
	MsgShareNoLines     = "该月没有可分摊的SKU：按%s分摊需要该月利润报告中有%s的SKU"
	MsgShareManualSum   = "手动分摊合计 %s 元，应等于费用金额 %s 元"
	MsgShareManualLine  = "手动分摊的SKU不在该月的利润报告中：%s"
	MsgShareManualBad   = "手动分摊金额不正确，应为不小于0、最多两位小数的数字"
	MsgCostImportBad    = "文件不是有效的.xlsx表格，请下载模板填写后导入"
	MsgCostImportMany   = "一次最多导入2000行费用"
	MsgCostImportEmpty  = "表格中没有费用行：第一行为表头（日期、类别、金额、币种、店铺、备注），从第二行起每行一笔费用"
	MsgCostImportHeader = "表头应为：日期、类别、金额、币种、店铺、备注"
	MsgCostImportRow    = "第%d行：%s（未导入任何费用，请改正后重新导入）"
	// MsgCompanyWide names a cost of no store.
	MsgCompanyWide = "全公司"
)

// ShareBasisNames are the bases in words.
var ShareBasisNames = map[string]string{profitdb.ShareBySales: "销售额", profitdb.ShareByUnits: "销量",
	profitdb.ShareByVolume: "体积", profitdb.ShareByHand: "手动"}

// basisNeeds says what a line needs to take a share of a basis.
var basisNeeds = map[string]string{profitdb.ShareBySales: "结算销售额", profitdb.ShareByUnits: "销量",
	profitdb.ShareByVolume: "销量且配对产品有尺寸"}

// ImportHeader is the import's header row (and its template's).
var ImportHeader = []string{"日期", "类别", "金额", "币种", "店铺", "备注"}

const maxImportRows = 2000

// CostSharing is 费用分摊, over the profit report it shares costs into.
type CostSharing struct {
	profit *Service
}

// NewCostSharing is 费用分摊 over the profit domain.
func NewCostSharing(p *Service) *CostSharing { return &CostSharing{profit: p} }

// CostQuery is the list's body: a page, a month (yyyy-MM, "" any), a store group ("company": the company's
// costs) and a category.
type CostQuery struct {
	core.PageRequest
	Month    string `json:"month"`
	GroupID  string `json:"groupId"`
	Category string `json:"category"`
}

// Page is a page of the costs the user may see (the company's, and their store groups').
func (cs *CostSharing) Page(ctx context.Context, p core.Principal, q CostQuery) ([]profitdb.SharedCostRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := profitdb.SharedCostFilter{UserID: p.UserID, Month: strings.TrimSpace(q.Month), Category: strings.TrimSpace(q.Category)}
	if f.Month != "" {
		if _, err := parseMonth(f.Month, cs.profit.timeZone); err != nil {
			return nil, 0, r, err
		}
	}
	switch g := strings.TrimSpace(q.GroupID); g {
	case "":
	case "company":
		f.GroupID = -1
	default:
		id, err := strconv.ParseInt(g, 10, 64)
		if err != nil || id <= 0 {
			return []profitdb.SharedCostRow{}, 0, r, nil
		}
		f.GroupID = id
	}
	rows, total, err := profitdb.SharedCosts(cs.profit.db.With(ctx), p.CompanyID, f, r.Offset(), r.Size)
	return rows, total, r, err
}

// CostForm is a cost typed: its date (yyyy-MM-dd), category, amount and currency, its store group ("" or 0: the
// company's) and a note.
type CostForm struct {
	Date     string `json:"date"`
	Category string `json:"category"`
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
	GroupID  string `json:"groupId"`
	Note     string `json:"note"`
}

// checked turns a form into a cost, or says in words what is wrong with it.
func (cs *CostSharing) checked(p core.Principal, f CostForm, groups map[int64]string, limited bool, book *finance.RateBook) (*profitdb.SharedCost, string) {
	date := strings.TrimSpace(f.Date)
	on, err := parseDate(date, cs.profit.timeZone)
	if err != nil {
		return nil, MsgCostDateBad
	}
	category := strings.TrimSpace(f.Category)
	if category == "" || len([]rune(category)) > 50 {
		return nil, MsgCostCategory
	}
	amount, err := models.NewMoney(strings.TrimSpace(strings.ReplaceAll(f.Amount, ",", "")))
	if err != nil || !amount.IsPositive() || !amount.Equal(amount.Round(2)) {
		return nil, MsgCostAmountBad
	}
	currency := strings.ToUpper(strings.TrimSpace(f.Currency))
	if currency == "" {
		currency = "CNY"
	}
	if !finance.KnownCurrency(currency) {
		return nil, MsgCostCurrencyBad
	}
	cny, err := book.ToCNY(amount, currency, on)
	if err != nil {
		return nil, MsgCostCurrencyBad
	}
	c := &profitdb.SharedCost{CompanyID: p.CompanyID, CostDate: on.Format(time.DateOnly), Month: on.Format("2006-01"),
		Category: category, Amount: amount, Currency: currency, AmountCNY: models.Money{Decimal: cny.Round(2)},
		Note: strings.TrimSpace(f.Note), CreatedBy: p.UserID}
	switch g := strings.TrimSpace(f.GroupID); g {
	case "", "0", MsgCompanyWide:
		if limited {
			return nil, MsgCostCompanyOnly
		}
	default:
		id, err := strconv.ParseInt(g, 10, 64)
		if err != nil {
			// The import names the store.
			for gid, name := range groups {
				if name == g {
					id = gid
				}
			}
		}
		if _, ok := groups[id]; !ok {
			return nil, MsgCostStoreBad
		}
		c.GroupID = &id
	}
	return c, ""
}

// parseDate reads yyyy-MM-dd (or yyyy/M/d, as a sheet may write it).
func parseDate(s string, loc *time.Location) (time.Time, error) {
	for _, layout := range []string{time.DateOnly, "2006/1/2", "2006-1-2", "2006/01/02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, core.Invalid(MsgCostDateBad)
}

// scope is what a user may file costs under: their store groups by id and name, and whether they are limited.
func (cs *CostSharing) scope(db *models.DB, p core.Principal) (map[int64]string, bool, error) {
	groups, err := storesdb.StoreGroupsOf(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, false, err
	}
	names := map[int64]string{}
	for _, g := range groups {
		names[g.ID] = g.Name
	}
	limited, err := profitdb.LimitedToGroups(db, p.UserID)
	return names, limited, err
}

// Create files a cost typed.
func (cs *CostSharing) Create(ctx context.Context, p core.Principal, f CostForm) (*profitdb.SharedCost, error) {
	out, err := cs.create(ctx, p, []CostForm{f}, false)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// Import files the costs of a workbook (ImportHeader's columns): every row is checked first, and one bad row
// refuses the file, naming the row, with nothing filed.
func (cs *CostSharing) Import(ctx context.Context, p core.Principal, r io.Reader) (int, error) {
	rows, err := core.SheetRows(r, maxImportRows, MsgCostImportBad, MsgCostImportMany)
	if err != nil {
		return 0, err
	}
	if len(rows) == 0 {
		return 0, core.Invalid(MsgCostImportEmpty)
	}
	for i, h := range ImportHeader[:4] {
		if i >= len(rows[0]) || strings.TrimSpace(rows[0][i]) != h {
			return 0, core.Invalid(MsgCostImportHeader)
		}
	}
	var forms []CostForm
	cell := func(row []string, i int) string {
		if i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	for _, row := range rows[1:] {
		forms = append(forms, CostForm{Date: cell(row, 0), Category: cell(row, 1), Amount: cell(row, 2), Currency: cell(row, 3),
			GroupID: cell(row, 4), Note: cell(row, 5)})
	}
	out, err := cs.create(ctx, p, forms, true)
	return len(out), err
}

// create checks every form, then files them all in one transaction (or none).
func (cs *CostSharing) create(ctx context.Context, p core.Principal, forms []CostForm, sheet bool) ([]*profitdb.SharedCost, error) {
	db := cs.profit.db.With(ctx)
	groups, limited, err := cs.scope(db, p)
	if err != nil {
		return nil, err
	}
	book, err := cs.profit.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, err
	}
	var out []*profitdb.SharedCost
	now := cs.profit.now()
	for i, f := range forms {
		if sheet && strings.TrimSpace(f.Date+f.Category+f.Amount+f.Currency+f.GroupID+f.Note) == "" {
			continue
		}
		c, msg := cs.checked(p, f, groups, limited, book)
		if msg != "" {
			if sheet {
				msg = fmt.Sprintf(MsgCostImportRow, i+2, msg)
			}
			return nil, core.Invalid(msg)
		}
		c.CreatedAt, c.UpdatedAt = now, now
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, core.Invalid(MsgCostImportEmpty)
	}
	err = cs.profit.db.Tx(ctx, func(tx *models.DB) error {
		return tx.CreateInBatches(out, 200).Error
	})
	return out, err
}

// cost is one of the company's costs the user may act on: the company's only for a user of every store.
func (cs *CostSharing) cost(db *models.DB, p core.Principal, id int64) (*profitdb.SharedCost, error) {
	c, err := profitdb.SharedCostOf(db, p.CompanyID, id)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, core.NotFound("费用")
	}
	groups, limited, err := cs.scope(db, p)
	if err != nil {
		return nil, err
	}
	if c.GroupID == nil && limited {
		return nil, core.Invalid(MsgCostCompanyOnly)
	}
	if c.GroupID != nil {
		if _, ok := groups[*c.GroupID]; !ok {
			return nil, core.NotFound("费用")
		}
	}
	return c, nil
}

// Delete removes a cost and its shares (利润报告 no longer counts them).
func (cs *CostSharing) Delete(ctx context.Context, p core.Principal, id int64) error {
	c, err := cs.cost(cs.profit.db.With(ctx), p, id)
	if err != nil {
		return err
	}
	return cs.profit.db.Tx(ctx, func(tx *models.DB) error {
		if err := tx.Where("company_id = ? AND shared_cost_id = ?", c.CompanyID, c.ID).Delete(&profitdb.SharedCostShare{}).Error; err != nil {
			return err
		}
		if err := tx.Where("company_id = ? AND id = ?", c.CompanyID, c.ID).Delete(&profitdb.SharedCost{}).Error; err != nil {
			return err
		}
		return tx.RaiseReportGeneration(c.CompanyID, models.GenerationProfit)
	})
}

// Candidate is a seller SKU line a cost can be shared to: 利润报告's line of the cost's month, with what each
// basis weighs it by (sales CNY, units, volume in cm³ × units) and its share now.
type Candidate struct {
	GroupID       int64
	GroupName     string
	MarketplaceID string
	SKU           string
	Currency      string
	Sales         models.Money
	Units         int64
	Volume        decimal.Decimal
	Share         models.Money
}

// Candidates are the lines a cost can be shared to, the largest sales first, with its current shares.
func (cs *CostSharing) Candidates(ctx context.Context, p core.Principal, id int64) (*profitdb.SharedCost, []Candidate, error) {
	db := cs.profit.db.With(ctx)
	c, err := cs.cost(db, p, id)
	if err != nil {
		return nil, nil, err
	}
	out, err := cs.candidates(ctx, p, c)
	if err != nil {
		return nil, nil, err
	}
	shares, err := profitdb.SharesOf(db, p.CompanyID, c.ID)
	if err != nil {
		return nil, nil, err
	}
	at := map[string]int{}
	for i, cd := range out {
		at[candidateKey(cd.GroupID, cd.MarketplaceID, cd.SKU, cd.Currency)] = i
	}
	for _, sh := range shares {
		i, ok := at[candidateKey(sh.GroupID, sh.MarketplaceID, sh.SKU, sh.Currency)]
		if !ok {
			out = append(out, Candidate{GroupID: sh.GroupID, MarketplaceID: sh.MarketplaceID, SKU: sh.SKU, Currency: sh.Currency})
			i = len(out) - 1
		}
		out[i].Share = sh.Amount
	}
	return c, out, nil
}

func candidateKey(group int64, marketplace, sku, currency string) string {
	return fmt.Sprint(group, "|", marketplace, "|", sku, "|", currency)
}

// candidates are 利润报告's lines by SKU of the cost's month and store (every store for the company's).
func (cs *CostSharing) candidates(ctx context.Context, p core.Principal, c *profitdb.SharedCost) ([]Candidate, error) {
	f := profitdb.ProfitFilter{UserID: p.UserID, FromMonth: c.Month, ToMonth: c.Month, Zone: cs.profit.timeZone}
	if c.GroupID != nil {
		f.GroupID = *c.GroupID
	}
	a, err := cs.profit.answer(ctx, p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	var keys []profitdb.GroupSKU
	var out []Candidate
	for _, l := range a.lines {
		if l.SKU == "" {
			continue
		}
		keys = append(keys, profitdb.GroupSKU{GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU})
		out = append(out, Candidate{GroupID: l.GroupID, GroupName: l.GroupName, MarketplaceID: l.MarketplaceID, SKU: l.SKU,
			Currency: l.Currency, Sales: l.AmazonCNY[BucketSales], Units: l.Units})
	}
	products, err := profitdb.PairedProducts(cs.profit.db.With(ctx), p.CompanyID, keys)
	if err != nil {
		return nil, err
	}
	for i := range out {
		pr, ok := products[profitdb.GroupSKU{GroupID: out[i].GroupID, MarketplaceID: out[i].MarketplaceID, SKU: out[i].SKU}]
		if ok && pr.Length.Valid && pr.Width.Valid && pr.Height.Valid {
			out[i].Volume = pr.Length.Decimal.Mul(pr.Width.Decimal).Mul(pr.Height.Decimal).Mul(decimal.NewFromInt(out[i].Units)).Round(4)
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		if c := b.Sales.Cmp(a.Sales.Decimal); c != 0 {
			return c
		}
		return strings.Compare(candidateKey(a.GroupID, a.MarketplaceID, a.SKU, a.Currency), candidateKey(b.GroupID, b.MarketplaceID, b.SKU, b.Currency))
	})
	return out, nil
}

// ShareForm shares a cost out: its basis (sales, units, volume, manual) and, by hand, each line's amount.
type ShareForm struct {
	ID     string        `json:"id"`
	Basis  string        `json:"basis"`
	Shares []ManualShare `json:"shares"`
}

// ManualShare is a line's amount shared by hand (CNY).
type ManualShare struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	SKU           string `json:"sku"`
	Currency      string `json:"currency"`
	Amount        string `json:"amount"`
}

// Share shares a cost out as the form says, in place of its shares before, and answers its shares.
func (cs *CostSharing) Share(ctx context.Context, p core.Principal, f ShareForm) (*profitdb.SharedCost, []profitdb.SharedCostShare, error) {
	db := cs.profit.db.With(ctx)
	id, err := strconv.ParseInt(strings.TrimSpace(f.ID), 10, 64)
	if err != nil {
		return nil, nil, core.NotFound("费用")
	}
	c, err := cs.cost(db, p, id)
	if err != nil {
		return nil, nil, err
	}
	if _, ok := ShareBasisNames[f.Basis]; !ok {
		return nil, nil, core.Invalid(MsgShareBasisBad)
	}
	// The rate of the cost's month may have been set since it was filed: the amount shared is today's conversion.
	book, err := cs.profit.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, nil, err
	}
	on, err := parseDate(c.CostDate, cs.profit.timeZone)
	if err != nil {
		return nil, nil, err
	}
	cny, err := book.ToCNY(c.Amount, c.Currency, on)
	if err != nil {
		return nil, nil, err
	}
	c.AmountCNY = models.Money{Decimal: cny.Round(2)}
	lines, err := cs.candidates(ctx, p, c)
	if err != nil {
		return nil, nil, err
	}
	var shares []profitdb.SharedCostShare
	if f.Basis == profitdb.ShareByHand {
		shares, err = manualShares(c, lines, f.Shares)
	} else {
		shares, err = spread(c, lines, f.Basis)
	}
	if err != nil {
		return nil, nil, err
	}
	c.Basis = f.Basis
	now := cs.profit.now()
	err = cs.profit.db.Tx(ctx, func(tx *models.DB) error {
		if err := tx.Model(&profitdb.SharedCost{}).Where("company_id = ? AND id = ?", c.CompanyID, c.ID).
			Update("amount_cny", c.AmountCNY).Error; err != nil {
			return err
		}
		if err := profitdb.ReplaceShares(tx, c, shares, now); err != nil {
			return err
		}
		return tx.RaiseReportGeneration(c.CompanyID, models.GenerationProfit)
	})
	return c, shares, err
}

// spread shares the cost's CNY amount over the lines in proportion to the basis's weight, each share rounded to
// the fen and the remainder on the line of the largest weight, so that the shares sum to the amount exactly.
func spread(c *profitdb.SharedCost, lines []Candidate, basis string) ([]profitdb.SharedCostShare, error) {
	var shares []profitdb.SharedCostShare
	sum := decimal.Zero
	for _, l := range lines {
		var w decimal.Decimal
		switch basis {
		case profitdb.ShareBySales:
			w = l.Sales.Decimal
		case profitdb.ShareByUnits:
			w = decimal.NewFromInt(l.Units)
		case profitdb.ShareByVolume:
			w = l.Volume
		}
		if !w.IsPositive() {
			continue
		}
		sum = sum.Add(w)
		shares = append(shares, profitdb.SharedCostShare{SharedCostID: c.ID, CompanyID: c.CompanyID, Month: c.Month,
			GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU, Currency: l.Currency, Weight: models.Money{Decimal: w}})
	}
	if len(shares) == 0 {
		return nil, core.Invalid(fmt.Sprintf(MsgShareNoLines, ShareBasisNames[basis], basisNeeds[basis]))
	}
	total := c.AmountCNY.Decimal
	given, largest := decimal.Zero, 0
	for i := range shares {
		a := total.Mul(shares[i].Weight.Decimal).Div(sum).Round(2)
		shares[i].Amount = models.Money{Decimal: a}
		given = given.Add(a)
		if shares[i].Weight.GreaterThan(shares[largest].Weight.Decimal) {
			largest = i
		}
	}
	shares[largest].Amount = models.Money{Decimal: shares[largest].Amount.Add(total.Sub(given))}
	return shares, nil
}

// manualShares are the amounts typed for the lines: each a line of the month, to the fen, summing to the cost.
func manualShares(c *profitdb.SharedCost, lines []Candidate, typed []ManualShare) ([]profitdb.SharedCostShare, error) {
	known := map[string]bool{}
	for _, l := range lines {
		known[candidateKey(l.GroupID, l.MarketplaceID, l.SKU, l.Currency)] = true
	}
	var shares []profitdb.SharedCostShare
	sum := decimal.Zero
	seen := map[string]bool{}
	for _, t := range typed {
		a, err := models.NewMoney(strings.TrimSpace(t.Amount))
		if err != nil || a.IsNegative() || !a.Equal(a.Round(2)) {
			return nil, core.Invalid(MsgShareManualBad)
		}
		if a.IsZero() {
			continue
		}
		g, _ := strconv.ParseInt(t.GroupID, 10, 64)
		k := candidateKey(g, t.MarketplaceID, t.SKU, t.Currency)
		if !known[k] || seen[k] {
			return nil, core.Invalid(fmt.Sprintf(MsgShareManualLine, t.SKU))
		}
		seen[k] = true
		sum = sum.Add(a.Decimal)
		shares = append(shares, profitdb.SharedCostShare{SharedCostID: c.ID, CompanyID: c.CompanyID, Month: c.Month,
			GroupID: g, MarketplaceID: t.MarketplaceID, SKU: t.SKU, Currency: t.Currency, Weight: a, Amount: a})
	}
	if !sum.Equal(c.AmountCNY.Decimal) {
		return nil, core.Invalid(fmt.Sprintf(MsgShareManualSum, sum.StringFixed(2), c.AmountCNY.StringFixed(2)))
	}
	return shares, nil
}
