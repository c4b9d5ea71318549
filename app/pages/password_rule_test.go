package pages_test

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
)

// The pages where a password is chosen show the rule in the spec's words under the new password's field, and no
// other wording of it (the placeholder 8-30位，含数字/字母/符号中三种 read as if a symbol were required).
func TestPasswordRuleHasOneWording(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13700000001", "甲公司")
	for _, page := range []struct {
		c          *apptest.Client
		path, rule string
	}{
		{h.Client(), "/register", "oldpassword-rule"},
		{owner, userCenter + "&section=security", "password-password-rule"},
	} {
		status, body := get(t, page.c, page.path)
		body = html.UnescapeString(body)
		// The rule's text, its clauses each in a span of their own (a line wraps only between them).
		m := regexp.MustCompile(`id="` + page.rule + `"[^>]*>((?:\s*<span[^>]*>[^<]*</span>)+)\s*</span>`).FindStringSubmatch(body)
		shown := m != nil && regexp.MustCompile(`<[^>]*>|\s*\n\s*`).ReplaceAllString(m[1], "") == core.MsgPasswordRule
		if status != 200 || !strings.Contains(body, `aria-describedby="`+page.rule+`"`) || !shown {
			t.Errorf("%s: %d, the rule under the field missing", page.path, status)
		}
		if strings.Contains(body, "8-30位") {
			t.Errorf("%s words the rule another way too", page.path)
		}
	}
}
