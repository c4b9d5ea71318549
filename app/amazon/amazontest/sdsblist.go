package amazontest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Sponsored Display and Sponsored Brands as Amazon lists them (sellerhub/app/amazon/sponsored_lists.go has the
// calls), and their daily figures for the sbCampaigns, sdCampaigns and sdAdvertisedProduct reports (the targeting
// and search term reports are sdsbreports.go's). A profile's
// SponsoredAccount is what was created through the API (sdsbcreate.go) and, with Server.AdDisplayBrands, two
// campaigns of each ad type of its own, made from the profile's id alone as AdAccountOf makes Sponsored Products':
//
//   - SD 1, contextual (T00020), enabled: an ad group advertising the first two SKUs on two ASINs' pages;
//   - SD 2, audiences (T00030), paused 30 days ago: the third SKU to shoppers who viewed it in the last 30 days;
//   - SB 1, enabled: a product collection of the first three ASINs with three keywords;
//   - SB 2, archived 200 days ago: one of the last three ASINs, targeting the first ASIN's page.
//
// Sponsored Display's campaigns spend what their product ads do; a Sponsored Brands campaign's day is its own.

// SponsoredAccount is one profile's Sponsored Display and Sponsored Brands entities.
type SponsoredAccount struct {
	Campaigns []SponsoredCampaign
	AdGroups  []SponsoredAdGroup
	// ProductAds and Targets are Sponsored Display's.
	ProductAds []AdProductAd
	Targets    []SponsoredTarget
	// Ads, Keywords and BrandTargets are Sponsored Brands'.
	Ads          []SponsoredBrandAd
	Keywords     []AdKeyword
	BrandTargets []SponsoredTarget
	Currency     string
	Timezone     string
	// spends are the made campaigns' days back they spent: [from, to].
	spends map[string][2]int
}

// Sponsored is the profile's account as the stand-in serves it now (nil for a profile it does not know).
func Sponsored(s *Server, profileID int64) *SponsoredAccount {
	s.mu.Lock()
	var found *StandInProfile
	for _, ps := range s.profiles {
		for i := range ps {
			if ps[i].ProfileID == profileID {
				found = &ps[i]
			}
		}
	}
	skus, own := s.AdSKUs, s.AdDisplayBrands
	s.mu.Unlock()
	if found == nil {
		return nil
	}
	return sponsoredAccount(s, *found, skus, own)
}

// SponsoredAccountOf is a profile's own Sponsored Display and Sponsored Brands campaigns (AdDisplayBrands'),
// without a stand-in: the demo's advertising.
func SponsoredAccountOf(p StandInProfile, skus AdSKUs) *SponsoredAccount {
	a := &SponsoredAccount{Currency: p.CurrencyCode, Timezone: p.Timezone, spends: map[string][2]int{}}
	a.makeOwn(p, skus0(skus)(p))
	return a
}

// AdvertiseBrands makes a profile advertise with the Sponsored Brands campaigns of its own (AdDisplayBrands'
// SB 1 and SB 2) without the Sponsored Display ones: a world with Brands' figures that costs a sync few reports.
func AdvertiseBrands(s *Server, profileID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.adBrandsOnly == nil {
		s.adBrandsOnly = map[int64]bool{}
	}
	s.adBrandsOnly[profileID] = true
}

func sponsoredAccount(s *Server, p StandInProfile, skus AdSKUs, own bool) *SponsoredAccount {
	a := &SponsoredAccount{Currency: p.CurrencyCode, Timezone: p.Timezone, spends: map[string][2]int{}}
	s.mu.Lock()
	brands := s.adBrandsOnly[p.ProfileID]
	s.mu.Unlock()
	switch {
	case own:
		a = SponsoredAccountOf(p, skus)
	case brands:
		a = SponsoredAccountOf(p, skus)
		a.dropDisplay()
	}
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	if m := s.AdEdits.sponsored[p.ProfileID]; m != nil {
		a.Campaigns = append(a.Campaigns, m.Campaigns...)
		a.AdGroups = append(a.AdGroups, m.AdGroups...)
		a.ProductAds = append(a.ProductAds, m.ProductAds...)
		a.Targets = append(a.Targets, m.Targets...)
		a.Ads = append(a.Ads, m.Ads...)
		a.Keywords = append(a.Keywords, m.Keywords...)
	}
	return a
}

// makeOwn makes the profile's own campaigns (the package comment says which).
func (a *SponsoredAccount) makeOwn(p StandInProfile, list [][2]string) {
	base := (p.ProfileID % 100000) * 1_000_000_000
	id := func(kind, n int) string { return fmt.Sprint(base + int64(kind)*10_000_000 + int64(n)) }
	scale := int64(100)
	if p.CurrencyCode == "JPY" {
		scale = 1
	}
	money := func(cents int64) decimal.Decimal { return decimal.New(cents*scale, -2) }
	sku := func(i int) [2]string { return list[i%len(list)] }

	a.Campaigns = append(a.Campaigns,
		SponsoredCampaign{CampaignID: id(11, 1), AdType: "SD", Name: "SD 内容相关 1", State: "ENABLED", Tactic: "T00020",
			CostType: "cpc", StartDate: "20250101", Budget: money(1500)},
		SponsoredCampaign{CampaignID: id(11, 2), AdType: "SD", Name: "SD 受众 2", State: "PAUSED", Tactic: "T00030",
			CostType: "cpc", StartDate: "20250101", Budget: money(1000)},
		SponsoredCampaign{CampaignID: id(21, 1), AdType: "SB", Name: "SB 品牌 1", State: "ENABLED", StartDate: "2025-01-01",
			BrandEntityID: SBBrandEntity, Budget: money(2500)},
		SponsoredCampaign{CampaignID: id(21, 2), AdType: "SB", Name: "SB 品牌 2", State: "ARCHIVED", StartDate: "2025-01-01",
			BrandEntityID: SBBrandEntity, Budget: money(2000)})
	a.spends[id(11, 1)], a.spends[id(11, 2)] = [2]int{365, 1}, [2]int{365, 30}
	a.spends[id(21, 1)], a.spends[id(21, 2)] = [2]int{365, 1}, [2]int{365, 200}

	a.AdGroups = append(a.AdGroups,
		SponsoredAdGroup{AdGroupID: id(12, 1), CampaignID: id(11, 1), Name: "SD 组 1", DefaultBid: money(60)},
		SponsoredAdGroup{AdGroupID: id(12, 2), CampaignID: id(11, 2), Name: "SD 组 2", DefaultBid: money(50)},
		SponsoredAdGroup{AdGroupID: id(22, 1), CampaignID: id(21, 1), Name: "SB 组 1"},
		SponsoredAdGroup{AdGroupID: id(22, 2), CampaignID: id(21, 2), Name: "SB 组 2"})
	for i, n := range []int{0, 1, 2} {
		g, c, state := id(12, 1), id(11, 1), "ENABLED"
		if i == 2 {
			g, c = id(12, 2), id(11, 2)
		}
		a.ProductAds = append(a.ProductAds, AdProductAd{AdID: id(13, i+1), AdGroupID: g, CampaignID: c, SKU: sku(n)[0],
			ASIN: sku(n)[1], State: state, price: 1999 + int64(n%len(list))*500})
	}
	a.Targets = append(a.Targets,
		SponsoredTarget{TargetID: id(14, 1), AdGroupID: id(12, 1), CampaignID: id(11, 1), ASIN: sku(4)[1], Bid: money(70)},
		SponsoredTarget{TargetID: id(14, 2), AdGroupID: id(12, 1), CampaignID: id(11, 1), ASIN: sku(5)[1], Bid: money(60)},
		SponsoredTarget{TargetID: id(14, 3), AdGroupID: id(12, 2), CampaignID: id(11, 2), Lookback: "30", Bid: money(50)})
	a.Ads = append(a.Ads,
		SponsoredBrandAd{AdID: id(23, 1), AdGroupID: id(22, 1), Headline: "厨房秤 精准称重", BrandName: "StandIn",
			LogoAssetID: "amzn1.assetlibrary.asset1.standinlogo", ASINs: []string{sku(0)[1], sku(1)[1], sku(2)[1]}},
		SponsoredBrandAd{AdID: id(23, 2), AdGroupID: id(22, 2), Headline: "咖啡秤", BrandName: "StandIn",
			LogoAssetID: "amzn1.assetlibrary.asset1.standinlogo", ASINs: []string{sku(3)[1]}})
	for k, match := range []string{"BROAD", "PHRASE", "EXACT"} {
		a.Keywords = append(a.Keywords, AdKeyword{KeywordID: id(24, k+1), AdGroupID: id(22, 1), CampaignID: id(21, 1),
			Text: []string{"standin scale", "standin kitchen scale", "standin coffee scale"}[k], MatchType: match,
			State: "ENABLED", Bid: money(100 + int64(k)*20)})
	}
	a.BrandTargets = append(a.BrandTargets, SponsoredTarget{TargetID: id(25, 1), AdGroupID: id(22, 2), CampaignID: id(21, 2),
		ASIN: sku(0)[1], Bid: money(90)})
}

// dropDisplay leaves the account's Sponsored Brands campaigns only.
func (a *SponsoredAccount) dropDisplay() {
	brands := map[string]bool{}
	var campaigns []SponsoredCampaign
	for _, c := range a.Campaigns {
		if c.AdType == "SB" {
			brands[c.CampaignID] = true
			campaigns = append(campaigns, c)
		}
	}
	var groups []SponsoredAdGroup
	for _, g := range a.AdGroups {
		if brands[g.CampaignID] {
			groups = append(groups, g)
		}
	}
	a.Campaigns, a.AdGroups, a.ProductAds, a.Targets = campaigns, groups, nil, nil
}

// campaignOf is an ad group's campaign.
func (a *SponsoredAccount) campaignOf(adGroupID string) string {
	for _, g := range a.AdGroups {
		if g.AdGroupID == adGroupID {
			return g.CampaignID
		}
	}
	return ""
}

// stateOf is an entity's state: its campaign's, archived campaigns' ad groups and ads archived too.
func (a *SponsoredAccount) stateOf(campaignID string) string {
	for _, c := range a.Campaigns {
		if c.CampaignID == campaignID {
			if c.State == "ARCHIVED" {
				return "ARCHIVED"
			}
			return "ENABLED"
		}
	}
	return "ENABLED"
}

// days runs f over the days start..end (YYYY-MM-DD) that a campaign spent, with how many days back each is.
func (a *SponsoredAccount) days(now time.Time, start, end string, f func(day time.Time, back int)) {
	today := (&AdAccount{Timezone: a.Timezone}).Today(now)
	from, _ := time.Parse(time.DateOnly, start)
	to, _ := time.Parse(time.DateOnly, end)
	for day := from; !day.After(to); day = day.AddDate(0, 0, 1) {
		f(day, int(today.Sub(day).Hours()/24))
	}
}

func (a *SponsoredAccount) spent(campaignID string, back int) bool {
	w, ok := a.spends[campaignID]
	return ok && back <= w[0] && back >= w[1]
}

// SDProductDays are the Sponsored Display product ads' figures of the days, as sdAdvertisedProduct has them.
func (a *SponsoredAccount) SDProductDays(now time.Time, start, end string) []AdDay {
	var out []AdDay
	figures := &AdAccount{Currency: a.Currency}
	a.days(now, start, end, func(day time.Time, back int) {
		for _, ad := range a.ProductAds {
			if !a.spent(ad.CampaignID, back) {
				continue
			}
			if d, ok := figures.figures(ad, day); ok {
				out = append(out, d)
			}
		}
	})
	return out
}

// SDCampaignDays are the Sponsored Display campaigns' figures: their product ads' summed.
func (a *SponsoredAccount) SDCampaignDays(now time.Time, start, end string) []AdDay {
	return sumByCampaign(a.SDProductDays(now, start, end))
}

// SBCampaignDays are the Sponsored Brands campaigns' figures of the days (of a product collection priced as
// the campaign's first ASIN would be).
func (a *SponsoredAccount) SBCampaignDays(now time.Time, start, end string) []AdDay {
	var out []AdDay
	figures := &AdAccount{Currency: a.Currency}
	a.days(now, start, end, func(day time.Time, back int) {
		for _, c := range a.Campaigns {
			if c.AdType != "SB" || !a.spent(c.CampaignID, back) {
				continue
			}
			if d, ok := figures.figures(AdProductAd{AdID: c.CampaignID, CampaignID: c.CampaignID, price: 2999}, day); ok {
				d.SKU, d.ASIN, d.AdID = "", "", ""
				out = append(out, d)
			}
		}
	})
	return out
}

func sumByCampaign(days []AdDay) []AdDay {
	var out []AdDay
	at := map[[2]string]int{}
	for _, d := range days {
		k := [2]string{d.Date, d.CampaignID}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, AdDay{Date: d.Date, CampaignID: d.CampaignID, Cost: decimal.Zero, Sales: decimal.Zero})
			i = len(out) - 1
		}
		c := &out[i]
		c.Impressions += d.Impressions
		c.Clicks += d.Clicks
		c.Orders += d.Orders
		c.Units += d.Units
		c.Cost = c.Cost.Add(d.Cost)
		c.Sales = c.Sales.Add(d.Sales)
	}
	return out
}

