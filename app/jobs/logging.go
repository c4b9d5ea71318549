package jobs

import (
	"context"
	"log/slog"
)

// routineLog is the logger River writes through: its INFO lines (producer job counts, the maintenance services'
// "ran successfully", every minute or so) are routine and go out at DEBUG, so that at the default level the
// server log keeps what an operator acts on. River's warnings and errors pass unchanged.
func routineLog(log *slog.Logger) *slog.Logger {
	if log == nil {
		return nil
	}
	return slog.New(demoteInfo{log.Handler()})
}

// demoteInfo lowers INFO records to DEBUG.
type demoteInfo struct{ slog.Handler }

func (h demoteInfo) Enabled(ctx context.Context, l slog.Level) bool {
	if l == slog.LevelInfo {
		l = slog.LevelDebug
	}
	return h.Handler.Enabled(ctx, l)
}

func (h demoteInfo) Handle(ctx context.Context, r slog.Record) error {
	if r.Level == slog.LevelInfo {
		r.Level = slog.LevelDebug
	}
	return h.Handler.Handle(ctx, r)
}

func (h demoteInfo) WithAttrs(attrs []slog.Attr) slog.Handler {
	return demoteInfo{h.Handler.WithAttrs(attrs)}
}

func (h demoteInfo) WithGroup(name string) slog.Handler { return demoteInfo{h.Handler.WithGroup(name)} }
