package app_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
)

// TestLoadReportShell prints the shell's figures for `make bench`: bytes on the wire for the first load of the
// shell at /home and for opening one more tab, and the latency of menus/route for a user with 300 menu entries
// and 500 permissions at 50 concurrent clients. It measures and never fails on a slow machine.
func TestLoadReportShell(t *testing.T) {
	h, client := benchHarness(t)
	const clients = benchClients
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	cookie := "jsessionid=" + admin.Token

	first, err := apptest.PageWeight(client, h.URL, "/home", cookie)
	if err != nil {
		t.Fatal(err)
	}
	// What the islands ask for as soon as the shell is up: new messages, unread counts and urgent items.
	for _, call := range []string{"pullMessage", "findNitofyNums", "findNoReadByUserAll"} {
		if err := apptest.Fetch(client, h.URL, "/admin/api/v1/notify/"+call, cookie, &first); err != nil {
			t.Fatal(err)
		}
	}
	fmt.Println("== shell at /home signed in, first visit (empty cache), as Chromium is sent it (br/gzip), with React and the home tab's page (goal: at most 90 KB)")
	printWeight(first)
	fmt.Printf("   [%s]\n", goalMark(first.Total() <= 90*1024))
	benchWeight(t, "shell /home first load, signed in, cache empty", first.Total(), 90)

	var cached []string
	for _, r := range first.Resources {
		cached = append(cached, r.URL)
	}
	tab, err := apptest.PageWeight(client, h.URL, "/erp/warehouse/inbound?embed=1&title=%E5%85%A5%E5%BA%93%E5%8D%95", cookie, cached...)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("== opening one more tab (入库单) with the shell's assets cached (target: at most 15 KB)")
	printWeight(tab)
	benchWeight(t, "one more tab (入库单), shell assets cached", tab.Total(), 15)

	token := manyGrants(t, h, 300, 500)
	route := func() bool {
		req, _ := http.NewRequest(http.MethodGet, h.URL+"/admin/api/v1/menus/route", nil)
		req.Header.Set("jsessionid", token)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			return false
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	route()
	r := apptest.Load(clients, 20000, 60*time.Second, route)
	fmt.Printf("== GET menus/route, user with 300 menu entries and 500 permissions, %d concurrent clients (goal: p99 < 20 ms)\n   %s\n",
		clients, r)
	benchLatency(t, "GET menus/route, 300 entries and 500 permissions, 50 clients", r, 20*time.Millisecond)
}

func printWeight(w apptest.Weight) {
	for _, r := range w.Resources {
		fmt.Printf("   %-60s body %6d B  headers %4d B\n", r.URL, r.Body, r.Headers)
	}
	fmt.Printf("   total %d B (%.1f KB)\n", w.Total(), float64(w.Total())/1024)
}

// manyGrants grows the menu to `menus` entries and the permissions to `perms`, grants all of them to a role
// that is not the admin role (so the grant path is measured), and returns a signed-in session of its user.
func manyGrants(t *testing.T, h *apptest.Harness, menus, perms int) string {
	t.Helper()
	all, _ := admindb.AllMenus(h.DB)
	group := &admindb.Menu{Title: "压测", Icon: "default", Sort: 999, KeepAlive: true}
	h.DB.Create(group)
	for i := len(all) + 1; i < menus; i += 10 {
		heading := &admindb.Menu{ParentID: group.ID, Title: fmt.Sprintf("分组%d", i), Sort: i, KeepAlive: true}
		h.DB.Create(heading)
		for j := 1; j < 10 && i+j < menus; j++ {
			h.DB.Create(&admindb.Menu{ParentID: heading.ID, Title: fmt.Sprintf("页面%d", i+j), Path: fmt.Sprintf("/bench/%d", i+j), Sort: j, KeepAlive: true})
		}
	}
	existing, _ := admindb.AllPermissions(h.DB)
	for i := len(existing); i < perms; i++ {
		h.DB.Create(&admindb.MenuPermission{MenuID: group.ID, Code: fmt.Sprintf("bench:perm:%d", i), Name: "压测权限"})
	}
	c, role := h.RestrictedUser("13900009999", nil, nil)
	all, _ = admindb.AllMenus(h.DB)
	ps, _ := admindb.AllPermissions(h.DB)
	for _, m := range all {
		h.DB.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: m.ID})
	}
	for _, p := range ps {
		h.DB.Create(&admindb.RolePermission{RoleID: role.ID, PermissionID: p.ID})
	}
	h.Svc.Admin.DropMenuCache()
	admin, _ := accountsdb.UserByAccount(h.DB, "13900009999")
	h.Svc.Admin.DropMenuCache(admin.ID)
	env := c.Call(http.MethodGet, "/admin/api/v1/menus/route", nil)
	if n := strings.Count(string(env.Data), `"name"`); n < menus {
		t.Fatalf("route has %d entries, want at least %d", n, menus)
	}
	fmt.Printf("   (menu entries %d, permissions %d, all granted to one non-admin role)\n", len(all), len(ps))
	return c.Token
}
