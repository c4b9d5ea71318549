package amazontest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The Advertising API's Sponsored Products v3 list operations and Reporting v3, as Amazon documents them: the
// Amazon-Advertising-API-Scope header names a profile of the token's advertiser (else 401), list calls need their
// versioned media type (else 415) and page with nextToken, a report is PENDING, then PROCESSING, then COMPLETED
// after AdReportPolls status calls, its file a gzipped JSON array at a presigned-looking address; a range over 31
// days, or older than the 95 days Amazon keeps, is refused with 400.

// adReportTypes are the report types the stand-in makes.
var adReportTypes = map[string]bool{"spCampaigns": true, "spAdvertisedProduct": true, "spTargeting": true, "spSearchTerm": true,
	"sbCampaigns": true, "sdCampaigns": true, "sdAdvertisedProduct": true, "sbTargeting": true, "sbSearchTerm": true,
	"sdTargeting": true, "sbAdGroup": true, "sbAds": true}

// adReportRetention is how far back a report type's data reaches: 95 days for Sponsored Products, 60 for
// Sponsored Brands, 65 for Sponsored Display.
func adReportRetention(reportType string) int {
	switch reportType[:2] {
	case "sb":
		return 60
	case "sd":
		return 65
	}
	return 95
}

type adReportJob struct {
	profile    StandInProfile
	reportType string
	start, end string
	polls      int
	madeAt     time.Time
}

// adsAPI serves the Advertising API's list and reporting calls, apart from the Server's own methods.
type adsAPI struct{ *Server }

func (s *Server) addSponsoredProducts() {
	s.adReports = map[string]*adReportJob{}
	s.AdReportPolls = 2
	for path, op := range map[string]struct{ media, field string }{
		"/sp/campaigns/list":                {"application/vnd.spCampaign.v3+json", "campaigns"},
		"/sp/adGroups/list":                 {"application/vnd.spAdGroup.v3+json", "adGroups"},
		"/sp/keywords/list":                 {"application/vnd.spKeyword.v3+json", "keywords"},
		"/sp/productAds/list":               {"application/vnd.spProductAd.v3+json", "productAds"},
		"/sp/negativeKeywords/list":         {"application/vnd.spNegativeKeyword.v3+json", "negativeKeywords"},
		"/sp/campaignNegativeKeywords/list": {"application/vnd.spCampaignNegativeKeyword.v3+json", "campaignNegativeKeywords"},
		"/sp/targets/list":                  {"application/vnd.spTargetingClause.v3+json", "targetingClauses"},
		"/sp/negativeTargets/list":          {"application/vnd.spNegativeTargetingClause.v3+json", "negativeTargetingClauses"},
		"/portfolios/list":                  {"application/vnd.spPortfolio.v3+json", "portfolios"},
	} {
		s.Mux.HandleFunc("POST "+path, func(w http.ResponseWriter, r *http.Request) { adsAPI{s}.spList(w, r, op.media, op.field) })
	}
	s.Mux.HandleFunc("POST /reporting/reports", adsAPI{s}.createAdReport)
	s.Mux.HandleFunc("GET /reporting/reports/{id}", adsAPI{s}.getAdReport)
	s.Mux.HandleFunc("GET /ads-reports/{file}", adsAPI{s}.downloadAdReport)
	addSPMutations(s)
	addSponsoredLists(s)
	addSPNegativeTargets(s)
}

// AdAccount is the account the stand-in serves for one of its profiles (the same every call).
func (s *Server) AdAccount(profileID int64) *AdAccount {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ps := range s.profiles {
		for _, p := range ps {
			if p.ProfileID == profileID {
				a := AdAccountOf(p, s.AdSKUs)
				s.AdEdits.apply(profileID, a)
				return a
			}
		}
	}
	return nil
}

// scopedProfile checks a call's token, client id and scope: the profile it acts on. It answers the failure
// itself (a queued FailAdvertisingAPI status, 401) and returns false then. Call with s.mu held.
func scopedProfile(s *Server, w http.ResponseWriter, r *http.Request) (StandInProfile, bool) {
	if s.advFailed(w) {
		return StandInProfile{}, false
	}
	advertiser, ok := s.access[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	if !ok || r.Header.Get("Amazon-Advertising-API-ClientId") != ClientID {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"code": "UNAUTHORIZED", "details": "Not authorized to access scope 0"})
		return StandInProfile{}, false
	}
	scope, _ := strconv.ParseInt(r.Header.Get("Amazon-Advertising-API-Scope"), 10, 64)
	for _, p := range s.profiles[advertiser] {
		if p.ProfileID == scope {
			return p, true
		}
	}
	writeJSON(w, http.StatusUnauthorized, map[string]string{"code": "UNAUTHORIZED",
		"details": "Not authorized to access scope " + r.Header.Get("Amazon-Advertising-API-Scope")})
	return StandInProfile{}, false
}

