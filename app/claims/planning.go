package claims

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// Planning is 库存规划 (inventory health): each FBA SKU's latest line of Amazon's inventory planning report, with
// the action Amazon recommends and the money at stake (next month's storage, and what the action would save),
// and the low-inventory-level fee's risk. A type of its own, as StorageFees.
type Planning struct {
	db *models.DB
}

// NewPlanning builds 库存规划's service.
func NewPlanning(db *models.DB) *Planning { return &Planning{db: db} }

// PlanningQuery is the body of 库存规划: the page, the sort, a store group and marketplace, Amazon's recommended
// action, a view ("" all, aged: units past 180 days, excess, low: the low-inventory-level fee's risk,
// stranded: units Amazon cannot sell) and a part
// of the SKU, FNSKU or ASIN.
type PlanningQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Action        string `json:"action"`
	View          string `json:"view"`
	Keyword       string `json:"keyword"`
}

// MsgPlanningView refuses a view 库存规划 does not have.
const MsgPlanningView = "库存视图只能是全部、超龄库存、冗余库存、低库存风险或滞留库存"

var planningSorts = map[string]string{"sku": "sku", "available": "available", "daysOfSupply": "days_of_supply",
	"excessQuantity": "excess_quantity", "storageCostNextMonth": "storage_cost_next_month"}

// PlanningPage lists a page of 库存规划, by SKU unless sorted.
func (s *Planning) PlanningPage(ctx context.Context, p core.Principal, q PlanningQuery) ([]amazondatadb.PlanningRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := amazondatadb.PlanningFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Action: strings.TrimSpace(q.Action), View: strings.TrimSpace(q.View), Keyword: strings.TrimSpace(q.Keyword),
		OrderBy: planningSorts[q.Sort], Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	switch f.View {
	case "", amazondatadb.PlanningAged, amazondatadb.PlanningExcess, amazondatadb.PlanningLow, amazondatadb.PlanningStranded:
	default:
		return nil, 0, r, core.Invalid(MsgPlanningView)
	}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return []amazondatadb.PlanningRow{}, 0, r, nil
		}
		f.GroupID = n
	}
	rows, total, err := amazondatadb.PlanningPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Actions lists the recommended actions of the company's SKUs, for the filter.
func (s *Planning) Actions(ctx context.Context, p core.Principal) ([]string, error) {
	return amazondatadb.PlanningActions(s.db.With(ctx), p.CompanyID)
}

// LowInventoryRisk tells whether Amazon charges the SKU the low-inventory-level fee per unit it ships: it sells,
// and both its short-term (30-day) and long-term (90-day) historical days of supply are under 28.
func LowInventoryRisk(row *amazondatadb.Planning) bool {
	return row.ShippedT30 > 0 && row.ShortTermDaysOfSupply < amazondatadb.LowInventoryDays &&
		row.LongTermDaysOfSupply < amazondatadb.LowInventoryDays
}
