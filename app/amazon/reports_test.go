package amazon_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

const (
	ordersReport    = "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL"
	inventoryReport = "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA"
	listingsReport  = "GET_MERCHANT_LISTINGS_ALL_DATA"
	settlements     = "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2"
	us, jp          = "ATVPDKIKX0DER", "A1VC38T7YXB528"
)

// reportsClient is the client with buckets of its own, so tests do not share rate limits.
func reportsClient(s *amazontest.Server) *amazon.SellingPartner {
	_, sp := client(s)
	sp.Limits = amazon.NewRateLimits()
	return sp
}

// untilFinal polls a report the way the product does, and returns the statuses seen.
func untilFinal(t *testing.T, sp *amazon.SellingPartner, s *amazontest.Server, rt, id string) (*amazon.Report, []string) {
	t.Helper()
	var seen []string
	for range 10 {
		r, err := sp.GetReport(t.Context(), s.URL, rt, id)
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, r.ProcessingStatus)
		if r.Final() {
			return r, seen
		}
	}
	t.Fatalf("report %s not final after 10 polls: %v", id, seen)
	return nil, nil
}

// readAll reads a report through TSVReader, as the importers do.
func readAll(t *testing.T, r io.Reader) (*amazon.TSVReader, []amazon.TSVRow) {
	t.Helper()
	tsv, err := amazon.NewTSVReader(r)
	if err != nil {
		t.Fatal(err)
	}
	var rows []amazon.TSVRow
	for {
		row, err := tsv.Next()
		if errors.Is(err, io.EOF) {
			return tsv, rows
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
}

func TestReportCreatedPolledAndRead(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	var gotStart, gotEnd time.Time
	s.Content = func(seller, reportType string, markets []string, start, end time.Time) (io.Reader, error) {
		gotStart, gotEnd = start, end
		if seller != amazontest.DefaultSeller || reportType != ordersReport || !slices.Equal(markets, []string{us}) {
			return nil, fmt.Errorf("content asked for %s %s %v", seller, reportType, markets)
		}
		return strings.NewReader("amazon-order-id\tsku\tquantity\n111-1\tSKU-A\t2\n\n111-2\tSKU-B\t3\n"), nil
	}
	start, end := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)
	id, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport,
		MarketplaceIDs: []string{us}, DataStartTime: &start, DataEndTime: &end})
	if err != nil || id == "" {
		t.Fatalf("create: %q %v", id, err)
	}
	var sent map[string]any
	create := s.RequestsTo("/reports/2021-06-30/reports")
	if err := json.Unmarshal(create[0].Body, &sent); err != nil || sent["reportType"] != ordersReport ||
		sent["dataStartTime"] != "2026-10-01T00:00:00Z" || fmt.Sprint(sent["marketplaceIds"]) != "[ATVPDKIKX0DER]" ||
		create[0].Header.Get("Content-Type") != "application/json" {
		t.Fatalf("createReport body %s (%v)", create[0].Body, err)
	}
	rep, seen := untilFinal(t, sp, s, rt, id)
	if !slices.Equal(seen, []string{amazon.ReportInProgress, amazon.ReportDone}) || rep.ReportDocumentID == "" ||
		rep.ReportType != ordersReport || !rep.DataStartTime.Equal(start) || rep.ProcessingEndTime == nil {
		t.Fatalf("polls %v, report %+v", seen, rep)
	}
	doc, err := sp.GetReportDocument(t.Context(), s.URL, rt, rep.ReportDocumentID)
	if err != nil || doc.CompressionAlgorithm != "GZIP" || doc.URL == "" {
		t.Fatalf("document %+v %v", doc, err)
	}
	file, err := sp.OpenReportDocument(t.Context(), doc, amazon.ReportCharset(us))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	_, rows := readAll(t, file)
	if len(rows) != 2 || rows[0].Get("sku") != "SKU-A" || rows[1].Get("quantity") != "3" || rows[1].Line != 4 {
		t.Fatalf("rows %+v", rows)
	}
	if !gotStart.Equal(start) || !gotEnd.Equal(end) {
		t.Fatalf("content window %v..%v", gotStart, gotEnd)
	}
	// The pre-signed URL is fetched without the seller's access token.
	for _, r := range s.Requests() {
		if strings.HasPrefix(r.Path, "/standin-documents/") && r.Header.Get("x-amz-access-token") != "" {
			t.Fatal("access token sent with the document download")
		}
	}
}

