package advertising

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of creating a Sponsored Products campaign (创建SP广告). A message about one item names it after a colon.
const (
	MsgCreateGroup        = "请选择店铺"
	MsgCreateProfile      = "请选择站点（该店铺已授权广告的配置文件）"
	MsgCreateName         = "请输入广告活动名称，最多128个字符"
	MsgCreateTargeting    = "请选择投放方式：自动投放或手动投放"
	MsgCreatePortfolio    = "所选广告组合不在该站点，请重新选择"
	MsgCreateStart        = "开始日期须为今天或之后的日期"
	MsgCreateEnd          = "结束日期须晚于开始日期"
	MsgCreateBudget       = "每日预算须为数值，最多两位小数（日元为整数），不低于1（日元不低于100），不高于1000000"
	MsgCreateStrategy     = "请选择竞价策略：动态竞价-提高和降低、动态竞价-仅降低或固定竞价"
	MsgCreatePlacement    = "位置竞价调整须为0到900之间的整数（百分比）"
	MsgCreateAdGroupName  = "请输入广告组名称，最多255个字符"
	MsgCreateBid          = "竞价须在0.02到1000之间，最多两位小数（日元为2到100000的整数）"
	MsgCreateBidOver      = "竞价不能高于每日预算"
	MsgCreateSKUs         = "请至少添加一个要推广的SKU"
	MsgCreateSKU          = "SKU最多40个字符，且不能重复"
	MsgCreateManual       = "手动投放须至少添加一个关键词或商品投放"
	MsgCreateAuto         = "自动投放不能添加关键词或商品投放（可以添加否定关键词）"
	MsgCreateKeyword      = "关键词须为1到80个字符、最多10个词，同一文字和匹配方式只能添加一次"
	MsgCreateMatch        = "关键词的匹配方式只能是精准、词组或广泛"
	MsgCreateNegative     = "否定关键词须为1到80个字符、最多10个词，匹配方式只能是否定精准或否定词组，且不能重复"
	MsgCreateASIN         = "商品投放的ASIN须为10位字母或数字（如 B0XXXXXXXX），且不能重复"
	MsgCreateNegativeASIN = "否定商品投放须为10位字母或数字的ASIN（如 B0XXXXXXXX）或品牌编号，且不能重复"
	MsgCreateTooMany      = "SKU最多100个，关键词、商品投放、否定关键词、否定商品投放各最多1000个"
	MsgCreateNotSent      = "未提交："
	MsgCreateCampaignGone = "广告活动未创建，其余未提交"
	MsgCreateAdGroupGone  = "广告组未创建"
)

// ActionCreate is the action of an entity created here, as 操作记录 names it.
const ActionCreate = "create"

// The bidding strategies of a campaign and the placements its bids are raised for, as v3 names them.
var (
	spStrategies = map[string]string{"LEGACY_FOR_SALES": "动态竞价-提高和降低", "AUTO_FOR_SALES": "动态竞价-仅降低", "MANUAL": "固定竞价"}
	asinPattern  = regexp.MustCompile(`^[A-Z0-9]{10}$`)
)

// createLimits: the most SKUs, and keywords (or targets, or negatives), one creation takes.
const (
	createSKULimit  = 100
	createItemLimit = 1000
)

