package amazon

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// Reporting v3 of the Advertising API (advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started):
// POST /reporting/reports asks for a report, GET /reporting/reports/{reportId} says PENDING, PROCESSING, then
// COMPLETED with a short-lived url (or FAILED with a reason), and the file there is a gzipped JSON array of rows.
// The retired v2 POST /v2/sp/{recordType}/report is never used.

// mediaAsyncReport is the report operations' media type.
const mediaAsyncReport = "application/vnd.createasyncreportrequest.v3+json"

// The statuses of a v3 report.
const (
	AdReportPending    = "PENDING"
	AdReportProcessing = "PROCESSING"
	AdReportCompleted  = "COMPLETED"
	AdReportFailed     = "FAILED"
)

// The Sponsored Products daily reports the sync reads: campaigns, advertised products and targeting (keywords and
// product targets, keywordId naming either). Sellers' SP attribution is 7 days (the console's),
// hence purchases7d, sales7d and unitsSoldClicks7d.
const (
	ReportSPCampaigns         = "spCampaigns"
	ReportSPAdvertisedProduct = "spAdvertisedProduct"
	ReportSPTargeting         = "spTargeting"
	// ReportSPSearchTerm is what shoppers searched before a click, by the keyword or target that matched
	// (groupBy searchTerm; only impressions that were clicked; "*" where a detail page had no search).
	ReportSPSearchTerm = "spSearchTerm"
)

// The Sponsored Brands and Sponsored Display daily reports: campaigns and targeting (keywords and targets) of both,
// Sponsored Brands' search terms and Sponsored Display's advertised products (Sponsored Brands has no product grain:
// an ad shows several ASINs; Sponsored Display no search terms). Their attribution is Amazon's 14 days for both, in
// purchases, sales and unitsSold; Sponsored Display names the product promotedSku/promotedAsin.
const (
	ReportSBCampaigns         = "sbCampaigns"
	ReportSDCampaigns         = "sdCampaigns"
	ReportSDAdvertisedProduct = "sdAdvertisedProduct"
	// ReportSBTargeting is Sponsored Brands' keywords and targets (groupBy targeting): a keyword's row names it in
	// keywordId and keywordText, a target's in targetingId and targetingExpression.
	ReportSBTargeting = "sbTargeting"
	// ReportSBSearchTerm is what shoppers searched before clicking a Sponsored Brands ad, by the keyword
	// (keywordId, keywordText) that matched.
	ReportSBSearchTerm = "sbSearchTerm"
	// ReportSDTargeting is Sponsored Display's targets (groupBy targeting; Display has no keywords): targetingId,
	// targetingExpression.
	ReportSDTargeting = "sdTargeting"
	// ReportSBAdGroup is Sponsored Brands' ad groups (groupBy adGroup) and ReportSBAds its ads (groupBy ads,
	// adId): Brands has no advertised product report, so these are what its ad groups and ads are summed from.
	ReportSBAdGroup = "sbAdGroup"
	ReportSBAds     = "sbAds"
)

// AdReportRetention is how many days back a report type's data reaches (Reporting v3's data retention).
func AdReportRetention(reportType string) int {
	switch {
	case strings.HasPrefix(reportType, "sb"):
		return 60
	case strings.HasPrefix(reportType, "sd"):
		return 65
	}
	return 95
}

// AdReportMaxDays is the longest range one report may cover (31 days for both).
const AdReportMaxDays = 31

