package amazontest

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// The Reports API 2021-06-30 of the stand-in: createReport, getReport, getReports, getReportDocument, and the
// pre-signed download of a document. A report reaches its final status over ReportPolls getReport calls; switches
// make the next reports end FATAL or CANCELLED, make operations answer 429 with x-amzn-RateLimit-Limit, and hold
// document downloads. Files come from Content, gzipped, in Windows-31J for Japan.

// ReportContent writes a report's file as UTF-8 tab-separated text (the stand-in encodes it for Japan). start and
// end are the report's data window (the creation time for both when the request gave none).
type ReportContent func(sellerID, reportType string, marketplaceIDs []string, start, end time.Time) (io.Reader, error)

// ScheduledReport is a report Amazon made on its own schedule (a settlement), listed by getReports as DONE.
type ScheduledReport struct {
	ReportID       string
	ReportType     string
	MarketplaceIDs []string
	DataStartTime  time.Time
	DataEndTime    time.Time
	CreatedTime    time.Time
}

// settlementReport is made by Amazon only: createReport refuses it.
const settlementReport = "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2"

// requestable are the report types createReport accepts.
var requestable = map[string]bool{
	"GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL": true, "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA": true,
	"GET_FBA_ESTIMATED_FBA_FEES_TXT_DATA": true, "GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA": true,
	"GET_MERCHANT_LISTINGS_ALL_DATA": true, "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL": true,
	ledgerDetailReport: true, ledgerSummaryReport: true, "GET_FBA_REIMBURSEMENTS_DATA": true,
	"GET_FBA_STORAGE_FEE_CHARGES_DATA": true, "GET_FBA_INVENTORY_PLANNING_DATA": true, "GET_FBA_FULFILLMENT_LONGTERM_STORAGE_FEE_CHARGES_DATA": true,
	"GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA": true, "GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA": true,
	salesTrafficReport: true, "GET_RESERVED_INVENTORY_DATA": true, "GET_STRANDED_INVENTORY_UI_DATA": true,
	vatTransactionReport: true,
}

// standInRate is the x-amzn-RateLimit-Limit the stand-in answers with unless SetRateLimit says otherwise: a
// generous usage plan, so products that learn from the header run tests at full speed.
const standInRate = 50.0

// reportsState is the stand-in's reports, guarded by Server.mu.
type reportsState struct {
	byID      map[string]*standInReport
	documents map[string]*standInReport
	pages     map[string]reportsPage // by nextToken
	created   int
	failures  int
	cancels   int
	throttle  map[string]int
	rates     map[string]float64
	hold      chan struct{}
}

// reportsPage is what a nextToken stands for: the rest of a listing, in pages of size.
type reportsPage struct {
	ids  []string
	size int
}

// standInReport is a report as the stand-in keeps it; polls counts getReport calls, fate is its final status.
type standInReport struct {
	id, seller, reportType, documentID, fate string
	marketplaces                             []string
	start, end, created                      time.Time
	processingStart, processingEnd           time.Time
	polls                                    int
	scheduled                                bool
}

func (s *Server) addReports() {
	s.reports = reportsState{byID: map[string]*standInReport{}, documents: map[string]*standInReport{},
		pages: map[string]reportsPage{}, throttle: map[string]int{}, rates: map[string]float64{}}
	s.Mux.HandleFunc("POST /reports/2021-06-30/reports", s.createReport)
	s.Mux.HandleFunc("GET /reports/2021-06-30/reports/{reportId}", s.getReport)
	s.Mux.HandleFunc("GET /reports/2021-06-30/reports", s.getReports)
	s.Mux.HandleFunc("GET /reports/2021-06-30/documents/{documentId}", s.getReportDocument)
	s.Mux.HandleFunc("GET /standin-documents/{documentId}", s.downloadDocument)
}

// FailReports makes the next n created reports end FATAL.
func (s *Server) FailReports(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reports.failures += n
}

