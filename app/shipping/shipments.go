package shipping

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
)

// Messages of the shipment (货件) calls.
const (
	MsgShipmentIDBad    = "货件ID格式不正确，应为FBA开头的字母或数字，如FBA15XXXXXXX"
	MsgShipmentIDTaken  = "货件ID已存在"
	MsgCenterEmpty      = "请输入目的配送中心"
	MsgCenterBad        = "配送中心代码应为3到8位字母或数字，如ONT8"
	MsgPlanEmpty        = "请选择发货计划"
	msgPlanListingGone  = "平台SKU %s 已不在该店铺站点，或已取消配对，请修改发货计划"
	shipmentDocType     = "FBA货件" // as the demo seed books its shipments (seed.DocShipment)
	amazonStatusWorking = "WORKING"
	amazonStatusShipped = "SHIPPED"
	amazonStatusClosed  = "CLOSED"
)

var (
	shipmentIDPattern = regexp.MustCompile(`^FBA[0-9A-Z]{5,17}$`)
	centerPattern     = regexp.MustCompile(`^[0-9A-Z]{3,8}$`)
)

// ShipmentStatus is one state of a shipment as every screen names it (the list, its filter, the handling screen's
// header, the timeline, 货件详情): Code is the list filter's value, Local the local status and, for a shipped
// shipment, Amazon its Amazon statuses (domain.md: shipments to Amazon).
type ShipmentStatus struct {
	Code   string
	Name   string
	Local  int
	Amazon []string
}

// ShipmentStatuses is the one list of a shipment's states, in the order of its life. Until Amazon moves it on, a
// shipped shipment is 已发货 (the local 发货出库): before Amazon's status is known, while Amazon still shows it
// WORKING, and at SHIPPED.
var ShipmentStatuses = []ShipmentStatus{
	{Code: "1", Name: "待确认", Local: shippingdb.ShipmentConfirm},
	{Code: "2", Name: "配货", Local: shippingdb.ShipmentPicking},
	{Code: "3", Name: "装箱", Local: shippingdb.ShipmentBoxing},
	{Code: "4", Name: "已发货", Local: shippingdb.ShipmentShipped, Amazon: []string{"", amazonStatusWorking, "READY_TO_SHIP", amazonStatusShipped}},
	{Code: "IN_TRANSIT", Name: "在途", Local: shippingdb.ShipmentShipped, Amazon: []string{"IN_TRANSIT"}},
	{Code: "DELIVERED", Name: "已送达", Local: shippingdb.ShipmentShipped, Amazon: []string{"DELIVERED"}},
	{Code: "CHECKED_IN", Name: "已签入", Local: shippingdb.ShipmentShipped, Amazon: []string{"CHECKED_IN"}},
	{Code: "RECEIVING", Name: "接收中", Local: shippingdb.ShipmentShipped, Amazon: []string{"RECEIVING"}},
	{Code: amazonStatusClosed, Name: "已完成", Local: shippingdb.ShipmentShipped, Amazon: []string{amazonStatusClosed}},
	{Code: "CANCELLED", Name: "已取消（异常）", Local: shippingdb.ShipmentShipped, Amazon: []string{"CANCELLED"}},
	{Code: "DELETED", Name: "已删除（异常）", Local: shippingdb.ShipmentShipped, Amazon: []string{"DELETED"}},
	{Code: "ERROR", Name: "错误（异常）", Local: shippingdb.ShipmentShipped, Amazon: []string{"ERROR"}},
	{Code: "0", Name: "取消", Local: shippingdb.ShipmentCancelled},
	{Code: "-1", Name: "驳回", Local: shippingdb.ShipmentRejected},
}

// AmazonStatuses are Amazon's shipment states a user may set by hand once shipped (货件信息/状态), as
// ShipmentStatuses names them: each shipped state's last Amazon status (SHIPPED for 已发货).
func AmazonStatuses() []ShipmentStatus {
	var out []ShipmentStatus
	for _, st := range ShipmentStatuses {
		if st.Local == shippingdb.ShipmentShipped {
			out = append(out, ShipmentStatus{Code: st.Amazon[len(st.Amazon)-1], Name: st.Name})
		}
	}
	return out
}