// sponsoredReportRows are a Sponsored Display or Sponsored Brands report's rows (false: not one of theirs).
func sponsoredReportRows(a *SponsoredAccount, reportType string, now time.Time, start, end string) ([]map[string]any, bool) {
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	names := map[string]SponsoredCampaign{}
	for _, c := range a.Campaigns {
		names[c.CampaignID] = c
	}
	row := func(d AdDay) map[string]any {
		return map[string]any{"date": d.Date, "campaignId": num(d.CampaignID), "impressions": d.Impressions, "clicks": d.Clicks,
			"cost": json.Number(d.Cost.String()), "purchases": d.Orders, "sales": json.Number(d.Sales.String()), "unitsSold": d.Units}
	}
	var rows []map[string]any
	switch reportType {
	case "sbCampaigns", "sdCampaigns":
		days := a.SDCampaignDays(now, start, end)
		if reportType == "sbCampaigns" {
			days = a.SBCampaignDays(now, start, end)
		}
		for _, d := range days {
			r := row(d)
			r["campaignName"], r["campaignStatus"] = names[d.CampaignID].Name, names[d.CampaignID].State
			rows = append(rows, r)
		}
	case "sdAdvertisedProduct":
		for _, d := range a.SDProductDays(now, start, end) {
			r := row(d)
			r["adGroupId"], r["adId"], r["promotedSku"], r["promotedAsin"] = num(d.AdGroupID), num(d.AdID), d.SKU, d.ASIN
			rows = append(rows, r)
		}
	default:
		return nil, false
	}
	return rows, true
}

