package sellerdata

import (
	"io"
	"math/rand/v2"
	"time"
)

// WriteOrdersFile writes an orders report of exactly lines lines after the header, for import benchmarks: the
// North American seller's US catalogue selling as a very large store would, over the 90 days before the start of
// 2026, drawn from seed (the same seed gives the same file). It streams through a small buffer whatever the size.
func WriteOrdersFile(w io.Writer, lines int, seed int64) error {
	end := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	start := end.Add(-History)
	s := newSeller(sellerDefs[0], end)
	m := markets[US]
	r := rand.New(rand.NewPCG(uint64(seed), uint64(seed)^0x9e3779b97f4a7c15))
	// About 1.15 lines an order: spread the orders evenly over the 90 days.
	step := History / time.Duration(lines*100/115+1)
	buf := append(make([]byte, 0, 256<<10), header(OrdersHeader)...)
	at := start
	written := 0
	for num := uint64(1 << 40); written < lines; num++ {
		at = at.Add(step)
		o := s.genOrder(r, m, at, num, eventOn(at))
		if over := written + len(o.items) - lines; over > 0 {
			o.items = o.items[:len(o.items)-over]
		}
		buf = appendOrder(buf, o, end)
		written += len(o.items)
		if len(buf) > 192<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}
