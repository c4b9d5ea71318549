package claims

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// Messages of 移除订单.
const (
	MsgRemovalMissing = "移除订单"
	MsgRemovalType    = "移除类型只能是退还、弃置或清算"
)

// RemovalTypes are Amazon's removal order types and their names on screen.
var RemovalTypes = map[string]string{"Return": "退还", "Disposal": "弃置", "Liquidations": "清算"}

// RemovalStatuses name Amazon's removal order statuses.
var RemovalStatuses = map[string]string{"Pending": "处理中", "Completed": "已完成", "Cancelled": "已取消",
	"Planned": "已计划", "Processing": "处理中"}

// Removals is 移除订单: the seller's removal orders (what went back, was disposed of or liquidated), their lines
// and the packages Amazon shipped, from the removal reports.
type Removals struct {
	db *models.DB
}

// NewRemovals builds 移除订单's service.
func NewRemovals(db *models.DB) *Removals { return &Removals{db: db} }

// RemovalQuery is the body of 移除订单: the page, the sort, a store group and marketplace, the request days from
// and to (yyyy-MM-dd, UTC), a type (Return, Disposal, Liquidations), a status and a part of the order id, SKU or
// FNSKU.
type RemovalQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	From          string `json:"from"`
	To            string `json:"to"`
	OrderType     string `json:"orderType"`
	OrderStatus   string `json:"orderStatus"`
	Keyword       string `json:"keyword"`
}

// removalSorts are the list's sortable columns by the client's names.
var removalSorts = map[string]string{"requestDate": "request_date", "lastUpdated": "last_updated", "removalFee": "removal_fee",
	"requestedQuantity": "requested_quantity", "orderId": "order_id"}

// RemovalPage lists a page of removal orders, the latest request first unless sorted.
func (s *Removals) RemovalPage(ctx context.Context, p core.Principal, q RemovalQuery) ([]amazondatadb.RemovalOrderRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := amazondatadb.RemovalFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		OrderType: strings.TrimSpace(q.OrderType), OrderStatus: strings.TrimSpace(q.OrderStatus),
		Keyword: strings.TrimSpace(q.Keyword), OrderBy: removalSorts[q.Sort], Desc: q.Sort == "" || strings.EqualFold(q.Order, "desc"),
		Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	from, err := day(q.From)
	if err != nil {
		return nil, 0, r, err
	}
	to, err := day(q.To)
	if err != nil {
		return nil, 0, r, err
	}
	if !from.IsZero() && !to.IsZero() && from.After(to) {
		return nil, 0, r, core.Invalid(MsgDateOrder)
	}
	if _, ok := RemovalTypes[f.OrderType]; f.OrderType != "" && !ok {
		return nil, 0, r, core.Invalid(MsgRemovalType)
	}
	f.From = from
	if !to.IsZero() {
		f.To = to.AddDate(0, 0, 1)
	}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return []amazondatadb.RemovalOrderRow{}, 0, r, nil
		}
		f.GroupID = n
	}
	rows, total, err := amazondatadb.RemovalOrderPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// RemovalDetail is a removal order with its lines and packages.
type RemovalDetail struct {
	Order     *amazondatadb.RemovalOrderRow
	Items     []amazondatadb.RemovalItem
	Shipments []amazondatadb.RemovalShipment
}

// Removal opens a removal order of the user's store groups to its lines and packages.
func (s *Removals) Removal(ctx context.Context, p core.Principal, rawID string) (*RemovalDetail, error) {
	id, ok := core.ParseID(rawID)
	if !ok {
		return nil, core.NotFound(MsgRemovalMissing)
	}
	o, items, shipments, err := amazondatadb.RemovalOrderOf(s.db.With(ctx), p.CompanyID, p.UserID, id)
	if models.IsNotFound(err) {
		return nil, core.NotFound(MsgRemovalMissing)
	}
	if err != nil {
		return nil, err
	}
	return &RemovalDetail{Order: o, Items: items, Shipments: shipments}, nil
}