// addSponsoredLists adds the Sponsored Display and Sponsored Brands list calls (functions: the Server is at its
// size).
func addSponsoredLists(s *Server) {
	for _, kind := range []string{"campaigns", "adGroups", "productAds", "targets"} {
		s.Mux.HandleFunc("GET /sd/"+kind, func(w http.ResponseWriter, r *http.Request) { sponsoredIndexed(s, w, r, "sd/"+kind) })
	}
	s.Mux.HandleFunc("GET /sb/keywords", func(w http.ResponseWriter, r *http.Request) { sponsoredIndexed(s, w, r, "sb/keywords") })
	for kind, media := range sbMedia {
		if kind == "ads/productCollection" {
			kind = "ads"
		}
		s.Mux.HandleFunc("POST /sb/v4/"+kind+"/list", func(w http.ResponseWriter, r *http.Request) {
			sponsoredTokenList(s, w, r, "sb/"+kind, media[0], media[1])
		})
	}
	s.Mux.HandleFunc("POST /sb/targets/list", func(w http.ResponseWriter, r *http.Request) {
		sponsoredTokenList(s, w, r, "sb/targets", "application/json", "targets")
	})
}

// sponsoredOf reads a list call's profile and its account; false when it has answered.
func sponsoredOf(s *Server, w http.ResponseWriter, r *http.Request) (*SponsoredAccount, bool) {
	s.mu.Lock()
	p, ok := scopedProfile(s, w, r)
	skus, own := s.AdSKUs, s.AdDisplayBrands
	s.mu.Unlock()
	if !ok {
		return nil, false
	}
	return sponsoredAccount(s, p, skus, own), true
}

