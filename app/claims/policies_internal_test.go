package claims

import (
	"testing"

	claimsdb "sellerhub/models/claims"
)

// A window is the marketplace's own where its help page differs (Europe's customer returns 45-105 days from
// 2024-10-23, Japan's and Canada's 45 days to 18 months), else the one for every marketplace, each as in force on
// the event's day; the countdown is 0 on the last day and negative after it.
func TestPolicyOfTheMarketplaceAndDay(t *testing.T) {
	const us, de, jp, ca = "ATVPDKIKX0DER", "A1PA6795UKMFR9", "A1VC38T7YXB528", "A2EUQ1WTGCTBG2"
	for _, c := range []struct {
		kind, market, day, policy, opens, deadline string
	}{
		{claimsdb.KindReturn, us, "2025-03-01", "return-60-120d-2024", "2025-04-30", "2025-06-29"},
		{claimsdb.KindReturn, de, "2025-03-01", "return-EU-45-105d-2024", "2025-04-15", "2025-06-14"},
		{claimsdb.KindReturn, de, "2024-06-01", "return-60d-18m", "2024-07-31", "2025-11-23"},
		{claimsdb.KindReturn, jp, "2025-03-01", "return-JP-45d-18m", "2025-04-15", "2026-08-23"},
		{claimsdb.KindReturn, ca, "2025-03-01", "return-CA-45d-18m", "2025-04-15", "2026-08-23"},
		{claimsdb.KindLost, jp, "2025-03-01", "FC-lost-60d-2024", "2025-03-31", "2025-04-30"},
		{claimsdb.KindInbound, de, "2025-03-01", "inbound-15-60d-2024", "2025-03-16", "2025-04-30"},
	} {
		p := policyFor(c.kind, c.market, c.day)
		opens, deadline := p.window(c.day)
		if p.Name != c.policy || opens != c.opens || deadline != c.deadline || p.Source == "" {
			t.Errorf("%s in %s on %s: %s %s-%s, want %s %s-%s", c.kind, c.market, c.day, p.Name, opens, deadline, c.policy, c.opens, c.deadline)
		}
	}
	for _, c := range []struct {
		deadline, today string
		left            int
	}{{"2025-06-29", "2025-06-22", 7}, {"2025-06-29", "2025-06-29", 0}, {"2025-06-29", "2025-07-01", -2}} {
		if got := DaysLeft(c.deadline, c.today); got != c.left {
			t.Errorf("DaysLeft(%s, %s) = %d, want %d", c.deadline, c.today, got, c.left)
		}
	}
}
