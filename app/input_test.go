package app_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

const msgBadCharacters = "输入包含非法字符"

// TestControlCharactersAreRefusedAtTheEdge sends NUL, other control characters and invalid UTF-8 in every kind
// of input. PostgreSQL refuses NUL and invalid UTF-8 in text (a 500 before the check), SQLite stores them: on
// both, the answer is the same 400 and nothing is written.
func TestControlCharactersAreRefusedAtTheEdge(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			// The API caller owns a company of its own: signing the admin in through the form ends any other session.
			owner := h.SignedIn("13700000001", "甲公司")
			browser := h.Client()
			token := formToken(t, browser, "/login")
			if resp, _ := browser.Form("/login", map[string]string{"_csrf": token, "account": apptest.AdminAccount, "password": apptest.AdminPassword}); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("login form: %d", resp.StatusCode)
			}
			before := snapshot(t, h)
			refused := func(env apptest.Envelope) {
				t.Helper()
				apptest.Expect(t, env, http.StatusBadRequest, "A0400", msgBadCharacters)
			}

			// The public login, with a NUL in the account and in the password.
			anon := h.Client()
			for _, body := range []map[string]string{{"account": "a\x00b", "password": "x"}, {"account": apptest.AdminAccount, "password": "Admin#2026pass\x00"}} {
				env := anon.Call(http.MethodPost, "/admin/api/v1/auth/login", body)
				refused(env)
				if ck := env.Header.Get("Set-Cookie"); strings.Contains(ck, "jsessionid") {
					t.Fatalf("a refused login set the session cookie: %s", ck)
				}
			}
			// JSON bodies: a field at the top, a string deep in a list, a key; the raw body is not valid UTF-8. And the
			// XML echo's binder also reads.
			refused(owner.Call(http.MethodPost, "/admin/api/v1/dicts", map[string]string{"name": "颜色\x00", "code": "color"}))
			refused(owner.Call(http.MethodPost, "/admin/api/v1/dicts", map[string]string{"name": "颜色", "code": "color\x1b[31m"}))
			refused(owner.Call(http.MethodPost, "/admin/api/v1/sysQueryField/saveMyVersionFieldWithName",
				map[string]any{"queryname": "dictList", "versionname": "常用", "fieldlist": []any{map[string]any{"ffield": "name\x7f", "findex": 1, "isshow": true}}}))
			refused(owner.Call(http.MethodPost, "/admin/api/v1/dicts", map[string]string{"name": "颜色", "code": "color", "x\x00": ""}))
			refused(envelope(t)(owner.Raw(http.MethodPost, "/admin/api/v1/dicts", "application/json", strings.NewReader(`{"name":"颜色`+"\xff"+`","code":"color"}`))))
			refused(envelope(t)(owner.Raw(http.MethodPost, "/admin/api/v1/dicts", "application/xml", strings.NewReader(`<DictForm><Name>颜色&#127;</Name><Code>color</Code></DictForm>`))))

			// Query parameters, values and keys: NUL, another control and bytes that are not UTF-8.
			for _, q := range []string{"%00", "%FF", "a%01b", "%C3%28"} {
				refused(owner.Call(http.MethodGet, "/admin/api/v1/dicts/page?name="+q, nil))
				refused(owner.Call(http.MethodGet, "/admin/api/v1/sysQueryField/loadfield?queryname="+q, nil))
				refused(owner.Call(http.MethodGet, "/admin/api/v1/dicts/page?"+q+"=1", nil))
			}
			// A path parameter.
			refused(owner.Call(http.MethodGet, "/erp/api/v1/shipForm/quotainfo/FBA%00", nil))
			refused(owner.Call(http.MethodGet, "/erp/api/v1/shipForm/quotainfo/FBA%FF", nil))

			// A session id in the header is no exception: one that is not text names no session.
			forged := h.Client()
			forged.Token = "abc\xff"
			apptest.Expect(t, forged.Call(http.MethodGet, "/admin/api/v1/users/info", nil), http.StatusForbidden, "A0231", "token已被禁止访问")

			// Forms: the sign-in page and a signed-in page's form answer the error page.
			stranger := h.Client()
			resp, page := stranger.Form("/login", map[string]string{"_csrf": formToken(t, stranger, "/login"), "account": "admin\x01@sellerhub.local", "password": apptest.AdminPassword})
			refusedPage(t, resp, page)
			token = formToken(t, browser, "/sys/notify/publish?embed=1")
			resp, page = browser.Form("/sys/notify/publish", map[string]string{"_csrf": token, "title": "停电\x07通知", "content": "今晚停电"})
			refusedPage(t, resp, page)
			resp, page = browser.Form("/sys/notify/publish", map[string]string{"_csrf": token, "title": "停电通知", "content": "今晚\x00停电"})
			refusedPage(t, resp, page)
			// The same form as multipart.
			ct, body := multipartBody(t, map[string]string{"_csrf": token, "title": "停电\x00通知", "content": "今晚停电"}, nil)
			resp, raw := browser.Raw(http.MethodPost, "/sys/notify/publish", ct, body)
			refusedPage(t, resp, string(raw))

			// A picture upload: its text fields are checked, its file (a PNG, full of NUL bytes) is not.
			picture := pngBytes(t)
			ct, body = multipartBody(t, map[string]string{"note": "头像\x00"}, picture)
			refused(envelope(t)(owner.Raw(http.MethodPost, "/admin/api/v1/users/saveImage", ct, body)))

			if after := snapshot(t, h); after != before {
				t.Fatalf("a refused call wrote:\nbefore %s\nafter  %s", before, after)
			}
			if files, _ := filepath.Glob(filepath.Join(h.Config.UploadDir, "*", "*")); len(files) != 0 {
				t.Fatalf("a refused upload stored %v", files)
			}

			// Tab, newline and carriage return pass where text allows them; so does the picture.
			apptest.ExpectOK(t, owner.Call(http.MethodPost, "/admin/api/v1/notify/addAnnounce", map[string]any{"title": "停电通知", "content": "第一行\r\n第二行\t完"}))
			ct, body = multipartBody(t, map[string]string{"note": "头像"}, picture)
			apptest.ExpectOK(t, envelope(t)(owner.Raw(http.MethodPost, "/admin/api/v1/users/saveImage", ct, body)))
			apptest.ExpectOK(t, owner.Call(http.MethodGet, "/admin/api/v1/dicts/page?name="+url.QueryEscape("颜色\t"), nil))
			if strings.Contains(h.Log.String(), `"level":"ERROR"`) {
				t.Fatalf("an input was a server error:\n%s", h.Log.String())
			}
		})
	}
}

// multipartBody writes fields, and a file field when file is not nil, as a multipart form.
func multipartBody(t *testing.T, fields map[string]string, file []byte) (string, *bytes.Buffer) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if file != nil {
		part, err := w.CreateFormFile("file", "picture.png")
		if err != nil {
			t.Fatal(err)
		}
		part.Write(file)
	}
	w.Close()
	return w.FormDataContentType(), &body
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte{0}) {
		t.Fatal("the test picture has no NUL byte")
	}
	return b.Bytes()
}

// envelope decodes a Raw answer as the API's envelope.
func envelope(t *testing.T) func(*http.Response, []byte) apptest.Envelope {
	return func(resp *http.Response, raw []byte) apptest.Envelope {
		t.Helper()
		var env apptest.Envelope
		if err := json.Unmarshal(raw, &env); err != nil {
			t.Fatalf("not an envelope (%d): %s", resp.StatusCode, raw)
		}
		env.Status, env.Header = resp.StatusCode, resp.Header
		return env
	}
}

func refusedPage(t *testing.T, resp *http.Response, page string) {
	t.Helper()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(page, msgBadCharacters) || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("form with a control character: %d %s", resp.StatusCode, page)
	}
}
