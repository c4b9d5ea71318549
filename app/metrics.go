package app

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"sellerhub/models"
)

// Metrics are what an operator's Prometheus scrapes from an instance: its requests by route and status, its
// database pool, the job queue (shared by every instance, so each reports the same figures) and the attempts its
// own workers made, and how long ago each store's data last synced. Served at /metrics with a token, or on a
// listener of its own (SELLERHUB_METRICS_TOKEN, SELLERHUB_METRICS_ADDR); never open by default.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	attempts *prometheus.CounterVec
	jobTime  *prometheus.HistogramVec
}

// NewMetrics makes the instance's metrics; main.go makes them before the job queue, whose attempts they count.
func NewMetrics() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sellerhub_http_requests_total",
		Help: "Requests answered, by route (the registered pattern), method and status."}, []string{"route", "method", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sellerhub_http_request_duration_seconds",
		Help:    "Time to answer a request, by route, method and status.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route", "method", "code"})
	m.attempts = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sellerhub_job_attempts_total",
		Help: "Job attempts this instance's workers made, by kind and outcome (ok, failed, snoozed, cancelled)."},
		[]string{"kind", "outcome"})
	m.jobTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sellerhub_job_duration_seconds",
		Help:    "Time of a job attempt on this instance, by kind.",
		Buckets: []float64{.1, .5, 1, 5, 15, 60, 300, 900}}, []string{"kind"})
	m.reg.MustRegister(m.requests, m.latency, m.attempts, m.jobTime,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// JobAttempt is the job queue's Observe: one attempt's kind, outcome and time.
func (m *Metrics) JobAttempt(kind, outcome string, took time.Duration) {
	m.attempts.WithLabelValues(kind, outcome).Inc()
	m.jobTime.WithLabelValues(kind).Observe(took.Seconds())
}

// watch adds what is read at each scrape: the database pool, the queue and the syncs' lag.
func (m *Metrics) watch(db *models.DB, log *slog.Logger) {
	sqlDB, err := db.DB.DB()
	if err != nil {
		log.Error("metrics: no database pool to watch", "err", err)
		return
	}
	m.reg.MustRegister(collectors.NewDBStatsCollector(sqlDB, "sellerhub"), &stateCollector{db: sqlDB, log: log})
}

// count is the middleware counting each answered request. It runs outside the request log, which has handed any
// error to the error handler, so the status is the one sent. A request no route matched counts as "unmatched", so
// that scans of made-up addresses cannot grow the series without bound.
func (m *Metrics) count(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		began := time.Now()
		err := next(c)
		status := 0
		if r, uerr := echo.UnwrapResponse(c.Response()); uerr == nil {
			status = r.Status
		}
		route := c.Path()
		if route == "" || c.RouteInfo().Method == echo.RouteNotFound {
			route = "unmatched"
		}
		code := strconv.Itoa(status)
		m.requests.WithLabelValues(route, c.Request().Method, code).Inc()
		m.latency.WithLabelValues(route, c.Request().Method, code).Observe(time.Since(began).Seconds())
		return err
	}
}

// Handler serves the metrics in Prometheus's text format, to whoever reaches it (the metrics' own listener).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// guarded serves /metrics on the product's port to a scraper with the token; without one configured, it is not
// found, as if the route did not exist.
func (m *Metrics) guarded(token string) echo.HandlerFunc {
	h := m.Handler()
	want := []byte("Bearer " + token)
	return func(c *echo.Context) error {
		if token == "" {
			return echo.ErrNotFound
		}
		got := []byte(c.Request().Header.Get(echo.HeaderAuthorization))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			return c.String(http.StatusUnauthorized, "unauthorized")
		}
		h.ServeHTTP(c.Response(), c.Request())
		return nil
	}
}

// stateCollector reads the shared state at each scrape: jobs by kind and state (the queue's depth is available,
// scheduled and retryable; its failures retryable and discarded), and each store's seconds since its last
// successful sync by kind (stores never synced are left out).
type stateCollector struct {
	db  *sql.DB
	log *slog.Logger
}

var (
	jobsDesc = prometheus.NewDesc("sellerhub_jobs", "Jobs in the shared queue by kind and state.",
		[]string{"kind", "state"}, nil)
	syncLagDesc = prometheus.NewDesc("sellerhub_sync_lag_seconds",
		"Seconds since a store's (seller account's) last successful sync of a kind.", []string{"seller_id", "kind"}, nil)
)

func (s *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- jobsDesc
	ch <- syncLagDesc
}

// scrapeWait bounds the queries of a scrape, under Prometheus's usual 10 s scrape timeout.
const scrapeWait = 3 * time.Second

func (s *stateCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeWait)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT kind, state, COUNT(*) FROM river_job GROUP BY kind, state`)
	if err != nil {
		s.log.Warn("metrics: read the job queue", "err", err)
	} else {
		for rows.Next() {
			var kind, state string
			var n float64
			if rows.Scan(&kind, &state, &n) == nil {
				ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.GaugeValue, n, kind, state)
			}
		}
		rows.Close()
	}
	rows, err = s.db.QueryContext(ctx, `SELECT seller_id, kind, last_success_at FROM sync_tasks WHERE last_success_at IS NOT NULL`)
	if err != nil {
		s.log.Warn("metrics: read the syncs", "err", err)
		return
	}
	defer rows.Close()
	now := time.Now()
	for rows.Next() {
		var seller int64
		var kind string
		var at time.Time
		if rows.Scan(&seller, &kind, &at) == nil {
			ch <- prometheus.MustNewConstMetric(syncLagDesc, prometheus.GaugeValue, now.Sub(at).Seconds(),
				strconv.FormatInt(seller, 10), kind)
		}
	}
}
