package amazon_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

// ordersLines writes an orders report of n lines as it is read, so the file itself is never in memory either.
type ordersLines struct {
	n, next int
	pending []byte
	size    int64
}

func (o *ordersLines) Read(p []byte) (int, error) {
	for len(o.pending) == 0 {
		if o.next > o.n {
			return 0, io.EOF
		}
		if o.next == 0 {
			o.pending = []byte("amazon-order-id\tpurchase-date\tsku\tproduct-name\tquantity\tcurrency\titem-price\tship-city\n")
		} else {
			o.pending = fmt.Appendf(nil, "113-%07d-%07d\t2026-10-01T08:15:30+00:00\tSKU-%05d\tA long enough product name for a realistic line %d\t%d\tUSD\t%d.99\tSeattle\n",
				o.next, o.next*7, o.next%5000, o.next, 1+o.next%3, 10+o.next%90)
		}
		o.next++
	}
	n := copy(p, o.pending)
	o.pending = o.pending[n:]
	o.size += int64(n)
	return n, nil
}

func TestLargeReportReadsInBoundedMemory(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	const lines = 200_000
	gen := &ordersLines{n: lines}
	s.Content = func(string, string, []string, time.Time, time.Time) (io.Reader, error) { return gen, nil }
	id, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport, MarketplaceIDs: []string{us}})
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := untilFinal(t, sp, s, rt, id)
	doc, err := sp.GetReportDocument(t.Context(), s.URL, rt, rep.ReportDocumentID)
	if err != nil {
		t.Fatal(err)
	}
	// A collector that waits for the heap to double measures its own headroom, not the reader's: the stand-in
	// writing the file in this process leaves garbage as fast as the reader reads.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	var before, now runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	peak := before.HeapInuse
	file, err := sp.OpenReportDocument(t.Context(), doc, amazon.ReportCharset(us))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tsv, err := amazon.NewTSVReader(file)
	if err != nil {
		t.Fatal(err)
	}
	read, quantity := 0, 0
	for {
		row, err := tsv.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		read++
		quantity += int(row.Get("quantity")[0] - '0')
		if read%10_000 == 0 {
			runtime.ReadMemStats(&now)
			peak = max(peak, now.HeapInuse)
		}
	}
	runtime.ReadMemStats(&now)
	peak = max(peak, now.HeapInuse)
	growth := int64(peak) - int64(before.HeapInuse)
	wantQuantity := 0
	for i := 1; i <= lines; i++ {
		wantQuantity += 1 + i%3
	}
	if read != lines || quantity != wantQuantity {
		t.Fatalf("read %d lines, %d units; want %d, %d", read, quantity, lines, wantQuantity)
	}
	t.Logf("file %d bytes, heap growth at most %d bytes", gen.size, growth)
	// Reading whole would take more than the file; streaming takes buffers and the collector's headroom, a few MB
	// whatever the size.
	if growth > gen.size/4 {
		t.Fatalf("heap grew %d bytes reading a %d-byte file", growth, gen.size)
	}
}
