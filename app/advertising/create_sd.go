package advertising

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of creating a Sponsored Display campaign (创建SD广告), beside the ones it shares with 创建SP广告.
const (
	MsgSDTactic     = "请选择投放策略：内容相关投放（T00020）或受众投放（T00030）"
	MsgSDCostType   = "请选择计费方式：按点击计费（CPC）或按千次可见展示计费（vCPM）"
	MsgSDVCPMBid    = "vCPM竞价须在1到1000之间，最多两位小数（日元为100到100000的整数）"
	MsgSDContextual = "内容相关投放须至少添加一个投放的商品ASIN"
	MsgSDLookback   = "受众投放请选择浏览再营销的回溯期：7、14、30、60或90天"
	MsgSDAudience   = "受众投放按浏览再营销投放，不能添加商品ASIN"
)

// sdLookbacks are the days a views remarketing audience looks back.
var sdLookbacks = []string{"7", "14", "30", "60", "90"}

// SDCreateForm is a new Sponsored Display campaign (创建SD广告): the store group and profile (our ids), the campaign
// (name, tactic T00020 contextual or T00030 audiences, dates YYYY-MM-DD, daily budget, cost type cpc or vcpm), its
// ad group (name, default bid), the SKUs it advertises and its targets: for contextual targeting the ASINs whose
// pages show the ads (each with a bid, blank: the default bid), for audiences the lookback days of a views
// remarketing audience (shoppers who viewed the advertised products). Amounts are in the profile's currency.
type SDCreateForm struct {
	GroupID     string         `json:"groupId"`
	ProfileID   string         `json:"profileId"`
	Name        string         `json:"name"`
	Tactic      string         `json:"tactic"`
	StartDate   string         `json:"startDate"`
	EndDate     string         `json:"endDate"`
	Budget      string         `json:"budget"`
	CostType    string         `json:"costType"`
	AdGroupName string         `json:"adGroupName"`
	DefaultBid  string         `json:"defaultBid"`
	SKUs        []string       `json:"skus"`
	Targets     []SPTargetPick `json:"targets"`
	Lookback    string         `json:"lookback"`
}

// checkedSD is an SD form checked in its shape.
type checkedSD struct {
	group, profile                                  int64
	name, tactic, start, end, costType, adGroupName string
	budget, defaultBid, lookback                    string
	skus                                            []string
	targets                                         []SPTargetPick
	budgetValue, defaultBidValue                    decimal.Decimal
	targetList                                      []newTarget
}

func checkSD(f SDCreateForm) (checkedSD, error) {
	var c checkedSD
	var ok bool
	if c.group, ok = core.ParseID(strings.TrimSpace(f.GroupID)); !ok {
		return c, core.Invalid(MsgCreateGroup)
	}
	if c.profile, ok = core.ParseID(strings.TrimSpace(f.ProfileID)); !ok {
		return c, core.Invalid(MsgCreateProfile)
	}
	if c.name = strings.TrimSpace(f.Name); c.name == "" || len([]rune(c.name)) > 128 {
		return c, core.Invalid(MsgCreateName)
	}
	if c.tactic = strings.TrimSpace(f.Tactic); c.tactic != "T00020" && c.tactic != "T00030" {
		return c, core.Invalid(MsgSDTactic)
	}
	c.start, c.end = strings.TrimSpace(f.StartDate), strings.TrimSpace(f.EndDate)
	if err := checkDates(c.start, c.end); err != nil {
		return c, err
	}
	if c.budget = strings.TrimSpace(f.Budget); !isAmount(c.budget) {
		return c, core.Invalid(MsgCreateBudget)
	}
	if c.costType = strings.ToLower(strings.TrimSpace(f.CostType)); c.costType != "cpc" && c.costType != "vcpm" {
		return c, core.Invalid(MsgSDCostType)
	}
	if c.adGroupName = strings.TrimSpace(f.AdGroupName); c.adGroupName == "" || len([]rune(c.adGroupName)) > 255 {
		return c, core.Invalid(MsgCreateAdGroupName)
	}
	if c.defaultBid = strings.TrimSpace(f.DefaultBid); !isAmount(c.defaultBid) {
		return c, core.Invalid(MsgCreateBid + "：默认竞价")
	}
	if len(f.SKUs) > createSKULimit || len(f.Targets) > createItemLimit {
		return c, core.Invalid(MsgCreateTooMany)
	}
	var err error
	if c.skus, err = checkSKUs(f.SKUs); err != nil {
		return c, err
	}
	if c.tactic == "T00030" {
		if len(f.Targets) > 0 {
			return c, core.Invalid(MsgSDAudience)
		}
		if c.lookback = strings.TrimSpace(f.Lookback); !slices.Contains(sdLookbacks, c.lookback) {
			return c, core.Invalid(MsgSDLookback)
		}
		return c, nil
	}
	if len(f.Targets) == 0 {
		return c, core.Invalid(MsgSDContextual)
	}
	c.targets, err = checkASINTargets(f.Targets)
	return c, err
}