// SPCreateForm is a new Sponsored Products campaign (创建SP广告): the store group and profile (our ids), the
// campaign (name, its portfolio (Amazon's id, or none), AUTO or MANUAL targeting, dates YYYY-MM-DD, daily budget, bidding strategy and the placement
// adjustments in percent), its ad group (name, default bid), the SKUs it advertises and, for a manual campaign,
// keywords and product targets (ASINs), with negative keywords of the ad group for either. Amounts are in the
// profile's currency.
type SPCreateForm struct {
	GroupID               string           `json:"groupId"`
	ProfileID             string           `json:"profileId"`
	Name                  string           `json:"name"`
	PortfolioID           string           `json:"portfolioId"`
	TargetingType         string           `json:"targetingType"`
	StartDate             string           `json:"startDate"`
	EndDate               string           `json:"endDate"`
	Budget                string           `json:"budget"`
	BiddingStrategy       string           `json:"biddingStrategy"`
	PlacementTop          string           `json:"placementTop"`
	PlacementProductPage  string           `json:"placementProductPage"`
	PlacementRestOfSearch string           `json:"placementRestOfSearch"`
	AdGroupName           string           `json:"adGroupName"`
	DefaultBid            string           `json:"defaultBid"`
	SKUs                  []string         `json:"skus"`
	Keywords              []SPKeywordPick  `json:"keywords"`
	Targets               []SPTargetPick   `json:"targets"`
	NegativeKeywords      []SPNegativePick `json:"negativeKeywords"`
	// NegativeTargets are the ad group's exclusions: ASINs (ASIN_SAME_AS) or brands' ids (ASIN_BRAND_SAME_AS).
	NegativeTargets []SPNegativeTargetPick `json:"negativeTargets"`
}

// SPNegativeTargetPick is a negative product target: its type (ASIN_SAME_AS, ASIN_BRAND_SAME_AS) and the ASIN or
// brand id.
type SPNegativeTargetPick struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// SPKeywordPick is a keyword of the new ad group: its text, match type (EXACT, PHRASE, BROAD) and bid (blank: the
// ad group's default bid).
type SPKeywordPick struct {
	Text      string `json:"text"`
	MatchType string `json:"matchType"`
	Bid       string `json:"bid"`
}

// SPTargetPick is a product target: the ASIN whose pages show the ads, and its bid (blank: the default bid).
type SPTargetPick struct {
	ASIN string `json:"asin"`
	Bid  string `json:"bid"`
}

// SPNegativePick is a negative keyword of the new ad group (NEGATIVE_EXACT or NEGATIVE_PHRASE).
type SPNegativePick struct {
	Text      string `json:"text"`
	MatchType string `json:"matchType"`
}

// newTarget is a checked product target.
type newTarget struct {
	asin string
	bid  *decimal.Decimal
}

// checkedCampaign is a form checked in its shape; amounts are checked against the profile's currency after.
type checkedCampaign struct {
	group, profile                        int64
	name, targeting, start, end, strategy string
	portfolio                             string
	budget, defaultBid                    string
	placements                            map[string]int
	adGroupName                           string
	skus                                  []string
	keywords                              []SPKeywordPick
	targets                               []SPTargetPick
	negatives                             []SPNegativePick
	negativeTargets                       []SPNegativeTargetPick
	budgetValue, defaultBidValue          decimal.Decimal
	keywordBids                           []*decimal.Decimal
	targetList                            []newTarget
	placementOrder                        []string
}

// keywordOK tells whether a keyword's text is one Amazon takes: 1 to 80 characters, at most 10 words.
func keywordOK(text string) bool {
	return text != "" && len([]rune(text)) <= 80 && len(strings.Fields(text)) <= 10
}

func normal(text string) string { return strings.ToLower(strings.Join(strings.Fields(text), " ")) }

