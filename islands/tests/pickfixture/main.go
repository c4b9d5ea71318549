// Command pickfixture gives the browser tests a large shipment to print: it opens the database of a running test
// server (SELLERHUB_DATABASE_URL) and adds, for the company of -account, a shipment in 配货 with -items products
// through fixtures.PickingShipment, the same models the Go tests use. The product has no screen yet that makes
// shipments; when it has, the browser tests can walk it instead.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/fixtures"
)

func main() {
	account := flag.String("account", "admin@sellerhub.local", "a user of the company that gets the shipment")
	shipment := flag.String("shipment", "FBA15PRINT01", "Amazon shipment id of the new shipment")
	items := flag.Int("items", 120, "how many products the shipment has")
	flag.Parse()
	if err := run(os.Getenv("SELLERHUB_DATABASE_URL"), *account, *shipment, *items); err != nil {
		fmt.Fprintln(os.Stderr, "pickfixture:", err)
		os.Exit(1)
	}
}

func run(databaseURL, account, shipment string, items int) error {
	db, err := models.Open(databaseURL)
	if err != nil {
		return err
	}
	u, err := accountsdb.UserByAccount(db, account)
	if err != nil {
		return fmt.Errorf("user %s: %w", account, err)
	}
	_, err = fixtures.PickingShipment(context.Background(), db, u.CompanyID, shipment, items)
	return err
}
