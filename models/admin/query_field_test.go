package admin_test

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/admin"
	"sellerhub/models/dbtest"
)

func cols(fields ...string) []admin.SavedColumn {
	out := make([]admin.SavedColumn, len(fields))
	for i, f := range fields {
		out[i] = admin.SavedColumn{Ffield: f, Findex: i, IsShow: i%2 == 0}
	}
	return out
}

func saveVersion(t *testing.T, db *models.DB, u *accounts.User, queryname, name string, fields ...string) *admin.QueryFieldVersion {
	t.Helper()
	at := time.Now().UTC().Truncate(time.Microsecond)
	v := &admin.QueryFieldVersion{CompanyID: u.CompanyID, UserID: u.ID, Queryname: queryname, Versionname: name,
		FieldList: cols(fields...), CreatedAt: at, UpdatedAt: at}
	if err := admin.SaveQueryFieldVersion(db, v); err != nil {
		t.Fatalf("save version %s: %v", name, err)
	}
	return v
}

// inUse returns the name of the user's version in use for the list, or "" for the defaults.
func inUse(t *testing.T, db *models.DB, u *accounts.User, queryname string) string {
	t.Helper()
	v, err := admin.QueryFieldsInUse(db, u.CompanyID, u.ID, queryname)
	if models.IsNotFound(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return v.Versionname
}

func TestOneQueryFieldVersionInUse(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		if got := inUse(t, db, owner, "dictList"); got != "" {
			t.Fatalf("in use before any save = %q", got)
		}
		a := saveVersion(t, db, owner, "dictList", "甲版", "name", "code")
		saveVersion(t, db, owner, "dictList", "乙版", "code")
		saveVersion(t, db, owner, "roleList", "角色版", "name")
		if got := inUse(t, db, owner, "dictList"); got != "乙版" {
			t.Fatalf("in use after two saves = %q, want the last saved", got)
		}
		versions, err := admin.QueryFieldVersions(db, owner.CompanyID, owner.ID, "dictList")
		if err != nil {
			t.Fatal(err)
		}
		if len(versions) != 2 || versions[0].Versionname != "甲版" || bool(versions[0].InUse) || !bool(versions[1].InUse) ||
			!reflect.DeepEqual(versions[0].FieldList, cols("name", "code")) || !reflect.DeepEqual(versions[1].FieldList, cols("code")) {
			t.Fatalf("versions = %+v", versions)
		}

		used, err := admin.UseQueryFieldVersion(db, owner.CompanyID, owner.ID, a.ID)
		if err != nil || !bool(used.InUse) || !reflect.DeepEqual(used.FieldList, cols("name", "code")) {
			t.Fatalf("use 甲版: %+v, %v", used, err)
		}
		if got := inUse(t, db, owner, "dictList"); got != "甲版" {
			t.Fatalf("in use after choosing 甲版 = %q", got)
		}
		if got := inUse(t, db, owner, "roleList"); got != "角色版" {
			t.Fatalf("another list's choice changed: %q", got)
		}

		if err := admin.UseDefaultQueryFields(db, owner.CompanyID, owner.ID, "dictList"); err != nil {
			t.Fatal(err)
		}
		if got := inUse(t, db, owner, "dictList"); got != "" {
			t.Fatalf("in use after going back to the defaults = %q", got)
		}
		if versions, _ := admin.QueryFieldVersions(db, owner.CompanyID, owner.ID, "dictList"); len(versions) != 2 {
			t.Fatalf("going back to the defaults deleted versions: %+v", versions)
		}

		// The database itself refuses a second version in use, whatever the code above it does.
		db.Model(&admin.QueryFieldVersion{}).Where("id = ?", a.ID).UpdateColumn("in_use", admin.UseMark(true))
		b := saveVersion(t, db, owner, "dictList", "丙版", "code")
		err = db.Model(&admin.QueryFieldVersion{}).Where("id = ?", a.ID).UpdateColumn("in_use", admin.UseMark(true)).Error
		if !models.IsDuplicate(err) {
			t.Fatalf("second version in use: want a duplicate-key error, got %v", err)
		}
		if got := inUse(t, db, owner, "dictList"); got != b.Versionname {
			t.Fatalf("in use = %q, want 丙版", got)
		}
	})
}

func TestSavingAnExistingNameReplacesItsColumns(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		first := saveVersion(t, db, owner, "dictList", "常用", "name", "code", "status")
		saveVersion(t, db, owner, "dictList", "其他", "name")
		again := saveVersion(t, db, owner, "dictList", "常用", "status", "name")
		if again.ID != first.ID || !again.CreatedAt.Equal(first.CreatedAt) {
			t.Fatalf("replacing made a new version: %d/%v, was %d/%v", again.ID, again.CreatedAt, first.ID, first.CreatedAt)
		}
		v, err := admin.QueryFieldsInUse(db, owner.CompanyID, owner.ID, "dictList")
		if err != nil || v.ID != first.ID || !reflect.DeepEqual(v.FieldList, cols("status", "name")) {
			t.Fatalf("in use after replacing: %+v, %v", v, err)
		}
		if versions, _ := admin.QueryFieldVersions(db, owner.CompanyID, owner.ID, "dictList"); len(versions) != 2 {
			t.Fatalf("versions after replacing = %+v, want 2", versions)
		}

		at := time.Now().UTC().Truncate(time.Microsecond).Add(time.Second)
		saved, err := admin.SaveQueryFieldColumns(db, owner.CompanyID, owner.ID, first.ID, cols("code"), at)
		if err != nil || !saved.UpdatedAt.Equal(at) {
			t.Fatalf("save columns: %+v, %v", saved, err)
		}
		v, _ = admin.QueryFieldVersionOf(db, owner.CompanyID, owner.ID, first.ID)
		if !reflect.DeepEqual(v.FieldList, cols("code")) || !bool(v.InUse) {
			t.Fatalf("after saving columns: %+v", v)
		}
	})
}

