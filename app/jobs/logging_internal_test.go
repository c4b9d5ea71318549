package jobs

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// River's routine INFO lines (job counts, maintenance runs) go out at DEBUG: hidden at the default level, shown
// with SELLERHUB_LOG_LEVEL=debug; its warnings stay warnings.
func TestRoutineLogDemotesInfo(t *testing.T) {
	for _, c := range []struct {
		level slog.Level
		want  []string
		not   []string
	}{
		{slog.LevelInfo, []string{`level=WARN msg="job failed"`}, []string{"Producer job counts"}},
		{slog.LevelDebug, []string{`level=DEBUG msg="producer: Producer job counts" queue=default`, `level=WARN msg="job failed"`}, nil},
	} {
		var buf bytes.Buffer
		log := routineLog(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: c.level})))
		log.With("queue", "default").Info("producer: Producer job counts")
		log.Warn("job failed")
		for _, w := range c.want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("at %s: %q lacks %q", c.level, buf.String(), w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(buf.String(), n) {
				t.Errorf("at %s: %q has %q", c.level, buf.String(), n)
			}
		}
	}
}
