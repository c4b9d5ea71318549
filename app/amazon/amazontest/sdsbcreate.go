package amazontest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Sponsored Display and Sponsored Brands creation, as Amazon documents it.
//
// Sponsored Display (v3 of its API): POST /sd/campaigns, /sd/adGroups, /sd/productAds and /sd/targets take a JSON
// array and answer 207 with one item per entity in its order: {code: "SUCCESS", <id>} or {code, description}.
// A campaign needs a name unused in the profile, tactic T00020 (contextual) or T00030 (audiences), budgetType
// daily, a budget of at least 1 (100 yen), startDate YYYYMMDD today or later, costType cpc or vcpm; an ad group a
// campaign of the profile, a name its campaign has not, a default bid in the range of its cost type (and for cpc
// not above the budget); a product ad a SKU the seller sells there; a target asinSameAs (contextual) or a views
// audience with a lookback of 7, 14, 30, 60 or 90 days (audiences).
//
// Sponsored Brands v4: POST /sb/v4/campaigns {campaigns}, /sb/v4/adGroups {adGroups} and
// /sb/v4/ads/productCollection {ads} with their media types answer 207 {<field>: {success: [{index, <id>}],
// error: [{index, errors: [{errorType, errorValue}]}]}}. A campaign needs a name unused, budgetType DAILY, a
// budget, startDate YYYY-MM-DD today or later and, for a seller, the brandEntityId of one of its brands
// (SBBrandEntity); an ad a landing page of 3 to 100 of the seller's ASINs, a headline of at most 50 characters, a
// brand name and a logo of the advertiser's library (SBLogoAssets, amzn1.assetlibrary.asset1.*). POST
// /sb/keywords takes an array (broad, phrase or exact, bid 0.10-49, 10-7000 yen) and answers like Sponsored
// Display.
//
// AdEdits.Refuse(name, SKU, headline or keyword text, message) refuses one for a reason of the test's. What is
// created is kept (SponsoredCreated lists it).

// SBBrandEntity is the brand the stand-in's sellers registered (GET /brands lists it, sbbrands.go).
const SBBrandEntity = "ENTITY2STANDINBRAND"

// sponsoredMade are a profile's Sponsored Display and Sponsored Brands entities created through the API.
type sponsoredMade struct {
	Campaigns  []SponsoredCampaign
	AdGroups   []SponsoredAdGroup
	ProductAds []AdProductAd
	Targets    []SponsoredTarget
	Ads        []SponsoredBrandAd
	Keywords   []AdKeyword
}

// SponsoredCampaign is a created Sponsored Display (AdType SD) or Sponsored Brands (SB) campaign.
type SponsoredCampaign struct {
	CampaignID, AdType, Name, State, Tactic, CostType, StartDate, EndDate, BrandEntityID string
	Budget                                                                               decimal.Decimal
}

// SponsoredAdGroup is a created ad group; DefaultBid is Sponsored Display's.
type SponsoredAdGroup struct {
	AdGroupID, CampaignID, Name string
	DefaultBid                  decimal.Decimal
}

// SponsoredTarget is a created Sponsored Display target: an ASIN (contextual) or a views audience's lookback days.
type SponsoredTarget struct {
	TargetID, AdGroupID, CampaignID, ASIN, Lookback string
	Bid                                             decimal.Decimal
}

// SponsoredBrandAd is a created product collection ad.
type SponsoredBrandAd struct {
	AdID, AdGroupID, Headline, BrandName, LogoAssetID string
	ASINs                                             []string
}

// SponsoredCreated are the Sponsored Display and Sponsored Brands entities created for a profile.
func SponsoredCreated(s *Server, profileID int64) sponsoredMade {
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	if m := s.AdEdits.sponsored[profileID]; m != nil {
		return *m
	}
	return sponsoredMade{}
}