func TestDeletingAVersionTakesItsColumnsAndReleasesTheList(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		kept := saveVersion(t, db, owner, "dictList", "留下", "name")
		gone := saveVersion(t, db, owner, "dictList", "删除", "code")
		if err := admin.DeleteQueryFieldVersion(db, owner.CompanyID, owner.ID, gone.ID); err != nil {
			t.Fatal(err)
		}
		if got := inUse(t, db, owner, "dictList"); got != "" {
			t.Fatalf("in use after deleting the version in use = %q, want the defaults", got)
		}
		var n int64
		db.Model(&admin.QueryFieldVersion{}).Where("id = ?", gone.ID).Count(&n)
		if n != 0 {
			t.Fatal("the deleted version is still stored")
		}
		if err := admin.DeleteQueryFieldVersion(db, owner.CompanyID, owner.ID, gone.ID); !models.IsNotFound(err) {
			t.Fatalf("deleting twice: want not found, got %v", err)
		}
		if _, err := admin.QueryFieldVersionOf(db, owner.CompanyID, owner.ID, kept.ID); err != nil {
			t.Fatalf("the other version went too: %v", err)
		}
	})
}

func TestUsersOnlyReachTheirOwnVersions(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		colleague := dbtest.SubUser(t, db, owner, "13800000002")
		stranger := dbtest.NewCompany(t, db, "乙", "13800000003")
		mine := saveVersion(t, db, owner, "dictList", "常用", "name", "code")
		// The same name is another user's own version.
		theirs := saveVersion(t, db, colleague, "dictList", "常用", "status")
		if theirs.ID == mine.ID {
			t.Fatal("a colleague's save replaced the owner's version")
		}
		if got := inUse(t, db, owner, "dictList"); got != "常用" {
			t.Fatalf("a colleague's choice changed the owner's: %q", got)
		}
		at := time.Now().UTC()
		for _, u := range []*accounts.User{colleague, stranger} {
			if _, err := admin.QueryFieldVersionOf(db, u.CompanyID, u.ID, mine.ID); !models.IsNotFound(err) {
				t.Errorf("%s reads the owner's version: %v", u.Account, err)
			}
			if _, err := admin.SaveQueryFieldColumns(db, u.CompanyID, u.ID, mine.ID, cols("remark"), at); !models.IsNotFound(err) {
				t.Errorf("%s saves into the owner's version: %v", u.Account, err)
			}
			if _, err := admin.UseQueryFieldVersion(db, u.CompanyID, u.ID, mine.ID); !models.IsNotFound(err) {
				t.Errorf("%s uses the owner's version: %v", u.Account, err)
			}
			if err := admin.DeleteQueryFieldVersion(db, u.CompanyID, u.ID, mine.ID); !models.IsNotFound(err) {
				t.Errorf("%s deletes the owner's version: %v", u.Account, err)
			}
			if err := admin.UseDefaultQueryFields(db, u.CompanyID, u.ID, "dictList"); err != nil {
				t.Fatal(err)
			}
		}
		// The owner's company id with the colleague's user id, and the reverse, reach nothing either.
		if _, err := admin.QueryFieldVersionOf(db, stranger.CompanyID, owner.ID, mine.ID); !models.IsNotFound(err) {
			t.Errorf("another company's id reads the owner's version: %v", err)
		}
		v, err := admin.QueryFieldsInUse(db, owner.CompanyID, owner.ID, "dictList")
		if err != nil || v.ID != mine.ID || !reflect.DeepEqual(v.FieldList, cols("name", "code")) {
			t.Fatalf("the owner's version changed: %+v, %v", v, err)
		}
		if versions, _ := admin.QueryFieldVersions(db, stranger.CompanyID, stranger.ID, "dictList"); len(versions) != 0 {
			t.Fatalf("a stranger lists %+v", versions)
		}
		if versions, _ := admin.QueryFieldVersions(db, colleague.CompanyID, colleague.ID, "dictList"); len(versions) != 1 ||
			versions[0].ID != theirs.ID {
			t.Fatalf("the colleague lists %+v", versions)
		}
	})
}

func TestConcurrentSavesTakeTurns(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Half of them write the same name, the rest a name each.
				name := "同名"
				if i%2 == 1 {
					name = fmt.Sprintf("版本%d", i)
				}
				at := time.Now().UTC().Truncate(time.Microsecond)
				errs <- admin.SaveQueryFieldVersion(db, &admin.QueryFieldVersion{CompanyID: owner.CompanyID, UserID: owner.ID,
					Queryname: "dictList", Versionname: name, FieldList: cols("name"), CreatedAt: at, UpdatedAt: at})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("concurrent save: %v", err)
			}
		}
		versions, err := admin.QueryFieldVersions(db, owner.CompanyID, owner.ID, "dictList")
		if err != nil {
			t.Fatal(err)
		}
		used := 0
		for _, v := range versions {
			if v.InUse {
				used++
			}
		}
		if len(versions) != 9 || used != 1 {
			t.Fatalf("%d versions with %d in use, want 9 with 1", len(versions), used)
		}
	})
}
