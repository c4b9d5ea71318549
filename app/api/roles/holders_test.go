package roles_test

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// TestRolesHeldBeyondTheEditorStayAsTheyAre: a clerk limited to one store group who may edit roles rewrote the
// grants of a role held by an all-stores user, widening what that user may do. A role held by a user its editor
// may not manage keeps its name and grants; one held only by users within the editor's reach still changes.
func TestRolesHeldBeyondTheEditorStayAsTheyAre(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			editor, own := h.RestrictedUser("13900000061", []string{"sys.role", "warehouse.inbound"},
				[]string{"sys:role:edit", "erp:wh:inbound:add", "erp:wh:inbound:approve"})
			east := &storesdb.StoreGroup{CompanyID: own.CompanyID, Name: "东区店"}
			west := &storesdb.StoreGroup{CompanyID: own.CompanyID, Name: "西区店"}
			for _, g := range []*storesdb.StoreGroup{east, west} {
				if err := h.DB.Create(g).Error; err != nil {
					t.Fatal(err)
				}
			}
			clerk, err := accountsdb.UserByAccount(h.DB, "13900000061")
			if err != nil {
				t.Fatal(err)
			}
			if err := storesdb.SetUserStoreGroups(h.DB, own.CompanyID, clerk.ID, []int64{east.ID}); err != nil {
				t.Fatal(err)
			}
			// Two roles within the editor's grants: one held by an all-stores user, one by a user of the editor's group.
			holder := func(account, roleName string, groups ...int64) *accountsdb.Role {
				r := h.GrantedRole(roleName, []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"})
				u := &accountsdb.User{CompanyID: own.CompanyID, Account: account, PasswordHash: "x", Profile: accountsdb.UserProfile{Name: roleName}}
				if err := accountsdb.CreateUser(h.DB, u, r.ID); err != nil {
					t.Fatal(err)
				}
				if err := storesdb.SetUserStoreGroups(h.DB, own.CompanyID, u.ID, groups); err != nil {
					t.Fatal(err)
				}
				return r
			}
			allStores := holder("13900000062", "全店入库员")
			eastOnly := holder("13900000063", "东区入库员", east.ID)

			admin := adminClient(t, h)
			tree := getGrants(t, admin, idText(allStores.ID))
			inbound := find(t, tree.Menus, "仓库", "仓库单据", "入库单")
			widen := map[string]any{"menuIds": []string{inbound.ID}, "permissionIds": []string{inbound.Permissions[0].ID, inbound.Permissions[1].ID}}
			const refused = "不能修改权限超出自己的账号所拥有的角色"
			apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+idText(allStores.ID)+"/grants", widen), 400, "B0001", refused)
			apptest.Expect(t, editor.Call(http.MethodPut, v1+"/"+idText(allStores.ID), map[string]string{"name": "改名"}), 400, "B0001", refused)
			menus, perms, err := admindb.RoleGrants(h.DB, own.CompanyID, allStores.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(menus) != 1 || len(perms) != 1 || slices.Contains(perms, mustID(t, inbound.Permissions[1].ID)) {
				t.Fatalf("a refused edit changed the role's grants: menus %v permissions %v", menus, perms)
			}
			if r, err := admindb.RoleByID(h.DB, own.CompanyID, allStores.ID); err != nil || r.Name != "全店入库员" {
				t.Fatalf("a refused edit renamed the role: %+v %v", r, err)
			}
			// The role of the editor's own store group is the editor's to change.
			apptest.ExpectOK(t, editor.Call(http.MethodPut, v1+"/"+idText(eastOnly.ID)+"/grants", widen))
			if _, perms, err := admindb.RoleGrants(h.DB, own.CompanyID, eastOnly.ID); err != nil || len(perms) != 2 {
				t.Fatalf("the editor's change of a role within reach: %v %v", perms, err)
			}
		})
	}
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
