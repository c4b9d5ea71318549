// Command sqlexec runs one SQL statement on a browser test's database, for the tests that put a row straight in
// the database because the screens that would make it are another module's. It goes through models.Open, so the
// tests need no database client on the machine (Go builds the product anyway) and the statement waits on the
// server's writes with the product's own busy timeout. It only runs from islands/tests/:
//
//	go run ./islands/tests/sqlexec <database url> <statement> [argument...]
//
// Arguments bind to the statement's ? placeholders, as strings.
package main

import (
	"fmt"
	"os"

	"sellerhub/models"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: sqlexec <database url> <statement> [argument...]")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3:]); err != nil {
		fmt.Fprintln(os.Stderr, "sqlexec:", err)
		os.Exit(1)
	}
}

func run(databaseURL, statement string, args []string) error {
	db, err := models.Open(databaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	values := make([]any, len(args))
	for i, a := range args {
		values[i] = a
	}
	return db.Exec(statement, values...).Error
}