func checkCampaign(f SPCreateForm) (checkedCampaign, error) {
	var c checkedCampaign
	var ok bool
	if c.group, ok = core.ParseID(strings.TrimSpace(f.GroupID)); !ok {
		return c, core.Invalid(MsgCreateGroup)
	}
	if c.profile, ok = core.ParseID(strings.TrimSpace(f.ProfileID)); !ok {
		return c, core.Invalid(MsgCreateProfile)
	}
	c.name = strings.TrimSpace(f.Name)
	if c.name == "" || len([]rune(c.name)) > 128 {
		return c, core.Invalid(MsgCreateName)
	}
	c.portfolio = strings.TrimSpace(f.PortfolioID)
	c.targeting = strings.TrimSpace(f.TargetingType)
	if c.targeting != "AUTO" && c.targeting != "MANUAL" {
		return c, core.Invalid(MsgCreateTargeting)
	}
	c.start, c.end = strings.TrimSpace(f.StartDate), strings.TrimSpace(f.EndDate)
	if err := checkDates(c.start, c.end); err != nil {
		return c, err
	}
	c.budget = strings.TrimSpace(f.Budget)
	if _, ok := amountOf(c.budget); !ok {
		return c, core.Invalid(MsgCreateBudget)
	}
	c.strategy = strings.TrimSpace(f.BiddingStrategy)
	if _, ok := spStrategies[c.strategy]; !ok {
		return c, core.Invalid(MsgCreateStrategy)
	}
	c.placements = map[string]int{}
	for _, p := range []struct{ name, raw string }{{"PLACEMENT_TOP", f.PlacementTop},
		{"PLACEMENT_PRODUCT_PAGE", f.PlacementProductPage}, {"PLACEMENT_REST_OF_SEARCH", f.PlacementRestOfSearch}} {
		raw := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p.raw), "%"))
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n > 900 {
			return c, core.Invalid(MsgCreatePlacement)
		}
		c.placements[p.name] = n
		c.placementOrder = append(c.placementOrder, p.name)
	}
	c.adGroupName = strings.TrimSpace(f.AdGroupName)
	if c.adGroupName == "" || len([]rune(c.adGroupName)) > 255 {
		return c, core.Invalid(MsgCreateAdGroupName)
	}
	c.defaultBid = strings.TrimSpace(f.DefaultBid)
	if _, ok := amountOf(c.defaultBid); !ok {
		return c, core.Invalid(MsgCreateBid + "：默认竞价")
	}
	if len(f.SKUs) > createSKULimit || len(f.Keywords) > createItemLimit || len(f.Targets) > createItemLimit ||
		len(f.NegativeKeywords) > createItemLimit || len(f.NegativeTargets) > createItemLimit {
		return c, core.Invalid(MsgCreateTooMany)
	}
	var err error
	if c.skus, err = checkSKUs(f.SKUs); err != nil {
		return c, err
	}
	if c.targeting == "AUTO" && (len(f.Keywords) > 0 || len(f.Targets) > 0) {
		return c, core.Invalid(MsgCreateAuto)
	}
	if c.targeting == "MANUAL" && len(f.Keywords) == 0 && len(f.Targets) == 0 {
		return c, core.Invalid(MsgCreateManual)
	}
	seen := map[string]bool{}
	for _, k := range f.Keywords {
		k.Text, k.MatchType, k.Bid = strings.Join(strings.Fields(k.Text), " "), strings.TrimSpace(k.MatchType), strings.TrimSpace(k.Bid)
		if k.MatchType != "EXACT" && k.MatchType != "PHRASE" && k.MatchType != "BROAD" {
			return c, core.Invalid(MsgCreateMatch + "：" + k.Text)
		}
		key := normal(k.Text) + "|" + k.MatchType
		if !keywordOK(k.Text) || seen[key] {
			return c, core.Invalid(MsgCreateKeyword + "：" + k.Text)
		}
		seen[key] = true
		if _, ok := amountOf(k.Bid); k.Bid != "" && !ok {
			return c, core.Invalid(MsgCreateBid + "：" + k.Text)
		}
		c.keywords = append(c.keywords, k)
	}
	if c.targets, err = checkASINTargets(f.Targets); err != nil {
		return c, err
	}
	seen = map[string]bool{}
	for _, n := range f.NegativeKeywords {
		n.Text, n.MatchType = strings.Join(strings.Fields(n.Text), " "), strings.TrimSpace(n.MatchType)
		key := normal(n.Text) + "|" + n.MatchType
		if !keywordOK(n.Text) || seen[key] || n.MatchType != "NEGATIVE_EXACT" && n.MatchType != "NEGATIVE_PHRASE" {
			return c, core.Invalid(MsgCreateNegative + "：" + n.Text)
		}
		seen[key] = true
		c.negatives = append(c.negatives, n)
	}
	if c.negativeTargets, err = checkNegativeTargets(f.NegativeTargets); err != nil {
		return c, err
	}
	return c, nil
}

