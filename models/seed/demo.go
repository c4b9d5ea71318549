package seed

import (
	"context"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/models"
	"sellerhub/models/amazondata"
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

// SeedDemo gives the demo company what a first-time user needs to see the FBA pages filled: brands, categories,
// five products with pictures and carton specs, an own warehouse with opening stock and the store group 演示店铺 with
// US listings and its US FBA warehouse (FBA美国仓), and two shipments (待确认, and 配货 with its stock moved from fulfillable to
// outbound). Each thing is found by its name or number first, so running it again adds nothing, and a user's
// later changes to one do not make the seed fail.
func SeedDemo(ctx context.Context, db *models.DB, companyID int64) (DemoSeller, error) {
	var demo DemoSeller
	err := db.Tx(ctx, func(tx *models.DB) error {
		group := models.StoreGroup{CompanyID: companyID, Name: "演示店铺"}
		if err := tx.Where(&group).FirstOrCreate(&group).Error; err != nil {
			return err
		}
		seller, err := demoSeller(tx, companyID, group.ID)
		if err != nil {
			return err
		}
		demo = DemoSeller{CompanyID: companyID, GroupID: group.ID, SellerID: seller.ID,
			SellingPartnerID: seller.SellingPartnerID, Region: seller.Region}
		own := models.Warehouse{CompanyID: companyID, Name: "深圳自有仓"}
		fba := models.Warehouse{CompanyID: companyID, Name: "FBA美国仓"}
		if err := tx.Where(&own).Attrs(models.Warehouse{Kind: models.WarehouseOwn}).FirstOrCreate(&own).Error; err != nil {
			return err
		}
		us, _ := models.MarketplaceByCountry("US")
		if err := demoFBAWarehouse(tx, companyID, group.ID, us.ID, &fba); err != nil {
			return err
		}
		products := make([]models.LocalProduct, len(demoProducts))
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
			{DemoShipmentNew, "演示货件-首批补货", models.ShipmentConfirm, func(d demoProduct) int { return d.planNew }, "LAX9"},
			{DemoShipmentPicking, "演示货件-常规补货", models.ShipmentPicking, func(d demoProduct) int { return d.planPicking }, "ONT8"},
		}
		for _, sh := range shipments {
			s := models.Shipment{CompanyID: companyID, ShipmentID: sh.id}
			found := tx.Where(&s).Take(&s)
			if found.Error == nil {
				continue
			} else if !models.IsNotFound(found.Error) {
				return found.Error
			}
			s.Name, s.GroupID, s.MarketplaceID, s.WarehouseID, s.Center, s.Status =
				sh.name, group.ID, us.ID, own.ID, sh.center, sh.status
			s.Remark = "演示数据：外箱贴好FBA标签，易碎品加气泡膜"
			var picking []models.StockChange
			if sh.status == models.ShipmentPicking {
				audited := time.Now().UTC().Truncate(time.Second)
				s.AuditedAt = &audited
			}
			if err := tx.Create(&s).Error; err != nil {
				return err
			}
			for i, d := range demoProducts {
				q := sh.quantity(d)
				it := models.ShipmentItem{CompanyID: companyID, ShipmentRef: s.ID, ProductID: products[i].ID,
					SellerSKU: d.sellerSKU, FNSKU: d.fnsku, Quantity: q}
				if err := tx.Create(&it).Error; err != nil {
					return err
				}
				picking = append(picking, models.StockChange{WarehouseID: own.ID, ProductID: products[i].ID, Fulfillable: -q, Outbound: q})
			}
			if sh.status == models.ShipmentPicking {
				if err := tx.MoveStock(companyID, models.StockCause{DocType: DocShipment, DocNumber: s.ShipmentID}, picking); err != nil {
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
	SellingPartnerID, Region     string
}

// DemoSellingPartnerID is the demo seller account's selling partner id.
const DemoSellingPartnerID = "A1DEMOSELLER"

// demoSeller finds or creates 演示店铺's North American seller account, in the US, Canada and Mexico.
func demoSeller(tx *models.DB, companyID, groupID int64) (*models.Seller, error) {
	s, err := tx.SellerOfGroupRegion(companyID, groupID, "NA")
	if err == nil || !models.IsNotFound(err) {
		return s, err
	}
	s = &models.Seller{CompanyID: companyID, GroupID: groupID, Region: "NA", SellingPartnerID: DemoSellingPartnerID,
		Status: models.SellerActive, AuthorizedAt: time.Now().UTC().Truncate(time.Second)}
	var markets []models.SellerMarketplace
	for _, country := range []string{"US", "CA", "MX"} {
		m, _ := models.MarketplaceByCountry(country)
		markets = append(markets, models.SellerMarketplace{MarketplaceID: m.ID, Participating: true})
	}
	return s, tx.SaveSellerAuthorization(s, markets)
}

// demoFBAWarehouse finds or creates FBA美国仓 as 演示店铺's US FBA warehouse, where its shipments arrive and the
// inventory sync writes Amazon's figures. One made before warehouses had a store group is bound to it, unless the
// group already has another US FBA warehouse.
func demoFBAWarehouse(tx *models.DB, companyID, groupID int64, marketplaceID string, fba *models.Warehouse) error {
	err := tx.Where(fba).Attrs(models.Warehouse{Kind: models.WarehouseFBA, AllowNegative: true, GroupID: &groupID,
		MarketplaceID: &marketplaceID}).FirstOrCreate(fba).Error
	if err != nil || fba.GroupID != nil {
		return err
	}
	return tx.Model(&models.Warehouse{}).
		Where("id = ? AND kind = ? AND NOT EXISTS (SELECT 1 FROM warehouses w WHERE w.company_id = ? AND w.group_id = ? AND w.marketplace_id = ?)",
			fba.ID, models.WarehouseFBA, companyID, groupID, marketplaceID).
		Updates(map[string]any{"group_id": groupID, "marketplace_id": marketplaceID, "allow_negative": true}).Error
}

// demoProductRow finds or creates one demo product (by SKU) with its brand, category and US listing.
func demoProductRow(tx *models.DB, companyID, groupID int64, marketplaceID string, d demoProduct, p *models.LocalProduct) error {
	brand := models.Brand{CompanyID: companyID, Name: d.brand}
	category := models.Category{CompanyID: companyID, Name: d.category}
	for _, m := range []any{&brand, &category} {
		if err := tx.Where(m).FirstOrCreate(m).Error; err != nil {
			return err
		}
	}
	*p = models.LocalProduct{CompanyID: companyID, SKU: d.sku}
	attrs := models.LocalProduct{Name: d.name, Image: d.image, Kind: models.ProductKindProduct,
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
	l := models.Listing{CompanyID: companyID, GroupID: groupID, MarketplaceID: marketplaceID, SellerSKU: d.sellerSKU}
	return tx.Where(&l).Attrs(models.Listing{ASIN: d.asin, FNSKU: d.fnsku, ProductID: &p.ID}).FirstOrCreate(&l).Error
}

// demoOpeningStock books the demo products' opening stock (期初) in the own warehouse, once.
func demoOpeningStock(tx *models.DB, companyID, warehouseID int64, products []models.LocalProduct) error {
	var booked int64
	err := tx.Model(&models.StockLedgerLine{}).Scopes(models.InCompany("stock_ledger", companyID)).
		Where("doc_type = ? AND doc_number = ?", DocOpening, demoOpeningDoc).Count(&booked).Error
	if err != nil || booked > 0 {
		return err
	}
	changes := make([]models.StockChange, len(products))
	for i, d := range demoProducts {
		changes[i] = models.StockChange{WarehouseID: warehouseID, ProductID: products[i].ID, Fulfillable: d.opening}
	}
	return tx.MoveStock(companyID, models.StockCause{DocType: DocOpening, DocNumber: demoOpeningDoc}, changes)
}

// DemoShipmentShipped is the demo's shipped shipment, with freight: the 头程 利润报告 spreads over its units.
const DemoShipmentShipped = "FBA15DEMO003"

// demoCosts are the demo products' unit cost (CNY), weight (kg) and size (cm): what 利润报告's cost of goods and
// freight read.
var demoCosts = map[string]struct{ price, weight, l, w, h string }{
	"DEMO-MUG-01":    {"18.50", "0.45", "12", "9", "11"},
	"DEMO-LAMP-01":   {"65.00", "1.2", "40", "15", "12"},
	"DEMO-BOTTLE-01": {"32.00", "0.38", "8", "8", "25"},
	"DEMO-CABLE-01":  {"6.80", "0.05", "10", "8", "2"},
	"DEMO-BAG-01":    {"21.00", "0.3", "35", "30", "2"},
}

// demoFreight is the shipped shipment's freight (CNY) and the units of each SKU it carried.
const (
	demoFreight      = "3850.00"
	demoShippedUnits = 120
)

// SeedDemoProfit gives the demo what 利润报告 needs once its Amazon data is in: the demo products' unit cost,
// weight and size (where not entered yet) and a shipment shipped 75 days ago to 演示店铺's US FBA warehouse, with
// freight, carrying the simulated seller's SKUs paired with the demo products (their stock left the own warehouse
// then; the FBA warehouse's figures are Amazon's report's). Running it again adds nothing.
func SeedDemoProfit(ctx context.Context, db *models.DB, demo DemoSeller) error {
	return db.Tx(ctx, func(tx *models.DB) error {
		ids := map[int64]bool{}
		for sku, c := range demoCosts {
			var p models.LocalProduct
			err := tx.Where("company_id = ? AND sku = ?", demo.CompanyID, sku).Take(&p).Error
			if models.IsNotFound(err) {
				continue
			} else if err != nil {
				return err
			}
			ids[p.ID] = true
			if p.Price.Valid {
				continue
			}
			dec := decimal.RequireFromString
			err = tx.Model(&models.LocalProduct{}).Where("id = ?", p.ID).Updates(map[string]any{"price": dec(c.price),
				"weight": dec(c.weight), "length": dec(c.l), "width": dec(c.w), "height": dec(c.h)}).Error
			if err != nil {
				return err
			}
		}
		s := models.Shipment{CompanyID: demo.CompanyID, ShipmentID: DemoShipmentShipped}
		if found := tx.Where(&s).Take(&s); found.Error == nil || !models.IsNotFound(found.Error) {
			return found.Error
		}
		us, _ := models.MarketplaceByCountry("US")
		paired, err := amazondata.PairedSKUs(tx, demo.CompanyID, demo.GroupID, us.ID)
		if err != nil {
			return err
		}
		own := models.Warehouse{CompanyID: demo.CompanyID, Name: "深圳自有仓"}
		if err := tx.Where(&own).Take(&own).Error; err != nil {
			return err
		}
		// The demo's own listings sell nothing on the simulated seller: the shipment carries the ones that do.
		var skus []string
		for sku, product := range paired {
			if ids[product] && !slices.ContainsFunc(demoProducts, func(d demoProduct) bool { return d.sellerSKU == sku }) {
				skus = append(skus, sku)
			}
		}
		if len(skus) == 0 {
			return nil
		}
		slices.Sort(skus)
		shipped := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -75)
		s.Name, s.GroupID, s.MarketplaceID, s.WarehouseID, s.Center = "演示货件-海运补货", demo.GroupID, us.ID, own.ID, "ONT8"
		s.Status, s.AmazonStatus, s.AuditedAt, s.ShippedAt = models.ShipmentShipped, "CLOSED", &shipped, &shipped
		s.Carrier, s.Channel, s.Freight = "演示货代", "海运快船", decimal.NewNullDecimal(decimal.RequireFromString(demoFreight))
		s.Remark = "演示数据：已发货并由亚马逊收货，运费用于利润报告的头程"
		if err := tx.Create(&s).Error; err != nil {
			return err
		}
		var out []models.StockChange
		for _, sku := range skus {
			it := models.ShipmentItem{CompanyID: demo.CompanyID, ShipmentRef: s.ID, ProductID: paired[sku], SellerSKU: sku,
				Quantity: demoShippedUnits, QuantityShipped: demoShippedUnits, QuantityReceived: demoShippedUnits}
			if err := tx.Create(&it).Error; err != nil {
				return err
			}
			out = append(out, models.StockChange{WarehouseID: own.ID, ProductID: paired[sku], Fulfillable: -demoShippedUnits})
		}
		return tx.MoveStock(demo.CompanyID, models.StockCause{DocType: DocShipment, DocNumber: s.ShipmentID}, out)
	})
}
