package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/redis/go-redis/v9"

	"sellerhub/models"
	"sellerhub/models/migrations"
)

// health answers a load balancer's and an orchestrator's checks: /healthz, the process answers; /readyz, it can
// serve (the database answers at the schema this build expects, and Redis when configured). Plain text, no
// session, nothing said but ok or not ready: why is in the log.
type health struct {
	redis   *redis.Client
	current *migrations.Current
	// broken is why the checks could not be set up; every readiness check answers it.
	broken error
	log    *slog.Logger
	// stopping is closed when the instance is told to stop: it answers not ready while it drains.
	stopping <-chan struct{}
}

// newHealth reads the embedded migrations once, so that a check costs one query (and a Redis ping).
func newHealth(db *models.DB, rc *redis.Client, log *slog.Logger) *health {
	h := &health{redis: rc, log: log}
	sqlDB, err := db.DB.DB()
	if err == nil {
		h.current, err = migrations.NewCurrent(sqlDB, db.Driver)
	}
	h.broken = err
	return h
}

// readyWait bounds each readiness check, well under a load balancer's usual check timeout.
const readyWait = 2 * time.Second

func (h *health) live(c *echo.Context) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.String(http.StatusOK, "ok")
}

func (h *health) ready(c *echo.Context) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	ctx, cancel := context.WithTimeout(c.Request().Context(), readyWait)
	defer cancel()
	if err := h.check(ctx); err != nil {
		h.log.Warn("not ready", "err", err)
		return c.String(http.StatusServiceUnavailable, "not ready")
	}
	return c.String(http.StatusOK, "ok")
}

// errStopping is why an instance draining before its stop is not ready.
var errStopping = errors.New("stopping: draining before exit")

func (h *health) check(ctx context.Context) error {
	select {
	case <-h.stopping: // a nil channel never is
		return errStopping
	default:
	}
	if h.broken != nil {
		return h.broken
	}
	if err := h.current.Check(ctx); err != nil {
		return err
	}
	if h.redis != nil {
		return h.redis.Ping(ctx).Err()
	}
	return nil
}
