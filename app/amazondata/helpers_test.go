package amazondata_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/fixtures"
)

// world is a company with a US seller account, and another company with its own, for an import test.
type world struct {
	svc          *amazondata.Service
	db           *models.DB
	store, other amazondata.Store
}

func newWorld(t *testing.T, db *models.DB) world {
	t.Helper()
	ctx := context.Background()
	var stores []amazondata.Store
	for i, name := range []string{"甲", "乙"} {
		owner := &accountsdb.User{Account: "1380000009" + string(rune('0'+i)), PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: name}, owner); err != nil {
			t.Fatal(err)
		}
		s, err := fixtures.Seller(ctx, db, owner.CompanyID, name+"的店", "NA", "A1SELLER"+name, "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		stores = append(stores, amazondata.Store{CompanyID: s.CompanyID, SellerID: s.ID, GroupID: s.GroupID, Region: "NA"})
	}
	return world{svc: amazondata.New(db, time.Now), db: db, store: stores[0], other: stores[1]}
}

// tsv writes a report: the header, then each row's values by column name (a column a row does not name is
// empty).
func tsv(header []string, rows ...map[string]string) string {
	var b strings.Builder
	b.WriteString(strings.Join(header, "\t") + "\n")
	for _, r := range rows {
		vals := make([]string, len(header))
		for i, h := range header {
			vals[i] = r[h]
		}
		b.WriteString(strings.Join(vals, "\t") + "\r\n")
	}
	return b.String()
}

func (w world) importFile(t *testing.T, kind amazondata.Kind, st amazondata.Store, content string) (amazondata.Result, error) {
	t.Helper()
	r, err := amazon.NewTSVReader(strings.NewReader(content))
	if err != nil {
		t.Fatal(err)
	}
	return w.svc.Import(context.Background(), kind, st, r, nil)
}

// mustImport imports and checks how many lines were read and rows written.
func (w world) mustImport(t *testing.T, kind amazondata.Kind, st amazondata.Store, content string, lines, written int) {
	t.Helper()
	res, err := w.importFile(t, kind, st, content)
	if err != nil {
		t.Fatalf("import %s: %v", kind, err)
	}
	if res.Lines != lines || res.Written != written {
		t.Fatalf("import %s = %+v, want %d lines, %d written", kind, res, lines, written)
	}
}

// expectLineError checks an import failed on the line and column.
func expectLineError(t *testing.T, err error, line int, column string) {
	t.Helper()
	var le *amazondata.LineError
	if !errors.As(err, &le) || le.Line != line || le.Column != column {
		t.Fatalf("error = %v, want line %d column %s", err, line, column)
	}
	if !strings.Contains(le.Error(), column) || !strings.Contains(le.Error(), "第 ") {
		t.Fatalf("message %q names neither line nor column", le.Error())
	}
}

func money(t *testing.T, s string) models.Money {
	t.Helper()
	m, err := models.NewMoney(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
