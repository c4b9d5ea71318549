package users_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

const (
	updateSelf      = "/admin/api/v1/users/updateSelf"
	updateAccount   = "/admin/api/v1/users/updateAccountSelf"
	updateEmail     = "/admin/api/v1/users/updateEmailSelf"
	saveImage       = "/admin/api/v1/users/saveImage"
	mergeAccount    = "/admin/api/v1/users/mergeAccount"
	unbindBinding   = "/admin/api/v1/users/unbindAccountBinding"
	unbindWechat    = "/admin/api/v1/users/unbindWechat"
	unbindAccount   = "/admin/api/v1/users/unbindAccount"
	verifyPassword  = "/admin/api/v1/users/verifyPassword"
	infoPath        = "/admin/api/v1/users/info"
	tokenForbidden  = "token已被禁止访问"
	changePhoneType = "changephone"
)

type info struct {
	ID, Name, Image, Account string
	UserInfo                 struct{ Email, Mobile, Image string } `json:"userinfo"`
}

func infoOf(t *testing.T, c *apptest.Client) info {
	t.Helper()
	env := c.Call(http.MethodGet, infoPath, nil)
	apptest.ExpectOK(t, env)
	var i info
	env.Into(t, &i)
	return i
}

func expectSuccess(t *testing.T, env apptest.Envelope) {
	t.Helper()
	apptest.ExpectOK(t, env)
	if env.String(t) != "success" {
		t.Fatalf("data = %s, want \"success\"", env.Data)
	}
}

// code requests a code for target (a phone, or an e-mail address when it has @) and returns key and code.
func code(t *testing.T, h *apptest.Harness, target, ftype string) (string, string) {
	t.Helper()
	path := sms + "?mobile=" + url.QueryEscape(target)
	if strings.Contains(target, "@") {
		path = email + "?email=" + url.QueryEscape(target)
	}
	env := h.Client().Call(http.MethodGet, path+"&ftype="+ftype, nil)
	apptest.ExpectOK(t, env)
	return env.String(t), h.Codes.Last(target)
}

func TestUpdateSelf(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	b := h.SignedIn("13600000002", "乙科技")
	expectSuccess(t, a.Call(http.MethodPost, updateSelf, map[string]string{"name": "  新名字 "}))
	if got := infoOf(t, a).Name; got != "新名字" {
		t.Fatalf("name after updateSelf = %q", got)
	}
	apptest.Expect(t, a.Call(http.MethodPost, updateSelf, map[string]string{"name": " "}), 400, "A0400", "用户名不能为空")
	apptest.Expect(t, a.Call(http.MethodPost, updateSelf, map[string]string{"name": strings.Repeat("名", 51)}), 400, "A0400", "用户名不能超过50个字符")
	if got := infoOf(t, a).Name; got != "新名字" {
		t.Fatalf("a refused name changed it to %q", got)
	}
	if got := infoOf(t, b).Name; got != "店主0002" {
		t.Fatalf("another company's user was renamed: %q", got)
	}
}