func TestReportFatalAndCancelled(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	s.ReportPolls = 3
	s.FailReports(1)
	s.CancelReports(1)
	for _, want := range []string{amazon.ReportFatal, amazon.ReportCancelled, amazon.ReportDone} {
		id, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: inventoryReport, MarketplaceIDs: []string{us}})
		if err != nil {
			t.Fatal(err)
		}
		rep, seen := untilFinal(t, sp, s, rt, id)
		if !slices.Equal(seen, []string{amazon.ReportInQueue, amazon.ReportInProgress, want}) ||
			(want != amazon.ReportDone && rep.ReportDocumentID != "") {
			t.Fatalf("want %s: polls %v, report %+v", want, seen, rep)
		}
	}
}

func TestGetReportsPagesWithNextTokenAlone(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	created := map[string]bool{}
	for range 5 {
		id, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: inventoryReport, MarketplaceIDs: []string{us}})
		if err != nil {
			t.Fatal(err)
		}
		created[id] = true
	}
	// Another seller's reports are not listed.
	other := s.IssueRefreshToken(amazontest.EuropeSeller)
	if _, err := sp.CreateReport(t.Context(), s.URL, other, amazon.ReportSpec{ReportType: inventoryReport,
		MarketplaceIDs: []string{"A1F83G8C2ARO7P"}}); err != nil {
		t.Fatal(err)
	}
	q := amazon.ReportsQuery{ReportTypes: []string{inventoryReport}, MarketplaceIDs: []string{us}, PageSize: 2}
	var pages []int
	listed := map[string]bool{}
	for {
		reports, next, err := sp.GetReports(t.Context(), s.URL, rt, q)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, len(reports))
		for _, r := range reports {
			if !created[r.ReportID] || listed[r.ReportID] || r.ProcessingStatus != amazon.ReportInQueue {
				t.Fatalf("listed %+v", r)
			}
			listed[r.ReportID] = true
		}
		if next == "" {
			break
		}
		q = amazon.ReportsQuery{NextToken: next}
	}
	if !slices.Equal(pages, []int{2, 2, 1}) || len(listed) != 5 {
		t.Fatalf("pages %v, listed %d", pages, len(listed))
	}
	calls := s.RequestsTo("/reports/2021-06-30/reports")
	var lists []string
	for _, c := range calls {
		if c.Method == http.MethodGet {
			lists = append(lists, c.Query.Encode())
		}
	}
	if len(lists) != 3 || lists[0] != "marketplaceIds=ATVPDKIKX0DER&pageSize=2&reportTypes="+inventoryReport ||
		!strings.HasPrefix(lists[1], "nextToken=") || strings.Contains(lists[1], "&") {
		t.Fatalf("getReports queries %v", lists)
	}
	// Amazon's own settlements are listed DONE, and their files read.
	reports, _, err := sp.GetReports(t.Context(), s.URL, rt, amazon.ReportsQuery{ReportTypes: []string{settlements},
		ProcessingStatuses: []string{amazon.ReportDone}})
	if err != nil || len(reports) != 3 {
		t.Fatalf("settlements %+v %v", reports, err)
	}
	doc, err := sp.GetReportDocument(t.Context(), s.URL, rt, reports[0].ReportDocumentID)
	if err != nil {
		t.Fatal(err)
	}
	file, err := sp.OpenReportDocument(t.Context(), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	_, rows := readAll(t, file)
	if len(rows) != 3 || rows[0].Get("total-amount") != "16.50" || rows[0].Get("settlement-id") == "" ||
		rows[1].Get("amount") != "20.00" || rows[2].Get("amount-description") != "Commission" {
		t.Fatalf("settlement rows %+v", rows)
	}
}

func TestStandInRefusesWhatAmazonRefuses(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	check := func(name string, err error, status int, code string) {
		t.Helper()
		var ae *amazon.APIError
		if !errors.As(err, &ae) || ae.Status != status || len(ae.Errors) != 1 || ae.Errors[0].Code != code {
			t.Fatalf("%s: %v", name, err)
		}
	}
	_, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: "GET_NO_SUCH_REPORT", MarketplaceIDs: []string{us}})
	check("unknown type", err, 400, "InvalidInput")
	_, err = sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport})
	check("no marketplace", err, 400, "InvalidInput")
	_, err = sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: settlements, MarketplaceIDs: []string{us}})
	check("settlement", err, 400, "InvalidInput")
	_, err = sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport, MarketplaceIDs: []string{jp}})
	check("not the seller's marketplace", err, 400, "InvalidInput")
	_, err = sp.GetReport(t.Context(), s.URL, rt, "49999999999")
	check("unknown report", err, 404, "NotFound")
	_, err = sp.GetReportDocument(t.Context(), s.URL, rt, "amzn1.spdoc.1.4.na.nothing")
	check("unknown document", err, 404, "NotFound")
	_, _, err = sp.GetReports(t.Context(), s.URL, rt, amazon.ReportsQuery{})
	check("no report types", err, 400, "InvalidInput")
	// A report of another seller is not found; a call without a valid access token is refused.
	id, _ := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport, MarketplaceIDs: []string{us}})
	_, err = sp.GetReport(t.Context(), s.URL, s.IssueRefreshToken(amazontest.JapanSeller), id)
	check("another seller's report", err, 404, "NotFound")
	for _, u := range []string{"/reports/2021-06-30/reports/" + id, "/reports/2021-06-30/reports?nextToken=x&pageSize=2"} {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, s.URL+u, nil)
		req.Header.Set("x-amz-access-token", "Atza|forged")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Errors []struct{ Code string } }
		_ = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != 403 || len(body.Errors) != 1 || body.Errors[0].Code != "Unauthorized" {
			t.Fatalf("%s without a token: %d %+v", u, res.StatusCode, body)
		}
	}
}

