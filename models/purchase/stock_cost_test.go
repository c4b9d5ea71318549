package purchase_test

import (
	"testing"

	purchasedb "sellerhub/models/purchase"
)

// The weighted average in ten-thousandths of a yuan, rounded half up: units held at their cost and units received
// at theirs.
func TestWeightedAverageRoundsHalfUp(t *testing.T) {
	for _, c := range []struct {
		have  int
		cost  int64
		got   int
		price int64
		want  int64
		why   string
	}{
		{0, 0, 10, 50000, 50000, "nothing held: the price"},
		{10, 40000, 10, 50000, 45000, "(10×4 + 10×5) ÷ 20"},
		{25, 53000, 30, 73700, 64291, "353.60 ÷ 55 = 6.429090…"},
		{1, 1, 2, 2, 2, "5 ÷ 3 = 1.67 → 2"},
		{1, 1, 1, 2, 2, "3 ÷ 2 = 1.5 → 2 (half up)"},
		{0, 0, 0, 70000, 70000, "no units: the price"},
	} {
		if got := purchasedb.WeightedAverage(c.have, c.cost, c.got, c.price); got != c.want {
			t.Errorf("%s: %d, want %d", c.why, got, c.want)
		}
	}
}