// CancelReports makes the next n created reports end CANCELLED, as Amazon cancels a report with no data.
func (s *Server) CancelReports(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reports.cancels += n
}

// Throttle makes the next n calls of a Reports operation (createReport, getReport, getReports,
// getReportDocument) or of searchCatalogItems answer 429 QuotaExceeded with the operation's x-amzn-RateLimit-Limit.
func (s *Server) Throttle(operation string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reports.throttle[operation] += n
}

// SetRateLimit is the rate (requests per second) an operation's answers give in x-amzn-RateLimit-Limit.
func (s *Server) SetRateLimit(operation string, perSecond float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reports.rates[operation] = perSecond
}

// HoldDocuments makes document downloads wait, until ReleaseDocuments, before answering: a test can stop the
// product mid-report.
func (s *Server) HoldDocuments() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reports.hold == nil {
		s.reports.hold = make(chan struct{})
	}
}

// ReleaseDocuments lets held downloads, and those after them, be answered.
func (s *Server) ReleaseDocuments() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reports.hold != nil {
		close(s.reports.hold)
		s.reports.hold = nil
	}
}

// reportsCall starts a Reports operation: the caller's seller from the access token, or the answer already given
// (403 without a valid token, 429 when throttled). It is called with s.mu held.
func (s *Server) reportsCall(w http.ResponseWriter, r *http.Request, operation string) (string, bool) {
	rate := s.reports.rates[operation]
	if rate == 0 {
		rate = standInRate
	}
	w.Header().Set("x-amzn-RateLimit-Limit", strconv.FormatFloat(rate, 'f', -1, 64))
	if s.reports.throttle[operation] > 0 {
		s.reports.throttle[operation]--
		apiError(w, http.StatusTooManyRequests, "QuotaExceeded", "You exceeded your quota for the requested resource.")
		return "", false
	}
	token := r.Header.Get("x-amz-access-token")
	seller, ok := s.access[token]
	if !ok {
		apiError(w, http.StatusForbidden, "Unauthorized", "Access to requested resource is denied.")
		return "", false
	}
	if s.Quotas != nil && !s.Quotas.take(seller, operation, token, rate) {
		apiError(w, http.StatusTooManyRequests, "QuotaExceeded", "You exceeded your quota for the requested resource.")
		return "", false
	}
	return seller, true
}

func (s *Server) createReport(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	seller, ok := s.reportsCall(w, r, "createReport")
	if !ok {
		return
	}
	var spec struct {
		ReportType     string            `json:"reportType"`
		MarketplaceIDs []string          `json:"marketplaceIds"`
		DataStartTime  *time.Time        `json:"dataStartTime"`
		DataEndTime    *time.Time        `json:"dataEndTime"`
		ReportOptions  map[string]string `json:"reportOptions"`
	}
	if err := json.NewDecoder(r.Body).Decode(&spec); err != nil {
		apiError(w, http.StatusBadRequest, "InvalidInput", "Could not parse the request body: "+err.Error())
		return
	}
	now := time.Now().UTC().Truncate(time.Second)
	switch {
	case spec.ReportType == settlementReport:
		apiError(w, http.StatusBadRequest, "InvalidInput", "Report type "+spec.ReportType+" cannot be requested; Amazon schedules it.")
		return
	case !requestable[spec.ReportType]:
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid reportType "+strconv.Quote(spec.ReportType)+".")
		return
	case len(spec.MarketplaceIDs) == 0:
		apiError(w, http.StatusBadRequest, "InvalidInput", "marketplaceIds is required and must not be empty.")
		return
	case spec.DataStartTime != nil && spec.DataEndTime != nil && spec.DataEndTime.Before(*spec.DataStartTime):
		apiError(w, http.StatusBadRequest, "InvalidInput", "dataEndTime must not be before dataStartTime.")
		return
	case spec.DataStartTime != nil && spec.DataStartTime.After(now.Add(time.Minute)):
		apiError(w, http.StatusBadRequest, "InvalidInput", "dataStartTime must not be in the future.")
		return
	}
	for _, m := range spec.MarketplaceIDs {
		if !slices.Contains(s.sellers[seller], m) {
			apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid marketplaceId "+m+" for this selling partner.")
			return
		}
	}
	s.reports.created++
	rep := &standInReport{id: strconv.Itoa(50000000000 + s.reports.created), seller: seller, reportType: spec.ReportType,
		marketplaces: spec.MarketplaceIDs, created: now, start: now, end: now, fate: "DONE"}
	if spec.DataStartTime != nil {
		rep.start = spec.DataStartTime.UTC()
	}
	if spec.DataEndTime != nil {
		rep.end = spec.DataEndTime.UTC()
	}
	switch {
	case s.reports.failures > 0:
		s.reports.failures--
		rep.fate = "FATAL"
	case s.reports.cancels > 0:
		s.reports.cancels--
		rep.fate = "CANCELLED"
	}
	s.reports.byID[rep.id] = rep
	writeJSON(w, http.StatusAccepted, map[string]string{"reportId": rep.id})
}

