package stores_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/stores"
	"sellerhub/models/dbtest"
)

// sellersAPI answers getMarketplaceParticipations saying x-amzn-RateLimit-Limit: rate, records when each call came,
// and answers 429 to the next throttle calls: Amazon's side of a seller's rate limit.
type sellersAPI struct {
	mu        sync.Mutex
	rate      float64
	throttle  int
	calls     []time.Time
	throttled []time.Time
}

func (a *sellersAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	defer a.mu.Unlock()
	w.Header().Set("x-amzn-RateLimit-Limit", strconv.FormatFloat(a.rate, 'f', -1, 64))
	w.Header().Set("Content-Type", "application/json")
	if a.throttle > 0 {
		a.throttle--
		a.throttled = append(a.throttled, time.Now())
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"errors":[{"code":"QuotaExceeded","message":"You exceeded your quota for the requested resource."}]}`))
		return
	}
	a.calls = append(a.calls, time.Now())
	_, _ = w.Write([]byte(`{"payload":[]}`))
}

func (a *sellersAPI) set(rate float64, throttle int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.rate, a.throttle, a.calls, a.throttled = rate, throttle, nil, nil
}

func (a *sellersAPI) seen() (calls, throttled []time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.calls), slices.Clone(a.throttled)
}

// Two instances' clients of one seller, each with its own RateLimits on one store, together keep Amazon's rate:
// the operation's burst of 15, then one call per interval of the rate Amazon said; and a 429 one of them gets
// makes the other wait too. On the database (SQLite, PostgreSQL) and on Redis.
func TestTwoInstancesKeepOneSellersAmazonRate(t *testing.T) {
	open := map[string]func(t *testing.T) amazon.RateStore{
		dbtest.SQLite:   func(t *testing.T) amazon.RateStore { return stores.NewDBRates(dbtest.Open(t, dbtest.SQLite)) },
		dbtest.Postgres: func(t *testing.T) amazon.RateStore { return stores.NewDBRates(dbtest.Open(t, dbtest.Postgres)) },
		"redis":         redisRates,
	}
	for _, kind := range []string{dbtest.SQLite, dbtest.Postgres, "redis"} {
		t.Run(kind, func(t *testing.T) {
			store := open[kind](t)
			lwa := amazontest.Start(t)
			api := &sellersAPI{}
			srv := httptest.NewServer(api)
			t.Cleanup(srv.Close)
			refresh := lwa.IssueRefreshToken(amazontest.DefaultSeller)
			instance := func() *amazon.SellingPartner {
				h := amazon.NewHTTP(10 * time.Second)
				h.BaseDelay, h.MaxDelay = time.Millisecond, time.Millisecond
				return &amazon.SellingPartner{HTTP: h, Limits: amazon.NewSharedRateLimits(store),
					Tokens: amazon.NewAccessTokens(&amazon.LWA{TokenURL: lwa.URL + "/auth/o2/token",
						ClientID: amazontest.ClientID, ClientSecret: amazontest.ClientSecret, HTTP: h})}
			}
			a, b := instance(), instance()

			// Amazon says 20 a second (learnt from the first answer): after the burst of 15, the two together make
			// one call each 50 ms.
			api.set(20, 0)
			if _, err := a.MarketplaceParticipations(t.Context(), srv.URL, refresh); err != nil {
				t.Fatal(err)
			}
			const each = 15
			var wg sync.WaitGroup
			errs := make(chan error, 2*each)
			for _, sp := range []*amazon.SellingPartner{a, b} {
				wg.Go(func() {
					for range each {
						_, err := sp.MarketplaceParticipations(t.Context(), srv.URL, refresh)
						errs <- err
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			calls, _ := api.seen()
			slices.SortFunc(calls, func(x, y time.Time) int { return x.Compare(y) })
			const burst, interval, slack = 15, 50 * time.Millisecond, 5 * time.Millisecond
			for k := burst; k < len(calls); k++ {
				if early := time.Duration(k-burst+1)*interval - calls[k].Sub(calls[0]); early > slack {
					t.Fatalf("call %d came %v after the first, %v before Amazon's rate allows", k+1, calls[k].Sub(calls[0]), early)
				}
			}
			if took := calls[len(calls)-1].Sub(calls[0]); took > 3*time.Second {
				t.Fatalf("%d calls took %v", len(calls), took)
			}

			// A's call is throttled and Amazon says 2 a second: B's next call waits for the emptied bucket too, the
			// interval after A's retry.
			api.set(2, 1)
			if _, err := a.MarketplaceParticipations(t.Context(), srv.URL, refresh); err != nil {
				t.Fatal(err)
			}
			if _, err := b.MarketplaceParticipations(t.Context(), srv.URL, refresh); err != nil {
				t.Fatal(err)
			}
			calls, throttled := api.seen()
			if len(throttled) != 1 || len(calls) != 2 {
				t.Fatalf("%d calls, %d throttled", len(calls), len(throttled))
			}
			if gap := calls[1].Sub(throttled[0]); gap < time.Second-4*slack {
				t.Fatalf("B called %v after A was throttled, before two intervals at 2 a second", gap)
			}

			// A call whose deadline comes before its turn fails at once, without a call or a turn taken.
			ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
			defer cancel()
			_, err := b.MarketplaceParticipations(ctx, srv.URL, refresh)
			var rl *amazon.RateLimitError
			if !errors.As(err, &rl) || rl.Wait < 300*time.Millisecond {
				t.Fatalf("past the deadline: %v", err)
			}
			if calls, _ := api.seen(); len(calls) != 2 {
				t.Fatalf("%d calls after one refused", len(calls))
			}
		})
	}
}

func redisRates(t *testing.T) amazon.RateStore {
	opts, _ := redis.ParseURL("redis://127.0.0.1:6379/0")
	rc := redis.NewClient(opts)
	t.Cleanup(func() { rc.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := rc.Ping(ctx).Err(); err != nil {
		dbtest.Unreachable(t, "redis", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	prefix := "sellerhub-test:amazonrate:" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() {
		keys, _ := rc.Keys(context.Background(), prefix+"*").Result()
		if len(keys) > 0 {
			rc.Del(context.Background(), keys...)
		}
	})
	return stores.NewRedisRates(rc, prefix)
}
