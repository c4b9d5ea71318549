package core

import "context"

// idleKey carries, in a request's context, how the request steps out of its turn to work (middleware.Active).
type idleKey struct{}

// WithIdle returns ctx carrying step, which runs a wait outside the request's turn to work and takes a turn again
// after it.
func WithIdle(ctx context.Context, step func(wait func())) context.Context {
	return context.WithValue(ctx, idleKey{}, step)
}

// Idle runs wait, a pause that is not work (the login guard's slowing pause, a mail server's answer), outside the
// request's turn to work when it has one, so that the requests queued behind it work meanwhile: a few requests
// pausing for seconds would otherwise hold every turn. It is called from the request's own goroutine.
func Idle(ctx context.Context, wait func()) {
	if step, ok := ctx.Value(idleKey{}).(func(func())); ok {
		step(wait)
		return
	}
	wait()
}
