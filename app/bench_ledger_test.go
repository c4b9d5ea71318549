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
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// TestLoadReportLedgerImport prints, for `make bench`, how fast a 1,000,000-line inventory ledger detail
// (GET_LEDGER_DETAIL_VIEW_DATA, every field quoted as Amazon writes it) is imported on SQLite and PostgreSQL
// (goal: at least 50,000 lines/s) and how much the process's peak memory grows meanwhile (goal: under 150 MB); then
// the same file again, which must write nothing.
func TestLoadReportLedgerImport(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	for _, kind := range benchKinds() {
		db, svc, st := benchImportStore(t, kind)
		for _, pass := range []string{"first import", "same file again"} {
			serverBefore := serverCPU(t, db)
			res, elapsed, cpu, growth := measureLedgerImport(t, svc, st)
			server := serverCPU(t, db).since(serverBefore)
			rate, mb := float64(res.Lines)/elapsed.Seconds(), float64(growth)/(1<<20)
			fmt.Printf("== import of a %d-line inventory ledger on %s, %s (goals: >= 50,000 lines/s, peak RSS growth < 150 MB)\n"+
				"   %d lines, %d rows written in %s: %.0f lines/s, peak RSS growth %.1f MB; this process used %s of CPU, the server %s\n",
				importBenchLines, kind, pass, res.Lines, res.Written, elapsed.Round(time.Millisecond), rate, mb,
				cpu.Round(time.Millisecond), server.Round(time.Millisecond))
			name := fmt.Sprintf("inventory ledger import, %d lines, %s, %s", importBenchLines, kind, pass)
			benchFigure(t, name, fmt.Sprintf("%.0f lines/s, cpu %s", rate, cpu.Round(time.Millisecond)), ">= 50,000 lines/s", rate >= 50000)
			benchFigure(t, name+", peak RSS growth", fmt.Sprintf("%.1f MB", mb), "< 150 MB", mb < 150)
			if pass == "same file again" && res.Written != 0 {
				t.Errorf("reading the ledger again wrote %d rows", res.Written)
			}
		}
	}
}

func measureLedgerImport(t *testing.T, svc *amazondata.Service, st amazondata.Store) (amazondata.Result, time.Duration, time.Duration, int64) {
	t.Helper()
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Logf("cannot reset the peak memory, the growth includes what came before: %v", err)
	}
	before := procStatus(t, "VmRSS")
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(writeBenchLedger(pw, importBenchLines)) }()
	start, cpuStart := time.Now(), processCPU(t)
	r, err := amazon.NewTSVReader(pr)
	if err != nil {
		t.Fatal(err)
	}
	res, err := svc.Import(context.Background(), amazondata.LedgerEvents, st, r, nil)
	elapsed, cpu := time.Since(start), processCPU(t)-cpuStart
	pr.Close()
	if err != nil {
		t.Fatal(err)
	}
	return res, elapsed, cpu, procStatus(t, "VmHWM") - before
}

// writeBenchLedger writes a ledger detail of n lines: a year and a half of a 5,000-SKU store's shipments, returns,
// receipts and adjustments at five centres, in date order, the same for the same n.
func writeBenchLedger(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 256<<10)
	rnd := rand.New(rand.NewSource(17))
	bw.WriteString(`"Date"	"FNSKU"	"ASIN"	"MSKU"	"Title"	"Event Type"	"Reference ID"	"Quantity"	"Fulfillment Center"	"Disposition"	"Reason"	"Country"	"Reconciled Quantity"	"Unreconciled Quantity"	"Date and Time"	"Store"` + "\n")
	start := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	fcs := []string{"PHX7", "ONT8", "MDW2", "BFI4", "AVP1"}
	q := func(s string) string { return `"` + s + `"` }
	for i := 0; i < n; i++ {
		at := start.Add(540 * 24 * time.Hour / time.Duration(n) * time.Duration(i))
		sku := rnd.Intn(5000)
		typ, ref, qty, reason, disp := "Shipments", fmt.Sprintf("11%d-%07d-%07d", i%10, i/10, sku), "-1", "", "SELLABLE"
		switch r := rnd.Intn(100); {
		case r < 8:
			typ, qty = "CustomerReturns", "1"
		case r < 12:
			typ, ref, qty = "Receipts", "FBA15"+strconv.Itoa(100000+sku), strconv.Itoa(10+rnd.Intn(90))
		case r < 13:
			typ, ref, qty, reason = "Adjustments", strconv.Itoa(1000000000+i), "-1", "M"
		case r < 14:
			typ, ref, qty, reason, disp = "WhseTransfers", strconv.Itoa(2000000000+i), "-2", "", "SELLABLE"
		}
		fmt.Fprintf(bw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", q(at.Format("01/02/2006")),
			q(fmt.Sprintf("X00%07d", sku)), q(fmt.Sprintf("B0%08d", sku)), q(fmt.Sprintf("SKU-%05d", sku)),
			q(fmt.Sprintf("Bench product %d, 500 ml", sku)), q(typ), q(ref), q(qty), q(fcs[sku%len(fcs)]), q(disp), q(reason),
			q("US"), q("0"), q("0"), q(at.Format(time.RFC3339)), q(""))
	}
	return bw.Flush()
}

// benchImportStore is an import bench's database of the kind with a company and its US store, and the import
// service and store the reports are read into.
func benchImportStore(t *testing.T, kind string) (*models.DB, *amazondata.Service, amazondata.Store) {
	t.Helper()
	db := dbtest.Open(t, kind)
	owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
	if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "压测"}, owner); err != nil {
		t.Fatal(err)
	}
	seller, err := fixtures.Seller(context.Background(), db, owner.CompanyID, "压测店", "NA", "A1BENCH", "ATVPDKIKX0DER")
	if err != nil {
		t.Fatal(err)
	}
	return db, amazondata.New(db, time.Now), amazondata.Store{CompanyID: owner.CompanyID, SellerID: seller.ID,
		GroupID: seller.GroupID, Region: "NA", MarketplaceID: "ATVPDKIKX0DER"}
}