var (
	sbMedia = map[string][2]string{
		"campaigns":             {"application/vnd.sbcampaignresource.v4+json", "campaigns"},
		"adGroups":              {"application/vnd.sbadgroupresource.v4+json", "adGroups"},
		"ads/productCollection": {"application/vnd.sbadresource.v4+json", "ads"},
	}
	sbIDs         = map[string]string{"campaigns": "campaignId", "adGroups": "adGroupId", "ads/productCollection": "adId"}
	sdIDs         = map[string]string{"campaigns": "campaignId", "adGroups": "adGroupId", "productAds": "adId", "targets": "targetId"}
	logoAsset     = regexp.MustCompile(`^amzn1\.assetlibrary\.asset1\.[A-Za-z0-9]+(:version_v\d+)?$`)
	sdLookbacks   = []string{"7", "14", "30", "60", "90"}
	sbMatchTypes  = []string{"broad", "phrase", "exact"}
	sdBidOptimize = map[string][]string{"cpc": {"clicks", "conversions"}, "vcpm": {"reach"}}
)

// addSponsoredCreations adds the Sponsored Display and Sponsored Brands creation calls (functions: the Server is at
// its size).
func addSponsoredCreations(s *Server) {
	for kind := range sdIDs {
		s.Mux.HandleFunc("POST /sd/"+kind, func(w http.ResponseWriter, r *http.Request) { sdCreate(s, w, r, kind) })
	}
	for kind := range sbMedia {
		s.Mux.HandleFunc("POST /sb/v4/"+kind, func(w http.ResponseWriter, r *http.Request) { sbCreate(s, w, r, kind) })
	}
	s.Mux.HandleFunc("POST /sb/keywords", func(w http.ResponseWriter, r *http.Request) { sdCreate(s, w, r, "sbKeywords") })
	addSponsoredBrandAssets(s)
}

// sponsoredItem is an entity to create as the Sponsored Display and Sponsored Brands bodies carry it (every
// kind's fields together).
type sponsoredItem struct {
	Name            string           `json:"name"`
	State           string           `json:"state"`
	Tactic          string           `json:"tactic"`
	CostType        string           `json:"costType"`
	BudgetType      string           `json:"budgetType"`
	Budget          *decimal.Decimal `json:"budget"`
	StartDate       string           `json:"startDate"`
	EndDate         string           `json:"endDate"`
	BrandEntityID   string           `json:"brandEntityId"`
	CampaignID      json.Number      `json:"campaignId"`
	AdGroupID       json.Number      `json:"adGroupId"`
	DefaultBid      *decimal.Decimal `json:"defaultBid"`
	BidOptimization string           `json:"bidOptimization"`
	SKU             string           `json:"sku"`
	Bid             *decimal.Decimal `json:"bid"`
	ExpressionType  string           `json:"expressionType"`
	Expression      []sdExpression   `json:"expression"`
	KeywordText     string           `json:"keywordText"`
	MatchType       string           `json:"matchType"`
	LandingPage     *sbLandingPage   `json:"landingPage"`
	Creative        *sbCreative      `json:"creative"`
}

type sdExpression struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

type sbLandingPage struct {
	PageType string   `json:"pageType"`
	ASINs    []string `json:"asins"`
}

type sbCreative struct {
	ASINs            []string `json:"asins"`
	BrandName        string   `json:"brandName"`
	BrandLogoAssetID string   `json:"brandLogoAssetID"`
	Headline         string   `json:"headline"`
}

// sponsoredCheck is what a creation checks against: the profile's currency, day, SKUs and what it already holds.
type sponsoredCheck struct {
	s     *Server
	yen   bool
	today time.Time
	sold  map[string]string // SKU -> ASIN
	asins map[string]bool
	made  *sponsoredMade
}

func (c sponsoredCheck) campaign(id string, adType string) (SponsoredCampaign, bool) {
	for _, x := range c.made.Campaigns {
		if x.CampaignID == id && x.AdType == adType {
			return x, true
		}
	}
	return SponsoredCampaign{}, false
}

func (c sponsoredCheck) adGroup(id string) (SponsoredAdGroup, bool) {
	for _, g := range c.made.AdGroups {
		if g.AdGroupID == id {
			return g, true
		}
	}
	return SponsoredAdGroup{}, false
}

func (c sponsoredCheck) nameTaken(adType, name string) bool {
	for _, x := range c.made.Campaigns {
		if x.AdType == adType && strings.EqualFold(x.Name, name) {
			return true
		}
	}
	return false
}

