package amazon_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// /authresult streams: the working notice reaches the browser before Amazon has answered, the outcome after.
func TestAuthResultShowsWorkingFirst(t *testing.T) {
	h, amz := start(t)
	c := h.SignedIn("13900000061", "环球贸易")
	g := group(t, c, "美国一店")
	callback := approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER"))
	amz.SlowToken(2 * time.Second)
	req, _ := http.NewRequest(http.MethodGet, h.URL+callback, nil)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req) // asks for gzip, as browsers do
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var seen strings.Builder
	workingAt, outcomeAt := time.Duration(0), time.Duration(0)
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		seen.Write(buf[:n])
		if workingAt == 0 && strings.Contains(seen.String(), "授权进行中。。。") {
			workingAt = time.Since(start)
		}
		if outcomeAt == 0 && strings.Contains(seen.String(), "授权成功，请回到授权列表页面刷新。") {
			outcomeAt = time.Since(start)
		}
		if err != nil {
			break
		}
	}
	if workingAt == 0 || workingAt > time.Second || outcomeAt < 2*time.Second {
		t.Fatalf("working notice after %v, outcome after %v", workingAt, outcomeAt)
	}
}
