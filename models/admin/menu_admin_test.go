package admin_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/admin"
	"sellerhub/models/dbtest"
)

// menuFixture is a heading with two links, the first with two permissions, each granted to a role of each of two
// companies.
type menuFixture struct {
	heading, link, other admin.Menu
	add, edit, keep      admin.MenuPermission
	roleA, roleB         *accounts.Role
}

func newMenuFixture(t *testing.T, db *models.DB) menuFixture {
	t.Helper()
	now := time.Now()
	f := menuFixture{
		heading: admin.Menu{Title: "标题", CreatedAt: now, UpdatedAt: now},
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(admin.CreateMenu(db, &f.heading))
	f.link = admin.Menu{ParentID: f.heading.ID, Title: "链接", Path: "/t/link", CreatedAt: now, UpdatedAt: now}
	f.other = admin.Menu{ParentID: f.heading.ID, Title: "另一个", Path: "/t/other", CreatedAt: now, UpdatedAt: now}
	must(admin.CreateMenu(db, &f.link))
	must(admin.CreateMenu(db, &f.other))
	f.add = admin.MenuPermission{MenuID: f.link.ID, Code: "t:link:add", Name: "新增", CreatedAt: now}
	f.edit = admin.MenuPermission{MenuID: f.link.ID, Code: "t:link:edit", Name: "编辑", CreatedAt: now}
	f.keep = admin.MenuPermission{MenuID: f.other.ID, Code: "t:other:add", Name: "新增", CreatedAt: now}
	for _, p := range []*admin.MenuPermission{&f.add, &f.edit, &f.keep} {
		must(admin.CreatePermission(db, p))
	}
	a := dbtest.NewCompany(t, db, "甲", "13800000101")
	b := dbtest.NewCompany(t, db, "乙", "13800000102")
	f.roleA, f.roleB = newRole(t, db, a.CompanyID, "文员"), newRole(t, db, b.CompanyID, "文员")
	for _, r := range []*accounts.Role{f.roleA, f.roleB} {
		must(admin.ReplaceRoleGrants(db, r.CompanyID, r.ID, []int64{f.heading.ID, f.link.ID, f.other.ID},
			[]int64{f.add.ID, f.edit.ID, f.keep.ID}, now))
	}
	return f
}

func grantCounts(t *testing.T, db *models.DB, f menuFixture) (menus, perms []int) {
	t.Helper()
	for _, r := range []*accounts.Role{f.roleA, f.roleB} {
		m, p, err := admin.RoleGrants(db, r.CompanyID, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		menus, perms = append(menus, len(m)), append(perms, len(p))
	}
	return menus, perms
}

func countRows(t *testing.T, db *models.DB, model any, where string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.Model(model).Where(where, args...).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

var errRollBack = errors.New("roll back")

func TestDeleteMenuTakesItsPermissionsAndEveryCompanysGrants(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		f := newMenuFixture(t, db)
		// Everything in one transaction: a failure after the delete leaves every row where it was.
		err := db.Tx(ctx, func(tx *models.DB) error {
			if err := admin.DeleteMenu(tx, f.link.ID); err != nil {
				return err
			}
			return errRollBack
		})
		if !errors.Is(err, errRollBack) {
			t.Fatal(err)
		}
		if m, p := grantCounts(t, db, f); m[0] != 3 || m[1] != 3 || p[0] != 3 || p[1] != 3 {
			t.Fatalf("rolled back, grants %v %v", m, p)
		}
		if n := countRows(t, db, &admin.MenuPermission{}, "menu_id = ?", f.link.ID); n != 2 {
			t.Fatalf("rolled back, %d permissions", n)
		}

		if err := db.Tx(ctx, func(tx *models.DB) error { return admin.DeleteMenu(tx, f.link.ID) }); err != nil {
			t.Fatal(err)
		}
		if _, err := admin.MenuByID(db, f.link.ID); !models.IsNotFound(err) {
			t.Fatalf("the link is still there: %v", err)
		}
		if n := countRows(t, db, &admin.MenuPermission{}, "menu_id = ?", f.link.ID); n != 0 {
			t.Fatalf("%d permissions left", n)
		}
		// Both companies lose the link and its permissions and keep the rest.
		if m, p := grantCounts(t, db, f); m[0] != 2 || m[1] != 2 || p[0] != 1 || p[1] != 1 {
			t.Fatalf("grants %v %v", m, p)
		}
		if err := db.Tx(ctx, func(tx *models.DB) error { return admin.DeleteMenu(tx, f.link.ID) }); !models.IsNotFound(err) {
			t.Fatalf("deleting again: %v", err)
		}
		if n, err := admin.CountMenuChildren(db, f.heading.ID); err != nil || n != 1 {
			t.Fatalf("children of the heading: %d %v", n, err)
		}
	})
}

func TestDeletePermissionTakesEveryCompanysGrants(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		f := newMenuFixture(t, db)
		err := db.Tx(ctx, func(tx *models.DB) error {
			if err := admin.DeletePermission(tx, f.add.ID); err != nil {
				return err
			}
			return errRollBack
		})
		if !errors.Is(err, errRollBack) {
			t.Fatal(err)
		}
		if _, p := grantCounts(t, db, f); p[0] != 3 || p[1] != 3 {
			t.Fatalf("rolled back, grants %v", p)
		}
		if err := db.Tx(ctx, func(tx *models.DB) error { return admin.DeletePermission(tx, f.add.ID) }); err != nil {
			t.Fatal(err)
		}
		if m, p := grantCounts(t, db, f); m[0] != 3 || m[1] != 3 || p[0] != 2 || p[1] != 2 {
			t.Fatalf("grants %v %v", m, p)
		}
		if _, err := admin.PermissionByID(db, f.add.ID); !models.IsNotFound(err) {
			t.Fatalf("the permission is still there: %v", err)
		}
		if err := db.Tx(ctx, func(tx *models.DB) error { return admin.DeletePermission(tx, f.add.ID) }); !models.IsNotFound(err) {
			t.Fatalf("deleting again: %v", err)
		}
	})
}

