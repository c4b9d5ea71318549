package reference_test

import (
	"fmt"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/admin"
	"sellerhub/models/dbtest"
	"sellerhub/models/reference"
)

func newTagGroup(t *testing.T, db *models.DB, companyID int64, name string) *reference.TagGroup {
	t.Helper()
	g := &reference.TagGroup{CompanyID: companyID, Name: name}
	if err := reference.CreateTagGroup(db, g); err != nil {
		t.Fatalf("create group %s: %v", name, err)
	}
	return g
}

func newTag(t *testing.T, db *models.DB, companyID, groupID int64, name string) *reference.Tag {
	t.Helper()
	tag := &reference.Tag{CompanyID: companyID, GroupID: groupID, Name: name, Color: "#FF0000"}
	if err := reference.CreateTag(db, tag); err != nil {
		t.Fatalf("create tag %s: %v", name, err)
	}
	return tag
}

func TestTagsAndGroupsAreNamedUniquelyPerCompanyAndStayInIt(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		colors := newTagGroup(t, db, a.CompanyID, "颜色")
		if err := reference.CreateTagGroup(db, &reference.TagGroup{CompanyID: a.CompanyID, Name: "颜色"}); !models.IsDuplicate(err) {
			t.Fatalf("second 颜色 group in 甲: want duplicate, got %v", err)
		}
		theirs := newTagGroup(t, db, b.CompanyID, "颜色")
		red := newTag(t, db, a.CompanyID, colors.ID, "红色")
		if err := reference.CreateTag(db, &reference.Tag{CompanyID: a.CompanyID, GroupID: colors.ID, Name: "红色"}); !models.IsDuplicate(err) {
			t.Fatalf("second 红色 in 甲: want duplicate, got %v", err)
		}
		newTag(t, db, b.CompanyID, theirs.ID, "红色")

		got, err := reference.TagByID(db, a.CompanyID, red.ID)
		if err != nil || got.GroupName != "颜色" || got.Color != "#FF0000" {
			t.Fatalf("red = %+v, %v", got, err)
		}
		if _, err := reference.TagByID(db, b.CompanyID, red.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's tag: %v", err)
		}
		if _, err := reference.TagGroupByID(db, a.CompanyID, theirs.ID); !models.IsNotFound(err) {
			t.Fatalf("甲 reading 乙's group: %v", err)
		}
		if err := reference.DeleteTag(db, b.CompanyID, red.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's tag: %v", err)
		}
		if err := reference.DeleteTagGroup(db, b.CompanyID, colors.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's group: %v", err)
		}
		// An update names its company: 甲's ids under 乙 change nothing.
		stolen := *red
		stolen.CompanyID, stolen.Name = b.CompanyID, "改掉"
		if err := reference.UpdateTag(db, &stolen); err != nil {
			t.Fatal(err)
		}
		stolenGroup := *colors
		stolenGroup.CompanyID, stolenGroup.Name = b.CompanyID, "改掉"
		if err := reference.UpdateTagGroup(db, &stolenGroup); err != nil {
			t.Fatal(err)
		}
		if got, _ := reference.TagByID(db, a.CompanyID, red.ID); got.Name != "红色" || got.GroupName != "颜色" {
			t.Fatalf("after 乙's update: %+v", got)
		}
		// The database itself keeps a group with tags: the rule's last line of defence.
		if n, err := reference.CountTagsInGroup(db, a.CompanyID, colors.ID); err != nil || n != 1 {
			t.Fatalf("tags in 颜色 = %d, %v", n, err)
		}
		if err := reference.DeleteTagGroup(db, a.CompanyID, colors.ID); err == nil {
			t.Fatal("a group with tags was deleted")
		}
		if err := reference.DeleteTag(db, a.CompanyID, red.ID); err != nil {
			t.Fatal(err)
		}
		if err := reference.DeleteTagGroup(db, a.CompanyID, colors.ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestTagPagesFilterSortAndCount(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		colors := newTagGroup(t, db, a.CompanyID, "颜色")
		seasons := newTagGroup(t, db, a.CompanyID, "季节")
		for i := range 12 {
			newTag(t, db, a.CompanyID, colors.ID, fmt.Sprintf("色%02d", i))
		}
		newTag(t, db, a.CompanyID, seasons.ID, "夏季_100%")
		if rows, total, err := reference.TagPage(db, a.CompanyID, 0, models.NamedList{Offset: 10, Limit: 10}); err != nil || total != 13 || len(rows) != 3 {
			t.Fatalf("page 2 = %d rows of %d, %v", len(rows), total, err)
		}
		rows, total, err := reference.TagPage(db, a.CompanyID, colors.ID, models.NamedList{Offset: 10, Limit: 10})
		if err != nil || total != 12 || len(rows) != 2 || rows[0].Name != "色10" || rows[1].Name != "色11" {
			t.Fatalf("颜色 page 2 = %+v of %d, %v", rows, total, err)
		}
		rows, total, err = reference.TagPage(db, a.CompanyID, colors.ID, models.NamedList{OrderBy: "name", Desc: true, Limit: 2})
		if err != nil || total != 12 || rows[0].Name != "色11" || rows[0].GroupName != "颜色" {
			t.Fatalf("颜色 desc = %+v of %d, %v", rows, total, err)
		}
		// % and _ are taken literally.
		rows, total, err = reference.TagPage(db, a.CompanyID, 0, models.NamedList{Name: "_100%", Limit: 10})
		if err != nil || total != 1 || rows[0].Name != "夏季_100%" || rows[0].GroupName != "季节" {
			t.Fatalf("literal filter = %+v of %d, %v", rows, total, err)
		}
		groups, total, err := reference.TagGroupPage(db, a.CompanyID, models.NamedList{Name: "颜", Limit: 10})
		if err != nil || total != 1 || groups[0].ID != colors.ID {
			t.Fatalf("groups = %+v of %d, %v", groups, total, err)
		}
		if all, err := reference.TagGroups(db, a.CompanyID, 10); err != nil || len(all) != 2 {
			t.Fatalf("group options = %+v, %v", all, err)
		}
	})
}

