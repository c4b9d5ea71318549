package operationlogs_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const v1 = "/admin/api/v1/"

type entry struct {
	ID        string `json:"id"`
	UserID    string `json:"userId"`
	User      string `json:"user"`
	Method    string `json:"method"`
	Path      string `json:"path"`
	Action    string `json:"action"`
	Target    string `json:"target"`
	Detail    string `json:"detail"`
	IP        string `json:"ip"`
	Status    int    `json:"status"`
	CreatedAt string `json:"createdAt"`
}

type page struct {
	Records []entry `json:"records"`
	Total   int64   `json:"total"`
	Size    int     `json:"size"`
	Current int     `json:"current"`
	Pages   int64   `json:"pages"`
}

var dateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

func logs(t *testing.T, c *apptest.Client, filter map[string]any) page {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"operationLogs/page", filter)
	apptest.ExpectOK(t, env)
	var p page
	env.Into(t, &p)
	if p.Records == nil {
		t.Fatalf("records is null in %s", env.Data)
	}
	return p
}

func created(t *testing.T, env apptest.Envelope) string {
	t.Helper()
	apptest.ExpectOK(t, env)
	var v struct{ ID string }
	env.Into(t, &v)
	return v.ID
}

func TestReadingTheLogNeedsASessionAndItsPermission(t *testing.T) {
	h := apptest.Start(t)
	anon := h.Client()
	apptest.Expect(t, anon.Call(http.MethodPost, v1+"operationLogs/page", map[string]any{}), 403, "A0231", "token已被禁止访问")
	apptest.Expect(t, anon.Call(http.MethodGet, v1+"operationLogs/page", nil), 403, "A0231", "token已被禁止访问")
	clerk, _ := h.RestrictedUser("13900000001", []string{"sys.oplog"}, nil)
	apptest.Expect(t, clerk.Call(http.MethodPost, v1+"operationLogs/page", map[string]any{}), 401, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodGet, v1+"operationLogs/page", nil), 401, "A0301", "访问未授权")
	auditor, _ := h.RestrictedUser("13900000002", nil, []string{"sys:oplog:view"})
	logs(t, auditor, nil)
	apptest.ExpectOK(t, auditor.Call(http.MethodGet, v1+"operationLogs/page?currentpage=1&pagesize=5", nil))
}

