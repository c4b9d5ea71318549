package models

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/libtnb/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"

	"sellerhub/config"
	"sellerhub/models/migrations"
)

// DB is the product's database handle together with the name of its driver (sqlite or postgres) and the
// SELLERHUB_DATABASE_URL it was opened from, which the job queue opens its own connections with.
type DB struct {
	*gorm.DB
	Driver string
	URL    string
	// CountCap is how many matching rows a paged list counts at most (SELLERHUB_LIST_COUNT_CAP); 0 is
	// DefaultCountCap.
	CountCap int
	// nulls is what the schema says of the columns' NULLs, shared by every handle of the database (keyset paging).
	nulls *columnNulls
	// jumps are the lists' jump anchors, shared by every handle of the database (list_jump.go).
	jumps *jumpAnchors
	// totals are the lists' kept totals, shared by every handle of the database (list_total.go).
	totals *Kept[int64]
	// shared are the domains' caches by key (Shared), shared by every handle of the database.
	shared *sync.Map
	// kept are statements prepared once for every transaction, shared by every handle of the database.
	kept *keptStatements
	// stride is the rows between jump anchors, DefaultJumpStride when 0 (a test's lower one).
	stride int
	// conn is the connection of a transaction begun by CopyTx, nil elsewhere.
	conn *sql.Conn
}

// Open connects to the database named by a SELLERHUB_DATABASE_URL value. A SQLite file's folder is created.
func Open(databaseURL string) (*DB, error) {
	spec, err := config.ParseDatabaseURL(databaseURL)
	if err != nil {
		return nil, err
	}
	gcfg := &gorm.Config{
		TranslateError: true,
		Logger:         logger.Discard,
		NowFunc:        func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
	var dialector gorm.Dialector
	switch spec.Driver {
	case "sqlite":
		dsn, err := sqliteDSN(spec.DSN)
		if err != nil {
			return nil, err
		}
		dialector = sqlite.Open(dsn)
		// Each connection keeps its statements compiled rather than compiling on every call: gorm prepares every
		// statement and modernc.org/sqlite (under libtnb/sqlite) keeps a prepared one compiled. Bounded, as IN lists
		// of varying length differ in their text. PostgreSQL's driver (pgx) keeps a cache of its own per connection.
		gcfg.PrepareStmt = true
		gcfg.PrepareStmtMaxSize = sqlitePreparedStatements
	case "postgres":
		// On a cancelled or expired context pgx sends PostgreSQL a cancel request before dropping the connection, so
		// a statement its request gave up on stops in the server too (TestAClientThatLeavesStopsItsStatement).
		dialector = postgres.Open(withoutJIT(spec.DSN))
	}
	g, err := gorm.Open(dialector, gcfg)
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", spec.Driver, err)
	}
	if err := registerStatementTimeout(g); err != nil {
		return nil, err
	}
	if err := registerStatementText(g); err != nil {
		return nil, err
	}
	if spec.Driver == "postgres" {
		// Page bounds as numbers (limit_postgres.go); SQLite's dialector writes them so already.
		g.ClauseBuilders["LIMIT"] = literalLimit
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	if spec.Driver == "sqlite" {
		// SQLite takes one writer at a time; a small pool with WAL keeps readers concurrent without piling up
		// writers on the busy timeout. All stay open: a reopened connection reads the schema again and starts with
		// an empty page cache.
		sqlDB.SetMaxOpenConns(4)
		sqlDB.SetMaxIdleConns(4)
	} else {
		// More connections than concurrent requests would only queue in the database; fewer queue here. 64 keeps
		// well under PostgreSQL's default of 100 connections with room for a second instance.
		sqlDB.SetMaxOpenConns(64)
		sqlDB.SetMaxIdleConns(64)
	}
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("reach %s database: %w", spec.Driver, err)
	}
	return &DB{DB: g, Driver: spec.Driver, URL: databaseURL, nulls: &columnNulls{tables: map[string]map[string]bool{}},
		jumps: newJumpAnchors(), totals: NewKept[int64](), shared: &sync.Map{},
		kept: &keptStatements{stmts: map[string]*sql.Stmt{}}}, nil
}

