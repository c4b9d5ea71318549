package profit

import (
	"context"

	"sellerhub/app/core"
)

// Gap is an input a line's profit lacks. A missing cost (unpaired, or no 采购成本 in force) or fee estimate leaves
// the profit too high by an unknown amount, so the line has no margin; an unsettled line's figures are the orders'
// and Amazon's estimates, so its margin is an estimate.
type Gap string

// The gaps, in the order the report names them.
const (
	GapUnpaired    Gap = "unpaired"
	GapCost        Gap = "cost"
	GapFeeEstimate Gap = "feeEstimate"
	GapUnsettled   Gap = "unsettled"
)

// MsgIncomplete labels a total whose lines lack an input.
const MsgIncomplete = "不完整"

// GapWords are the gaps as the report says them.
var GapWords = map[Gap]string{GapUnpaired: MsgUnpaired, GapCost: "缺采购成本", GapFeeEstimate: "缺费用预估",
	GapUnsettled: "未结算（预估）"}

// GapCount is a gap and how many SKU lines lack that input (1 on a line by SKU).
type GapCount struct {
	Gap   Gap
	Lines int
}

// Gaps are the inputs the line (or, grouped, its SKU lines) lacks, in the report's order; none when complete.
func (l *Line) Gaps() []GapCount {
	out := []GapCount{}
	for _, g := range []GapCount{{GapUnpaired, l.Unpaired}, {GapCost, l.NoCost}, {GapFeeEstimate, l.NoFeeEstimate},
		{GapUnsettled, l.Estimated}} {
		if g.Lines > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Incomplete says a cost or fees the profit should subtract are missing from the line (or one it sums): its
// margin would be too high by an unknown amount (100 % with neither), so it has none.
func (l *Line) Incomplete() bool { return l.Unpaired+l.NoCost+l.NoFeeEstimate > 0 }

// Summary is the whole query's completeness: its SKU lines and how many lack each input.
type Summary struct {
	Lines int
	Gaps  []GapCount
}

// ReportSummary answers the summary of the query's lines by SKU, whatever its grouping and page.
func (s *Service) ReportSummary(ctx context.Context, p core.Principal, q Query) (Summary, error) {
	f, ok, err := s.filter(p, q)
	if err != nil || !ok {
		return Summary{Gaps: []GapCount{}}, err
	}
	a, err := s.answer(ctx, p.CompanyID, f)
	if err != nil {
		return Summary{}, err
	}
	all := newLine()
	for i := range a.lines {
		l := &a.lines[i]
		all.Unpaired += l.Unpaired
		all.NoCost += l.NoCost
		all.NoFeeEstimate += l.NoFeeEstimate
		all.Estimated += l.Estimated
	}
	return Summary{Lines: len(a.lines), Gaps: all.Gaps()}, nil
}
