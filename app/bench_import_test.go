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
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// importBenchLines is the size of the orders report the import is measured with; SELLERHUB_BENCH_LINES sets a
// smaller one for profiling (the goals are for a million lines).
var importBenchLines = 1_000_000

func init() {
	if n, err := strconv.Atoi(os.Getenv("SELLERHUB_BENCH_LINES")); err == nil && n > 0 {
		importBenchLines = n
	}
}

// TestLoadReportOrdersImport prints, for `make bench`, how fast a 1,000,000-line orders report is imported on
// SQLite and PostgreSQL (goal: at least 50,000 lines/s) and how much the process's peak memory grows meanwhile
// (goal: under 150 MB): the report streams through the importer, never whole in memory. It then reads the same
// report again, which must write nothing.
func TestLoadReportOrdersImport(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	for _, kind := range benchKinds() {
		db := dbtest.Open(t, kind)
		owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "压测"}, owner); err != nil {
			t.Fatal(err)
		}
		seller, err := fixtures.Seller(context.Background(), db, owner.CompanyID, "压测店", "NA", "A1BENCH", "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
		if err != nil {
			t.Fatal(err)
		}
		svc := amazondata.New(db, time.Now)
		st := amazondata.Store{CompanyID: owner.CompanyID, SellerID: seller.ID, GroupID: seller.GroupID, Region: "NA"}
		for _, pass := range []string{"first import", "same file again"} {
			serverBefore := serverCPU(t, db)
			res, elapsed, cpu, growth := measureImport(t, svc, st)
			server := serverCPU(t, db).since(serverBefore)
			rate, mb := float64(res.Lines)/elapsed.Seconds(), float64(growth)/(1<<20)
			serverNote := ""
			if kind == dbtest.Postgres {
				serverNote = fmt.Sprintf(", its database connections' server processes %s", server.Round(time.Millisecond))
			}
			fmt.Printf("== import of a %d-line orders report on %s, %s (goals: >= 50,000 lines/s, peak RSS growth < 150 MB)\n"+
				"   %d lines, %d rows written in %s: %.0f lines/s, peak RSS growth %.1f MB; this process used %s of CPU%s\n",
				importBenchLines, kind, pass, res.Lines, res.Written, elapsed.Round(time.Millisecond), rate, mb,
				cpu.Round(time.Millisecond), serverNote)
			name := fmt.Sprintf("orders report import, %d lines, %s, %s", importBenchLines, kind, pass)
			cpuNote := "cpu " + cpu.Round(time.Millisecond).String()
			if kind == dbtest.Postgres {
				cpuNote += ", server cpu " + server.Round(time.Millisecond).String()
			}
			benchFigure(t, name, fmt.Sprintf("%.0f lines/s, %s", rate, cpuNote), ">= 50,000 lines/s", rate >= 50000)
			benchFigure(t, name+", peak RSS growth", fmt.Sprintf("%.1f MB", mb), "< 150 MB", mb < 150)
		}
	}
}

// measureImport imports a freshly generated report, streamed from a generator as a download would be, and
// returns the result, the time taken, the CPU time the process used meanwhile (on a shared machine the wall time
// depends on the other processes; the CPU time much less) and how far the process's peak resident memory rose above
// its resident memory at the start.
func measureImport(t *testing.T, svc *amazondata.Service, st amazondata.Store) (amazondata.Result, time.Duration, time.Duration, int64) {
	t.Helper()
	runtime.GC()
	debug.FreeOSMemory()
	// Writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Logf("cannot reset the peak memory, the growth includes what came before: %v", err)
	}
	before := procStatus(t, "VmRSS")
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(writeBenchOrders(pw, importBenchLines)) }()
	start, cpuStart := time.Now(), processCPU(t)
	r, err := amazon.NewTSVReader(pr)
	if err != nil {
		t.Fatal(err)
	}
	res, err := svc.Import(context.Background(), amazondata.Orders, st, r, nil)
	elapsed, cpu := time.Since(start), processCPU(t)-cpuStart
	pr.Close()
	if err != nil {
		t.Fatal(err)
	}
	return res, elapsed, cpu, procStatus(t, "VmHWM") - before
}

