package advertising

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of adding search terms as keywords or negative keywords from 搜索词.
const (
	MsgAddAs            = "请选择添加为否定关键词或关键词"
	MsgAddNone          = "请选择要添加的搜索词"
	MsgAddTooMany       = "一次最多添加100个搜索词"
	MsgAddMatchNegative = "否定关键词的匹配方式只能是否定精准或否定词组"
	MsgAddMatchKeyword  = "关键词的匹配方式只能是精准、词组或广泛"
	MsgAddLevel         = "请选择否定到广告组或广告活动"
	MsgAddAdGroup       = "请选择关键词要添加到的广告组"
	MsgAddAdGroupGone   = "所选广告组不存在或无权操作"
	MsgAddBid           = "竞价须大于0，最多两位小数"
	MsgAddNotFound      = "所选搜索词不存在或无权操作"
	// MsgRowOtherProfile refuses a term searched in another 站点 than the ad group's.
	MsgRowOtherProfile = "搜索词与所选广告组不在同一站点，不能添加"
	// MsgRowNegativeSB refuses a Sponsored Brands search term as a negative keyword: the negatives this screen
	// sends are Sponsored Products', which a Brands ad group or campaign cannot take.
	MsgRowNegativeSB = "该搜索词来自品牌推广（SB）广告，只有商品推广（SP）的搜索词可以在此添加为否定关键词"
)

// The actions of adding search terms, as 操作记录 names them (adv_operations.action holds 10 characters).
const (
	ActionAddNegative = "negate"
	ActionAddKeyword  = "addKeyword"
)

// addLimit is the most search terms one add takes.
const addLimit = 100

// matchNames are the match types in the console's words.
var matchNames = map[string]string{"NEGATIVE_EXACT": "否定精准", "NEGATIVE_PHRASE": "否定词组", "EXACT": "精准",
	"PHRASE": "词组", "BROAD": "广泛"}

// createErrors are Amazon's error types of a creation in a seller's words (the rest as amazonErrors).
var createErrors = map[string]string{
	"duplicateValueError": "已有相同文字和匹配方式的关键词",
	"entityStateError":    "所属广告活动或广告组已归档，或为自动投放，不能添加",
	"entityNotFoundError": "亚马逊找不到所属广告活动或广告组",
	"rangeError":          "竞价超出亚马逊允许的范围",
}

// SearchTermAddForm adds search terms (搜索词's row ids) as negative keywords (as negative: NEGATIVE_EXACT or
// NEGATIVE_PHRASE, at the level adgroup or campaign where each was searched) or as keywords (as keyword: EXACT,
// PHRASE or BROAD, into the ad group adGroupId, our id, each with its bid in the profile's currency).
type SearchTermAddForm struct {
	As        string           `json:"as"`
	MatchType string           `json:"matchType"`
	Level     string           `json:"level"`
	AdGroupID string           `json:"adGroupId"`
	Terms     []SearchTermPick `json:"terms"`
}

// SearchTermPick is a search term chosen: 搜索词's row id and, for a keyword, its bid.
type SearchTermPick struct {
	ID  string `json:"id"`
	Bid string `json:"bid"`
}

// parseTermID reads 搜索词's row id: profile:target:term (the term may hold colons).
func parseTermID(raw string) (advertisingdb.TermKey, bool) {
	parts := strings.SplitN(raw, ":", 3)
	if len(parts) != 3 || parts[1] == "" || parts[2] == "" {
		return advertisingdb.TermKey{}, false
	}
	profile, ok := core.ParseID(parts[0])
	return advertisingdb.TermKey{ProfileID: profile, TargetID: parts[1], SearchTerm: parts[2]}, ok
}

type checkedAdd struct {
	negative bool
	match    string
	campaign bool // negatives at the campaign level
	adGroup  int64
	keys     []advertisingdb.TermKey
	bids     map[advertisingdb.TermKey]decimal.Decimal
}