// advFailed answers the next queued failure, if any. Call with s.mu held.
func (s *Server) advFailed(w http.ResponseWriter) bool {
	if len(s.advFailures) == 0 {
		return false
	}
	status := s.advFailures[0]
	s.advFailures = s.advFailures[1:]
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "0")
	}
	writeJSON(w, status, map[string]string{"code": http.StatusText(status), "details": "Please retry later."})
	return true
}

// spList is a v3 list operation: a page of maxResults from nextToken (the offset, as text).
func (s adsAPI) spList(w http.ResponseWriter, r *http.Request, media, field string) {
	s.mu.Lock()
	p, ok := scopedProfile(s.Server, w, r)
	skus := s.AdSKUs
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != media || r.Header.Get("Accept") != media {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type and Accept must be " + media})
		return
	}
	var body struct {
		MaxResults int    `json:"maxResults"`
		NextToken  string `json:"nextToken"`
	}
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &body); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "malformed body"})
		return
	}
	a := AdAccountOf(p, skus)
	s.AdEdits.apply(p.ProfileID, a)
	var all []any
	switch field {
	case "campaigns":
		for _, c := range a.Campaigns {
			bidding := map[string]any{"strategy": "LEGACY_FOR_SALES"}
			if c.BiddingStrategy != "" {
				bidding["strategy"] = c.BiddingStrategy
			}
			if len(c.Placements) > 0 {
				var placements []map[string]any
				for _, p := range spPlacements {
					if n, ok := c.Placements[p]; ok {
						placements = append(placements, map[string]any{"placement": p, "percentage": n})
					}
				}
				bidding["placementBidding"] = placements
			}
			item := map[string]any{"campaignId": c.CampaignID, "name": c.Name, "state": c.State,
				"targetingType": c.TargetingType, "startDate": c.StartDate,
				"budget":         map[string]any{"budget": json.Number(c.Budget.String()), "budgetType": "DAILY"},
				"dynamicBidding": bidding}
			if c.EndDate != "" {
				item["endDate"] = c.EndDate
			}
			if c.PortfolioID != "" {
				item["portfolioId"] = c.PortfolioID
			}
			all = append(all, item)
		}
	case "adGroups":
		for _, g := range a.AdGroups {
			all = append(all, map[string]any{"adGroupId": g.AdGroupID, "campaignId": g.CampaignID, "name": g.Name,
				"state": g.State, "defaultBid": json.Number(g.DefaultBid.String())})
		}
	case "keywords":
		for _, k := range a.Keywords {
			all = append(all, map[string]any{"keywordId": k.KeywordID, "adGroupId": k.AdGroupID, "campaignId": k.CampaignID,
				"keywordText": k.Text, "matchType": k.MatchType, "state": k.State, "bid": json.Number(k.Bid.String())})
		}
	case "portfolios":
		for _, p := range a.Portfolios {
			all = append(all, map[string]any{"portfolioId": p.PortfolioID, "name": p.Name, "state": p.State, "inBudget": true})
		}
	case "negativeKeywords":
		for _, k := range a.NegativeKeywords {
			all = append(all, map[string]any{"keywordId": k.KeywordID, "adGroupId": k.AdGroupID, "campaignId": k.CampaignID,
				"keywordText": k.Text, "matchType": k.MatchType, "state": k.State})
		}
	case "campaignNegativeKeywords":
		for _, k := range a.CampaignNegativeKeywords {
			all = append(all, map[string]any{"keywordId": k.KeywordID, "campaignId": k.CampaignID,
				"keywordText": k.Text, "matchType": k.MatchType, "state": k.State})
		}
	case "targetingClauses":
		for _, t := range a.Targets {
			expr := []map[string]string{{"type": "ASIN_SAME_AS", "value": t.ASIN}}
			all = append(all, map[string]any{"targetId": t.TargetID, "adGroupId": t.AdGroupID, "campaignId": t.CampaignID,
				"expressionType": "MANUAL", "expression": expr, "resolvedExpression": expr, "state": t.State,
				"bid": json.Number(t.Bid.String())})
		}
	case "negativeTargetingClauses":
		for _, t := range a.NegativeTargets {
			expr := []map[string]string{{"type": t.Type, "value": t.Value}}
			all = append(all, map[string]any{"targetId": t.TargetID, "adGroupId": t.AdGroupID, "campaignId": t.CampaignID,
				"expression": expr, "resolvedExpression": expr, "state": t.State})
		}
	case "productAds":
		for _, ad := range a.ProductAds {
			all = append(all, map[string]any{"adId": ad.AdID, "adGroupId": ad.AdGroupID, "campaignId": ad.CampaignID,
				"sku": ad.SKU, "asin": ad.ASIN, "state": ad.State})
		}
	}
	size := body.MaxResults
	if size <= 0 || size > 5000 {
		size = 5000
	}
	// Pages of a few entities, however many are asked for, so that paging is always exercised.
	size = min(size, adPageSize(s.Server))
	from, _ := strconv.Atoi(body.NextToken)
	to := min(from+size, len(all))
	page := map[string]any{field: all[min(from, len(all)):to], "totalResults": len(all)}
	if to < len(all) {
		page["nextToken"] = strconv.Itoa(to)
	}
	w.Header().Set("Content-Type", media)
	bs, _ := json.Marshal(page)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(bs)
}