func TestClientsAndCustomersAreNamedUniquelyPerCompanyAndStayInIt(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		cl := &reference.Client{CompanyID: a.CompanyID, Name: "深圳云仓", Code: "SZ01", Phone: "+86 755-1234"}
		if err := reference.CreateClient(db, cl); err != nil {
			t.Fatal(err)
		}
		if err := reference.CreateClient(db, &reference.Client{CompanyID: a.CompanyID, Name: "深圳云仓"}); !models.IsDuplicate(err) {
			t.Fatalf("second client: %v", err)
		}
		if err := reference.CreateClient(db, &reference.Client{CompanyID: b.CompanyID, Name: "深圳云仓"}); err != nil {
			t.Fatalf("乙's client of the same name: %v", err)
		}
		cu := &reference.Customer{CompanyID: a.CompanyID, Name: "John Smith", Platform: "Amazon", Country: "US"}
		if err := reference.CreateCustomer(db, cu); err != nil {
			t.Fatal(err)
		}
		if err := reference.CreateCustomer(db, &reference.Customer{CompanyID: a.CompanyID, Name: "John Smith"}); !models.IsDuplicate(err) {
			t.Fatalf("second customer: %v", err)
		}
		if _, err := reference.ClientByID(db, b.CompanyID, cl.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's client: %v", err)
		}
		if _, err := reference.CustomerByID(db, b.CompanyID, cu.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 reading 甲's customer: %v", err)
		}
		if err := reference.DeleteClient(db, b.CompanyID, cl.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's client: %v", err)
		}
		if err := reference.DeleteCustomer(db, b.CompanyID, cu.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleting 甲's customer: %v", err)
		}
		stolen := *cl
		stolen.CompanyID, stolen.Name = b.CompanyID, "改掉"
		if err := reference.UpdateClient(db, &stolen); err != nil {
			t.Fatal(err)
		}
		stolenCustomer := *cu
		stolenCustomer.CompanyID, stolenCustomer.Name = b.CompanyID, "改掉"
		if err := reference.UpdateCustomer(db, &stolenCustomer); err != nil {
			t.Fatal(err)
		}
		cl.Contact, cu.Email = "王经理", "john@example.com"
		if err := reference.UpdateClient(db, cl); err != nil {
			t.Fatal(err)
		}
		if err := reference.UpdateCustomer(db, cu); err != nil {
			t.Fatal(err)
		}
		if got, _ := reference.ClientByName(db, a.CompanyID, "深圳云仓"); got.Contact != "王经理" || got.Code != "SZ01" {
			t.Fatalf("client = %+v", got)
		}
		if got, _ := reference.CustomerByName(db, a.CompanyID, "John Smith"); got.Email != "john@example.com" || got.Country != "US" {
			t.Fatalf("customer = %+v", got)
		}
		rows, total, err := reference.ClientPage(db, a.CompanyID, models.NamedList{Name: "云仓", Limit: 10})
		if err != nil || total != 1 || rows[0].ID != cl.ID {
			t.Fatalf("clients = %+v of %d, %v", rows, total, err)
		}
		customers, total, err := reference.CustomerPage(db, a.CompanyID, models.NamedList{OrderBy: "created_at", Desc: true, Limit: 10})
		if err != nil || total != 1 || customers[0].ID != cu.ID {
			t.Fatalf("customers = %+v of %d, %v", customers, total, err)
		}
		if err := reference.DeleteClient(db, a.CompanyID, cl.ID); err != nil {
			t.Fatal(err)
		}
		if err := reference.DeleteCustomer(db, a.CompanyID, cu.ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOperationLogPagesByCompanyFilterAndTime(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		day := time.Date(2025, 3, 1, 2, 0, 0, 0, time.UTC)
		add := func(companyID int64, user, action string, at time.Time) {
			t.Helper()
			l := &admin.OperationLog{CompanyID: companyID, UserID: 1, UserName: user, Method: "POST", Path: "/x",
				Action: action, Detail: `{"name":"x"}`, IP: "127.0.0.1", Status: 200, CreatedAt: at}
			if err := admin.CreateOperationLog(db, l); err != nil {
				t.Fatal(err)
			}
		}
		add(a.CompanyID, "老板甲", "新增字典", day)
		add(a.CompanyID, "员工1", "删除标签", day.Add(24*time.Hour))
		add(a.CompanyID, "老板甲", "编辑字典", day.Add(48*time.Hour))
		add(b.CompanyID, "老板乙", "新增字典", day)

		rows, total, err := admin.OperationLogPage(db, a.CompanyID, admin.OperationLogFilter{}, false, 0, 10)
		if err != nil || total != 3 || rows[0].Action != "编辑字典" || rows[2].Action != "新增字典" {
			t.Fatalf("newest first = %+v of %d, %v", rows, total, err)
		}
		if rows, _, _ := admin.OperationLogPage(db, a.CompanyID, admin.OperationLogFilter{}, true, 0, 1); rows[0].Action != "新增字典" {
			t.Fatalf("oldest first = %+v", rows)
		}
		_, total, _ = admin.OperationLogPage(db, a.CompanyID, admin.OperationLogFilter{User: "老板"}, false, 0, 10)
		if total != 2 {
			t.Fatalf("by user: %d", total)
		}
		_, total, _ = admin.OperationLogPage(db, a.CompanyID, admin.OperationLogFilter{Action: "字典"}, false, 0, 10)
		if total != 2 {
			t.Fatalf("by action: %d", total)
		}
		rows, total, _ = admin.OperationLogPage(db, a.CompanyID, admin.OperationLogFilter{From: day.Add(time.Hour), To: day.Add(48 * time.Hour)}, false, 0, 10)
		if total != 1 || rows[0].Action != "删除标签" {
			t.Fatalf("by time = %+v of %d", rows, total)
		}
		if rows, total, _ := admin.OperationLogPage(db, b.CompanyID, admin.OperationLogFilter{}, false, 0, 10); total != 1 || rows[0].UserName != "老板乙" {
			t.Fatalf("乙's log = %+v", rows)
		}
	})
}