func TestUpdateAccountSelf(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	b := h.SignedIn("13600000002", "乙科技")
	key, c := code(t, h, "13700000001", changePhoneType)
	form := func(changes ...string) map[string]string {
		return with(map[string]string{"account": "13700000001", "password": "Passw0rd!", "key": key, "code": c}, changes...)
	}
	for _, tc := range []struct {
		body      map[string]string
		status    int
		code, msg string
	}{
		{form("account", ""), 400, "A0400", "手机号码不能为空"},
		{form("account", "1370000"), 400, "A0400", "请输入正确的手机号码！"},
		{form("password", ""), 400, "A0400", "密码不能为空"},
		{form("code", ""), 400, "A0400", "验证码不能为空"},
		{form("password", "Wrong#pass1"), 200, "B0001", "密码错误"},
		{form("account", "13600000001"), 400, "B0001", "新手机号码与当前账号相同"},
		{form("code", "000000x"), 400, "A0400", "验证码失效或输入不正确"},
		// A code sent to another number proves nothing about this one.
		{form("account", "13700000009"), 400, "A0400", "验证码失效或输入不正确"},
	} {
		apptest.Expect(t, a.Call(http.MethodPost, updateAccount, tc.body), tc.status, tc.code, tc.msg)
	}
	// A taken number is told only to whoever holds its code (sent after the 60 s since registration's).
	h.Clock.Advance(61 * time.Second)
	takenKey, takenCode := code(t, h, "13600000002", changePhoneType)
	apptest.Expect(t, a.Call(http.MethodPost, updateAccount, form("account", "13600000002", "key", takenKey, "code", takenCode)),
		400, "B0001", "账号已存在")
	// A register code is not a changephone code.
	regKey, regCode := code(t, h, "13700000002", "register")
	apptest.Expect(t, a.Call(http.MethodPost, updateAccount, form("account", "13700000002", "key", regKey, "code", regCode)),
		400, "A0400", "验证码失效或输入不正确")
	if got := infoOf(t, a).Account; got != "13600000001" {
		t.Fatalf("a refused change moved the account to %s", got)
	}

	expectSuccess(t, a.Call(http.MethodPost, updateAccount, form()))
	// The session carries on, on the new account; the new number signs in, the old one no longer does.
	if i := infoOf(t, a); i.Account != "13700000001" || i.UserInfo.Mobile != "13700000001" {
		t.Fatalf("after the change: %+v", i)
	}
	apptest.Expect(t, h.Client().Login("13600000001", "Passw0rd!"), 200, "B0001", "账号或密码有误")
	apptest.ExpectOK(t, h.Client().Login("13700000001", "Passw0rd!"))
	// The code was used up.
	apptest.Expect(t, b.Call(http.MethodPost, updateAccount, form()), 400, "A0400", "验证码失效或输入不正确")
	if got := infoOf(t, b).Account; got != "13600000002" {
		t.Fatalf("another company's user changed: %s", got)
	}
}

func TestUpdateEmailSelf(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	key, c := code(t, h, "new@example.com", "changeemail")
	form := func(changes ...string) map[string]string {
		return with(map[string]string{"email": "New@Example.com", "key": key, "code": c}, changes...)
	}
	for _, tc := range []struct {
		body      map[string]string
		status    int
		code, msg string
	}{
		{form("email", ""), 400, "A0400", "邮箱不能为空"},
		{form("email", "new@"), 400, "A0400", "请输入正确的邮箱号！"},
		{form("code", ""), 400, "A0400", "验证码不能为空"},
		{form("email", "owner13600000001@example.com"), 400, "B0001", "新邮箱与当前邮箱相同"},
		{form("code", "x"), 400, "A0400", "验证码失效或输入不正确"},
		{form("email", "other@example.com"), 400, "A0400", "验证码失效或输入不正确"},
	} {
		apptest.Expect(t, a.Call(http.MethodPost, updateEmail, tc.body), tc.status, tc.code, tc.msg)
	}
	expectSuccess(t, a.Call(http.MethodPost, updateEmail, form()))
	if i := infoOf(t, a); i.UserInfo.Email != "new@example.com" || i.Account != "13600000001" {
		t.Fatalf("a phone account changes only its e-mail: %+v", i)
	}

	// Someone who signs in with their e-mail address signs in with the new one, unless another account has it.
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	h.Register(apptest.Registration{Phone: "13600000003", Password: "Passw0rd!", Name: "丙", Email: "c@example.com", Company: "丙"})
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13600000003").Update("account", "taken@example.com")
	k, cd := code(t, h, "taken@example.com", "changeemail")
	apptest.Expect(t, admin.Call(http.MethodPost, updateEmail, map[string]string{"email": "taken@example.com", "key": k, "code": cd}),
		400, "B0001", "账号已存在")
	k, cd = code(t, h, "boss@example.com", "changeemail")
	expectSuccess(t, admin.Call(http.MethodPost, updateEmail, map[string]string{"email": "boss@example.com", "key": k, "code": cd}))
	if i := infoOf(t, admin); i.Account != "boss@example.com" || i.UserInfo.Email != "boss@example.com" {
		t.Fatalf("an e-mail account follows its address: %+v", i)
	}
	apptest.ExpectOK(t, h.Client().Login("boss@example.com", apptest.AdminPassword))
	if i := infoOf(t, a); i.UserInfo.Email != "new@example.com" {
		t.Fatalf("another company's user changed: %+v", i)
	}
}

