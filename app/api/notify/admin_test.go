package notify_test

import (
	"net/http"
	"testing"

	"sellerhub/app/apptest"
)

type published struct {
	ID, Title, Tag, Audience, Sender, CreatedAt, Action string
	ReadCount                                           int64
	Withdrawn                                           bool
}

func publishedPage(t *testing.T, c *apptest.Client) []published {
	t.Helper()
	env := c.Call(http.MethodPost, base+"published/page", map[string]int{"currentpage": 1, "pagesize": 10})
	apptest.ExpectOK(t, env)
	var p struct {
		Records []published `json:"records"`
		Total   int64       `json:"total"`
	}
	env.Into(t, &p)
	if int64(len(p.Records)) != p.Total {
		t.Fatalf("records %d, total %d", len(p.Records), p.Total)
	}
	return p.Records
}

func TestAdminListsChoosesTheAudienceAndWithdraws(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13500000021", "甲公司")
	clerk := h.Member("13500000021", "13500000022", false)
	other := h.Member("13500000021", "13500000023", false)
	late := h.Member("13500000021", "13500000024", false) // does not pull until after the withdrawal

	env := owner.Call(http.MethodGet, "/admin/api/v1/users/findOwnerAll", nil)
	apptest.ExpectOK(t, env)
	var members []struct{ ID, Name string }
	env.Into(t, &members)
	if len(members) != 4 {
		t.Fatalf("findOwnerAll: %+v", members)
	}
	clerkID := ""
	for _, m := range members {
		if m.Name == "成员0022" || m.Name == "13500000022" {
			clerkID = m.ID
		}
	}
	if clerkID == "" {
		t.Fatalf("clerk not among the members: %+v", members)
	}

	everyone := publish(t, owner, map[string]any{"title": "全员通知", "content": "下午开会"})
	only := publish(t, owner, map[string]any{"title": "单独提醒", "content": "请补单据", "action": "timely", "recipientId": clerkID})
	apptest.Expect(t, owner.Call(http.MethodPost, base+"addAnnounce", map[string]any{"title": "x", "content": "y", "recipientId": "123"}), 400, "A0400", "接收人不存在")
	apptest.Expect(t, owner.Call(http.MethodPost, base+"addAnnounce", map[string]any{"title": "x", "content": "y", "recipientId": "abc"}), 400, "A0400", "接收人不存在")

	pull(t, clerk)
	pull(t, other)
	if got := pageOf(t, clerk, "getAnnounce", map[string]int{"currentpage": 1}); got.Total != 2 {
		t.Fatalf("the chosen member has %d announcements, want 2", got.Total)
	}
	if got := pageOf(t, other, "getAnnounce", map[string]int{"currentpage": 1}); got.Total != 1 {
		t.Fatalf("another member has %d announcements, want only the one for everyone", got.Total)
	}
	markRead(t, clerk, everyone)

	list := publishedPage(t, owner)
	if len(list) != 2 || list[0].ID != only || list[0].Audience == "全体成员" || list[1].Audience != "全体成员" ||
		list[1].ReadCount != 1 || list[0].Action != "timely" || list[0].Sender == "" || list[0].Tag != "系统公告" {
		t.Fatalf("published list: %+v", list)
	}

	apptest.ExpectOK(t, owner.Call(http.MethodPost, base+"withdraw", map[string]string{"id": everyone}))
	if got := pageOf(t, clerk, "getAnnounce", map[string]int{"currentpage": 1}); got.Total != 1 {
		t.Fatalf("after withdrawing, the member still has %d announcements", got.Total)
	}
	if n := pull(t, late); n != 0 {
		t.Fatalf("a member pulling after the withdrawal received %d, want nothing", n)
	}
	if list := publishedPage(t, owner); !list[1].Withdrawn {
		t.Fatalf("withdrawn flag: %+v", list)
	}
	apptest.Expect(t, owner.Call(http.MethodPost, base+"withdraw", map[string]string{"id": everyone}), 404, "A0404", "公告不存在")
	apptest.Expect(t, owner.Call(http.MethodPost, base+"withdraw", map[string]string{"id": "nope"}), 404, "A0404", "公告不存在")

	// Members without the publish permission can neither list nor withdraw; another company cannot touch it.
	apptest.Expect(t, clerk.Call(http.MethodPost, base+"published/page", map[string]int{}), 401, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodPost, base+"withdraw", map[string]string{"id": only}), 401, "A0301", "访问未授权")
	stranger := h.SignedIn("13500000031", "乙公司")
	apptest.Expect(t, stranger.Call(http.MethodPost, base+"withdraw", map[string]string{"id": only}), 404, "A0404", "公告不存在")
	if list := publishedPage(t, stranger); len(list) != 0 {
		t.Fatalf("another company sees %d published notifications", len(list))
	}
	apptest.Expect(t, stranger.Call(http.MethodPost, base+"addAnnounce", map[string]any{"title": "x", "content": "y", "recipientId": clerkID}), 400, "A0400", "接收人不存在")
	for _, path := range []string{"published/page", "withdraw"} {
		apptest.Expect(t, h.Client().Call(http.MethodPost, base+path, map[string]string{}), 403, "A0231", "token已被禁止访问")
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/admin/api/v1/users/findOwnerAll", nil), 403, "A0231", "token已被禁止访问")
}
