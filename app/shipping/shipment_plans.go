package shipping

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Messages of the shipment plan (发货计划) calls.
const (
	MsgGroupEmpty          = "请选择店铺"
	MsgGroupMissing        = "店铺不存在"
	MsgMarketplaceMissing  = "站点不存在"
	MsgWarehouseEmpty      = "请选择发货仓库"
	MsgWarehouseMissing    = "发货仓库不存在"
	MsgWarehouseDisabled   = "发货仓库已停用"
	MsgItemsEmpty          = "请添加发货产品"
	MsgPlanNotDraft        = "只有待提交的发货计划可以修改或提交"
	MsgPlanNotCancellable  = "已生成货件或已作废的发货计划不能作废"
	MsgPlanNotSubmitted    = "只有已提交的发货计划可以创建货件"
	msgRowSellerSKUEmpty   = "第%d行：平台SKU不能为空"
	msgRowSellerSKUUnknown = "第%d行：平台SKU %s 不在该店铺站点，或未配对本地产品"
	msgRowQuantityBad      = "第%d行：发货数量应为1到%d之间的整数"
	msgSellerSKUTwice      = "平台SKU %s 重复"
)

// Button permissions of the shipment screens: plans (发货计划), shipments (新建/导入货件), the handling steps.
const (
	PermissionShipPlanAdd = "erp:ship:plan:add"
	PermissionShipAdd     = "erp:ship:add"
	PermissionShipHandle  = "erp:ship:handle"
)

const (
	whatShipmentPlan = "发货计划"
	// maxShipQuantity bounds one item's quantity: more than a container holds is a typing error.
	maxShipQuantity = 1000000
	// listingOptionsLimit bounds the seller SKUs a plan form offers at once; the search narrows it.
	listingOptionsLimit = 200
)

// PlanStatusNames are the plan states as the lists show them.
var PlanStatusNames = map[int]string{
	shippingdb.PlanDraft: "待提交", shippingdb.PlanSubmitted: "已提交", shippingdb.PlanShipped: "已生成货件", shippingdb.PlanCancelled: "已作废",
}

var planSorts = map[string]string{"number": "number", "createdAt": "created_at", "status": "status"}

// PlanQuery is the body of the plan list: the page, the sort, a status ("" for all) and part of the number.
type PlanQuery struct {
	core.PageRequest
	Sort   string `json:"sort"`
	Order  string `json:"order"`
	Status string `json:"status"`
	Number string `json:"number"`
}

// ShipItemForm is one line of a plan or a shipment: a seller SKU of the store group and how many.
type ShipItemForm struct {
	SellerSKU string `json:"sellerSku"`
	Quantity  int    `json:"quantity"`
}

// ShipmentPlanForm is a plan as its form sends it; ids are strings.
type ShipmentPlanForm struct {
	GroupID       string         `json:"groupId"`
	MarketplaceID string         `json:"marketplaceId"`
	WarehouseID   string         `json:"warehouseId"`
	Remark        string         `json:"remark"`
	Items         []ShipItemForm `json:"items"`
}

// ShipmentPlanDetail is a plan with its items and, once it has become one (已生成货件), its shipment's id.
type ShipmentPlanDetail struct {
	shippingdb.PlanRow
	Items      []shippingdb.PlanItemRow
	ShipmentID string
}

// ShipOptions are what the plan and shipment forms choose from.
type ShipOptions struct {
	Groups     []storesdb.StoreGroup
	Warehouses []stockdb.Warehouse
}

