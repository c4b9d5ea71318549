package notify_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	messagesdb "sellerhub/models/messages"
)

const base = "/admin/api/v1/notify/"

type item struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Content   string `json:"content"`
	CreatedAt string `json:"createdAt"`
	IsRead    bool   `json:"isRead"`
	Action    string `json:"action"`
	Ftype     int    `json:"ftype"`
	Tag       string `json:"tag"`
}

type page struct {
	Records []item `json:"records"`
	Total   int64  `json:"total"`
	Size    int    `json:"size"`
	Current int    `json:"current"`
	Pages   int64  `json:"pages"`
}

var dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

func publish(t *testing.T, c *apptest.Client, body map[string]any) string {
	t.Helper()
	env := c.Call(http.MethodPost, base+"addAnnounce", body)
	apptest.ExpectOK(t, env)
	id := env.String(t)
	if !regexp.MustCompile(`^\d+$`).MatchString(id) {
		t.Fatalf("addAnnounce id = %q, want a decimal string", id)
	}
	return id
}

func pull(t *testing.T, c *apptest.Client) int64 {
	t.Helper()
	env := c.Call(http.MethodGet, base+"pullMessage", nil)
	apptest.ExpectOK(t, env)
	var d struct {
		Delivered int64 `json:"delivered"`
	}
	env.Into(t, &d)
	return d.Delivered
}

func counts(t *testing.T, c *apptest.Client) string {
	t.Helper()
	env := c.Call(http.MethodGet, base+"findNitofyNums", nil)
	apptest.ExpectOK(t, env)
	return string(env.Data)
}

func list(t *testing.T, c *apptest.Client, method, call string, body any) []item {
	t.Helper()
	env := c.Call(method, base+call, body)
	apptest.ExpectOK(t, env)
	var items []item
	env.Into(t, &items)
	return items
}

func pageOf(t *testing.T, c *apptest.Client, call string, body any) page {
	t.Helper()
	env := c.Call(http.MethodPost, base+call, body)
	apptest.ExpectOK(t, env)
	var p page
	env.Into(t, &p)
	return p
}