// scheduledOf lists a seller's scheduled reports without holding s.mu, since Scheduled is the test's code.
func (s *Server) scheduledOf(seller string) []*standInReport {
	s.mu.Lock()
	list := s.Scheduled
	s.mu.Unlock()
	if list == nil {
		list = s.defaultScheduled
	}
	var out []*standInReport
	for _, sr := range list(seller) {
		out = append(out, &standInReport{id: sr.ReportID, seller: seller, reportType: sr.ReportType,
			marketplaces: sr.MarketplaceIDs, start: sr.DataStartTime, end: sr.DataEndTime, created: sr.CreatedTime,
			processingStart: sr.CreatedTime, processingEnd: sr.CreatedTime, fate: "DONE", scheduled: true,
			documentID: "amzn1.spdoc.1.4.na.standin-scheduled-" + sr.ReportID})
	}
	return out
}

// sellerOf is the seller of an access token, for looking up the scheduled reports before taking s.mu.
func (s *Server) sellerOf(r *http.Request) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.access[r.Header.Get("x-amz-access-token")]
}

// find is a seller's report by id, created or scheduled; Amazon's ids are unique only per seller.
func (st *reportsState) find(seller, id string, scheduled []*standInReport) *standInReport {
	if rep, ok := st.byID[id]; ok && rep.seller == seller {
		return rep
	}
	for _, rep := range scheduled {
		if rep.id == id {
			return rep
		}
	}
	return nil
}

func (s *Server) getReport(w http.ResponseWriter, r *http.Request) {
	scheduled := s.scheduledOf(s.sellerOf(r))
	s.mu.Lock()
	defer s.mu.Unlock()
	seller, ok := s.reportsCall(w, r, "getReport")
	if !ok {
		return
	}
	rep := s.reports.find(seller, r.PathValue("reportId"), scheduled)
	if rep == nil {
		apiError(w, http.StatusNotFound, "NotFound", "Report "+r.PathValue("reportId")+" was not found.")
		return
	}
	if !rep.scheduled {
		rep.polls++
	}
	writeJSON(w, http.StatusOK, s.reports.describe(rep, s.ReportPolls))
}