// brandID is a brand's id as Amazon's brand search gives it.
var brandID = regexp.MustCompile(`^[0-9A-Za-z]{1,40}$`)

// checkNegativeTargets checks negative product targets: an ASIN (upper-cased) or a brand's id, each once.
func checkNegativeTargets(in []SPNegativeTargetPick) ([]SPNegativeTargetPick, error) {
	var out []SPNegativeTargetPick
	seen := map[string]bool{}
	for _, n := range in {
		n.Type, n.Value = strings.TrimSpace(n.Type), strings.TrimSpace(n.Value)
		if n.Type == "" {
			n.Type = advertisingdb.NegativeASIN
		}
		if n.Type == advertisingdb.NegativeASIN {
			n.Value = strings.ToUpper(n.Value)
		}
		ok := n.Type == advertisingdb.NegativeASIN && asinPattern.MatchString(n.Value) ||
			n.Type == advertisingdb.NegativeBrand && brandID.MatchString(n.Value)
		if !ok || seen[n.Type+"|"+n.Value] {
			return nil, core.Invalid(MsgCreateNegativeASIN + "：" + n.Value)
		}
		seen[n.Type+"|"+n.Value] = true
		out = append(out, n)
	}
	return out, nil
}

// amountOf reads a positive amount of at most two decimals.
func amountOf(raw string) (decimal.Decimal, bool) {
	v, err := decimal.NewFromString(raw)
	if err != nil || !v.IsPositive() || v.Exponent() < -2 {
		return decimal.Zero, false
	}
	return v, true
}

// checkAmounts checks the budget and bids against the profile's currency (whole yen, Amazon's least and most)
// and its day (the start is today or later there).
func (c *checkedCampaign) checkAmounts(p advertisingdb.ProfileToCreate, now time.Time) error {
	if err := startsInTime(c.start, p, now); err != nil {
		return err
	}
	l := limitsOf(p.Currency)
	var err error
	if c.budgetValue, err = l.budget(c.budget); err != nil {
		return err
	}
	minBid, maxBid, whole := l.minBid, l.maxBid, l.whole
	bid := func(raw, what string) (*decimal.Decimal, error) {
		if raw == "" {
			return nil, nil
		}
		v, _ := amountOf(raw)
		if !whole(v) || v.LessThan(minBid) || v.GreaterThan(maxBid) {
			return nil, core.Invalid(MsgCreateBid + "：" + what)
		}
		if v.GreaterThan(c.budgetValue) {
			return nil, core.Invalid(MsgCreateBidOver + "：" + what)
		}
		return &v, nil
	}
	d, err := bid(c.defaultBid, "默认竞价")
	if err != nil {
		return err
	}
	c.defaultBidValue = *d
	c.keywordBids = make([]*decimal.Decimal, len(c.keywords))
	for i, k := range c.keywords {
		if c.keywordBids[i], err = bid(k.Bid, k.Text); err != nil {
			return err
		}
	}
	c.targetList = make([]newTarget, len(c.targets))
	for i, t := range c.targets {
		v, err := bid(t.Bid, t.ASIN)
		if err != nil {
			return err
		}
		c.targetList[i] = newTarget{asin: t.ASIN, bid: v}
	}
	return nil
}

