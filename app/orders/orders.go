package orders

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
	ordersdb "sellerhub/models/orders"
	storesdb "sellerhub/models/stores"
)

// Messages of the orders calls.
const (
	MsgZoneBad     = "时区只能是站点时间或北京时间"
	MsgBusinessBad = "企业订单只能是是或否"
	whatOrder      = "订单"
)

// The date switch: a marketplace's days in its own zone (as Amazon's reports count them) or in Beijing time; none
// asked is the company's choice (公司设置, each marketplace's own until it chooses).
const (
	ZoneMarketplace = "marketplace"
	ZoneBeijing     = "beijing"
)

var (
	orderSorts  = map[string]string{"purchaseDate": "purchase_date", "amazonOrderId": "amazon_order_id"}
	refundSorts = map[string]string{"postedDate": "posted_date"}
	detailSorts = map[string]string{"purchaseDate": "purchase_date", "sku": "sku", "quantity": "quantity"}
)

// OrderQuery is the body of the order lists: the page, the sort, a store group and a marketplace, an order status
// and fulfilment channel as Amazon writes them (Shipped, Amazon...), the start of an order id, SKU or ASIN, the
// dates (yyyy-MM-dd, both included; 今日订单 ignores them) and the zone they are read in.
type OrderQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Status        string `json:"status"`
	Channel       string `json:"channel"`
	Business      string `json:"business"`
	Search        string `json:"search"`
	StartDate     string `json:"startDate"`
	EndDate       string `json:"endDate"`
	Zone          string `json:"zone"`
}

// days turns a zone into the window of the asked days there.
type days func(loc *time.Location) (from, to time.Time, err error)

// filter turns the query into the model's filter, the dates read by window. ok is false for a store group id
// that is not one or an unknown marketplace, which match nothing.
func (s *Service) filter(ctx context.Context, p core.Principal, q OrderQuery, sortable map[string]string, window days) (ordersdb.OrderFilter, core.PageRequest, bool, error) {
	r := q.PageRequest.Normalized()
	zone := q.Zone
	if zone == "" {
		// No zone asked: the day the company counts by (公司设置).
		st, err := accountsdb.CompanySettingOf(s.db.With(ctx), p.CompanyID)
		if err != nil {
			return ordersdb.OrderFilter{}, r, false, err
		}
		zone = st.DayZone
	}
	f := ordersdb.OrderFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Status: strings.TrimSpace(q.Status), Channel: strings.TrimSpace(q.Channel), Business: strings.TrimSpace(q.Business), Search: strings.TrimSpace(q.Search),
		OrderBy: sortable[q.Sort], Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	ok := true
	if strings.TrimSpace(q.GroupID) != "" {
		f.GroupID, ok = core.ParseID(q.GroupID)
	}
	var err error
	switch zone {
	case ZoneBeijing:
		f.Periods, err = period(nil, s.beijing, window)
	case ZoneMarketplace:
		var known bool
		f.Periods, known, err = s.marketplacePeriods(f.MarketplaceID, window)
		ok = ok && known
	default:
		err = core.Invalid(MsgZoneBad)
	}
	return f, r, ok, err
}

// period is the window of the marketplaces' days in loc, none when no day is asked.
func period(markets []string, loc *time.Location, window days) ([]ordersdb.Period, error) {
	from, to, err := window(loc)
	if err != nil || from.IsZero() && to.IsZero() {
		return nil, err
	}
	return []ordersdb.Period{{Marketplaces: markets, From: from, To: to}}, nil
}

// marketplacePeriods are the windows of the asked days in each marketplace's zone: the one marketplace's, or
// one per zone of all marketplaces. known is false for a marketplace that is not one.
func (s *Service) marketplacePeriods(marketplace string, window days) ([]ordersdb.Period, bool, error) {
	if marketplace != "" {
		loc, ok := storesdb.MarketplaceZone(marketplace)
		if !ok {
			return nil, false, nil
		}
		ps, err := period(nil, loc, window)
		return ps, true, err
	}
	var zones []*time.Location
	byZone := map[string][]string{}
	for _, m := range storesdb.Marketplaces {
		loc, _ := storesdb.MarketplaceZone(m.ID)
		if byZone[loc.String()] == nil {
			zones = append(zones, loc)
		}
		byZone[loc.String()] = append(byZone[loc.String()], m.ID)
	}
	var out []ordersdb.Period
	for _, loc := range zones {
		ps, err := period(byZone[loc.String()], loc, window)
		if err != nil {
			return nil, true, err
		}
		out = append(out, ps...)
	}
	return out, true, nil
}

