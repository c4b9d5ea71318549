package users_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

const (
	sms      = "/admin/api/v1/users/getSmsCode"
	email    = "/admin/api/v1/users/getEmailCode"
	register = "/admin/api/v1/users/register"
	forget   = "/admin/api/v1/users/updatePasswordForget"
)

func TestGetSmsCode(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	env := c.Call(http.MethodGet, sms+"?ftype=register&mobile=13700000001", nil)
	apptest.ExpectOK(t, env)
	if key := env.String(t); len(key) != 32 {
		t.Fatalf("key = %q", key)
	}
	if code := h.Codes.Last("13700000001"); len(code) != 6 {
		t.Fatalf("no 6-digit code delivered: %q", code)
	}
	apptest.Expect(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=", nil), 400, "A0400", "手机号码不能为空")
	apptest.Expect(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=12345", nil), 400, "A0400", "请输入正确的手机号码！")
	apptest.Expect(t, c.Call(http.MethodGet, sms+"?ftype=hack&mobile=13700000002", nil), 400, "A0400", "验证码类型不正确")
	apptest.Expect(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=13700000001", nil), 429, "B0001", "验证码发送过于频繁，请60秒后再试")
	h.Clock.Advance(61 * time.Second)
	apptest.ExpectOK(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=13700000001", nil))
	if n := h.Codes.Count("13700000001"); n != 2 {
		t.Fatalf("codes sent = %d, want 2", n)
	}
}

func TestCodeRequestsAreLimitedPerAddress(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for i := range 10 {
		apptest.ExpectOK(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=1370000010"+string(rune('0'+i)), nil))
	}
	apptest.Expect(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=13700000200", nil), 429, "B0001", "验证码请求过多，请稍后再试")
	if h.Codes.Count("13700000200") != 0 {
		t.Fatal("a refused request still sent a code")
	}
}

func TestCodeSendFailureAllowsRetry(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	h.Codes.Fail = true
	apptest.Expect(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=13700000003", nil), 200, "B0001", "验证码发送失败，请稍后再试")
	h.Codes.Fail = false
	// The failed send does not hold the phone in the 60 s lock.
	apptest.ExpectOK(t, c.Call(http.MethodGet, sms+"?ftype=register&mobile=13700000003", nil))
}

func TestGetEmailCode(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Call(http.MethodGet, email+"?ftype=losepassword&email="+apptest.AdminAccount, nil))
	if h.Codes.Last(apptest.AdminAccount) == "" {
		t.Fatal("no code for the admin's e-mail")
	}
	apptest.Expect(t, c.Call(http.MethodGet, email+"?ftype=losepassword&email=", nil), 400, "A0400", "邮箱不能为空")
	apptest.Expect(t, c.Call(http.MethodGet, email+"?ftype=losepassword&email=not-mail@", nil), 400, "A0400", "请输入正确的邮箱号！")
	// An unknown account gets a key like anyone else, but no code leaves: the answer tells nothing.
	apptest.ExpectOK(t, c.Call(http.MethodGet, email+"?ftype=losepassword&email=ghost@example.com", nil))
	if h.Codes.Count("ghost@example.com") != 0 {
		t.Fatal("a reset code was sent to an unknown account")
	}
}

func registration(h *apptest.Harness, phone string) map[string]string {
	c := h.Client()
	key := c.Call(http.MethodGet, sms+"?ftype=register&mobile="+phone, nil).String(h.T)
	return map[string]string{"account": phone, "key": key, "code": h.Codes.Last(phone), "oldpassword": "Passw0rd!",
		"password": "Passw0rd!", "name": "王五", "email": "wang@example.com", "company": "五金贸易"}
}

func with(base map[string]string, changes ...string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i < len(changes); i += 2 {
		out[changes[i]] = changes[i+1]
	}
	return out
}

func TestRegisterValidatesInTheSpecsOrder(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	good := registration(h, "13700000004")
	for _, tc := range []struct {
		body map[string]string
		msg  string
	}{
		{with(good, "account", "", "email", ""), "手机不能为空"},
		{with(good, "email", "", "name", ""), "邮箱不能为空"},
		{with(good, "name", " ", "company", ""), "用户名不能为空"},
		{with(good, "company", "", "password", ""), "公司名称不能为空"},
		{with(good, "password", "", "code", ""), "密码不能为空或者两次输入不一致"},
		{with(good, "oldpassword", "Passw0rd?"), "密码不能为空或者两次输入不一致"},
		{with(good, "code", "", "account", "123"), "验证码不能为空"},
		{with(good, "account", "123"), "请输入正确的手机号码！"},
		{with(good, "email", "wang#example.com"), "请输入正确的邮箱号！"},
		{with(good, "name", strings.Repeat("名", 51)), "用户名不能超过50个字符"},
		{with(good, "oldpassword", "password", "password", "password"), "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{with(good, "oldpassword", "Pa1!", "password", "Pa1!"), "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{with(good, "code", "000000x"), "验证码失效或输入不正确"},
		{with(good, "key", "unknown"), "验证码失效或输入不正确"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, register, tc.body), 400, "A0400", tc.msg)
	}
	// None of the refusals used the code up or created anything.
	env := c.Call(http.MethodPost, register, good)
	apptest.ExpectOK(t, env)
	var d struct {
		Account  string
		UserInfo struct{ Name, CompanyName string } `json:"userinfo"`
	}
	env.Into(t, &d)
	if d.Account != "13700000004" || d.UserInfo.Name != "王五" || d.UserInfo.CompanyName != "%E4%BA%94%E9%87%91%E8%B4%B8%E6%98%93" {
		t.Fatalf("register data: %+v", d)
	}
	apptest.ExpectOK(t, h.Client().Login("13700000004", "Passw0rd!"))
}

func TestRegisterRefusesTakenAccountsAndUsedCodes(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	first := registration(h, "13700000005")
	apptest.ExpectOK(t, c.Call(http.MethodPost, register, first))
	// The same code cannot register again; the code is checked before the account, so that register cannot be
	// used to find out which phones have accounts.
	apptest.Expect(t, c.Call(http.MethodPost, register, with(first, "company", "另一家")), 400, "A0400", "验证码失效或输入不正确")
	h.Clock.Advance(61 * time.Second)
	again := registration(h, "13700000005")
	apptest.Expect(t, c.Call(http.MethodPost, register, again), 400, "B0001", "账号已存在，请重新注册！")
	// A code sent to one phone does not register another.
	other := registration(h, "13700000006")
	apptest.Expect(t, c.Call(http.MethodPost, register, with(other, "account", "13700000007")), 400, "A0400", "验证码失效或输入不正确")
	// A code is single-use.
	apptest.ExpectOK(t, c.Call(http.MethodPost, register, other))
	apptest.Expect(t, c.Call(http.MethodPost, register, with(other, "company", "X")), 400, "A0400", "验证码失效或输入不正确")
}

func TestUpdatePasswordForget(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000008", "八号公司")
	h.Clock.Advance(61 * time.Second) // past the registration code's resend lock
	c := h.Client()
	key := c.Call(http.MethodGet, sms+"?ftype=losepassword&mobile=13700000008", nil).String(t)
	code := h.Codes.Last("13700000008")
	good := map[string]string{"account": "13700000008", "key": key, "code": code, "password": "NewPass#88", "repassword": "NewPass#88"}
	for _, tc := range []struct {
		body map[string]string
		msg  string
	}{
		{with(good, "account", ""), "手机号码或者邮箱不能为空"},
		{with(good, "account", "x@y"), "请输入正确的邮箱号！"},
		{with(good, "account", "8888"), "请输入正确的手机号码！"},
		{with(good, "code", ""), "验证码不能为空"},
		{with(good, "password", "short"), "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"},
		{with(good, "repassword", ""), "请再次输入密码"},
		{with(good, "repassword", "NewPass#89"), "两次输入密码不一致!"},
		{with(good, "code", "999999x"), "验证码失效或输入不正确"},
		{with(good, "account", "13700000009"), "验证码失效或输入不正确"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, forget, tc.body), 400, "A0400", tc.msg)
	}
	apptest.ExpectOK(t, c.Call(http.MethodPost, forget, good))
	// The new password works, the old one does not, and whoever was signed in is signed out.
	apptest.Expect(t, owner.Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
	apptest.Expect(t, h.Client().Login("13700000008", "Passw0rd!"), 200, "B0001", "账号或密码有误")
	apptest.ExpectOK(t, h.Client().Login("13700000008", "NewPass#88"))
	// The code is used up.
	apptest.Expect(t, c.Call(http.MethodPost, forget, with(good, "password", "Again#Pass9", "repassword", "Again#Pass9")), 400, "A0400", "验证码失效或输入不正确")
}

func TestUpdatePasswordNeedsProof(t *testing.T) {
	h := apptest.Start(t)
	const path = "/admin/api/v1/users/updatePassword"
	stranger := h.Client()
	// The older system's hole: no proof at all.
	apptest.Expect(t, stranger.Call(http.MethodPost, path, map[string]string{"account": apptest.AdminAccount, "password": "Hacked#123"}), 403, "A0231", "token已被禁止访问")
	apptest.Expect(t, stranger.Call(http.MethodPost, path, map[string]string{"account": apptest.AdminAccount, "key": "x", "code": "123456", "password": "Hacked#123"}), 400, "A0400", "验证码失效或输入不正确")
	apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, apptest.AdminPassword))

	// With a code.
	key := stranger.Call(http.MethodGet, email+"?ftype=losepassword&email="+apptest.AdminAccount, nil).String(t)
	apptest.ExpectOK(t, stranger.Call(http.MethodPost, path, map[string]string{"account": apptest.AdminAccount, "key": key,
		"code": h.Codes.Last(apptest.AdminAccount), "password": "ByCode#2026"}))
	// With a session and the old password.
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, "ByCode#2026"))
	apptest.Expect(t, admin.Call(http.MethodPost, path, map[string]string{"oldpassword": "Wrong#2026", "password": "BySession#1"}), 200, "B0001", "原密码错误")
	apptest.ExpectOK(t, admin.Call(http.MethodPost, path, map[string]string{"oldpassword": "ByCode#2026", "password": "BySession#1"}))
	apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, "BySession#1"))
}