// upload posts one multipart field named field with content as users/saveImage.
func upload(t *testing.T, c *apptest.Client, field string, content []byte) apptest.Envelope {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("note", "头像")
	part, _ := w.CreateFormFile(field, "picture.bin")
	part.Write(content)
	w.Close()
	resp, raw := c.Raw(http.MethodPost, saveImage, w.FormDataContentType(), &body)
	var env apptest.Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("saveImage: not an envelope (%d): %s", resp.StatusCode, raw)
	}
	env.Status = resp.StatusCode
	return env
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.NRGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var uploadAddress = regexp.MustCompile(`^/uploads/[0-9a-f]{32}\.(png|jpg|gif|webp)$`)

func TestSaveImageAndServeItToTheCompanyOnly(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13600000001", "甲贸易")
	member := h.Member("13600000001", "13600000011", false)
	stranger := h.SignedIn("13600000002", "乙科技")
	picture := pngOf(t, 8, 8)
	env := upload(t, owner, "file", picture)
	apptest.ExpectOK(t, env)
	address := env.String(t)
	if !uploadAddress.MatchString(address) || !strings.HasSuffix(address, ".png") {
		t.Fatalf("saveImage data = %q", address)
	}
	if i := infoOf(t, owner); i.Image != address || i.UserInfo.Image != address {
		t.Fatalf("info after saveImage: %+v", i)
	}
	for _, c := range []*apptest.Client{owner, member} {
		resp, body := c.Raw(http.MethodGet, address, "", nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || !bytes.Equal(body, picture) ||
			!strings.Contains(resp.Header.Get("Cache-Control"), "private") {
			t.Fatalf("the company's users see the picture: %d %v", resp.StatusCode, resp.Header)
		}
	}
	if resp, _ := stranger.Raw(http.MethodGet, address, "", nil); resp.StatusCode != 404 {
		t.Fatalf("another company's user got the picture: %d", resp.StatusCode)
	}
	if resp, _ := h.Client().Raw(http.MethodGet, address, "", nil); resp.StatusCode != 303 ||
		!strings.HasPrefix(resp.Header.Get("Location"), "/ssologin") {
		t.Fatalf("without a session: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, bad := range []string{"/uploads/../../etc/passwd", "/uploads/x.png", "/uploads/" + strings.Repeat("a", 32) + ".svg"} {
		if resp, _ := owner.Raw(http.MethodGet, bad, "", nil); resp.StatusCode != 404 {
			t.Fatalf("%s: %d", bad, resp.StatusCode)
		}
	}
	// The file sits in the company's own folder; a new picture replaces the old one, which is deleted.
	files, _ := filepath.Glob(filepath.Join(h.Config.UploadDir, "*", "*.png"))
	if len(files) != 1 || filepath.Base(files[0]) != strings.TrimPrefix(address, "/uploads/") {
		t.Fatalf("stored files: %v", files)
	}
	env = upload(t, owner, "file", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))
	apptest.ExpectOK(t, env)
	if !strings.HasSuffix(env.String(t), ".gif") {
		t.Fatalf("a GIF is stored as %s", env.Data)
	}
	if resp, _ := owner.Raw(http.MethodGet, address, "", nil); resp.StatusCode != 404 {
		t.Fatalf("the replaced picture is still served: %d", resp.StatusCode)
	}
	for name, content := range map[string][]byte{
		".jpg":  append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, make([]byte, 60)...),
		".webp": append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), make([]byte, 40)...),
	} {
		env := upload(t, member, "file", content)
		apptest.ExpectOK(t, env)
		if !strings.HasSuffix(env.String(t), name) {
			t.Fatalf("%s stored as %s", name, env.Data)
		}
	}
	if i := infoOf(t, stranger); i.Image != "" {
		t.Fatalf("another company's user got a picture: %+v", i)
	}
}