func (c sponsoredCheck) newID() string {
	c.s.AdEdits.next++
	return fmt.Sprint(9_000_000_000 + c.s.AdEdits.next)
}

func (c sponsoredCheck) minBudget() decimal.Decimal {
	if c.yen {
		return decimal.New(100, 0)
	}
	return decimal.New(1, 0)
}

// begin reads the request's profile and body and holds the edits' lock; ok false when it has answered.
func sponsoredBegin(s *Server, w http.ResponseWriter, r *http.Request, media string, body any) (sponsoredCheck, bool) {
	s.mu.Lock()
	p, ok := scopedProfile(s, w, r)
	skus := s.AdSKUs
	s.mu.Unlock()
	if !ok {
		return sponsoredCheck{}, false
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), media) {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type must be " + media})
		return sponsoredCheck{}, false
	}
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, body); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "INVALID_ARGUMENT", "details": "malformed body"})
		return sponsoredCheck{}, false
	}
	a := AdAccountOf(p, skus)
	c := sponsoredCheck{s: s, yen: p.CurrencyCode == "JPY", today: a.Today(time.Now()), sold: map[string]string{}, asins: map[string]bool{}}
	for _, sku := range skus0(skus)(p) {
		c.sold[sku[0]] = sku[1]
		c.asins[sku[1]] = true
	}
	s.AdEdits.mu.Lock()
	if s.AdEdits.sponsored == nil {
		s.AdEdits.sponsored = map[int64]*sponsoredMade{}
	}
	if s.AdEdits.sponsored[p.ProfileID] == nil {
		s.AdEdits.sponsored[p.ProfileID] = &sponsoredMade{}
	}
	c.made = s.AdEdits.sponsored[p.ProfileID]
	return c, true
}

// sdCreate is a Sponsored Display creation (or Sponsored Brands' keywords, answered the same way).
func sdCreate(s *Server, w http.ResponseWriter, r *http.Request, kind string) {
	var items []sponsoredItem
	c, ok := sponsoredBegin(s, w, r, "application/json", &items)
	if !ok {
		return
	}
	defer s.AdEdits.mu.Unlock()
	if len(items) == 0 || len(items) > spMutationLimit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "INVALID_ARGUMENT", "details": "between 1 and 1000 entities may be created in one request"})
		return
	}
	out := make([]map[string]any, len(items))
	for i, it := range items {
		code, why, refusalKey := sdRefusal(c, kind, it)
		if code == "" && s.AdEdits.refusals[refusalKey] != "" {
			code, why = "INVALID_ARGUMENT", s.AdEdits.refusals[refusalKey]
		}
		if code != "" {
			out[i] = map[string]any{"code": code, "description": why}
			continue
		}
		id := c.newID()
		idField := sdIDs[kind]
		switch kind {
		case "campaigns":
			c.made.Campaigns = append(c.made.Campaigns, SponsoredCampaign{CampaignID: id, AdType: "SD", Name: strings.TrimSpace(it.Name),
				State: strings.ToUpper(it.State), Tactic: it.Tactic, CostType: it.CostType, StartDate: it.StartDate, EndDate: it.EndDate, Budget: *it.Budget})
		case "adGroups":
			c.made.AdGroups = append(c.made.AdGroups, SponsoredAdGroup{AdGroupID: id, CampaignID: it.CampaignID.String(),
				Name: strings.TrimSpace(it.Name), DefaultBid: *it.DefaultBid})
		case "productAds":
			c.made.ProductAds = append(c.made.ProductAds, AdProductAd{AdID: id, AdGroupID: it.AdGroupID.String(),
				CampaignID: it.CampaignID.String(), SKU: it.SKU, ASIN: c.sold[it.SKU], State: "ENABLED"})
		case "targets":
			g, _ := c.adGroup(it.AdGroupID.String())
			t := SponsoredTarget{TargetID: id, AdGroupID: g.AdGroupID, CampaignID: g.CampaignID, Bid: g.DefaultBid}
			if it.Bid != nil {
				t.Bid = *it.Bid
			}
			t.ASIN, t.Lookback = sdTargetOf(it.Expression)
			c.made.Targets = append(c.made.Targets, t)
		case "sbKeywords":
			idField = "keywordId"
			c.made.Keywords = append(c.made.Keywords, AdKeyword{KeywordID: id, AdGroupID: it.AdGroupID.String(),
				CampaignID: it.CampaignID.String(), Text: strings.TrimSpace(it.KeywordText), MatchType: strings.ToUpper(it.MatchType),
				State: "ENABLED", Bid: *it.Bid})
		}
		out[i] = map[string]any{"code": "SUCCESS", idField: json.Number(id)}
	}
	writeJSON(w, http.StatusMultiStatus, out)
}

