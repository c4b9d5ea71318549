package amazon

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The Reports API 2021-06-30: a report is asked for (createReport), made by Amazon while the caller polls it
// (getReport) until a final status, and its document is then fetched (getReportDocument) from a pre-signed URL.
// Reports Amazon makes on its own schedule (settlements) are found with getReports.

// The processing statuses of a report. CANCELLED, DONE and FATAL are final.
const (
	ReportInQueue    = "IN_QUEUE"
	ReportInProgress = "IN_PROGRESS"
	ReportDone       = "DONE"
	ReportCancelled  = "CANCELLED"
	ReportFatal      = "FATAL"
)

// reportsPath is the Reports API's version root on a region's endpoint.
const reportsPath = "/reports/2021-06-30"

// ReportSpec is what createReport asks for. Times are optional: Amazon's default is now, and not every report
// type reads them.
type ReportSpec struct {
	ReportType     string
	MarketplaceIDs []string
	DataStartTime  *time.Time
	DataEndTime    *time.Time
	ReportOptions  map[string]string
}

// Report is a report's state as getReport and getReports describe it. ReportDocumentID is set once the report
// is DONE (and, for a FATAL one, sometimes: a document explaining the failure).
type Report struct {
	ReportID            string     `json:"reportId"`
	ReportType          string     `json:"reportType"`
	ProcessingStatus    string     `json:"processingStatus"`
	ReportDocumentID    string     `json:"reportDocumentId"`
	MarketplaceIDs      []string   `json:"marketplaceIds"`
	DataStartTime       *time.Time `json:"dataStartTime"`
	DataEndTime         *time.Time `json:"dataEndTime"`
	CreatedTime         *time.Time `json:"createdTime"`
	ProcessingStartTime *time.Time `json:"processingStartTime"`
	ProcessingEndTime   *time.Time `json:"processingEndTime"`
}

// Final tells whether Amazon is done with the report, well or not.
func (r *Report) Final() bool {
	return r.ProcessingStatus == ReportDone || r.ProcessingStatus == ReportCancelled || r.ProcessingStatus == ReportFatal
}

// ReportDocument is where a report's file is: URL is pre-signed (no access token) and expires after five minutes;
// CompressionAlgorithm is "GZIP" when the file is compressed.
type ReportDocument struct {
	ReportDocumentID     string `json:"reportDocumentId"`
	URL                  string `json:"url"`
	CompressionAlgorithm string `json:"compressionAlgorithm"`
}

// ReportsQuery filters getReports. NextToken, when set, asks for the next page and Amazon refuses it with any
// other parameter, so the others are then not sent.
type ReportsQuery struct {
	ReportTypes        []string
	ProcessingStatuses []string
	MarketplaceIDs     []string
	CreatedSince       *time.Time
	CreatedUntil       *time.Time
	// PageSize is 1 to 100; 0 leaves Amazon's default (10).
	PageSize  int
	NextToken string
}

// CreateReport asks Amazon to make a report (POST /reports/2021-06-30/reports) and returns its id.
func (s *SellingPartner) CreateReport(ctx context.Context, endpoint, refreshToken string, spec ReportSpec) (string, error) {
	body := struct {
		ReportType     string            `json:"reportType"`
		MarketplaceIDs []string          `json:"marketplaceIds"`
		DataStartTime  string            `json:"dataStartTime,omitempty"`
		DataEndTime    string            `json:"dataEndTime,omitempty"`
		ReportOptions  map[string]string `json:"reportOptions,omitempty"`
	}{ReportType: spec.ReportType, MarketplaceIDs: spec.MarketplaceIDs, DataStartTime: isoTime(spec.DataStartTime),
		DataEndTime: isoTime(spec.DataEndTime), ReportOptions: spec.ReportOptions}
	var out struct {
		ReportID string `json:"reportId"`
	}
	if err := s.call(ctx, "createReport", http.MethodPost, endpoint+reportsPath+"/reports", refreshToken, body, &out); err != nil {
		return "", err
	}
	return out.ReportID, nil
}

// GetReport returns a report's state (GET /reports/2021-06-30/reports/{reportId}).
func (s *SellingPartner) GetReport(ctx context.Context, endpoint, refreshToken, reportID string) (*Report, error) {
	var r Report
	if err := s.call(ctx, "getReport", http.MethodGet, endpoint+reportsPath+"/reports/"+url.PathEscape(reportID), refreshToken, nil, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// GetReports lists reports (GET /reports/2021-06-30/reports), newest first, one page at a time; nextToken is empty
// on the last page.
func (s *SellingPartner) GetReports(ctx context.Context, endpoint, refreshToken string, q ReportsQuery) ([]Report, string, error) {
	params := url.Values{}
	if q.NextToken != "" {
		params.Set("nextToken", q.NextToken)
	} else {
		setList(params, "reportTypes", q.ReportTypes)
		setList(params, "processingStatuses", q.ProcessingStatuses)
		setList(params, "marketplaceIds", q.MarketplaceIDs)
		if v := isoTime(q.CreatedSince); v != "" {
			params.Set("createdSince", v)
		}
		if v := isoTime(q.CreatedUntil); v != "" {
			params.Set("createdUntil", v)
		}
		if q.PageSize > 0 {
			params.Set("pageSize", strconv.Itoa(q.PageSize))
		}
	}
	var out struct {
		Reports   []Report `json:"reports"`
		NextToken string   `json:"nextToken"`
	}
	if err := s.call(ctx, "getReports", http.MethodGet, endpoint+reportsPath+"/reports?"+params.Encode(), refreshToken, nil, &out); err != nil {
		return nil, "", err
	}
	return out.Reports, out.NextToken, nil
}

// GetReportDocument returns where a report's file is (GET /reports/2021-06-30/documents/{reportDocumentId}).
func (s *SellingPartner) GetReportDocument(ctx context.Context, endpoint, refreshToken, documentID string) (*ReportDocument, error) {
	var d ReportDocument
	if err := s.call(ctx, "getReportDocument", http.MethodGet, endpoint+reportsPath+"/documents/"+url.PathEscape(documentID), refreshToken, nil, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// setList sends a list parameter the way the Reports API's model declares arrays: comma-separated.
func setList(params url.Values, name string, values []string) {
	if len(values) > 0 {
		params.Set(name, strings.Join(values, ","))
	}
}

// isoTime is Amazon's ISO 8601 date-time in UTC; "" for no time.
func isoTime(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
