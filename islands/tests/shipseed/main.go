// Command shipseed gives the demo company of a browser test's database what the shipment screens start from: a
// store group, a warehouse, two products paired with US seller SKUs, and their stock moved in through MoveStock as
// a receipt would. The products and warehouse screens are other modules' (built beside this one), so the browser
// test of the shipment flow seeds through the model instead of through their pages. It only runs from
// islands/tests/ship.test.mjs: go run ./islands/tests/shipseed <database url> <admin account>.
package main

import (
	"context"
	"fmt"
	"os"

	"sellerhub/models"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: shipseed <database url> <admin account>")
		os.Exit(2)
	}
	if err := seed(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "shipseed:", err)
		os.Exit(1)
	}
}

func seed(databaseURL, account string) error {
	db, err := models.Open(databaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	admin, err := db.UserByAccount(account)
	if err != nil {
		return err
	}
	company := admin.CompanyID
	return db.Tx(context.Background(), func(tx *models.DB) error {
		group := &models.StoreGroup{CompanyID: company, Name: "美国站店铺"}
		warehouse := &models.Warehouse{CompanyID: company, Name: "深圳仓", Kind: models.WarehouseOwn}
		if err := tx.Create(group).Error; err != nil {
			return err
		}
		if err := tx.Create(warehouse).Error; err != nil {
			return err
		}
		for i, p := range []struct {
			sku, name, msku, fnsku string
			stock                  int
		}{
			{"LAMP-01", "木质台灯", "US-LAMP-01", "X00LAMP001", 100},
			{"MUG-02", "陶瓷马克杯", "US-MUG-02", "X00MUG0002", 40},
		} {
			product := &models.LocalProduct{CompanyID: company, SKU: p.sku, Name: p.name, Kind: models.ProductKindProduct}
			if err := tx.Create(product).Error; err != nil {
				return err
			}
			listing := &models.Listing{CompanyID: company, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: p.msku, ASIN: fmt.Sprintf("B0DEMO%04d", i), FNSKU: p.fnsku, ProductID: &product.ID}
			if err := tx.Create(listing).Error; err != nil {
				return err
			}
			err := tx.MoveStock(company, models.StockCause{DocType: "inbound", DocNumber: "IN-DEMO"},
				[]models.StockChange{{WarehouseID: warehouse.ID, ProductID: product.ID, Fulfillable: p.stock}})
			if err != nil {
				return err
			}
		}
		return nil
	})
}