func checkAdd(f SearchTermAddForm) (checkedAdd, error) {
	var c checkedAdd
	switch f.As {
	case "negative":
		c.negative = true
		if f.MatchType != "NEGATIVE_EXACT" && f.MatchType != "NEGATIVE_PHRASE" {
			return c, core.Invalid(MsgAddMatchNegative)
		}
		switch f.Level {
		case advertisingdb.LevelAdGroup:
		case advertisingdb.LevelCampaign:
			c.campaign = true
		default:
			return c, core.Invalid(MsgAddLevel)
		}
	case "keyword":
		if f.MatchType != "EXACT" && f.MatchType != "PHRASE" && f.MatchType != "BROAD" {
			return c, core.Invalid(MsgAddMatchKeyword)
		}
		id, ok := core.ParseID(strings.TrimSpace(f.AdGroupID))
		if !ok {
			return c, core.Invalid(MsgAddAdGroup)
		}
		c.adGroup = id
	default:
		return c, core.Invalid(MsgAddAs)
	}
	c.match = f.MatchType
	if len(f.Terms) == 0 {
		return c, core.Invalid(MsgAddNone)
	}
	if len(f.Terms) > addLimit {
		return c, core.Invalid(MsgAddTooMany)
	}
	c.bids = map[advertisingdb.TermKey]decimal.Decimal{}
	seen := map[advertisingdb.TermKey]bool{}
	for _, t := range f.Terms {
		k, ok := parseTermID(t.ID)
		if !ok {
			return c, core.Invalid(MsgAddNotFound)
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		c.keys = append(c.keys, k)
		if !c.negative {
			v, err := decimal.NewFromString(strings.TrimSpace(t.Bid))
			if err != nil || !v.IsPositive() || v.Exponent() < -2 || v.GreaterThan(decimal.NewFromInt(1_000_000)) {
				return c, core.Invalid(MsgAddBid)
			}
			c.bids[k] = v
		}
	}
	return c, nil
}

// AddSearchTerms sends search terms to the Advertising API as negative keywords (of the ad group or campaign where
// each was searched) or as keywords of the chosen ad group, profile by profile, writes what Amazon created here
// and records every row in 操作记录 with Amazon's answer: a row refused (here or by Amazon) creates nothing and
// says why, the others are created.
func (s *Service) AddSearchTerms(ctx context.Context, p core.Principal, f SearchTermAddForm) ([]ChangeResult, error) {
	return s.addSearchTerms(ctx, p, f, byHand)
}

func (s *Service) addSearchTerms(ctx context.Context, p core.Principal, f SearchTermAddForm, o origin) ([]ChangeResult, error) {
	c, err := checkAdd(f)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	terms, err := advertisingdb.TermsToAdd(db, p.CompanyID, p.UserID, c.keys)
	if err != nil {
		return nil, err
	}
	if len(terms) == 0 {
		return nil, core.Invalid(MsgAddNotFound)
	}
	var group advertisingdb.AdGroupToAdd
	if !c.negative {
		group, err = advertisingdb.AdGroupForAdding(db, p.CompanyID, p.UserID, c.adGroup)
		if models.IsNotFound(err) {
			return nil, core.Invalid(MsgAddAdGroupGone)
		}
		if err != nil {
			return nil, err
		}
	}
	kind, level, action := amazon.SPKindKeyword, advertisingdb.LevelKeyword, ActionAddKeyword
	if c.negative {
		kind, level, action = amazon.SPKindNegativeKeyword, advertisingdb.LevelNegativeKeyword, ActionAddNegative
		if c.campaign {
			kind = amazon.SPKindCampaignNegativeKeyword
		}
	}
	results := make([]ChangeResult, len(terms))
	news := make([]amazon.SPNew, len(terms))
	send := map[[2]int64][]int{} // (store group, Amazon's profile) -> the rows to send
	for i, t := range terms {
		n := amazon.SPNew{CampaignID: t.CampaignID, AdGroupID: t.AdGroupID, Text: t.SearchTerm, MatchType: c.match}
		where := "广告组 " + t.AdGroupName
		if c.campaign {
			n.AdGroupID, where = "", "广告活动 "+t.CampaignName
		}
		r := ChangeResult{RowID: termRowID(t.TermKey), Name: t.SearchTerm, Currency: t.Currency, Action: action}
		if !c.negative {
			n.CampaignID, n.AdGroupID, where = group.CampaignID, group.AdGroupID, "广告组 "+group.Name
			bid := c.bids[t.TermKey]
			n.Bid = &bid
			r.After = matchNames[c.match] + " · " + where + " · " + bid.StringFixed(2)
		} else {
			r.After = matchNames[c.match] + " · " + where
		}
		news[i], results[i] = n, r
		if !c.negative && group.ProfileID != t.ProfileID {
			results[i].ErrorType, results[i].Message = "local", MsgRowOtherProfile
			continue
		}
		if c.negative && t.AdType != advertisingdb.AdTypeSP {
			results[i].ErrorType, results[i].Message = "local", MsgRowNegativeSB
			continue
		}
		k := [2]int64{t.GroupID, t.AmazonProfile}
		send[k] = append(send[k], i)
	}
	keys := make([][2]int64, 0, len(send))
	for k := range send {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		rows := send[k]
		api, err := s.stores.AdvertisingAPIOf(ctx, p.CompanyID, k[0], terms[rows[0]].Region)
		if models.IsNotFound(err) {
			for _, i := range rows {
				results[i].ErrorType, results[i].Message = "auth", MsgRowNoAuth
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		part := make([]amazon.SPNew, len(rows))
		for n, i := range rows {
			part[n] = news[i]
		}
		answers, err := api.Client.CreateSP(ctx, api.Endpoint, api.RefreshToken, k[1], kind, part)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			for _, i := range rows {
				results[i].ErrorType, results[i].Message = "call", msgRowAmazonCall+err.Error()
			}
			continue
		}
		for n, i := range rows {
			a := answers[n]
			if a.OK {
				results[i].OK, results[i].AmazonID = true, a.ID
				continue
			}
			why, ok := createErrors[a.Error]
			if !ok {
				if why, ok = amazonErrors[a.Error]; !ok {
					why = a.Error
				}
			}
			results[i].ErrorType = a.Error
			results[i].Message = strings.TrimSpace(msgRowRefused + why + "（" + a.Message + "）")
		}
	}
	return results, s.recordAdded(ctx, p, level, terms, news, results, o)
}

// recordAdded writes the entities Amazon created here (so 广告管理 shows them before the next sync, which reads
// the same ids) and every row to 操作记录, in one transaction.
func (s *Service) recordAdded(ctx context.Context, p core.Principal, level string, terms []advertisingdb.TermToAdd,
	news []amazon.SPNew, results []ChangeResult, o origin) error {
	now := s.now.Stamp()
	batch := models.NewID()
	ops := make([]advertisingdb.Operation, len(results))
	return s.db.Tx(ctx, func(tx *models.DB) error {
		for i, r := range results {
			t, n := terms[i], news[i]
			ops[i] = advertisingdb.Operation{CompanyID: p.CompanyID, GroupID: t.GroupID, ProfileID: t.ProfileID, BatchID: batch,
				Level: level, AmazonID: r.AmazonID, EntityName: t.SearchTerm, Action: r.Action, AfterValue: r.After, OK: r.OK,
				ErrorType: r.ErrorType, Message: truncate(r.Message, 500), Source: o.source, UserID: p.UserID, CreatedAt: now,
				RuleID: o.ruleID, Reason: truncate(o.reasons[r.RowID], 500)}
			if !r.OK || r.AmazonID == "" {
				continue
			}
			scope := advertisingdb.Profile{CompanyID: p.CompanyID, GroupID: t.GroupID, ProfileID: t.ProfileID,
				MarketplaceID: t.MarketplaceID, Currency: t.Currency}
			var err error
			if level == advertisingdb.LevelNegativeKeyword {
				_, err = advertisingdb.SaveNegativeKeywords(tx, scope, []advertisingdb.NegativeKeyword{{KeywordID: r.AmazonID,
					AdGroupID: n.AdGroupID, CampaignID: n.CampaignID, KeywordText: n.Text, MatchType: n.MatchType, State: "ENABLED"}}, now)
			} else {
				_, err = advertisingdb.SaveKeywords(tx, scope, []advertisingdb.Keyword{{KeywordID: r.AmazonID, AdGroupID: n.AdGroupID,
					CampaignID: n.CampaignID, KeywordText: n.Text, MatchType: n.MatchType, State: "ENABLED",
					Bid: models.Money{Decimal: *n.Bid}}}, now)
			}
			if err != nil {
				return err
			}
		}
		return advertisingdb.SaveOperations(tx, ops)
	})
}

// termRowID is 搜索词's row id of a term.
func termRowID(t advertisingdb.TermKey) string {
	return strconv.FormatInt(t.ProfileID, 10) + ":" + t.TargetID + ":" + t.SearchTerm
}