func TestSaveImageRefusals(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	apptest.Expect(t, upload(t, a, "file", svg), 400, "A0400", "图片格式不正确")
	apptest.Expect(t, upload(t, a, "file", []byte("%PDF-1.4 not a picture")), 400, "A0400", "图片格式不正确")
	// A name or a claimed type does not make a picture: the content decides.
	apptest.Expect(t, upload(t, a, "file", []byte("<html><body>hi</body></html>")), 400, "A0400", "图片格式不正确")
	apptest.Expect(t, upload(t, a, "file", nil), 400, "A0400", "请选择图片")
	apptest.Expect(t, upload(t, a, "other", pngOf(t, 4, 4)), 400, "A0400", "请选择图片")
	// Just over 2 MB is read and refused by name; far over it is refused by its length alone.
	big := pngOf(t, 900, 900)
	if len(big) <= 2<<20 || len(big) > 3<<20 {
		t.Fatalf("test picture of %d bytes", len(big))
	}
	apptest.Expect(t, upload(t, a, "file", big), 400, "A0400", "图片不能超过2MB")
	huge := pngOf(t, 1100, 1100)
	apptest.Expect(t, upload(t, a, "file", huge), 400, "A0400", "图片不能超过2MB")
	resp, raw := a.Raw(http.MethodPost, saveImage, "text/plain", strings.NewReader("x"))
	if resp.StatusCode != 400 || !bytes.Contains(raw, []byte("请选择图片")) {
		t.Fatalf("not a form: %d %s", resp.StatusCode, raw)
	}
	if i := infoOf(t, a); i.Image != "" {
		t.Fatalf("a refused upload set the picture: %+v", i)
	}
	if files, _ := filepath.Glob(filepath.Join(h.Config.UploadDir, "*", "*")); len(files) != 0 {
		t.Fatalf("a refused upload left files: %v", files)
	}
	// Other calls keep the application's 2 MiB limit.
	resp, _ = a.Raw(http.MethodPost, updateSelf, "application/json", bytes.NewReader(make([]byte, 3<<20)))
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("a 3 MiB body elsewhere: %d", resp.StatusCode)
	}
}

func TestUnbindWechatIsIdempotent(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	expectSuccess(t, a.Call(http.MethodGet, unbindWechat, nil))
	expectSuccess(t, a.Call(http.MethodGet, unbindWechat, nil))
	a.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, a.Call(http.MethodGet, unbindWechat, nil), 403, "A0301", "请求来源未确认，请在系统页面内操作")
}

func TestMergeAccount(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	b := h.SignedIn("13600000002", "乙科技")
	h.SignedIn("13600000003", "丙物流")
	merge := func(account, password string) apptest.Envelope {
		return a.Call(http.MethodPost, mergeAccount, map[string]string{"account": account, "password": password})
	}
	apptest.Expect(t, merge("", ""), 400, "A0400", "账号和密码不能为空")
	apptest.Expect(t, merge("13600000002", "Wrong#pass1"), 200, "B0001", "账号或密码有误")
	apptest.Expect(t, merge("13699999999", "Passw0rd!"), 200, "B0001", "账号或密码有误")
	apptest.Expect(t, merge("13600000001", "Passw0rd!"), 400, "B0001", "不能绑定当前登录的账号")
	expectSuccess(t, merge("13600000002", "Passw0rd!"))
	if list := bindList(t, b); len(list) != 2 {
		t.Fatalf("the merged account's group: %+v", list)
	}
	a.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, merge("13600000003", "Passw0rd!"), 401, "A0301", "访问未授权")
	if list := bindList(t, a); len(list) != 2 {
		t.Fatalf("a refused merge merged: %+v", list)
	}
}

func TestMergeAccountSharesTheLoginLimit(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	h.SignedIn("13600000003", "丙物流")
	merge := func(password string) apptest.Envelope {
		return a.Call(http.MethodPost, mergeAccount, map[string]string{"account": "13600000003", "password": password})
	}
	for range 5 {
		apptest.Expect(t, merge("Wrong#pass1"), 200, "B0001", "账号或密码有误")
	}
	apptest.Expect(t, merge("Passw0rd!"), 429, "B0001", "登录尝试过多，请15分钟后再试")
	apptest.Expect(t, h.Client().Login("13600000003", "Passw0rd!"), 429, "B0001", "登录尝试过多，请15分钟后再试")
	h.Clock.Advance(16 * time.Minute)
	expectSuccess(t, merge("Passw0rd!"))
}