// CreateSPCampaign creates a Sponsored Products campaign at Amazon: the campaign, then its ad group, then the
// product ads, keywords, product targets and negative keywords, each call answered per entity. What Amazon
// created is written here at once (广告管理 shows it before the next sync, which reads the same ids) and every row
// goes to 操作记录 with Amazon's answer. Amazon has no transaction: a campaign created stays when its ad group is
// refused, and the answer says what was refused and what was not sent.
func (s *Service) CreateSPCampaign(ctx context.Context, p core.Principal, f SPCreateForm) ([]ChangeResult, error) {
	c, err := checkCampaign(f)
	if err != nil {
		return nil, err
	}
	profile, err := s.profileToCreate(ctx, p, c.group, c.profile)
	if err != nil {
		return nil, err
	}
	if c.portfolio != "" {
		ok, err := advertisingdb.PortfolioOfProfile(s.db.With(ctx), profile.ProfileID, c.portfolio)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, core.Invalid(MsgCreatePortfolio)
		}
	}
	if err := c.checkAmounts(profile, s.now()); err != nil {
		return nil, err
	}
	cr, err := s.startCreation(ctx, p, profile)
	if err != nil {
		return nil, err
	}
	api := cr.api
	call, row := cr.call, cr.row

	// The campaign.
	bidding := map[string]any{"strategy": c.strategy}
	if len(c.placementOrder) > 0 {
		var pb []map[string]any
		for _, name := range c.placementOrder {
			pb = append(pb, map[string]any{"placement": name, "percentage": c.placements[name]})
		}
		bidding["placementBidding"] = pb
	}
	campaign := map[string]any{"name": c.name, "targetingType": c.targeting, "state": "ENABLED", "startDate": c.start,
		"budget": map[string]any{"budget": number(c.budgetValue), "budgetType": "DAILY"}, "dynamicBidding": bidding}
	if c.end != "" {
		campaign["endDate"] = c.end
	}
	if c.portfolio != "" {
		campaign["portfolioId"] = c.portfolio
	}
	row(advertisingdb.LevelCampaign, c.name, "预算 "+c.budgetValue.StringFixed(2)+" · "+targetingNames[c.targeting],
		func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveCampaigns(tx, scope, []advertisingdb.Campaign{{CampaignID: id, Name: c.name, State: "ENABLED",
				TargetingType: c.targeting, Budget: models.Money{Decimal: c.budgetValue}, BudgetType: "DAILY",
				BiddingStrategy: c.strategy, StartDate: c.start, EndDate: c.end, PortfolioID: c.portfolio}}, now)
			return err
		})
	if err := call(0, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSPEntities(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindCampaign, []map[string]any{campaign})
	}); err != nil {
		return nil, err
	}
	campaignID := cr.rows[0].AmazonID
	if !cr.rows[0].OK {
		cr.rows[0].Message += "；" + MsgCreateCampaignGone
		return s.recordCreation(cr, p)
	}

	// The ad group.
	row(advertisingdb.LevelAdGroup, c.adGroupName, "默认竞价 "+c.defaultBidValue.StringFixed(2),
		func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveAdGroups(tx, scope, []advertisingdb.AdGroup{{AdGroupID: id, CampaignID: campaignID,
				Name: c.adGroupName, State: "ENABLED", DefaultBid: models.Money{Decimal: c.defaultBidValue}}}, now)
			return err
		})
	if err := call(1, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSPEntities(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindAdGroup,
			[]map[string]any{{"campaignId": campaignID, "name": c.adGroupName, "state": "ENABLED", "defaultBid": number(c.defaultBidValue)}})
	}); err != nil {
		return nil, err
	}
	adGroupID := cr.rows[1].AmazonID
	groupOK := cr.rows[1].OK

	// What the ad group holds: product ads, keywords, targets, negatives, each kind in its call.
	from := len(cr.rows)
	ads := make([]map[string]any, len(c.skus))
	for i, sku := range c.skus {
		ads[i] = map[string]any{"campaignId": campaignID, "adGroupId": adGroupID, "sku": sku, "state": "ENABLED"}
		row(advertisingdb.LevelProductAd, sku, "SKU "+sku, func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveProductAds(tx, scope, []advertisingdb.ProductAd{{AdID: id, AdGroupID: adGroupID,
				CampaignID: campaignID, SKU: sku, State: "ENABLED"}}, now)
			return err
		})
	}
	sendKind := func(from int, send func() ([]amazon.SPResult, error)) error {
		return cr.under(groupOK, MsgCreateAdGroupGone, from, send)
	}
	if err := sendKind(from, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSPEntities(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindProductAd, ads)
	}); err != nil {
		return nil, err
	}
	from = len(cr.rows)
	keywords := make([]amazon.SPNew, len(c.keywords))
	for i, k := range c.keywords {
		bid := c.defaultBidValue
		if c.keywordBids[i] != nil {
			bid = *c.keywordBids[i]
		}
		keywords[i] = amazon.SPNew{CampaignID: campaignID, AdGroupID: adGroupID, Text: k.Text, MatchType: k.MatchType, Bid: &bid}
		row(advertisingdb.LevelKeyword, k.Text, matchNames[k.MatchType]+" · "+bid.StringFixed(2),
			func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
				_, err := advertisingdb.SaveKeywords(tx, scope, []advertisingdb.Keyword{{KeywordID: id, AdGroupID: adGroupID,
					CampaignID: campaignID, KeywordText: k.Text, MatchType: k.MatchType, State: "ENABLED", Bid: models.Money{Decimal: bid}}}, now)
				return err
			})
	}
	if err := sendKind(from, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSP(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindKeyword, keywords)
	}); err != nil {
		return nil, err
	}
	from = len(cr.rows)
	targets := make([]map[string]any, len(c.targetList))
	for i, t := range c.targetList {
		bid := c.defaultBidValue
		if t.bid != nil {
			bid = *t.bid
		}
		asin := t.asin
		targets[i] = map[string]any{"campaignId": campaignID, "adGroupId": adGroupID, "expressionType": "MANUAL", "state": "ENABLED",
			"expression": []map[string]string{{"type": "ASIN_SAME_AS", "value": asin}}, "bid": number(bid)}
		row(advertisingdb.LevelTarget, `asin="`+asin+`"`, bid.StringFixed(2),
			func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
				_, err := advertisingdb.SaveTargets(tx, scope, []advertisingdb.Target{{TargetID: id, AdGroupID: adGroupID,
					CampaignID: campaignID, ExpressionType: "MANUAL", Expression: `asin="` + asin + `"`, State: "ENABLED",
					Bid: models.Money{Decimal: bid}}}, now)
				return err
			})
	}
	if err := sendKind(from, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSPEntities(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindTarget, targets)
	}); err != nil {
		return nil, err
	}
	from = len(cr.rows)
	negatives := make([]amazon.SPNew, len(c.negatives))
	for i, n := range c.negatives {
		negatives[i] = amazon.SPNew{CampaignID: campaignID, AdGroupID: adGroupID, Text: n.Text, MatchType: n.MatchType}
		row(advertisingdb.LevelNegativeKeyword, n.Text, matchNames[n.MatchType],
			func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
				_, err := advertisingdb.SaveNegativeKeywords(tx, scope, []advertisingdb.NegativeKeyword{{KeywordID: id, AdGroupID: adGroupID,
					CampaignID: campaignID, KeywordText: n.Text, MatchType: n.MatchType, State: "ENABLED"}}, now)
				return err
			})
	}
	if err := sendKind(from, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSP(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindNegativeKeyword, negatives)
	}); err != nil {
		return nil, err
	}
	from = len(cr.rows)
	excluded := make([]map[string]any, len(c.negativeTargets))
	for i, n := range c.negativeTargets {
		excluded[i] = negativeTargetBody(campaignID, adGroupID, n)
		row(advertisingdb.LevelNegativeTarget, advertisingdb.NegativeExpression(n.Type, n.Value), negativeTargetNames[n.Type],
			saveNegativeTarget(campaignID, adGroupID, n))
	}
	if err := sendKind(from, func() ([]amazon.SPResult, error) {
		return api.Client.CreateSPEntities(ctx, api.Endpoint, api.RefreshToken, profile.AmazonProfile, amazon.SPKindNegativeTarget, excluded)
	}); err != nil {
		return nil, err
	}
	return s.recordCreation(cr, p)
}

