package core_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/models/dbtest"
)

// A listener whose connection is lost listens again and drops everything (it may have missed messages), and hears
// the other instances' drops from then on.
func TestALostPostgresListenerReconnectsAndDropsEverything(t *testing.T) {
	db := dbtest.Open(t, dbtest.Postgres)
	a, err := core.StartInvalidations(context.Background(), db, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := core.StartInvalidations(context.Background(), db, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	heard := make(chan string, 10)
	a.Subscribe("menus", func(key string) { heard <- key })
	expect := func(want string) {
		t.Helper()
		select {
		case key := <-heard:
			if key != want {
				t.Fatalf("heard %q, want %q", key, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("heard nothing within 5s, want %q", want)
		}
	}
	b.Publish("menus", "7")
	expect("7")
	// Both listeners' connections are cut; each listens again within about a second.
	if err := db.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN %'`).Error; err != nil {
		t.Fatal(err)
	}
	expect(core.KeyAll)
	b.Publish("menus", "8")
	expect("8")
}
