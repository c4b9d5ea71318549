package operationlogs_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

// The sub-user and role screens' changes are logged too, with the new user's password masked.
func TestSubUserAndRoleChangesAreLogged(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13400000001", "甲公司")
	role := created(t, owner.Call(http.MethodPost, v1+"roles", map[string]string{"name": "仓管"}))
	apptest.ExpectOK(t, owner.Call(http.MethodPut, v1+"roles/"+role+"/grants", map[string]any{"menuIds": []string{}, "permissionIds": []string{}}))
	user := created(t, owner.Call(http.MethodPost, v1+"users/subusers", map[string]any{"account": "13400000002", "name": "小王",
		"password": "Secret#2026", "repassword": "Secret#2026", "roleIds": []string{role}}))
	apptest.ExpectOK(t, owner.Call(http.MethodPost, v1+"users/subusers/"+user+"/disable", nil))

	got := logs(t, owner, map[string]any{"pagesize": 50})
	actions := map[string]entry{}
	for _, e := range got.Records {
		actions[e.Action] = e
	}
	for _, want := range []string{"新增角色", "角色授权", "新增子账号", "停用子账号"} {
		if _, ok := actions[want]; !ok {
			t.Errorf("no %s in the log: %+v", want, got.Records)
		}
	}
	if d := actions["新增子账号"].Detail; strings.Contains(d, "Secret#2026") || !strings.Contains(d, "******") {
		t.Fatalf("the new user's password is not masked: %s", d)
	}
	if actions["停用子账号"].Target != user {
		t.Fatalf("disable target = %q, want %s", actions["停用子账号"].Target, user)
	}
}

// The personal center's changes are logged as well, passwords masked.
func TestPersonalCenterChangesAreLogged(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13400000011", "乙公司")
	apptest.ExpectOK(t, owner.Call(http.MethodPost, v1+"users/updateSelf", map[string]string{"name": "新名字"}))
	apptest.ExpectOK(t, owner.Call(http.MethodPost, v1+"users/updatePasswordSelf", map[string]string{"oldpassword": "Passw0rd!", "password": "Newpass#2026"}))
	got := logs(t, owner, map[string]any{"pagesize": 50})
	actions := map[string]entry{}
	for _, e := range got.Records {
		actions[e.Action] = e
	}
	if _, ok := actions["修改姓名"]; !ok {
		t.Fatalf("no 修改姓名 in the log: %+v", got.Records)
	}
	d := actions["修改密码"].Detail
	if d == "" || strings.Contains(d, "Passw0rd!") || strings.Contains(d, "Newpass#2026") {
		t.Fatalf("password change not logged or not masked: %q", d)
	}
}
