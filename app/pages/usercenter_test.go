package pages_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

const userCenter = "/usercenter?embed=1"

// ucPost submits a personal center form and returns the status, the redirect and the body.
func ucPost(t *testing.T, c *apptest.Client, token string, fields map[string]string) (int, string, string) {
	t.Helper()
	fields["_csrf"] = token
	resp, body := c.Form("/usercenter", fields)
	return resp.StatusCode, resp.Header.Get("Location"), body
}

func savedTo(section string) string {
	return "/usercenter?embed=1&section=" + section + "&notice=saved"
}

func TestUserCenterSections(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	for section, want := range map[string]string{
		"":         "更换手机号码",
		"security": `data-account>13700000001<`,
		"wechat":   "暂未绑定微信",
		"unbind":   "暂无其他绑定的账号",
		"logoff":   "您是公司的创建者",
		"nothing":  "修改密码",
	} {
		status, body := get(t, owner, userCenter+"&section="+section)
		if status != 200 || !strings.Contains(body, want) || !strings.Contains(body, `aria-label="个人中心"`) {
			t.Errorf("section %q: %d, %q missing", section, status, want)
		}
		// The product writes 账号, never the variant 帐号 (issue 43).
		if strings.Contains(body, "帐") {
			t.Errorf("section %q writes 帐号 beside 账号", section)
		}
	}
	// Everyone has a personal center, granted its menu entry or not.
	clerk, _ := h.RestrictedUser("13300000001", []string{"warehouse.inbound"}, nil)
	if status, body := get(t, clerk, userCenter); status != 200 || !strings.Contains(body, "13300000001") {
		t.Fatalf("a user without the menu entry: %d", status)
	}
	if status, body := get(t, clerk, userCenter+"&section=logoff"); status != 200 || strings.Contains(body, "您是公司的创建者") {
		t.Fatalf("a member is not told the owner's rule: %d", status)
	}
}

func TestUserCenterNameAndPasswordForms(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	token := formToken(t, owner, userCenter)

	status, _, body := ucPost(t, owner, token, map[string]string{"form": "name", "name": strings.Repeat("名", 51)})
	if status != 400 || !strings.Contains(body, "用户名不能超过50个字符") || !strings.Contains(body, `value="`+strings.Repeat("名", 51)+`"`) {
		t.Fatalf("refused name: %d", status)
	}
	status, to, _ := ucPost(t, owner, token, map[string]string{"form": "name", "name": "王五"})
	if status != 303 || to != savedTo("security") {
		t.Fatalf("name -> %d %s", status, to)
	}
	if _, body := get(t, owner, to); !strings.Contains(body, "操作成功!") || !strings.Contains(body, `value="王五"`) {
		t.Fatalf("after saving the name: %s", body)
	}

	for _, tc := range []struct{ old, pw, re, msg string }{
		{"", "New#pass2026", "New#pass2026", "原密码不能为空"},
		{"Passw0rd!", "short", "short", "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{"Passw0rd!", "New#pass2026", "", "请再次输入密码"},
		{"Passw0rd!", "New#pass2026", "New#pass2027", "两次输入密码不一致!"},
		{"Wrong#pass1", "New#pass2026", "New#pass2026", "原密码错误"},
	} {
		_, _, body := ucPost(t, owner, token, map[string]string{"form": "password", "oldpassword": tc.old, "password": tc.pw, "repassword": tc.re})
		if !strings.Contains(body, tc.msg) || strings.Contains(body, tc.pw+`"`) {
			t.Fatalf("password %+v: message missing or password written back", tc)
		}
	}
	status, to, _ = ucPost(t, owner, token, map[string]string{"form": "password", "oldpassword": "Passw0rd!", "password": "New#pass2026", "repassword": "New#pass2026"})
	if status != 303 || to != savedTo("security") {
		t.Fatalf("password -> %d %s", status, to)
	}
	// The new password signs in (a new sign-in, which ends the session the form was sent from).
	apptest.ExpectOK(t, owner.Login("13700000001", "New#pass2026"))
	token = formToken(t, owner, userCenter)

	// No token, no change; an unknown form is a bad request.
	resp, _ := owner.Form("/usercenter", map[string]string{"form": "name", "name": "李四"})
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("without the token: %d", resp.StatusCode)
	}
	if status, _, _ := ucPost(t, owner, token, map[string]string{"form": "other"}); status != 400 {
		t.Fatalf("unknown form: %d", status)
	}
}

var keyField = regexp.MustCompile(`name="key" value="([0-9a-f]+)"`)

