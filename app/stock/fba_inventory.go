package stock

import (
	"context"
	"strings"
	"time"

	"sellerhub/app/core"
	amazondatadb "sellerhub/models/amazondata"
)

// FBA库存明细: Amazon's stock of every seller SKU in each marketplace as the last inventory report gave it, paired
// with a local product or not, in each state, with the days the fulfillable units last at the last 30 days' sales.
// A user limited to store groups sees their SKUs only.

// salesDays are the days whose sales the days of cover divide by: the dashboard's (app/sales CoverDays) too.
const salesDays = 30

// fbaInventorySorts are the list's sortable columns by the client's names; the days of cover is worked out per
// page row, so it does not sort.
var fbaInventorySorts = map[string]string{"sellerSku": "sku", "marketplaceName": "marketplace_id",
	"fulfillable": "fulfillable", "reserved": "reserved", "inboundWorking": "inbound_working",
	"inboundShipped": "inbound_shipped", "inboundReceiving": "inbound_receiving", "unsellable": "unsellable",
	"researching": "researching", "total": "total", "updatedAt": "updated_at"}

// FBAInventoryQuery is the body of FBA库存明细: the page, the sort, a store group and marketplace, a part of the
// seller SKU, FNSKU or ASIN, paired ("yes", "no" or "" for both) and stock ("yes": only SKUs with some unit).
type FBAInventoryQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Keyword       string `json:"keyword"`
	Paired        string `json:"paired"`
	Stock         string `json:"stock"`
}

// FBAInventoryPage lists a page of the FBA inventory of the user's store groups, with the total and the page
// served. A store group that is not a number finds nothing, and another group's finds nothing either.
func (s *Service) FBAInventoryPage(ctx context.Context, p core.Principal, q FBAInventoryQuery) ([]amazondatadb.FBAInventoryRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	// Beijing days, as the dashboard's days of cover and the summary's bj_day.
	today := s.now().In(amazondatadb.SalesDaysZone)
	f := amazondatadb.FBAInventoryFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Keyword: strings.TrimSpace(q.Keyword), HasStock: q.Stock == "yes", OrderBy: fbaInventorySorts[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor(),
		SalesFrom: today.AddDate(0, 0, 1-salesDays).Format(time.DateOnly)}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return []amazondatadb.FBAInventoryRow{}, 0, r, nil
		}
		f.GroupID = n
	}
	switch q.Paired {
	case "yes":
		yes := true
		f.Paired = &yes
	case "no":
		f.Paired = new(bool)
	}
	rows, total, err := amazondatadb.FBAInventoryPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}
