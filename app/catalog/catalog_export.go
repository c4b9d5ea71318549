package catalog

import (
	"context"
	"fmt"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
)

// 商品目录's 导出: the whole search (every page, not just the one shown) read again from Amazon, as many pages of 20
// as it has, up to browseExportLimit items; a larger search is refused rather than cut short, as every list's
// export is (a keyword search can find many thousands: the seller narrows it first).

// Export limits of 商品目录.
const (
	// browseExportLimit is the most items an export reads: 10 calls, 5 seconds at Amazon's 2 a second.
	browseExportLimit    = 200
	browseExportPageSize = 20
)

// MsgBrowseExportTooMany refuses an export of a search with more items than it reads (the total, the limit).
const MsgBrowseExportTooMany = "查询结果共%d个，超过导出上限%d个，请缩小查询范围后再导出"

// WholeQuery has the export read the search from its first page.
func (q *BrowseQuery) WholeQuery() { q.PageToken = "" }

// Export reads every item of a search, for 商品目录's 导出 (the list's call: the items, their count and no page).
func (b *Browse) Export(ctx context.Context, p core.Principal, q BrowseQuery) ([]BrowseItem, int64, core.PageRequest, error) {
	s, err := q.checked()
	if err != nil {
		return nil, 0, core.PageRequest{}, err
	}
	if s == nil {
		return nil, 0, core.PageRequest{}, core.Invalid(MsgBrowseQuery)
	}
	pl, err := b.placeOf(ctx, p, q.GroupID, q.MarketplaceID)
	if err != nil {
		return nil, 0, core.PageRequest{}, err
	}
	s.cq.PageSize, s.cq.PageToken = browseExportPageSize, ""
	all := &BrowseResult{Items: []BrowseItem{}}
	var items []amazon.CatalogItem
	// Bounded by the pages the limit takes, should Amazon keep naming a next page.
	for range browseExportLimit/browseExportPageSize + 1 {
		page, got, err := b.fetch(ctx, pl, s)
		if err != nil {
			return nil, 0, core.PageRequest{}, err
		}
		if page.Total > browseExportLimit {
			return nil, 0, core.PageRequest{}, core.Invalid(fmt.Sprintf(MsgBrowseExportTooMany, page.Total, browseExportLimit))
		}
		items = append(items, got...)
		if page.Next == "" {
			break
		}
		s.cq.PageToken = page.Next
	}
	if err := b.describe(ctx, p, pl, all, items); err != nil {
		return nil, 0, core.PageRequest{}, err
	}
	return all.Items, int64(len(all.Items)), core.PageRequest{}, nil
}