func adPageSize(s *Server) int {
	if s.AdPageSize > 0 {
		return s.AdPageSize
	}
	return 7
}

// createAdReport is POST /reporting/reports.
func (s adsAPI) createAdReport(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := scopedProfile(s.Server, w, r)
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != "application/vnd.createasyncreportrequest.v3+json" {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "415", "detail": "Unsupported Content-Type"})
		return
	}
	var req struct {
		StartDate, EndDate string
		Configuration      struct {
			ReportTypeID string   `json:"reportTypeId"`
			TimeUnit     string   `json:"timeUnit"`
			Format       string   `json:"format"`
			AdProduct    string   `json:"adProduct"`
			GroupBy      []string `json:"groupBy"`
			Columns      []string `json:"columns"`
		} `json:"configuration"`
	}
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &req); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400", "detail": "Malformed request body"})
		return
	}
	start, err1 := time.Parse(time.DateOnly, req.StartDate)
	end, err2 := time.Parse(time.DateOnly, req.EndDate)
	today := AdAccountOf(p, s.AdSKUs).Today(time.Now())
	switch {
	case !adReportTypes[req.Configuration.ReportTypeID]:
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400", "detail": "Unsupported reportTypeId"})
		return
	case !reportColumnsValid(req.Configuration.ReportTypeID, req.Configuration.AdProduct, req.Configuration.GroupBy, req.Configuration.Columns):
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400",
			"detail": "Invalid adProduct, groupBy or columns for reportTypeId " + req.Configuration.ReportTypeID})
		return
	case req.Configuration.Format != "GZIP_JSON" || req.Configuration.TimeUnit != "DAILY":
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400", "detail": "Unsupported format or timeUnit"})
		return
	case err1 != nil || err2 != nil || end.Before(start):
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400", "detail": "Invalid startDate or endDate"})
		return
	case end.Sub(start) > 30*24*time.Hour:
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400", "detail": "Date range exceeds the maximum of 31 days"})
		return
	case today.Sub(start) > time.Duration(adReportRetention(req.Configuration.ReportTypeID))*24*time.Hour:
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "400", "detail": fmt.Sprintf(
			"startDate %s is older than the %d days of data retention", req.StartDate, adReportRetention(req.Configuration.ReportTypeID))})
		return
	}
	// A v3 report id is a UUID (36 characters).
	u := random() + random()[:8]
	id := u[:8] + "-" + u[8:12] + "-" + u[12:16] + "-" + u[16:20] + "-" + u[20:32]
	s.adReports[id] = &adReportJob{profile: p, reportType: req.Configuration.ReportTypeID, start: req.StartDate, end: req.EndDate}
	writeJSON(w, http.StatusOK, adReportStatus(s.Server, id, AdReportPendingName))
}

// AdReportPendingName is a new report's status.
const AdReportPendingName = "PENDING"

func adReportStatus(s *Server, id, status string) map[string]any {
	job := s.adReports[id]
	out := map[string]any{"reportId": id, "status": status, "startDate": job.start, "endDate": job.end,
		"url": nil, "failureReason": nil, "createdAt": time.Now().UTC().Format(time.RFC3339)}
	if status == "COMPLETED" {
		out["url"] = s.URL + "/ads-reports/" + id + ".json.gz?X-Amz-Expires=3600"
	}
	return out
}

