package advertising

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of creating a Sponsored Brands campaign (创建SB广告), beside the ones it shares with 创建SP广告.
const (
	MsgSBBrandEntity = "请输入品牌实体ID（品牌注册后在亚马逊广告后台“品牌”中可见，如 ENTITY2XXXXXXXX），最多100个字符"
	MsgSBBrandName   = "请输入广告中显示的品牌名称，最多30个字符"
	MsgSBLogo        = "请输入品牌Logo的素材ID（素材库中以 amzn1.assetlibrary.asset1. 开头的ID）"
	MsgSBHeadline    = "请输入广告标题，最多50个字符"
	MsgSBASINs       = "落地页须有3到100个商品ASIN，每个为10位字母或数字（如 B0XXXXXXXX），且不能重复"
	MsgSBKeywords    = "请至少添加一个关键词"
	MsgSBBid         = "品牌推广的关键词竞价须在0.10到49之间，最多两位小数（日元为10到7000的整数）"
	// LevelBrandAd is a Sponsored Brands ad in 操作记录 and 广告管理.
	LevelBrandAd = advertisingdb.LevelBrandAd
)

// SBCreateForm is a new Sponsored Brands campaign (创建SB广告): the store group and profile (our ids), the campaign
// (name, dates YYYY-MM-DD, daily budget, the brand entity id a seller's brand has at Amazon), its ad group (name),
// its product collection ad (the brand name and logo asset shown, a headline of at most 50 characters, and the
// landing page's ASINs: the first three are the ad's) and its keywords (text, match type, bid). Amounts are in
// the profile's currency.
type SBCreateForm struct {
	GroupID       string          `json:"groupId"`
	ProfileID     string          `json:"profileId"`
	Name          string          `json:"name"`
	StartDate     string          `json:"startDate"`
	EndDate       string          `json:"endDate"`
	Budget        string          `json:"budget"`
	BrandEntityID string          `json:"brandEntityId"`
	AdGroupName   string          `json:"adGroupName"`
	BrandName     string          `json:"brandName"`
	LogoAssetID   string          `json:"logoAssetId"`
	Headline      string          `json:"headline"`
	ASINs         []string        `json:"asins"`
	Keywords      []SPKeywordPick `json:"keywords"`
}

// checkedSB is an SB form checked in its shape.
type checkedSB struct {
	group, profile                         int64
	name, start, end, budget, brandEntity  string
	adGroupName, brandName, logo, headline string
	asins                                  []string
	keywords                               []SPKeywordPick
	budgetValue                            decimal.Decimal
	keywordBids                            []decimal.Decimal
}

func checkSB(f SBCreateForm) (checkedSB, error) {
	var c checkedSB
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
	c.start, c.end = strings.TrimSpace(f.StartDate), strings.TrimSpace(f.EndDate)
	if err := checkDates(c.start, c.end); err != nil {
		return c, err
	}
	if c.budget = strings.TrimSpace(f.Budget); !isAmount(c.budget) {
		return c, core.Invalid(MsgCreateBudget)
	}
	if c.brandEntity = strings.TrimSpace(f.BrandEntityID); c.brandEntity == "" || len(c.brandEntity) > 100 {
		return c, core.Invalid(MsgSBBrandEntity)
	}
	if c.adGroupName = strings.TrimSpace(f.AdGroupName); c.adGroupName == "" || len([]rune(c.adGroupName)) > 255 {
		return c, core.Invalid(MsgCreateAdGroupName)
	}
	if c.brandName = strings.TrimSpace(f.BrandName); c.brandName == "" || len([]rune(c.brandName)) > 30 {
		return c, core.Invalid(MsgSBBrandName)
	}
	if c.logo = strings.TrimSpace(f.LogoAssetID); !strings.HasPrefix(c.logo, "amzn1.assetlibrary.asset1.") || len(c.logo) > 200 {
		return c, core.Invalid(MsgSBLogo)
	}
	if c.headline = strings.Join(strings.Fields(f.Headline), " "); c.headline == "" || len([]rune(c.headline)) > 50 {
		return c, core.Invalid(MsgSBHeadline)
	}
	seen := map[string]bool{}
	for _, raw := range f.ASINs {
		asin := strings.ToUpper(strings.TrimSpace(raw))
		if asin == "" {
			continue
		}
		if !asinPattern.MatchString(asin) || seen[asin] {
			return c, core.Invalid(MsgSBASINs + "：" + asin)
		}
		seen[asin] = true
		c.asins = append(c.asins, asin)
	}
	if len(c.asins) < 3 || len(c.asins) > 100 {
		return c, core.Invalid(MsgSBASINs)
	}
	if len(f.Keywords) == 0 {
		return c, core.Invalid(MsgSBKeywords)
	}
	if len(f.Keywords) > createItemLimit {
		return c, core.Invalid(MsgCreateTooMany)
	}
	seen = map[string]bool{}
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
		if !isAmount(k.Bid) {
			return c, core.Invalid(MsgSBBid + "：" + k.Text)
		}
		c.keywords = append(c.keywords, k)
	}
	return c, nil
}

