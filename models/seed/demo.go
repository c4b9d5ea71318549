package seed

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/amazondata"
	"sellerhub/models/catalog"
	"sellerhub/models/shipping"
	"sellerhub/models/stock"
	"sellerhub/models/stores"
)

// Ledger document types of the seeded movements. The document number of a shipment's movement is its shipment id.
const (
	DocOpening  = "期初"
	DocShipment = "FBA货件"
)

// The demo shipments: DemoShipmentPicking is confirmed for picking, so its 配货单 (/orderblank?shipmentid=...)
// is what the warehouse would print now; DemoShipmentNew waits for confirmation.
const (
	DemoShipmentNew     = "FBA15DEMO001"
	DemoShipmentPicking = "FBA15DEMO002"
)

// demoOpeningDoc numbers the demo warehouse's opening stock (期初) in the ledger; its presence means it was booked.
const demoOpeningDoc = "QC-DEMO-0001"

// demoProduct is one demo product with its US listing, opening stock and the quantities of the two shipments.
type demoProduct struct {
	sku, name, image, brand, category string
	units                             int     // per carton, 0 unknown
	weight                            float64 // carton kg, 0 unknown
	l, w, h                           int     // carton cm, 0 unknown
	sellerSKU, asin, fnsku            string
	opening, planNew, planPicking     int
}

// The pictures are SVG files in static/demo (embedded in the binary, served as /static/demo/...): they need no
// upload folder, show in the product list and on the pick list alike, stay sharp in print, and a user's own upload
// replacing one never deletes them (only /uploads/ pictures are removed).
var demoProducts = []demoProduct{
	{"DEMO-MUG-01", "陶瓷马克杯 350ml 天蓝", "/static/demo/mug.svg", "简居", "家居厨具", 36, 12.6, 52, 38, 30, "MUG-BLUE-350", "B0DEMO0001", "X0DEMO0001", 600, 120, 72},
	{"DEMO-LAMP-01", "LED护眼台灯 三档调光", "/static/demo/lamp.svg", "光屿", "灯具照明", 8, 9.8, 60, 45, 40, "LAMP-LED-3M", "B0DEMO0002", "X0DEMO0002", 200, 40, 16},
	{"DEMO-BOTTLE-01", "不锈钢保温杯 500ml 绿色", "/static/demo/bottle.svg", "简居", "家居厨具", 48, 15.2, 50, 35, 28, "BOTTLE-GRN-500", "B0DEMO0003", "X0DEMO0003", 480, 96, 48},
	{"DEMO-CABLE-01", "USB-C 快充数据线 1米", "/static/demo/cable.svg", "光屿", "数码配件", 200, 0, 0, 0, 0, "CABLE-USBC-1M", "B0DEMO0004", "X0DEMO0004", 1000, 200, 100},
	{"DEMO-BAG-01", "帆布托特包 米白", "/static/demo/bag.svg", "简居", "箱包", 0, 0, 0, 0, 0, "BAG-CANVAS-WHT", "B0DEMO0005", "X0DEMO0005", 150, 30, 20},
}