// backendCPU is the CPU time each of a PostgreSQL database's server processes (one per connection) has used, by
// process id; empty on SQLite, which runs in this process. On a machine shared with other work the wall time of
// an import says little; the CPU both sides used says what the import cost.
type backendCPU map[int]time.Duration

// serverCPU reads the CPU time of the server processes connected to the database, from /proc (the server runs on
// this machine in tests and benches).
func serverCPU(t *testing.T, db *models.DB) backendCPU {
	t.Helper()
	cpu := backendCPU{}
	if db.Driver != dbtest.Postgres {
		return cpu
	}
	var pids []int
	if err := db.Raw("SELECT pid FROM pg_stat_activity WHERE datname = current_database()").Scan(&pids).Error; err != nil {
		t.Fatal(err)
	}
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue // ended meanwhile
		}
		// The fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks of
		// 1/100 s (USER_HZ on Linux).
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		cpu[pid] = time.Duration(utime+stime) * 10 * time.Millisecond
	}
	return cpu
}

// since is the CPU time the server processes used after before was read (a process started since counts whole).
func (c backendCPU) since(before backendCPU) time.Duration {
	var d time.Duration
	for pid, used := range c {
		d += used - before[pid]
	}
	return d
}

// processCPU is the user and system CPU time the process has used so far.
func processCPU(t *testing.T) time.Duration {
	t.Helper()
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		t.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// procStatus reads a memory figure of /proc/self/status, in bytes.
func procStatus(t *testing.T, field string) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// writeBenchOrders writes an orders report of n lines in Amazon's columns: orders of one to three SKUs out of 50,
// over 90 days, in the US and Canada, the same for the same n.
func writeBenchOrders(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 256<<10)
	rnd := rand.New(rand.NewSource(13))
	bw.WriteString("amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\t" +
		"sales-channel\torder-channel\tship-service-level\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\t" +
		"item-price\titem-tax\tshipping-price\tshipping-tax\tgift-wrap-price\tgift-wrap-tax\titem-promotion-discount\t" +
		"ship-promotion-discount\tship-city\tship-state\tship-postal-code\tship-country\tpromotion-ids\tis-business-order\n")
	start := time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)
	statuses := []string{"Shipped", "Shipped", "Shipped", "Shipped", "Pending", "Cancelled"}
	for written, order := 0, 0; written < n; order++ {
		// Orders in date order over 90 days, as Amazon's report lists them. (Multiplying the order's number by 90
		// days before dividing overflowed int64 nanoseconds past ~1,200 orders and scattered the dates.)
		at := start.Add(90 * 24 * time.Hour / time.Duration(n/2+1) * time.Duration(order))
		date := at.Format(time.RFC3339)
		updated := at.Add(time.Duration(rnd.Intn(72)) * time.Hour).Format(time.RFC3339)
		status := statuses[rnd.Intn(len(statuses))]
		channel, currency, country := "Amazon.com", "USD", "US"
		if order%5 == 0 {
			channel, currency, country = "Amazon.ca", "CAD", "CA"
		}
		id := fmt.Sprintf("%03d-%07d-%07d", 111+order%3, order/1000, order)
		first := rnd.Intn(50)
		for i := 0; i < 1+rnd.Intn(3) && written < n; i++ {
			sku := (first + i) % 50
			qty := 1 + rnd.Intn(3)
			cents := (999 + sku*200) * qty
			fmt.Fprintf(bw, "%s\t\t%s\t%s\t%s\tAmazon\t%s\t\tExpedited\t测试商品 %02d 号 收纳盒\tBENCH-SKU-%02d\tB0BENCH%03d\t%s\t%d\t%s\t"+
				"%d.%02d\t%d.%02d\t0.00\t0.00\t\t\t0.00\t0.00\tSeattle\tWA\t98101\t%s\t\tfalse\n",
				id, date, updated, status, channel, sku, sku, sku, status, qty, currency,
				cents/100, cents%100, cents/1250, (cents*8/100)%100, country)
			written++
		}
	}
	return bw.Flush()
}
