package stock

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// FBA每日库存: a seller SKU's units at each fulfilment centre day by day, from Amazon's inventory ledger: the daily
// summary's starting and ending balances beside the detail's events of the day by kind, and whether they add up
// (starting + events = ending). A day that does not is marked: an event missing from the ledger, or one Amazon
// booked elsewhere, and the place to look for a claim.

// Messages of FBA每日库存.
const (
	MsgLedgerDateInvalid = "日期格式应为 yyyy-MM-dd"
	MsgLedgerDateOrder   = "开始日期不能晚于结束日期"
	MsgLedgerDayMissing  = "该日库存记录"
)

// ledgerDaySorts are the list's sortable columns by the client's names.
var ledgerDaySorts = map[string]string{"day": "day", "sellerSku": "sku", "location": "location",
	"starting": "starting", "ending": "ending", "marketplaceName": "marketplace_id"}

// LedgerDayQuery is the body of FBA每日库存: the page, the sort, a store group and marketplace, a part of the seller
// SKU or FNSKU, a fulfilment centre, the days from and to (yyyy-MM-dd) and check ("bad": only the days that do not
// add up).
type LedgerDayQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Keyword       string `json:"keyword"`
	Location      string `json:"location"`
	From          string `json:"from"`
	To            string `json:"to"`
	Check         string `json:"check"`
}

// LedgerDayPage lists a page of FBA每日库存, newest day first unless sorted otherwise. A store group that is not a
// number, or another company's, finds nothing; a date that is not one is refused.
func (s *Service) LedgerDayPage(ctx context.Context, p core.Principal, q LedgerDayQuery) ([]amazondatadb.LedgerDayRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := amazondatadb.LedgerDayFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Keyword: strings.TrimSpace(q.Keyword), Location: strings.ToUpper(strings.TrimSpace(q.Location)),
		Mismatched: q.Check == "bad", OrderBy: ledgerDaySorts[q.Sort], Desc: q.Sort == "" || strings.EqualFold(q.Order, "desc"),
		Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	var err error
	if f.From, err = ledgerDate(q.From); err != nil {
		return nil, 0, r, err
	}
	if f.To, err = ledgerDate(q.To); err != nil {
		return nil, 0, r, err
	}
	if f.From != "" && f.To != "" && f.From > f.To {
		return nil, 0, r, core.Invalid(MsgLedgerDateOrder)
	}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return []amazondatadb.LedgerDayRow{}, 0, r, nil
		}
		f.GroupID = n
	}
	rows, total, err := amazondatadb.LedgerDayPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// LedgerDayEvents lists the ledger's events of one line of FBA每日库存 (its day, FNSKU, centre and disposition).
func (s *Service) LedgerDayEvents(ctx context.Context, p core.Principal, rawID string) ([]amazondatadb.LedgerEvent, error) {
	id, ok := core.ParseID(rawID)
	if !ok {
		return nil, core.NotFound(MsgLedgerDayMissing)
	}
	events, err := amazondatadb.LedgerDayEvents(s.db.With(ctx), p.CompanyID, p.UserID, id)
	if models.IsNotFound(err) {
		return nil, core.NotFound(MsgLedgerDayMissing)
	}
	return events, err
}

// ledgerDate checks a yyyy-MM-dd filter date; "" is none.
func ledgerDate(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	if _, err := time.Parse(time.DateOnly, raw); err != nil {
		return "", core.Invalid(MsgLedgerDateInvalid)
	}
	return raw, nil
}