// withoutJIT turns PostgreSQL's JIT compilation off for the product's connections, unless the URL sets jit itself
// (pgx passes the URL's other parameters to the server as settings): the product's statements stop at a LIMIT,
// which the planner's estimate ignores enough to pass JIT's threshold and compile for longer than they run.
func withoutJIT(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.Query().Has("jit") {
		return dsn
	}
	q := u.Query()
	q.Set("jit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}

// sqlitePreparedStatements is how many distinct statements the SQLite pool keeps compiled (on each connection).
const sqlitePreparedStatements = 512

// sqliteDSN adds the pragmas the product relies on: WAL, a busy timeout rather than "database is locked", immediate
// transactions (a read-then-write cannot deadlock), foreign keys, temporary storage in memory (upserts' statement
// journals), a 32 MB page cache (a growing orders table's indexes) and a checkpoint every 10,000 pages, since an
// import's commit writes more than 1,000 and each then copied and synced the log.
func sqliteDSN(path string) (string, error) {
	// Times as SQLite's date functions read them (YYYY-MM-DD HH:MM:SS.SSS+00:00, as the database always held):
	// strftime reads Go's time.String as NULL. Only date columns read back as times: "2026-11-16" stays text.
	params := "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=temp_store(2)&_pragma=cache_size(-32768)&_pragma=wal_autocheckpoint(10000)&_txlock=immediate&_time_format=sqlite&_texttotime=0&_inttotime=0"
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return "", fmt.Errorf("create the database folder %s: %w", dir, err)
		}
	}
	return "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&" + params, nil
}

// Migrate brings the schema up to date with the embedded goose migrations, then the job queue's tables with
// River's own migrations (River owns their shape; copying them into goose files would fork them at each upgrade).
func (db *DB) Migrate(ctx context.Context) error {
	sqlDB, err := db.DB.DB()
	if err != nil {
		return err
	}
	if err := migrations.Up(ctx, sqlDB, db.Driver); err != nil {
		return err
	}
	return migrations.River(ctx, sqlDB, db.Driver)
}

// Close releases the connection pool.
func (db *DB) Close() error {
	sqlDB, err := db.DB.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// Tx runs fn in one transaction: everything it writes lands together or not at all.
func (db *DB) Tx(ctx context.Context, fn func(tx *DB) error) error {
	return db.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		return fn(db.On(g))
	})
}

// With returns the handle bound to a request's context, so a cancelled request stops its queries.
func (db *DB) With(ctx context.Context) *DB {
	return db.On(db.DB.WithContext(ctx))
}

// On is the handle over another gorm session of the same database.
func (db *DB) On(g *gorm.DB) *DB {
	return &DB{DB: g, Driver: db.Driver, URL: db.URL, CountCap: db.CountCap, nulls: db.nulls, jumps: db.jumps,
		totals: db.totals, shared: db.shared, kept: db.kept, stride: db.stride, conn: db.conn}
}

// Shared is the value a domain package keeps under key for the whole database (a cache every handle sees), made by
// fresh on its first use. key is a value of a type of the domain's own, so that domains cannot collide.
func (db *DB) Shared(key any, fresh func() any) any {
	if v, ok := db.shared.Load(key); ok {
		return v
	}
	v, _ := db.shared.LoadOrStore(key, fresh())
	return v
}

// ForUpdate returns the handle whose reads lock the rows they find until the transaction ends, so that a check
// made on them still holds when the transaction writes. (SQLite ignores it: its immediate transactions already
// hold the database's one write lock.)
func (db *DB) ForUpdate() *DB {
	return db.On(db.DB.Clauses(clause.Locking{Strength: "UPDATE"}))
}

// AffectedOne turns a write that matched no row into ErrNotFound.
func AffectedOne(res *gorm.DB) error {
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return res.Error
}
