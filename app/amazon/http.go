// Package amazon is the product's client for Amazon's services: Login with Amazon (tokens), the Selling Partner
// API (sellers and their marketplaces), and what they share: retries, a token cache, the cipher for secrets at
// rest and the signed OAuth state. It knows nothing of echo or the database.
package amazon

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// HTTP sends requests to Amazon with a time limit, and retries what Amazon says may succeed later: 429 (throttled)
// and 5xx, with exponential backoff, jitter and a cap, honouring Retry-After. A 4xx other than 429 (a refused grant,
// a bad request) is an answer, never retried.
type HTTP struct {
	Client *http.Client
	// Timeout bounds one call, retries and waits included.
	Timeout time.Duration
	// Attempts is how many times a request is sent at most (1 means no retry).
	Attempts int
	// BaseDelay is the first wait; each retry doubles it, up to MaxDelay.
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Sleep waits between attempts; tests replace it to run without waiting.
	Sleep func(ctx context.Context, d time.Duration) error
}

// NewHTTP is the helper with the product's defaults: 4 attempts, 500 ms doubling up to 8 s.
func NewHTTP(timeout time.Duration) *HTTP {
	return &HTTP{Client: &http.Client{Timeout: timeout}, Timeout: timeout, Attempts: 4,
		BaseDelay: 500 * time.Millisecond, MaxDelay: 8 * time.Second, Sleep: sleep}
}

// Response is an answer read in full.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// maxBody bounds what is read from Amazon: its answers are small JSON documents.
const maxBody = 8 << 20

// Do sends the request that build makes (once per attempt, so the body is fresh) and returns the last answer.
// It returns an error only when no answer came (network failure, timeout); a status of 429 or 5xx after the last
// attempt, or when waiting for another would pass the call's deadline, is returned as the answer.
func (h *HTTP) Do(ctx context.Context, build func(ctx context.Context) (*http.Request, error)) (*Response, error) {
	return h.do(ctx, build, nil)
}

// do is Do that shows seen every answer's status and header, retried ones included, before its body is read: the
// Selling Partner API's rate limits learn from them.
func (h *HTTP) do(ctx context.Context, build func(ctx context.Context) (*http.Request, error), seen func(*http.Response)) (*Response, error) {
	if h.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, h.Timeout)
		defer cancel()
	}
	var answer *Response
	err := h.send(ctx, h.Client, build, seen, func(res *http.Response) error {
		defer res.Body.Close()
		body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
		if err != nil {
			return err
		}
		answer = &Response{Status: res.StatusCode, Header: res.Header, Body: body}
		return nil
	})
	return answer, err
}

// send is the retry loop shared by Do and the streaming download: it sends build's request until an answer is not
// to be retried (or attempts or the deadline run out), and hands that answer to keep, which owns its body (reads
// and closes it, or keeps it open for the caller). An error from keep (a body cut short) is retried like a network
// failure. A wait that would end after ctx's deadline is not begun: the call fails at once instead.
func (h *HTTP) send(ctx context.Context, client *http.Client, build func(ctx context.Context) (*http.Request, error),
	seen func(*http.Response), keep func(*http.Response) error) error {
	attempts := max(h.Attempts, 1)
	var lastErr error
	for i := 1; ; i++ {
		req, err := build(ctx)
		if err != nil {
			return err
		}
		res, err := client.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("amazon: %s %s: %w", req.Method, req.URL.Path, ctx.Err())
			}
			lastErr = err
		} else {
			if seen != nil {
				seen(res)
			}
			if retryable(res.StatusCode) && i < attempts {
				ra := &retryAfter{status: res.StatusCode, after: parseRetryAfter(res.Header.Get("Retry-After"))}
				if d := h.wait(i, ra); fitsDeadline(ctx, d) {
					drain(res.Body)
					if err := h.Sleep(ctx, d); err != nil {
						return fmt.Errorf("amazon: gave up waiting to retry: %w", errors.Join(err, ra))
					}
					lastErr = ra
					continue
				}
			}
			if lastErr = keep(res); lastErr == nil {
				return nil
			}
		}
		if i >= attempts {
			return fmt.Errorf("amazon: no answer after %d attempts: %w", attempts, lastErr)
		}
		d := h.wait(i, lastErr)
		if !fitsDeadline(ctx, d) {
			return fmt.Errorf("amazon: a retry in %s would pass the call's deadline: %w", d.Round(time.Millisecond), lastErr)
		}
		if err := h.Sleep(ctx, d); err != nil {
			return fmt.Errorf("amazon: gave up waiting to retry: %w", errors.Join(err, lastErr))
		}
	}
}

// fitsDeadline tells whether a wait of d ends before ctx's deadline.
func fitsDeadline(ctx context.Context, d time.Duration) bool {
	deadline, ok := ctx.Deadline()
	return !ok || time.Until(deadline) > d
}

// drain reads a little of a retried answer's body before closing it, so the connection can be used again.
func drain(body io.ReadCloser) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 64<<10))
	body.Close()
}

func retryable(status int) bool { return status == http.StatusTooManyRequests || status >= 500 }

// retryAfter remembers why the last attempt is repeated and how long Amazon asked to wait.
type retryAfter struct {
	status int
	after  time.Duration
}

func (r *retryAfter) Error() string { return "HTTP " + strconv.Itoa(r.status) }

// wait is the pause before attempt i (1-based retries): Amazon's Retry-After when it gave one (capped), else
// BaseDelay doubled per retry, capped, with full jitter so that many callers do not retry in step.
func (h *HTTP) wait(i int, last error) time.Duration {
	var ra *retryAfter
	if errors.As(last, &ra) && ra.after > 0 {
		return min(ra.after, h.MaxDelay)
	}
	d := h.BaseDelay << (i - 1)
	if d <= 0 || d > h.MaxDelay {
		d = h.MaxDelay
	}
	return d/2 + rand.N(d/2+1)
}

// parseRetryAfter reads seconds or an HTTP date; zero when absent or unreadable.
func parseRetryAfter(v string) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// newRequest builds a request whose body can be sent again on a retry.
func newRequest(ctx context.Context, method, url string, body []byte, header http.Header) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	return req, nil
}
