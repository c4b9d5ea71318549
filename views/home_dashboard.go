package views

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/models"
)

// SalesDashboard is 首页's sales part as the page shows it, in CNY and the days the company counts (yyyy-MM-dd).
// The home handler fills it from the sales service's dashboard; nil shows no sales part.
type SalesDashboard struct {
	Today string
	// Beijing is true when the company counts Beijing's days, false for each marketplace's own (公司设置).
	Beijing bool
	// Days are the day (and the hour and minute now) each group of marketplaces counts as today.
	Days []SalesZoneDay
	// HasData is false when the last 60 days have no synced orders and there is no FBA stock: the part then
	// points to 数据同步 instead.
	HasData bool
	// Periods are the ranges shown as cards (今日, 昨日, 近7天, 近30天), each against the period before.
	Periods []SalesPeriod
	// Trend is the chart's days, oldest first (the chart names the first and the last).
	Trend        []SalesDay
	Top, Falling []SKUSales
	LowStock     []LowStockSKU
	// CoverDays is the days of cover under which an FBA SKU is listed in LowStock.
	CoverDays int64
}

// SalesZoneDay is the day some marketplaces (named, 、-joined; none in Beijing time) count as today, and their
// hour and minute now.
type SalesZoneDay struct {
	Marketplaces, Day, Clock string
}

// SalesPeriod is a range of days, First to Last, against the same number of days just before it.
type SalesPeriod struct {
	Label       string
	First, Last string
	Now, Before SalesFigures
}

// SalesFigures are a range's sales, orders and units.
type SalesFigures struct {
	SalesCNY      decimal.Decimal
	Orders, Units int64
}

// SalesDay is one day of the trend.
type SalesDay struct {
	Day      string
	SalesCNY decimal.Decimal
}

// SKUSales is a SKU's sales over the lists' last days and the same days before.
type SKUSales struct {
	SKU         string
	Now, Before decimal.Decimal
}

// LowStockSKU is an FBA SKU running low: its fulfillable units and the days they last at its recent pace.
type LowStockSKU struct {
	SKU         string
	Fulfillable int64
	Cover       decimal.Decimal
}

// The trend chart's drawing box, in SVG units.
const (
	trendWidth  = 600
	trendHeight = 160
)

// yuan writes a CNY amount as every screen writes money (models.Money.Text).
func yuan(d decimal.Decimal) string { return models.Money{Decimal: d}.Text("CNY") }

// change is a figure against the period before: ▲ or ▼ and the percent (dir "up" or "down"), or a dash when
// there was nothing before.
func change(now, before decimal.Decimal) (text, dir string) {
	if before.IsZero() {
		return "—", ""
	}
	pct := now.Sub(before).Div(before).Mul(decimal.NewFromInt(100)).Round(1)
	switch {
	case pct.IsPositive():
		return "▲" + pct.String() + "%", "up"
	case pct.IsNegative():
		return "▼" + pct.Neg().String() + "%", "down"
	}
	return "0%", ""
}

func changeOf(now, before int64) (string, string) {
	return change(decimal.NewFromInt(now), decimal.NewFromInt(before))
}

// trendMax is the top of the chart's scale: the largest day's sales, never zero.
func trendMax(days []SalesDay) decimal.Decimal {
	top := decimal.NewFromInt(1)
	for _, d := range days {
		if d.SalesCNY.GreaterThan(top) {
			top = d.SalesCNY
		}
	}
	return top
}

// trendPoints are the chart's line through each day's sales, left (oldest) to right.
func trendPoints(days []SalesDay) string {
	top := trendMax(days)
	var b strings.Builder
	for i, d := range days {
		x := 0
		if len(days) > 1 {
			x = i * trendWidth / (len(days) - 1)
		}
		y := decimal.NewFromInt(trendHeight).Sub(d.SalesCNY.Mul(decimal.NewFromInt(trendHeight)).Div(top)).Round(1)
		fmt.Fprintf(&b, "%d,%s ", x, y)
	}
	return strings.TrimSpace(b.String())
}

// trendArea closes the line down to the axis, for the shaded area under it.
func trendArea(days []SalesDay) string {
	return fmt.Sprintf("0,%d %s %d,%d", trendHeight, trendPoints(days), trendWidth, trendHeight)
}

// shortDay is a yyyy-MM-dd date as MM-dd.
func shortDay(day string) string { return day[min(5, len(day)):] }

// rangeEnd is the range's last day after its first, when it spans more than one day.
func rangeEnd(c SalesPeriod) string {
	if c.First == c.Last {
		return ""
	}
	return " ~ " + shortDay(c.Last)
}

// dayBasis says which day the figures count: "按北京时间 12-06" or "按各站点当地日期 · 美国 12-05 · 日本 12-06".
func dayBasis(d *SalesDashboard) string {
	if d.Beijing {
		if len(d.Days) == 0 {
			return "按北京时间"
		}
		return "按北京时间 " + shortDay(d.Days[0].Day)
	}
	parts := []string{"按各站点当地日期"}
	for _, z := range d.Days {
		parts = append(parts, z.Marketplaces+" "+shortDay(z.Day))
	}
	return strings.Join(parts, " · ")
}

// dayName is the short name of the day a card's dates are in.
func dayName(d *SalesDashboard) string {
	if d.Beijing {
		return "北京时间"
	}
	return "站点日期"
}

// sameHour says what 今日 is compared with: yesterday before now's hour and minute, each zone's.
func sameHour(d *SalesDashboard) string {
	if len(d.Days) == 0 {
		return "对比昨日同一时刻前"
	}
	if len(d.Days) == 1 {
		return "对比昨日 " + d.Days[0].Clock + " 前"
	}
	clocks := make([]string, len(d.Days))
	for i, z := range d.Days {
		clocks[i] = z.Marketplaces + " " + z.Clock
	}
	return "对比昨日同一时刻前（" + strings.Join(clocks, " · ") + "）"
}
