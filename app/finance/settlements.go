package finance

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// Messages of the settlement screens.
const (
	MsgMonthInvalid = "月份格式应为 yyyy-MM"
	MsgMonthOrder   = "开始月份不能晚于结束月份"
)

// Settlements is 结算记录: every settlement Amazon paid out, with the reconciliation of its total against its
// lines. A type of its own: Service is the rates' and the calculator's.
type Settlements struct {
	db       *models.DB
	timeZone *time.Location
}

// NewSettlements builds 结算记录's service; months are read in timeZone (Beijing time).
func NewSettlements(db *models.DB, timeZone *time.Location) *Settlements {
	return &Settlements{db: db, timeZone: timeZone}
}

// SettlementQuery is the body of 结算记录's list: the page, the sort, a store group and marketplace, the months
// (yyyy-MM) the periods end in, a part of the settlement id, and unbalanced ("1") for the mismatches alone.
type SettlementQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	From          string `json:"from"`
	To            string `json:"to"`
	Keyword       string `json:"keyword"`
	Unbalanced    string `json:"unbalanced"`
}

var settlementSorts = map[string]string{"periodEnd": "settlement_end_date", "depositDate": "deposit_date",
	"totalAmount": "total_amount", "settlementId": "settlement_id"}

// MonthSpan reads a filter's months (yyyy-MM, "" open) as the first instant of from and the first after to, in
// zone.
func MonthSpan(from, to string, zone *time.Location) (since, before time.Time, err error) {
	from, to = strings.TrimSpace(from), strings.TrimSpace(to)
	if from != "" {
		if since, err = time.ParseInLocation("2006-01", from, zone); err != nil {
			return since, before, core.Invalid(MsgMonthInvalid)
		}
	}
	if to != "" {
		t, err := time.ParseInLocation("2006-01", to, zone)
		if err != nil {
			return since, before, core.Invalid(MsgMonthInvalid)
		}
		before = t.AddDate(0, 1, 0)
	}
	if !since.IsZero() && !before.IsZero() && !since.Before(before) {
		return since, before, core.Invalid(MsgMonthOrder)
	}
	return since, before, nil
}

// SettlementLine is a settlement as 结算记录 lists it: its lines' sum and the difference from its total (total
// less lines; zero when it balances).
type SettlementLine struct {
	amazondatadb.SettlementRow
	Difference models.Money
}

// Balanced tells whether the settlement's lines sum to its total to the cent.
func (l *SettlementLine) Balanced() bool { return l.Difference.IsZero() }

func settlementLine(r amazondatadb.SettlementRow) SettlementLine {
	return SettlementLine{SettlementRow: r, Difference: models.MoneyFromUnits(r.TotalAmount.Units() - r.LinesSum)}
}

// Page lists a page of settlements, the latest period first unless sorted.
func (s *Settlements) Page(ctx context.Context, p core.Principal, q SettlementQuery) ([]SettlementLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	group, market, ok := core.StoreFilter(q.GroupID, q.MarketplaceID)
	since, before, err := MonthSpan(q.From, q.To, s.timeZone)
	if err != nil || !ok {
		return []SettlementLine{}, 0, r, err
	}
	u := strings.TrimSpace(q.Unbalanced)
	f := amazondatadb.SettlementFilter{UserID: p.UserID, GroupID: group, MarketplaceID: market, Since: since, Before: before,
		Keyword: strings.TrimSpace(q.Keyword), Unbalanced: u == "1" || u == "true" || u == "on",
		OrderBy: settlementSorts[q.Sort], Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	rows, total, err := amazondatadb.SettlementPage(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]SettlementLine, len(rows))
	for i, row := range rows {
		out[i] = settlementLine(row)
	}
	return out, total, r, nil
}

// SettlementGroup is what a settlement's lines of one of Amazon's names sum to, with our Chinese names beside
// (app/amazon/names.go, the one table).
type SettlementGroup struct {
	amazondatadb.SettlementTypeSum
	TransactionTypeName string
	AmountName          string
}

// SettlementDetail is a settlement, its reconciliation and its lines grouped by Amazon's names.
type SettlementDetail struct {
	SettlementLine
	Groups []SettlementGroup
}

// Settlement reads one settlement of the user's store groups by its row id, or 404.
func (s *Settlements) Settlement(ctx context.Context, p core.Principal, rawID string) (*SettlementDetail, error) {
	row, err := s.row(ctx, p, rawID)
	if err != nil {
		return nil, err
	}
	sums, err := amazondatadb.SettlementTypeSums(s.db.With(ctx), p.CompanyID, row.SellerID, row.SettlementID)
	if err != nil {
		return nil, err
	}
	d := &SettlementDetail{SettlementLine: settlementLine(*row), Groups: make([]SettlementGroup, len(sums))}
	for i, g := range sums {
		tn, _ := amazon.TransactionTypeName(g.TransactionType)
		an, _ := amazon.AmountName(g.AmountType, g.AmountDescription)
		d.Groups[i] = SettlementGroup{SettlementTypeSum: g, TransactionTypeName: tn, AmountName: an}
	}
	return d, nil
}

func (s *Settlements) row(ctx context.Context, p core.Principal, rawID string) (*amazondatadb.SettlementRow, error) {
	id, ok := core.ParseID(rawID)
	if !ok {
		return nil, core.NotFound("结算记录")
	}
	row, err := amazondatadb.SettlementByID(s.db.With(ctx), p.CompanyID, p.UserID, id)
	return row, core.NotFoundAs(err, "结算记录")
}

// SettlementLineQuery is the body of a settlement's lines: the settlement's row id, one of Amazon's names when
// typed is "1", and a part of the order id or SKU.
type SettlementLineQuery struct {
	core.PageRequest
	ID                string `json:"id"`
	Typed             string `json:"typed"`
	TransactionType   string `json:"transactionType"`
	AmountType        string `json:"amountType"`
	AmountDescription string `json:"amountDescription"`
	Keyword           string `json:"keyword"`
}

// SettlementLineRow is a line of a settlement with our Chinese names beside Amazon's.
type SettlementLineRow struct {
	amazondatadb.SettlementLine
	TransactionTypeName string
	AmountName          string
}

// Lines lists a page of a settlement's lines in the file's order; a settlement the user cannot see is 404.
func (s *Settlements) Lines(ctx context.Context, p core.Principal, q SettlementLineQuery) ([]SettlementLineRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	row, err := s.row(ctx, p, q.ID)
	if err != nil {
		return nil, 0, r, err
	}
	f := amazondatadb.SettlementLineFilter{SellerID: row.SellerID, SettlementID: row.SettlementID, Typed: q.Typed == "1",
		TransactionType: q.TransactionType, AmountType: q.AmountType, AmountDescription: q.AmountDescription,
		Keyword: strings.TrimSpace(q.Keyword), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	lines, total, err := amazondatadb.SettlementLinePage(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]SettlementLineRow, len(lines))
	for i, l := range lines {
		tn, _ := amazon.TransactionTypeName(l.TransactionType)
		an, _ := amazon.AmountName(l.AmountType, l.AmountDescription)
		out[i] = SettlementLineRow{SettlementLine: l, TransactionTypeName: tn, AmountName: an}
	}
	return out, total, r, nil
}
