package profit

import (
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// packingCosts is what the products' 包材用量 costs per unit: each material at its 采购成本 in force on the month's
// last day (the weighted average its receipts keep, as a product's own), a per-carton line spread over the product's
// 单箱数量 (a product without one counts a carton a unit, the packing 发货 takes for a lone unit).
type packingCosts struct {
	lines     map[int64][]catalogdb.PackingLineRow
	cartons   map[int64]int
	histories map[int64][]catalogdb.ProductCost
}

// packingPart is a product's packing cost per unit of a month: Has when the product has 包材用量, Uncosted when one
// of its materials has no cost (counted as nothing).
type packingPart struct {
	Cost          decimal.Decimal
	Has, Uncosted bool
}

// loadPacking reads the products' packing, their 单箱数量 and their materials' cost histories.
func loadPacking(db *models.DB, companyID int64, ids []int64) (*packingCosts, error) {
	pc := &packingCosts{lines: map[int64][]catalogdb.PackingLineRow{}}
	const chunk = 500 // keeps the IN list well under every database's parameter limit
	var materials []int64
	seen := map[int64]bool{}
	var packed []int64
	for i := 0; i < len(ids); i += chunk {
		rows, err := catalogdb.PackingOf(db, companyID, ids[i:min(i+chunk, len(ids))])
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if len(pc.lines[r.ProductID]) == 0 {
				packed = append(packed, r.ProductID)
			}
			pc.lines[r.ProductID] = append(pc.lines[r.ProductID], r)
			if !seen[r.MaterialID] {
				seen[r.MaterialID] = true
				materials = append(materials, r.MaterialID)
			}
		}
	}
	var err error
	if pc.cartons, err = catalogdb.CartonUnitsOf(db, companyID, packed); err != nil {
		return nil, err
	}
	if pc.histories, err = costHistories(db, companyID, materials); err != nil {
		return nil, err
	}
	return pc, nil
}

// costHistories are the products' dated costs; a product written without its history (its price alone) has that
// price from the beginning.
func costHistories(db *models.DB, companyID int64, ids []int64) (map[int64][]catalogdb.ProductCost, error) {
	histories, err := catalogdb.CostHistories(db, companyID, ids)
	if err != nil || len(ids) == 0 {
		return histories, err
	}
	var bare []catalogdb.LocalProduct
	for i := 0; i < len(ids); i += 500 {
		var rows []catalogdb.LocalProduct
		if err := db.Scopes(models.InCompany("local_products", companyID)).Select("local_products.id, local_products.price").
			Where("local_products.id IN ?", ids[i:min(i+500, len(ids))]).Find(&rows).Error; err != nil {
			return nil, err
		}
		bare = append(bare, rows...)
	}
	for _, m := range bare {
		if len(histories[m.ID]) == 0 && m.Price.Valid {
			histories[m.ID] = []catalogdb.ProductCost{{EffectiveFrom: catalogdb.CostsBeginning, UnitCost: m.Price}}
		}
	}
	return histories, nil
}

// of is the product's packing cost per unit in month, rounded to Money's four places.
func (pc *packingCosts) of(productID int64, month string, loc *time.Location) packingPart {
	if pc == nil || len(pc.lines[productID]) == 0 {
		return packingPart{}
	}
	lines := pc.lines[productID]
	end := monthEnd(month, loc)
	out := packingPart{Has: true}
	for _, l := range lines {
		c := catalogdb.CostOn(pc.histories[l.MaterialID], end)
		if !c.UnitCost.Valid {
			out.Uncosted = true
			continue
		}
		cost := c.UnitCost.Decimal.Mul(decimal.NewFromInt(int64(l.Quantity)))
		if l.PerCarton {
			cost = cost.Div(decimal.NewFromInt(int64(max(pc.cartons[productID], 1))))
		}
		out.Cost = out.Cost.Add(cost)
	}
	out.Cost = out.Cost.Round(4)
	return out
}
