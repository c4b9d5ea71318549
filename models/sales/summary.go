package sales

import (
	"errors"
	"fmt"
	"time"

	"sellerhub/models"
	"sellerhub/models/amazondata"
)

// salesDayPart is what one reading of the summary sums for a grouping: its tables of days and of months (none:
// days only), a line's key, name and ASIN over its rows s, what it joins, and its units, orders and amount.
type salesDayPart struct {
	days, months, join    string
	key, name, asin       string
	units, orders, amount string
}

// summed are the sums of the SKU and order rows.
const (
	summedUnits  = "CAST(SUM(s.units) AS BIGINT)"
	summedOrders = "CAST(SUM(s.orders) AS BIGINT)"
	summedAmount = "CAST(SUM(s.amount) AS BIGINT)"
)

// salesDayDims are, for the groupings the summary answers, the parts it reads: one, or by parent ASIN two that
// add up per line, the units, sales and names of the children's SKU rows and the parents' own distinct orders.
var salesDayDims = map[string][]salesDayPart{
	SalesBySKU: {{days: "sales_sku_days", months: "sales_sku_months", key: "s.sku", name: "MAX(s.product_name)",
		asin: "MAX(s.asin)", units: summedUnits, orders: summedOrders, amount: summedAmount}},
	SalesByParentASIN: {
		{days: "sales_sku_days", months: "sales_sku_months", join: amazondata.ParentJoin("s"),
			key: amazondata.ParentKey("s"), name: "MIN(s.product_name)", asin: "MAX(s.product_name)",
			units: summedUnits, orders: "0", amount: summedAmount},
		{days: "sales_parent_days", months: "sales_parent_months", key: "s.parent_key", name: "''", asin: "''",
			units: "0", orders: summedOrders, amount: "0"},
	},
	SalesByStore: {{days: "sales_order_days", join: "JOIN store_groups g ON g.id = s.group_id", key: "g.name",
		name: "MAX(g.name)", asin: "''", units: summedUnits, orders: summedOrders, amount: summedAmount}},
	SalesByMarketplace: {{days: "sales_order_days", key: "s.marketplace_id", name: "MAX(s.marketplace_id)", asin: "''",
		units: summedUnits, orders: summedOrders, amount: summedAmount}},
	SalesByAll: {{days: "sales_order_days", key: "''", name: "''", asin: "''", units: summedUnits, orders: summedOrders,
		amount: summedAmount}},
}

// salesFromDays sums the filter's sales from the daily summary; ok false when the summary cannot answer: an ASIN
// or a local product may hold several SKUs of one order (counted once; a parent's orders are counted in its own
// rows), a search by SKU or ASIN narrows the orders of a store or marketplace, and another rate zone than the
// summary's splits other months.
func salesFromDays(db *models.DB, companyID int64, f SalesFilter) ([]SalesSum, bool, error) {
	parts, ok := salesDayDims[f.By]
	if !ok || f.Spans != nil || (f.Search != "" && f.By != SalesBySKU) || f.RateZone.String() != amazondata.SalesDaysZone.String() {
		return nil, false, nil
	}
	if err := amazondata.EnsureSalesDays(db, companyID); err != nil {
		return nil, true, err
	}
	if f.By == SalesByParentASIN {
		if err := amazondata.EnsureSalesParents(db, companyID); err != nil {
			return nil, true, err
		}
	}
	var rows []SalesSum
	for _, part := range parts {
		r, err := salesOfPart(db, companyID, f, part)
		if err != nil {
			return nil, true, err
		}
		rows = append(rows, r...)
	}
	if len(parts) == 1 {
		return rows, true, nil
	}
	return mergeSalesSums(rows), true, nil
}