// negativeTargetNames are the kinds of negative product target in the console's words.
var negativeTargetNames = map[string]string{advertisingdb.NegativeASIN: "否定ASIN", advertisingdb.NegativeBrand: "否定品牌"}

// negativeTargetBody is a negative product target as v3 takes it.
func negativeTargetBody(campaignID, adGroupID string, n SPNegativeTargetPick) map[string]any {
	return map[string]any{"campaignId": campaignID, "adGroupId": adGroupID, "state": "ENABLED",
		"expression": []map[string]string{{"type": n.Type, "value": n.Value}}}
}

// saveNegativeTarget writes a negative product target Amazon created.
func saveNegativeTarget(campaignID, adGroupID string, n SPNegativeTargetPick) func(*models.DB, advertisingdb.Profile, string, time.Time) error {
	return func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
		_, err := advertisingdb.SaveNegativeTargets(tx, scope, []advertisingdb.NegativeTarget{{TargetID: id, AdGroupID: adGroupID,
			CampaignID: campaignID, ExpressionType: n.Type, Value: n.Value, State: "ENABLED"}}, now)
		return err
	}
}

// newErrors are Amazon's refusals of a campaign's entities in a seller's words, by level and error type (the
// rest as a keyword's creation or a change says them).
var newErrors = map[string]string{
	advertisingdb.LevelCampaign + "|duplicateValueError":        "已有同名的广告活动",
	advertisingdb.LevelCampaign + "|budgetError":                "每日预算不符合亚马逊的要求",
	advertisingdb.LevelCampaign + "|dateError":                  "日期不符合亚马逊的要求",
	advertisingdb.LevelCampaign + "|entityNotFoundError":        "亚马逊找不到所选广告组合",
	advertisingdb.LevelAdGroup + "|duplicateValueError":         "广告活动中已有同名的广告组",
	advertisingdb.LevelAdGroup + "|rangeError":                  "默认竞价超出亚马逊允许的范围",
	advertisingdb.LevelAdGroup + "|biddingError":                "默认竞价不能高于每日预算",
	advertisingdb.LevelProductAd + "|entityNotFoundError":       "亚马逊找不到该SKU（须为该站点在售的SKU）",
	advertisingdb.LevelProductAd + "|duplicateValueError":       "广告组中已推广该SKU",
	advertisingdb.LevelTarget + "|duplicateValueError":          "广告组中已有相同的商品投放",
	advertisingdb.LevelTarget + "|entityStateError":             "自动投放的广告活动不能添加商品投放",
	advertisingdb.LevelKeyword + "|biddingError":                "竞价不能高于每日预算",
	advertisingdb.LevelNegativeKeyword + "|duplicateValueError": "已有相同文字和匹配方式的否定关键词",
	advertisingdb.LevelNegativeTarget + "|duplicateValueError":  "广告组中已有相同的否定商品投放",
}

