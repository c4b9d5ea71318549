package amazontest

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Sponsored Brands v4 creation at the stand-in; sdsbcreate.go describes what it checks.

// sbCreate is a Sponsored Brands v4 creation.
func sbCreate(s *Server, w http.ResponseWriter, r *http.Request, kind string) {
	op := sbMedia[kind]
	var body map[string][]sponsoredItem
	c, ok := sponsoredBegin(s, w, r, op[0], &body)
	if !ok {
		return
	}
	defer s.AdEdits.mu.Unlock()
	items := body[op[1]]
	if len(items) == 0 || len(items) > 10 {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "INVALID_ARGUMENT", "details": "between 1 and 10 entities may be created in one request"})
		return
	}
	success, failure := []map[string]any{}, []map[string]any{}
	for i, it := range items {
		why, key := sbRefusal(c, kind, it)
		if why[0] == "" && s.AdEdits.refusals[key] != "" {
			why = [3]string{"INVALID_ARGUMENT", "INVALID_ARGUMENT", s.AdEdits.refusals[key]}
		}
		if why[0] != "" {
			failure = append(failure, map[string]any{"index": i, "errors": []map[string]any{{"errorType": why[0],
				"errorValue": map[string]any{"otherError": map[string]any{"reason": why[1], "message": why[2]}}}}})
			continue
		}
		id := c.newID()
		switch kind {
		case "campaigns":
			c.made.Campaigns = append(c.made.Campaigns, SponsoredCampaign{CampaignID: id, AdType: "SB", Name: strings.TrimSpace(it.Name),
				State: it.State, StartDate: it.StartDate, EndDate: it.EndDate, BrandEntityID: it.BrandEntityID, Budget: *it.Budget})
		case "adGroups":
			c.made.AdGroups = append(c.made.AdGroups, SponsoredAdGroup{AdGroupID: id, CampaignID: it.CampaignID.String(), Name: strings.TrimSpace(it.Name)})
		default:
			c.made.Ads = append(c.made.Ads, SponsoredBrandAd{AdID: id, AdGroupID: it.AdGroupID.String(), Headline: it.Creative.Headline,
				BrandName: it.Creative.BrandName, LogoAssetID: it.Creative.BrandLogoAssetID, ASINs: it.LandingPage.ASINs})
		}
		success = append(success, map[string]any{"index": i, sbIDs[kind]: id})
	}
	w.Header().Set("Content-Type", op[0])
	bs, _ := json.Marshal(map[string]any{op[1]: map[string]any{"success": success, "error": failure}})
	w.WriteHeader(http.StatusMultiStatus)
	_, _ = w.Write(bs)
}

// sbRefusal is Amazon's refusal of a Sponsored Brands v4 entity (error type, reason, message), none when it is
// created; and the key AdEdits.Refuse refuses it by.
func sbRefusal(c sponsoredCheck, kind string, it sponsoredItem) ([3]string, string) {
	name := strings.TrimSpace(it.Name)
	invalid := func(reason, message string) [3]string { return [3]string{"INVALID_ARGUMENT", reason, message} }
	switch kind {
	case "campaigns":
		start, startErr := time.Parse(time.DateOnly, it.StartDate)
		end, endErr := time.Parse(time.DateOnly, it.EndDate)
		switch {
		case name == "" || len([]rune(name)) > 128:
			return invalid("INVALID_NAME", "name must have 1 to 128 characters"), name
		case c.nameTaken("SB", name):
			return [3]string{"DUPLICATE_VALUE", "DUPLICATE_CAMPAIGN_NAME", "A campaign with the name " + name + " already exists"}, name
		case it.BudgetType != "DAILY" || it.Budget == nil:
			return invalid("INVALID_BUDGET_TYPE", "budget with budgetType DAILY is required"), name
		case it.Budget.LessThan(c.minBudget()):
			return [3]string{"BUDGET_ERROR", "BUDGET_TOO_LOW", "budget must be at least " + c.minBudget().String()}, name
		case startErr != nil || start.Before(c.today):
			return [3]string{"DATE_ERROR", "INVALID_START_DATE", "startDate must be today or later (YYYY-MM-DD)"}, name
		case it.EndDate != "" && (endErr != nil || !end.After(start)):
			return [3]string{"DATE_ERROR", "INVALID_END_DATE", "endDate must be after startDate"}, name
		case it.BrandEntityID == "":
			return invalid("BRAND_ENTITY_ID_REQUIRED", "brandEntityId is required for sellers"), name
		case it.BrandEntityID != SBBrandEntity:
			return invalid("BRAND_NOT_FOUND", "brandEntityId "+it.BrandEntityID+" is not a brand of this advertiser"), name
		case it.State != "ENABLED" && it.State != "PAUSED":
			return invalid("INVALID_STATE", "state must be ENABLED or PAUSED"), name
		}
		return [3]string{}, name
	case "adGroups":
		camp, found := c.campaign(it.CampaignID.String(), "SB")
		switch {
		case !found:
			return [3]string{"ENTITY_NOT_FOUND", "CAMPAIGN_NOT_FOUND", "campaignId " + it.CampaignID.String() + " was not found"}, name
		case name == "" || len([]rune(name)) > 255:
			return invalid("INVALID_NAME", "name must have 1 to 255 characters"), name
		case slices.ContainsFunc(c.made.AdGroups, func(g SponsoredAdGroup) bool {
			return g.CampaignID == camp.CampaignID && strings.EqualFold(g.Name, name)
		}):
			return [3]string{"DUPLICATE_VALUE", "DUPLICATE_AD_GROUP_NAME", "An ad group with the same name already exists in the campaign"}, name
		}
		return [3]string{}, name
	}
	headline := ""
	if it.Creative != nil {
		headline = it.Creative.Headline
	}
	_, found := c.adGroup(it.AdGroupID.String())
	switch {
	case !found:
		return [3]string{"ENTITY_NOT_FOUND", "AD_GROUP_NOT_FOUND", "adGroupId " + it.AdGroupID.String() + " was not found"}, headline
	case it.LandingPage == nil || it.LandingPage.PageType != "PRODUCT_LIST" || len(it.LandingPage.ASINs) < 3 || len(it.LandingPage.ASINs) > 100:
		return invalid("INVALID_LANDING_PAGE", "a PRODUCT_LIST landing page has 3 to 100 ASINs"), headline
	case it.Creative == nil || len(it.Creative.ASINs) != 3:
		return invalid("INVALID_CREATIVE", "creative.asins must hold 3 ASINs of the landing page"), headline
	case headline == "" || len([]rune(headline)) > 50:
		return invalid("HEADLINE_TOO_LONG", "headline must have 1 to 50 characters"), headline
	case it.Creative.BrandName == "" || len([]rune(it.Creative.BrandName)) > 30:
		return invalid("INVALID_BRAND_NAME", "brandName must have 1 to 30 characters"), headline
	case !logoAsset.MatchString(it.Creative.BrandLogoAssetID) || !slices.Contains(SBLogoAssets, strings.Split(it.Creative.BrandLogoAssetID, ":")[0]):
		return invalid("ASSET_NOT_FOUND", "brandLogoAssetID "+it.Creative.BrandLogoAssetID+" is not an asset of this advertiser"), headline
	}
	for _, a := range it.LandingPage.ASINs {
		if !c.asins[a] {
			return invalid("ASIN_NOT_ELIGIBLE", "ASIN "+a+" is not eligible for advertising by this advertiser"), headline
		}
	}
	return [3]string{}, headline
}
