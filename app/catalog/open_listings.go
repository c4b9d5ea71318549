package catalog

import (
	"context"
	"strings"

	"sellerhub/app/core"
	catalogdb "sellerhub/models/catalog"
)

// 在售报告: the listings as Amazon's all-listings report (GET_MERCHANT_LISTINGS_ALL_DATA) gave them, in the user's
// store groups. A listing entered by hand in SKU配对, which no report has named, is not in it.

// Messages of the open listings report.
const (
	MsgOpenStatusBad  = "状态只能是在售或不可售"
	MsgOpenChannelBad = "配送方式只能是FBA或FBM"
)

// openStatuses are the statuses the report's filter offers, as Amazon writes them.
var openStatuses = map[string]bool{"Active": true, "Inactive": true}

// OpenListingQuery is the body of 在售报告: SKU配对's query (its paired filter included) with a status (Active,
// Inactive) and a fulfilment channel (FBA, FBM); its keyword looks in the seller SKU, ASIN and title.
type OpenListingQuery struct {
	ListingQuery
	Status  string `json:"status"`
	Channel string `json:"channel"`
}

// OpenListingPage lists a page of the reported listings of the user's store groups, newest first unless sorted.
func (s *Service) OpenListingPage(ctx context.Context, p core.Principal, q OpenListingQuery) ([]catalogdb.ListingRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	status, channel := strings.TrimSpace(q.Status), strings.ToUpper(strings.TrimSpace(q.Channel))
	if status != "" && !openStatuses[status] {
		return nil, 0, r, core.Invalid(MsgOpenStatusBad)
	}
	if channel != "" && channel != "FBA" && channel != "FBM" {
		return nil, 0, r, core.Invalid(MsgOpenChannelBad)
	}
	f, ok := q.filter(p)
	if !ok {
		return []catalogdb.ListingRow{}, 0, r, nil
	}
	f.InTitle, f.Reported, f.Status, f.Channel = true, true, status, channel
	f.OrderBy, f.Desc, f.Offset, f.Limit, f.Anchor = listingSorts[q.Sort], strings.EqualFold(q.Order, "desc"), r.Offset(), r.Size, r.Anchor()
	rows, total, err := catalogdb.ListingPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}
