package apptest

import (
	"testing"
	"time"
)

// TestStealOf reads the host's steal time from /proc/stat's first line (ticks of 10 ms), and nothing from text
// without it.
func TestStealOf(t *testing.T) {
	stat := "cpu  627638 0 149575 1167714 13352 0 6836 1549 0 0\ncpu0 321385 0 66816 587746 4144 0 2392 765 0 0\n"
	if got, want := stealOf(stat), 15490*time.Millisecond; got != want {
		t.Errorf("steal %s, want %s", got, want)
	}
	for _, text := range []string{"", "intr 1 2 3\n", "cpu  1 2 3\n", "cpu  1 2 3 4 5 6 7 x 0 0\n"} {
		if got := stealOf(text); got != 0 {
			t.Errorf("steal of %q: %s, want 0", text, got)
		}
	}
}
