package apidoc

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/core"
	"sellerhub/app/middleware"
)

// ErrorCase is one refusal a route may answer: its HTTP status, the envelope's code and message, and when.
type ErrorCase struct {
	Status int    `json:"status"`
	Code   string `json:"code"`
	Msg    string `json:"msg"`
	When   string `json:"when"`
}

// errorCases are the refusals the route's access and shape make possible, each answered as the application's
// error handler classifies it (Options.Classify), so that the document cannot say other words than the API.
func errorCases(r *Route, body bool, classify func(error) (int, string, string)) []ErrorCase {
	type cause struct {
		err  error
		when string
		msg  string // shown instead of the error's own when it stands for many messages
	}
	causes := []cause{
		{core.Invalid("x"), "输入有误", "（哪个字段、哪里不对）"},
		{core.Invalid(middleware.MsgBadCharacters), "输入含控制字符、DEL 或无效 UTF-8", ""},
	}
	writes := r.Method != http.MethodGet || r.Access.WritesOnGET
	if body {
		causes = append(causes, cause{echo.ErrBadRequest, "请求体不是合法的 JSON", ""},
			cause{echo.ErrStatusRequestEntityTooLarge, "请求体过大", ""})
	}
	if writes {
		causes = append(causes, cause{core.Refused("x"), "业务规则不允许", "（给用户的提示）"},
			cause{core.Failed("x"), "已处理的失败", "（给用户的提示）"})
	}
	if !r.Access.Public {
		causes = append(causes, cause{core.ErrNoSession, "未登录或会话已结束", ""},
			cause{core.ErrSignedInElsewhere, "同一账号在别处登录，本会话已结束", ""})
	}
	if r.Access.Screen != "" || len(r.Access.Permissions) > 0 {
		causes = append(causes, cause{core.ErrForbidden, "未获授权（菜单或按钮权限）", ""})
	}
	if r.Access.WritesOnGET {
		causes = append(causes, cause{core.ErrUnvouched, "GET 写操作不是从系统页面发起", ""})
	}
	if strings.Contains(r.Path, "/:") || namesRecord(r.Query) {
		causes = append(causes, cause{core.NotFound("记录"), "地址中的记录不存在或属于其他公司", "（记录）不存在"})
	}
	causes = append(causes, cause{context.DeadlineExceeded, "查询超时", ""},
		cause{errors.New("unexpected"), "服务器故障（原因只记入日志）", ""})
	out := make([]ErrorCase, 0, len(causes))
	for _, c := range causes {
		status, code, msg := classify(c.err)
		if c.msg != "" {
			msg = c.msg
		}
		out = append(out, ErrorCase{Status: status, Code: code, Msg: msg, When: c.when})
	}
	return out
}

// byStatus groups the cases by HTTP status.
func byStatus(cases []ErrorCase) map[string][]ErrorCase {
	out := map[string][]ErrorCase{}
	for _, c := range cases {
		k := strconv.Itoa(c.Status)
		out[k] = append(out[k], c)
	}
	return out
}

// accessDoc says the route's access in words.
func accessDoc(r *Route, o Options) AccessDoc {
	a := r.Access
	d := AccessDoc{Public: a.Public, Screen: a.Screen, Permissions: a.Permissions, WritesOnGET: a.WritesOnGET}
	var parts []string
	switch {
	case a.Public:
		parts = append(parts, "公开（无需登录）")
	case a.Screen != "":
		d.ScreenTitle = a.Screen
		if o.ScreenTitle != nil {
			if t := o.ScreenTitle(a.Screen); t != "" {
				d.ScreenTitle = t
			}
		}
		parts = append(parts, "需登录，并被授予菜单「"+d.ScreenTitle+"」")
	default:
		parts = append(parts, "需登录")
	}
	if len(a.Permissions) > 0 {
		ps := append([]string(nil), a.Permissions...)
		sort.Strings(ps)
		parts = append(parts, "按钮权限（任一）："+strings.Join(ps, "、"))
	}
	if a.WritesOnGET {
		parts = append(parts, "此 GET 会修改数据，须从系统页面发起（同源）")
	}
	d.Text = strings.Join(parts, "；")
	return d
}

// namesRecord tells whether a route reads a record named in its query (?id=, ?versionid=, ?sellerid=).
func namesRecord(query []string) bool {
	for _, q := range query {
		if strings.HasSuffix(strings.ToLower(q), "id") {
			return true
		}
	}
	return false
}
