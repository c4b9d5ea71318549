package amazondata

import (
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() {
	importers[StorageFees] = importStorageFees
	importers[AgedSurcharges] = importAgedSurcharges
}

type storageFeeKey struct{ month, fnsku, fc string }

// importStorageFees reads the monthly storage fee report (GET_FBA_STORAGE_FEE_CHARGES_DATA) of the report's
// marketplace: a line per FNSKU, fulfilment centre and month charged. A month read again changes nothing; Amazon's
// corrections to a month replace its lines' values.
func importStorageFees(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, StorageFees, "fnsku", "month_of_charge", "estimated_monthly_storage_fee"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.StorageFee, storageFeeKey, error) {
		f, err := readStorageFee(st, row)
		return f, storageFeeKey{f.Month, f.FNSKU, f.FulfillmentCenter}, err
	}, func(lines []amazondatadb.StorageFee) (int64, error) {
		return amazondatadb.UpsertStorageFees(s.db, lines)
	})
}

func readStorageFee(st Store, row amazon.TSVRow) (amazondatadb.StorageFee, error) {
	l := line{row: row}
	f := amazondatadb.StorageFee{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, Month: l.month("month_of_charge"), ASIN: l.str("asin"), FNSKU: l.required("fnsku"),
		ProductName: l.str("product_name"), FulfillmentCenter: l.str("fulfillment_center"), CountryCode: l.str("country_code"),
		LongestSide: l.scaled("longest_side", 4), MedianSide: l.scaled("median_side", 4), ShortestSide: l.scaled("shortest_side", 4),
		MeasurementUnits: l.str("measurement_units"), Weight: l.scaled("weight", 4), WeightUnits: l.str("weight_units"),
		ItemVolume: l.scaled("item_volume", 6), VolumeUnits: l.str("volume_units"), ProductSizeTier: l.str("product_size_tier"),
		AverageOnHand: l.scaled("average_quantity_on_hand", 4), AveragePendingRemoval: l.scaled("average_quantity_pending_removal", 4),
		TotalItemVolume: l.scaled("estimated_total_item_volume", 6), StorageRate: l.money("storage_rate"),
		Currency: l.str("currency"), Fee: l.money("estimated_monthly_storage_fee"),
		DangerousGoods: strings.Trim(l.str("dangerous_goods_storage_type"), "-"), IncentiveFee: l.money("total_incentive_fee_amount")}
	return f, l.err
}

type agedSurchargeKey struct{ day, sku, fnsku, tier string }

// importAgedSurcharges reads the long-term storage fee report (GET_FBA_FULFILLMENT_LONGTERM_STORAGE_FEE_CHARGES_DATA,
// the aged inventory surcharge) of the report's marketplace.
func importAgedSurcharges(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, AgedSurcharges, "snapshot-date", "sku", "amount-charged"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.AgedSurcharge, agedSurchargeKey, error) {
		a, err := readAgedSurcharge(st, row)
		return a, agedSurchargeKey{a.SnapshotDate, a.SKU, a.FNSKU, a.SurchargeAgeTier}, err
	}, func(lines []amazondatadb.AgedSurcharge) (int64, error) {
		return amazondatadb.UpsertAgedSurcharges(s.db, lines)
	})
}

func readAgedSurcharge(st Store, row amazon.TSVRow) (amazondatadb.AgedSurcharge, error) {
	l := line{row: row}
	day := l.day("snapshot-date")
	a := amazondatadb.AgedSurcharge{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, SnapshotDate: day, SKU: l.required("sku"), FNSKU: l.str("fnsku"), ASIN: l.str("asin"),
		ProductName: l.str("product-name"), ItemCondition: l.str("condition"), PerUnitVolume: l.scaled("per-unit-volume", 6),
		VolumeUnit: l.str("volume-unit"), Currency: l.str("currency"), Country: l.str("country"),
		QuantityCharged: l.count("qty-charged"), AmountCharged: l.money("amount-charged"),
		SurchargeAgeTier: l.str("surcharge-age-tier"), RateSurcharge: l.money("rate-surcharge")}
	if len(day) >= 7 {
		a.Month = day[:7]
	}
	return a, l.err
}

// scaled is a non-negative measure (a size, a volume, an average quantity) in units of 10^-decimals, rounded
// half up; "" is zero.
func (l *line) scaled(column string, decimals int32) int64 {
	v := strings.TrimSpace(l.row.Get(column))
	if v == "" || v == "--" {
		return 0
	}
	d, err := decimal.NewFromString(strings.ReplaceAll(v, ",", "."))
	if err != nil {
		l.fail(column, v, "不是数字")
		return 0
	}
	if d.IsNegative() {
		l.fail(column, v, "不能为负数")
		return 0
	}
	n := d.Shift(decimals).Round(0)
	if !n.LessThan(decimal.New(1, 17)) {
		l.fail(column, v, "超出范围")
		return 0
	}
	return n.IntPart()
}

// month is a month the line cannot be kept without: yyyy-MM (a full date's month is taken).
func (l *line) month(column string) string {
	v := strings.TrimSpace(l.row.Get(column))
	if v == "" {
		l.fail(column, "", "不能为空")
		return ""
	}
	t, err := time.Parse("2006-01", v)
	if err != nil && len(v) >= 10 {
		t, err = time.Parse(time.DateOnly, v[:10])
	}
	if err != nil {
		l.fail(column, v, "不是月份")
		return ""
	}
	if !plausibleDate(t) {
		l.fail(column, v, "不在2000年至今的日期范围内")
		return ""
	}
	return t.Format("2006-01")
}

// day is a date the line cannot be kept without, as yyyy-MM-dd.
func (l *line) day(column string) string {
	t := l.date(column)
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}
