package pages_test

import (
	"strings"
	"testing"
)

func TestTheDeptScreenMountsTheTreeForThoseGrantedIt(t *testing.T) {
	h, c := admin(t)
	status, body := get(t, c, "/sys/dept?embed=1")
	if status != 200 || !strings.Contains(body, `data-island="sysadmin"`) || !strings.Contains(body, `"screen":"depts"`) ||
		!strings.Contains(body, `"sys:dept:add"`) {
		t.Fatalf("/sys/dept: %d %s", status, body)
	}
	viewer, _ := h.RestrictedUser("13300000004", []string{"sys.dept"}, nil)
	status, body = get(t, viewer, "/sys/dept?embed=1")
	if status != 200 || !strings.Contains(body, `"screen":"depts"`) || strings.Contains(body, `"sys:dept:add"`) {
		t.Fatalf("viewer's /sys/dept: %d %s", status, body)
	}
	stranger, _ := h.RestrictedUser("13300000005", []string{"sys.role"}, nil)
	if status, body = get(t, stranger, "/sys/dept?embed=1"); status != 403 || !strings.Contains(body, "无权限") {
		t.Fatalf("stranger's /sys/dept: %d", status)
	}
}