// ShipmentPlanPage lists a page of the company's plans.
func (s *Service) ShipmentPlanPage(ctx context.Context, p core.Principal, q PlanQuery) ([]shippingdb.PlanRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := shippingdb.PlanFilter{UserID: p.UserID, Number: strings.TrimSpace(q.Number), OrderBy: planSorts[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	if n, ok := statusFilter(q.Status); ok {
		f.Status = &n
	}
	rows, total, err := shippingdb.ShipmentPlanPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// statusFilter reads a list's status filter: "" (or garbage) is every status.
func statusFilter(raw string) (int, bool) {
	var n int
	if _, err := fmt.Sscan(strings.TrimSpace(raw), &n); err != nil {
		return 0, false
	}
	return n, true
}

// ShipOptions lists the company's store groups and warehouses for the forms.
func (s *Service) ShipOptions(ctx context.Context, p core.Principal) (*ShipOptions, error) {
	db := s.db.With(ctx)
	groups, err := storesdb.StoreGroupsOf(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	warehouses, err := shippingdb.ShippingWarehouses(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	return &ShipOptions{Groups: groups, Warehouses: warehouses}, nil
}

// ShipListingQuery asks for the seller SKUs a store group sells in a marketplace, with stock in a warehouse.
type ShipListingQuery struct {
	GroupID       string `query:"groupId"`
	MarketplaceID string `query:"marketplaceId"`
	WarehouseID   string `query:"warehouseId"`
	Search        string `query:"search"`
}

// ShipListings lists the store group's paired seller SKUs in the marketplace with their fulfillable stock in the
// warehouse: what a plan picks its products from.
func (s *Service) ShipListings(ctx context.Context, p core.Principal, q ShipListingQuery) ([]shippingdb.ShipListingRow, error) {
	db := s.db.With(ctx)
	where, err := shipFrom(db, p, q.GroupID, q.MarketplaceID, q.WarehouseID)
	if err != nil {
		return nil, err
	}
	return shippingdb.PairedListings(db, p.CompanyID, where.group, where.marketplace, where.warehouse, strings.TrimSpace(q.Search), listingOptionsLimit)
}

// shipPlace is where a plan or shipment goes from and to: the company's store group, a marketplace and the
// company's warehouse.
type shipPlace struct {
	group       int64
	marketplace string
	warehouse   int64
}

// shipFrom checks the store group (one the user is granted), marketplace and warehouse a form names.
func shipFrom(db *models.DB, p core.Principal, group, marketplace, warehouse string) (shipPlace, error) {
	companyID := p.CompanyID
	var w shipPlace
	group, marketplace, warehouse = strings.TrimSpace(group), strings.TrimSpace(marketplace), strings.TrimSpace(warehouse)
	switch {
	case group == "":
		return w, core.Invalid(MsgGroupEmpty)
	case marketplace == "":
		return w, core.Invalid(core.MsgMarketplaceEmpty)
	case warehouse == "":
		return w, core.Invalid(MsgWarehouseEmpty)
	}
	gid, ok := core.ParseID(group)
	if !ok {
		return w, core.Invalid(MsgGroupMissing)
	}
	groups, err := storesdb.StoreGroupsOf(db, companyID, p.UserID)
	if err != nil {
		return w, err
	}
	g := findBy(groups, gid, func(g storesdb.StoreGroup) int64 { return g.ID })
	if g == nil {
		return w, core.Invalid(MsgGroupMissing)
	}
	if _, ok := storesdb.MarketplaceByID(marketplace); !ok {
		return w, core.Invalid(MsgMarketplaceMissing)
	}
	wid, ok := core.ParseID(warehouse)
	if !ok {
		return w, core.Invalid(MsgWarehouseMissing)
	}
	wh, err := shippingdb.ShippingWarehouse(db, companyID, p.UserID, wid)
	if models.IsNotFound(err) {
		return w, core.Invalid(MsgWarehouseMissing)
	} else if err != nil {
		return w, err
	}
	if wh.Disabled {
		return w, core.Invalid(MsgWarehouseDisabled)
	}
	return shipPlace{group: g.ID, marketplace: marketplace, warehouse: wh.ID}, nil
}

// shipItems checks a form's lines: each a paired seller SKU of the store group in the marketplace, once, with a
// quantity. It answers the listings in the form's order.
func shipItems(db *models.DB, companyID int64, where shipPlace, items []ShipItemForm) ([]shippingdb.ShipListingRow, error) {
	if len(items) == 0 {
		return nil, core.Invalid(MsgItemsEmpty)
	}
	seen := map[string]bool{}
	out := make([]shippingdb.ShipListingRow, 0, len(items))
	for i, it := range items {
		row := i + 1
		sku := strings.TrimSpace(it.SellerSKU)
		switch {
		case sku == "":
			return nil, core.Invalid(fmt.Sprintf(msgRowSellerSKUEmpty, row))
		case it.Quantity < 1 || it.Quantity > maxShipQuantity:
			return nil, core.Invalid(fmt.Sprintf(msgRowQuantityBad, row, maxShipQuantity))
		case seen[sku]:
			return nil, core.Invalid(fmt.Sprintf(msgSellerSKUTwice, sku))
		}
		seen[sku] = true
		l, err := shippingdb.PairedListing(db, companyID, where.group, where.marketplace, where.warehouse, sku)
		if models.IsNotFound(err) {
			return nil, core.Invalid(fmt.Sprintf(msgRowSellerSKUUnknown, row, sku))
		} else if err != nil {
			return nil, err
		}
		out = append(out, *l)
	}
	return out, nil
}

// check validates a plan form and answers where it ships from and its items.
func (f *ShipmentPlanForm) check(db *models.DB, p core.Principal) (shipPlace, []shippingdb.ShipmentPlanItem, error) {
	companyID := p.CompanyID
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 500)); err != nil {
		return shipPlace{}, nil, err
	}
	where, err := shipFrom(db, p, f.GroupID, f.MarketplaceID, f.WarehouseID)
	if err != nil {
		return where, nil, err
	}
	listings, err := shipItems(db, companyID, where, f.Items)
	if err != nil {
		return where, nil, err
	}
	items := make([]shippingdb.ShipmentPlanItem, len(listings))
	for i, l := range listings {
		items[i] = shippingdb.ShipmentPlanItem{CompanyID: companyID, ProductID: l.ProductID, SellerSKU: l.SellerSKU, Quantity: f.Items[i].Quantity}
	}
	return where, items, nil
}

// ShipmentPlan loads one of the company's plans with its items.
func (s *Service) ShipmentPlan(ctx context.Context, p core.Principal, id string) (*ShipmentPlanDetail, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatShipmentPlan)
	}
	db := s.db.With(ctx)
	plan, err := shippingdb.ShipmentPlanByID(db, p.CompanyID, p.UserID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, whatShipmentPlan)
	}
	return s.planDetail(db, p.CompanyID, plan)
}

