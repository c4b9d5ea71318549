package pages_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	messagesdb "sellerhub/models/messages"
)

const (
	publishPage = "/sys/notify/publish"
	// publishForm is the page inside its tab frame; opened directly, the address shows the shell around it.
	publishForm = publishPage + "?embed=1"
)

var csrfField = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// formToken reads the CSRF token from a form on the page at path.
func formToken(t *testing.T, c *apptest.Client, path string) string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, path, "", nil)
	m := csrfField.FindStringSubmatch(string(body))
	if resp.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("form on %s: %d %s", path, resp.StatusCode, body)
	}
	return m[1]
}

func TestAdminPublishesFromThePage(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	token := formToken(t, owner, publishForm)

	resp, body := owner.Form(publishPage, map[string]string{"_csrf": token, "title": "停机维护", "content": "", "urgent": "1"})
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "内容不能为空") ||
		!strings.Contains(body, `value="停机维护"`) || !strings.Contains(body, "checked") {
		t.Fatalf("refused form: %d %s", resp.StatusCode, body)
	}

	resp, _ = owner.Form(publishPage, map[string]string{"_csrf": token, "title": "停机维护", "content": "周六凌晨停机", "urgent": "1"})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != publishPage+"?embed=1&notice=published" {
		t.Fatalf("publish -> %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	_, done := owner.Raw(http.MethodGet, publishPage+"?embed=1&notice=published", "", nil)
	if !strings.Contains(string(done), "操作成功!") {
		t.Fatalf("no 操作成功! after publishing: %s", done)
	}
	// Without 紧急 the announcement is an ordinary one (the 发布 button's own action value is not the urgency).
	resp, _ = owner.Form(publishPage, map[string]string{"_csrf": token, "title": "例会", "content": "周一例会", "action": "publish"})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("plain announcement -> %d", resp.StatusCode)
	}
	var plain messagesdb.Notification
	if err := h.DB.First(&plain, "title = ?", "【系统公告】例会").Error; err != nil || plain.Action != "" {
		t.Fatalf("plain announcement: %+v %v", plain, err)
	}
	var n messagesdb.Notification
	if err := h.DB.First(&n, "title = ?", "【系统公告】停机维护").Error; err != nil {
		t.Fatal(err)
	}
	if n.Title != "【系统公告】停机维护" || n.Content != "周六凌晨停机" || n.Action != messagesdb.ActionTimely || n.Ftype != messagesdb.FtypeAnnouncement {
		t.Fatalf("published: %+v", n)
	}

	// The form needs its token.
	resp, _ = owner.Form(publishPage, map[string]string{"title": "再发", "content": "内容"})
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("post without token: %d", resp.StatusCode)
	}
}

func TestPublishPageIsForAdminsOnly(t *testing.T) {
	h := apptest.Start(t)
	h.SignedIn("13700000001", "甲公司")
	clerk := h.Member("13700000001", "13700000002", false)
	resp, body := clerk.Raw(http.MethodGet, publishForm, "", nil)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), `data-exception="noPermission"`) {
		t.Fatalf("clerk GET: %d %s", resp.StatusCode, body)
	}
	token := formToken(t, clerk, "/home") // the logout form's token; the publish form is not shown to the clerk
	resp, page := clerk.Form(publishPage, map[string]string{"_csrf": token, "title": "标题", "content": "内容"})
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(page, `data-exception="noPermission"`) {
		t.Fatalf("clerk POST: %d %s", resp.StatusCode, page)
	}
	var count int64
	h.DB.Model(&messagesdb.Notification{}).Count(&count)
	if count != 0 {
		t.Fatalf("a clerk published %d notifications", count)
	}
	formToken(t, h.Member("13700000001", "13700000003", true), publishForm) // a holder of the admin role gets the form
	if resp, _ := h.Client().Raw(http.MethodGet, publishPage, "", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("signed out GET: %d", resp.StatusCode)
	}
}
