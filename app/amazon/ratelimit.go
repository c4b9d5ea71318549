package amazon

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// usagePlans are the Selling Partner API's published default rate (requests per second) and burst per operation.
// Amazon may grant a seller more, which it says in each answer's x-amzn-RateLimit-Limit header.
var usagePlans = map[string]struct {
	rate  float64
	burst int
}{
	"createReport":                 {0.0167, 15},
	"getReport":                    {2, 15},
	"getReports":                   {0.0222, 10},
	"getReportDocument":            {0.0167, 15},
	"getMarketplaceParticipations": {0.016, 15},
	"searchCatalogItems":           {2, 2},
}

// RateLimits are token buckets per (refresh token, operation), because Amazon limits each selling partner and
// application pair per operation. A call waits for its bucket's token; a wait that would pass the call's deadline
// is not begun, the call fails with a *RateLimitError saying how long it would have been.
type RateLimits struct {
	mu      sync.Mutex
	buckets map[bucketKey]*rate.Limiter
}

type bucketKey struct {
	token     [32]byte // the refresh token's hash, so the buckets do not hold tokens in the clear
	operation string
}

// NewRateLimits makes empty buckets, each starting full at its operation's burst.
func NewRateLimits() *RateLimits { return &RateLimits{buckets: map[bucketKey]*rate.Limiter{}} }

// processLimits are the buckets of every SellingPartner that has none of its own: the callers of one process share
// one seller's limits, however many client values they make.
var processLimits = NewRateLimits()

// RateLimitError is a call not sent, or not sent again, because its operation's next token comes after the call's
// deadline. Wait is how long from now the token comes: the caller can come back then.
type RateLimitError struct {
	Operation string
	Wait      time.Duration
}

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("selling partner api: %s is rate limited: the next call is allowed in %s, after the call's deadline",
		e.Operation, e.Wait.Round(time.Millisecond))
}

func (l *RateLimits) bucket(refreshToken, operation string) *rate.Limiter {
	key := bucketKey{token: sha256.Sum256([]byte(refreshToken)), operation: operation}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		plan, known := usagePlans[operation]
		if !known {
			plan.rate, plan.burst = 1, 1
		}
		b = rate.NewLimiter(rate.Limit(plan.rate), plan.burst)
		l.buckets[key] = b
	}
	return b
}

// wait takes a token of the operation's bucket, waiting for it unless that would pass ctx's deadline.
func (l *RateLimits) wait(ctx context.Context, refreshToken, operation string) error {
	r := l.bucket(refreshToken, operation).Reserve()
	d := r.Delay()
	if d == 0 {
		return nil
	}
	if !fitsDeadline(ctx, d) {
		r.Cancel()
		return &RateLimitError{Operation: operation, Wait: d}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		r.Cancel()
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// learn adjusts the bucket from an answer: x-amzn-RateLimit-Limit is the rate Amazon applies to this seller and
// operation. A 429 that says so also empties the bucket, since Amazon just counted it empty (other clients of the
// same seller, or a lower plan), so the next try waits one interval at the said rate. A 429 without the header
// is left to the retry's backoff alone.
func (l *RateLimits) learn(refreshToken, operation string, res *http.Response) {
	said, err := strconv.ParseFloat(res.Header.Get("x-amzn-RateLimit-Limit"), 64)
	if err != nil || said <= 0 {
		return
	}
	b := l.bucket(refreshToken, operation)
	now := time.Now()
	b.SetLimitAt(now, rate.Limit(said))
	if res.StatusCode == http.StatusTooManyRequests {
		// A burst of 0 caps the tokens left at none; the plan's burst then refills from there.
		burst := b.Burst()
		b.SetBurstAt(now, 0)
		b.SetBurstAt(now, burst)
	}
}
