package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// 商品列表 (/amazon/listing/products): every listing of the user's store groups with what the listings report says
// (title, price, status, fulfilment channel), its FBA stock, the last 7 and 30 days' units and sales, the variation
// parent, the paired local product, and the owner (运营负责人) and tags the company gives it, one listing or many
// at once. 业绩报告 sums sales and profit by the owner.

// PermissionListingOwner is 商品列表's button permission (分配负责人和标签): giving listings an owner and tags.
const PermissionListingOwner = "amz:listing:products:owner"

// Messages of 商品列表.
const (
	MsgListingsNone    = "请选择商品"
	MsgListingsTooMany = "一次最多操作500个商品"
	MsgOwnerMissing    = "负责人不存在，请重新选择"
	MsgTagsNone        = "请选择标签"
	MsgTagMissing      = "标签不存在，请重新选择"
	MsgStatusBad       = "状态只能是在售、不可售或信息不完整"
	MsgChannelBad      = "配送方式只能是FBA或FBM"
)

// ListingProducts is 商品列表's part of the catalogue (a type of its own: the catalogue's Service is full).
type ListingProducts struct{ s *Service }

// ListingProducts is 商品列表.
func (s *Service) ListingProducts() *ListingProducts { return &ListingProducts{s: s} }

// listingBulkLimit is the most listings one assignment takes.
const listingBulkLimit = 500

// choicesLimit bounds the owner and tag drop-downs.
const choicesLimit = 1000

// listingStatuses are the 状态 filter's values and the listings report's statuses they keep.
var listingStatuses = map[string]string{"active": "Active", "inactive": "Inactive", "incomplete": "Incomplete"}

// ListingProductQuery is 商品列表's body: SKU配对's filters and sorts (and 排名, sort "rank": the display group
// rank), the keyword in seller SKU, ASIN and title, the status (active, inactive, incomplete), the fulfilment
// channel (FBA, FBM), the owner (a user's id, "none" for the listings without one) and a tag.
type ListingProductQuery struct {
	ListingQuery
	Status  string `json:"status"`
	Channel string `json:"channel"`
	OwnerID string `json:"ownerId"`
	TagID   string `json:"tagId"`
}

// ListingProduct is a listing as 商品列表 shows it: its row, its figures and, when Amazon does not sell it, why as
// far as the synced data tells (Reason).
type ListingProduct struct {
	catalogdb.ListingRow
	Figures catalogdb.ListingFigures
	Reason  string
}

// listingReason says why a listing is not for sale from what the listings report and the FBA inventory report
// give: the report's status carries no reason of its own, so an out-of-stock listing is named as such and any other
// is sent to Seller Central.
func listingReason(l *catalogdb.ListingRow, f *catalogdb.ListingFigures) string {
	switch l.Status {
	case "Inactive":
		fba := strings.HasPrefix(l.FulfillmentChannel, "AMAZON")
		switch {
		case fba && f.Fulfillable == 0 && f.Inbound > 0:
			return fmt.Sprintf("缺货：FBA可售库存为0（在途%d件，入库后自动恢复在售）", f.Inbound)
		case fba && f.Fulfillable == 0:
			return "缺货：FBA可售库存为0，请补货发往亚马逊仓库"
		case l.FulfillmentChannel == "DEFAULT" && l.Quantity == 0:
			return "缺货：自配送可售数量为0，请在卖家后台补充数量"
		}
		return "亚马逊在售报告标为不可售，未给出原因：请在卖家后台“库存 > 管理库存”查看该SKU的问题"
	case "Incomplete":
		return "商品信息不完整：请在卖家后台补全必填属性"
	}
	return ""
}

// filter is the query's filters for the user; false when one cannot match (a group, owner or tag that is no id).
func (q ListingProductQuery) filter(p core.Principal) (catalogdb.ListingFilter, core.PageRequest, bool, error) {
	f, r, ok := q.Filter(p)
	f.InTitle = true
	f.ByRank = q.Sort == "rank"
	if s := strings.TrimSpace(q.Status); s != "" {
		st, known := listingStatuses[s]
		if !known {
			return f, r, false, core.Invalid(MsgStatusBad)
		}
		f.Status = st
	}
	switch c := strings.ToUpper(strings.TrimSpace(q.Channel)); c {
	case "", "FBA", "FBM":
		f.Channel = c
	default:
		return f, r, false, core.Invalid(MsgChannelBad)
	}
	switch o := strings.TrimSpace(q.OwnerID); o {
	case "":
	case "none":
		f.NoOwner = true
	default:
		n, valid := core.ParseID(o)
		ok = ok && valid
		f.OwnerID = n
	}
	if t := strings.TrimSpace(q.TagID); t != "" {
		n, valid := core.ParseID(t)
		ok = ok && valid
		f.TagID = n
	}
	return f, r, ok, nil
}

// salesFrom is the first day (yyyy-MM-dd, in the company's zone) of the last n days, today included.
func (l *ListingProducts) salesFrom(n int) string {
	s := l.s
	now := s.now().In(s.timeZone)
	return time.Date(now.Year(), now.Month(), now.Day()-(n-1), 0, 0, 0, 0, s.timeZone).Format(time.DateOnly)
}