// adReportConfigs are the reports' groupBy and columns.
var adReportConfigs = map[string]AdReportConfig{
	ReportSPCampaigns: {AdProduct: "SPONSORED_PRODUCTS", GroupBy: []string{"campaign"}, ReportTypeID: ReportSPCampaigns,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "campaignName", "campaignStatus",
			"impressions", "clicks", "cost", "purchases7d", "sales7d", "unitsSoldClicks7d"}},
	ReportSPAdvertisedProduct: {AdProduct: "SPONSORED_PRODUCTS", GroupBy: []string{"advertiser"}, ReportTypeID: ReportSPAdvertisedProduct,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "adId", "advertisedSku",
			"advertisedAsin", "impressions", "clicks", "cost", "purchases7d", "sales7d", "unitsSoldClicks7d"}},
	ReportSPTargeting: {AdProduct: "SPONSORED_PRODUCTS", GroupBy: []string{"targeting"}, ReportTypeID: ReportSPTargeting,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "keywordId", "keyword",
			"matchType", "keywordType", "impressions", "clicks", "cost", "purchases7d", "sales7d", "unitsSoldClicks7d"}},
	ReportSPSearchTerm: {AdProduct: "SPONSORED_PRODUCTS", GroupBy: []string{"searchTerm"}, ReportTypeID: ReportSPSearchTerm,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "keywordId", "keyword",
			"matchType", "keywordType", "targeting", "searchTerm", "impressions", "clicks", "cost", "purchases7d", "sales7d",
			"unitsSoldClicks7d"}},
	ReportSBCampaigns: {AdProduct: "SPONSORED_BRANDS", GroupBy: []string{"campaign"}, ReportTypeID: ReportSBCampaigns,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "campaignName", "campaignStatus",
			"impressions", "clicks", "cost", "purchases", "sales", "unitsSold"}},
	ReportSDCampaigns: {AdProduct: "SPONSORED_DISPLAY", GroupBy: []string{"campaign"}, ReportTypeID: ReportSDCampaigns,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "campaignName", "campaignStatus",
			"impressions", "clicks", "cost", "purchases", "sales", "unitsSold"}},
	ReportSDAdvertisedProduct: {AdProduct: "SPONSORED_DISPLAY", GroupBy: []string{"advertiser"}, ReportTypeID: ReportSDAdvertisedProduct,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "adId", "promotedSku",
			"promotedAsin", "impressions", "clicks", "cost", "purchases", "sales", "unitsSold"}},
	ReportSBTargeting: {AdProduct: "SPONSORED_BRANDS", GroupBy: []string{"targeting"}, ReportTypeID: ReportSBTargeting,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "keywordId", "keywordText",
			"matchType", "keywordType", "targetingId", "targetingExpression", "targetingType", "impressions", "clicks", "cost",
			"purchases", "sales", "unitsSold"}},
	ReportSBSearchTerm: {AdProduct: "SPONSORED_BRANDS", GroupBy: []string{"searchTerm"}, ReportTypeID: ReportSBSearchTerm,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "keywordId", "keywordText",
			"matchType", "searchTerm", "impressions", "clicks", "cost", "purchases", "sales", "unitsSold"}},
	ReportSBAdGroup: {AdProduct: "SPONSORED_BRANDS", GroupBy: []string{"adGroup"}, ReportTypeID: ReportSBAdGroup,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "impressions", "clicks",
			"cost", "purchases", "sales", "unitsSold"}},
	ReportSBAds: {AdProduct: "SPONSORED_BRANDS", GroupBy: []string{"ads"}, ReportTypeID: ReportSBAds,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "adId", "impressions",
			"clicks", "cost", "purchases", "sales", "unitsSold"}},
	ReportSDTargeting: {AdProduct: "SPONSORED_DISPLAY", GroupBy: []string{"targeting"}, ReportTypeID: ReportSDTargeting,
		TimeUnit: "DAILY", Format: "GZIP_JSON", Columns: []string{"date", "campaignId", "adGroupId", "targetingId",
			"targetingExpression", "impressions", "clicks", "cost", "purchases", "sales", "unitsSold"}},
}

// AdReportConfig is a report request's configuration.
type AdReportConfig struct {
	AdProduct    string   `json:"adProduct"`
	GroupBy      []string `json:"groupBy"`
	Columns      []string `json:"columns"`
	ReportTypeID string   `json:"reportTypeId"`
	TimeUnit     string   `json:"timeUnit"`
	Format       string   `json:"format"`
}

// AdReportRequest is the body of POST /reporting/reports; dates are YYYY-MM-DD in the profile's time zone.
type AdReportRequest struct {
	Name          string         `json:"name"`
	StartDate     string         `json:"startDate"`
	EndDate       string         `json:"endDate"`
	Configuration AdReportConfig `json:"configuration"`
}

// AdReport is a report's status as Amazon answers it.
type AdReport struct {
	ReportID      string `json:"reportId"`
	Status        string `json:"status"`
	URL           string `json:"url"`
	FailureReason string `json:"failureReason"`
}

// CreateAdReport asks for a daily report of a type (ReportSPCampaigns, ReportSBTargeting...) over start..end.
func (a *Advertising) CreateAdReport(ctx context.Context, endpoint, refreshToken string, profileID int64, reportType, start, end string) (AdReport, error) {
	cfg, ok := adReportConfigs[reportType]
	if !ok {
		return AdReport{}, fmt.Errorf("advertising api: unknown report type %q", reportType)
	}
	req := AdReportRequest{Name: fmt.Sprintf("sellerhub %s %s..%s", reportType, start, end), StartDate: start, EndDate: end,
		Configuration: cfg}
	var out AdReport
	err := a.adsCall(ctx, http.MethodPost, endpoint+"/reporting/reports", refreshToken, profileID, mediaAsyncReport, req, &out)
	return out, err
}

