package core

import (
	"strings"
	"sync"
	"time"
)

// Limiter counts events per key in a fixed window: the login guard's failures, code requests per address. It
// lives in the process; a deployment of several instances gives each its own budget, which still
// bounds guessing by the number of instances.
type Limiter struct {
	mu      sync.Mutex
	limit   int
	window  time.Duration
	now     func() time.Time
	buckets map[string]*bucket
}

type bucket struct {
	count int
	start time.Time
}

// NewLimiter allows limit events per key within window.
func NewLimiter(limit int, window time.Duration, now func() time.Time) *Limiter {
	return &Limiter{limit: limit, window: window, now: now, buckets: map[string]*bucket{}}
}

// Allowed tells whether key still has budget, without spending any.
func (l *Limiter) Allowed(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.current(key)
	return b == nil || b.count < l.limit
}

// Spend records one event for key and tells whether it was within the budget.
func (l *Limiter) Spend(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.current(key)
	if b == nil {
		b = &bucket{start: l.now()}
		l.buckets[key] = b
		if len(l.buckets) > 100000 {
			l.sweep()
		}
	}
	b.count++
	return b.count <= l.limit
}

// Reset forgets key's events.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.buckets, key)
}

// count is how many events key has in its current window.
func (l *Limiter) count(key string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.current(key); b != nil {
		return b.count
	}
	return 0
}

// refund takes back one event of key: an attempt counted in advance that turned out not to be a failure.
func (l *Limiter) refund(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.current(key); b != nil && b.count > 0 {
		b.count--
	}
}

// resetPrefix forgets the events of every key that starts with prefix.
func (l *Limiter) resetPrefix(prefix string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k := range l.buckets {
		if strings.HasPrefix(k, prefix) {
			delete(l.buckets, k)
		}
	}
}

func (l *Limiter) current(key string) *bucket {
	b := l.buckets[key]
	if b != nil && l.now().Sub(b.start) >= l.window {
		delete(l.buckets, key)
		return nil
	}
	return b
}

// sweep drops windows that have ended, so that a flood of distinct keys cannot grow the map without bound.
func (l *Limiter) sweep() {
	now := l.now()
	for k, b := range l.buckets {
		if now.Sub(b.start) >= l.window {
			delete(l.buckets, k)
		}
	}
}

// LoginGuard bounds password guessing without letting a stranger lock an owner out. Failures count per account
// and client address: 5 within 15 minutes lock that account for that address only, so whoever guesses from one
// address cannot stop the owner signing in from another. Two wider budgets bound the rest: 30 failures from one
// address over all accounts lock that address, but for the accounts that signed in from it within the week (so
// that people sharing an office's address cannot lock each other out), and past 50 failures on one account from
// all addresses together (guessing spread over many addresses) every address that has failed on it is locked out
// of it, while an address that has not failed may still try after a pause (the caller makes it), and its first
// failure locks it too. So the owner's right password from an address that has not failed on the account always
// goes through, unless that address spent its own budget on other accounts.
type LoginGuard struct {
	// mu makes a decision and its counting one step, so that parallel attempts cannot all pass the same check.
	mu        sync.Mutex
	pairs     *Limiter // by account and address
	addresses *Limiter // by address
	accounts  *Limiter // by account: the ceiling over all addresses
	// known holds the account and address pairs that signed in within loginKnownFor: the address's lock does
	// not hold them, their own pair limit and the account's ceiling still do.
	known *Limiter
}

// The login guard's budgets, all within the same 15 minutes (which the lockout message names).
const (
	loginWindow       = 15 * time.Minute
	loginPairLimit    = 5
	loginAddressLimit = 30
	loginAccountLimit = 50
)

// loginKnownFor is how long a success keeps an account signing in from its address while the address is locked:
// a working week and its weekend.
const loginKnownFor = 7 * 24 * time.Hour

// LoginVerdict is the guard's answer to an attempt.
type LoginVerdict int

// An attempt goes ahead, goes ahead after a pause (the account is over its ceiling), or is refused.
const (
	LoginAllowed LoginVerdict = iota
	LoginSlowed
	LoginRefused
)

// NewLoginGuard returns a guard whose windows follow now.
func NewLoginGuard(now func() time.Time) *LoginGuard {
	return &LoginGuard{
		pairs:     NewLimiter(loginPairLimit, loginWindow, now),
		addresses: NewLimiter(loginAddressLimit, loginWindow, now),
		accounts:  NewLimiter(loginAccountLimit, loginWindow, now),
		known:     NewLimiter(1, loginKnownFor, now),
	}
}

// pairKey joins account and address with a byte no address contains, so that no two pairs share a key.
func pairKey(account, address string) string { return account + "\x00" + address }

// Begin decides whether a password check of account from address may go ahead. An attempt that goes ahead is
// counted as a failure at once, and Succeeded takes it back: counting only after the (slow) check would let
// parallel requests all pass the check before any of them counted.
func (g *LoginGuard) Begin(account, address string) LoginVerdict {
	g.mu.Lock()
	defer g.mu.Unlock()
	pair := pairKey(account, address)
	if !g.pairs.Allowed(pair) || !g.addresses.Allowed(address) && g.known.count(pair) == 0 {
		return LoginRefused
	}
	verdict := LoginAllowed
	if !g.accounts.Allowed(account) {
		if g.pairs.count(pair) > 0 {
			return LoginRefused
		}
		verdict = LoginSlowed
	}
	g.pairs.Spend(pair)
	g.addresses.Spend(address)
	g.accounts.Spend(account)
	return verdict
}

// Succeeded takes back the attempt Begin counted, which was the right password: the address's earlier typos on
// the account are forgotten too. The account's other failures stay: they may be someone else's.
func (g *LoginGuard) Succeeded(account, address string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	pair := pairKey(account, address)
	g.pairs.Reset(pair)
	g.known.Reset(pair)
	g.known.Spend(pair)
	g.addresses.refund(address)
	g.accounts.refund(account)
}

// Forget clears an account's failures from every address: after a password reset the new password works at once.
func (g *LoginGuard) Forget(account string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pairs.resetPrefix(pairKey(account, ""))
	g.accounts.Reset(account)
}
