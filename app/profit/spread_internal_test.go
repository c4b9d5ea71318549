package profit

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestSponsoredBrandsSpendIsSpreadBySalesAndSumsExactly(t *testing.T) {
	d := decimal.RequireFromString
	for _, c := range []struct {
		amount  string
		weights []string
		want    []string
	}{
		// 10.00 by 100, 200 and 0 sales: a third and two thirds in cents, the rounding on the first.
		{"10", []string{"100", "200", "0"}, []string{"3.34", "6.66", "0"}},
		// Nothing sold (or refunds only): equal shares.
		{"1", []string{"0", "-5", "0"}, []string{"0.34", "0.33", "0.33"}},
		{"7.5", []string{"1"}, []string{"7.5"}},
	} {
		weights := make([]decimal.Decimal, len(c.weights))
		for i, w := range c.weights {
			weights[i] = d(w)
		}
		got := spreadBySales(d(c.amount), weights)
		sum := decimal.Zero
		for i, g := range got {
			sum = sum.Add(g)
			if !g.Equal(d(c.want[i])) {
				t.Fatalf("%s by %v: %v, want %v", c.amount, c.weights, got, c.want)
			}
		}
		if !sum.Equal(d(c.amount)) {
			t.Fatalf("%s by %v sums to %s", c.amount, c.weights, sum)
		}
	}
}
