package app_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"sellerhub/app/amazondata"
)

// trafficBenchASINs is how many child ASINs each day's sales and traffic document of the bench holds; the days are
// as many as make importBenchLines rows (100 days of a 10,000-ASIN catalogue for a million).
const trafficBenchASINs = 10_000

// TestLoadReportTrafficImport prints, for `make bench`, how fast a million rows of the sales and traffic report
// (GET_SALES_AND_TRAFFIC_REPORT, a JSON document a day, by child ASIN) are imported through the sync's own reader on
// SQLite and PostgreSQL (goal: at least 50,000 rows/s) and the process's peak memory growth (goal: under 150 MB);
// then the same documents again, which must write nothing.
func TestLoadReportTrafficImport(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	days := max(1, importBenchLines/trafficBenchASINs)
	for _, kind := range benchKinds() {
		db, svc, st := benchImportStore(t, kind)
		for _, pass := range []string{"first import", "same documents again"} {
			serverBefore := serverCPU(t, db)
			rows, written, elapsed, cpu, growth := measureTrafficImport(t, svc, st, days)
			server := serverCPU(t, db).since(serverBefore)
			rate, mb := float64(rows)/elapsed.Seconds(), float64(growth)/(1<<20)
			fmt.Printf("== import of %d days × %d ASINs of the sales and traffic report on %s, %s (goals: >= 50,000 rows/s, peak RSS growth < 150 MB)\n"+
				"   %d rows, %d written in %s: %.0f rows/s, peak RSS growth %.1f MB; this process used %s of CPU, the server %s\n",
				days, trafficBenchASINs, kind, pass, rows, written, elapsed.Round(time.Millisecond), rate, mb,
				cpu.Round(time.Millisecond), server.Round(time.Millisecond))
			name := fmt.Sprintf("sales and traffic import, %d rows, %s, %s", rows, kind, pass)
			benchFigure(t, name, fmt.Sprintf("%.0f rows/s, cpu %s", rate, cpu.Round(time.Millisecond)), ">= 50,000 rows/s", rate >= 50000)
			benchFigure(t, name+", peak RSS growth", fmt.Sprintf("%.1f MB", mb), "< 150 MB", mb < 150)
			if pass == "same documents again" && written != 0 {
				t.Errorf("reading the documents again wrote %d rows", written)
			}
		}
	}
}

// measureTrafficImport imports the days' documents one after the other, each written as it is read.
func measureTrafficImport(t *testing.T, svc *amazondata.Service, st amazondata.Store, days int) (rows, written int64, elapsed, cpu time.Duration, growth int64) {
	t.Helper()
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Logf("cannot reset the peak memory, the growth includes what came before: %v", err)
	}
	before := procStatus(t, "VmRSS")
	start, cpuStart := time.Now(), processCPU(t)
	first := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for d := range days {
		pr, pw := io.Pipe()
		day := first.AddDate(0, 0, d)
		go func() { pw.CloseWithError(writeBenchTraffic(pw, day, trafficBenchASINs)) }()
		r, err := amazondata.OpenReport(amazondata.SalesTraffic, pr)
		if err != nil {
			t.Fatal(err)
		}
		res, err := svc.Import(context.Background(), amazondata.SalesTraffic, st, r, nil)
		pr.Close()
		if err != nil {
			t.Fatal(err)
		}
		rows, written = rows+int64(res.Lines), written+int64(res.Written)
	}
	return rows, written, time.Since(start), processCPU(t) - cpuStart, procStatus(t, "VmHWM") - before
}

// writeBenchTraffic writes a day's sales and traffic document as Amazon does: the specification, the day's totals
// and an entry per child ASIN (a tenth of them under parents), the same for the same day.
func writeBenchTraffic(w io.Writer, day time.Time, asins int) error {
	bw := bufio.NewWriterSize(w, 256<<10)
	rnd := rand.New(rand.NewSource(day.Unix()))
	d := day.Format(time.DateOnly)
	fmt.Fprintf(bw, `{"reportSpecification":{"reportType":"GET_SALES_AND_TRAFFIC_REPORT","reportOptions":{"dateGranularity":"DAY","asinGranularity":"CHILD"},"dataStartTime":"%s","dataEndTime":"%s","marketplaceIds":["ATVPDKIKX0DER"]},`, d, d)
	bw.WriteString(`"salesAndTrafficByDate":[],"salesAndTrafficByAsin":[`)
	for i := range asins {
		if i > 0 {
			bw.WriteByte(',')
		}
		sessions := 5 + rnd.Intn(400)
		units := rnd.Intn(1 + sessions/10)
		parent := fmt.Sprintf("B1%08d", i/10)
		fmt.Fprintf(bw, `{"parentAsin":"%s","childAsin":"B0%08d","sku":"SKU-%05d",`+
			`"salesByAsin":{"unitsOrdered":%d,"unitsOrderedB2B":0,"orderedProductSales":{"amount":%d.%02d,"currencyCode":"USD"},"totalOrderItems":%d},`+
			`"trafficByAsin":{"browserSessions":%d,"mobileAppSessions":%d,"sessions":%d,"browserPageViews":%d,"pageViews":%d,`+
			`"buyBoxPercentage":%d.%d,"unitSessionPercentage":%d.%02d}}`,
			parent, i, i, units, units*19, rnd.Intn(100), units, sessions*3/5, sessions-sessions*3/5, sessions, sessions, sessions*2,
			80+rnd.Intn(20), rnd.Intn(10), units*100/sessions, rnd.Intn(100))
	}
	bw.WriteString(`]}`)
	return bw.Flush()
}