func TestMenuSortsAndPermissionCodes(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		f := newMenuFixture(t, db)
		if err := db.Tx(ctx, func(tx *models.DB) error {
			return admin.SetMenuSorts(tx, f.heading.ID, []int64{f.other.ID, f.link.ID}, time.Now())
		}); err != nil {
			t.Fatal(err)
		}
		if ids, err := admin.MenuChildIDs(db, f.heading.ID); err != nil || len(ids) != 2 || ids[0] != f.other.ID {
			t.Fatalf("order %v %v", ids, err)
		}
		if n, err := admin.MaxMenuSort(db, f.heading.ID); err != nil || n != 20 {
			t.Fatalf("max sort %d %v", n, err)
		}
		if n, err := admin.MaxMenuSort(db, f.link.ID); err != nil || n != 0 {
			t.Fatalf("max sort without children %d %v", n, err)
		}
		// An id that is not under the parent fails the whole order.
		err := db.Tx(ctx, func(tx *models.DB) error {
			return admin.SetMenuSorts(tx, f.heading.ID, []int64{f.link.ID, f.heading.ID}, time.Now())
		})
		if !models.IsNotFound(err) {
			t.Fatalf("foreign id: %v", err)
		}
		if ids, _ := admin.MenuChildIDs(db, f.heading.ID); ids[0] != f.other.ID {
			t.Fatal("a failed order was kept in part")
		}
		if id, err := admin.MenuIDByPath(db, "/t/other"); err != nil || id != f.other.ID {
			t.Fatalf("by path %d %v", id, err)
		}

		dup := &admin.MenuPermission{MenuID: f.other.ID, Code: f.add.Code, Name: "重复"}
		if err := admin.CreatePermission(db, dup); !models.IsDuplicate(err) {
			t.Fatalf("duplicate code: %v", err)
		}
		f.edit.Code = f.add.Code
		if err := admin.UpdatePermission(db, &f.edit); !models.IsDuplicate(err) {
			t.Fatalf("duplicate code on update: %v", err)
		}
		if got, _ := admin.PermissionByID(db, f.add.ID); got.Builtin {
			t.Fatal("a permission added by an admin is built in")
		}
		seeded := &admin.MenuPermission{MenuID: f.other.ID, Code: "t:seeded", Name: "内置"}
		if err := admin.UpsertSeedPermission(db, seeded); err != nil {
			t.Fatal(err)
		}
		if got, _ := admin.PermissionByID(db, seeded.ID); !got.Builtin {
			t.Fatal("a seeded permission is not built in")
		}
	})
}