func TestThrottledCallWaitsAsTheHeaderSays(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	sp.HTTP.Sleep = amazon.NewHTTP(0).Sleep
	sp.HTTP.BaseDelay, sp.HTTP.MaxDelay = 10*time.Millisecond, 10*time.Millisecond
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	id, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport, MarketplaceIDs: []string{us}})
	if err != nil {
		t.Fatal(err)
	}
	s.SetRateLimit("getReport", 2)
	s.Throttle("getReport", 1)
	began := time.Now()
	if _, err := sp.GetReport(t.Context(), s.URL, rt, id); err != nil {
		t.Fatal(err)
	}
	// Amazon said 2 per second after a 429: the retry waits for the emptied bucket's next token, half a second,
	// where the backoff alone would have been 10 ms.
	took := time.Since(began)
	if n := len(s.RequestsTo("/reports/2021-06-30/reports/" + id)); n != 2 || took < 450*time.Millisecond || took > 3*time.Second {
		t.Fatalf("%d getReport calls in %v", n, took)
	}
}

func TestRateLimitWaitPastDeadlineFailsAtOnce(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	s.SetRateLimit("createReport", 0.0167) // Amazon's own plan: one report a minute after a burst of 15
	spec := amazon.ReportSpec{ReportType: inventoryReport, MarketplaceIDs: []string{us}}
	for range 15 {
		if _, err := sp.CreateReport(t.Context(), s.URL, rt, spec); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	began := time.Now()
	_, err := sp.CreateReport(ctx, s.URL, rt, spec)
	var rl *amazon.RateLimitError
	if !errors.As(err, &rl) || rl.Operation != "createReport" || rl.Wait < 50*time.Second || time.Since(began) > 500*time.Millisecond {
		t.Fatalf("err %v after %v", err, time.Since(began))
	}
	if n := len(s.RequestsTo("/reports/2021-06-30/reports")); n != 15 {
		t.Fatalf("%d createReport calls, want the burst of 15", n)
	}
	// A 429 whose header says the next call is 45 s away fails at once too, without a second try.
	s.SetRateLimit("getReports", 0.0222)
	s.Throttle("getReports", 1)
	began = time.Now()
	_, _, err = sp.GetReports(ctx, s.URL, rt, amazon.ReportsQuery{ReportTypes: []string{inventoryReport}})
	if !errors.As(err, &rl) || rl.Operation != "getReports" || time.Since(began) > 500*time.Millisecond {
		t.Fatalf("err %v after %v", err, time.Since(began))
	}
}

func TestJapaneseReportIsWindows31J(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.JapanSeller)
	id, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: listingsReport, MarketplaceIDs: []string{jp}})
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := untilFinal(t, sp, s, rt, id)
	doc, err := sp.GetReportDocument(t.Context(), s.URL, rt, rep.ReportDocumentID)
	if err != nil {
		t.Fatal(err)
	}
	// The file as downloaded: gzip of Windows-31J, which is not UTF-8.
	res, err := http.Get(doc.URL)
	if err != nil {
		t.Fatal(err)
	}
	gz, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(gz)
	res.Body.Close()
	if res.Header.Get("Content-Type") != "text/plain;charset=Windows-31J" || utf8.Valid(raw) {
		t.Fatalf("download %q, %d bytes, UTF-8 %v", res.Header.Get("Content-Type"), len(raw), utf8.Valid(raw))
	}
	// Decoded by the answer's charset, or by the marketplace's when the answer says none.
	for _, fallback := range []string{"", amazon.ReportCharset(jp)} {
		file, err := sp.OpenReportDocument(t.Context(), doc, fallback)
		if err != nil {
			t.Fatal(err)
		}
		_, rows := readAll(t, file)
		file.Close()
		if len(rows) != 2 || rows[0].Get("item-name") != "スタンドイン商品 1（テスト）" || rows[1].Get("seller-sku") != "STANDIN-SKU-2" {
			t.Fatalf("rows %+v", rows)
		}
	}
	// A download whose answer names no charset is read in the marketplace's.
	s.Mux.HandleFunc("GET /unlabelled-report", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		gz := gzip.NewWriter(w)
		_, _ = gz.Write(raw)
		_ = gz.Close()
	})
	file, err := sp.OpenReportDocument(t.Context(), &amazon.ReportDocument{ReportDocumentID: "unlabelled",
		URL: s.URL + "/unlabelled-report", CompressionAlgorithm: "GZIP"}, amazon.ReportCharset(jp))
	if err != nil {
		t.Fatal(err)
	}
	_, rows := readAll(t, file)
	file.Close()
	if len(rows) != 2 || rows[1].Get("item-name") != "スタンドイン商品 2（テスト）" {
		t.Fatalf("unlabelled rows %+v", rows)
	}
	for _, name := range []string{"Windows-31J", "Shift_JIS", "windows-31j", "cp932"} {
		r, err := amazon.DecodeReport(bytes.NewReader(raw), name)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := io.ReadAll(r)
		if lines := strings.Split(string(text), "\n"); len(lines) < 3 || !strings.HasPrefix(lines[2], "スタンドイン商品 2（テスト）\t") {
			t.Fatalf("%s decoded %q", name, text)
		}
	}
	if _, err := amazon.DecodeReport(bytes.NewReader(raw), "x-klingon"); err == nil {
		t.Fatal("an unknown charset was accepted")
	}
	if amazon.ReportCharset(us) != "" {
		t.Fatal("US files are UTF-8")
	}
}