// isAmount tells a positive amount of at most two decimals.
func isAmount(raw string) bool { _, ok := amountOf(raw); return ok }

// checkSKUs reads the SKUs advertised: at least one, each at most 40 characters, none twice.
func checkSKUs(in []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, raw := range in {
		sku := strings.TrimSpace(raw)
		if sku == "" {
			continue
		}
		if len([]rune(sku)) > 40 || seen[sku] {
			return nil, core.Invalid(MsgCreateSKU + "：" + sku)
		}
		seen[sku] = true
		out = append(out, sku)
	}
	if len(out) == 0 {
		return nil, core.Invalid(MsgCreateSKUs)
	}
	return out, nil
}

// checkASINTargets reads product targets: 10-character ASINs, none twice, a bid or none.
func checkASINTargets(in []SPTargetPick) ([]SPTargetPick, error) {
	var out []SPTargetPick
	seen := map[string]bool{}
	for _, t := range in {
		t.ASIN, t.Bid = strings.ToUpper(strings.TrimSpace(t.ASIN)), strings.TrimSpace(t.Bid)
		if !asinPattern.MatchString(t.ASIN) || seen[t.ASIN] {
			return nil, core.Invalid(MsgCreateASIN + "：" + t.ASIN)
		}
		seen[t.ASIN] = true
		if t.Bid != "" && !isAmount(t.Bid) {
			return nil, core.Invalid(MsgCreateBid + "：" + t.ASIN)
		}
		out = append(out, t)
	}
	return out, nil
}

// checkAmounts checks the budget and bids against the profile's currency and day. A vCPM bid is per thousand
// viewable impressions, so its least is higher and a budget does not cap it.
func (c *checkedSD) checkAmounts(p advertisingdb.ProfileToCreate, now time.Time) error {
	if err := startsInTime(c.start, p, now); err != nil {
		return err
	}
	l := limitsOf(p.Currency)
	var err error
	if c.budgetValue, err = l.budget(c.budget); err != nil {
		return err
	}
	msg, minBid := MsgCreateBid, l.minBid
	if c.costType == "vcpm" {
		msg, minBid = MsgSDVCPMBid, decimal.NewFromInt(1)
		if l.yen {
			minBid = decimal.NewFromInt(100)
		}
	}
	bid := func(raw, what string) (decimal.Decimal, error) {
		v, _ := amountOf(raw)
		if !l.whole(v) || v.LessThan(minBid) || v.GreaterThan(l.maxBid) {
			return v, core.Invalid(msg + "：" + what)
		}
		if c.costType == "cpc" && v.GreaterThan(c.budgetValue) {
			return v, core.Invalid(MsgCreateBidOver + "：" + what)
		}
		return v, nil
	}
	if c.defaultBidValue, err = bid(c.defaultBid, "默认竞价"); err != nil {
		return err
	}
	c.targetList = make([]newTarget, len(c.targets))
	for i, t := range c.targets {
		v := c.defaultBidValue
		if t.Bid != "" {
			if v, err = bid(t.Bid, t.ASIN); err != nil {
				return err
			}
		}
		c.targetList[i] = newTarget{asin: t.ASIN, bid: &v}
	}
	return nil
}

// sdDate is a date as Sponsored Display takes it: YYYYMMDD.
func sdDate(d string) string { return strings.ReplaceAll(d, "-", "") }

// sdTactics are the tactics in the console's words.
var sdTactics = map[string]string{"T00020": "内容相关投放", "T00030": "受众投放"}

