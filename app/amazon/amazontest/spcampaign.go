package amazontest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Sponsored Products v3 creation of campaigns, ad groups, product ads and targeting clauses, as Amazon documents
// it: POST /sp/campaigns {campaigns: [...]}, /sp/adGroups {adGroups}, /sp/productAds {productAds} and /sp/targets
// {targetingClauses}, each with its media type, answer 207 with each entity's success (its new id) or error by
// index. Amazon refuses per entity: a campaign name already used in the profile, a budget under the marketplace's
// least (1, or 100 yen), a start date before today, an unknown bidding strategy or a placement adjustment outside
// 0-900 %; an ad group under an unknown or archived campaign, of a name its campaign has, or with a default bid out
// of range or above the budget; a product ad of a SKU the seller does not sell there; a targeting clause under an
// automatic campaign, or twice. AdEdits.Refuse(name, sku or ASIN, message) refuses one for a reason of the test's.
// What is created is kept and listed, so the next sync reads it.

// spNewKinds are the creation calls: the media type and the body's array field.
var spNewKinds = map[string][2]string{
	"campaigns":  {"application/vnd.spCampaign.v3+json", "campaigns"},
	"adGroups":   {"application/vnd.spAdGroup.v3+json", "adGroups"},
	"productAds": {"application/vnd.spProductAd.v3+json", "productAds"},
	"targets":    {"application/vnd.spTargetingClause.v3+json", "targetingClauses"},
}

// spPlacements are the placements a campaign's bids are raised for, in the order listed.
var spPlacements = []string{"PLACEMENT_TOP", "PLACEMENT_PRODUCT_PAGE", "PLACEMENT_REST_OF_SEARCH"}

var asinPattern = regexp.MustCompile(`^[A-Z0-9]{10}$`)

func addSPCampaignCreations(s *Server) {
	for kind, op := range spNewKinds {
		s.Mux.HandleFunc("POST /sp/"+kind, func(w http.ResponseWriter, r *http.Request) { adsAPI{s}.spNew(w, r, kind, op[0], op[1]) })
	}
}