// sponsoredItems are the entities of a kind as Amazon writes them: Sponsored Display's and Sponsored Brands v3's
// keywords with number ids and lower-case states, Sponsored Brands v4's with string ids.
func sponsoredItems(a *SponsoredAccount, kind string) []any {
	num := func(s string) json.Number { return json.Number(s) }
	var all []any
	for _, c := range a.Campaigns {
		switch {
		case kind == "sd/campaigns" && c.AdType == "SD":
			item := map[string]any{"campaignId": num(c.CampaignID), "name": c.Name, "tactic": c.Tactic, "costType": c.CostType,
				"state": strings.ToLower(c.State), "budget": json.Number(c.Budget.String()), "budgetType": "daily",
				"startDate": c.StartDate, "deliveryProfile": "as_soon_as_possible"}
			if c.EndDate != "" {
				item["endDate"] = c.EndDate
			}
			all = append(all, item)
		case kind == "sb/campaigns" && c.AdType == "SB":
			item := map[string]any{"campaignId": c.CampaignID, "name": c.Name, "state": c.State,
				"budget": json.Number(c.Budget.String()), "budgetType": "DAILY", "startDate": c.StartDate,
				"brandEntityId": c.BrandEntityID, "costType": "CPC"}
			if c.EndDate != "" {
				item["endDate"] = c.EndDate
			}
			all = append(all, item)
		}
	}
	adTypes := map[string]string{}
	for _, c := range a.Campaigns {
		adTypes[c.CampaignID] = c.AdType
	}
	switch kind {
	case "sd/adGroups", "sb/adGroups":
		for _, g := range a.AdGroups {
			state := a.stateOf(g.CampaignID)
			if kind == "sd/adGroups" && adTypes[g.CampaignID] == "SD" {
				all = append(all, map[string]any{"adGroupId": num(g.AdGroupID), "campaignId": num(g.CampaignID), "name": g.Name,
					"state": strings.ToLower(state), "defaultBid": json.Number(g.DefaultBid.String())})
			}
			if kind == "sb/adGroups" && adTypes[g.CampaignID] == "SB" {
				all = append(all, map[string]any{"adGroupId": g.AdGroupID, "campaignId": g.CampaignID, "name": g.Name, "state": state})
			}
		}
	case "sd/productAds":
		for _, ad := range a.ProductAds {
			all = append(all, map[string]any{"adId": num(ad.AdID), "adGroupId": num(ad.AdGroupID), "campaignId": num(ad.CampaignID),
				"sku": ad.SKU, "asin": ad.ASIN, "state": strings.ToLower(a.stateOf(ad.CampaignID))})
		}
	case "sd/targets":
		for _, t := range a.Targets {
			expr := []map[string]any{{"type": "asinSameAs", "value": t.ASIN}}
			if t.Lookback != "" {
				expr = []map[string]any{{"type": "views", "value": []map[string]string{{"type": "exactProduct"},
					{"type": "lookback", "value": t.Lookback}}}}
			}
			all = append(all, map[string]any{"targetId": num(t.TargetID), "adGroupId": num(t.AdGroupID), "campaignId": num(t.CampaignID),
				"expressionType": "manual", "expression": expr, "resolvedExpression": expr,
				"state": strings.ToLower(a.stateOf(t.CampaignID)), "bid": json.Number(t.Bid.String())})
		}
	case "sb/ads":
		for _, ad := range a.Ads {
			campaign := a.campaignOf(ad.AdGroupID)
			creative := ad.ASINs
			if len(creative) > 3 {
				creative = creative[:3]
			}
			all = append(all, map[string]any{"adId": ad.AdID, "adGroupId": ad.AdGroupID, "campaignId": campaign, "name": ad.Headline,
				"state": a.stateOf(campaign), "landingPage": map[string]any{"pageType": "PRODUCT_LIST", "asins": ad.ASINs},
				"creative": map[string]any{"type": "PRODUCT_COLLECTION", "asins": creative, "brandName": ad.BrandName,
					"brandLogoAssetID": ad.LogoAssetID, "headline": ad.Headline}})
		}
	case "sb/keywords":
		for _, k := range a.Keywords {
			all = append(all, map[string]any{"keywordId": num(k.KeywordID), "adGroupId": num(k.AdGroupID),
				"campaignId": num(k.CampaignID), "keywordText": k.Text, "matchType": strings.ToLower(k.MatchType),
				"state": strings.ToLower(a.stateOf(k.CampaignID)), "bid": json.Number(k.Bid.String())})
		}
	case "sb/targets":
		for _, t := range a.BrandTargets {
			expr := []map[string]string{{"type": "asinSameAs", "value": t.ASIN}}
			all = append(all, map[string]any{"targetId": num(t.TargetID), "adGroupId": num(t.AdGroupID), "campaignId": num(t.CampaignID),
				"expressions": expr, "resolvedExpressions": expr, "state": strings.ToLower(a.stateOf(t.CampaignID)),
				"bid": json.Number(t.Bid.String())})
		}
	}
	return all
}

