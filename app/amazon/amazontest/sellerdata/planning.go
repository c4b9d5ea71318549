package sellerdata

import (
	"strconv"
	"time"
)

// The FBA inventory planning report (Manage Inventory Health): a line per FBA SKU of the marketplace as of the
// world's day, with its units by age, what sold, Amazon's recommended action, the excess and the storage it will
// cost next month. The seller's last FBA product is slow (aged units, excess, 建议移除); its first sells faster than
// it is stocked (both historical days of supply under 28: the low-inventory-level fee).

// InventoryPlanningReport is the report's type.
const InventoryPlanningReport = "GET_FBA_INVENTORY_PLANNING_DATA"

// InventoryPlanningHeader is its columns as Amazon names them (the report has more, varying by marketplace).
var InventoryPlanningHeader = []string{"snapshot-date", "sku", "fnsku", "asin", "product-name", "condition", "available",
	"pending-removal-quantity", "inv-age-0-to-90-days", "inv-age-91-to-180-days", "inv-age-181-to-270-days",
	"inv-age-271-to-365-days", "inv-age-365-plus-days", "currency", "units-shipped-t7", "units-shipped-t30",
	"units-shipped-t60", "units-shipped-t90", "alert", "your-price", "sales-price", "recommended-action",
	"recommended-removal-quantity", "estimated-cost-savings-of-recommended-actions", "sell-through", "item-volume",
	"volume-unit-measurement", "storage-type", "marketplace", "days-of-supply", "estimated-excess-quantity",
	"estimated-storage-cost-next-month", "inbound-quantity", "reserved-quantity", "unfulfillable-quantity",
	"historical-days-of-supply", "short-term-historical-days-of-supply", "long-term-historical-days-of-supply",
	"fba-inventory-level-health-status"}

// PlanningLine is a line of the inventory planning report. Money in the marketplace's minor units, sell-through
// and days of supply in hundredths.
type PlanningLine struct {
	SnapshotDate, SKU, FNSKU, ASIN, ProductName, Currency, Alert, Action, StorageType, Country, Health string
	Available, PendingRemoval, Inbound, Reserved, Unfulfillable                                        int
	// ReservedSplit is Reserved by why: customer orders being picked, transfers between fulfilment centres,
	// units sidelined for processing (the reserved inventory report's columns).
	ReservedSplit                                        [3]int
	Age                                                  [5]int
	Shipped                                              [4]int // t7, t30, t60, t90
	Price, Savings, StorageNextMonth                     int64
	RemovalQuantity, Excess                              int
	SellThrough, DaysOfSupply, ShortHDOS, LongHDOS, HDOS int64 // hundredths
	ItemVolume                                           int64 // millionths
	VolumeUnit                                           string
	dec                                                  int32
}

// InventoryPlanning is the report's truth for a marketplace of the seller, as of the world's day.
func (w *World) InventoryPlanning(sellerID, marketplaceID string) []PlanningLine {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	ps := s.fbaProducts()
	day := w.Now.Truncate(24 * time.Hour).Format(postedLayout)
	var out []PlanningLine
	for i, p := range ps {
		perDay := m.ordersPerDay * trend(w.Now) * p.weight / s.cum[len(s.cum)-1]
		r := seedOf("planning", m.id, p.sku, day)
		shipped := [4]int{int(perDay*7 + 0.5), int(perDay*30 + 0.5), int(perDay*60 + 0.5), int(perDay*90 + 0.5)}
		available := int(perDay*40) + 5 + int(r%7)
		age := [5]int{available, 0, 0, 0, 0}
		action, alert, health := "No action required", "", "Healthy"
		vol, unit := volumeOf(m, p)
		l := PlanningLine{SnapshotDate: day, SKU: p.sku, FNSKU: p.fnsku, ASIN: p.asin, ProductName: p.name, Currency: m.currency,
			Country: m.store(), StorageType: "Standard", ItemVolume: vol, VolumeUnit: unit, Price: p.price[m.index], dec: m.dec,
			Inbound: int(perDay*14) + int(r%5), Unfulfillable: int(r % 2)}
		l.ReservedSplit = [3]int{int(perDay*2) + 1, int(r >> 8 % 4), int(r >> 16 % 3)}
		l.Reserved = l.ReservedSplit[0] + l.ReservedSplit[1] + l.ReservedSplit[2]
		switch {
		case i == len(ps)-1 && len(ps) > 3:
			// Slow: aged units past 180 days, excess, Amazon recommends a removal.
			shipped = [4]int{0, 1, 3, 4}
			age = [5]int{6, 9, 7 + int(r%3), 3, 0}
			available = age[0] + age[1] + age[2] + age[3] + age[4]
			action, alert, health = "Create removal order", "", "Excess"
			l.Excess = age[2] + age[3]
			l.RemovalQuantity = l.Excess
			l.Inbound = 0
		case i == 0:
			// Selling faster than stocked: under 28 days of supply, short and long term.
			available = int(perDay*12) + 1
			age[0] = available
			action, alert, health = "Restock", "out_of_stock_soon", "Low stock"
		}
		l.Available, l.Age, l.Shipped, l.Action, l.Alert, l.Health = available, age, shipped, action, alert, health
		daily := float64(shipped[1]) / 30
		if daily > 0 {
			l.DaysOfSupply = int64(float64(available)/daily*100 + 0.5)
			l.ShortHDOS = l.DaysOfSupply
			l.LongHDOS = int64(float64(available+l.Inbound/2)/(float64(shipped[3])/90)*100 + 0.5)
			if i == 0 {
				l.LongHDOS = l.ShortHDOS + 300
			}
		} else {
			l.DaysOfSupply, l.ShortHDOS, l.LongHDOS = 36500, 36500, 36500
		}
		l.HDOS = min(l.ShortHDOS, l.LongHDOS)
		// Sell-through: units shipped in 90 days over the units available.
		l.SellThrough = int64(shipped[3]) * 100 / int64(max(available, 1))
		// Next month's storage: the available units' volume at the month's standard rate.
		peak := 0
		if next := w.Now.AddDate(0, 1, 0); next.Month() >= time.October {
			peak = 1
		}
		l.StorageNextMonth = (int64(available)*vol*rateOf(m, storageCents[0][peak])/100 + 500_000) / 1_000_000
		if l.RemovalQuantity > 0 {
			l.Savings = (int64(l.RemovalQuantity)*vol*rateOf(m, storageCents[0][peak]+agedTiers[2].cents)/100 + 500_000) / 1_000_000
		}
		out = append(out, l)
	}
	return out
}