func TestChangesAreLoggedWithSecretsMasked(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	// A client may send more than the form needs; whatever it sends is logged, secrets masked at any depth.
	id := created(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{
		"name": "币种", "code": "currency", "remark": "<常用>", "password": "Passw0rd!",
		"extra": map[string]any{"oldPassword": "Old0rd!", "Token": "tok", "keep": "留着",
			"list": []any{map[string]any{"secret": "s1", "repassword": "r1", "n": 1}}, "key": 7},
	}))
	p := logs(t, c, nil)
	if p.Total != 1 {
		t.Fatalf("log = %+v", p)
	}
	e := p.Records[0]
	if e.Action != "新增字典" || e.Method != "POST" || e.Path != "/admin/api/v1/dicts" || e.Target != id ||
		e.User != "店主0001" || e.IP == "" || e.Status != 200 || !dateTime.MatchString(e.CreatedAt) || e.UserID == "" {
		t.Fatalf("entry = %+v", e)
	}
	var detail map[string]any
	if err := json.Unmarshal([]byte(e.Detail), &detail); err != nil {
		t.Fatalf("detail %q: %v", e.Detail, err)
	}
	for _, secret := range []string{"Passw0rd!", "Old0rd!", "tok", "s1", "r1", "currency"} {
		if strings.Contains(e.Detail, secret) {
			t.Fatalf("detail shows %q: %s", secret, e.Detail)
		}
	}
	extra := detail["extra"].(map[string]any)
	item := extra["list"].([]any)[0].(map[string]any)
	if detail["name"] != "币种" || detail["remark"] != "<常用>" || detail["password"] != "******" || detail["code"] != "******" ||
		extra["oldPassword"] != "******" || extra["Token"] != "******" || extra["key"] != "******" || extra["keep"] != "留着" ||
		item["secret"] != "******" || item["repassword"] != "******" || item["n"] != float64(1) {
		t.Fatalf("detail = %s", e.Detail)
	}

	// Edits and deletes name their target by the path's id; the answer's id names an announcement.
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"dicts/"+id, map[string]any{"name": "货币", "code": "currency"}))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"dicts/"+id, nil))
	env := c.Call(http.MethodPost, v1+"notify/addAnnounce", map[string]any{"title": "【系统公告】升级", "content": "今晚升级"})
	apptest.ExpectOK(t, env)
	announcement := env.String(t)
	group := created(t, c.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": "颜色"}))
	tag := created(t, c.Call(http.MethodPost, v1+"tags", map[string]any{"name": "红色", "groupId": group}))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"tags/"+tag, map[string]any{"name": "大红", "groupId": group}))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"tags/"+tag, nil))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"tagGroups/"+group, map[string]any{"name": "色彩"}))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"tagGroups/"+group, nil))
	cl := created(t, c.Call(http.MethodPost, v1+"clients", map[string]any{"name": "深圳云仓"}))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"clients/"+cl, map[string]any{"name": "深圳仓"}))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"clients/"+cl, nil))
	cu := created(t, c.Call(http.MethodPost, v1+"customers", map[string]any{"name": "John"}))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"customers/"+cu, map[string]any{"name": "Johnny"}))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"customers/"+cu, nil))
	d := created(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "单位", "code": "unit"}))
	it := created(t, c.Call(http.MethodPost, v1+"dict-items", map[string]any{"dictCode": "unit", "name": "个", "value": "pcs"}))
	apptest.ExpectOK(t, c.Call(http.MethodPut, v1+"dict-items/"+it, map[string]any{"dictCode": "unit", "name": "件", "value": "pcs"}))
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"dict-items/"+it, nil))

	want := []struct{ action, target string }{
		{"删除字典项", it}, {"编辑字典项", it}, {"新增字典项", it}, {"新增字典", d},
		{"删除客户", cu}, {"编辑客户", cu}, {"新增客户", cu},
		{"删除客户端", cl}, {"编辑客户端", cl}, {"新增客户端", cl},
		{"删除标签分组", group}, {"编辑标签分组", group}, {"删除标签", tag}, {"编辑标签", tag}, {"新增标签", tag},
		{"新增标签分组", group}, {"发布公告", announcement}, {"删除字典", id}, {"编辑字典", id}, {"新增字典", id},
	}
	p = logs(t, c, map[string]any{"pagesize": 100})
	if int(p.Total) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", p.Total, len(want), p.Records)
	}
	for i, w := range want {
		if got := p.Records[i]; got.Action != w.action || got.Target != w.target {
			t.Errorf("entry %d = %s %s, want %s %s", i, got.Action, got.Target, w.action, w.target)
		}
	}
}

func TestFailedCallsAreNotLogged(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000001", "甲公司")
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "币种", "code": "currency"}))
	group := created(t, c.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": "颜色"}))
	created(t, c.Call(http.MethodPost, v1+"tags", map[string]any{"name": "红色", "groupId": group}))
	before := logs(t, c, nil).Total

	apptest.Expect(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "", "code": "x"}), 400, "A0400", "字典名称不能为空")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "又一个", "code": "currency"}), 400, "B0001", "字典编码已存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"dicts/1", nil), 404, "A0404", "字典不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"tagGroups/"+group, nil), 400, "B0001", "标签分组下还有标签，不能删除")
	resp, _ := c.Raw(http.MethodPost, v1+"customers", "application/json", strings.NewReader("{not json"))
	if resp.StatusCode != 400 {
		t.Fatalf("bad JSON: %d", resp.StatusCode)
	}
	// Refused before the handler: no permission.
	h.Member("13700000001", "13700000009", false)
	stranger := h.Client()
	apptest.ExpectOK(t, stranger.Login("13700000009", "Passw0rd!"))
	apptest.Expect(t, stranger.Call(http.MethodPost, v1+"clients", map[string]any{"name": "x"}), 401, "A0301", "访问未授权")
	if after := logs(t, c, nil).Total; after != before {
		t.Fatalf("failed calls logged: %d entries, %d before", after, before)
	}
}

