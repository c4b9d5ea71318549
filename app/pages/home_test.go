package pages_test

import (
	"strings"
	"testing"
)

// TestHomeSalesOnlyForTheSalesReport: 首页's sales are for users who may open 销售报表; without synced data they
// say so and lead to 数据同步; a user without the report sees the home tab as before, with no sales.
func TestHomeSalesOnlyForTheSalesReport(t *testing.T) {
	h, c := admin(t)
	_, body := get(t, c, "/home?embed=1")
	if !strings.Contains(body, "data-dashboard-empty") || !strings.Contains(body, `href="/amazon/datasync"`) ||
		!strings.Contains(body, "按各站点当地日期") {
		t.Fatalf("the admin without synced data sees no empty dashboard: %s", body)
	}
	seller, _ := h.RestrictedUser("13300000004", []string{"sales.report"}, nil)
	if _, body := get(t, seller, "/home?embed=1"); !strings.Contains(body, "data-dashboard") {
		t.Fatal("a user granted 销售报表 sees no dashboard")
	}
	clerk, _ := h.RestrictedUser("13300000005", []string{"warehouse.inbound"}, nil)
	if _, body := get(t, clerk, "/home?embed=1"); strings.Contains(body, "data-dashboard") || strings.Contains(body, "销售概览") ||
		!strings.Contains(body, "data-user-name") {
		t.Fatalf("a user without 销售报表 sees the sales: %s", body)
	}
}
