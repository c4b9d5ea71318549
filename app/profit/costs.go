package profit

import (
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	profitdb "sellerhub/models/profit"
)

// CostPart is the units of a line sold while one product cost held: from its date (yyyy-MM-dd, the line's month's
// first day or a change within it), the unit cost (采购成本) and the freight per unit (头程: the product's entered
// first-leg cost, else its shipments' spread), each CNY, invalid when there is none.
type CostPart struct {
	From        string
	Units       int64
	UnitCost    decimal.NullDecimal
	UnitFreight decimal.NullDecimal
	// Entered: the freight is the product's entered 头程, not its shipments'.
	Entered bool
	// Landed: the cost is 成本核算's landed cost of the month (purchase, materials, packing, processing, duties).
	Landed bool
}

// addCosts puts on each SKU line its cost of goods and its freight (头程), both CNY: the units sold while each of
// the paired product's costs held (the line's date: a settlement line's posted date, an estimated line's order's
// purchase date) times that cost, so that a cost dated the 15th costs only the units from the 15th on. A product's
// entered 头程 is used where it has one; otherwise the SKU's freight per unit over its shipments.
func (s *Service) addCosts(db *models.DB, companyID int64, f profitdb.ProfitFilter, lines []*Line) error {
	var keys []profitdb.GroupSKU
	seen := map[profitdb.GroupSKU]bool{}
	for _, l := range lines {
		k := profitdb.GroupSKU{GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU}
		if l.SKU != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	products, err := profitdb.PairedProducts(db, companyID, keys)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(products))
	for _, p := range products {
		ids = append(ids, p.ProductID)
	}
	histories, err := catalogdb.CostHistories(db, companyID, ids)
	if err != nil {
		return err
	}
	landed, err := profitdb.LandedCosts(db, companyID, ids)
	if err != nil {
		return err
	}
	packing, err := loadPacking(db, companyID, ids)
	if err != nil {
		return err
	}
	freight, err := s.freight(db, companyID, f.UserID, f.GroupID, f.MarketplaceID)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if l.SKU == "" {
			continue
		}
		k := profitdb.GroupSKU{GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU}
		p, paired := products[k]
		var history []catalogdb.ProductCost
		if !paired {
			l.Unpaired = 1
		} else {
			l.ProductSKU = p.ProductSKU
			if l.Name == "" {
				l.Name = p.Name
			}
			history = histories[p.ProductID]
			if len(history) == 0 && (p.Price.Valid || p.FirstLeg.Valid) {
				// A product written without its history (by code that sets the price alone): its cost holds
				// throughout.
				history = []catalogdb.ProductCost{{EffectiveFrom: catalogdb.CostsBeginning, UnitCost: p.Price, FirstLeg: p.FirstLeg}}
			}
		}
		var parts []CostPart
		if lc := landedOf(history, landed[p.ProductID], packing.of(p.ProductID, l.Month, s.timeZone), l.Month, s.timeZone); paired && lc.Set {
			// 成本核算 has the month: its landed cost, one figure for the month's units, is the unit's 商品成本.
			parts = []CostPart{{From: l.Month + "-01", Units: l.Units, UnitCost: lc.Unit(), UnitFreight: lc.FirstLeg,
				Entered: lc.FirstLeg.Valid, Landed: true}}
		} else if parts, err = s.costParts(db, companyID, f.UserID, l, history); err != nil {
			return err
		}
		s.costLine(l, paired, parts, freight[k])
	}
	return nil
}

// costParts splits a line's units by the dates within its month from which another of the product's costs holds.
func (s *Service) costParts(db *models.DB, companyID, userID int64, l *Line, history []catalogdb.ProductCost) ([]CostPart, error) {
	first, err := time.ParseInLocation("2006-01", l.Month, s.timeZone)
	if err != nil {
		return nil, err
	}
	start, end := first.Format(time.DateOnly), first.AddDate(0, 1, 0).Format(time.DateOnly)
	parts := []CostPart{{From: start, Units: l.Units}}
	lf := profitdb.ProfitLineFilter{UserID: userID, GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU,
		Currency: l.Currency, Month: l.Month, Zone: s.timeZone}
	for _, c := range history {
		if c.EffectiveFrom <= start || c.EffectiveFrom >= end {
			continue
		}
		day, err := time.ParseInLocation(time.DateOnly, c.EffectiveFrom, s.timeZone)
		if err != nil {
			return nil, err
		}
		since := profitdb.SettledUnitsSince
		if l.Estimated == 1 {
			since = profitdb.OrderedUnitsSince
		}
		units, err := since(db, companyID, lf, day)
		if err != nil {
			return nil, err
		}
		// Units from this date to the month's end, never more than from the date before (the summary and the
		// lines may disagree while an import writes).
		parts = append(parts, CostPart{From: c.EffectiveFrom, Units: min(units, parts[len(parts)-1].Units)})
	}
	// Each part has its units to the month's end so far: those of the parts after it are theirs.
	for i := 0; i < len(parts)-1; i++ {
		parts[i].Units -= parts[i+1].Units
	}
	for i := range parts {
		c := catalogdb.CostOn(history, parts[i].From)
		parts[i].UnitCost, parts[i].UnitFreight = c.UnitCost, c.FirstLeg
		parts[i].Entered = c.FirstLeg.Valid
	}
	return parts, nil
}

// costLine sums a line's parts into its cost and freight, and flags what is missing.
func (s *Service) costLine(l *Line, paired bool, parts []CostPart, sf *skuFreight) {
	l.CostParts = parts
	var cost, fr decimal.Decimal
	shipments := false
	for i := range parts {
		pt := &parts[i]
		units := decimal.NewFromInt(pt.Units)
		if pt.UnitCost.Valid {
			cost = cost.Add(pt.UnitCost.Decimal.Mul(units))
		} else if paired {
			l.NoCost = 1
		}
		if !pt.UnitFreight.Valid && sf != nil {
			pt.UnitFreight = decimal.NullDecimal{Decimal: sf.perUnit(), Valid: true}
			shipments = true
		}
		if pt.UnitFreight.Valid {
			fr = fr.Add(pt.UnitFreight.Decimal.Mul(units))
		} else {
			l.NoFreight = 1
		}
	}
	l.Cost = models.Money{Decimal: cost}
	l.Freight = models.Money{Decimal: fr.Round(4)}
	if shipments && sf.guessed {
		l.FreightGuessed = 1
	}
	units := decimal.NewFromInt(l.Units)
	switch {
	case len(parts) == 1:
		if parts[0].UnitCost.Valid {
			l.UnitCost = models.Money{Decimal: parts[0].UnitCost.Decimal}
		}
		if parts[0].UnitFreight.Valid {
			l.UnitFreight = models.Money{Decimal: parts[0].UnitFreight.Decimal.Round(4)}
		}
	case l.Units > 0:
		// Costs that changed within the month: the units' average.
		l.UnitCost = models.Money{Decimal: cost.DivRound(units, 4)}
		l.UnitFreight = models.Money{Decimal: fr.DivRound(units, 4)}
	}
}
