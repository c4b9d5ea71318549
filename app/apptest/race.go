package apptest

import (
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"sellerhub/models"
)

// BeatenBy makes the next insert into table lose a race: just before it, a row with the same unique key goes in
// first in the same transaction, as a concurrent save that passed the same check would. The save then fails on
// the unique index, which is the path the check before saving never takes.
func BeatenBy(t testing.TB, db *models.DB, table, columns string, row func(dest any) []any) {
	t.Helper()
	name := "test:beaten:" + table
	var once sync.Once
	err := db.Callback().Create().Before("gorm:create").Register(name, func(g *gorm.DB) {
		if g.Statement.Table != table {
			return
		}
		once.Do(func() {
			marks := strings.TrimSuffix(strings.Repeat("?, ", strings.Count(columns, ",")+1), ", ")
			err := g.Session(&gorm.Session{NewDB: true}).
				Exec("INSERT INTO "+table+" ("+columns+") VALUES ("+marks+")", row(g.Statement.Dest)...).Error
			if err != nil {
				t.Errorf("insert the race's winner: %v", err)
			}
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Callback().Create().Remove(name) })
}