// describe is a report in Amazon's shape, moving it along when its polls say so.
func (st *reportsState) describe(rep *standInReport, polls int) map[string]any {
	need := max(polls, 1)
	status := "IN_QUEUE"
	switch {
	case rep.scheduled || rep.polls >= need:
		status = rep.fate
	case rep.polls > 0 && rep.polls == need-1:
		status = "IN_PROGRESS"
	}
	now := time.Now().UTC().Truncate(time.Second)
	if status != "IN_QUEUE" && rep.processingStart.IsZero() {
		rep.processingStart = now
	}
	if (status == "DONE" || status == "FATAL" || status == "CANCELLED") && rep.processingEnd.IsZero() {
		rep.processingEnd = now
	}
	if status == "DONE" && rep.documentID == "" {
		rep.documentID = "amzn1.spdoc.1.4.na.standin-" + random()
		st.documents[rep.documentID] = rep
	}
	out := map[string]any{"reportId": rep.id, "reportType": rep.reportType, "marketplaceIds": rep.marketplaces,
		"processingStatus": status, "createdTime": rep.created, "dataStartTime": rep.start, "dataEndTime": rep.end}
	if !rep.processingStart.IsZero() {
		out["processingStartTime"] = rep.processingStart
	}
	if !rep.processingEnd.IsZero() {
		out["processingEndTime"] = rep.processingEnd
	}
	if status == "DONE" {
		out["reportDocumentId"] = rep.documentID
	}
	return out
}

func (s *Server) getReports(w http.ResponseWriter, r *http.Request) {
	scheduled := s.scheduledOf(s.sellerOf(r))
	s.mu.Lock()
	defer s.mu.Unlock()
	seller, ok := s.reportsCall(w, r, "getReports")
	if !ok {
		return
	}
	q := r.URL.Query()
	var ids []string
	size := 10
	if token := q.Get("nextToken"); token != "" {
		if len(q) > 1 {
			apiError(w, http.StatusBadRequest, "InvalidInput", "nextToken must be the only parameter when it is given.")
			return
		}
		rest, ok := s.reports.pages[token]
		if !ok {
			apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid nextToken.")
			return
		}
		delete(s.reports.pages, token)
		ids, size = rest.ids, rest.size
	} else {
		var err string
		if ids, size, err = s.listReports(seller, q, scheduled); err != "" {
			apiError(w, http.StatusBadRequest, "InvalidInput", err)
			return
		}
	}
	page := []map[string]any{}
	for _, id := range ids[:min(size, len(ids))] {
		if rep := s.reports.find(seller, id, scheduled); rep != nil {
			page = append(page, s.reports.describe(rep, s.ReportPolls))
		}
	}
	answer := map[string]any{"reports": page}
	if len(ids) > size {
		token := random()
		s.reports.pages[token] = reportsPage{ids: ids[size:], size: size}
		answer["nextToken"] = token
	}
	writeJSON(w, http.StatusOK, answer)
}

// listReports is getReports' first page's selection: the seller's reports matching the filters, newest first.
func (s *Server) listReports(seller string, q map[string][]string, scheduled []*standInReport) ([]string, int, string) {
	get := func(name string) string {
		if v := q[name]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	split := func(name string) []string {
		if v := get(name); v != "" {
			return strings.Split(v, ",")
		}
		return nil
	}
	types := split("reportTypes")
	if len(types) == 0 {
		return nil, 0, "reportTypes or nextToken is required."
	}
	size := 10
	if v := get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return nil, 0, "pageSize must be between 1 and 100."
		}
		size = n
	}
	now := time.Now().UTC()
	since, until := now.AddDate(0, 0, -90), now.Add(time.Second)
	for name, t := range map[string]*time.Time{"createdSince": &since, "createdUntil": &until} {
		if v := get(name); v != "" {
			parsed, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return nil, 0, name + " is not an ISO 8601 date-time."
			}
			*t = parsed
		}
	}
	statuses, markets := split("processingStatuses"), split("marketplaceIds")
	var all []*standInReport
	for _, rep := range s.reports.byID {
		if rep.seller == seller {
			all = append(all, rep)
		}
	}
	all = append(all, scheduled...)
	var picked []*standInReport
	for _, rep := range all {
		if !slices.Contains(types, rep.reportType) || rep.created.Before(since) || rep.created.After(until) {
			continue
		}
		if len(statuses) > 0 && !slices.Contains(statuses, s.reports.describe(rep, s.ReportPolls)["processingStatus"].(string)) {
			continue
		}
		if len(markets) > 0 && !slices.ContainsFunc(rep.marketplaces, func(m string) bool { return slices.Contains(markets, m) }) {
			continue
		}
		picked = append(picked, rep)
	}
	sort.Slice(picked, func(i, j int) bool {
		if !picked[i].created.Equal(picked[j].created) {
			return picked[i].created.After(picked[j].created)
		}
		return picked[i].id > picked[j].id
	})
	ids := make([]string, len(picked))
	for i, rep := range picked {
		ids[i] = rep.id
	}
	return ids, size, ""
}

