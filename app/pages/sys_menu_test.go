package pages_test

import (
	"strings"
	"testing"
)

// 菜单管理 mounts the admin island on its menus screen for those granted it (whether they may change the menu is
// the tree call's answer), and refuses the rest.
func TestMenuScreenMountsTheAdminIsland(t *testing.T) {
	h, c := admin(t)
	status, body := get(t, c, "/sys/menu?embed=1")
	if status != 200 || !strings.Contains(body, `data-island="sysadmin"`) || !strings.Contains(body, `"screen":"menus"`) ||
		!strings.Contains(body, "sys:menu:add") {
		t.Fatalf("admin's 菜单管理: %d %s", status, body)
	}
	reader, _ := h.RestrictedUser("13300000011", []string{"sys.menu"}, nil)
	if status, body := get(t, reader, "/sys/menu?embed=1"); status != 200 || !strings.Contains(body, `"screen":"menus"`) {
		t.Fatalf("reader's 菜单管理: %d %s", status, body)
	}
	clerk, _ := h.RestrictedUser("13300000012", []string{"sys.dict"}, nil)
	if status, body := get(t, clerk, "/sys/menu?embed=1"); status != 403 || !strings.Contains(body, `data-exception="noPermission"`) {
		t.Fatalf("clerk's 菜单管理: %d %s", status, body)
	}
}