func TestDocumentDownloadRetriesAndHolds(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	n := 0
	s.Mux.HandleFunc("GET /plain-report", func(w http.ResponseWriter, r *http.Request) {
		if n++; n == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=Cp1252")
		_, _ = w.Write([]byte("sku\tproduct-name\nDE-1\tM\xfcsli\n"))
	})
	file, err := sp.OpenReportDocument(t.Context(), &amazon.ReportDocument{ReportDocumentID: "plain", URL: s.URL + "/plain-report"}, "")
	if err != nil {
		t.Fatal(err)
	}
	_, rows := readAll(t, file)
	file.Close()
	if n != 2 || len(rows) != 1 || rows[0].Get("product-name") != "Müsli" {
		t.Fatalf("after %d tries: %+v", n, rows)
	}
	// A held download waits for as long as Amazon takes, then reads.
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	id, _ := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: inventoryReport, MarketplaceIDs: []string{us}})
	rep, _ := untilFinal(t, sp, s, rt, id)
	doc, err := sp.GetReportDocument(t.Context(), s.URL, rt, rep.ReportDocumentID)
	if err != nil {
		t.Fatal(err)
	}
	s.HoldDocuments()
	type opened struct {
		rows []amazon.TSVRow
		err  error
	}
	done := make(chan opened, 1)
	go func() {
		file, err := sp.OpenReportDocument(t.Context(), doc, "")
		if err != nil {
			done <- opened{err: err}
			return
		}
		defer file.Close()
		tsv, err := amazon.NewTSVReader(file)
		var rows []amazon.TSVRow
		for err == nil {
			var row amazon.TSVRow
			if row, err = tsv.Next(); err == nil {
				rows = append(rows, row)
			}
		}
		done <- opened{rows: rows, err: err}
	}()
	for deadline := time.Now().Add(5 * time.Second); ; {
		if downloads := downloadsOf(s); downloads == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the download never reached the stand-in")
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case got := <-done:
		t.Fatalf("a held download returned: %+v", got)
	default:
	}
	s.ReleaseDocuments()
	got := <-done
	if !errors.Is(got.err, io.EOF) || len(got.rows) != 2 || got.rows[0].Get("afn-fulfillable-quantity") != "10" {
		t.Fatalf("after release: %+v", got)
	}
}

func downloadsOf(s *amazontest.Server) int {
	n := 0
	for _, r := range s.Requests() {
		if strings.HasPrefix(r.Path, "/standin-documents/") {
			n++
		}
	}
	return n
}

func TestInvalidGrantSurfacesFromReports(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	s.RefuseGrants(true)
	_, err := sp.CreateReport(t.Context(), s.URL, rt, amazon.ReportSpec{ReportType: ordersReport, MarketplaceIDs: []string{us}})
	if !amazon.IsInvalidGrant(err) {
		t.Fatalf("err = %v", err)
	}
	if n := len(s.RequestsTo("/reports/2021-06-30/reports")); n != 0 {
		t.Fatalf("%d createReport calls without an access token", n)
	}
}
