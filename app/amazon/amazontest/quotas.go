package amazontest

import (
	"sync"
	"time"
)

// Quotas is Amazon's side of the Selling Partner API's usage plans: a token bucket per seller and operation,
// filled at the rate the stand-in says in x-amzn-RateLimit-Limit up to the operation's published burst, as Amazon
// counts the calls of one selling partner and application however many machines send them. Set on a Server
// (Server.Quotas), it answers a call that finds its bucket empty 429 QuotaExceeded and counts it; unset, the
// stand-in answers every call.
type Quotas struct {
	// Slack is how early a call may come and still be counted as on time: the product takes its turn, then sends,
	// and one call sent late beside the next one sent at once is not the product running over the plan. A call
	// early by at most Slack borrows its token, which the calls after it wait for: never a rate above the plan.
	Slack time.Duration

	mu      sync.Mutex
	buckets map[quotaKey]*quotaBucket
	calls   map[quotaKey][]QuotaCall
}

// QuotaCall is one call Quotas counted: when it came, with which access token (each instance of the product gets
// its own), and whether it was over the plan (answered 429).
type QuotaCall struct {
	At    time.Time
	Token string
	Over  bool
}

type quotaKey struct{ seller, operation string }

type quotaBucket struct {
	tokens float64
	at     time.Time
}

// publishedBursts are the bursts of the usage plans Amazon documents, per operation (an operation not listed: 1).
var publishedBursts = map[string]int{
	"createReport": 15, "getReport": 15, "getReports": 10, "getReportDocument": 15,
	"getMarketplaceParticipations": 15, "searchCatalogItems": 2, "getMyFeesEstimates": 1,
}

// NewQuotas counts calls against the usage plans, allowing slack (see Quotas.Slack).
func NewQuotas(slack time.Duration) *Quotas {
	return &Quotas{Slack: slack, buckets: map[quotaKey]*quotaBucket{}, calls: map[quotaKey][]QuotaCall{}}
}

// take spends a token of the seller's bucket of operation at rate (a second), and tells whether there was one.
func (q *Quotas) take(seller, operation, token string, rate float64) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	k := quotaKey{seller, operation}
	burst := float64(max(1, publishedBursts[operation]))
	now := time.Now()
	b := q.buckets[k]
	if b == nil {
		b = &quotaBucket{tokens: burst, at: now}
		q.buckets[k] = b
	}
	if now.After(b.at) {
		b.tokens = min(burst, b.tokens+now.Sub(b.at).Seconds()*rate)
		b.at = now
	}
	// A call whose token comes within Slack borrows it: the bucket goes below zero and the next calls wait for it.
	over := b.tokens+q.Slack.Seconds()*rate < 1
	if !over {
		b.tokens--
	}
	q.calls[k] = append(q.calls[k], QuotaCall{At: now, Token: token, Over: over})
	return !over
}

// Calls lists the seller's calls of operation, oldest first.
func (q *Quotas) Calls(seller, operation string) []QuotaCall {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]QuotaCall(nil), q.calls[quotaKey{seller, operation}]...)
}

// Over counts the seller's calls, of every operation, that came over the plan.
func (q *Quotas) Over(seller string) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := 0
	for k, calls := range q.calls {
		if k.seller != seller {
			continue
		}
		for _, c := range calls {
			if c.Over {
				n++
			}
		}
	}
	return n
}