func TestUnbindAccountBinding(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	b := h.SignedIn("13600000002", "乙科技")
	c := h.SignedIn("13600000003", "丙物流")
	d := h.SignedIn("13600000004", "丁仓储")
	apptest.ExpectOK(t, bind(a, "13600000002", "Passw0rd!"))
	apptest.ExpectOK(t, bind(a, "13600000003", "Passw0rd!"))
	apptest.ExpectOK(t, bind(c, "13600000004", "Passw0rd!")) // one group: a, b, c, d
	idB, idD := userID(t, b), userID(t, d)
	outsider := h.SignedIn("13600000005", "戊")
	idOut := userID(t, outsider)

	apptest.Expect(t, a.Call(http.MethodGet, unbindBinding+"?id=x", nil), 400, "A0400", "账号id不正确")
	apptest.Expect(t, a.Call(http.MethodGet, unbindBinding+"?id="+userID(t, a), nil), 400, "B0001", "不能解绑当前登录的账号")
	apptest.Expect(t, a.Call(http.MethodGet, unbindBinding+"?id="+idOut, nil), 400, "B0001", "账号未绑定")
	apptest.Expect(t, a.Call(http.MethodGet, unbindBinding+"?id=12345", nil), 400, "B0001", "账号未绑定")
	expectSuccess(t, a.Call(http.MethodGet, unbindBinding+"?id="+idB, nil))
	if list := bindList(t, a); len(list) != 3 {
		t.Fatalf("after unbinding b, a's group: %+v", list)
	}
	if list := bindList(t, b); len(list) != 1 || list[0].Account != "13600000002" {
		t.Fatalf("b after being unbound: %+v", list)
	}
	// Once out of the group, b is no longer a's to unbind, and a cannot switch to it.
	apptest.Expect(t, a.Call(http.MethodGet, unbindBinding+"?id="+idB, nil), 400, "B0001", "账号未绑定")
	// POST with a form body works as well, from any member of the group.
	resp, raw := c.Raw(http.MethodPost, unbindBinding, "application/x-www-form-urlencoded", strings.NewReader("id="+idD))
	if resp.StatusCode != 200 || !bytes.Contains(raw, []byte(`"code":"201"`)) {
		t.Fatalf("POST unbind: %d %s", resp.StatusCode, raw)
	}
	if list := bindList(t, a); len(list) != 2 {
		t.Fatalf("a's group after c unbound d: %+v", list)
	}
	if list := bindList(t, outsider); len(list) != 1 {
		t.Fatalf("the outsider's group: %+v", list)
	}
	a.Token = ""
	a.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, a.Call(http.MethodGet, unbindBinding+"?id="+idD, nil), 403, "A0301", "请求来源未确认，请在系统页面内操作")
}

func TestLogOff(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13600000001", "甲贸易")
	member := h.Member("13600000001", "13600000011", false)
	other := h.SignedIn("13600000002", "乙科技")
	apptest.ExpectOK(t, bind(member, "13600000002", "Passw0rd!"))
	apptest.ExpectOK(t, upload(t, member, "file", pngOf(t, 4, 4)))
	memberID := userID(t, member)

	// Without a fresh password proof nothing happens.
	apptest.Expect(t, member.Call(http.MethodGet, unbindAccount, nil), 400, "B0001", "请先验证密码")
	apptest.Expect(t, member.Call(http.MethodPost, verifyPassword, map[string]string{"password": "Wrong#pass1"}), 200, "B0001", "密码错误")
	apptest.Expect(t, member.Call(http.MethodGet, unbindAccount, nil), 400, "B0001", "请先验证密码")
	apptest.ExpectOK(t, member.Call(http.MethodPost, verifyPassword, map[string]string{"password": "Passw0rd!"}))
	h.Clock.Advance(6 * time.Minute)
	apptest.Expect(t, member.Call(http.MethodGet, unbindAccount, nil), 400, "B0001", "请先验证密码")
	// A new sign-in (which ends the first session) proves the password afresh; the call still refuses other sites.
	second := h.Client()
	apptest.ExpectOK(t, second.Login("13600000011", "Passw0rd!"))
	apptest.ExpectOK(t, second.Call(http.MethodPost, verifyPassword, map[string]string{"password": "Passw0rd!"}))
	second.Header.Set("Sec-Fetch-Site", "cross-site")
	apptest.Expect(t, second.Call(http.MethodGet, unbindAccount, nil), 403, "A0301", "请求来源未确认，请在系统页面内操作")
	second.Header = http.Header{}

	env := second.Call(http.MethodGet, unbindAccount, nil)
	expectSuccess(t, env)
	if ck := env.Header.Get("Set-Cookie"); !strings.Contains(ck, "jsessionid=;") {
		t.Fatalf("the cookie is not cleared: %q", ck)
	}
	apptest.Expect(t, second.Call(http.MethodGet, infoPath, nil), 403, "A0231", tokenForbidden)
	apptest.Expect(t, h.Client().Login("13600000011", "Passw0rd!"), 200, "B0001", "账号或密码有误")

	var u accountsdb.User
	if err := h.DB.Preload("Profile").First(&u, "id = ?", memberID).Error; err != nil {
		t.Fatal(err)
	}
	if u.Account != "logoff-"+memberID || u.Status != accountsdb.StatusDisabled || u.SessionToken != "" ||
		u.Profile.Name != "" || u.Profile.Mobile != "" || u.Profile.Email != "" || u.Profile.Image != "" {
		t.Fatalf("the account is not anonymised: %+v", u)
	}
	if files, _ := filepath.Glob(filepath.Join(h.Config.UploadDir, "*", "*")); len(files) != 0 {
		t.Fatalf("the picture is kept: %v", files)
	}
	if list := bindList(t, other); len(list) != 1 {
		t.Fatalf("the bound account still lists the logged-off one: %+v", list)
	}
	// The company and its owner carry on; the number can be registered again.
	apptest.ExpectOK(t, owner.Call(http.MethodGet, infoPath, nil))
	h.Register(apptest.Registration{Phone: "13600000011", Password: "Passw0rd!", Name: "新", Email: "n@example.com", Company: "新公司"})
}