// getAdReport is GET /reporting/reports/{reportId}: PENDING, PROCESSING, then COMPLETED.
func (s adsAPI) getAdReport(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := scopedProfile(s.Server, w, r)
	if !ok {
		return
	}
	job, found := s.adReports[r.PathValue("id")]
	if !found || job.profile.ProfileID != p.ProfileID {
		writeJSON(w, http.StatusNotFound, map[string]string{"code": "404", "detail": "Report not found"})
		return
	}
	job.polls++
	status := "COMPLETED"
	switch {
	case job.polls < s.AdReportPolls-1:
		status = "PENDING"
	case job.polls < s.AdReportPolls:
		status = "PROCESSING"
	}
	if status == "COMPLETED" && job.madeAt.IsZero() {
		job.madeAt = time.Now()
	}
	writeJSON(w, http.StatusOK, adReportStatus(s.Server, r.PathValue("id"), status))
}

// downloadAdReport serves a COMPLETED report's gzipped JSON rows (the presigned S3 address: no headers needed).
func (s adsAPI) downloadAdReport(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSuffix(r.PathValue("file"), ".json.gz")
	s.mu.Lock()
	job, found := s.adReports[id]
	skus, own := s.AdSKUs, s.AdDisplayBrands
	s.mu.Unlock()
	if !found || job.madeAt.IsZero() {
		http.Error(w, "<Error><Code>AccessDenied</Code></Error>", http.StatusForbidden)
		return
	}
	a := AdAccountOf(job.profile, skus)
	sdsb := sponsoredAccount(s.Server, job.profile, skus, own)
	rows, _ := sponsoredReportRows(sdsb, job.reportType, job.madeAt, job.start, job.end)
	if more, ok := sponsoredTargetingRows(sdsb, job.reportType, job.madeAt, job.start, job.end); ok {
		rows = more
	}
	if more, ok := sbAdRows(sdsb, job.reportType, job.madeAt, job.start, job.end); ok {
		rows = more
	}
	switch job.reportType {
	case "sbCampaigns", "sdCampaigns", "sdAdvertisedProduct", "sbTargeting", "sbSearchTerm", "sdTargeting", "sbAdGroup", "sbAds":
	case "spSearchTerm":
		rows = searchTermRows(a, job.madeAt, job.start, job.end)
	case "spTargeting":
		words := map[string]AdKeyword{}
		for _, k := range a.Keywords {
			words[k.KeywordID] = k
		}
		for _, t := range a.Targets {
			words[t.TargetID] = AdKeyword{Text: `asin="` + t.ASIN + `"`, MatchType: "TARGETING_EXPRESSION"}
		}
		num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
		for _, d := range a.KeywordDays(job.madeAt, job.start, job.end) {
			k := words[d.AdID]
			rows = append(rows, map[string]any{"date": d.Date, "campaignId": num(d.CampaignID), "adGroupId": num(d.AdGroupID),
				"keywordId": num(d.AdID), "keyword": k.Text, "matchType": k.MatchType, "keywordType": k.MatchType,
				"impressions": d.Impressions, "clicks": d.Clicks, "cost": json.Number(d.Cost.String()), "purchases7d": d.Orders,
				"sales7d": json.Number(d.Sales.String()), "unitsSoldClicks7d": d.Units})
		}
	case "spCampaigns":
		names := map[string]AdCampaign{}
		for _, c := range a.Campaigns {
			names[c.CampaignID] = c
		}
		for _, d := range a.CampaignDays(job.madeAt, job.start, job.end) {
			id, _ := strconv.ParseInt(d.CampaignID, 10, 64)
			rows = append(rows, map[string]any{"date": d.Date, "campaignId": id, "campaignName": names[d.CampaignID].Name,
				"campaignStatus": names[d.CampaignID].State, "impressions": d.Impressions, "clicks": d.Clicks,
				"cost": json.Number(d.Cost.String()), "purchases7d": d.Orders, "sales7d": json.Number(d.Sales.String()),
				"unitsSoldClicks7d": d.Units})
		}
	default:
		for _, d := range a.ProductAdDays(job.madeAt, job.start, job.end) {
			num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
			rows = append(rows, map[string]any{"date": d.Date, "campaignId": num(d.CampaignID), "adGroupId": num(d.AdGroupID),
				"adId": num(d.AdID), "advertisedSku": d.SKU, "advertisedAsin": d.ASIN, "impressions": d.Impressions,
				"clicks": d.Clicks, "cost": json.Number(d.Cost.String()), "purchases7d": d.Orders,
				"sales7d": json.Number(d.Sales.String()), "unitsSoldClicks7d": d.Units})
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i]["date"].(string) < rows[j]["date"].(string) })
	if rows == nil {
		rows = []map[string]any{}
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_ = json.NewEncoder(zw).Encode(rows)
	_ = zw.Close()
	w.Header().Set("Content-Type", "application/octet-stream")
	_, _ = w.Write(buf.Bytes())
}