func TestInfoDetailAndTenantIsolation(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13700000010", "甲贸易")
	b := h.SignedIn("13700000011", "乙贸易")
	for _, tc := range []struct {
		c       *apptest.Client
		account string
		company string
	}{{a, "13700000010", "甲贸易"}, {b, "13700000011", "乙贸易"}} {
		var info struct {
			ID, Account, Company string
			UserInfo             struct{ CompanyName string } `json:"userinfo"`
		}
		env := tc.c.Call(http.MethodGet, "/admin/api/v1/users/info", nil)
		apptest.ExpectOK(t, env)
		env.Into(t, &info)
		if info.Account != tc.account {
			t.Fatalf("info of %s shows %s", tc.account, info.Account)
		}
		var detail struct {
			Account, CompanyName, CreatedAt, LastLoginTime string
			IsOwner                                        bool
			Roles                                          []struct{ ID, Name string }
		}
		env = tc.c.Call(http.MethodGet, "/admin/api/v1/users/detail", nil)
		apptest.ExpectOK(t, env)
		env.Into(t, &detail)
		if detail.Account != tc.account || detail.CompanyName != tc.company || !detail.IsOwner ||
			len(detail.Roles) != 1 || detail.Roles[0].Name != "管理员" || len(detail.CreatedAt) != 19 || len(detail.LastLoginTime) != 19 {
			t.Fatalf("detail of %s: %+v", tc.account, detail)
		}
	}
	// A session id is only ever its own user's: B's cannot be made to act in A's company, and without one the
	// calls are refused.
	for _, path := range []string{"/admin/api/v1/users/info", "/admin/api/v1/users/detail"} {
		apptest.Expect(t, h.Client().Call(http.MethodGet, path, nil), 403, "A0231", "token已被禁止访问")
	}
}