func TestOwnerLogOff(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13600000001", "甲贸易")
	member := h.Member("13600000001", "13600000011", true)
	apptest.ExpectOK(t, owner.Call(http.MethodPost, verifyPassword, map[string]string{"password": "Passw0rd!"}))
	apptest.Expect(t, owner.Call(http.MethodGet, unbindAccount, nil), 400, "B0001", "请先移交或停用其他子账号")
	apptest.ExpectOK(t, member.Call(http.MethodGet, infoPath, nil))
	// With the other user disabled, the owner may go, and the company closes with them.
	h.DB.Model(&accountsdb.User{}).Where("account = ?", "13600000011").Update("status", accountsdb.StatusDisabled)
	expectSuccess(t, owner.Call(http.MethodGet, unbindAccount, nil))
	owners, _ := accountsdb.UserByAccount(h.DB, "13600000011")
	if owners.Company.Status != accountsdb.StatusDisabled {
		t.Fatalf("the company of a logged-off owner: %+v", owners.Company)
	}
	other := h.SignedIn("13600000002", "乙科技")
	apptest.ExpectOK(t, other.Call(http.MethodGet, infoPath, nil))
}

func TestUserCenterCallsNeedASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, call := range []struct{ method, path string }{
		{http.MethodPost, updateSelf}, {http.MethodPost, updateAccount}, {http.MethodPost, updateEmail},
		{http.MethodPost, saveImage}, {http.MethodPost, mergeAccount}, {http.MethodGet, unbindBinding + "?id=1"},
		{http.MethodPost, unbindBinding}, {http.MethodGet, unbindWechat}, {http.MethodGet, unbindAccount},
	} {
		apptest.Expect(t, c.Call(call.method, call.path, nil), 403, "A0231", tokenForbidden)
	}
}

func TestUploadFolderIsPerCompany(t *testing.T) {
	h := apptest.Start(t)
	a := h.SignedIn("13600000001", "甲贸易")
	b := h.SignedIn("13600000002", "乙科技")
	apptest.ExpectOK(t, upload(t, a, "file", pngOf(t, 2, 2)))
	apptest.ExpectOK(t, upload(t, b, "file", pngOf(t, 3, 3)))
	entries, err := os.ReadDir(h.Config.UploadDir)
	if err != nil || len(entries) != 2 {
		t.Fatalf("company folders: %v %v", entries, err)
	}
	// b asking for a's picture by its name finds nothing: only b's folder is looked in.
	addressA := infoOf(t, a).Image
	if resp, _ := b.Raw(http.MethodGet, addressA, "", nil); resp.StatusCode != 404 {
		t.Fatalf("b got a's picture: %d", resp.StatusCode)
	}
}
