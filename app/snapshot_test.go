package app_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
)

// snapshot renders every row of every table but the sessions (each call slides its session's expiry), so that
// two snapshots differ exactly when a call wrote something.
func snapshot(t *testing.T, h *apptest.Harness) string {
	t.Helper()
	rows := rowsOf(t, h.DB, 0, 0)
	var out strings.Builder
	for _, table := range slices.Sorted(maps.Keys(rows)) {
		fmt.Fprintf(&out, "%s: %s\n", table, rows[table])
	}
	return out.String()
}

// rowsOf renders the rows of each table: all of them (company 0), a company's, or only those of one of its store
// groups (group > 0). Rows of tables without a company column count as a company's when they hang off its
// users, roles or sellers; its data never includes the product-wide one-time codes, OAuth states, SSO hand-overs,
// keys and limiter counts.
func rowsOf(t *testing.T, db *models.DB, company, group int64) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, table := range schemaTables(t, db) {
		has := table.columns
		q := db.Table(table.name)
		switch {
		case company == 0:
		case table.name == "verification_codes" || table.name == "oauth_states" || table.name == "sso_handovers" ||
			table.name == "app_secrets" || table.name == "rate_counters" || table.name == "replenishment_sales":
			// replenishment_sales holds sums kept from the sales and the ledger (rebuilt by whoever reads the
			// plan first after they change): no one's data, though a rebuild rewrites every group's rows.
			continue
		case group > 0 && table.name == "store_groups":
			q = q.Where("id = ?", group)
		case group > 0 && has["group_id"] && has["company_id"]:
			q = q.Where("company_id = ? AND group_id = ?", company, group)
		case group > 0:
			continue
		case table.name == "companies":
			q = q.Where("id = ?", company)
		case has["company_id"]:
			q = q.Where("company_id = ?", company)
		case has["user_id"]:
			q = q.Where("user_id IN (SELECT id FROM users WHERE company_id = ?)", company)
		case has["role_id"]:
			q = q.Where("role_id IN (SELECT id FROM roles WHERE company_id = ?)", company)
		case has["seller_id"]:
			q = q.Where("seller_id IN (SELECT id FROM sellers WHERE company_id = ?)", company)
		}
		var rows []map[string]any
		if err := q.Find(&rows).Error; err != nil {
			t.Fatalf("%s: %v", table.name, err)
		}
		lines := make([]string, len(rows))
		for i, row := range rows {
			b, _ := json.Marshal(row)
			lines[i] = string(b)
		}
		sort.Strings(lines)
		out[table.name] = strings.Join(lines, "\n")
	}
	return out
}

// changedTables names the tables whose rows differ between two snapshots.
func changedTables(before, after map[string]string) []string {
	var out []string
	for name, rows := range before {
		if after[name] != rows {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

type schemaTable struct {
	name    string
	columns map[string]bool
}

var (
	schemaMu sync.Mutex
	schemas  = map[string][]schemaTable{}
)

// schemaTables lists the database's tables but the sessions, with their columns, read once per kind of database.
func schemaTables(t *testing.T, db *models.DB) []schemaTable {
	t.Helper()
	schemaMu.Lock()
	defer schemaMu.Unlock()
	kind := db.Dialector.Name()
	if schema, ok := schemas[kind]; ok {
		return schema
	}
	var schema []schemaTable
	names, err := db.Migrator().GetTables()
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	search := searchIndexTables(t, db)
	for _, name := range names {
		switch {
		case name == "sessions", name == "goose_db_version", search(name):
			continue
		}
		cols, err := db.Migrator().ColumnTypes(name)
		if err != nil {
			t.Fatal(err)
		}
		has := map[string]bool{}
		for _, c := range cols {
			has[c.Name()] = true
		}
		schema = append(schema, schemaTable{name, has})
	}
	schemas[kind] = schema
	return schema
}

// searchIndexTables tells the tables that only index other tables' text for keyword search: SQLite's FTS5 virtual
// tables and the shadow tables FTS5 keeps beside each (<name>_data, _idx, _docsize, _config, _content). They hold
// no row of their own to snapshot, and reading their columns fails (gorm cannot parse a virtual table's DDL).
func searchIndexTables(t *testing.T, db *models.DB) func(string) bool {
	t.Helper()
	var virtual []string
	if db.Dialector.Name() == "sqlite" {
		err := db.Raw("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").
			Scan(&virtual).Error
		if err != nil {
			t.Fatal(err)
		}
	}
	return func(name string) bool {
		for _, v := range virtual {
			if name == v || strings.HasPrefix(name, v+"_") {
				return true
			}
		}
		return false
	}
}