func (s *Server) getReportDocument(w http.ResponseWriter, r *http.Request) {
	scheduled := s.scheduledOf(s.sellerOf(r))
	s.mu.Lock()
	defer s.mu.Unlock()
	seller, ok := s.reportsCall(w, r, "getReportDocument")
	if !ok {
		return
	}
	id := r.PathValue("documentId")
	rep := s.reports.documentOf(seller, id, scheduled)
	if rep == nil {
		apiError(w, http.StatusNotFound, "NotFound", "Report document "+id+" was not found.")
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"reportDocumentId": id, "compressionAlgorithm": "GZIP",
		"url": s.URL + "/standin-documents/" + id + "?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Amz-Signature=" + random()})
}

// documentOf is the report a seller's document belongs to, nil when it is not the seller's.
func (st *reportsState) documentOf(seller, id string, scheduled []*standInReport) *standInReport {
	if rep, ok := st.documents[id]; ok && rep.seller == seller {
		return rep
	}
	for _, rep := range scheduled {
		if rep.documentID == id {
			return rep
		}
	}
	return nil
}

// downloadDocument is the pre-signed URL's answer: the file gzipped, in Windows-31J when it is Japan's, streamed as
// Content writes it.
func (s *Server) downloadDocument(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("documentId")
	s.mu.Lock()
	hold := s.reports.hold
	rep := s.reports.documents[id]
	content := s.Content
	s.mu.Unlock()
	if rep == nil && strings.HasPrefix(id, "amzn1.spdoc.1.4.na.standin-scheduled-") {
		for _, seller := range s.sellerIDs() {
			if rep = s.reports.documentOf(seller, id, s.scheduledOf(seller)); rep != nil {
				break
			}
		}
	}
	if rep == nil {
		http.Error(w, "NoSuchKey: The specified key does not exist.", http.StatusNotFound)
		return
	}
	if hold != nil {
		select {
		case <-hold:
		case <-r.Context().Done():
			return
		}
	}
	if content == nil {
		content = s.defaultContent
	}
	file, err := content(rep.seller, rep.reportType, rep.marketplaces, rep.start, rep.end)
	if err != nil {
		http.Error(w, "InternalError: "+err.Error(), http.StatusInternalServerError)
		return
	}
	charset := "UTF-8"
	if slices.Contains(rep.marketplaces, "A1VC38T7YXB528") {
		charset = "Windows-31J"
	}
	w.Header().Set("Content-Type", "text/plain;charset="+charset)
	w.WriteHeader(http.StatusOK)
	gz := gzip.NewWriter(w)
	var out io.Writer = gz
	if charset == "Windows-31J" {
		// Amazon writes a character Windows-31J lacks as '?', and so does the stand-in.
		out = encoding.ReplaceUnsupported(japanese.ShiftJIS.NewEncoder()).Writer(gz)
	}
	if _, err := io.Copy(out, file); err != nil {
		panic(http.ErrAbortHandler) // cut the download short, as a broken connection would
	}
	if c, ok := out.(io.Closer); ok {
		_ = c.Close()
	}
	_ = gz.Close()
}

// sellerIDs are the sellers the stand-in knows.
func (s *Server) sellerIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := make([]string, 0, len(s.sellers))
	for id := range s.sellers {
		ids = append(ids, id)
	}
	return ids
}
