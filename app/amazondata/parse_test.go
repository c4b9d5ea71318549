package amazondata

import (
	"testing"
	"time"
)

func TestParseUnits(t *testing.T) {
	ok := map[string]int64{"": 0, "0": 0, "12.34": 123400, "-0.5": -5000, "+3": 30000, "12,34": 123400,
		"1.234,56": 12345600, "1,234.56": 12345600, "1980": 19800000, "0.0001": 1, "-7.14": -71400}
	for s, want := range ok {
		if got, valid := parseUnits(s); !valid || got != want {
			t.Errorf("parseUnits(%q) = %d %v, want %d", s, got, valid, want)
		}
	}
	for _, s := range []string{"abc", "0.00001", "-", "12 USD", "99999999999999999999", "1.2,3.4"} {
		if got, valid := parseUnits(s); valid {
			t.Errorf("parseUnits(%q) = %d, want refused", s, got)
		}
	}
}

func TestParseTime(t *testing.T) {
	want := time.Date(2026, 10, 1, 7, 0, 0, 0, time.UTC)
	for _, s := range []string{"2026-10-01T07:00:00+00:00", "2026-10-01T00:00:00-07:00", "2026-10-01T07:00:00Z",
		"2026-10-01 07:00:00 UTC", "01.10.2026 07:00:00 UTC", "2026-10-01 00:00:00 PDT", "2026-10-01T16:00:00+09:00",
		"2026-10-01 07:00:00"} {
		if got, ok := parseTime(s); !ok || !got.Equal(want) {
			t.Errorf("parseTime(%q) = %v %v", s, got, ok)
		}
	}
	for _, s := range []string{"2026-10-01", "01.10.2026"} {
		if got, ok := parseTime(s); !ok || !got.Equal(want.Add(-7*time.Hour)) {
			t.Errorf("parseTime(%q) = %v %v", s, got, ok)
		}
	}
	for _, s := range []string{"yesterday", "2026-13-01", "10/01/2026 7am"} {
		if _, ok := parseTime(s); ok {
			t.Errorf("parseTime(%q) read", s)
		}
	}
}
