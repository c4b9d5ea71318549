package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// ErrStatementTimeout is the error of a statement stopped at its time limit. It wraps context.DeadlineExceeded,
// whatever the driver reported (SQLite says only "interrupted").
var ErrStatementTimeout = fmt.Errorf("the statement ran past its time limit: %w", context.DeadlineExceeded)

type statementTimeoutKey struct{}

// WithStatementTimeout bounds every statement run under ctx to d, each on its own: a request's queries get a
// limit that a runaway query meets, while a request that runs many quick ones (an export, an import) is not
// cut short by their sum. Work outside requests (jobs, migrations) carries no limit.
func WithStatementTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, statementTimeoutKey{}, d)
}

// statementDeadlineKey keeps, in a statement's settings, the context it ran under before its limit was set.
const statementDeadlineKey = "sellerhub:statement_deadline"

type statementDeadline struct {
	outer  context.Context
	inner  context.Context
	cancel context.CancelFunc
}

// registerStatementTimeout sets the limit around the statements of every kind of gorm call. Rows (also under
// Raw(...).Scan) hand the open result to the caller, so their limit is left to expire on its own rather than be
// cancelled when the callback returns.
func registerStatementTimeout(g *gorm.DB) error {
	cb := g.Callback()
	type registrar interface {
		Register(name string, fn func(*gorm.DB)) error
	}
	for _, p := range []struct {
		before, after registrar
		keepOpen      bool
	}{
		{cb.Create().Before("gorm:create"), cb.Create().After("gorm:create"), false},
		{cb.Query().Before("gorm:query"), cb.Query().After("gorm:query"), false},
		{cb.Update().Before("gorm:update"), cb.Update().After("gorm:update"), false},
		{cb.Delete().Before("gorm:delete"), cb.Delete().After("gorm:delete"), false},
		{cb.Raw().Before("gorm:raw"), cb.Raw().After("gorm:raw"), false},
		{cb.Row().Before("gorm:row"), cb.Row().After("gorm:row"), true},
	} {
		if err := p.before.Register("sellerhub:statement_timeout_start", startStatementTimeout); err != nil {
			return err
		}
		if err := p.after.Register("sellerhub:statement_timeout_end", endStatementTimeout(p.keepOpen)); err != nil {
			return err
		}
	}
	return nil
}

func startStatementTimeout(db *gorm.DB) {
	outer := db.Statement.Context
	if outer == nil {
		return
	}
	d, ok := outer.Value(statementTimeoutKey{}).(time.Duration)
	if !ok || d <= 0 {
		return
	}
	inner, cancel := context.WithTimeout(outer, d)
	db.Statement.Settings.Store(statementDeadlineKey, statementDeadline{outer: outer, inner: inner, cancel: cancel})
	db.Statement.Context = inner
}

func endStatementTimeout(keepOpen bool) func(*gorm.DB) {
	return func(db *gorm.DB) {
		v, ok := db.Statement.Settings.LoadAndDelete(statementDeadlineKey)
		if !ok {
			return
		}
		sd := v.(statementDeadline)
		// A handle whose calls share one statement (a Count then a Find) must not run its next call under this one's
		// spent limit.
		db.Statement.Context = sd.outer
		if db.Error != nil && errors.Is(sd.inner.Err(), context.DeadlineExceeded) && sd.outer.Err() == nil &&
			!errors.Is(db.Error, ErrStatementTimeout) {
			db.Error = fmt.Errorf("%w (%v)", ErrStatementTimeout, db.Error)
		}
		if !keepOpen {
			sd.cancel()
		}
	}
}