// CreateSDCampaign creates a Sponsored Display campaign at Amazon: the campaign, its ad group, the product ads and
// the targets, each kind in its call and answered per entity, as CreateSPCampaign does.
func (s *Service) CreateSDCampaign(ctx context.Context, p core.Principal, f SDCreateForm) ([]ChangeResult, error) {
	c, err := checkSD(f)
	if err != nil {
		return nil, err
	}
	profile, err := s.profileToCreate(ctx, p, c.group, c.profile)
	if err != nil {
		return nil, err
	}
	if err := c.checkAmounts(profile, s.now()); err != nil {
		return nil, err
	}
	cr, err := s.startCreation(ctx, p, profile)
	if err != nil {
		return nil, err
	}
	campaign := map[string]any{"name": c.name, "tactic": c.tactic, "state": "enabled", "startDate": sdDate(c.start),
		"budgetType": "daily", "budget": number(c.budgetValue), "costType": c.costType}
	if c.end != "" {
		campaign["endDate"] = sdDate(c.end)
	}
	cr.row(advertisingdb.LevelCampaign, c.name, "预算 "+c.budgetValue.StringFixed(2)+" · "+sdTactics[c.tactic]+" · "+strings.ToUpper(c.costType),
		func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveCampaigns(tx, scope, []advertisingdb.Campaign{{CampaignID: id, Name: c.name, State: "ENABLED",
				TargetingType: c.tactic, Budget: models.Money{Decimal: c.budgetValue}, BudgetType: "DAILY", StartDate: c.start,
				EndDate: c.end, AdType: advertisingdb.AdTypeSD}}, now)
			return err
		})
	if err := cr.send(0, amazon.SDKindCampaign, []map[string]any{campaign}); err != nil {
		return nil, err
	}
	campaignID := cr.rows[0].AmazonID
	if !cr.rows[0].OK {
		cr.rows[0].Message += "；" + MsgCreateCampaignGone
		return s.recordCreation(cr, p)
	}

	optimize := map[string]string{"cpc": "clicks", "vcpm": "reach"}[c.costType]
	cr.row(advertisingdb.LevelAdGroup, c.adGroupName, "默认竞价 "+c.defaultBidValue.StringFixed(2),
		func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveAdGroups(tx, scope, []advertisingdb.AdGroup{{AdGroupID: id, CampaignID: campaignID,
				Name: c.adGroupName, State: "ENABLED", DefaultBid: models.Money{Decimal: c.defaultBidValue}}}, now)
			return err
		})
	if err := cr.send(1, amazon.SDKindAdGroup, []map[string]any{{"campaignId": campaignID, "name": c.adGroupName,
		"state": "enabled", "defaultBid": number(c.defaultBidValue), "bidOptimization": optimize}}); err != nil {
		return nil, err
	}
	adGroupID, groupOK := cr.rows[1].AmazonID, cr.rows[1].OK

	from := len(cr.rows)
	ads := make([]map[string]any, len(c.skus))
	for i, sku := range c.skus {
		ads[i] = map[string]any{"campaignId": campaignID, "adGroupId": adGroupID, "sku": sku, "state": "enabled"}
		cr.row(advertisingdb.LevelProductAd, sku, "SKU "+sku, func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveProductAds(tx, scope, []advertisingdb.ProductAd{{AdID: id, AdGroupID: adGroupID,
				CampaignID: campaignID, SKU: sku, State: "ENABLED"}}, now)
			return err
		})
	}
	if err := cr.under(groupOK, MsgCreateAdGroupGone, from, func() ([]amazon.SPResult, error) {
		return cr.api.Client.CreateSponsored(ctx, cr.api.Endpoint, cr.api.RefreshToken, profile.AmazonProfile, amazon.SDKindProductAd, ads)
	}); err != nil {
		return nil, err
	}

	// Targets: the ASINs of a contextual campaign, or the views audience of an audiences one.
	from = len(cr.rows)
	var targets []map[string]any
	target := func(name, expression string, bid decimal.Decimal, body []map[string]any) {
		targets = append(targets, map[string]any{"adGroupId": adGroupID, "state": "enabled", "expressionType": "manual",
			"expression": body, "bid": number(bid)})
		cr.row(advertisingdb.LevelTarget, name, bid.StringFixed(2), func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveTargets(tx, scope, []advertisingdb.Target{{TargetID: id, AdGroupID: adGroupID,
				CampaignID: campaignID, ExpressionType: "MANUAL", Expression: expression, State: "ENABLED",
				Bid: models.Money{Decimal: bid}}}, now)
			return err
		})
	}
	for _, t := range c.targetList {
		target(`asin="`+t.asin+`"`, `asin="`+t.asin+`"`, *t.bid, []map[string]any{{"type": "asinSameAs", "value": t.asin}})
	}
	if c.tactic == "T00030" {
		name := "浏览再营销 · 回溯" + c.lookback + "天"
		target(name, "views(exactProduct lookback="+c.lookback+")", c.defaultBidValue, []map[string]any{{"type": "views",
			"value": []map[string]string{{"type": "exactProduct"}, {"type": "lookback", "value": c.lookback}}}})
	}
	if err := cr.under(groupOK, MsgCreateAdGroupGone, from, func() ([]amazon.SPResult, error) {
		return cr.api.Client.CreateSponsored(ctx, cr.api.Endpoint, cr.api.RefreshToken, profile.AmazonProfile, amazon.SDKindTarget, targets)
	}); err != nil {
		return nil, err
	}
	return s.recordCreation(cr, p)
}
