package amazondata

import (
	"io"
	"time"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

// Inventory health's two other reports, asked for in the planning kind's run beside the planning report: one
// screen (库存规划) reads the three, and a kind more would cost every first sync another task.
const (
	ReservedReport = "GET_RESERVED_INVENTORY_DATA"
	StrandedReport = "GET_STRANDED_INVENTORY_UI_DATA"
)

func init() { importers[InventoryPlanning] = importPlanning }

// PlanningReportOf tells which of the planning kind's reports a file is by its header ("" for none): a file
// uploaded by hand as 库存规划 may be any of the three.
func PlanningReportOf(r *amazon.TSVReader) string {
	switch {
	case r.Has("reserved_customerorders") && r.Has("sku"):
		return ReservedReport
	case r.Has("stranded-reason") && r.Has("sku"):
		return StrandedReport
	case r.Has("inv-age-0-to-90-days") && r.Has("available"):
		return InventoryPlanning.ReportType()
	}
	return ""
}

// importPlanning reads the inventory planning report (GET_FBA_INVENTORY_PLANNING_DATA) of the report's
// marketplace: a SKU's line replaces its earlier snapshot's, and the same snapshot read again changes nothing.
func importPlanning(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	switch PlanningReportOf(r) {
	case ReservedReport:
		return importReserved(s, st, r, progress)
	case StrandedReport:
		return importStranded(s, st, r, progress)
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

// readWhole reads every line of a small report (a line per SKU reserved or stranded), the last line of a SKU
// winning: the file replaces the marketplace's lines as a whole, so it cannot be written in batches.
func readWhole[T any](r *amazon.TSVReader, read func(amazon.TSVRow) (T, string, error)) ([]T, int, error) {
	var rows []T
	at := map[string]int{}
	lines := 0
	for {
		row, err := r.Next()
		if err == io.EOF {
			return rows, lines, nil
		}
		if err != nil {
			return nil, lines, err
		}
		lines++
		v, key, err := read(row)
		if err != nil {
			return nil, lines, err
		}
		if i, ok := at[key]; ok {
			rows[i] = v
			continue
		}
		at[key] = len(rows)
		rows = append(rows, v)
	}
}

// importReserved reads the reserved inventory report (GET_RESERVED_INVENTORY_DATA) of the report's marketplace.
func importReserved(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	if err := requireColumns(r, InventoryPlanning, "sku", "reserved_qty", "reserved_customerorders",
		"reserved_fc-transfers", "reserved_fc-processing"); err != nil {
		return Result{}, err
	}
	rows, lines, err := readWhole(r, func(row amazon.TSVRow) (amazondatadb.Reserved, string, error) {
		l := line{row: row}
		v := amazondatadb.Reserved{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: st.MarketplaceID, SKU: l.required("sku"), FNSKU: l.str("fnsku"), ASIN: l.str("asin"),
			ProductName: l.str("product-name"), ReservedQty: l.count("reserved_qty"),
			CustomerOrders: l.count("reserved_customerorders"), FCTransfers: l.count("reserved_fc-transfers"),
			FCProcessing: l.count("reserved_fc-processing")}
		return v, v.SKU, l.err
	})
	res := Result{Lines: lines}
	if err != nil {
		return res, err
	}
	n, err := amazondatadb.ReplaceReserved(s.db, st.SellerID, st.MarketplaceID, rows)
	res.Written = int(n)
	progress(res.Lines)
	return res, err
}

// importStranded reads the stranded inventory report (GET_STRANDED_INVENTORY_UI_DATA) of the report's
// marketplace: units that cannot sell, with Amazon's reason.
func importStranded(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	if err := requireColumns(r, InventoryPlanning, "sku", "stranded-reason", "fulfillable-qty"); err != nil {
		return Result{}, err
	}
	rows, lines, err := readWhole(r, func(row amazon.TSVRow) (amazondatadb.Stranded, string, error) {
		l := line{row: row}
		v := amazondatadb.Stranded{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: st.MarketplaceID, SKU: l.required("sku"), FNSKU: l.str("fnsku"), ASIN: l.str("asin"),
			ProductName: l.str("product-name"), ItemCondition: l.str("condition"), PrimaryAction: l.str("primary-action"),
			DateStranded: l.optionalDay("date-stranded"), AutoRemovalDate: l.optionalDay("Date-to-take-auto-removal"),
			StatusPrimary: l.str("status-primary"), StatusSecondary: l.str("status-secondary"),
			ErrorMessage: l.str("error-message"), StrandedReason: l.str("stranded-reason"), FulfilledBy: l.str("fulfilled-by"),
			FulfillableQty: l.count("fulfillable-qty"), UnfulfillableQty: l.count("unfulfillable-qty"),
			ReservedQty: l.count("reserved-quantity"), InboundShippedQty: l.count("inbound-shipped-qty"),
			YourPrice: l.money("your-price")}
		return v, v.SKU, l.err
	})
	res := Result{Lines: lines}
	if err != nil {
		return res, err
	}
	n, err := amazondatadb.ReplaceStranded(s.db, st.SellerID, st.MarketplaceID, rows)
	res.Written = int(n)
	progress(res.Lines)
	return res, err
}

// optionalDay is a date that may be empty, and may be ahead (the day Amazon will remove stranded units): a SKU
// not yet due for removal has no removal date.
func (l *line) optionalDay(column string) string {
	v := l.row.Get(column)
	if v == "" {
		return ""
	}
	t, ok := parseTime(v)
	if !ok || t.Before(firstReportDate) {
		l.fail(column, v, "不是日期")
		return ""
	}
	return t.Format(time.DateOnly)
}