func TestUserCenterPhoneAndEmailFormsWithoutScript(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	token := formToken(t, owner, userCenter)

	// 获取验证码 without JavaScript submits the form: the code goes out and the form comes back with its key.
	status, _, body := ucPost(t, owner, token, map[string]string{"form": "phone", "action": "sendcode", "account": "13900000009"})
	m := keyField.FindStringSubmatch(body)
	if status != 200 || m == nil || !strings.Contains(body, "验证码已发送，请查收短信") || !strings.Contains(body, `value="13900000009"`) {
		t.Fatalf("phone sendcode: %d", status)
	}
	status, _, body = ucPost(t, owner, token, map[string]string{"form": "phone", "account": "13900000009", "key": m[1],
		"code": h.Codes.Last("13900000009"), "password": "Wrong#pass1"})
	if status != 200 || !strings.Contains(body, "密码错误") || !strings.Contains(body, `value="`+m[1]+`"`) {
		t.Fatalf("phone with a wrong password: %d", status)
	}
	status, to, _ := ucPost(t, owner, token, map[string]string{"form": "phone", "account": "13900000009", "key": m[1],
		"code": h.Codes.Last("13900000009"), "password": "Passw0rd!"})
	if status != 303 || to != savedTo("security") {
		t.Fatalf("phone -> %d %s", status, to)
	}
	if _, body := get(t, owner, to); !strings.Contains(body, `data-account>13900000009<`) {
		t.Fatal("the new phone is not shown")
	}

	status, _, body = ucPost(t, owner, token, map[string]string{"form": "email", "action": "sendcode", "email": "bad@"})
	if status != 400 || !strings.Contains(body, "请输入正确的邮箱号！") {
		t.Fatalf("email sendcode to a bad address: %d", status)
	}
	_, _, body = ucPost(t, owner, token, map[string]string{"form": "email", "action": "sendcode", "email": "wang@example.com"})
	m = keyField.FindStringSubmatch(body)
	if m == nil || !strings.Contains(body, "验证码已发送到邮箱，请查收") {
		t.Fatal("email sendcode")
	}
	status, to, _ = ucPost(t, owner, token, map[string]string{"form": "email", "email": "wang@example.com", "key": m[1], "code": h.Codes.Last("wang@example.com")})
	if status != 303 || to != savedTo("security") {
		t.Fatalf("email -> %d %s", status, to)
	}
	if _, body := get(t, owner, to); !strings.Contains(body, `data-email>wang@example.com<`) {
		t.Fatal("the new e-mail is not shown")
	}
}

func TestUserCenterUnbindAndLogOffForms(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	other := h.SignedIn("13700000002", "乙公司")
	apptest.ExpectOK(t, owner.Call(http.MethodPost, "/admin/api/v1/users/mergeAccount", map[string]string{"account": "13700000002", "password": "Passw0rd!"}))
	token := formToken(t, owner, userCenter+"&section=unbind")
	_, body := get(t, owner, userCenter+"&section=unbind")
	ids := regexp.MustCompile(`name="id" value="(\d+)"`).FindAllStringSubmatch(body, -1)
	if len(ids) != 1 || !strings.Contains(body, "当前账号") || !strings.Contains(body, "乙公司") {
		t.Fatalf("账号解绑 lists: %s", body)
	}
	status, to, _ := ucPost(t, owner, token, map[string]string{"form": "unbind", "id": ids[0][1]})
	if status != 303 || to != savedTo("unbind") {
		t.Fatalf("unbind -> %d %s", status, to)
	}
	if _, body := get(t, owner, to); !strings.Contains(body, "暂无其他绑定的账号") {
		t.Fatal("still bound after unbinding")
	}
	if status, _, body := ucPost(t, owner, token, map[string]string{"form": "unbind", "id": ids[0][1]}); status != 400 || !strings.Contains(body, "账号未绑定") {
		t.Fatalf("unbinding again: %d", status)
	}

	// 账号注销: the owner of a company still in use is refused; a member goes, and lands on the login page.
	member := h.Member("13700000001", "13700000011", false)
	if status, _, body := ucPost(t, owner, token, map[string]string{"form": "logoff", "password": "Passw0rd!"}); status != 400 || !strings.Contains(body, "请先移交或停用其他子账号") {
		t.Fatalf("owner log-off: %d", status)
	}
	mtoken := formToken(t, member, userCenter+"&section=logoff")
	if status, _, body := ucPost(t, member, mtoken, map[string]string{"form": "logoff", "password": "Wrong#pass1"}); status != 200 || !strings.Contains(body, "密码错误") {
		t.Fatalf("log-off with a wrong password: %d", status)
	}
	status, to, _ = ucPost(t, member, mtoken, map[string]string{"form": "logoff", "password": "Passw0rd!"})
	if status != 303 || to != "/login?notice=logoff" {
		t.Fatalf("log-off -> %d %s", status, to)
	}
	apptest.Expect(t, member.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
	if _, body := get(t, h.Client(), to); !strings.Contains(body, "账号已注销") {
		t.Fatal("the login page does not say 账号已注销")
	}
	var u accountsdb.User
	h.DB.First(&u, "account LIKE ?", "logoff-%")
	if u.Status != accountsdb.StatusDisabled {
		t.Fatalf("the member is not logged off: %+v", u)
	}
	apptest.ExpectOK(t, other.Call(http.MethodGet, "/admin/api/v1/users/info", nil))
}