// Older clients show users/info's company as it is, so it is the company's name; the id stays in
// userinfo.companyid, and login and findbindlist agree with users/info.
func TestInfoCompanyIsTheName(t *testing.T) {
	h := apptest.Start(t)
	h.SignedIn("13700000012", "甲贸易")
	c := h.Client()
	login := c.Login("13700000012", "Passw0rd!")
	type info struct {
		Company  string
		UserInfo struct{ CompanyID, CompanyName string } `json:"userinfo"`
	}
	var fromLogin, fromInfo info
	login.Into(t, &fromLogin)
	env := c.Call(http.MethodGet, "/admin/api/v1/users/info", nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &fromInfo)
	var detail struct{ CompanyID string }
	c.Call(http.MethodGet, "/admin/api/v1/users/detail", nil).Into(t, &detail)
	for _, got := range []info{fromLogin, fromInfo} {
		if got.Company != "甲贸易" || got.UserInfo.CompanyID != detail.CompanyID || got.UserInfo.CompanyID == "" ||
			got.UserInfo.CompanyName != url.PathEscape("甲贸易") {
			t.Fatalf("company of the user info: %+v, want the name and the id %s", got, detail.CompanyID)
		}
	}
	var bound []struct{ CompanyID string }
	c.Call(http.MethodGet, "/admin/api/v1/users/findbindlist", nil).Into(t, &bound)
	if len(bound) != 1 || bound[0].CompanyID != detail.CompanyID {
		t.Fatalf("findbindlist companyid: %+v, want %s", bound, detail.CompanyID)
	}
}

