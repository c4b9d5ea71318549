// Package dbtest gives tests a fresh, migrated database of each kind the product supports: SQLite always,
// PostgreSQL when it answers (SELLERHUB_TEST_POSTGRES_URL, defaulting to the CI machine's server). With CI=true
// a server that does not answer fails the test instead of skipping.
// Every call creates its own database, so tests never see each other's rows: a copy of a template migrated once.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/amazondata"
	"sellerhub/models/catalog"
	"sellerhub/models/fixtures"
	"sellerhub/models/migrations"
	"sellerhub/models/stock"
	"sellerhub/models/stores"
)

// Kinds of database the product runs on.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Kinds lists every kind of database the product runs on, the embedded default first.
var Kinds = []string{SQLite, Postgres}

func serverURL(kind string) string {
	switch kind {
	case Postgres:
		if v := os.Getenv("SELLERHUB_TEST_POSTGRES_URL"); v != "" {
			return v
		}
		return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	return ""
}

// ForEach runs fn once per database kind, each with a fresh migrated database.
func ForEach(t *testing.T, fn func(t *testing.T, db *models.DB)) {
	t.Helper()
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) { fn(t, Open(t, kind)) })
	}
}

// Open returns a fresh migrated database of the kind, dropped when the test ends: a copy of a template migrated
// once, as copying costs far less than migrating.
func Open(t testing.TB, kind string) *models.DB {
	t.Helper()
	var dbURL string
	if kind == SQLite {
		dbURL = sqliteCopy(t)
	} else {
		dbURL = serverCopy(t, kind)
	}
	db, err := models.Open(dbURL)
	if err != nil {
		t.Fatalf("open %s: %v", kind, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// sqliteTemplate is the database file a SQLite database is migrated into, made once per test process.
var sqliteTemplate struct {
	once sync.Once
	file []byte
	err  error
}

// sqliteCopy writes the migrated template into a file in the test's temporary folder, as production keeps its
// database in a file (an in-memory shared-cache database locks whole tables and would fail concurrent tests that
// production passes), and returns its SELLERHUB_DATABASE_URL.
func sqliteCopy(t testing.TB) string {
	t.Helper()
	sqliteTemplate.once.Do(func() { sqliteTemplate.file, sqliteTemplate.err = migratedSQLite() })
	if sqliteTemplate.err != nil {
		t.Fatalf("migrate the sqlite template: %v", sqliteTemplate.err)
	}
	path := filepath.Join(t.TempDir(), "sellerhub.db")
	if err := os.WriteFile(path, sqliteTemplate.file, 0o600); err != nil {
		t.Fatal(err)
	}
	return "sqlite://" + path
}

// migratedSQLite migrates a new SQLite database and returns its file.
func migratedSQLite() ([]byte, error) {
	dir, err := os.MkdirTemp("", "sellerhub-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "sellerhub.db")
	db, err := models.Open("sqlite://" + path)
	if err != nil {
		return nil, err
	}
	err = db.Migrate(context.Background())
	if err == nil {
		// Everything the write-ahead log holds goes into the database file, which is then the whole database.
		err = db.Exec("PRAGMA wal_checkpoint(TRUNCATE)").Error
	}
	if closeErr := db.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// serverTemplates holds, per database server kind, the name of the migrated template database on the server.
var serverTemplates sync.Map // kind -> *serverTemplate

type serverTemplate struct {
	once sync.Once
	name string
	err  error
}

// serverCopy creates a database on the kind's server as a copy of the migrated template and returns its
// SELLERHUB_DATABASE_URL; the database is dropped when the test ends.
func serverCopy(t testing.TB, kind string) string {
	t.Helper()
	base := serverURL(kind)
	admin, err := openServer(kind, base)
	if err != nil {
		Unreachable(t, kind, err)
	}
	tpl, _ := serverTemplates.LoadOrStore(kind, &serverTemplate{})
	template := tpl.(*serverTemplate)
	template.once.Do(func() { template.name, template.err = migratedTemplate(admin, kind, base) })
	if template.err != nil {
		admin.Close()
		t.Fatalf("migrate the %s template: %v", kind, template.err)
	}
	admin.Close()
	return copyServerDatabase(t, kind, template.name)
}

// migratedTemplate returns the server's template database for this build's migrations, migrating one when the
// server has none. Named by the migrations' fingerprint and kept, it serves every process until they change (never
// another branch's). Migrated under its own name, then renamed: never copied half-migrated, and of two processes
// building one at once, the second's rename fails and it takes the first's.
func migratedTemplate(admin *sql.DB, kind, base string) (string, error) {
	fingerprint, err := migrations.Fingerprint(kind)
	if err != nil {
		return "", err
	}
	name := "sellerhub_template_" + fingerprint[:16]
	if ok, err := databaseExists(admin, name); ok || err != nil {
		return name, err
	}
	building := name + "_" + randomHex(4)
	if _, err := admin.Exec("CREATE DATABASE " + building); err != nil {
		return "", err
	}
	err = migrate(databaseURL(base, building))
	if err == nil {
		err = waitUntilUnused(admin, building)
	}
	if err == nil {
		_, err = admin.Exec("ALTER DATABASE " + building + " RENAME TO " + name)
	}
	if err != nil {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + building + " WITH (FORCE)")
		if ok, _ := databaseExists(admin, name); ok {
			return name, nil
		}
		return "", err
	}
	return name, nil
}

func migrate(dbURL string) error {
	db, err := models.Open(dbURL)
	if err != nil {
		return err
	}
	err = db.Migrate(context.Background())
	if closeErr := db.Close(); err == nil {
		err = closeErr
	}
	return err
}

// waitUntilUnused waits until the server has ended the sessions of a closed pool on the database, which it does
// shortly after the client leaves: a database cannot be renamed or copied while a session is on it.
func waitUntilUnused(admin *sql.DB, name string) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		var sessions int
		if err := admin.QueryRow("SELECT count(*) FROM pg_stat_activity WHERE datname = $1", name).Scan(&sessions); err != nil {
			return err
		}
		if sessions == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d sessions still on %s", sessions, name)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func databaseExists(admin *sql.DB, name string) (bool, error) {
	var exists bool
	err := admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists)
	return exists, err
}

// databaseURL is the server URL base with the database name in its path.
func databaseURL(base, name string) string {
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Unreachable skips, or under CI fails, a test whose server does not answer.
func Unreachable(t testing.TB, what string, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not reachable and CI=true requires it: %v", what, err)
	}
	t.Skipf("%s not reachable, skipped: %v", what, err)
}

// openServer connects to the server's maintenance database with database/sql through the product's own
// URL parsing, so tests exercise the same connection strings users configure.
func openServer(kind, base string) (*sql.DB, error) {
	db, err := models.Open(base)
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB.DB()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("%s: %w", strings.SplitN(base, "@", 2)[len(strings.SplitN(base, "@", 2))-1], err)
	}
	sqlDB.SetMaxOpenConns(2)
	return sqlDB, nil
}

// NewCompany creates a company with its owner (account, a placeholder password hash, the name 老板+name) and
// returns the owner.
func NewCompany(t testing.TB, db *models.DB, name, account string) *accounts.User {
	t.Helper()
	owner := &accounts.User{Account: account, PasswordHash: "x", Profile: accounts.UserProfile{Name: "老板" + name}}
	if err := accounts.CreateCompanyWithOwner(db, &accounts.Company{Name: name}, owner); err != nil {
		t.Fatalf("create company %s: %v", name, err)
	}
	return owner
}

// NewWarehouse creates an own warehouse of the company.
func NewWarehouse(t testing.TB, db *models.DB, companyID int64, name string) *stock.Warehouse {
	t.Helper()
	w := &stock.Warehouse{CompanyID: companyID, Name: name, Kind: stock.WarehouseOwn}
	if err := db.Create(w).Error; err != nil {
		t.Fatalf("create warehouse %s: %v", name, err)
	}
	return w
}

// NewProduct creates a local product of the company, named after its SKU.
func NewProduct(t testing.TB, db *models.DB, companyID int64, sku string) *catalog.LocalProduct {
	t.Helper()
	p := &catalog.LocalProduct{CompanyID: companyID, SKU: sku, Name: "产品 " + sku, Kind: catalog.ProductKindProduct}
	if err := db.Create(p).Error; err != nil {
		t.Fatalf("create product %s: %v", sku, err)
	}
	return p
}

// Move moves stock in a transaction of its own, as a document named doc of the type "test".
func Move(db *models.DB, companyID int64, doc string, changes ...stock.StockChange) error {
	return db.Tx(context.Background(), func(tx *models.DB) error {
		return stock.MoveStock(tx, companyID, stock.StockCause{DocType: "test", DocNumber: doc}, changes)
	})
}

// WantStock fails the test unless the product's stock in the warehouse is inbound/fulfillable/outbound.
func WantStock(t testing.TB, db *models.DB, companyID, warehouseID, productID int64, inbound, fulfillable, outbound int) {
	t.Helper()
	s, err := stock.StockOf(db, companyID, warehouseID, productID)
	if err != nil || s.Inbound != inbound || s.Fulfillable != fulfillable || s.Outbound != outbound {
		t.Fatalf("stock = %d/%d/%d (%v), want %d/%d/%d", s.Inbound, s.Fulfillable, s.Outbound, err,
			inbound, fulfillable, outbound)
	}
}

// Dec is the decimal s, set (a product's price or size as a test writes it).
func Dec(s string) decimal.NullDecimal {
	return decimal.NullDecimal{Decimal: decimal.RequireFromString(s), Valid: true}
}

// NewStoreGroup creates a store group of the company.
func NewStoreGroup(t testing.TB, db *models.DB, companyID int64, name string) *stores.StoreGroup {
	t.Helper()
	g := &stores.StoreGroup{CompanyID: companyID, Name: name}
	if err := db.Create(g).Error; err != nil {
		t.Fatalf("create store group %s: %v", name, err)
	}
	return g
}

// SaveSeller saves the seller account with the marketplaces it sells in.
func SaveSeller(t testing.TB, db *models.DB, s *stores.Seller, markets ...string) {
	t.Helper()
	var ms []stores.SellerMarketplace
	for _, m := range markets {
		ms = append(ms, stores.SellerMarketplace{MarketplaceID: m, Participating: true})
	}
	now := time.Now().UTC().Truncate(time.Second)
	s.Status, s.AuthorizedAt, s.CreatedAt, s.UpdatedAt = stores.SellerActive, now, now, now
	if err := db.Tx(t.Context(), func(tx *models.DB) error { return stores.SaveSellerAuthorization(tx, s, ms) }); err != nil {
		t.Fatal(err)
	}
}

// HashFake stands in for the password hash where a test seeds accounts it never signs in with.
func HashFake(p string) (string, error) { return "hash:" + p, nil }

// SubUser creates a member of the owner's company, with no role.
func SubUser(t testing.TB, db *models.DB, owner *accounts.User, account string) *accounts.User {
	t.Helper()
	u := &accounts.User{CompanyID: owner.CompanyID, Account: account, PasswordHash: "x"}
	if err := accounts.CreateUser(db, u); err != nil {
		t.Fatal(err)
	}
	return u
}

// Seller connects a seller account (selling partner id) to a new store group name of the owner's company, in
// the US and Canada.
func Seller(t testing.TB, db *models.DB, owner *accounts.User, name, sellingPartnerID string) *stores.Seller {
	t.Helper()
	s, err := fixtures.Seller(context.Background(), db, owner.CompanyID, name, "NA", sellingPartnerID, "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Capped is the handle with the lists' count cap at n, so that a test reaches it with few rows.
func Capped(db *models.DB, n int) *models.DB {
	c := *db
	c.CountCap = n
	return &c
}

// OrdersBatch is a batch of the seller account's orders as the importer makes one: an order of two SKUs, a
// Canadian order bought at a time of microseconds given in another zone, and a cancelled business order with
// empty fields and a negative amount.
func OrdersBatch(t testing.TB, s *stores.Seller) ([]amazondata.AmazonOrder, []amazondata.AmazonOrderItem) {
	t.Helper()
	money := func(v string) models.Money {
		m, err := models.NewMoney(v)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	us := time.Date(2026, 10, 1, 23, 30, 0, 0, time.UTC)
	ca := time.Date(2026, 10, 2, 1, 2, 3, 456789000, time.FixedZone("EDT", -4*3600))
	order := func(id, market string, at time.Time, status string) amazondata.AmazonOrder {
		return amazondata.AmazonOrder{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: market,
			AmazonOrderID: id, PurchaseDate: at, LastUpdatedDate: at.Add(time.Hour), OrderStatus: status,
			FulfillmentChannel: "Amazon", SalesChannel: "Amazon.com", ShipCity: "Seattle", ShipCountry: "US"}
	}
	item := func(o amazondata.AmazonOrder, sku string, qty int, currency, price string) amazondata.AmazonOrderItem {
		return amazondata.AmazonOrderItem{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
			MarketplaceID: o.MarketplaceID, AmazonOrderID: o.AmazonOrderID, SKU: sku, ASIN: "B0" + sku,
			ProductName: "收纳盒 " + sku + " \"大号\"\t", PurchaseDate: o.PurchaseDate, OrderStatus: o.OrderStatus,
			FulfillmentChannel: o.FulfillmentChannel, ItemStatus: o.OrderStatus, Quantity: qty, Currency: currency,
			ItemPrice: money(price), ItemTax: money("1.2345"), PromotionIDs: "PROMO-" + sku}
	}
	orders := []amazondata.AmazonOrder{order("111-0000001-0000001", "ATVPDKIKX0DER", us, "Shipped"),
		order("702-0000002-0000002", "A2EUQ1WTGCTBG2", ca, "Shipped"),
		order("111-0000003-0000003", "ATVPDKIKX0DER", us, amazondata.OrderCancelled)}
	orders[2].IsBusinessOrder, orders[2].ShipCity, orders[2].FulfillmentChannel = true, "", ""
	items := []amazondata.AmazonOrderItem{item(orders[0], "SKU-A", 3, "USD", "59.97"), item(orders[0], "SKU-B", 1, "USD", "19.99"),
		item(orders[1], "SKU-A", 1, "CAD", "25.00"), item(orders[2], "SKU-C", 2, "USD", "-3.50")}
	items[3].ASIN, items[3].PromotionIDs = "", ""
	return orders, items
}

// Explained is the database's plan of a statement: PostgreSQL's EXPLAIN, SQLite's EXPLAIN QUERY PLAN, a line a step.
// PostgreSQL explains it under its settings (SET LOCAL statements), SQLite ignores them.
func Explained(t testing.TB, db *models.DB, sql string, vars []any, settings ...string) string {
	t.Helper()
	conn, err := db.DB.DB()
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	explain := "EXPLAIN "
	if db.Driver == SQLite {
		explain, settings = "EXPLAIN QUERY PLAN ", nil
	}
	for _, set := range settings {
		if _, err := tx.Exec(set); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := tx.Query(explain+sql, vars...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for rows.Next() {
		cells := make([]any, len(columns))
		for i := range cells {
			cells[i] = new(any)
		}
		if err := rows.Scan(cells...); err != nil {
			t.Fatal(err)
		}
		// The step is the last column: PostgreSQL's only one, SQLite's detail.
		lines = append(lines, fmt.Sprint(*cells[len(cells)-1].(*any)))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}
