package users_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
)

func TestSubUsersArePutInTheCompanysDepartments(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13200000001", "甲公司")
	const v1 = "/admin/api/v1/"
	dept := func(c *apptest.Client, name, parent string) string {
		env := c.Call(http.MethodPost, v1+"depts", map[string]string{"name": name, "parentId": parent})
		apptest.ExpectOK(t, env)
		var d struct{ ID string }
		env.Into(t, &d)
		return d.ID
	}
	sales := dept(owner, "销售部", "")
	east := dept(owner, "华东组", sales)

	env := owner.Call(http.MethodGet, v1+"users/subusers/depts", nil)
	apptest.ExpectOK(t, env)
	var opts []struct{ ID, Name string }
	env.Into(t, &opts)
	if len(opts) != 2 || opts[0].Name != "销售部" || opts[1].Name != "销售部 / 华东组" || opts[1].ID != east {
		t.Fatalf("department options: %+v", opts)
	}

	body := map[string]any{"account": "13200000002", "name": "小李", "password": "Passw0rd!", "repassword": "Passw0rd!", "deptId": east}
	env = owner.Call(http.MethodPost, v1+"users/subusers", body)
	apptest.ExpectOK(t, env)
	var u struct{ ID, DeptID, DeptName string }
	env.Into(t, &u)
	if u.DeptID != east || u.DeptName != "华东组" {
		t.Fatalf("created sub-user: %+v", u)
	}
	// A department with a member is not deleted.
	apptest.Expect(t, owner.Call(http.MethodDelete, v1+"depts/"+east, nil), 400, "B0001", "部门下还有成员，不能删除")

	// Another company's department is refused, and nothing changes.
	other := h.SignedIn("13200000011", "乙公司")
	theirs := dept(other, "乙销售部", "")
	apptest.Expect(t, owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小李", "deptId": theirs}), 400, "A0400", "部门不存在")
	apptest.Expect(t, owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小李", "deptId": "x"}), 400, "A0400", "部门不存在")
	env = owner.Call(http.MethodGet, v1+"users/subusers/"+u.ID, nil)
	env.Into(t, &u)
	if u.DeptID != east {
		t.Fatalf("a refused change moved the user: %+v", u)
	}
	// Leaving the department out takes the user out of it; then it can be deleted.
	env = owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小李", "deptId": ""})
	apptest.ExpectOK(t, env)
	env.Into(t, &u)
	if u.DeptID != "" || u.DeptName != "" {
		t.Fatalf("user still in a department: %+v", u)
	}
	apptest.ExpectOK(t, owner.Call(http.MethodDelete, v1+"depts/"+east, nil))
	apptest.Expect(t, h.Client().Call(http.MethodGet, v1+"users/subusers/depts", nil), 403, "A0231", "token已被禁止访问")
}