// GetAdReport asks how a report stands.
func (a *Advertising) GetAdReport(ctx context.Context, endpoint, refreshToken string, profileID int64, reportID string) (AdReport, error) {
	var out AdReport
	err := a.adsCall(ctx, http.MethodGet, endpoint+"/reporting/reports/"+reportID, refreshToken, profileID, mediaAsyncReport, nil, &out)
	return out, err
}

// AdReportRow is one day of one campaign (or advertised product) in a report. Ids come as JSON numbers in the
// files and are kept as text, as the v3 entities carry them.
type AdReportRow struct {
	Date       string
	CampaignID string
	AdGroupID  string
	AdID       string
	// TargetID is a targeting or search term row's keywordId (a keyword's or a product target's id), or its
	// targetingId where it has none (Sponsored Brands' targets, Sponsored Display's).
	TargetID string
	// SearchTerm is a search term row's query; Keyword its keyword's text or target's expression (targeting),
	// MatchType the keyword's (or TARGETING_EXPRESSION...).
	SearchTerm, Keyword, MatchType string
	SKU                            string
	ASIN                           string
	Impressions                    int64
	Clicks                         int64
	Cost                           decimal.Decimal
	Orders                         int64
	Sales                          decimal.Decimal
	Units                          int64
}

// maxAdReportBytes bounds a report file unzipped: a month of a large account's advertised products is a few
// tens of megabytes.
const maxAdReportBytes = 1 << 30

// DownloadAdReport reads a COMPLETED report's file (a presigned address: no Amazon headers), gunzips and parses
// it. A download cut short is retried as a whole.
func (a *Advertising) DownloadAdReport(ctx context.Context, url string) ([]AdReportRow, error) {
	var rows []AdReportRow
	err := a.HTTP.send(ctx, a.HTTP.Client, func(ctx context.Context) (*http.Request, error) {
		return newRequest(ctx, http.MethodGet, url, nil, nil)
	}, nil, func(res *http.Response) error {
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
			return &AdvertisingError{Status: res.StatusCode, Message: strings.TrimSpace(string(b))}
		}
		var err error
		rows, err = readAdReport(res.Body)
		return err
	})
	return rows, err
}

// readAdReport parses the gzipped JSON array row by row.
func readAdReport(body io.Reader) ([]AdReportRow, error) {
	zr, err := gzip.NewReader(body)
	if err != nil {
		return nil, fmt.Errorf("advertising report: not gzip: %w", err)
	}
	dec := json.NewDecoder(io.LimitReader(zr, maxAdReportBytes))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("advertising report: %w", err)
	}
	rows := []AdReportRow{}
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			return nil, fmt.Errorf("advertising report: row %d: %w", len(rows)+1, err)
		}
		row, err := adReportRow(m)
		if err != nil {
			return nil, fmt.Errorf("advertising report: row %d: %w", len(rows)+1, err)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

func adReportRow(m map[string]any) (AdReportRow, error) {
	r := AdReportRow{Date: text(m["date"]), CampaignID: text(m["campaignId"]), AdGroupID: text(m["adGroupId"]),
		AdID: text(m["adId"]), TargetID: text(first(m, "keywordId", "targetingId")), SKU: text(first(m, "advertisedSku", "promotedSku")),
		ASIN: text(first(m, "advertisedAsin", "promotedAsin")), SearchTerm: text(m["searchTerm"]),
		Keyword:   text(first(m, "keyword", "keywordText", "targeting", "targetingExpression", "targetingText")),
		MatchType: text(first(m, "matchType", "keywordType", "targetingType"))}
	if len(r.Date) != 10 || r.CampaignID == "" {
		return r, fmt.Errorf("no date or campaignId")
	}
	var err error
	num := func(keys ...string) decimal.Decimal {
		v := first(m, keys...)
		if err != nil || v == nil {
			return decimal.Zero
		}
		var d decimal.Decimal
		d, err = decimal.NewFromString(text(v))
		return d
	}
	r.Impressions, r.Clicks = num("impressions").IntPart(), num("clicks").IntPart()
	// Sponsored Products' columns name their 7 days; Sponsored Brands' and Display's are their 14.
	r.Cost, r.Sales = num("cost"), num("sales7d", "sales")
	r.Orders, r.Units = num("purchases7d", "purchases").IntPart(), num("unitsSoldClicks7d", "unitsSold").IntPart()
	return r, err
}

// first is the value of the first key a row has (not null, not "").
func first(m map[string]any, keys ...string) any {
	for _, k := range keys {
		if v, ok := m[k]; ok && v != nil && v != "" {
			return v
		}
	}
	return nil
}

// text is a JSON value as text: a number as written, a string as is, null as "".
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	}
	return fmt.Sprint(v)
}
