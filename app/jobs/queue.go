// Package jobs is the product's background work: River's job queue in the product's own database. A job is
// inserted in the same transaction as the change that causes it, so it exists only if that change commits; every
// instance on one PostgreSQL database shares the queue, and River's leader election makes a periodic job run once
// per period, not once per instance.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/models"
)

// Config says whether and how an instance works jobs.
type Config struct {
	Work         bool          // run workers on this instance (SELLERHUB_WORKERS, default true)
	PollInterval time.Duration // fetch poll when no notification arrives (default 1s; tests 50ms)
	RescueAfter  time.Duration // a job running longer is taken as crashed and run again (default 15m)
	MaxWorkers   int           // per instance (default 4)
	// CompanyShare is the most jobs of one company running at once on all instances (default half of MaxWorkers,
	// at least 1), so that no company holds every worker.
	CompanyShare int
	// AliveEvery is how often a working instance says it is alive and rescues the jobs of instances gone silent
	// (default 5s; see instances.go).
	AliveEvery time.Duration
	Log        *slog.Logger
	// Observe hears each attempt's kind, outcome (Worked, Failed, ...) and time; nil: nothing.
	Observe func(kind, outcome string, took time.Duration)
}

// Defaults of Config's zero values.
const (
	DefaultPollInterval = time.Second
	DefaultRescueAfter  = 15 * time.Minute
	DefaultMaxWorkers   = 4
	DefaultAliveEvery   = 5 * time.Second
)

// stopGrace bounds the wait for cancelled jobs to return once Stop's own deadline has passed.
const stopGrace = 10 * time.Second

// Queue inserts jobs and, when it works them, runs River's client for this instance.
type Queue struct {
	cfg    Config
	db     *models.DB
	kinds  int
	work   *river.Workers
	period []*river.PeriodicJob
	// insert puts jobs in the caller's database/sql transaction: riversqlite on SQLite, riverdatabasesql on
	// PostgreSQL (the product's gorm runs over database/sql, so its transactions are *sql.Tx on both). It has no
	// pool of its own and is never started.
	insert *river.Client[*sql.Tx]

	mu      sync.Mutex
	running client
	release func() // closes the pool the running client works through
	id      string // the running client's, in job_instances
	beating chan struct{}
	beaten  chan struct{}
}

// client is River's client whatever its transaction type: *sql.Tx for SQLite, pgx.Tx for PostgreSQL.
type client interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
}

// New builds the queue on the product's database; workers and periodic jobs are added before Start.
func New(db *models.DB, cfg Config) (*Queue, error) {
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	if cfg.RescueAfter <= 0 {
		cfg.RescueAfter = DefaultRescueAfter
	}
	if cfg.MaxWorkers <= 0 {
		cfg.MaxWorkers = DefaultMaxWorkers
	}
	if cfg.CompanyShare <= 0 {
		cfg.CompanyShare = max(1, cfg.MaxWorkers/2)
	}
	if cfg.AliveEvery <= 0 {
		cfg.AliveEvery = DefaultAliveEvery
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	q := &Queue{cfg: cfg, db: db, work: river.NewWorkers()}
	var err error
	switch db.Driver {
	case "sqlite":
		q.insert, err = river.NewClient(riversqlite.New(nil), q.riverConfig(""))
	case "postgres":
		q.insert, err = river.NewClient(riverdatabasesql.New(nil), q.riverConfig(""))
	default:
		err = fmt.Errorf("no job queue for the %q database", db.Driver)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return q, nil
}

// riverConfig is River's configuration of this instance; the working client's (id, as in job_instances) adds the
// queue, the periodic jobs, the company share and the timings. The inserting client ("") shares the workers, so
// that inserting a kind no worker knows fails at once.
func (q *Queue) riverConfig(id string) *river.Config {
	c := &river.Config{Logger: routineLog(q.cfg.Log), Workers: q.work}
	if id == "" {
		// The inserting client sends at most one "job available" notification per FetchCooldown; one swallowed
		// while a worker's fetch is under way leaves its job waiting for the next poll. Jobs here are few and long
		// (syncs, not thousands a second), so every insert notifies.
		c.FetchCooldown = river.FetchCooldownMin
		return c
	}
	c.ID = id
	c.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: q.cfg.MaxWorkers}}
	c.Middleware = []rivertype.Middleware{&companyShare{db: q.db, share: q.cfg.CompanyShare}}
	if q.cfg.Observe != nil {
		c.Middleware = append(c.Middleware, &observeWork{observe: q.cfg.Observe})
	}
	c.PeriodicJobs = q.period
	c.FetchPollInterval = q.cfg.PollInterval
	c.FetchCooldown = min(river.FetchCooldownDefault, q.cfg.PollInterval)
	c.RescueStuckJobsAfter = q.cfg.RescueAfter
	// A job is cancelled before the rescuer would take it as crashed and start it a second time beside itself.
	c.JobTimeout = q.cfg.RescueAfter * 4 / 5
	return c
}

