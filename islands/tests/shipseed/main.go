// Command shipseed gives the demo company of a browser test's database what the shipment screens start from: a
// store group, a warehouse, two products paired with US seller SKUs, and their stock moved in through MoveStock as
// a receipt would. The products and warehouse screens are other modules' (built beside this one), so the browser
// test of the shipment flow seeds through the model instead of through their pages. It also writes the workbook
// the test imports (a person would fill the template in a spreadsheet program). It only runs from
// islands/tests/ship.test.mjs:
//
//	go run ./islands/tests/shipseed seed <database url> <admin account> [refresh token]
//
// With a refresh token of the Amazon stand-in's North American seller, 美国站店铺 is authorised with it (the
// token sealed with the stand-in's secret key), so 货件同步 and the inbound refresh reach the stand-in.
//
//	go run ./islands/tests/shipseed workbook <file.xlsx>
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/shipping"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

func main() {
	var err error
	switch {
	case len(os.Args) == 4 && os.Args[1] == "seed":
		err = seed(os.Args[2], os.Args[3], "")
	case len(os.Args) == 5 && os.Args[1] == "seed":
		err = seed(os.Args[2], os.Args[3], os.Args[4])
	case len(os.Args) == 3 && os.Args[1] == "workbook":
		err = workbook(os.Args[2])
	default:
		fmt.Fprintln(os.Stderr, "usage: shipseed seed <database url> <admin account> | shipseed workbook <file.xlsx>")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shipseed:", err)
		os.Exit(1)
	}
}

// workbook writes an import of two shipments of the seeded products: one with Amazon's id, one without.
func workbook(path string) error {
	f := excelize.NewFile()
	defer f.Close()
	rows := [][]any{
		{"FBA15IMPORT01", "导入货件", "美国站店铺", "US", "深圳仓", "BHX4", "US-LAMP-01", 8, ""},
		{"FBA15IMPORT01", "导入货件", "美国站店铺", "US", "深圳仓", "BHX4", "US-MUG-02", 4, ""},
		{"", "", "美国站店铺", "US", "深圳仓", "LGB3", "US-MUG-02", 6, "无货件ID"},
	}
	header := make([]any, len(shipping.ShipmentImportColumns))
	for i, c := range shipping.ShipmentImportColumns {
		header[i] = c
	}
	sheet := f.GetSheetName(0)
	for i, r := range append([][]any{header}, rows...) {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, cell, &r); err != nil {
			return err
		}
	}
	return f.SaveAs(path)
}

func seed(databaseURL, account, refreshToken string) error {
	db, err := models.Open(databaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	admin, err := accountsdb.UserByAccount(db, account)
	if err != nil {
		return err
	}
	company := admin.CompanyID
	return db.Tx(context.Background(), func(tx *models.DB) error {
		group := &storesdb.StoreGroup{CompanyID: company, Name: "美国站店铺"}
		warehouse := &stockdb.Warehouse{CompanyID: company, Name: "深圳仓", Kind: stockdb.WarehouseOwn}
		if err := tx.Create(group).Error; err != nil {
			return err
		}
		if err := tx.Create(warehouse).Error; err != nil {
			return err
		}
		if refreshToken != "" {
			if err := authorize(tx, company, group.ID, refreshToken); err != nil {
				return err
			}
		}
		for i, p := range []struct {
			sku, name, msku, fnsku string
			stock                  int
		}{
			{"LAMP-01", "木质台灯", "US-LAMP-01", "X00LAMP001", 100},
			{"MUG-02", "陶瓷马克杯", "US-MUG-02", "X00MUG0002", 40},
		} {
			product := &catalogdb.LocalProduct{CompanyID: company, SKU: p.sku, Name: p.name, Kind: catalogdb.ProductKindProduct}
			if err := tx.Create(product).Error; err != nil {
				return err
			}
			listing := &catalogdb.Listing{CompanyID: company, GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER",
				SellerSKU: p.msku, ASIN: fmt.Sprintf("B0DEMO%04d", i), FNSKU: p.fnsku, ProductID: &product.ID}
			if err := tx.Create(listing).Error; err != nil {
				return err
			}
			err := stockdb.MoveStock(tx, company, stockdb.StockCause{DocType: "inbound", DocNumber: "IN-DEMO"},
				[]stockdb.StockChange{{WarehouseID: warehouse.ID, ProductID: product.ID, Fulfillable: p.stock}})
			if err != nil {
				return err
			}
		}
		// A 包材 in stock, for the lamp's packing that 发货 consumes.
		bag := &catalogdb.LocalProduct{CompanyID: company, SKU: "BAG-01", Name: "气泡袋", Kind: catalogdb.ProductKindPackage}
		if err := tx.Create(bag).Error; err != nil {
			return err
		}
		return stockdb.MoveStock(tx, company, stockdb.StockCause{DocType: "inbound", DocNumber: "IN-DEMO"},
			[]stockdb.StockChange{{WarehouseID: warehouse.ID, ProductID: bag.ID, Fulfillable: 100}})
	})
}

// authorize gives the store group the stand-in's North American seller with the refresh token.
func authorize(tx *models.DB, company, group int64, refreshToken string) error {
	keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
	if err != nil {
		return err
	}
	sealed, err := keys.Cipher.Encrypt(refreshToken)
	if err != nil {
		return err
	}
	seller := &storesdb.Seller{CompanyID: company, GroupID: group, Region: "NA", SellingPartnerID: amazontest.DefaultSeller,
		RefreshToken: sealed, Status: storesdb.SellerActive, AuthorizedAt: time.Now().UTC().Truncate(time.Microsecond)}
	return storesdb.SaveSellerAuthorization(tx, seller, []storesdb.SellerMarketplace{{MarketplaceID: "ATVPDKIKX0DER", Participating: true}})
}
