package core

import (
	"sync"
	"time"
)

// Limiter counts events per key in a fixed window: the login guard's failures, code requests per address. Its
// counts are kept in Counters: this process's memory, or the database, where every instance of a deployment
// spends from the same budget.
type Limiter struct {
	name   string
	limit  int
	window time.Duration
	now    func() time.Time
	store  Counters
}

// NewLimiter allows limit events per key within window, counted in this process.
func NewLimiter(limit int, window time.Duration, now func() time.Time) *Limiter {
	return NewLimiterIn(NewMemoryCounters(), "", limit, window, now)
}

// NewLimiterIn is NewLimiter counting in store, its keys under name (unique among the store's limiters).
func NewLimiterIn(store Counters, name string, limit int, window time.Duration, now func() time.Time) *Limiter {
	return &Limiter{name: name, limit: limit, window: window, now: now, store: store}
}

// Allowed tells whether key still has budget, without spending any.
func (l *Limiter) Allowed(key string) bool { return l.count(key) < l.limit }

// Spend records one event for key and tells whether it was within the budget.
func (l *Limiter) Spend(key string) bool {
	return l.store.add(l.name+key, l.window, l.now()) <= l.limit
}

// Reset forgets key's events.
func (l *Limiter) Reset(key string) { l.store.reset(l.name + key) }

// count is how many events key has in its current window.
func (l *Limiter) count(key string) int { return l.store.count(l.name+key, l.window, l.now()) }

// refund takes back one event of key: an attempt counted in advance that turned out not to be a failure.
func (l *Limiter) refund(key string) { l.store.refund(l.name+key, l.window, l.now()) }

// resetPrefix forgets the events of every key that starts with prefix.
func (l *Limiter) resetPrefix(prefix string) { l.store.resetPrefix(l.name + prefix) }

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

// NewLoginGuard returns a guard whose windows follow now, counting in this process.
func NewLoginGuard(now func() time.Time) *LoginGuard {
	return NewLoginGuardIn(NewMemoryCounters(), "", now)
}

// NewLoginGuardIn is NewLoginGuard counting in store, its keys under name. The mutex still makes each decision
// one step within an instance; across instances two attempts at the same instant may both pass a check that
// only one should, which bounds guessing by the attempts in flight rather than by the number of instances.
func NewLoginGuardIn(store Counters, name string, now func() time.Time) *LoginGuard {
	return &LoginGuard{
		pairs:     NewLimiterIn(store, name+"pair:", loginPairLimit, loginWindow, now),
		addresses: NewLimiterIn(store, name+"address:", loginAddressLimit, loginWindow, now),
		accounts:  NewLimiterIn(store, name+"account:", loginAccountLimit, loginWindow, now),
		known:     NewLimiterIn(store, name+"known:", 1, loginKnownFor, now),
	}
}

// pairKey joins account and address with a byte no address contains, so that no two pairs share a key (not NUL,
// which PostgreSQL's text refuses).
func pairKey(account, address string) string { return account + "\x1f" + address }

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
