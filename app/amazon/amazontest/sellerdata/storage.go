package sellerdata

import (
	"strconv"
	"time"
)

// Storage fees: each month Amazon charges every FBA product at each fulfilment centre it is stocked at for the
// space its average units took (volume × the month's rate of its size tier: Oct-Dec dearer), and on the 15th a
// surcharge on the units aged past 180 days (the long-term storage fee report, now the aged inventory surcharge).

// The storage fee reports' types and columns, as Amazon names them.
const (
	StorageFeeReport    = "GET_FBA_STORAGE_FEE_CHARGES_DATA"
	AgedSurchargeReport = "GET_FBA_FULFILLMENT_LONGTERM_STORAGE_FEE_CHARGES_DATA"
)

var (
	StorageFeeHeader = []string{"asin", "fnsku", "product_name", "fulfillment_center", "country_code", "longest_side",
		"median_side", "shortest_side", "measurement_units", "weight", "weight_units", "item_volume", "volume_units",
		"product_size_tier", "average_quantity_on_hand", "average_quantity_pending_removal", "estimated_total_item_volume",
		"month_of_charge", "storage_rate", "currency", "estimated_monthly_storage_fee", "dangerous_goods_storage_type",
		"eligible_for_inventory_discount", "qualifies_for_inventory_discount", "total_incentive_fee_amount",
		"breakdown_incentive_fee_amount", "average_quantity_customer_orders"}
	AgedSurchargeHeader = []string{"snapshot-date", "sku", "fnsku", "asin", "product-name", "condition", "per-unit-volume",
		"currency", "volume-unit", "country", "qty-charged", "amount-charged", "surcharge-age-tier", "rate-surcharge"}
)

// StorageFeeLine is a line of the monthly storage fee report: a product at a fulfilment centre in a month.
// Amounts in the marketplace's minor units; the rate per volume unit in hundredths of a minor unit (Amazon writes
// it to four decimals); quantities in hundredths; volumes in millionths.
type StorageFeeLine struct {
	ASIN, FNSKU, SKU, ProductName, FulfillmentCenter, Country string
	LongestSide, MedianSide, ShortestSide                     int64 // hundredths of the measurement unit
	MeasurementUnits, WeightUnits, VolumeUnits, SizeTier      string
	Weight                                                    int64 // hundredths
	ItemVolume, TotalVolume                                   int64 // millionths
	AverageOnHand                                             int64 // hundredths of a unit
	Month, Currency                                           string
	Rate                                                      int64 // minor units × 100
	Fee                                                       int64 // minor units
	dec                                                       int32
}

// AgedSurchargeLine is a line of the long-term storage fee (aged inventory surcharge) report.
type AgedSurchargeLine struct {
	SnapshotDate, SKU, FNSKU, ASIN, ProductName, Currency, VolumeUnit, Country, Tier string
	PerUnitVolume                                                                    int64 // millionths
	Quantity                                                                         int
	Amount                                                                           int64 // minor units
	Rate                                                                             int64 // minor units × 100
	dec                                                                              int32
}

// storageCents are the US monthly rates per cubic foot in cents: standard size Jan-Sep, Oct-Dec; oversize the same.
var storageCents = [2][2]int64{{78, 240}, {56, 140}}

// agedTiers are the surcharge's age tiers and their US rates per cubic foot in cents.
var agedTiers = []struct {
	name  string
	cents int64
}{{"181-210", 50}, {"211-240", 100}, {"241-270", 150}, {"271-300", 545}, {"301-330", 570}, {"331-365", 590}, {"365+", 690}}

// cubicFootMM3 is a cubic foot in cubic millimetres; a cubic metre is 35.3147 of them.
const cubicFootMM3 = 28_316_847

// volumeOf is a product's volume in millionths of the marketplace's unit (cubic feet, or cubic metres where metric).
func volumeOf(m *market, p *product) (int64, string) {
	mm3 := p.long * p.mid * p.short
	if m.metric {
		return mm3 / 1000, "cubic meters"
	}
	return mm3 * 1_000_000 / cubicFootMM3, "cubic feet"
}

// rateOf converts a US rate per cubic foot in cents into the marketplace's currency per its volume unit, in
// hundredths of a minor unit, as the prices are converted.
func rateOf(m *market, cents int64) int64 {
	r := cents * m.priceRate // hundredths of a minor unit per cubic foot
	if m.metric {
		r = r * 353147 / 10000
	}
	return r
}

// chargedMonths are the months whose storage Amazon has charged by the world's day (a week into the next month)
// that start in [from, to) counted by month.
func (w *World) chargedMonths(from, to time.Time) []time.Time {
	first := time.Date(w.First.Year(), w.First.Month(), 1, 0, 0, 0, 0, time.UTC)
	from = from.UTC()
	start := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC)
	if start.Before(first) {
		start = first
	}
	var out []time.Time
	for mo := start; mo.Before(to); mo = mo.AddDate(0, 1, 0) {
		if !mo.AddDate(0, 1, 7).After(w.Now) {
			out = append(out, mo)
		}
	}
	return out
}

