package catalog_test

import (
	"testing"

	"github.com/shopspring/decimal"

	catalogdb "sellerhub/models/catalog"
)

// CostOn answers the latest cost from the date or before; before the earliest, the earliest; none without any.
func TestCostOnIsTheCostInForceThatDay(t *testing.T) {
	at := func(from, cost string) catalogdb.ProductCost {
		return catalogdb.ProductCost{EffectiveFrom: from, UnitCost: decimal.NewNullDecimal(decimal.RequireFromString(cost))}
	}
	history := []catalogdb.ProductCost{at("2026-01-10", "10"), at("2026-02-15", "12"), at("2026-03-01", "9")}
	for date, want := range map[string]string{"2025-12-31": "10", "2026-01-10": "10", "2026-02-14": "10", "2026-02-15": "12",
		"2026-02-28": "12", "2026-03-01": "9", "2027-01-01": "9"} {
		if got := catalogdb.CostOn(history, date); got.UnitCost.Decimal.String() != want {
			t.Errorf("cost on %s = %s, want %s", date, got.UnitCost.Decimal, want)
		}
	}
	if got := catalogdb.CostOn(nil, "2026-01-01"); got.UnitCost.Valid {
		t.Errorf("a product without costs has %s", got.UnitCost.Decimal)
	}
}
