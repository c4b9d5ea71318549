package amazondata

import (
	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[InventoryPlanning] = importPlanning }

// importPlanning reads the inventory planning report (GET_FBA_INVENTORY_PLANNING_DATA) of the report's
// marketplace: a SKU's line replaces its earlier snapshot's, and the same snapshot read again changes nothing.
func importPlanning(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, InventoryPlanning, "sku", "available", "inv-age-0-to-90-days"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.Planning, string, error) {
		p, err := readPlanning(st, row)
		return p, p.SKU, err
	}, func(lines []amazondatadb.Planning) (int64, error) {
		return amazondatadb.UpsertPlanning(s.db, lines)
	})
}

func readPlanning(st Store, row amazon.TSVRow) (amazondatadb.Planning, error) {
	l := line{row: row}
	p := amazondatadb.Planning{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, SnapshotDate: l.day("snapshot-date"), SKU: l.required("sku"), FNSKU: l.str("fnsku"),
		ASIN: l.str("asin"), ProductName: l.str("product-name"), ItemCondition: l.str("condition"),
		Available: l.count("available"), PendingRemoval: l.count("pending-removal-quantity"),
		Age0To90: l.count("inv-age-0-to-90-days"), Age91To180: l.count("inv-age-91-to-180-days"),
		Age181To270: l.count("inv-age-181-to-270-days"), Age271To365: l.count("inv-age-271-to-365-days"),
		Age365Plus: l.count("inv-age-365-plus-days"), ShippedT30: l.count("units-shipped-t30"),
		ShippedT90: l.count("units-shipped-t90"), Currency: l.str("currency"), YourPrice: l.money("your-price"),
		Alert: l.str("alert"), RecommendedAction: l.str("recommended-action"),
		RecommendedRemoval: l.count("recommended-removal-quantity"),
		EstimatedSavings:   l.money("estimated-cost-savings-of-recommended-actions"), SellThrough: l.scaled("sell-through", 4),
		ItemVolume: l.scaled("item-volume", 6), VolumeUnit: l.str("volume-unit-measurement"), StorageType: l.str("storage-type"),
		DaysOfSupply: l.scaled("days-of-supply", 4), ExcessQuantity: l.count("estimated-excess-quantity"),
		StorageCostNextMonth: l.money("estimated-storage-cost-next-month"), InboundQuantity: l.count("inbound-quantity"),
		ReservedQuantity: l.count("reserved-quantity"), UnfulfillableQuantity: l.count("unfulfillable-quantity"),
		ShortTermDaysOfSupply: l.scaled("short-term-historical-days-of-supply", 4),
		LongTermDaysOfSupply:  l.scaled("long-term-historical-days-of-supply", 4),
		HealthStatus:          l.str("fba-inventory-level-health-status")}
	return p, l.err
}
