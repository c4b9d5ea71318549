package profit

import (
	"context"
	"sort"

	"github.com/shopspring/decimal"

	profitdb "sellerhub/models/profit"
)

// FreightShare is what one shipment's freight puts on one of its seller SKUs.
type FreightShare struct {
	profitdb.ShippedUnit
	// Measure is the SKU's units' weight (kg) or volume (cm³) in the shipment, as the spread counted it.
	Measure decimal.Decimal
	// Share is the freight (CNY) the SKU's units carry.
	Share decimal.Decimal
	// Guessed: the product has no weight (or size), so its units counted as the shipment's average unit.
	Guessed bool
}

// skuFreight is a listing's freight over its shipments: the shares and the units they carry.
type skuFreight struct {
	shares  []FreightShare
	units   int64
	freight decimal.Decimal
	guessed bool
}

// perUnit is the listing's 头程 per unit: its shipments' freight over the units they carried, a weighted average.
func (f *skuFreight) perUnit() decimal.Decimal {
	if f == nil || f.units == 0 {
		return decimal.Decimal{}
	}
	return f.freight.DivRound(decimal.NewFromInt(f.units), 8)
}

// measureOf is one unit's weight or volume; false when the product lacks it.
func measureOf(u *profitdb.ShippedUnit, basis string) (decimal.Decimal, bool) {
	if basis == profitdb.FreightByVolume {
		if !u.Length.Valid || !u.Width.Valid || !u.Height.Valid || !u.Length.Decimal.IsPositive() ||
			!u.Width.Decimal.IsPositive() || !u.Height.Decimal.IsPositive() {
			return decimal.Decimal{}, false
		}
		return u.Length.Decimal.Mul(u.Width.Decimal).Mul(u.Height.Decimal), true
	}
	if !u.Weight.Valid || !u.Weight.Decimal.IsPositive() {
		return decimal.Decimal{}, false
	}
	return u.Weight.Decimal, true
}

// spreadFreight spreads each shipment's freight over its units by weight or volume (basis): a SKU's share is its
// units' measure over the shipment's. A unit whose product has no measure counts as the shipment's average
// measured unit (so it takes a share by units, and is flagged); a shipment with no measured unit is spread by
// units alone. units are ShippedUnits' rows, each shipment's together.
func spreadFreight(units []profitdb.ShippedUnit, basis string) map[profitdb.GroupSKU]*skuFreight {
	out := map[profitdb.GroupSKU]*skuFreight{}
	for start := 0; start < len(units); {
		end := start
		for end < len(units) && units[end].ShipmentRef == units[start].ShipmentRef {
			end++
		}
		shipment := units[start:end]
		start = end
		var known decimal.Decimal
		var knownUnits int64
		measures := make([]decimal.Decimal, len(shipment))
		has := make([]bool, len(shipment))
		for i := range shipment {
			if m, ok := measureOf(&shipment[i], basis); ok {
				measures[i], has[i] = m, true
				known = known.Add(m.Mul(decimal.NewFromInt(shipment[i].Quantity)))
				knownUnits += shipment[i].Quantity
			}
		}
		average := decimal.NewFromInt(1)
		if knownUnits > 0 {
			average = known.DivRound(decimal.NewFromInt(knownUnits), 8)
		}
		total := decimal.Decimal{}
		for i := range shipment {
			if !has[i] {
				measures[i] = average
			}
			total = total.Add(measures[i].Mul(decimal.NewFromInt(shipment[i].Quantity)))
		}
		for i := range shipment {
			u := shipment[i]
			measure := measures[i].Mul(decimal.NewFromInt(u.Quantity))
			share := decimal.Decimal{}
			if total.IsPositive() {
				share = u.Freight.Mul(measure).DivRound(total, 8)
			}
			k := profitdb.GroupSKU{GroupID: u.GroupID, MarketplaceID: u.MarketplaceID, SKU: u.SellerSKU}
			f := out[k]
			if f == nil {
				f = &skuFreight{}
				out[k] = f
			}
			f.shares = append(f.shares, FreightShare{ShippedUnit: u, Measure: measure, Share: share, Guessed: !has[i]})
			f.units += u.Quantity
			f.freight = f.freight.Add(share)
			f.guessed = f.guessed || !has[i]
		}
	}
	return out
}

// ShipmentShares spreads one shipment's freight over its seller SKUs as the company's 利润配置 says (the same spread
// 利润报告's 头程 makes), and answers the basis.
func (s *Service) ShipmentShares(ctx context.Context, companyID, shipmentRef int64) ([]FreightShare, string, error) {
	db := s.db.With(ctx)
	setting, err := profitdb.ProfitSettingOf(db, companyID)
	if err != nil {
		return nil, "", err
	}
	units, err := profitdb.ShipmentFreightUnits(db, companyID, shipmentRef)
	if err != nil {
		return nil, "", err
	}
	var out []FreightShare
	for _, f := range spreadFreight(units, setting.FreightBasis) {
		out = append(out, f.shares...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SellerSKU < out[j].SellerSKU })
	return out, setting.FreightBasis, nil
}
