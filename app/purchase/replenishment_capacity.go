package purchase

import (
	"context"
	"fmt"
	"math"
	"strings"

	"sellerhub/app/core"
	purchasedb "sellerhub/models/purchase"
	storesdb "sellerhub/models/stores"
)

// Messages of FBA容量.
const (
	MsgCapacityBad   = "FBA容量必须为0到100000000的整数（立方英尺），0表示不设"
	MsgCapacityWhere = "店铺或站点不存在或无权查看"
	// MsgCapacityOver warns a line whose suggested shipment takes its marketplace over the capacity entered.
	MsgCapacityOver = "建议发货后本站点FBA库存约%d立方英尺，超过FBA容量%d立方英尺"
	// MsgCapacityUnsized is added when some of the marketplace's SKUs have no size to count.
	MsgCapacityUnsized = "（%d个SKU未填尺寸，未计入）"
)

// cubicCentimetresPerFoot is a cubic foot in cubic centimetres: products are measured in centimetres, Amazon's
// capacity is given in cubic feet.
const cubicCentimetresPerFoot = 28316.846592

// marketKey names a store group's marketplace.
type marketKey struct {
	GroupID       int64
	MarketplaceID string
}

// capacityUse is a marketplace's capacity and what its lines would take after the suggested shipments.
type capacityUse struct {
	cubicFeet int     // entered, 0: none
	stock     float64 // cubic feet of the FBA stock (fulfillable, reserved, inbound, our shipments)
	shipped   float64 // cubic feet of the suggested shipments
	unsized   int     // lines of the marketplace whose product has no size
}

// over is the warning of a line that ships into the marketplace, "" when it stays within its capacity.
func (u *capacityUse) over() string {
	if u == nil || u.cubicFeet == 0 || u.stock+u.shipped <= float64(u.cubicFeet) {
		return ""
	}
	msg := fmt.Sprintf(MsgCapacityOver, int(math.Ceil(u.stock+u.shipped)), u.cubicFeet)
	if u.unsized > 0 {
		msg += fmt.Sprintf(MsgCapacityUnsized, u.unsized)
	}
	return msg
}

// unitCubicFeet is a product's volume in cubic feet, 0 when it has no size.
func unitCubicFeet(l purchasedb.PlanListing) float64 {
	if !l.Length.Valid || !l.Width.Valid || !l.Height.Valid {
		return 0
	}
	v, _ := l.Length.Decimal.Mul(l.Width.Decimal).Mul(l.Height.Decimal).Float64()
	return v / cubicCentimetresPerFoot
}

// capacities sums each marketplace's use from the worked-out lines and warns the lines that ship into one that
// goes over its capacity.
func capacities(entered []purchasedb.FBACapacity, lines map[purchasedb.PlanKey]*PlanLine, facts map[purchasedb.PlanKey]*lineFacts) map[marketKey]*capacityUse {
	out := map[marketKey]*capacityUse{}
	for _, c := range entered {
		out[marketKey{c.GroupID, c.MarketplaceID}] = &capacityUse{cubicFeet: c.CubicFeet}
	}
	for k, l := range lines {
		u := out[marketKey{k.GroupID, k.MarketplaceID}]
		if u == nil {
			continue
		}
		if f := facts[k]; f.unitCubicFeet > 0 {
			u.stock += float64(l.FBATotal) * f.unitCubicFeet
			u.shipped += float64(l.Ship) * f.unitCubicFeet
		} else {
			u.unsized++
		}
	}
	for k, l := range lines {
		if w := out[marketKey{k.GroupID, k.MarketplaceID}].over(); w != "" && l.Ship > 0 {
			l.Warnings = append(l.Warnings, w)
		}
	}
	return out
}

// CapacityRow is a store group's marketplace in FBA容量: the capacity entered and what the FBA stock takes now.
type CapacityRow struct {
	GroupID       string `json:"groupId"`
	GroupName     string `json:"groupName"`
	MarketplaceID string `json:"marketplaceId"`
	Country       string `json:"country"`
	CubicFeet     int    `json:"cubicFeet"`
	// UsedCubicFeet is the FBA stock's volume of the SKUs with a size; Unsized counts those without.
	UsedCubicFeet int `json:"usedCubicFeet"`
	Unsized       int `json:"unsized"`
}

// Capacities lists the marketplaces of the user's plan lines and those with a capacity entered.
func (pl *Planner) Capacities(ctx context.Context, p core.Principal) ([]CapacityRow, error) {
	b, err := pl.base(ctx, p)
	if err != nil {
		return nil, err
	}
	entered, err := purchasedb.Capacities(pl.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	rows := map[marketKey]*CapacityRow{}
	var order []marketKey
	row := func(k marketKey, groupName, country string) *CapacityRow {
		if r := rows[k]; r != nil {
			return r
		}
		r := &CapacityRow{GroupID: fmt.Sprint(k.GroupID), GroupName: groupName, MarketplaceID: k.MarketplaceID, Country: country}
		rows[k], order = r, append(order, k)
		return r
	}
	used := map[marketKey]float64{}
	for i := range b.lines {
		l := &b.lines[i]
		k := marketKey{l.GroupID, l.MarketplaceID}
		r := row(k, l.GroupName, l.Country)
		if v := b.facts[l.ID].unitCubicFeet; v > 0 {
			used[k] += float64(l.FBATotal) * v
		} else {
			r.Unsized++
		}
	}
	for _, c := range entered {
		k := marketKey{c.GroupID, c.MarketplaceID}
		r := rows[k]
		if r == nil {
			m, _ := storesdb.MarketplaceByID(c.MarketplaceID)
			r = row(k, "", m.Country)
		}
		r.CubicFeet = c.CubicFeet
	}
	out := make([]CapacityRow, 0, len(order))
	for _, k := range order {
		r := rows[k]
		r.UsedCubicFeet = int(math.Ceil(used[k]))
		out = append(out, *r)
	}
	return out, nil
}

// CapacityForm enters a store group's capacity in a marketplace (0 removes it).
type CapacityForm struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	CubicFeet     *int   `json:"cubicFeet"`
}

// SaveCapacity keeps a capacity of a store group the user may see, in one of its seller accounts' marketplaces.
func (pl *Planner) SaveCapacity(ctx context.Context, p core.Principal, f CapacityForm) error {
	if f.CubicFeet == nil || *f.CubicFeet < 0 || *f.CubicFeet > 100_000_000 {
		return core.Invalid(MsgCapacityBad)
	}
	group, ok := core.ParseID(strings.TrimSpace(f.GroupID))
	if !ok {
		return core.Invalid(MsgCapacityWhere)
	}
	db := pl.db.With(ctx)
	var n int64
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", group).Count(&n).Error; err != nil {
		return err
	}
	if _, known := storesdb.MarketplaceByID(f.MarketplaceID); n == 0 || !known {
		return core.Invalid(MsgCapacityWhere)
	}
	return purchasedb.SaveCapacity(db, &purchasedb.FBACapacity{CompanyID: p.CompanyID, GroupID: group,
		MarketplaceID: f.MarketplaceID, CubicFeet: *f.CubicFeet, UpdatedAt: pl.now.Stamp()})
}
