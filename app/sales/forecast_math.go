package sales

import "math"

// The forecast's arithmetic, apart from the data: a multiplicative decomposition of a line's monthly daily rates
// (units over the days in stock) into a linear trend and twelve seasonal indices, the classic ratio-to-trend
// method, refined once (the trend fitted again on the rates with the season taken out). Months too short in
// stock to say anything are left out of both fits.

// minInStockDays is the fewest days in stock that make a month's rate count.
const minInStockDays = 5

// seasonalMonths is how many months with a rate a line needs before its season is read: every calendar month
// once, and one more to tell the season from the trend.
const seasonalMonths = 13

// Forecast methods, as the screen names them.
const (
	MethodSeasonal = "季节+趋势"
	MethodTrend    = "趋势"
	MethodAverage  = "平均"
	MethodNone     = "无历史"
)

// monthRate is one month of history: its calendar month (0-11), its days and the days out of stock, and its units.
type monthRate struct {
	calendar   int
	days, out  int
	units      int64
	rate       float64
	hasRate    bool
	inStockDay int
}

// fitLine is the least-squares line through (x, y): intercept and slope; a single point is flat.
func fitLine(xs, ys []float64) (float64, float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	d := n*sxx - sx*sx
	if n < 2 || d == 0 {
		return sy / n, 0
	}
	slope := (n*sxy - sx*sy) / d
	return (sy - slope*sx) / n, slope
}

// model is a fitted line's trend and season: the rate of month t (0 the first of the history) is
// (a + b·t) × season[calendar of t].
type model struct {
	a, b   float64
	season [12]float64
	method string
}

func (m model) rate(t, calendar int) float64 {
	return math.Max(0, (m.a+m.b*float64(t))*m.season[calendar])
}

// fit fits the history: the season when seasonalMonths months have a rate, else the trend when three do (damped:
// a trend read from a few months is half believed), else their average.
func fit(hist []monthRate) model {
	m := model{method: MethodNone}
	for i := range m.season {
		m.season[i] = 1
	}
	var xs, ys []float64
	for t, h := range hist {
		if h.hasRate {
			xs, ys = append(xs, float64(t)), append(ys, h.rate)
		}
	}
	switch {
	case len(xs) == 0:
		return m
	case len(xs) < 3:
		m.a, m.b, m.method = sum(ys)/float64(len(ys)), 0, MethodAverage
		return m
	case len(xs) < seasonalMonths:
		m.a, m.b = fitLine(xs, ys)
		m.b /= 2
		// The damped line still passes through the months' mean.
		m.a = sum(ys)/float64(len(ys)) - m.b*sum(xs)/float64(len(xs))
		m.method = MethodTrend
		return m
	}
	m.a, m.b = fitLine(xs, ys)
	for round := 0; round < 3; round++ {
		var ratio [12]float64
		var count [12]int
		for i, x := range xs {
			trend := m.a + m.b*x
			if trend <= 0 {
				continue
			}
			c := hist[int(x)].calendar
			ratio[c] += ys[i] / trend
			count[c]++
		}
		total, seen := 0.0, 0
		for c := range ratio {
			if count[c] > 0 {
				m.season[c] = ratio[c] / float64(count[c])
				total += m.season[c]
				seen++
			} else {
				m.season[c] = 1
			}
		}
		// The indices of the months seen average 1, so that the season moves the rate about the trend only.
		if seen > 0 && total > 0 {
			for c := range m.season {
				if count[c] > 0 {
					m.season[c] *= float64(seen) / total
				}
			}
		}
		des := make([]float64, len(ys))
		for i, x := range xs {
			des[i] = ys[i] / m.season[hist[int(x)].calendar]
		}
		m.a, m.b = fitLine(xs, des)
	}
	m.method = MethodSeasonal
	return m
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}
