package views

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/sales"
	"sellerhub/models"
)

// The trend chart's drawing box, in SVG units.
const (
	trendWidth  = 600
	trendHeight = 160
)

// yuan writes a CNY amount with thousands separators and two decimals.
func yuan(m models.Money) string {
	s := m.StringFixed(2)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := "¥" + b.String() + "." + frac
	if neg {
		out = "-" + out
	}
	return out
}

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
func trendMax(days []sales.TrendDay) decimal.Decimal {
	top := decimal.NewFromInt(1)
	for _, d := range days {
		if d.SalesCNY.GreaterThan(top) {
			top = d.SalesCNY.Decimal
		}
	}
	return top
}

// trendPoints are the chart's line through each day's sales, left (oldest) to right.
func trendPoints(days []sales.TrendDay) string {
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
func trendArea(days []sales.TrendDay) string {
	return fmt.Sprintf("0,%d %s %d,%d", trendHeight, trendPoints(days), trendWidth, trendHeight)
}

// shortDay is a yyyy-MM-dd date as MM-dd.
func shortDay(day string) string { return day[min(5, len(day)):] }

// rangeEnd is the range's last day after its first, when it spans more than one day.
func rangeEnd(c sales.Compared) string {
	if c.First == c.Last {
		return ""
	}
	return " ~ " + shortDay(c.Last)
}

func yuanOf(d decimal.Decimal) string { return yuan(models.Money{Decimal: d}) }