// salesOfPart sums one part of the summary. By month, the whole months come from the months' table and only the
// partial months at the ends from the days.
func salesOfPart(db *models.DB, companyID int64, f SalesFilter, part salesDayPart) ([]SalesSum, error) {
	first, last := f.First.Format(time.DateOnly), f.Last.Format(time.DateOnly)
	day, bjDay := "s.day", "s.bj_day"
	if f.InRateZone {
		day = bjDay
	}
	// The first whole month and the last (yyyy-MM); none when fromMonth > toMonth.
	fromMonth, toMonth := f.First.Format("2006-01"), f.Last.Format("2006-01")
	if f.First.Day() != 1 {
		fromMonth = f.First.AddDate(0, 1, 1-f.First.Day()).Format("2006-01")
	}
	if f.Last.AddDate(0, 0, 1).Day() != 1 {
		toMonth = f.Last.AddDate(0, 0, -f.Last.Day()).Format("2006-01")
	}
	// Only a part with months' rows reads them by month; everything else, and a span without a whole month, reads
	// the days.
	if part.months == "" || f.Period != models.PeriodMonth || fromMonth > toMonth {
		return salesRows(db, companyID, f, part.days, part, periodOf(db, day, f.Period), "substr("+bjDay+", 1, 7)",
			day+" >= ? AND "+day+" <= ?", first, last)
	}
	month := "s.month"
	if f.InRateZone {
		month = "s.bj_month"
	}
	rows, err := salesRows(db, companyID, f, part.months, part, month, "s.bj_month",
		month+" >= ? AND "+month+" <= ?", fromMonth, toMonth)
	if err != nil {
		return nil, err
	}
	// The days before the first whole month and after the last ("-32" sorts after a month's days).
	ends, err := salesRows(db, companyID, f, part.days, part, periodOf(db, day, f.Period), "substr("+bjDay+", 1, 7)",
		"(("+day+" >= ? AND "+day+" < ?) OR ("+day+" > ? AND "+day+" <= ?))", first, fromMonth+"-01", toMonth+"-32", last)
	return append(rows, ends...), err
}

// mergeSalesSums adds up the sums of the same key, period, currency and rate month that several parts answered,
// keeping the names the parts that have them give.
func mergeSalesSums(rows []SalesSum) []SalesSum {
	at := map[[4]string]int{}
	out := make([]SalesSum, 0, len(rows))
	for _, r := range rows {
		k := [4]string{r.Key, r.Period, r.Currency, r.RateMonth}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, r)
			continue
		}
		m := &out[i]
		m.Units += r.Units
		m.Orders += r.Orders
		m.Amount.Decimal = m.Amount.Add(r.Amount.Decimal)
		if m.Name == "" {
			m.Name = r.Name
		}
		if m.ASIN == "" {
			m.ASIN = r.ASIN
		}
	}
	return out
}

// periodOf is the period (yyyy-MM-dd of the day or the week's Monday, yyyy-MM) of the summary's day column.
func periodOf(db *models.DB, day, period string) string {
	switch {
	case period == models.PeriodMonth:
		return "substr(" + day + ", 1, 7)"
	case period == models.PeriodWeek && db.Driver == "postgres":
		return "to_char(date_trunc('week', CAST(" + day + " AS date)), 'YYYY-MM-DD')"
	case period == models.PeriodWeek:
		return "strftime('%Y-%m-%d', " + day + ", '-6 days', 'weekday 1')"
	}
	return day
}

// salesRows sums the summary table's rows s that the filter and the condition on their dates select by the
// grouping's key, the period, the currency and the rate month.
func salesRows(db *models.DB, companyID int64, f SalesFilter, table string, part salesDayPart,
	period, rateMonth, dates string, args ...any) ([]SalesSum, error) {
	q := db.Table(table+" s").Where("s.company_id = ?", companyID).Where(dates, args...).
		Scopes(models.InGrantedGroups("s.group_id", f.UserID))
	if part.join != "" {
		q = q.Joins(part.join)
	}
	if f.GroupID != 0 {
		q = q.Where("s.group_id = ?", f.GroupID)
	}
	if f.MarketplaceID != "" {
		q = q.Where("s.marketplace_id = ?", f.MarketplaceID)
	}
	if f.Search != "" {
		p, like := models.ContainsPattern(f.Search), " "+db.Caseless()
		q = q.Where("(s.sku"+like+" OR s.asin"+like+")", p, p)
	}
	// Orders add up over days and months: an order is bought on one instant, in one day of each zone. The sums
	// are cast to BIGINT (PostgreSQL's SUM of a BIGINT is a NUMERIC, read as text) and scanned by hand: a year by
	// SKU is thousands of rows, whose reflection-driven scan cost more than the query.
	sel := fmt.Sprintf("%s AS line_key, %s AS line_name, %s AS asin, %s AS line_period, s.currency AS currency, "+
		"%s AS rate_month, %s AS units, %s AS orders, %s AS amount", part.key, part.name, part.asin, period, rateMonth,
		part.units, part.orders, part.amount)
	cur, err := q.Select(sel).Group("1, 4, 5, 6").Rows()
	if err != nil {
		return nil, err
	}
	rows := []SalesSum{}
	for cur.Next() {
		var r SalesSum
		var amount int64
		if err := cur.Scan(&r.Key, &r.Name, &r.ASIN, &r.Period, &r.Currency, &r.RateMonth, &r.Units, &r.Orders, &amount); err != nil {
			cur.Close()
			return nil, err
		}
		r.Amount = models.MoneyFromUnits(amount)
		rows = append(rows, r)
	}
	return rows, errors.Join(cur.Err(), cur.Close())
}