func appendPlanningLine(b []byte, l PlanningLine) []byte {
	n := strconv.Itoa
	money := func(v int64) string { return string(appendMinor(nil, v, l.dec)) }
	hundredths := func(v int64) string { return string(appendMinor(nil, v, 2)) }
	volDec, vol := int32(4), l.ItemVolume/100
	if l.VolumeUnit == "cubic meters" {
		volDec, vol = 6, l.ItemVolume
	}
	return tsvLine(b, l.SnapshotDate, l.SKU, l.FNSKU, l.ASIN, l.ProductName, "New", n(l.Available), n(l.PendingRemoval),
		n(l.Age[0]), n(l.Age[1]), n(l.Age[2]), n(l.Age[3]), n(l.Age[4]), l.Currency, n(l.Shipped[0]), n(l.Shipped[1]),
		n(l.Shipped[2]), n(l.Shipped[3]), l.Alert, money(l.Price), money(l.Price), l.Action, n(l.RemovalQuantity),
		money(l.Savings), hundredths(l.SellThrough), string(appendMinor(nil, vol, volDec)), l.VolumeUnit, l.StorageType,
		l.Country, hundredths(l.DaysOfSupply), n(l.Excess), money(l.StorageNextMonth), n(l.Inbound), n(l.Reserved),
		n(l.Unfulfillable), hundredths(l.HDOS), hundredths(l.ShortHDOS), hundredths(l.LongHDOS), l.Health)
}

// The reserved inventory report: each FBA SKU's reserved units and why (Amazon's column names).
const ReservedReport = "GET_RESERVED_INVENTORY_DATA"

// ReservedHeader is its columns.
var ReservedHeader = []string{"sku", "fnsku", "asin", "product-name", "reserved_qty", "reserved_customerorders",
	"reserved_fc-transfers", "reserved_fc-processing"}

func appendReservedLine(b []byte, l PlanningLine) []byte {
	n := strconv.Itoa
	return tsvLine(b, l.SKU, l.FNSKU, l.ASIN, l.ProductName, n(l.Reserved), n(l.ReservedSplit[0]), n(l.ReservedSplit[1]),
		n(l.ReservedSplit[2]))
}

// The stranded inventory report: units in stock with no active offer, so they cannot sell, with Amazon's reason.
const StrandedReport = "GET_STRANDED_INVENTORY_UI_DATA"

// StrandedHeader is its columns as Amazon names them (the auto-removal date's capital D included).
var StrandedHeader = []string{"primary-action", "date-stranded", "Date-to-take-auto-removal", "status-primary",
	"status-secondary", "error-message", "stranded-reason", "asin", "sku", "fnsku", "product-name", "condition",
	"fulfilled-by", "fulfillable-qty", "your-price", "unfulfillable-qty", "reserved-quantity", "inbound-shipped-qty"}

// StrandedLine is a line of the stranded inventory report.
type StrandedLine struct {
	Action, Stranded, AutoRemoval, StatusPrimary, StatusSecondary, ErrorMessage, Reason string
	ASIN, SKU, FNSKU, ProductName                                                       string
	Fulfillable, Unfulfillable, Reserved, Inbound                                       int
	Price                                                                               int64
	dec                                                                                 int32
}

// Stranded is the report's truth for a marketplace of the seller: the second FBA product's listing was closed
// twelve days ago, so its units in stock are stranded; Amazon removes them 30 days later.
func (w *World) Stranded(sellerID, marketplaceID string) []StrandedLine {
	lines := w.InventoryPlanning(sellerID, marketplaceID)
	if len(lines) < 3 {
		return nil
	}
	l, m := lines[1], markets[marketplaceID]
	since := w.Now.Truncate(24*time.Hour).AddDate(0, 0, -12)
	return []StrandedLine{{Action: "Relist", Stranded: since.Format(time.RFC3339),
		AutoRemoval: since.AddDate(0, 0, 30).Format(time.RFC3339), StatusPrimary: "Stranded", StatusSecondary: "Inactive",
		ErrorMessage: "The listing for this FNSKU was closed.", Reason: "Listing closed", ASIN: l.ASIN, SKU: l.SKU,
		FNSKU: l.FNSKU, ProductName: l.ProductName, Fulfillable: l.Available, Unfulfillable: l.Unfulfillable,
		Reserved: 0, Inbound: 0, Price: l.Price, dec: m.dec}}
}

func appendStrandedLine(b []byte, l StrandedLine) []byte {
	n := strconv.Itoa
	return tsvLine(b, l.Action, l.Stranded, l.AutoRemoval, l.StatusPrimary, l.StatusSecondary, l.ErrorMessage, l.Reason,
		l.ASIN, l.SKU, l.FNSKU, l.ProductName, "New", "Amazon", n(l.Fulfillable), string(appendMinor(nil, l.Price, l.dec)),
		n(l.Unfulfillable), n(l.Reserved), n(l.Inbound))
}
