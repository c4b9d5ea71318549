package notify_test

import (
	"bytes"
	"net/http"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
)

// The drawer's 导出 downloads one kind of the user's inbox, every page, as .xlsx; it marks nothing read, holds
// only the user's own messages, and refuses a kind that does not exist.
func TestInboxExport(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13800000021", "甲公司")
	for i := range 12 { // more than the drawer's page
		publish(t, owner, map[string]any{"title": "系统升级通知" + string(rune('A'+i)), "content": "今晚维护"})
	}
	pull(t, owner)
	other := h.SignedIn("13800000022", "乙公司")
	publish(t, other, map[string]any{"title": "乙公司的公告", "content": "内部"})
	pull(t, other)

	resp, body := owner.Raw(http.MethodGet, base+"export?ftype=1", "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("export: %d %s", resp.StatusCode, body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 13 || rows[0][0] != "标题" {
		t.Fatalf("exported %d rows, header %v; want the header and 12 messages", len(rows), rows[0])
	}
	cells := slices.Concat(rows...)
	if !slices.Contains(cells, "【系统公告】系统升级通知A") {
		t.Errorf("the file misses a message: %v", rows[1])
	}
	if slices.Contains(cells, "【系统公告】乙公司的公告") {
		t.Errorf("甲's file holds 乙's message")
	}
	var unread page
	env := owner.Call(http.MethodPost, base+"getAnnounce", map[string]any{"currentpage": 1, "pagesize": 100})
	apptest.ExpectOK(t, env)
	env.Into(t, &unread)
	for _, m := range unread.Records {
		if m.IsRead {
			t.Fatalf("exporting marked %q read", m.Title)
		}
	}
	apptest.Expect(t, owner.Call(http.MethodGet, base+"export?ftype=9", nil), 400, "A0400", "消息类型不正确")
}