func TestTheLogIsFilteredAndStaysInItsCompany(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000001", "甲公司")
	b := h.SignedIn("13700000002", "乙公司")
	apptest.ExpectOK(t, a.Call(http.MethodPost, v1+"dicts", map[string]any{"name": "币种", "code": "currency"}))
	apptest.ExpectOK(t, a.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": "颜色"}))
	member := h.Member("13700000001", "13700000008", true)
	apptest.ExpectOK(t, member.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": "季节"}))
	apptest.ExpectOK(t, b.Call(http.MethodPost, v1+"customers", map[string]any{"name": "John"}))

	if p := logs(t, a, map[string]any{"user": "成员"}); p.Total != 1 || p.Records[0].User != "成员0008" {
		t.Fatalf("by user = %+v", p)
	}
	if p := logs(t, a, map[string]any{"action": "标签分组"}); p.Total != 2 {
		t.Fatalf("by action = %+v", p)
	}
	today := time.Now().In(time.FixedZone("CST", 8*3600)).Format(time.DateOnly)
	tomorrow := time.Now().In(time.FixedZone("CST", 8*3600)).AddDate(0, 0, 1).Format(time.DateOnly)
	if p := logs(t, a, map[string]any{"startDate": today, "endDate": today}); p.Total != 3 {
		t.Fatalf("today = %+v", p)
	}
	if p := logs(t, a, map[string]any{"startDate": tomorrow}); p.Total != 0 {
		t.Fatalf("from tomorrow = %+v", p)
	}
	if p := logs(t, a, map[string]any{"pagesize": 2, "currentpage": 2, "order": "asc"}); p.Total != 3 || p.Pages != 2 || len(p.Records) != 1 || p.Records[0].Action != "新增标签分组" {
		t.Fatalf("page 2 oldest first = %+v", p)
	}
	env := a.Call(http.MethodGet, v1+"operationLogs/page?"+url.Values{"action": {"字典"}, "startDate": {today}}.Encode(), nil)
	apptest.ExpectOK(t, env)
	var p page
	env.Into(t, &p)
	if p.Total != 1 || p.Records[0].Action != "新增字典" {
		t.Fatalf("GET by action = %+v", p)
	}
	apptest.Expect(t, a.Call(http.MethodPost, v1+"operationLogs/page", map[string]any{"startDate": "2025/01/01"}), 400, "A0400", "日期格式不正确，应为yyyy-MM-dd")
	apptest.Expect(t, a.Call(http.MethodGet, v1+"operationLogs/page?endDate=tomorrow", nil), 400, "A0400", "日期格式不正确，应为yyyy-MM-dd")

	if p := logs(t, b, nil); p.Total != 1 || p.Records[0].Action != "新增客户" || p.Records[0].User != "店主0002" {
		t.Fatalf("乙's log = %+v", p)
	}
}

func TestTagRulesAndTheLogOnEveryDatabase(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			// Concurrent adds of one group name: one wins, the others are told it is taken, one change is logged.
			var wg sync.WaitGroup
			envs := make([]apptest.Envelope, 8)
			for i := range envs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					envs[i] = c.Call(http.MethodPost, v1+"tagGroups", map[string]any{"name": "颜色", "password": "x"})
				}()
			}
			wg.Wait()
			group := ""
			for _, env := range envs {
				if env.Code == "201" {
					if group != "" {
						t.Fatal("two groups named 颜色 were created")
					}
					group = created(t, env)
				} else {
					// Refused by the check once the winner committed, else by the unique index (a true race).
					if env.Msg != "Duplicate entry：标签分组名称已存在" {
						apptest.Expect(t, env, 400, "B0001", "标签分组名称已存在")
					}
				}
			}
			tag := created(t, c.Call(http.MethodPost, v1+"tags", map[string]any{"name": "红色", "groupId": group, "color": "#FF0000"}))
			apptest.Expect(t, c.Call(http.MethodDelete, v1+"tagGroups/"+group, nil), 400, "B0001", "标签分组下还有标签，不能删除")
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"tags/"+tag, nil))
			apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"tagGroups/"+group, nil))
			p := logs(t, c, map[string]any{"order": "asc"})
			var got []string
			for _, e := range p.Records {
				got = append(got, e.Action+" "+e.Target)
			}
			want := []string{"新增标签分组 " + group, "新增标签 " + tag, "删除标签 " + tag, "删除标签分组 " + group}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("log = %v, want %v", got, want)
			}
			if d := p.Records[0].Detail; d != `{"name":"颜色","password":"******"}` {
				t.Fatalf("detail = %s", d)
			}
		})
	}
}