// sdTargetOf reads a target's ASIN (asinSameAs) or views audience's lookback days.
func sdTargetOf(expression []sdExpression) (asin, lookback string) {
	if len(expression) != 1 {
		return "", ""
	}
	e := expression[0]
	switch e.Type {
	case "asinSameAs":
		_ = json.Unmarshal(e.Value, &asin)
	case "views":
		var parts []struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		}
		_ = json.Unmarshal(e.Value, &parts)
		for _, p := range parts {
			if p.Type == "lookback" {
				lookback = p.Value
			}
		}
	}
	return asin, lookback
}

// sdRefusal is Amazon's refusal of a Sponsored Display entity (or Sponsored Brands keyword): its code and
// description, none when it is created; and the key AdEdits.Refuse refuses it by.
func sdRefusal(c sponsoredCheck, kind string, it sponsoredItem) (code, why, key string) {
	name := strings.TrimSpace(it.Name)
	switch kind {
	case "campaigns":
		start, startErr := time.Parse("20060102", it.StartDate)
		end, endErr := time.Parse("20060102", it.EndDate)
		switch {
		case name == "" || len([]rune(name)) > 128:
			return "INVALID_ARGUMENT", "name must have 1 to 128 characters", name
		case c.nameTaken("SD", name):
			return "DUPLICATE_VALUE", "A campaign with the name " + name + " already exists", name
		case it.Tactic != "T00020" && it.Tactic != "T00030":
			return "INVALID_ARGUMENT", "tactic must be T00020 or T00030", name
		case it.CostType != "cpc" && it.CostType != "vcpm":
			return "INVALID_ARGUMENT", "costType must be cpc or vcpm", name
		case it.BudgetType != "daily" || it.Budget == nil:
			return "INVALID_ARGUMENT", "budget with budgetType daily is required", name
		case it.Budget.LessThan(c.minBudget()):
			return "INVALID_BUDGET", "budget must be at least " + c.minBudget().String(), name
		case startErr != nil || start.Before(c.today):
			return "INVALID_DATE", "startDate must be today or later (YYYYMMDD)", name
		case it.EndDate != "" && (endErr != nil || !end.After(start)):
			return "INVALID_DATE", "endDate must be after startDate", name
		case it.State != "enabled" && it.State != "paused":
			return "INVALID_ARGUMENT", "state must be enabled or paused", name
		}
		return "", "", name
	case "adGroups":
		camp, found := c.campaign(it.CampaignID.String(), "SD")
		lo, hi := decimal.New(2, -2), decimal.New(1000, 0)
		if camp.CostType == "vcpm" {
			lo = decimal.New(1, 0)
		}
		if c.yen {
			lo, hi = decimal.New(2, 0), decimal.New(100000, 0)
			if camp.CostType == "vcpm" {
				lo = decimal.New(100, 0)
			}
		}
		switch {
		case !found:
			return "NOT_FOUND", "campaignId " + it.CampaignID.String() + " was not found", name
		case name == "" || len([]rune(name)) > 255:
			return "INVALID_ARGUMENT", "name must have 1 to 255 characters", name
		case slices.ContainsFunc(c.made.AdGroups, func(g SponsoredAdGroup) bool {
			return g.CampaignID == camp.CampaignID && strings.EqualFold(g.Name, name)
		}):
			return "DUPLICATE_VALUE", "An ad group with the same name already exists in the campaign", name
		case it.DefaultBid == nil || it.DefaultBid.LessThan(lo) || it.DefaultBid.GreaterThan(hi):
			return "INVALID_BID", "defaultBid must be between " + lo.String() + " and " + hi.String(), name
		case camp.CostType == "cpc" && it.DefaultBid.GreaterThan(camp.Budget):
			return "INVALID_BID", "defaultBid cannot be greater than the campaign's daily budget", name
		case !slices.Contains(sdBidOptimize[camp.CostType], it.BidOptimization):
			return "INVALID_ARGUMENT", "bidOptimization " + it.BidOptimization + " is not allowed with costType " + camp.CostType, name
		}
		return "", "", name
	case "productAds":
		g, found := c.adGroup(it.AdGroupID.String())
		switch {
		case !found || g.CampaignID != it.CampaignID.String():
			return "NOT_FOUND", "adGroupId " + it.AdGroupID.String() + " was not found in the campaign", it.SKU
		case c.sold[it.SKU] == "":
			return "NOT_FOUND", "sku " + it.SKU + " is not an offer of this seller in the marketplace", it.SKU
		case slices.ContainsFunc(c.made.ProductAds, func(a AdProductAd) bool { return a.AdGroupID == g.AdGroupID && a.SKU == it.SKU }):
			return "DUPLICATE_VALUE", "The ad group already advertises sku " + it.SKU, it.SKU
		}
		return "", "", it.SKU
	case "targets":
		g, found := c.adGroup(it.AdGroupID.String())
		camp, _ := c.campaign(g.CampaignID, "SD")
		asin, lookback := sdTargetOf(it.Expression)
		key := asin + lookback
		switch {
		case !found:
			return "NOT_FOUND", "adGroupId " + it.AdGroupID.String() + " was not found", key
		case it.ExpressionType != "manual":
			return "INVALID_ARGUMENT", "expressionType must be manual", key
		case camp.Tactic == "T00020" && !asinPattern.MatchString(asin):
			return "INVALID_ARGUMENT", "a contextual target is one asinSameAs of a 10-character ASIN", key
		case camp.Tactic == "T00030" && !slices.Contains(sdLookbacks, lookback):
			return "INVALID_ARGUMENT", "an audience target is views with a lookback of 7, 14, 30, 60 or 90 days", key
		case slices.ContainsFunc(c.made.Targets, func(t SponsoredTarget) bool {
			return t.AdGroupID == g.AdGroupID && t.ASIN == asin && t.Lookback == lookback
		}):
			return "DUPLICATE_VALUE", "The same targeting expression already exists in the ad group", key
		}
		return "", "", key
	default: // Sponsored Brands keywords
		text := strings.TrimSpace(it.KeywordText)
		lo, hi := decimal.New(10, -2), decimal.New(49, 0)
		if c.yen {
			lo, hi = decimal.New(10, 0), decimal.New(7000, 0)
		}
		_, found := c.campaign(it.CampaignID.String(), "SB")
		g, gFound := c.adGroup(it.AdGroupID.String())
		switch {
		case !found || !gFound || g.CampaignID != it.CampaignID.String():
			return "NOT_FOUND", "adGroupId " + it.AdGroupID.String() + " was not found in the campaign", text
		case text == "" || len([]rune(text)) > 80 || len(strings.Fields(text)) > 10:
			return "INVALID_ARGUMENT", "keywordText must have 1 to 80 characters and at most 10 words", text
		case !slices.Contains(sbMatchTypes, it.MatchType):
			return "INVALID_ARGUMENT", "matchType must be broad, phrase or exact", text
		case it.Bid == nil || it.Bid.LessThan(lo) || it.Bid.GreaterThan(hi):
			return "INVALID_BID", "bid must be between " + lo.String() + " and " + hi.String(), text
		case slices.ContainsFunc(c.made.Keywords, func(k AdKeyword) bool {
			return k.AdGroupID == g.AdGroupID && strings.EqualFold(k.Text, text) && k.MatchType == strings.ToUpper(it.MatchType)
		}):
			return "DUPLICATE_VALUE", "A keyword with the same keywordText and matchType already exists", text
		}
		return "", "", text
	}
}