// checkAmounts checks the budget and keyword bids against the profile's currency and day: Sponsored Brands' bids
// run from 0.10 to 49 (10 to 7,000 yen) and are not above the budget.
func (c *checkedSB) checkAmounts(p advertisingdb.ProfileToCreate, now time.Time) error {
	if err := startsInTime(c.start, p, now); err != nil {
		return err
	}
	l := limitsOf(p.Currency)
	var err error
	if c.budgetValue, err = l.budget(c.budget); err != nil {
		return err
	}
	lo, hi := decimal.New(10, -2), decimal.NewFromInt(49)
	if l.yen {
		lo, hi = decimal.NewFromInt(10), decimal.NewFromInt(7000)
	}
	c.keywordBids = make([]decimal.Decimal, len(c.keywords))
	for i, k := range c.keywords {
		v, _ := amountOf(k.Bid)
		if !l.whole(v) || v.LessThan(lo) || v.GreaterThan(hi) {
			return core.Invalid(MsgSBBid + "：" + k.Text)
		}
		if v.GreaterThan(c.budgetValue) {
			return core.Invalid(MsgCreateBidOver + "：" + k.Text)
		}
		c.keywordBids[i] = v
	}
	return nil
}

// CreateSBCampaign creates a Sponsored Brands campaign at Amazon (v4): the campaign, its ad group, its product
// collection ad, then its keywords, each answered per entity, as CreateSPCampaign does. The ad is recorded in
// 操作记录 only: 广告管理 lists campaigns, ad groups and keywords.
func (s *Service) CreateSBCampaign(ctx context.Context, p core.Principal, f SBCreateForm) ([]ChangeResult, error) {
	c, err := checkSB(f)
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
	campaign := map[string]any{"name": c.name, "state": "ENABLED", "startDate": c.start, "budgetType": "DAILY",
		"budget": number(c.budgetValue), "brandEntityId": c.brandEntity}
	if c.end != "" {
		campaign["endDate"] = c.end
	}
	cr.row(advertisingdb.LevelCampaign, c.name, "预算 "+c.budgetValue.StringFixed(2)+" · 品牌推广",
		func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveCampaigns(tx, scope, []advertisingdb.Campaign{{CampaignID: id, Name: c.name, State: "ENABLED",
				Budget: models.Money{Decimal: c.budgetValue}, BudgetType: "DAILY", StartDate: c.start, EndDate: c.end,
				AdType: advertisingdb.AdTypeSB}}, now)
			return err
		})
	if err := cr.send(0, amazon.SBKindCampaign, []map[string]any{campaign}); err != nil {
		return nil, err
	}
	campaignID := cr.rows[0].AmazonID
	if !cr.rows[0].OK {
		cr.rows[0].Message += "；" + MsgCreateCampaignGone
		return s.recordCreation(cr, p)
	}

	cr.row(advertisingdb.LevelAdGroup, c.adGroupName, "广告组",
		func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
			_, err := advertisingdb.SaveAdGroups(tx, scope, []advertisingdb.AdGroup{{AdGroupID: id, CampaignID: campaignID,
				Name: c.adGroupName, State: "ENABLED"}}, now)
			return err
		})
	if err := cr.send(1, amazon.SBKindAdGroup, []map[string]any{{"campaignId": campaignID, "name": c.adGroupName, "state": "ENABLED"}}); err != nil {
		return nil, err
	}
	adGroupID, groupOK := cr.rows[1].AmazonID, cr.rows[1].OK

	from := len(cr.rows)
	ad := map[string]any{"adGroupId": adGroupID, "name": c.headline, "state": "ENABLED",
		"landingPage": map[string]any{"pageType": "PRODUCT_LIST", "asins": c.asins},
		"creative":    map[string]any{"asins": c.asins[:3], "brandName": c.brandName, "brandLogoAssetID": c.logo, "headline": c.headline}}
	cr.row(LevelBrandAd, c.headline, c.brandName+" · "+strings.Join(c.asins[:3], " "), func(*models.DB, advertisingdb.Profile, string, time.Time) error { return nil })
	if err := cr.under(groupOK, MsgCreateAdGroupGone, from, func() ([]amazon.SPResult, error) {
		return cr.api.Client.CreateSponsored(ctx, cr.api.Endpoint, cr.api.RefreshToken, profile.AmazonProfile, amazon.SBKindAd, []map[string]any{ad})
	}); err != nil {
		return nil, err
	}

	from = len(cr.rows)
	keywords := make([]map[string]any, len(c.keywords))
	for i, k := range c.keywords {
		bid := c.keywordBids[i]
		keywords[i] = map[string]any{"campaignId": campaignID, "adGroupId": adGroupID, "keywordText": k.Text,
			"matchType": strings.ToLower(k.MatchType), "bid": number(bid)}
		cr.row(advertisingdb.LevelKeyword, k.Text, matchNames[k.MatchType]+" · "+bid.StringFixed(2),
			func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error {
				_, err := advertisingdb.SaveKeywords(tx, scope, []advertisingdb.Keyword{{KeywordID: id, AdGroupID: adGroupID,
					CampaignID: campaignID, KeywordText: k.Text, MatchType: k.MatchType, State: "ENABLED", Bid: models.Money{Decimal: bid}}}, now)
				return err
			})
	}
	if err := cr.under(groupOK, MsgCreateAdGroupGone, from, func() ([]amazon.SPResult, error) {
		return cr.api.Client.CreateSponsored(ctx, cr.api.Endpoint, cr.api.RefreshToken, profile.AmazonProfile, amazon.SBKindKeyword, keywords)
	}); err != nil {
		return nil, err
	}
	return s.recordCreation(cr, p)
}