func (s *Service) planDetail(db *models.DB, companyID int64, plan *shippingdb.ShipmentPlan) (*ShipmentPlanDetail, error) {
	items, err := shippingdb.ShipmentPlanItems(db, companyID, plan)
	if err != nil {
		return nil, err
	}
	d := &ShipmentPlanDetail{PlanRow: shippingdb.PlanRow{ShipmentPlan: *plan, SKUCount: len(items)}, Items: items}
	for _, it := range items {
		d.Quantity += it.Quantity
	}
	if g, err := storesdb.StoreGroupByID(db, companyID, plan.GroupID); err == nil {
		d.GroupName = g.Name
	}
	// The plan's own warehouse, named to whoever may read the plan (user 0 sees every warehouse).
	if w, err := shippingdb.ShippingWarehouse(db, companyID, 0, plan.WarehouseID); err == nil {
		d.WarehouseName = w.Name
	}
	if plan.Status == shippingdb.PlanShipped {
		if d.ShipmentID, err = shippingdb.ShipmentIDOfPlan(db, companyID, plan.ID); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// CreateShipmentPlan saves a new plan of the company, 待提交, numbered SP, the company's date and the day's sequence.
func (s *Service) CreateShipmentPlan(ctx context.Context, p core.Principal, f ShipmentPlanForm) (*ShipmentPlanDetail, error) {
	out, err := s.CreateShipmentPlans(ctx, p, []ShipmentPlanForm{f})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// CreateShipmentPlans adds plans, all or none: one transaction, so a split over marketplaces never lands in part.
func (s *Service) CreateShipmentPlans(ctx context.Context, p core.Principal, forms []ShipmentPlanForm) ([]*ShipmentPlanDetail, error) {
	var out []*ShipmentPlanDetail
	err := s.numbers.Write(ctx, models.PlanNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		out = out[:0]
		for _, f := range forms {
			where, items, err := f.check(tx, p)
			if err != nil {
				return err
			}
			number, err := next()
			if err != nil {
				return err
			}
			now, creator := s.now.Stamp(), p.UserID
			plan := &shippingdb.ShipmentPlan{CompanyID: p.CompanyID, Number: number, GroupID: where.group,
				MarketplaceID: where.marketplace, WarehouseID: where.warehouse, Status: shippingdb.PlanDraft, Remark: f.Remark,
				CreatorID: &creator, CreatedAt: now, UpdatedAt: now}
			if err := shippingdb.CreateShipmentPlan(tx, plan, items); err != nil {
				return err
			}
			d, err := s.planDetail(tx, p.CompanyID, plan)
			if err != nil {
				return err
			}
			out = append(out, d)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// lockPlan loads and locks one of the company's plans (of a store group the user is granted) by the id in the path.
func lockPlan(tx *models.DB, p core.Principal, id string) (*shippingdb.ShipmentPlan, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatShipmentPlan)
	}
	plan, err := shippingdb.ShipmentPlanByID(tx.ForUpdate(), p.CompanyID, p.UserID, n)
	return plan, core.NotFoundAs(err, whatShipmentPlan)
}

// UpdateShipmentPlan changes a plan that is still 待提交.
func (s *Service) UpdateShipmentPlan(ctx context.Context, p core.Principal, id string, f ShipmentPlanForm) (*ShipmentPlanDetail, error) {
	var out *ShipmentPlanDetail
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		plan, err := lockPlan(tx, p, id)
		if err != nil {
			return err
		}
		if plan.Status != shippingdb.PlanDraft {
			return core.Refused(MsgPlanNotDraft)
		}
		where, items, err := f.check(tx, p)
		if err != nil {
			return err
		}
		plan.GroupID, plan.MarketplaceID, plan.WarehouseID = where.group, where.marketplace, where.warehouse
		plan.Remark, plan.UpdatedAt = f.Remark, s.now.Stamp()
		if err := shippingdb.SaveShipmentPlan(tx, plan, items); err != nil {
			return err
		}
		out, err = s.planDetail(tx, p.CompanyID, plan)
		return err
	})
	return out, err
}

// SubmitShipmentPlan submits a plan (待提交 -> 已提交): shipments may now be created from it.
func (s *Service) SubmitShipmentPlan(ctx context.Context, p core.Principal, id string) (*ShipmentPlanDetail, error) {
	return s.movePlan(ctx, p, id, func(plan *shippingdb.ShipmentPlan) error {
		if plan.Status != shippingdb.PlanDraft {
			return core.Refused(MsgPlanNotDraft)
		}
		plan.Status = shippingdb.PlanSubmitted
		return nil
	})
}

// CancelShipmentPlan voids a plan that has no shipment (待提交 or 已提交 -> 已作废).
func (s *Service) CancelShipmentPlan(ctx context.Context, p core.Principal, id string) (*ShipmentPlanDetail, error) {
	return s.movePlan(ctx, p, id, func(plan *shippingdb.ShipmentPlan) error {
		if plan.Status != shippingdb.PlanDraft && plan.Status != shippingdb.PlanSubmitted {
			return core.Refused(MsgPlanNotCancellable)
		}
		plan.Status = shippingdb.PlanCancelled
		return nil
	})
}

func (s *Service) movePlan(ctx context.Context, p core.Principal, id string, change func(*shippingdb.ShipmentPlan) error) (*ShipmentPlanDetail, error) {
	var out *ShipmentPlanDetail
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		plan, err := lockPlan(tx, p, id)
		if err != nil {
			return err
		}
		if err := change(plan); err != nil {
			return err
		}
		plan.UpdatedAt = s.now.Stamp()
		if err := shippingdb.SetShipmentPlanStatus(tx, plan); err != nil {
			return err
		}
		out, err = s.planDetail(tx, p.CompanyID, plan)
		return err
	})
	return out, err
}