// asked is the window of the query's dates.
func asked(q OrderQuery) days {
	return func(loc *time.Location) (time.Time, time.Time, error) {
		return core.DayRange(loc, q.StartDate, q.EndDate)
	}
}

// OrderPage lists a page of the orders the user may see, newest purchase first unless sorted, with the total and
// the page served.
func (s *Service) OrderPage(ctx context.Context, p core.Principal, q OrderQuery) ([]ordersdb.OrderRow, int64, core.PageRequest, error) {
	return s.orderPage(ctx, p, q, asked(q))
}

// TodayPage lists a page of today's orders the user may see, today being the marketplace's (or Beijing's) day,
// newest first unless sorted.
func (s *Service) TodayPage(ctx context.Context, p core.Principal, q OrderQuery) ([]ordersdb.OrderRow, int64, core.PageRequest, error) {
	now := s.now()
	return s.orderPage(ctx, p, q, func(loc *time.Location) (time.Time, time.Time, error) {
		y, m, d := now.In(loc).Date()
		from := time.Date(y, m, d, 0, 0, 0, 0, loc)
		return from.UTC(), from.AddDate(0, 0, 1).UTC(), nil
	})
}

func (s *Service) orderPage(ctx context.Context, p core.Principal, q OrderQuery, window days) ([]ordersdb.OrderRow, int64, core.PageRequest, error) {
	f, r, ok, err := s.filter(ctx, p, q, orderSorts, window)
	if err != nil || !ok {
		return []ordersdb.OrderRow{}, 0, r, err
	}
	if f, err = s.withTotal(ctx, p, "orders", f, ordersdb.OrderCount); err != nil {
		return nil, 0, r, err
	}
	rows, total, err := ordersdb.OrderPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// RefundPage lists a page of the refunds the user may see, latest posted first unless sorted, the dates being
// the days they were posted; status and channel do not apply to refunds.
func (s *Service) RefundPage(ctx context.Context, p core.Principal, q OrderQuery) ([]ordersdb.RefundRow, int64, core.PageRequest, error) {
	f, r, ok, err := s.filter(ctx, p, q, refundSorts, asked(q))
	if err != nil || !ok {
		return []ordersdb.RefundRow{}, 0, r, err
	}
	if f, err = s.withTotal(ctx, p, "refunds", f, ordersdb.RefundCount); err != nil {
		return nil, 0, r, err
	}
	rows, total, err := ordersdb.RefundPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// SalesDetailPage lists a page of the order lines the user may see (销售明细), newest purchase first unless
// sorted; business is "yes" or "no" to keep business (B2B) orders' lines or the others only.
func (s *Service) SalesDetailPage(ctx context.Context, p core.Principal, q OrderQuery) ([]ordersdb.SalesDetailRow, int64, core.PageRequest, error) {
	f, r, ok, err := s.filter(ctx, p, q, detailSorts, asked(q))
	if err == nil && f.Business != "" && f.Business != "yes" && f.Business != "no" {
		err = core.Invalid(MsgBusinessBad)
	}
	if err != nil || !ok {
		return []ordersdb.SalesDetailRow{}, 0, r, err
	}
	if f, err = s.withTotal(ctx, p, "salesDetails", f, ordersdb.SalesDetailCount); err != nil {
		return nil, 0, r, err
	}
	rows, total, err := ordersdb.SalesDetailPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Order loads an order the user may see with its items and what its settlements booked.
func (s *Service) Order(ctx context.Context, p core.Principal, id string) (*ordersdb.OrderDetail, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatOrder)
	}
	d, err := ordersdb.VisibleOrder(s.db.With(ctx), p.CompanyID, p.UserID, n)
	return d, core.NotFoundAs(err, whatOrder)
}