// spNewItem is an entity to create as the v3 bodies carry it (the fields of every kind together).
type spNewItem struct {
	Name           string           `json:"name"`
	State          string           `json:"state"`
	TargetingType  string           `json:"targetingType"`
	StartDate      string           `json:"startDate"`
	EndDate        string           `json:"endDate"`
	PortfolioID    string           `json:"portfolioId"`
	CampaignID     string           `json:"campaignId"`
	AdGroupID      string           `json:"adGroupId"`
	SKU            string           `json:"sku"`
	DefaultBid     *decimal.Decimal `json:"defaultBid"`
	Bid            *decimal.Decimal `json:"bid"`
	ExpressionType string           `json:"expressionType"`
	Expression     []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"expression"`
	Budget *struct {
		Budget     decimal.Decimal `json:"budget"`
		BudgetType string          `json:"budgetType"`
	} `json:"budget"`
	DynamicBidding *struct {
		Strategy         string `json:"strategy"`
		PlacementBidding []struct {
			Placement  string `json:"placement"`
			Percentage int    `json:"percentage"`
		} `json:"placementBidding"`
	} `json:"dynamicBidding"`
}

func (s adsAPI) spNew(w http.ResponseWriter, r *http.Request, kind, media, field string) {
	s.mu.Lock()
	p, ok := scopedProfile(s.Server, w, r)
	skus := s.AdSKUs
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != media {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type must be " + media})
		return
	}
	var body map[string][]spNewItem
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &body); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "malformed body"})
		return
	}
	items := body[field]
	if len(items) == 0 || len(items) > spMutationLimit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST",
			"message": "between 1 and 1000 entities may be created in one request"})
		return
	}
	a := AdAccountOf(p, skus)
	s.AdEdits.apply(p.ProfileID, a)
	campaigns, names := map[string]AdCampaign{}, map[string]bool{}
	for _, c := range a.Campaigns {
		campaigns[c.CampaignID] = c
		names[strings.ToLower(c.Name)] = true
	}
	groups, groupNames := map[string]AdGroupEntity{}, map[string]bool{}
	for _, g := range a.AdGroups {
		groups[g.AdGroupID] = g
		groupNames[g.CampaignID+"|"+strings.ToLower(g.Name)] = true
	}
	portfolios := map[string]bool{}
	for _, pf := range a.Portfolios {
		portfolios[pf.PortfolioID] = true
	}
	sold := map[string]string{}
	for _, sku := range skus0(skus)(p) {
		sold[sku[0]] = sku[1]
	}
	taken := map[string]bool{}
	for _, ad := range a.ProductAds {
		taken[ad.AdGroupID+"|sku|"+ad.SKU] = true
	}
	for _, t := range a.Targets {
		taken[t.AdGroupID+"|asin|"+t.ASIN] = true
	}
	minBid, maxBid, minBudget := decimal.New(2, -2), decimal.New(1000, 0), decimal.New(1, 0)
	if a.Currency == "JPY" {
		minBid, maxBid, minBudget = decimal.New(2, 0), decimal.New(100000, 0), decimal.New(100, 0)
	}
	maxBudget := decimal.New(1_000_000, 0)
	today := a.Today(time.Now()).Format(time.DateOnly)
	ids := map[string]string{"campaigns": "campaignId", "adGroups": "adGroupId", "productAds": "adId", "targets": "targetId"}
	success, failure := []map[string]any{}, []map[string]any{}
	refuse := func(i int, errorType, reason, message string) {
		failure = append(failure, map[string]any{"index": i, "errors": []map[string]any{{"errorType": errorType,
			"errorValue": map[string]any{errorType: map[string]any{"reason": reason, "message": message}}}}})
	}
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	made := s.AdEdits.created[p.ProfileID]
	if made == nil {
		made = &adCreated{}
		s.AdEdits.created[p.ProfileID] = made
	}
	// never is the campaign of a created product ad for the figures: it spends on no day.
	never := &AdCampaign{spendsFrom: -1}
	for i, it := range items {
		name := strings.TrimSpace(it.Name)
		var why [3]string
		switch kind {
		case "campaigns":
			why = checkNewCampaign(it, name, names, portfolios, today, minBudget, maxBudget)
		case "adGroups":
			c, found := campaigns[it.CampaignID]
			switch {
			case !found:
				why = [3]string{"entityNotFoundError", "ENTITY_NOT_FOUND", "campaignId " + it.CampaignID + " was not found"}
			case c.State == "ARCHIVED":
				why = [3]string{"entityStateError", "PARENT_ENTITY_ARCHIVED", "Cannot create an ad group under an archived campaign"}
			case name == "" || len([]rune(name)) > 255:
				why = [3]string{"malformedValueError", "INVALID_ARGUMENT", "name must have 1 to 255 characters"}
			case groupNames[it.CampaignID+"|"+strings.ToLower(name)]:
				why = [3]string{"duplicateValueError", "DUPLICATE_VALUE", "An ad group with the same name already exists in the campaign"}
			case it.DefaultBid == nil || it.DefaultBid.LessThan(minBid) || it.DefaultBid.GreaterThan(maxBid):
				why = [3]string{"rangeError", "TOO_LOW", "defaultBid must be between " + minBid.String() + " and " + maxBid.String()}
			case it.DefaultBid.GreaterThan(c.Budget):
				why = [3]string{"biddingError", "BID_EXCEEDS_BUDGET", "defaultBid cannot be greater than the campaign's daily budget"}
			}
		default:
			c, cFound := campaigns[it.CampaignID]
			g, gFound := groups[it.AdGroupID]
			switch {
			case !cFound || !gFound || g.CampaignID != it.CampaignID:
				why = [3]string{"entityNotFoundError", "ENTITY_NOT_FOUND", "adGroupId " + it.AdGroupID + " was not found in the campaign"}
			case c.State == "ARCHIVED" || g.State == "ARCHIVED":
				why = [3]string{"entityStateError", "PARENT_ENTITY_ARCHIVED", "Cannot create an entity under an archived campaign or ad group"}
			case kind == "productAds" && sold[it.SKU] == "":
				why = [3]string{"entityNotFoundError", "SKU_NOT_FOUND", "sku " + it.SKU + " is not an offer of this seller in the marketplace"}
			case kind == "productAds" && taken[it.AdGroupID+"|sku|"+it.SKU]:
				why = [3]string{"duplicateValueError", "DUPLICATE_VALUE", "The ad group already advertises sku " + it.SKU}
			case kind == "targets" && c.TargetingType == "AUTO":
				why = [3]string{"entityStateError", "INVALID_TARGETING_TYPE", "Targeting clauses cannot be added to an automatically targeted campaign"}
			case kind == "targets" && (it.ExpressionType != "MANUAL" || len(it.Expression) != 1 ||
				it.Expression[0].Type != "ASIN_SAME_AS" || !asinPattern.MatchString(it.Expression[0].Value)):
				why = [3]string{"malformedValueError", "INVALID_ARGUMENT", "expression must be one ASIN_SAME_AS of a 10-character ASIN"}
			case kind == "targets" && taken[it.AdGroupID+"|asin|"+it.Expression[0].Value]:
				why = [3]string{"duplicateValueError", "DUPLICATE_VALUE", "The same targeting expression already exists in the ad group"}
			case kind == "targets" && it.Bid != nil && (it.Bid.LessThan(minBid) || it.Bid.GreaterThan(maxBid)):
				why = [3]string{"rangeError", "TOO_LOW", "bid must be between " + minBid.String() + " and " + maxBid.String()}
			case kind == "targets" && it.Bid != nil && it.Bid.GreaterThan(c.Budget):
				why = [3]string{"biddingError", "BID_EXCEEDS_BUDGET", "bid cannot be greater than the campaign's daily budget"}
			}
		}
		refusalKey := name
		switch kind {
		case "productAds":
			refusalKey = it.SKU
		case "targets":
			if len(it.Expression) > 0 {
				refusalKey = it.Expression[0].Value
			}
		}
		if why[0] == "" && s.AdEdits.refusals[refusalKey] != "" {
			why = [3]string{"otherError", "OTHER_ERROR", s.AdEdits.refusals[refusalKey]}
		}
		if why[0] != "" {
			refuse(i, why[0], why[1], why[2])
			continue
		}
		s.AdEdits.next++
		id := fmt.Sprint(9_000_000_000 + s.AdEdits.next)
		switch kind {
		case "campaigns":
			c := AdCampaign{CampaignID: id, Name: name, State: "ENABLED", TargetingType: it.TargetingType,
				StartDate: it.StartDate, EndDate: it.EndDate, PortfolioID: it.PortfolioID, Budget: it.Budget.Budget,
				BiddingStrategy: it.DynamicBidding.Strategy, Placements: map[string]int{}, spendsFrom: -1}
			for _, pb := range it.DynamicBidding.PlacementBidding {
				c.Placements[pb.Placement] = pb.Percentage
			}
			if it.State == "PAUSED" {
				c.State = "PAUSED"
			}
			names[strings.ToLower(name)] = true
			made.campaigns = append(made.campaigns, c)
		case "adGroups":
			groupNames[it.CampaignID+"|"+strings.ToLower(name)] = true
			made.adGroups = append(made.adGroups, AdGroupEntity{AdGroupID: id, CampaignID: it.CampaignID, Name: name,
				State: "ENABLED", DefaultBid: *it.DefaultBid})
		case "productAds":
			taken[it.AdGroupID+"|sku|"+it.SKU] = true
			made.productAds = append(made.productAds, AdProductAd{AdID: id, AdGroupID: it.AdGroupID, CampaignID: it.CampaignID,
				SKU: it.SKU, ASIN: sold[it.SKU], State: "ENABLED", campaign: never})
		case "targets":
			asin := it.Expression[0].Value
			taken[it.AdGroupID+"|asin|"+asin] = true
			bid := groups[it.AdGroupID].DefaultBid
			if it.Bid != nil {
				bid = *it.Bid
			}
			made.targets = append(made.targets, AdTarget{TargetID: id, AdGroupID: it.AdGroupID, CampaignID: it.CampaignID,
				ASIN: asin, State: "ENABLED", Bid: bid})
		}
		success = append(success, map[string]any{"index": i, ids[kind]: id})
	}
	w.Header().Set("Content-Type", media)
	bs, _ := json.Marshal(map[string]any{field: map[string]any{"success": success, "error": failure}})
	w.WriteHeader(http.StatusMultiStatus)
	_, _ = w.Write(bs)
}

// checkNewCampaign is Amazon's refusal of a new campaign (error type, reason, message), or none.
func checkNewCampaign(it spNewItem, name string, names, portfolios map[string]bool, today string, minBudget, maxBudget decimal.Decimal) [3]string {
	_, startErr := time.Parse(time.DateOnly, it.StartDate)
	strategies := map[string]bool{"LEGACY_FOR_SALES": true, "AUTO_FOR_SALES": true, "MANUAL": true, "RULE_BASED": true}
	switch {
	case name == "" || len([]rune(name)) > 128:
		return [3]string{"malformedValueError", "INVALID_ARGUMENT", "name must have 1 to 128 characters"}
	case names[strings.ToLower(name)]:
		return [3]string{"duplicateValueError", "DUPLICATE_VALUE", "A campaign with the name " + name + " already exists"}
	case it.TargetingType != "AUTO" && it.TargetingType != "MANUAL":
		return [3]string{"malformedValueError", "INVALID_ARGUMENT", "targetingType must be AUTO or MANUAL"}
	case it.Budget == nil || it.Budget.BudgetType != "DAILY":
		return [3]string{"malformedValueError", "INVALID_ARGUMENT", "budget with budgetType DAILY is required"}
	case it.Budget.Budget.LessThan(minBudget):
		return [3]string{"budgetError", "BUDGET_TOO_LOW", "budget must be at least " + minBudget.String()}
	case it.Budget.Budget.GreaterThan(maxBudget):
		return [3]string{"budgetError", "BUDGET_TOO_HIGH", "budget must be at most " + maxBudget.String()}
	case startErr != nil || it.StartDate < today:
		return [3]string{"dateError", "INVALID_DATE", "startDate must be today or later (YYYY-MM-DD)"}
	case it.EndDate != "" && it.EndDate <= it.StartDate:
		return [3]string{"dateError", "INVALID_DATE", "endDate must be after startDate"}
	case it.PortfolioID != "" && !portfolios[it.PortfolioID]:
		return [3]string{"entityNotFoundError", "ENTITY_NOT_FOUND", "portfolioId " + it.PortfolioID + " was not found"}
	case it.DynamicBidding == nil || !strategies[it.DynamicBidding.Strategy]:
		return [3]string{"malformedValueError", "INVALID_ARGUMENT", "dynamicBidding.strategy is required"}
	}
	for _, pb := range it.DynamicBidding.PlacementBidding {
		known := false
		for _, p := range spPlacements {
			known = known || p == pb.Placement
		}
		if !known || pb.Percentage < 0 || pb.Percentage > 900 {
			return [3]string{"rangeError", "TOO_HIGH", "placement percentage must be between 0 and 900"}
		}
	}
	return [3]string{}
}

// skus0 is the profile's SKUs function, the default one when none is set.
func skus0(skus AdSKUs) AdSKUs {
	if skus == nil {
		return defaultAdSKUs
	}
	return skus
}
