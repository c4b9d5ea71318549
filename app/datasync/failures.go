package datasync

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"

	"sellerhub/app/amazon"
	"sellerhub/app/stores"
)

// What a failed sync tells the seller: what happened, in plain Chinese, and what to do or what happens next.
const (
	MsgThrottled    = "亚马逊接口限流，稍后自动重试"
	MsgUnreachable  = "无法连接亚马逊，稍后自动重试"
	MsgAmazonDown   = "亚马逊服务暂时不可用，稍后自动重试"
	MsgAccessDenied = "亚马逊拒绝了访问，稍后自动重试；如持续出现，请在店铺管理中重新授权"
	MsgReportFatal  = "亚马逊未能生成报告，将在下次同步时重试"
	MsgRefused      = "亚马逊拒绝了报告请求（%s），将在下次同步时重试"
	MsgImportFailed = "报告导入出错，稍后自动重试；如持续出现，请联系管理员"
)

// failure is how a sync failed: the seller's message, and whether River retries it (with its backoff) or the
// next periodic sync tries again. invalidGrant: Amazon refuses the seller's refresh token for good.
type failure struct {
	msg          string
	retry        bool
	invalidGrant bool
	// invalidClient: Amazon refuses the application's client secret (expired or replaced).
	invalidClient bool
}

// errReportFatal is a report Amazon ended FATAL.
var errReportFatal = errors.New("datasync: the report ended FATAL")

// importError wraps a failure of the import itself, not of Amazon.
type importError struct{ err error }

func (e *importError) Error() string { return "datasync: import: " + e.err.Error() }
func (e *importError) Unwrap() error { return e.err }

// classify maps a sync's error to what the seller is told.
func classify(err error) failure {
	var ae *amazon.APIError
	var te *amazon.TokenError
	var ie *importError
	var rl *amazon.RateLimitError
	var adv *amazon.AdvertisingError
	// The access-token cache may hand the token endpoint's refusal on wrapped.
	switch {
	case errors.As(err, &te) && te.Code == "invalid_grant":
		return failure{msg: MsgSellerInvalid, invalidGrant: true}
	case amazon.IsInvalidClient(err):
		return failure{msg: stores.MsgClientInvalid, invalidClient: true}
	case errors.Is(err, errReportFatal):
		return failure{msg: MsgReportFatal}
	case errors.As(err, &rl):
		// The operation's budget at Amazon is spent for longer than the call could wait.
		return failure{msg: MsgThrottled, retry: true}
	case errors.As(err, &ie):
		return failure{msg: MsgImportFailed, retry: true}
	case errors.As(err, &ae):
		return apiFailure(ae.Status)
	case errors.As(err, &adv):
		return apiFailure(adv.Status)
	case errors.As(err, &te):
		return apiFailure(te.Status)
	}
	// Anything else is the network: a refused connection, a timeout, a reset.
	return failure{msg: MsgUnreachable, retry: true}
}

// apiFailure maps an HTTP refusal of Amazon's.
func apiFailure(status int) failure {
	switch {
	case status == 429:
		return failure{msg: MsgThrottled, retry: true}
	case status >= 500:
		return failure{msg: MsgAmazonDown, retry: true}
	case status == 401 || status == 403:
		return failure{msg: MsgAccessDenied, retry: true}
	}
	return failure{msg: fmt.Sprintf(MsgRefused, fmt.Sprintf("HTTP %d", status))}
}

// isNetwork tells a failure of the download under an import (Amazon's answer, or the document's stream broke) from
// one of the import itself.
func isNetwork(err error) bool {
	var ae *amazon.APIError
	var ne net.Error
	var ue *url.Error
	return errors.As(err, &ae) || errors.As(err, &ne) || errors.As(err, &ue) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF)
}
