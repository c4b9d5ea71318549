package admin

import (
	"net/url"
	"strings"
	"testing"
)

func TestMaskedDetailOfEveryKindOfInput(t *testing.T) {
	for _, tc := range []struct {
		name, body, contentType string
		query                   url.Values
		want                    string
	}{
		{"json", `{"name":"币种","password":"x","sub":{"CODE":"y","keep":[1,{"key":"z"}]}}`, "application/json; charset=utf-8", nil,
			`{"name":"币种","password":"******","sub":{"CODE":"******","keep":[1,{"key":"******"}]}}`},
		{"json with a big number stays exact", `{"id":382735773527072388}`, "application/json", nil, `{"id":382735773527072388}`},
		{"form", "name=a&password=b&tag=1&tag=2", "application/x-www-form-urlencoded", nil,
			`{"name":"a","password":"******","tag":["1","2"]}`},
		{"query of a GET that writes", "", "", url.Values{"versionid": {"7"}, "token": {"t"}}, `{"token":"******","versionid":"7"}`},
		{"nothing", "", "", nil, ""},
		{"upload", "--x\r\n...", "multipart/form-data; boundary=x", nil, "(multipart/form-data)"},
		{"broken json", `{"password":`, "application/json", nil, ""},
	} {
		if got := MaskedDetail([]byte(tc.body), tc.contentType, tc.query); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
	long := `{"remark":"` + strings.Repeat("长", detailMaxRunes) + `"}`
	if got := MaskedDetail([]byte(long), "application/json", nil); len([]rune(got)) != detailMaxRunes {
		t.Errorf("long body logged as %d characters", len([]rune(got)))
	}
}
