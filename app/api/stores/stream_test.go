package stores_test

import (
	"net/http"
	"strings"
	"testing"
)

// /authresult streams: the working notice reaches the browser while Amazon has not answered, the outcome after it
// has. The stand-in holds its token answer until the notice has arrived, so no wait depends on the machine's speed.
func TestAuthResultShowsWorkingFirst(t *testing.T) {
	const working, success = "授权进行中。。。", "授权成功，请回到授权列表页面刷新。"
	h, amz := start(t)
	c := h.SignedIn("13900000061", "环球贸易")
	g := group(t, c, "美国一店")
	callback := approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER"))
	amz.HoldToken()
	defer amz.ReleaseToken() // a failed test leaves no request waiting on Amazon when the servers close
	req, _ := http.NewRequest(http.MethodGet, h.URL+callback, nil)
	resp, err := http.DefaultClient.Do(req) // asks for gzip, as browsers do
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var seen strings.Builder
	buf := make([]byte, 4096)
	read := func() error {
		n, err := resp.Body.Read(buf)
		seen.Write(buf[:n])
		return err
	}
	for !strings.Contains(seen.String(), working) {
		if err := read(); err != nil {
			t.Fatalf("the page ended (%v) without the working notice: %s", err, seen.String())
		}
	}
	if strings.Contains(seen.String(), success) {
		t.Fatalf("the outcome came before Amazon answered: %s", seen.String())
	}
	amz.ReleaseToken()
	for read() == nil {
	}
	if !strings.Contains(seen.String(), success) {
		t.Fatalf("no outcome after Amazon answered: %s", seen.String())
	}
}
