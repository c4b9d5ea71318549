package amazon

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
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
	"getMyFeesEstimates":           {0.5, 1},
	"patchListingsItem":            {5, 10},
	"getListingsItem":              {5, 10},
	// Fulfillment Inbound v0 (inbound.go).
	"getShipments":                 {2, 30},
	"getShipmentItemsByShipmentId": {2, 30},
}

// Bucket is one (seller, operation) token bucket as a RateStore keeps it: Tokens at At (ms since the epoch; the
// zero Bucket is a full one), below zero when calls have taken turns still to come, and Said, the rate Amazon last
// said it applies (0: the operation's published rate).
type Bucket struct {
	Tokens float64
	At     int64
	Said   float64
}

// refill is b at now: the tokens its rate has added since At, up to the burst.
func (b Bucket) refill(now int64, rate float64, burst int) Bucket {
	if now > b.At {
		b.Tokens = min(b.Tokens+float64(now-b.At)*rate/1000, float64(burst))
		b.At = now
	}
	return b
}

// RateStore keeps the buckets where the calls' instances all spend from them: this process (NewMemoryRates), or
// the database or Redis (app/stores) when several instances call Amazon for the same sellers.
type RateStore interface {
	// Update reads key's bucket (zero when there is none) and, when next says to write, stores what it answers,
	// atomically: a bucket another caller changed meanwhile is read again and next called again.
	Update(ctx context.Context, key string, next func(Bucket) (Bucket, bool)) error
}

// RateLimits are Amazon's rate limits per (refresh token, operation), because Amazon limits each selling partner
// and application pair per operation, however many instances call. A call takes its turn in its bucket and waits
// for it; a wait that would pass the call's deadline is not begun (no turn taken), the call fails with a
// *RateLimitError saying how long it would have been.
type RateLimits struct {
	store RateStore
	now   func() time.Time
}

// NewRateLimits keeps the buckets in this process, each starting full at its operation's burst.
func NewRateLimits() *RateLimits { return NewSharedRateLimits(NewMemoryRates()) }

// NewSharedRateLimits keeps the buckets in store, shared by every RateLimits on it.
func NewSharedRateLimits(store RateStore) *RateLimits {
	return &RateLimits{store: store, now: time.Now}
}

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

// bucketKey names a bucket without the refresh token in the clear: stores outlive the process and are shared.
func bucketKey(refreshToken, operation string) string {
	h := sha256.Sum256([]byte(refreshToken))
	return hex.EncodeToString(h[:16]) + "/" + operation
}

// plan is the operation's published rate and burst (an unknown operation: one a second), or the rate Amazon said.
func plan(operation string, said float64) (rate float64, burst int) {
	p, known := usagePlans[operation]
	if !known {
		p.rate, p.burst = 1, 1
	}
	if said > 0 {
		p.rate = said
	}
	return p.rate, p.burst
}

// wait takes a turn in the operation's bucket, waiting for it unless that would pass ctx's deadline. A wait cut
// short by ctx keeps its turn: giving it back to a shared store could let a later call through too early.
func (l *RateLimits) wait(ctx context.Context, refreshToken, operation string) error {
	now := l.now().UnixMilli()
	limit := int64(math.MaxInt64)
	if deadline, ok := ctx.Deadline(); ok {
		limit = deadline.UnixMilli() - now - 1
	}
	var wait int64
	err := l.store.Update(ctx, bucketKey(refreshToken, operation), func(b Bucket) (Bucket, bool) {
		rate, burst := plan(operation, b.Said)
		b = b.refill(now, rate, burst)
		b.Tokens--
		wait = 0
		if b.Tokens < 0 {
			wait = int64(math.Ceil(-b.Tokens * 1000 / rate))
		}
		return b, wait <= limit
	})
	if err != nil {
		return fmt.Errorf("selling partner api: %s: read its rate limit: %w", operation, err)
	}
	d := time.Duration(wait) * time.Millisecond
	if wait > limit {
		return &RateLimitError{Operation: operation, Wait: d}
	}
	if d == 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// learn adjusts the bucket from an answer: x-amzn-RateLimit-Limit is the rate Amazon applies to this seller and
// operation, kept for every instance. A 429 that says so also empties the bucket, since Amazon just counted it
// empty (other clients of the same seller, or a lower plan), so the next try waits one interval at the said rate.
// A 429 without the header is left to the retry's backoff alone.
func (l *RateLimits) learn(refreshToken, operation string, res *http.Response) {
	said, err := strconv.ParseFloat(res.Header.Get("x-amzn-RateLimit-Limit"), 64)
	if err != nil || said <= 0 || math.IsInf(said, 0) || math.IsNaN(said) {
		return
	}
	throttled := res.StatusCode == http.StatusTooManyRequests
	now := l.now().UnixMilli()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// A bucket that cannot be written keeps its rate: the next 429 says it again.
	_ = l.store.Update(ctx, bucketKey(refreshToken, operation), func(b Bucket) (Bucket, bool) {
		if b.Said == said && !throttled {
			return b, false
		}
		// Tokens so far came at the rate then known; from now on at the rate said.
		rate, burst := plan(operation, b.Said)
		b = b.refill(now, rate, burst)
		b.Said = said
		if throttled {
			b.Tokens = min(b.Tokens, 0)
		}
		return b, true
	})
}

// memoryRates keep the buckets in this process: one instance, or tests.
type memoryRates struct {
	mu      sync.Mutex
	buckets map[string]Bucket
}

// NewMemoryRates keeps buckets in this process only.
func NewMemoryRates() RateStore { return &memoryRates{buckets: map[string]Bucket{}} }

func (m *memoryRates) Update(_ context.Context, key string, next func(Bucket) (Bucket, bool)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b, write := next(m.buckets[key]); write {
		m.buckets[key] = b
	}
	return nil
}