// number is an amount as Amazon's bodies carry it: a JSON number.
func number(d decimal.Decimal) json.Number { return json.Number(d.String()) }

// recordCreated writes what Amazon created here and every row to 操作记录, in one transaction.
func (s *Service) recordCreated(ctx context.Context, p core.Principal, profile advertisingdb.ProfileToCreate, rows []createdRow) ([]ChangeResult, error) {
	now := s.now.Stamp()
	batch := models.NewID()
	scope := advertisingdb.Profile{CompanyID: p.CompanyID, GroupID: profile.GroupID, ProfileID: profile.ProfileID,
		MarketplaceID: profile.MarketplaceID, Currency: profile.Currency}
	out := make([]ChangeResult, len(rows))
	ops := make([]advertisingdb.Operation, len(rows))
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		for i, r := range rows {
			out[i] = r.ChangeResult
			ops[i] = advertisingdb.Operation{CompanyID: p.CompanyID, GroupID: profile.GroupID, ProfileID: profile.ProfileID,
				BatchID: batch, Level: r.level, AmazonID: r.AmazonID, EntityName: truncate(r.Name, 500), Action: ActionCreate,
				AfterValue: truncate(r.After, 40), OK: r.OK, ErrorType: truncate(r.ErrorType, 60), Message: truncate(r.Message, 500),
				Source: byHand.source, UserID: p.UserID, CreatedAt: now}
			if r.OK && r.AmazonID != "" {
				if err := r.save(tx, scope, r.AmazonID, now); err != nil {
					return err
				}
			}
		}
		return advertisingdb.SaveOperations(tx, ops)
	})
	return out, err
}
