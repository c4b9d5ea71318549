package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// menuFixture is a heading with two links, the first with two permissions, each granted to a role of each of two
// companies.
type menuFixture struct {
	heading, link, other models.Menu
	add, edit, keep      models.MenuPermission
	roleA, roleB         *models.Role
}

func newMenuFixture(t *testing.T, db *models.DB) menuFixture {
	t.Helper()
	now := time.Now()
	f := menuFixture{
		heading: models.Menu{Title: "标题", CreatedAt: now, UpdatedAt: now},
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.CreateMenu(&f.heading))
	f.link = models.Menu{ParentID: f.heading.ID, Title: "链接", Path: "/t/link", CreatedAt: now, UpdatedAt: now}
	f.other = models.Menu{ParentID: f.heading.ID, Title: "另一个", Path: "/t/other", CreatedAt: now, UpdatedAt: now}
	must(db.CreateMenu(&f.link))
	must(db.CreateMenu(&f.other))
	f.add = models.MenuPermission{MenuID: f.link.ID, Code: "t:link:add", Name: "新增", CreatedAt: now}
	f.edit = models.MenuPermission{MenuID: f.link.ID, Code: "t:link:edit", Name: "编辑", CreatedAt: now}
	f.keep = models.MenuPermission{MenuID: f.other.ID, Code: "t:other:add", Name: "新增", CreatedAt: now}
	for _, p := range []*models.MenuPermission{&f.add, &f.edit, &f.keep} {
		must(db.CreatePermission(p))
	}
	a := newCompany(t, db, "甲", "13800000101")
	b := newCompany(t, db, "乙", "13800000102")
	f.roleA, f.roleB = newRole(t, db, a.CompanyID, "文员"), newRole(t, db, b.CompanyID, "文员")
	for _, r := range []*models.Role{f.roleA, f.roleB} {
		must(db.ReplaceRoleGrants(r.CompanyID, r.ID, []int64{f.heading.ID, f.link.ID, f.other.ID},
			[]int64{f.add.ID, f.edit.ID, f.keep.ID}, now))
	}
	return f
}

func grantCounts(t *testing.T, db *models.DB, f menuFixture) (menus, perms []int) {
	t.Helper()
	for _, r := range []*models.Role{f.roleA, f.roleB} {
		m, p, err := db.RoleGrants(r.CompanyID, r.ID)
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
			if err := tx.DeleteMenu(f.link.ID); err != nil {
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
		if n := countRows(t, db, &models.MenuPermission{}, "menu_id = ?", f.link.ID); n != 2 {
			t.Fatalf("rolled back, %d permissions", n)
		}

		if err := db.Tx(ctx, func(tx *models.DB) error { return tx.DeleteMenu(f.link.ID) }); err != nil {
			t.Fatal(err)
		}
		if _, err := db.MenuByID(f.link.ID); !models.IsNotFound(err) {
			t.Fatalf("the link is still there: %v", err)
		}
		if n := countRows(t, db, &models.MenuPermission{}, "menu_id = ?", f.link.ID); n != 0 {
			t.Fatalf("%d permissions left", n)
		}
		// Both companies lose the link and its permissions and keep the rest.
		if m, p := grantCounts(t, db, f); m[0] != 2 || m[1] != 2 || p[0] != 1 || p[1] != 1 {
			t.Fatalf("grants %v %v", m, p)
		}
		if err := db.Tx(ctx, func(tx *models.DB) error { return tx.DeleteMenu(f.link.ID) }); !models.IsNotFound(err) {
			t.Fatalf("deleting again: %v", err)
		}
		if n, err := db.CountMenuChildren(f.heading.ID); err != nil || n != 1 {
			t.Fatalf("children of the heading: %d %v", n, err)
		}
	})
}

func TestDeletePermissionTakesEveryCompanysGrants(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		f := newMenuFixture(t, db)
		err := db.Tx(ctx, func(tx *models.DB) error {
			if err := tx.DeletePermission(f.add.ID); err != nil {
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
		if err := db.Tx(ctx, func(tx *models.DB) error { return tx.DeletePermission(f.add.ID) }); err != nil {
			t.Fatal(err)
		}
		if m, p := grantCounts(t, db, f); m[0] != 3 || m[1] != 3 || p[0] != 2 || p[1] != 2 {
			t.Fatalf("grants %v %v", m, p)
		}
		if _, err := db.PermissionByID(f.add.ID); !models.IsNotFound(err) {
			t.Fatalf("the permission is still there: %v", err)
		}
		if err := db.Tx(ctx, func(tx *models.DB) error { return tx.DeletePermission(f.add.ID) }); !models.IsNotFound(err) {
			t.Fatalf("deleting again: %v", err)
		}
	})
}

func TestMenuSortsAndPermissionCodes(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		f := newMenuFixture(t, db)
		if err := db.Tx(ctx, func(tx *models.DB) error {
			return tx.SetMenuSorts(f.heading.ID, []int64{f.other.ID, f.link.ID}, time.Now())
		}); err != nil {
			t.Fatal(err)
		}
		if ids, err := db.MenuChildIDs(f.heading.ID); err != nil || len(ids) != 2 || ids[0] != f.other.ID {
			t.Fatalf("order %v %v", ids, err)
		}
		if n, err := db.MaxMenuSort(f.heading.ID); err != nil || n != 20 {
			t.Fatalf("max sort %d %v", n, err)
		}
		if n, err := db.MaxMenuSort(f.link.ID); err != nil || n != 0 {
			t.Fatalf("max sort without children %d %v", n, err)
		}
		// An id that is not under the parent fails the whole order.
		err := db.Tx(ctx, func(tx *models.DB) error {
			return tx.SetMenuSorts(f.heading.ID, []int64{f.link.ID, f.heading.ID}, time.Now())
		})
		if !models.IsNotFound(err) {
			t.Fatalf("foreign id: %v", err)
		}
		if ids, _ := db.MenuChildIDs(f.heading.ID); ids[0] != f.other.ID {
			t.Fatal("a failed order was kept in part")
		}
		if id, err := db.MenuIDByPath("/t/other"); err != nil || id != f.other.ID {
			t.Fatalf("by path %d %v", id, err)
		}

		dup := &models.MenuPermission{MenuID: f.other.ID, Code: f.add.Code, Name: "重复"}
		if err := db.CreatePermission(dup); !models.IsDuplicate(err) {
			t.Fatalf("duplicate code: %v", err)
		}
		f.edit.Code = f.add.Code
		if err := db.UpdatePermission(&f.edit); !models.IsDuplicate(err) {
			t.Fatalf("duplicate code on update: %v", err)
		}
		if got, _ := db.PermissionByID(f.add.ID); got.Builtin {
			t.Fatal("a permission added by an admin is built in")
		}
		seeded := &models.MenuPermission{MenuID: f.other.ID, Code: "t:seeded", Name: "内置"}
		if err := db.UpsertSeedPermission(seeded); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.PermissionByID(seeded.ID); !got.Builtin {
			t.Fatal("a seeded permission is not built in")
		}
	})
}