// SeedDemo gives the demo company what a first-time user needs to see the FBA pages filled: brands, categories, five
// products with pictures and cartons, an own warehouse with stock, the store group 演示店铺 with US listings and
// FBA美国仓, and two shipments (待确认, and 配货 with stock moved to outbound). Each is found by name or number
// first, so running it again adds nothing and a user's later changes do not make it fail.
func SeedDemo(ctx context.Context, db *models.DB, companyID int64) (DemoSeller, error) {
	var demo DemoSeller
	err := db.Tx(ctx, func(tx *models.DB) error {
		group := stores.StoreGroup{CompanyID: companyID, Name: "演示店铺"}
		if err := tx.Where(&group).FirstOrCreate(&group).Error; err != nil {
			return err
		}
		seller, err := demoSeller(tx, companyID, group.ID)
		if err != nil {
			return err
		}
		demo = DemoSeller{CompanyID: companyID, GroupID: group.ID, SellerID: seller.ID,
			SellingPartnerID: seller.SellingPartnerID, Region: seller.Region}
		own := stock.Warehouse{CompanyID: companyID, Name: "深圳自有仓"}
		fba := stock.Warehouse{CompanyID: companyID, Name: "FBA美国仓"}
		if err := tx.Where(&own).Attrs(stock.Warehouse{Kind: stock.WarehouseOwn}).FirstOrCreate(&own).Error; err != nil {
			return err
		}
		us, _ := stores.MarketplaceByCountry("US")
		if err := demoFBAWarehouse(tx, companyID, group.ID, us.ID, &fba); err != nil {
			return err
		}
		products := make([]catalog.LocalProduct, len(demoProducts))
		for i, d := range demoProducts {
			if err := demoProductRow(tx, companyID, group.ID, us.ID, d, &products[i]); err != nil {
				return err
			}
		}
		if err := demoOpeningStock(tx, companyID, own.ID, products); err != nil {
			return err
		}
		shipments := []struct {
			id, name string
			status   int
			quantity func(demoProduct) int
			center   string
		}{
			{DemoShipmentNew, "演示货件-首批补货", shipping.ShipmentConfirm, func(d demoProduct) int { return d.planNew }, "LAX9"},
			{DemoShipmentPicking, "演示货件-常规补货", shipping.ShipmentPicking, func(d demoProduct) int { return d.planPicking }, "ONT8"},
		}
		for _, sh := range shipments {
			s := shipping.Shipment{CompanyID: companyID, ShipmentID: sh.id}
			found := tx.Where(&s).Take(&s)
			if found.Error == nil {
				continue
			} else if !models.IsNotFound(found.Error) {
				return found.Error
			}
			s.Name, s.GroupID, s.MarketplaceID, s.WarehouseID, s.Center, s.Status =
				sh.name, group.ID, us.ID, own.ID, sh.center, sh.status
			s.Remark = "演示数据：外箱贴好FBA标签，易碎品加气泡膜"
			var picking []stock.StockChange
			if sh.status == shipping.ShipmentPicking {
				audited := time.Now().UTC().Truncate(time.Second)
				s.AuditedAt = &audited
			}
			if err := tx.Create(&s).Error; err != nil {
				return err
			}
			for i, d := range demoProducts {
				q := sh.quantity(d)
				it := shipping.ShipmentItem{CompanyID: companyID, ShipmentRef: s.ID, ProductID: products[i].ID,
					SellerSKU: d.sellerSKU, FNSKU: d.fnsku, Quantity: q}
				if err := tx.Create(&it).Error; err != nil {
					return err
				}
				picking = append(picking, stock.StockChange{WarehouseID: own.ID, ProductID: products[i].ID, Fulfillable: -q, Outbound: q})
			}
			if sh.status == shipping.ShipmentPicking {
				if err := stock.MoveStock(tx, companyID, stock.StockCause{DocType: DocShipment, DocNumber: s.ShipmentID}, picking); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return demo, err
}

// DemoSeller is the demo company's Amazon seller account, authorised for 演示店铺 but without a refresh token, so it
// is never synced from Amazon: its data comes in as uploaded reports (amazondata's demo import) of the stand-in's
// simulated North American seller. Its own selling partner id is not the stand-in's, so authorising the stand-in's
// seller for another store group stays possible.
type DemoSeller struct {
	CompanyID, GroupID, SellerID int64
	// OwnerID is the demo company's owner, who makes its products from the listings.
	OwnerID                  int64
	SellingPartnerID, Region string
}

// DemoSellingPartnerID is the demo seller account's selling partner id.
const DemoSellingPartnerID = "A1DEMOSELLER"

// demoSeller finds or creates 演示店铺's North American seller account, in the US, Canada and Mexico.
func demoSeller(tx *models.DB, companyID, groupID int64) (*stores.Seller, error) {
	s, err := stores.SellerOfGroupRegion(tx, companyID, groupID, "NA")
	if err == nil || !models.IsNotFound(err) {
		return s, err
	}
	s = &stores.Seller{CompanyID: companyID, GroupID: groupID, Region: "NA", SellingPartnerID: DemoSellingPartnerID,
		Status: stores.SellerActive, AuthorizedAt: time.Now().UTC().Truncate(time.Second)}
	var markets []stores.SellerMarketplace
	for _, country := range []string{"US", "CA", "MX"} {
		m, _ := stores.MarketplaceByCountry(country)
		markets = append(markets, stores.SellerMarketplace{MarketplaceID: m.ID, Participating: true})
	}
	return s, stores.SaveSellerAuthorization(tx, s, markets)
}

// demoFBAWarehouse finds or creates FBA美国仓 as 演示店铺's US FBA warehouse, where its shipments arrive and the
// inventory sync writes Amazon's figures. One made before warehouses had a store group is bound to it, unless the
// group already has another US FBA warehouse.
func demoFBAWarehouse(tx *models.DB, companyID, groupID int64, marketplaceID string, fba *stock.Warehouse) error {
	err := tx.Where(fba).Attrs(stock.Warehouse{Kind: stock.WarehouseFBA, AllowNegative: true, GroupID: &groupID,
		MarketplaceID: &marketplaceID}).FirstOrCreate(fba).Error
	if err != nil || fba.GroupID != nil {
		return err
	}
	return tx.Model(&stock.Warehouse{}).
		Where("id = ? AND kind = ? AND NOT EXISTS (SELECT 1 FROM warehouses w WHERE w.company_id = ? AND w.group_id = ? AND w.marketplace_id = ?)",
			fba.ID, stock.WarehouseFBA, companyID, groupID, marketplaceID).
		Updates(map[string]any{"group_id": groupID, "marketplace_id": marketplaceID, "allow_negative": true}).Error
}

// demoProductRow finds or creates one demo product (by SKU) with its brand, category and US listing.
func demoProductRow(tx *models.DB, companyID, groupID int64, marketplaceID string, d demoProduct, p *catalog.LocalProduct) error {
	brand := catalog.Brand{CompanyID: companyID, Name: d.brand}
	category := catalog.Category{CompanyID: companyID, Name: d.category}
	for _, m := range []any{&brand, &category} {
		if err := tx.Where(m).FirstOrCreate(m).Error; err != nil {
			return err
		}
	}
	*p = catalog.LocalProduct{CompanyID: companyID, SKU: d.sku}
	attrs := catalog.LocalProduct{Name: d.name, Image: d.image, Kind: catalog.ProductKindProduct,
		BrandID: &brand.ID, CategoryID: &category.ID}
	if d.units > 0 {
		attrs.CartonUnits = &d.units
	}
	if d.weight > 0 {
		attrs.CartonWeight = decimal.NewNullDecimal(decimal.NewFromFloat(d.weight))
	}
	if d.l > 0 {
		attrs.CartonLength = decimal.NewNullDecimal(decimal.NewFromInt(int64(d.l)))
		attrs.CartonWidth = decimal.NewNullDecimal(decimal.NewFromInt(int64(d.w)))
		attrs.CartonHeight = decimal.NewNullDecimal(decimal.NewFromInt(int64(d.h)))
	}
	if err := tx.Where(p).Attrs(attrs).FirstOrCreate(p).Error; err != nil {
		return err
	}
	l := catalog.Listing{CompanyID: companyID, GroupID: groupID, MarketplaceID: marketplaceID, SellerSKU: d.sellerSKU}
	return tx.Where(&l).Attrs(catalog.Listing{ASIN: d.asin, FNSKU: d.fnsku, ProductID: &p.ID}).FirstOrCreate(&l).Error
}

// demoOpeningStock books the demo products' opening stock (期初) in the own warehouse, once.
func demoOpeningStock(tx *models.DB, companyID, warehouseID int64, products []catalog.LocalProduct) error {
	var booked int64
	err := tx.Model(&stock.StockLedgerLine{}).Scopes(models.InCompany("stock_ledger", companyID)).
		Where("doc_type = ? AND doc_number = ?", DocOpening, demoOpeningDoc).Count(&booked).Error
	if err != nil || booked > 0 {
		return err
	}
	changes := make([]stock.StockChange, len(products))
	for i, d := range demoProducts {
		changes[i] = stock.StockChange{WarehouseID: warehouseID, ProductID: products[i].ID, Fulfillable: d.opening}
	}
	return stock.MoveStock(tx, companyID, stock.StockCause{DocType: DocOpening, DocNumber: demoOpeningDoc}, changes)
}

// DemoShipmentShipped is the demo's shipped shipment to the US, with freight: the 头程 利润报告 spreads over its units.
const DemoShipmentShipped = "FBA15DEMO003"

// demoShippedTo are the demo's shipped shipments, one per North American marketplace: the shipment id, the
// country, the freight (CNY) and the units of each SKU it carried. The best sellers sell in all three, so each
// marketplace's line has its 头程.
var demoShippedTo = []struct {
	id, country, freight, center string
	units                        int
}{
	{DemoShipmentShipped, "US", "3850.00", "ONT8", 120},
	{"FBA15DEMO004", "CA", "1260.00", "YVR3", 40},
	{"FBA15DEMO005", "MX", "980.00", "MEX1", 30},
}

// demoCosts are the demo's own products' unit cost and 头程 (CNY), weight (kg) and size (cm).
var demoCosts = map[string]struct{ price, firstLeg, weight, l, w, h string }{
	"DEMO-MUG-01":    {"18.50", "4.95", "0.45", "12", "9", "11"},
	"DEMO-LAMP-01":   {"65.00", "13.20", "1.2", "40", "15", "12"},
	"DEMO-BOTTLE-01": {"32.00", "4.18", "0.38", "8", "8", "25"},
	"DEMO-CABLE-01":  {"6.80", "1.20", "0.05", "10", "8", "2"},
	"DEMO-BAG-01":    {"21.00", "3.30", "0.3", "35", "30", "2"},
}

// demoShippedSKUs is how many SKUs the shipped shipments carried.
const demoShippedSKUs = 5

// demoShippedOpening numbers the own warehouse's opening stock of what the shipped shipments carried.
const demoShippedOpening = "QC-DEMO-0002"

// SeedDemoProfit gives the demo what 利润报告 needs beside its Amazon data and the products made from its listings:
// the demo's own products' costs, weight and size (where not entered yet), and a shipment shipped 75 days ago
// from the own warehouse to each of 演示店铺's North American marketplaces, with freight, carrying its
// best-selling FBA SKUs (DemoShippedSKUs, booked into the own warehouse just before, as its 期初), whose 头程 they
// are. Running it again adds nothing.
func SeedDemoProfit(ctx context.Context, db *models.DB, demo DemoSeller) error {
	return db.Tx(ctx, func(tx *models.DB) error {
		now := time.Now().UTC().Truncate(time.Microsecond)
		ids := map[string]int64{}
		for sku, c := range demoCosts {
			var p catalog.LocalProduct
			err := tx.Where("company_id = ? AND sku = ?", demo.CompanyID, sku).Take(&p).Error
			if models.IsNotFound(err) {
				continue
			} else if err != nil {
				return err
			}
			ids[sku] = p.ID
			if p.Weight.Valid {
				continue
			}
			dec := decimal.RequireFromString
			err = tx.Model(&catalog.LocalProduct{}).Where("id = ?", p.ID).Updates(map[string]any{
				"weight": dec(c.weight), "length": dec(c.l), "width": dec(c.w), "height": dec(c.h)}).Error
			if err != nil {
				return err
			}
		}
		if err := seedDemoOwnCosts(tx, demo.CompanyID, ids, now); err != nil {
			return err
		}
		var done int64
		if err := tx.Model(&shipping.Shipment{}).Where("company_id = ? AND shipment_id = ?", demo.CompanyID, DemoShipmentShipped).
			Count(&done).Error; err != nil || done > 0 {
			return err
		}
		skus, err := DemoShippedSKUs(ctx, tx, demo)
		if err != nil || len(skus) == 0 {
			return err
		}
		own := stock.Warehouse{CompanyID: demo.CompanyID, Name: "深圳自有仓"}
		if err := tx.Where(&own).Take(&own).Error; err != nil {
			return err
		}
		shipped := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -75)
		opening := map[int64]int{}
		outs := map[string][]stock.StockChange{}
		for _, to := range demoShippedTo {
			m, _ := stores.MarketplaceByCountry(to.country)
			paired, err := amazondata.PairedSKUs(tx, demo.CompanyID, demo.GroupID, m.ID)
			if err != nil {
				return err
			}
			s := shipping.Shipment{CompanyID: demo.CompanyID, ShipmentID: to.id, Name: "演示货件-海运补货-" + to.country,
				GroupID: demo.GroupID, MarketplaceID: m.ID, WarehouseID: own.ID, Center: to.center,
				Status: shipping.ShipmentShipped, AmazonStatus: "CLOSED", AuditedAt: &shipped, ShippedAt: &shipped,
				Carrier: "演示货代", Channel: "海运快船", Freight: decimal.NewNullDecimal(decimal.RequireFromString(to.freight)),
				Remark: "演示数据：已发货并由亚马逊收货，运费用于利润报告的头程"}
			if err := tx.Create(&s).Error; err != nil {
				return err
			}
			for _, sku := range skus {
				product, ok := paired[sku]
				if !ok {
					continue
				}
				it := shipping.ShipmentItem{CompanyID: demo.CompanyID, ShipmentRef: s.ID, ProductID: product, SellerSKU: sku,
					Quantity: to.units, QuantityShipped: to.units, QuantityReceived: to.units}
				if err := tx.Create(&it).Error; err != nil {
					return err
				}
				opening[product] += to.units
				outs[to.id] = append(outs[to.id], stock.StockChange{WarehouseID: own.ID, ProductID: product, Fulfillable: -to.units})
			}
		}
		var in []stock.StockChange
		for product, units := range opening {
			in = append(in, stock.StockChange{WarehouseID: own.ID, ProductID: product, Fulfillable: units})
		}
		if err := stock.MoveStock(tx, demo.CompanyID, stock.StockCause{DocType: DocOpening, DocNumber: demoShippedOpening}, in); err != nil {
			return err
		}
		for _, to := range demoShippedTo {
			if err := stock.MoveStock(tx, demo.CompanyID, stock.StockCause{DocType: DocShipment, DocNumber: to.id}, outs[to.id]); err != nil {
				return err
			}
		}
		return nil
	})
}