// users/limitData?type= is "true" or "false" as a string. No kind of data is withheld from anyone as a whole (the
// store-group limit filters every list instead), so older clients show their home page's figures to everyone,
// the owner, a member without roles and a member limited to one store group alike.
func TestLimitDataAnswersFalseForEveryKind(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000013", "甲贸易")
	env := owner.Call(http.MethodPost, "/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": "美国店"})
	apptest.ExpectOK(t, env)
	var group struct{ ID string }
	env.Into(t, &group)
	apptest.ExpectOK(t, owner.Call(http.MethodPost, "/admin/api/v1/users/subusers", map[string]any{"account": "13700000014",
		"name": "小王", "password": "Passw0rd!", "repassword": "Passw0rd!", "storeGroupIds": []string{group.ID}}))
	limited := h.Client()
	apptest.ExpectOK(t, limited.Login("13700000014", "Passw0rd!"))
	noRoles := h.Member("13700000013", "13700000015", false)
	for _, c := range []*apptest.Client{owner, limited, noRoles} {
		for _, path := range []string{"/admin/api/v1/users/limitData?type=home", "/api/admin/api/v1/users/limitData?type=onwer",
			"/admin/api/v1/users/limitData?type=operations", "/admin/api/v1/users/limitData"} {
			env := c.Call(http.MethodGet, path, nil)
			apptest.ExpectOK(t, env)
			if got := env.String(t); got != "false" {
				t.Fatalf("%s = %q, want \"false\"", path, got)
			}
		}
	}
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/admin/api/v1/users/limitData?type=home", nil), 403, "A0231", "token已被禁止访问")
}

func TestVerifyPassword(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	const path = "/admin/api/v1/users/verifyPassword"
	apptest.Expect(t, c.Call(http.MethodPost, path, map[string]string{"password": apptest.AdminPassword}), 403, "A0231", "token已被禁止访问")
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.ExpectOK(t, c.Call(http.MethodPost, path, map[string]string{"password": apptest.AdminPassword}))
	apptest.Expect(t, c.Call(http.MethodPost, path, map[string]string{"password": "Wrong#123"}), 200, "B0001", "密码错误")
	apptest.Expect(t, c.Call(http.MethodPost, path, map[string]string{"password": ""}), 400, "A0400", "密码不能为空")
}

