package admin_test

import (
	"testing"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/admin"
	"sellerhub/models/dbtest"
)

func newDept(t *testing.T, db *models.DB, companyID, parentID int64, name string, sort int) *admin.Department {
	t.Helper()
	d := &admin.Department{CompanyID: companyID, ParentID: parentID, Name: name, Sort: sort}
	if err := admin.CreateDepartment(db, d); err != nil {
		t.Fatalf("create department %s: %v", name, err)
	}
	return d
}

func deptNames(rows []admin.Department) []string {
	out := make([]string, len(rows))
	for i, d := range rows {
		out[i] = d.Name
	}
	return out
}

func TestDepartmentsComeInTreeOrderWithTheirLeaders(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		sales := newDept(t, db, a.CompanyID, 0, "Sales", 2)
		newDept(t, db, a.CompanyID, 0, "Finance", 1)
		newDept(t, db, a.CompanyID, 0, "Admin", 2) // the same sort as Sales: the name decides
		newDept(t, db, a.CompanyID, sales.ID, "West", 0)
		east := newDept(t, db, a.CompanyID, sales.ID, "East", 0)
		newDept(t, db, b.CompanyID, 0, "Theirs", 0)
		east.LeaderID = &a.ID
		if err := admin.UpdateDepartment(db, east); err != nil {
			t.Fatal(err)
		}
		rows, err := admin.Departments(db, a.CompanyID)
		if err != nil {
			t.Fatal(err)
		}
		// Siblings by sort then name; the top level (parent 0) first.
		got, want := deptNames(rows), []string{"Finance", "Admin", "Sales", "East", "West"}
		if len(got) != len(want) {
			t.Fatalf("departments = %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("departments = %v, want %v", got, want)
			}
		}
		if rows[3].LeaderName != "老板甲" || rows[3].LeaderID == nil || *rows[3].LeaderID != a.ID || rows[4].LeaderID != nil {
			t.Fatalf("leaders: East %+v, West %+v", rows[3], rows[4])
		}
		if d, err := admin.DepartmentByID(db, a.CompanyID, east.ID); err != nil || d.LeaderName != "老板甲" || d.ParentID != sales.ID {
			t.Fatalf("East = %+v, %v", d, err)
		}
		if _, err := admin.DepartmentByID(db, b.CompanyID, east.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's department: %v", err)
		}
		if n, err := admin.CountChildDepartments(db, a.CompanyID, sales.ID); err != nil || n != 2 {
			t.Fatalf("children of Sales = %d, %v", n, err)
		}
		if n, err := admin.CountChildDepartments(db, b.CompanyID, sales.ID); err != nil || n != 0 {
			t.Fatalf("乙 counting 甲's children = %d, %v", n, err)
		}
	})
}

func TestDepartmentNamesAreUniqueAmongSiblingsOnly(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		sales := newDept(t, db, a.CompanyID, 0, "销售部", 0)
		if err := admin.CreateDepartment(db, &admin.Department{CompanyID: a.CompanyID, Name: "销售部"}); !models.IsDuplicate(err) {
			t.Fatalf("second top-level 销售部: want duplicate, got %v", err)
		}
		east := newDept(t, db, a.CompanyID, sales.ID, "华东组", 0)
		if err := admin.CreateDepartment(db, &admin.Department{CompanyID: a.CompanyID, ParentID: sales.ID, Name: "华东组"}); !models.IsDuplicate(err) {
			t.Fatalf("second 华东组 under 销售部: want duplicate, got %v", err)
		}
		// Elsewhere in the tree, and in another company, the name is free.
		top := newDept(t, db, a.CompanyID, 0, "华东组", 0)
		newDept(t, db, b.CompanyID, 0, "销售部", 0)
		if d, err := admin.DepartmentByName(db, a.CompanyID, sales.ID, "华东组"); err != nil || d.ID != east.ID {
			t.Fatalf("华东组 under 销售部 = %+v, %v", d, err)
		}
		if d, err := admin.DepartmentByName(db, a.CompanyID, 0, "华东组"); err != nil || d.ID != top.ID {
			t.Fatalf("top-level 华东组 = %+v, %v", d, err)
		}
		// Moving the top-level one under 销售部 meets its namesake there.
		top.ParentID = sales.ID
		if err := admin.UpdateDepartment(db, top); !models.IsDuplicate(err) {
			t.Fatalf("moving beside a namesake: want duplicate, got %v", err)
		}
		// Deleting names its company.
		if err := admin.DeleteDepartment(db, b.CompanyID, east.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's department: %v", err)
		}
		if err := admin.DeleteDepartment(db, a.CompanyID, east.ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDepartmentWithinFindsEveryAncestorSoAMoveCannotMakeACycle(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		sales := newDept(t, db, a.CompanyID, 0, "销售部", 0)
		east := newDept(t, db, a.CompanyID, sales.ID, "华东组", 0)
		shanghai := newDept(t, db, a.CompanyID, east.ID, "上海", 0)
		finance := newDept(t, db, a.CompanyID, 0, "财务部", 0)
		within := func(companyID, id, ancestor int64) bool {
			t.Helper()
			ok, err := admin.DepartmentWithin(db, companyID, id, ancestor)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		// Moving 销售部 under any of these would close a cycle.
		for _, d := range []*admin.Department{sales, east, shanghai} {
			if !within(a.CompanyID, d.ID, sales.ID) {
				t.Fatalf("%s is not found within 销售部", d.Name)
			}
		}
		if within(a.CompanyID, finance.ID, sales.ID) || within(a.CompanyID, sales.ID, east.ID) {
			t.Fatal("财务部 within 销售部, or 销售部 within 华东组")
		}
		if within(b.CompanyID, shanghai.ID, sales.ID) {
			t.Fatal("乙 sees 甲's tree")
		}
		// The service counts members before deleting.
		if err := db.Model(&accounts.User{}).Where("id = ?", a.ID).Update("dept_id", east.ID).Error; err != nil {
			t.Fatal(err)
		}
		if n, err := admin.CountDepartmentMembers(db, a.CompanyID, east.ID); err != nil || n != 1 {
			t.Fatalf("members of 华东组 = %d, %v", n, err)
		}
		if n, err := admin.CountDepartmentMembers(db, b.CompanyID, east.ID); err != nil || n != 0 {
			t.Fatalf("乙 counting 甲's members = %d, %v", n, err)
		}
		err := db.Tx(t.Context(), func(tx *models.DB) error { return admin.LockDepartments(tx, a.CompanyID) })
		if err != nil {
			t.Fatalf("lock: %v", err)
		}
	})
}