// sponsoredIndexed is a startIndex/count list (Sponsored Display's, Sponsored Brands v3 keywords'): a JSON array.
func sponsoredIndexed(s *Server, w http.ResponseWriter, r *http.Request, kind string) {
	a, ok := sponsoredOf(s, w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	from, err1 := strconv.Atoi(q.Get("startIndex"))
	count, err2 := strconv.Atoi(q.Get("count"))
	if (q.Has("startIndex") && (err1 != nil || from < 0)) || (q.Has("count") && (err2 != nil || count < 1 || count > 5000)) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "INVALID_ARGUMENT", "details": "startIndex or count is invalid"})
		return
	}
	if !q.Has("count") {
		count = 5000
	}
	// Pages of a few entities, however many are asked for, so that paging is always exercised.
	count = min(count, adPageSize(s))
	all := sponsoredItems(a, kind)
	out := all[min(from, len(all)):min(from+count, len(all))]
	if len(out) == 0 {
		out = []any{}
	}
	writeJSON(w, http.StatusOK, out)
}

// sponsoredTokenList is a nextToken list (Sponsored Brands v4's, its targets'): {<field>: [...], nextToken}.
func sponsoredTokenList(s *Server, w http.ResponseWriter, r *http.Request, kind, media, field string) {
	a, ok := sponsoredOf(s, w, r)
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != media {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type must be " + media})
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
	size := body.MaxResults
	if size <= 0 || size > 100 {
		size = 100
	}
	size = min(size, adPageSize(s))
	all := sponsoredItems(a, kind)
	from, _ := strconv.Atoi(body.NextToken)
	to := min(from+size, len(all))
	items := all[min(from, len(all)):to]
	if len(items) == 0 {
		items = []any{}
	}
	page := map[string]any{field: items, "totalResults": len(all)}
	if to < len(all) {
		page["nextToken"] = strconv.Itoa(to)
	}
	w.Header().Set("Content-Type", media)
	bs, _ := json.Marshal(page)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(bs)
}