func TestUpdatePasswordSelf(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	const path = "/admin/api/v1/users/updatePasswordSelf"
	body := func(old, pw string) map[string]string { return map[string]string{"oldpassword": old, "password": pw} }
	apptest.Expect(t, c.Call(http.MethodPost, path, body(apptest.AdminPassword, "Fresh#2026")), 403, "A0231", "token已被禁止访问")
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.Expect(t, c.Call(http.MethodPost, path, body("", "Fresh#2026")), 400, "A0400", "原密码不能为空")
	apptest.Expect(t, c.Call(http.MethodPost, path, body(apptest.AdminPassword, "fresh")), 400, "A0400", "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位")
	apptest.Expect(t, c.Call(http.MethodPost, path, body(apptest.AdminPassword, apptest.AdminPassword)), 400, "A0400", "新密码不能与原密码相同")
	apptest.Expect(t, c.Call(http.MethodPost, path, body("Wrong#2026", "Fresh#2026")), 200, "B0001", "原密码错误")
	apptest.ExpectOK(t, c.Call(http.MethodPost, path, body(apptest.AdminPassword, "Fresh#2026")))
	apptest.ExpectOK(t, h.Client().Login(apptest.AdminAccount, "Fresh#2026"))
}

// TestInfoCarriesWhatOlderClientsRead is issue 43 item 23: an older client's personal centre reads users/info's
// user{account, ftype, hasEmail, losingeffect}, email and tel; our own fields stay beside them.
func TestInfoCarriesWhatOlderClientsRead(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000020", "甲贸易")
	member := h.Member("13700000020", "13700000021", false)
	expires := time.Date(2027, 3, 31, 16, 0, 0, 0, time.UTC) // 2027-04-01 00:00:00 in Beijing
	if err := h.DB.Model(&accountsdb.User{}).Where("account = ?", "13700000020").Update("expires_at", expires).Error; err != nil {
		t.Fatal(err)
	}
	type older struct {
		ID, Account, Company string
		UserInfo             struct{ Email, Mobile string } `json:"userinfo"`
		User                 *struct {
			Account      string  `json:"account"`
			Ftype        string  `json:"ftype"`
			HasEmail     *bool   `json:"hasEmail"`
			Losingeffect *string `json:"losingeffect"`
		} `json:"user"`
		Email *string `json:"email"`
		Tel   *string `json:"tel"`
	}
	info := func(c *apptest.Client) older {
		t.Helper()
		env := c.Call(http.MethodGet, "/admin/api/v1/users/info", nil)
		apptest.ExpectOK(t, env)
		var o older
		env.Into(t, &o)
		if o.User == nil || o.Email == nil || o.Tel == nil || o.User.HasEmail == nil {
			t.Fatalf("users/info lacks the older fields: %s", env.Data)
		}
		return o
	}
	o := info(owner)
	if o.User.Account != "13700000020" || o.User.Ftype != "manager" || !*o.User.HasEmail ||
		o.User.Losingeffect == nil || *o.User.Losingeffect != "2027-04-01 00:00:00" ||
		*o.Email != "owner13700000020@example.com" || *o.Tel != "13700000020" {
		t.Fatalf("owner's older fields: %+v %+v email %q tel %q", o, *o.User, *o.Email, *o.Tel)
	}
	if o.Account != "13700000020" || o.Company != "甲贸易" || o.UserInfo.Email != *o.Email || o.UserInfo.Mobile != *o.Tel {
		t.Fatalf("our own fields changed: %+v", o)
	}
	// A sub-user without an e-mail address that never expires.
	m := info(member)
	if m.User.Account != "13700000021" || m.User.Ftype != "actor" || *m.User.HasEmail || m.User.Losingeffect != nil ||
		*m.Email != "" || *m.Tel != "13700000021" {
		t.Fatalf("member's older fields: %+v %+v email %q tel %q", m, *m.User, *m.Email, *m.Tel)
	}
	// Without a session the call is refused as before.
	apptest.Expect(t, h.Client().Call(http.MethodGet, "/admin/api/v1/users/info", nil), 403, "A0231", "token已被禁止访问")
}
