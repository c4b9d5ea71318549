package datasync

import (
	"errors"
	"fmt"
	"net/url"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/stores"
)

// Each way a sync fails is told in plain Chinese, retried by River or left to the next periodic sync.
func TestFailuresInPlainChinese(t *testing.T) {
	for _, c := range []struct {
		err  error
		want failure
	}{
		{fmt.Errorf("token: %w", &amazon.TokenError{Status: 400, Code: "invalid_grant"}), failure{msg: MsgSellerInvalid, invalidGrant: true}},
		{fmt.Errorf("token: %w", &amazon.TokenError{Status: 401, Code: "invalid_client"}), failure{msg: stores.MsgClientInvalid, invalidClient: true}},
		{&amazon.APIError{Status: 429}, failure{msg: MsgThrottled, retry: true}},
		{&amazon.RateLimitError{Operation: "createReport", Wait: time.Minute}, failure{msg: MsgThrottled, retry: true}},
		{&amazon.APIError{Status: 503}, failure{msg: MsgAmazonDown, retry: true}},
		{&amazon.TokenError{Status: 500, Code: "server_error"}, failure{msg: MsgAmazonDown, retry: true}},
		{&amazon.APIError{Status: 403}, failure{msg: MsgAccessDenied, retry: true}},
		{&amazon.APIError{Status: 400}, failure{msg: fmt.Sprintf(MsgRefused, "HTTP 400")}},
		{&url.Error{Op: "Get", URL: "https://sellingpartnerapi-na.amazon.com", Err: errors.New("connection refused")}, failure{msg: MsgUnreachable, retry: true}},
		{errReportFatal, failure{msg: MsgReportFatal}},
		{&importError{errors.New("line 7: bad date")}, failure{msg: MsgImportFailed, retry: true}},
	} {
		if got := classify(c.err); got != c.want {
			t.Errorf("%v: %+v, want %+v", c.err, got, c.want)
		}
	}
}