// ShipmentStatusText is a shipment's state in words, from ShipmentStatuses; an Amazon status it does not know
// reads as Amazon's code.
func ShipmentStatusText(status int, amazon string) string {
	for _, st := range ShipmentStatuses {
		if st.Local == status && (status != shippingdb.ShipmentShipped || slices.Contains(st.Amazon, amazon)) {
			return st.Name
		}
	}
	return amazon
}

// shipmentStatusByCode is the list filter's state: ok is false for "" (every state) and for an unknown code.
func shipmentStatusByCode(code string) (ShipmentStatus, bool) {
	i := slices.IndexFunc(ShipmentStatuses, func(st ShipmentStatus) bool { return st.Code == strings.TrimSpace(code) })
	if i < 0 {
		return ShipmentStatus{}, false
	}
	return ShipmentStatuses[i], true
}

var shipmentSorts = map[string]string{"shipmentId": "shipment_id", "createdAt": "created_at", "status": "status"}

// ShipmentQuery is the body of the shipment list: the page, the sort, a status ("" for all) and part of the id.
type ShipmentQuery struct {
	core.PageRequest
	Sort       string `json:"sort"`
	Order      string `json:"order"`
	Status     string `json:"status"`
	ShipmentID string `json:"shipmentId"`
}

// ShipmentPage lists a page of the company's shipments.
func (s *Service) ShipmentPage(ctx context.Context, p core.Principal, q ShipmentQuery) ([]shippingdb.ShipmentRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := shippingdb.ShipmentFilter{UserID: p.UserID, ShipmentID: strings.TrimSpace(q.ShipmentID), OrderBy: shipmentSorts[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	if st, ok := shipmentStatusByCode(q.Status); ok {
		f.Status, f.AmazonStatuses = &st.Local, st.Amazon
	}
	rows, total, err := shippingdb.ShipmentPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// ShipmentDetail is everything about one shipment: its row, items, cartons and timeline.
type ShipmentDetail struct {
	shippingdb.ShipmentRow
	Items   []shippingdb.ShipmentItemRow
	Cartons []shippingdb.CartonWithItems
	Events  []shippingdb.ShipmentEvent
	// Fulfillable is each item's product's fulfillable stock in the shipment's warehouse, by product id.
	Fulfillable map[int64]int
}

// Shipment loads one of the company's shipments by its shipment id, with everything about it.
func (s *Service) Shipment(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	return s.shipmentDetail(s.db.With(ctx), p, strings.TrimSpace(shipmentID))
}

func (s *Service) shipmentDetail(db *models.DB, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	companyID := p.CompanyID
	row, err := shippingdb.ShipmentRowByShipmentID(db, companyID, p.UserID, shipmentID)
	if err != nil {
		return nil, core.NotFoundAs(err, whatShipment)
	}
	d := &ShipmentDetail{ShipmentRow: *row, Fulfillable: map[int64]int{}}
	if d.Items, err = shippingdb.ShipmentItemsOf(db, companyID, row.ID); err != nil {
		return nil, err
	}
	if d.Cartons, err = shippingdb.ShipmentCartonsOf(db, companyID, row.ID); err != nil {
		return nil, err
	}
	if d.Events, err = shippingdb.ShipmentEventsOf(db, companyID, row.ID); err != nil {
		return nil, err
	}
	for _, it := range d.Items {
		st, err := stockdb.StockOf(db, companyID, row.WarehouseID, it.ProductID)
		if err != nil {
			return nil, err
		}
		d.Fulfillable[it.ProductID] = st.Fulfillable
	}
	return d, nil
}

// ShipmentHead is what every way of creating a shipment sends about it: Amazon's shipment id (when empty, the
// shipment gets a number of ours, LS20261125-0001), a name, the destination fulfilment centre and a remark.
type ShipmentHead struct {
	ShipmentID string `json:"shipmentId"`
	Name       string `json:"name"`
	Center     string `json:"center"`
	Remark     string `json:"remark"`
}

func (h *ShipmentHead) check() error { return core.FirstInvalid(h.problems()) }

// problems checks every field of the head on its own, labelled by the import template's column titles.
func (h *ShipmentHead) problems() []core.FieldProblem {
	var out []core.FieldProblem
	note := func(column string, err error) {
		if err != nil {
			out = append(out, core.FieldProblem{Column: column, Why: err.Error()})
		}
	}
	note("货件名称", core.CheckFields(core.Optional(&h.Name, "货件名称", 100)))
	note("备注", core.CheckFields(core.Optional(&h.Remark, "备注", 500)))
	h.ShipmentID = strings.ToUpper(strings.TrimSpace(h.ShipmentID))
	h.Center = strings.ToUpper(strings.TrimSpace(h.Center))
	if h.ShipmentID != "" && !shipmentIDPattern.MatchString(h.ShipmentID) {
		note("货件ID", core.Invalid(MsgShipmentIDBad))
	}
	switch {
	case h.Center == "":
		note("目的配送中心", core.Invalid(MsgCenterEmpty))
	case !centerPattern.MatchString(h.Center):
		note("目的配送中心", core.Invalid(MsgCenterBad))
	}
	return out
}

// FromPlanForm creates a shipment from a submitted plan: all its items, under the listings' FNSKUs.
type FromPlanForm struct {
	ShipmentHead
	PlanID string `json:"planId"`
}

// ManualShipmentForm is a shipment entered by hand, for sellers without API access.
type ManualShipmentForm struct {
	ShipmentHead
	GroupID       string         `json:"groupId"`
	MarketplaceID string         `json:"marketplaceId"`
	WarehouseID   string         `json:"warehouseId"`
	Items         []ShipItemForm `json:"items"`
}

// CreateShipmentFromPlan creates a shipment (待确认) from one of the company's submitted plans, which becomes
// 已生成货件.
func (s *Service) CreateShipmentFromPlan(ctx context.Context, p core.Principal, f FromPlanForm) (*ShipmentDetail, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	if strings.TrimSpace(f.PlanID) == "" {
		return nil, core.Invalid(MsgPlanEmpty)
	}
	var out *ShipmentDetail
	err := s.numbers.Write(ctx, models.ShipmentNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		plan, err := lockPlan(tx, p, f.PlanID)
		if err != nil {
			return err
		}
		if plan.Status != shippingdb.PlanSubmitted {
			return core.Refused(MsgPlanNotSubmitted)
		}
		planItems, err := shippingdb.ShipmentPlanItems(tx, p.CompanyID, plan)
		if err != nil {
			return err
		}
		where := shipPlace{group: plan.GroupID, marketplace: plan.MarketplaceID, warehouse: plan.WarehouseID}
		items := make([]shippingdb.ShipmentItem, len(planItems))
		for i, it := range planItems {
			l, err := shippingdb.PairedListing(tx, p.CompanyID, where.group, where.marketplace, where.warehouse, it.SellerSKU)
			if models.IsNotFound(err) || (err == nil && l.ProductID != it.ProductID) {
				return core.Refused(fmt.Sprintf(msgPlanListingGone, it.SellerSKU))
			} else if err != nil {
				return err
			}
			items[i] = shippingdb.ShipmentItem{ProductID: it.ProductID, SellerSKU: it.SellerSKU, FNSKU: l.FNSKU, Quantity: it.Quantity}
		}
		planID := plan.ID
		sh, err := s.createShipment(tx, p, f.ShipmentHead, where, &planID, items, next)
		if err != nil {
			return err
		}
		plan.Status, plan.UpdatedAt = shippingdb.PlanShipped, s.now.Stamp()
		if err := shippingdb.SetShipmentPlanStatus(tx, plan); err != nil {
			return err
		}
		out, err = s.shipmentDetail(tx, p, sh.ShipmentID)
		return err
	})
	return out, err
}

// CreateManualShipment saves a shipment entered by hand (待确认): its lines are the store group's paired seller
// SKUs in the marketplace.
func (s *Service) CreateManualShipment(ctx context.Context, p core.Principal, f ManualShipmentForm) (*ShipmentDetail, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	var out *ShipmentDetail
	err := s.numbers.Write(ctx, models.ShipmentNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		sh, err := s.manualShipment(tx, p, f, next)
		if err != nil {
			return err
		}
		out, err = s.shipmentDetail(tx, p, sh.ShipmentID)
		return err
	})
	return out, err
}

// manualShipment checks a hand-entered shipment and writes it, in the caller's transaction; next numbers it
// when it has no shipment id.
func (s *Service) manualShipment(tx *models.DB, p core.Principal, f ManualShipmentForm, next func() (string, error)) (*shippingdb.Shipment, error) {
	where, err := shipFrom(tx, p, f.GroupID, f.MarketplaceID, f.WarehouseID)
	if err != nil {
		return nil, err
	}
	listings, err := shipItems(tx, p.CompanyID, where, f.Items)
	if err != nil {
		return nil, err
	}
	items := make([]shippingdb.ShipmentItem, len(listings))
	for i, l := range listings {
		items[i] = shippingdb.ShipmentItem{ProductID: l.ProductID, SellerSKU: l.SellerSKU, FNSKU: l.FNSKU, Quantity: f.Items[i].Quantity}
	}
	return s.createShipment(tx, p, f.ShipmentHead, where, nil, items, next)
}

// createShipment writes a new shipment (待确认, Amazon WORKING) with its items and the first line of its
// timeline. An Amazon shipment id the company already has is refused; without one, next numbers the shipment.
func (s *Service) createShipment(tx *models.DB, p core.Principal, h ShipmentHead, where shipPlace, planID *int64, items []shippingdb.ShipmentItem, next func() (string, error)) (*shippingdb.Shipment, error) {
	id := h.ShipmentID
	if id == "" {
		var err error
		if id, err = next(); err != nil {
			return nil, err
		}
	} else if taken, err := shippingdb.ShipmentIDTaken(tx, p.CompanyID, id); err != nil {
		return nil, err
	} else if taken {
		return nil, core.Refused(MsgShipmentIDTaken)
	}
	now, creator := s.now.Stamp(), p.UserID
	sh := &shippingdb.Shipment{CompanyID: p.CompanyID, ShipmentID: id, Name: h.Name, PlanID: planID, GroupID: where.group,
		MarketplaceID: where.marketplace, WarehouseID: where.warehouse, Center: h.Center, Status: shippingdb.ShipmentConfirm,
		AmazonStatus: amazonStatusWorking, Remark: h.Remark, CreatorID: &creator, CreatedAt: now, UpdatedAt: now}
	err := shippingdb.CreateShipment(tx, sh, items)
	if h.ShipmentID != "" {
		err = core.DuplicateAs(err, MsgShipmentIDTaken)
	}
	// A number of ours taken at the same moment stays the duplicate-key error: Numbers.Write numbers again.
	if err != nil {
		return nil, err
	}
	return sh, s.event(tx, p, sh, "创建货件", "")
}

// event writes a line of the shipment's timeline.
func (s *Service) event(tx *models.DB, p core.Principal, sh *shippingdb.Shipment, action, detail string) error {
	operator := p.UserID
	return shippingdb.AddShipmentEvent(tx, &shippingdb.ShipmentEvent{CompanyID: p.CompanyID, ShipmentRef: sh.ID, Action: action,
		Status: sh.Status, AmazonStatus: sh.AmazonStatus, Detail: detail, OperatorID: &operator, CreatedAt: s.now.Stamp()})
}