// StorageFees is the monthly storage fee report's truth: a marketplace's charges of the months that start in
// [from, to) and that Amazon has charged, by month, product and fulfilment centre.
func (w *World) StorageFees(sellerID, marketplaceID string, from, to time.Time) []StorageFeeLine {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	var out []StorageFeeLine
	for _, mo := range w.chargedMonths(from, to) {
		peak := 0
		if mo.Month() >= time.October {
			peak = 1
		}
		month := mo.Format("2006-01")
		for _, p := range s.fbaProducts() {
			vol, unit := volumeOf(m, p)
			tier, oversize := "Standard-Size", 0
			if feeOf(p, m).tier == "Large bulky" {
				tier, oversize = "Oversize", 1
			}
			rate := rateOf(m, storageCents[oversize][peak])
			perDay := m.ordersPerDay * trend(mo) * p.weight / s.cum[len(s.cum)-1]
			for i, fc := range fcsOf(m, p) {
				share := []float64{2.0 / 3, 1.0 / 3}[i]
				noise := 0.8 + float64(seedOf("storage", m.id, p.sku, fc, month)%41)/100
				onHand := int64((perDay*14*0.7+6)*share*noise*100 + 0.5) // hundredths
				total := onHand * vol / 100
				// fee = units × volume × rate: hundredths × millionths × hundredths of a minor unit.
				fee := (onHand*vol/100*rate/100 + 500_000) / 1_000_000
				l := StorageFeeLine{ASIN: p.asin, FNSKU: p.fnsku, SKU: p.sku, ProductName: p.name, FulfillmentCenter: fc,
					Country: m.store(), ItemVolume: vol, TotalVolume: total, VolumeUnits: unit, SizeTier: tier,
					AverageOnHand: onHand, Month: month, Currency: m.currency, Rate: rate, Fee: fee, dec: m.dec}
				if m.metric {
					l.MeasurementUnits, l.WeightUnits = "centimeters", "kilograms"
					l.LongestSide, l.MedianSide, l.ShortestSide, l.Weight = p.long*10, p.mid*10, p.short*10, p.grams/10
				} else {
					l.MeasurementUnits, l.WeightUnits = "inches", "pounds"
					l.LongestSide, l.MedianSide, l.ShortestSide = p.long*1000/254, p.mid*1000/254, p.short*1000/254
					l.Weight = p.grams * 10_000 / 45_359
				}
				out = append(out, l)
			}
		}
	}
	return out
}

// AgedSurcharges is the aged inventory surcharge report's truth: on the 15th of each month in [from, to) by the
// world's day, the two last FBA products of the seller hold a few units past 180 days, one in an early tier and
// one in a dear one.
func (w *World) AgedSurcharges(sellerID, marketplaceID string, from, to time.Time) []AgedSurchargeLine {
	s, m := w.sellers[sellerID], markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	ps := s.fbaProducts()
	if len(ps) < 6 {
		return nil
	}
	first := time.Date(w.First.Year(), w.First.Month(), 1, 0, 0, 0, 0, time.UTC)
	var out []AgedSurchargeLine
	for mo := first; mo.Before(w.Now); mo = mo.AddDate(0, 1, 0) {
		snap := mo.AddDate(0, 0, 14)
		if snap.Before(from) || !snap.Before(to) || snap.After(w.Now) || snap.Before(w.First) {
			continue
		}
		day := snap.Format(postedLayout)
		for i, p := range []*product{ps[len(ps)-1], ps[len(ps)-2]} {
			tier := agedTiers[[]int{0, 4}[i]]
			qty := 2 + int(seedOf("aged", m.id, p.sku, day)%5)
			vol, unit := volumeOf(m, p)
			rate := rateOf(m, tier.cents)
			amount := (int64(qty)*vol*rate/100 + 500_000) / 1_000_000
			out = append(out, AgedSurchargeLine{SnapshotDate: day, SKU: p.sku, FNSKU: p.fnsku, ASIN: p.asin, ProductName: p.name,
				Currency: m.currency, VolumeUnit: unit, Country: m.store(), Tier: tier.name + " days", PerUnitVolume: vol,
				Quantity: qty, Amount: amount, Rate: rate, dec: m.dec})
		}
	}
	return out
}

// appendScaled writes v with dec decimals (v in units of 10^-dec).
func appendScaled(b []byte, v int64, dec int32) []byte { return appendMinor(b, v, dec) }

func appendStorageFee(b []byte, l StorageFeeLine) []byte {
	s := func(v int64, dec int32) string { return string(appendScaled(nil, v, dec)) }
	volDec := int32(4)
	vol, total := l.ItemVolume/100, l.TotalVolume/100
	if l.VolumeUnits == "cubic meters" {
		volDec, vol, total = 6, l.ItemVolume, l.TotalVolume
	}
	return tsvLine(b, l.ASIN, l.FNSKU, l.ProductName, l.FulfillmentCenter, l.Country, s(l.LongestSide, 2), s(l.MedianSide, 2),
		s(l.ShortestSide, 2), l.MeasurementUnits, s(l.Weight, 2), l.WeightUnits, s(vol, volDec), l.VolumeUnits, l.SizeTier,
		s(l.AverageOnHand, 2), "0.00", s(total, volDec), l.Month, s(l.Rate, l.dec+2), l.Currency, s(l.Fee, l.dec), "--", "N", "N",
		"0", "--", "0.00")
}

func appendAgedSurcharge(b []byte, l AgedSurchargeLine) []byte {
	volDec, vol := int32(4), l.PerUnitVolume/100
	if l.VolumeUnit == "cubic meters" {
		volDec, vol = 6, l.PerUnitVolume
	}
	return tsvLine(b, l.SnapshotDate, l.SKU, l.FNSKU, l.ASIN, l.ProductName, "New", string(appendScaled(nil, vol, volDec)),
		l.Currency, l.VolumeUnit, l.Country, strconv.Itoa(l.Quantity), string(appendMinor(nil, l.Amount, l.dec)), l.Tier,
		string(appendScaled(nil, l.Rate, l.dec+2)))
}