// Insert queues a job inside the caller's transaction (tx from db.Tx), so it exists only if that commits; a handle
// outside a transaction gets one of its own. inserted=false: a unique job of the same args was already waiting or
// running (unique options that name no states mean WaitingOrRunning).
func (q *Queue) Insert(tx *models.DB, args river.JobArgs, opts *river.InsertOpts) (inserted bool, err error) {
	sqlTx, ok := tx.SQLTx()
	if !ok {
		err = tx.Tx(tx.Context(), func(tx *models.DB) error {
			inserted, err = q.Insert(tx, args, opts)
			return err
		})
		return inserted, err
	}
	res, err := q.insert.InsertTx(tx.Context(), sqlTx, args, uniqueWhileQueued(opts))
	if err != nil {
		return false, fmt.Errorf("jobs: insert %s: %w", args.Kind(), err)
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

// Start runs the workers and, on the instance elected leader, the periodic jobs and the rescue of crashed ones.
// It does nothing when the instance does not work jobs, or when no worker was added (nothing could be worked).
// Only Stop stops it: the context gives its values, not its end.
func (q *Queue) Start(ctx context.Context) error {
	if !q.cfg.Work {
		return nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running != nil {
		return errors.New("jobs: already started")
	}
	if q.kinds == 0 {
		q.cfg.Log.Info("jobs: no worker added, not working jobs")
		return nil
	}
	id := newInstanceID()
	if err := q.db.With(ctx).JobInstanceAlive(id, time.Now()); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	// A crashed predecessor's jobs run again now, not after RescueAfter.
	q.rescueGone(ctx)
	c, release, err := q.workingClient(ctx, id)
	if err != nil {
		_ = q.db.With(ctx).ForgetJobInstance(id)
		return fmt.Errorf("jobs: %w", err)
	}
	if err := c.Start(context.WithoutCancel(ctx)); err != nil {
		release()
		_ = q.db.With(ctx).ForgetJobInstance(id)
		return fmt.Errorf("jobs: start: %w", err)
	}
	q.running, q.release, q.id = c, release, id
	q.beating, q.beaten = make(chan struct{}), make(chan struct{})
	go q.keepAlive(id, q.beating, q.beaten)
	return nil
}

// workingClient builds River's working client over a pool of its own. PostgreSQL: a pgx pool, for LISTEN/NOTIFY
// (a job is picked up as its transaction commits) and leader election. SQLite: one connection, as River advises
// (it polls often and SQLite writes one at a time); apart from the product's pool, so that polling never takes a
// connection a request waits for, and no job's own queries wait behind River's.
func (q *Queue) workingClient(ctx context.Context, id string) (client, func(), error) {
	if q.db.Driver == "sqlite" {
		pool, err := q.db.OpenSQLitePool(1)
		if err != nil {
			return nil, nil, err
		}
		c, err := river.NewClient(riversqlite.New(pool), q.riverConfig(id))
		if err != nil {
			pool.Close()
			return nil, nil, err
		}
		return c, func() { pool.Close() }, nil
	}
	pcfg, err := pgxpool.ParseConfig(q.db.URL)
	if err != nil {
		return nil, nil, err
	}
	// Each worker may hold a connection to complete its job; River's listener, fetcher, completer and leader
	// election need a few more.
	pcfg.MaxConns = int32(q.cfg.MaxWorkers + 4)
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, nil, err
	}
	c, err := river.NewClient(riverpgxv5.New(pool), q.riverConfig(id))
	if err != nil {
		pool.Close()
		return nil, nil, err
	}
	return c, pool.Close, nil
}

// Stop lets running jobs finish until ctx ends, then cancels them (River puts a job cancelled by a stop back in the
// queue, for the next instance that works) and waits a little more for them to return. The pool is closed once
// River has stopped.
func (q *Queue) Stop(ctx context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running == nil {
		return nil
	}
	err := q.running.Stop(ctx)
	if err != nil {
		hard, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopGrace)
		defer cancel()
		if herr := q.running.StopAndCancel(hard); herr != nil {
			// A job that ignores its cancellation still holds connections: the pool stays open for it.
			return fmt.Errorf("jobs: running jobs did not return after cancellation: %w", herr)
		}
		err = fmt.Errorf("jobs: running jobs cancelled at the stop deadline: %w", err)
	}
	q.release()
	// The instance says it is alive until its jobs have returned, and leaves none behind to rescue.
	close(q.beating)
	<-q.beaten
	if ferr := q.db.With(context.WithoutCancel(ctx)).ForgetJobInstance(q.id); ferr != nil {
		q.cfg.Log.Warn("jobs: forget this instance", "err", ferr)
	}
	q.running, q.release = nil, nil
	return err
}