// ListingProductPage lists a page of 商品列表 with the total and the page served.
func (l *ListingProducts) ListingProductPage(ctx context.Context, p core.Principal, q ListingProductQuery) ([]ListingProduct, int64, core.PageRequest, error) {
	s := l.s
	f, r, ok, err := q.filter(p)
	if err != nil || !ok {
		return []ListingProduct{}, 0, r, err
	}
	db := s.db.With(ctx)
	rows, total, err := catalogdb.ListingPage(db, p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	figures, err := catalogdb.FiguresOf(db, p.CompanyID, rows, l.salesFrom(7), l.salesFrom(30))
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]ListingProduct, len(rows))
	for i := range rows {
		out[i] = ListingProduct{ListingRow: rows[i], Figures: *figures[rows[i].ID]}
		out[i].Reason = listingReason(&rows[i], &out[i].Figures)
	}
	return out, total, r, nil
}

// ListingChoices are the owner and tag drop-downs of 商品列表: the company's active users and its tags.
type ListingChoices struct {
	Owners []catalogdb.Person
	Tags   []catalogdb.TagChoice
}

// Choices lists the company's users and tags for 商品列表's filters and bulk actions.
func (l *ListingProducts) Choices(ctx context.Context, p core.Principal) (*ListingChoices, error) {
	s := l.s
	db := s.db.With(ctx)
	owners, err := catalogdb.People(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	if len(owners) > choicesLimit {
		owners = owners[:choicesLimit]
	}
	tags, err := catalogdb.TagChoices(db, p.CompanyID, choicesLimit)
	if err != nil {
		return nil, err
	}
	return &ListingChoices{Owners: owners, Tags: tags}, nil
}

// OwnerForm gives listings (our ids) an owner: a user of the company, "" for none.
type OwnerForm struct {
	IDs     []string `json:"ids"`
	OwnerID string   `json:"ownerId"`
}

// TagForm puts tags on listings (our ids), or takes them off (Remove).
type TagForm struct {
	IDs    []string `json:"ids"`
	TagIDs []string `json:"tagIds"`
	Remove bool     `json:"remove"`
}

// Assigned is a bulk assignment's answer: how many listings it changed.
type Assigned struct {
	Changed int64
}

// listingIDs reads the chosen listings' ids: some, at most the limit, each an id.
func listingIDs(raw []string) ([]int64, error) {
	if len(raw) == 0 {
		return nil, core.Invalid(MsgListingsNone)
	}
	if len(raw) > listingBulkLimit {
		return nil, core.Invalid(MsgListingsTooMany)
	}
	ids := make([]int64, 0, len(raw))
	for _, r := range raw {
		n, ok := core.ParseID(r)
		if !ok {
			return nil, core.NotFound(whatListing)
		}
		ids = append(ids, n)
	}
	return ids, nil
}

// AssignOwner gives the chosen listings of the user's store groups an owner (or none). A listing of another
// group or company is not found; nothing changes then.
func (l *ListingProducts) AssignOwner(ctx context.Context, p core.Principal, f OwnerForm) (*Assigned, error) {
	s := l.s
	ids, err := listingIDs(f.IDs)
	if err != nil {
		return nil, err
	}
	var owner *int64
	if o := strings.TrimSpace(f.OwnerID); o != "" {
		n, ok := core.ParseID(o)
		if !ok {
			return nil, core.Invalid(MsgOwnerMissing)
		}
		owner = &n
	}
	out := &Assigned{}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if owner != nil {
			people, err := catalogdb.PeopleByID(tx, p.CompanyID, []int64{*owner})
			if err != nil {
				return err
			}
			if _, ok := people[*owner]; !ok {
				return core.Invalid(MsgOwnerMissing)
			}
		}
		if err := l.allVisible(tx, p, ids); err != nil {
			return err
		}
		out.Changed, err = catalogdb.SetListingOwners(tx, p.CompanyID, p.UserID, ids, owner, s.now.Stamp())
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// allVisible refuses ids that are not all the company's listings in the user's store groups.
func (l *ListingProducts) allVisible(tx *models.DB, p core.Principal, ids []int64) error {
	seen, err := catalogdb.VisibleListingIDs(tx, p.CompanyID, p.UserID, ids)
	if err != nil {
		return err
	}
	distinct := map[int64]bool{}
	for _, id := range ids {
		distinct[id] = true
	}
	if len(seen) != len(distinct) {
		return core.NotFound(whatListing)
	}
	return nil
}

// TagListings puts the company's tags on the chosen listings of the user's store groups, or takes them off.
func (l *ListingProducts) TagListings(ctx context.Context, p core.Principal, f TagForm) (*Assigned, error) {
	s := l.s
	ids, err := listingIDs(f.IDs)
	if err != nil {
		return nil, err
	}
	if len(f.TagIDs) == 0 {
		return nil, core.Invalid(MsgTagsNone)
	}
	tags := make([]int64, 0, len(f.TagIDs))
	for _, r := range f.TagIDs {
		n, ok := core.ParseID(r)
		if !ok {
			return nil, core.Invalid(MsgTagMissing)
		}
		tags = append(tags, n)
	}
	out := &Assigned{}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		known, err := catalogdb.CompanyTagIDs(tx, p.CompanyID, tags)
		if err != nil {
			return err
		}
		if len(known) != len(distinctIDs(tags)) {
			return core.Invalid(MsgTagMissing)
		}
		if err := l.allVisible(tx, p, ids); err != nil {
			return err
		}
		if f.Remove {
			err = catalogdb.RemoveListingTags(tx, p.CompanyID, ids, known)
		} else {
			err = catalogdb.AddListingTags(tx, p.CompanyID, distinctIDs(ids), known, s.now.Stamp())
		}
		out.Changed = int64(len(distinctIDs(ids)))
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func distinctIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
