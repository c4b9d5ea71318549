package purchase

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	purchasedb "sellerhub/models/purchase"
	storesdb "sellerhub/models/stores"
)

// 泛欧计划: which store groups have Pan-European FBA, whose EU lines the plan works as one pool per SKU.

// MsgPoolGroupBad refuses a store group the user may not see.
const MsgPoolGroupBad = "请选择有权查看的店铺"

// PoolRow is a store group with lines in the pool's marketplaces, and whether it is pooled.
type PoolRow struct {
	GroupID   string `json:"groupId"`
	GroupName string `json:"groupName"`
	Countries string `json:"countries"`
	Pooled    bool   `json:"pooled"`
}

// Pools lists the user's store groups with plan lines in the pool's marketplaces.
func (pl *Planner) Pools(ctx context.Context, p core.Principal) ([]PoolRow, error) {
	b, err := pl.base(ctx, p)
	if err != nil {
		return nil, err
	}
	pooled, err := purchasedb.PooledGroups(pl.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	rows := map[int64]*PoolRow{}
	seen := map[int64]map[string]bool{}
	var order []int64
	for i := range b.lines {
		l := &b.lines[i]
		if !EUPoolCountries[l.Country] {
			continue
		}
		r := rows[l.GroupID]
		if r == nil {
			r = &PoolRow{GroupID: fmt.Sprint(l.GroupID), GroupName: l.GroupName, Pooled: pooled[l.GroupID]}
			rows[l.GroupID], seen[l.GroupID], order = r, map[string]bool{}, append(order, l.GroupID)
		}
		seen[l.GroupID][l.MarketplaceID] = true
	}
	out := make([]PoolRow, 0, len(order))
	for _, g := range order {
		markets := make([]*PlanLine, 0, len(seen[g]))
		for id := range seen[g] {
			markets = append(markets, &PlanLine{MarketplaceID: id})
		}
		sortMembers(markets)
		countries := make([]string, len(markets))
		for i, m := range markets {
			mk, _ := storesdb.MarketplaceByID(m.MarketplaceID)
			countries[i] = mk.Country
		}
		r := rows[g]
		r.Countries = strings.Join(countries, "+")
		out = append(out, *r)
	}
	return out, nil
}

// PoolForm pools a store group's EU lines, or stops.
type PoolForm struct {
	GroupID string `json:"groupId"`
	Pooled  bool   `json:"pooled"`
}

// SavePool keeps whether a store group the user may see has Pan-European FBA.
func (pl *Planner) SavePool(ctx context.Context, p core.Principal, f PoolForm) error {
	group, ok := core.ParseID(strings.TrimSpace(f.GroupID))
	if !ok {
		return core.Invalid(MsgPoolGroupBad)
	}
	db := pl.db.With(ctx)
	var n int64
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", group).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return core.Invalid(MsgPoolGroupBad)
	}
	return purchasedb.SavePooled(db, &purchasedb.ReplenishmentPool{CompanyID: p.CompanyID, GroupID: group,
		UpdatedAt: pl.now.Stamp()}, f.Pooled)
}
