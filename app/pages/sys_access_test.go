package pages_test

import (
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
)

// The 子账号 and 角色授权 screens mount their islands with the user's button permissions (and 子账号 with the
// password rule), and refuse users not granted them.
func TestAccessScreensMountTheirIslandsWithThePermissions(t *testing.T) {
	h, c := admin(t)
	for path, island := range map[string]string{"/sys/subuser": "subusers", "/sys/role": "roles"} {
		status, body := get(t, c, path+"?embed=1")
		script := regexp.MustCompile(`<script type="module" src="/static/dist/` + island + `-[A-Z0-9]+\.js"`)
		if status != 200 || !strings.Contains(body, `data-island="`+island+`"`) || !strings.Contains(body, `id="`+island+`-props"`) ||
			!strings.Contains(body, "sys:user:reset") || !strings.Contains(body, "sys:role:delete") || !script.MatchString(body) {
			t.Fatalf("%s: %d %s", path, status, body)
		}
	}

	// 子账号 sets passwords: its island gets the rule's one wording to show under the password fields.
	clerk, _ := h.RestrictedUser("13300000001", []string{"sys.subuser"}, []string{"sys:user:add"})
	status, body := get(t, clerk, "/sys/subuser?embed=1")
	if status != 200 || !strings.Contains(body, `{"permissions":["sys:user:add"],"passwordRule":"`+core.MsgPasswordRule+`"}`) {
		t.Fatalf("clerk's 子账号: %d %s", status, body)
	}
	status, body = get(t, clerk, "/sys/role?embed=1")
	if status != 403 || !strings.Contains(body, `data-exception="noPermission"`) {
		t.Fatalf("clerk's 角色授权: %d %s", status, body)
	}
	apptest.Expect(t, clerk.Call("POST", "/admin/api/v1/roles/page", map[string]any{}), 401, "A0301", "访问未授权")
}