func markRead(t *testing.T, c *apptest.Client, ids ...string) int64 {
	t.Helper()
	env := c.Call(http.MethodPost, base+"markRead", map[string]any{"ids": ids})
	apptest.ExpectOK(t, env)
	var d struct {
		Marked int64 `json:"marked"`
	}
	env.Into(t, &d)
	return d.Marked
}

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []string{"GET pullMessage", "GET findNitofyNums", "GET findNoReadByUserAll", "GET getMsgLimit",
		"POST getAnnounce", "POST getRemind", "POST getMessage", "GET updateAllTargets", "POST updateAllTargets",
		"POST markRead", "POST addAnnounce", "GET export?ftype=1"} {
		method, path, _ := strings.Cut(call, " ")
		apptest.Expect(t, c.Call(method, base+path, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

func TestPublishDeliverListAndRead(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	id := publish(t, owner, map[string]any{"title": "  系统升级通知 ", "content": "今晚22点升级", "action": "timely"})

	// Nothing is delivered until the pull, which delivers once; the counts include what it is going to deliver.
	if got := counts(t, owner); got != `[{"ftype":1,"nums":1},{"ftype":2,"nums":0},{"ftype":3,"nums":0}]` {
		t.Fatalf("counts before the pull = %s", got)
	}
	if n := pull(t, owner); n != 1 {
		t.Fatalf("pull delivered %d, want 1", n)
	}
	if n := pull(t, owner); n != 0 {
		t.Fatalf("second pull delivered %d, want 0", n)
	}
	if got := counts(t, owner); got != `[{"ftype":1,"nums":1},{"ftype":2,"nums":0},{"ftype":3,"nums":0}]` {
		t.Fatalf("counts after the pull = %s", got)
	}

	latest := list(t, owner, http.MethodGet, "getMsgLimit", nil)
	if len(latest) != 1 {
		t.Fatalf("getMsgLimit = %+v", latest)
	}
	got := latest[0]
	if got.ID != id || got.Title != "【系统公告】系统升级通知" || got.Tag != "系统公告" || got.Content != "今晚22点升级" ||
		got.Action != "timely" || got.Ftype != 1 || got.IsRead || !dateTime.MatchString(got.CreatedAt) {
		t.Fatalf("announcement = %+v", got)
	}
	popup := list(t, owner, http.MethodGet, "findNoReadByUserAll", nil)
	if len(popup) != 1 || popup[0] != got {
		t.Fatalf("findNoReadByUserAll = %+v", popup)
	}
	p := pageOf(t, owner, "getAnnounce", map[string]any{"currentpage": 1, "pagesize": 10})
	if p.Total != 1 || p.Size != 10 || p.Current != 1 || p.Pages != 1 || len(p.Records) != 1 || p.Records[0] != got {
		t.Fatalf("getAnnounce = %+v", p)
	}
	// Listing marked nothing read.
	if got := counts(t, owner); !strings.Contains(got, `{"ftype":1,"nums":1}`) {
		t.Fatalf("listing changed the counts: %s", got)
	}

	if n := markRead(t, owner, id); n != 1 {
		t.Fatalf("markRead marked %d, want 1", n)
	}
	if n := markRead(t, owner, id); n != 0 {
		t.Fatalf("marking again marked %d, want 0", n)
	}
	if items := list(t, owner, http.MethodGet, "findNoReadByUserAll", nil); len(items) != 0 {
		t.Fatalf("read item still in the pop-up: %+v", items)
	}
	if p := pageOf(t, owner, "getAnnounce", nil); len(p.Records) != 1 || !p.Records[0].IsRead {
		t.Fatalf("announcement after reading: %+v", p)
	}
}

// An older client asks for the badge's count (ftype 2) while it pulls, and shows the 提醒 pop-up after the pull:
// the count includes what the pull delivers, so the two agree on a first load, and again after it. Each item
// carries its time as createdat too, the name those clients read.
func TestBadgeAndPopUpAgreeOnAFirstLoad(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	member := h.Member("13700000001", "13700000002", false)
	publish(t, owner, map[string]any{"title": "今晚盘点", "content": "18点前完成", "action": "timely", "ftype": 2})

	want := `[{"ftype":1,"nums":0},{"ftype":2,"nums":1},{"ftype":3,"nums":0}]`
	if got := counts(t, member); got != want {
		t.Fatalf("counts before the first pull = %s, want %s", got, want)
	}
	if n := pull(t, member); n != 1 {
		t.Fatalf("pull delivered %d, want 1", n)
	}
	env := member.Call(http.MethodGet, base+"findNoReadByUserAll", nil)
	apptest.ExpectOK(t, env)
	var popup []map[string]any
	env.Into(t, &popup)
	if len(popup) != 1 || popup[0]["ftype"] != float64(2) || popup[0]["action"] != "timely" ||
		!dateTime.MatchString(fmt.Sprint(popup[0]["createdAt"])) || popup[0]["createdat"] != popup[0]["createdAt"] {
		t.Fatalf("pop-up = %v", popup)
	}
	if got := counts(t, member); got != want {
		t.Fatalf("counts after the pull = %s, want %s", got, want)
	}
	env = member.Call(http.MethodPost, base+"getRemind", map[string]any{"currentpage": 1, "pagesize": 10})
	apptest.ExpectOK(t, env)
	var remind struct{ Records []map[string]any }
	env.Into(t, &remind)
	if len(remind.Records) != 1 || remind.Records[0]["createdat"] != popup[0]["createdAt"] {
		t.Fatalf("getRemind = %v", remind.Records)
	}
}

func TestTitleTagIsKeptOrAdded(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	publish(t, owner, map[string]any{"title": "【放假通知】国庆放假", "content": "放假七天"})
	publish(t, owner, map[string]any{"title": "【】没有标签", "content": "内容"})
	publish(t, owner, map[string]any{"title": "提醒大家", "content": "内容", "ftype": 2})
	pull(t, owner)
	ann := list(t, owner, http.MethodGet, "getMsgLimit", nil)
	if len(ann) != 2 || ann[0].Title != "【系统公告】没有标签" || ann[1].Tag != "放假通知" || ann[1].Title != "【放假通知】国庆放假" {
		t.Fatalf("announcements = %+v", ann)
	}
	rem := pageOf(t, owner, "getRemind", nil)
	if rem.Total != 1 || rem.Records[0].Title != "【系统提醒】提醒大家" || rem.Records[0].Tag != "系统提醒" || rem.Records[0].Ftype != 2 {
		t.Fatalf("getRemind = %+v", rem)
	}
}

func TestAddAnnounceValidation(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	good := map[string]any{"title": "标题", "content": "内容", "action": ""}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for key, val := range good {
			out[key] = val
		}
		out[k] = v
		return out
	}
	for _, tc := range []struct {
		body map[string]any
		msg  string
	}{
		{with("title", " "), "标题不能为空"},
		{with("title", "【系统公告】 "), "标题不能为空"},
		{with("title", strings.Repeat("标", 101)), "标题不能超过100个字符"},
		{with("content", "\n"), "内容不能为空"},
		{with("content", strings.Repeat("字", 5001)), "内容不能超过5000个字符"},
		{with("action", "now"), "紧急程度不正确"},
		{with("ftype", 3), "消息类型不正确"},
		{with("ftype", 9), "消息类型不正确"},
	} {
		apptest.Expect(t, owner.Call(http.MethodPost, base+"addAnnounce", tc.body), 400, "A0400", tc.msg)
	}
	apptest.Expect(t, owner.Call(http.MethodPost, base+"addAnnounce", map[string]any{"title": 1}), 400, "A0400", "请求格式不正确")
	publish(t, owner, with("title", strings.Repeat("标", 100)))
}

func TestAddAnnounceIsForTheCompanysAdmins(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	clerk := h.Member("13700000001", "13700000002", false)
	admin := h.Member("13700000001", "13700000003", true)
	apptest.Expect(t, clerk.Call(http.MethodPost, base+"addAnnounce", map[string]any{"title": "标题", "content": "内容"}),
		401, "A0301", "访问未授权")
	// A refused user learns nothing about the input either.
	apptest.Expect(t, clerk.Call(http.MethodPost, base+"addAnnounce", map[string]any{}), 401, "A0301", "访问未授权")
	publish(t, admin, map[string]any{"title": "管理员发的", "content": "内容"})
	for _, c := range []*apptest.Client{owner, clerk, admin} {
		if n := pull(t, c); n != 1 {
			t.Fatalf("a member of the company pulled %d, want 1", n)
		}
	}
}

func TestMarkReadRefusesBadIDs(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	call := func(body any) apptest.Envelope { return owner.Call(http.MethodPost, base+"markRead", body) }
	apptest.Expect(t, call(map[string]any{}), 400, "A0400", "请选择要标记为已读的消息")
	apptest.Expect(t, call(map[string]any{"ids": []string{}}), 400, "A0400", "请选择要标记为已读的消息")
	apptest.Expect(t, call(map[string]any{"ids": []string{"12", "abc"}}), 400, "A0400", "消息编号不正确")
	apptest.Expect(t, call(map[string]any{"ids": []string{"-5"}}), 400, "A0400", "消息编号不正确")
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	apptest.Expect(t, call(map[string]any{"ids": many}), 400, "A0400", "一次最多标记100条消息")
	if n := markRead(t, owner, "12345"); n != 0 {
		t.Fatalf("an unknown id marked %d", n)
	}
}

func TestEmptyListsAreEmptyLists(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	for _, call := range []string{"getMsgLimit", "findNoReadByUserAll"} {
		_, body := owner.Raw(http.MethodGet, base+call, "", nil)
		if !strings.Contains(string(body), `"data":[]`) {
			t.Fatalf("%s with nothing: %s", call, body)
		}
	}
	_, body := owner.Raw(http.MethodPost, base+"getMessage", "", nil)
	if !strings.Contains(string(body), `"data":{"records":[],"total":0,"size":10,"current":1,"pages":0}`) {
		t.Fatalf("getMessage with nothing: %s", body)
	}
}

func TestPagesAreNewestFirstAndCapped(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	u, err := accountsdb.UserByAccount(h.DB, "13700000001")
	if err != nil {
		t.Fatal(err)
	}
	// Reminders and private messages come from other modules; they are stored addressed to the user.
	at := time.Now().UTC().Truncate(time.Microsecond)
	for i := range 12 {
		n := &messagesdb.Notification{CompanyID: u.CompanyID, SenderID: u.ID, RecipientID: &u.ID, Ftype: messagesdb.FtypeReminder,
			Title: fmt.Sprintf("【库存提醒】第%02d条", i), Content: "内容", CreatedAt: at.Add(time.Duration(i) * time.Second)}
		if err := messagesdb.CreateNotification(h.DB, n); err != nil {
			t.Fatal(err)
		}
	}
	p := pageOf(t, owner, "getRemind", map[string]any{"currentpage": 2, "pagesize": 10})
	if p.Total != 12 || p.Size != 10 || p.Current != 2 || p.Pages != 2 || len(p.Records) != 2 ||
		p.Records[0].Title != "【库存提醒】第01条" || p.Records[1].Title != "【库存提醒】第00条" || p.Records[0].Tag != "库存提醒" {
		t.Fatalf("second page = %+v", p)
	}
	p = pageOf(t, owner, "getRemind", map[string]any{"currentpage": 0, "pagesize": 1000})
	if p.Size != 100 || p.Current != 1 || p.Pages != 1 || len(p.Records) != 12 || p.Records[0].Title != "【库存提醒】第11条" {
		t.Fatalf("capped page: size %d current %d pages %d records %d", p.Size, p.Current, p.Pages, len(p.Records))
	}
	if p := pageOf(t, owner, "getMessage", nil); p.Total != 0 {
		t.Fatalf("reminders listed as messages: %+v", p)
	}
	if got := counts(t, owner); got != `[{"ftype":1,"nums":0},{"ftype":2,"nums":12},{"ftype":3,"nums":0}]` {
		t.Fatalf("counts = %s", got)
	}
}

func TestPopUpShowsTheLastTenDays(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	publish(t, owner, map[string]any{"title": "紧急", "content": "内容", "action": "timely"})
	pull(t, owner)
	if items := list(t, owner, http.MethodGet, "findNoReadByUserAll", nil); len(items) != 1 || items[0].Action != "timely" {
		t.Fatalf("pop-up = %+v", items)
	}
	h.Clock.Advance(9 * 24 * time.Hour)
	if items := list(t, owner, http.MethodGet, "findNoReadByUserAll", nil); len(items) != 1 {
		t.Fatalf("pop-up after 9 days = %+v", items)
	}
	h.Clock.Advance(2 * 24 * time.Hour)
	if items := list(t, owner, http.MethodGet, "findNoReadByUserAll", nil); len(items) != 0 {
		t.Fatalf("pop-up after 11 days = %+v", items)
	}
	// Still unread and listed: only the pop-up's window moved.
	if got := counts(t, owner); !strings.Contains(got, `{"ftype":1,"nums":1}`) {
		t.Fatalf("counts = %s", got)
	}
}

func TestUpdateAllTargetsMarksEverythingRead(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		publish(t, owner, map[string]any{"title": "一", "content": "内容"})
		publish(t, owner, map[string]any{"title": "二", "content": "内容"})
		pull(t, owner)
		env := owner.Call(method, base+"updateAllTargets", nil)
		apptest.ExpectOK(t, env)
		if env.String(t) != "success" {
			t.Fatalf("%s updateAllTargets data = %s", method, env.Data)
		}
		if got := counts(t, owner); got != `[{"ftype":1,"nums":0},{"ftype":2,"nums":0},{"ftype":3,"nums":0}]` {
			t.Fatalf("counts after %s updateAllTargets = %s", method, got)
		}
	}
}

func TestWritingGETsRefuseOtherSites(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	publish(t, owner, map[string]any{"title": "一", "content": "内容"})
	pull(t, owner)
	owner.Header.Set("Sec-Fetch-Site", "cross-site")
	for _, call := range []string{"updateAllTargets", "pullMessage"} {
		apptest.Expect(t, owner.Call(http.MethodGet, base+call, nil), 403, "A0301", "请求来源未确认，请在系统页面内操作")
	}
	// Reading calls stay open to a cross-site GET, as every GET is; they change nothing.
	apptest.ExpectOK(t, owner.Call(http.MethodGet, base+"findNitofyNums", nil))
	owner.Header.Del("Sec-Fetch-Site")
	if got := counts(t, owner); !strings.Contains(got, `{"ftype":1,"nums":1}`) {
		t.Fatalf("a cross-site GET marked messages read: %s", got)
	}
}

func TestCompaniesNeverSeeOrMarkEachOthersNotifications(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000001", "甲公司")
	b := h.SignedIn("13700000002", "乙公司")
	id := publish(t, a, map[string]any{"title": "甲的公告", "content": "只给甲", "action": "timely"})
	pull(t, a)

	if n := pull(t, b); n != 0 {
		t.Fatalf("B pulled %d of A's announcements", n)
	}
	if got := counts(t, b); got != `[{"ftype":1,"nums":0},{"ftype":2,"nums":0},{"ftype":3,"nums":0}]` {
		t.Fatalf("B's counts = %s", got)
	}
	for _, call := range []string{"getMsgLimit", "findNoReadByUserAll"} {
		if items := list(t, b, http.MethodGet, call, nil); len(items) != 0 {
			t.Fatalf("B's %s shows A's: %+v", call, items)
		}
	}
	if p := pageOf(t, b, "getAnnounce", nil); p.Total != 0 || len(p.Records) != 0 {
		t.Fatalf("B's getAnnounce shows A's: %+v", p)
	}
	if n := markRead(t, b, id); n != 0 {
		t.Fatalf("B marked %d of A's notifications", n)
	}
	apptest.ExpectOK(t, b.Call(http.MethodGet, base+"updateAllTargets", nil))
	if got := counts(t, a); got != `[{"ftype":1,"nums":1},{"ftype":2,"nums":0},{"ftype":3,"nums":0}]` {
		t.Fatalf("A's unread changed by B: %s", got)
	}
	if items := list(t, a, http.MethodGet, "findNoReadByUserAll", nil); len(items) != 1 || items[0].ID != id || items[0].IsRead {
		t.Fatalf("A's pop-up after B's calls: %+v", items)
	}
}
