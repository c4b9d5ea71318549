package operationlogs_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const amz = "/amazon/api/v1/"

// Roles, sub-users and store groups are named in the log by what people call them, deletes included, and an
// edit says what changed, old → new, lists of roles too (in the answer's order); a password reset names the account and nothing else.
func TestTheLogNamesRolesSubUsersAndStoreGroups(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000002", "甲公司")
			sales := created(t, c.Call(http.MethodPost, v1+"roles", map[string]any{"name": "运营", "remark": ""}))
			finance := created(t, c.Call(http.MethodPost, v1+"roles", map[string]any{"name": "财务", "remark": ""}))
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"roles/"+sales, map[string]any{"name": "运营主管", "remark": "华东"}))
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"roles/"+sales+"/grants", map[string]any{"menuIds": []string{}, "permissionIds": []string{}}))
			user := created(t, c.Call(http.MethodPost, v1+"users/subusers", map[string]any{"account": "13200000031",
				"name": "小周", "password": "Passw0rd!", "repassword": "Passw0rd!", "roleIds": []string{sales}}))
			apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"users/subusers/"+user, map[string]any{"account": "13200000031",
				"name": "小周", "mobile": "13200000031", "roleIds": []string{sales, finance}}))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"users/subusers/"+user+"/resetPassword",
				map[string]any{"password": "Fresh#2026x", "repassword": "Fresh#2026x"}))
			spare := created(t, c.Call(http.MethodPost, v1+"roles", map[string]any{"name": "临时", "remark": ""}))
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"roles/"+spare, nil))
			group := created(t, c.Call(http.MethodPost, amz+"amzauthority/storeGroups", map[string]any{"name": "北美店", "remark": ""}))
			apptest.ExpectOK(t, c.Call(http.MethodPut, amz+"amzauthority/storeGroups/"+group, map[string]any{"name": "北美一店", "remark": ""}))
			apptest.ExpectOK(t, c.Call(http.MethodDelete, amz+"amzauthority/storeGroups/"+group, nil))

			got := map[string]readable{}
			for _, e := range readableLog(t, c) {
				got[e.Action] = e // the last of each action
			}
			want := map[string]readable{
				"编辑角色":    {Subject: "运营主管", Summary: "名称 运营 → 运营主管；备注 （空） → 华东"},
				"角色授权":    {Subject: "运营主管"},
				"编辑子账号":   {Subject: "13200000031", Summary: "角色 运营主管 → 财务、运营主管"},
				"重置子账号密码": {Subject: "13200000031"},
				"删除角色":    {Subject: "临时"},
				"编辑店铺":    {Subject: "北美一店", Summary: "名称 北美店 → 北美一店"},
				"删除店铺":    {Subject: "北美一店"},
			}
			for action, w := range want {
				e, ok := got[action]
				if !ok || e.Subject != w.Subject || (w.Summary != "" && e.Summary != w.Summary) {
					t.Errorf("%s = %+v, want %+v", action, e, w)
				}
			}
			if s := got["重置子账号密码"].Summary; s != "" {
				t.Errorf("the password reset's summary shows %q", s)
			}
		})
	}
}
