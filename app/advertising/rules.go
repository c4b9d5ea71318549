package advertising

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/purchase"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	purchasedb "sellerhub/models/purchase"
)

// 广告规则: a company's rules over its synced Sponsored Products. Each rule reads the figures of its store group (one
// profile or all) over the last days of data, lists what it would change and why (the dry run), and on each new day
// of data (the daily job, within its weekdays and from its hour) sends those changes through the same calls as
// 广告管理, each row recorded in 操作记录 with the figures that made it and Amazon's answer.

// PermissionRulesEdit creates, changes, switches, runs and deletes rules; the dry run needs the screen only.
const PermissionRulesEdit = "amz:adv:rules:edit"

// The kinds of rules.
const (
	RulePauseKeyword = "pauseKeyword"
	RuleLowerBid     = "lowerBid"
	RuleAddKeyword   = "addKeyword"
	RuleRaiseBudget  = "raiseBudget"
	// RuleRaiseBid raises the bids of keywords whose SKUs have stock to spare: spend moves to excess stock.
	RuleRaiseBid = "raiseBid"
)

// RuleKindNames are the kinds in the seller's words.
var RuleKindNames = map[string]string{RulePauseKeyword: "暂停高ACOS关键词", RuleLowerBid: "降低竞价",
	RuleAddKeyword: "搜索词添加为精准关键词", RuleRaiseBudget: "提高用完的预算", RuleRaiseBid: "库存充足时提高竞价"}

// Messages of 广告规则.
const (
	MsgRuleName         = "请输入规则名称，最多50个字"
	MsgRuleGroup        = "请选择店铺"
	MsgRuleProfile      = "所选站点不属于该店铺"
	MsgRuleKind         = "请选择规则类型"
	MsgRuleDays         = "统计天数须为1到60的整数"
	MsgRuleClicks       = "最少点击须为0到100000的整数"
	MsgRuleOrders       = "最少订单须为1到10000的整数"
	MsgRuleAcos         = "ACOS须大于0，最多两位小数"
	MsgRuleRoas         = "ROAS须大于0，最多两位小数"
	MsgRuleCover        = "可售天数须为1到365的整数"
	MsgRuleCoverAbove   = "请填写“可售天数多于”，1到365的整数"
	MsgRuleBidCap       = "竞价上限须大于0，最多两位小数"
	MsgRuleLowerWhen    = "请设置“ROAS低于”或“可售天数少于”，至少一项"
	MsgRulePercentLower = "降低的百分比须为1到90，最多两位小数"
	MsgRulePercentRaise = "提高的百分比须为1到100，最多两位小数"
	MsgRuleBid          = "竞价须大于0，最多两位小数"
	MsgRuleAdGroup      = "请选择关键词要添加到的广告组"
	MsgRuleAdGroupAuto  = "只能添加到手动投放广告活动的广告组"
	MsgRuleSpentDays    = "花完预算的天数须为1到统计天数之间的整数"
	MsgRuleWeekdays     = "请至少选择一天执行"
	MsgRuleHour         = "执行时间须为0到23点"
	MsgRuleNotFound     = "规则不存在或无权操作"
	MsgRuleNone         = "请选择规则"
	MsgRuleNoData       = "该店铺还没有广告数据，请先在数据同步中同步“广告报表”"
	MsgRuleRan          = "该规则已按%s的数据执行过：每天的数据只执行一次"
	// MsgBudgetNoHour says what the budget rule can read: Amazon's reports give a day's spend, not its hours.
	MsgBudgetNoHour = "广告报表只有每天的花费，没有小时数据，无法判断预算在几点用完；按花费达到当前预算的天数判断。"
	// MsgCoverHow says where days of cover come from.
	MsgCoverHow = "可售天数取自亚马逊补货计划：FBA总库存 ÷ 日均销量；广告组推广多个SKU时取最少的一个，没有FBA库存数据或没有销量的SKU不算。"
)

// Rules is 广告规则 and 预警管理 over the advertising service: the rules, their dry runs and runs, the alerts.
type Rules struct {
	ads     *Service
	planner *purchase.Planner
	log     *slog.Logger
}

// NewRules builds the rules over the advertising service, which sends their changes, and the replenishment
// planner, whose arithmetic gives a SKU's days of cover.
func NewRules(ads *Service, planner *purchase.Planner, log *slog.Logger) *Rules {
	if log == nil {
		log = slog.Default()
	}
	return &Rules{ads: ads, planner: planner, log: log}
}

// RuleForm is a rule as 广告规则's form sends it: figures as typed (ACOS and percents in percent, ROAS a ratio, a
// bid in the ad group's currency), weekdays as digits 1 (Monday) to 7, the hour in Beijing time.
type RuleForm struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	GroupID      string `json:"groupId"`
	ProfileID    string `json:"profileId"`
	Kind         string `json:"kind"`
	LookbackDays string `json:"lookbackDays"`
	MinClicks    string `json:"minClicks"`
	MinOrders    string `json:"minOrders"`
	AcosAbove    string `json:"acosAbove"`
	RoasBelow    string `json:"roasBelow"`
	CoverBelow   string `json:"coverBelow"`
	CoverAbove   string `json:"coverAbove"`
	RoasAbove    string `json:"roasAbove"`
	SpentDays    string `json:"spentDays"`
	Percent      string `json:"percent"`
	Bid          string `json:"bid"`
	AdGroupID    string `json:"adGroupId"`
	Weekdays     string `json:"weekdays"`
	Hour         string `json:"hour"`
	Enabled      bool   `json:"enabled"`
}

// intIn reads a whole number from lo to hi ("" is blank: def).
func intIn(raw string, lo, hi, def int) (int, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return def, def >= lo
	}
	n, err := strconv.Atoi(raw)
	return n, err == nil && n >= lo && n <= hi
}

// hundredths reads a positive number of at most two decimals up to hi as hundredths ("" is 0, blank).
func hundredths(raw string, hi int64) (int64, bool) {
	raw = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(raw), "%"))
	if raw == "" {
		return 0, true
	}
	v, err := decimal.NewFromString(raw)
	if err != nil || !v.IsPositive() || v.Exponent() < -2 || v.GreaterThan(decimal.NewFromInt(hi)) {
		return 0, false
	}
	return v.Shift(2).IntPart(), true
}

func (r *Rules) checkRule(ctx context.Context, p core.Principal, f RuleForm) (advertisingdb.Rule, error) {
	var rule advertisingdb.Rule
	db := r.ads.db.With(ctx)
	rule.Name = strings.TrimSpace(f.Name)
	if rule.Name == "" || len([]rune(rule.Name)) > 50 {
		return rule, core.Invalid(MsgRuleName)
	}
	group, ok := core.ParseID(f.GroupID)
	if !ok {
		return rule, core.Invalid(MsgRuleGroup)
	}
	var n int64
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", group).Count(&n).Error; err != nil {
		return rule, err
	}
	if n == 0 {
		return rule, core.Invalid(MsgRuleGroup)
	}
	rule.GroupID = group
	if raw := strings.TrimSpace(f.ProfileID); raw != "" {
		profile, ok := core.ParseID(raw)
		if ok {
			var err error
			if ok, err = advertisingdb.ProfileInGroup(db, p.CompanyID, profile, group); err != nil {
				return rule, err
			}
		}
		if !ok {
			return rule, core.Invalid(MsgRuleProfile)
		}
		rule.ProfileID = profile
	}
	rule.Kind = strings.TrimSpace(f.Kind)
	if _, ok := RuleKindNames[rule.Kind]; !ok {
		return rule, core.Invalid(MsgRuleKind)
	}
	if rule.LookbackDays, ok = intIn(f.LookbackDays, 1, 60, 7); !ok {
		return rule, core.Invalid(MsgRuleDays)
	}
	if rule.MinClicks, ok = intIn(f.MinClicks, 0, 100000, 0); !ok {
		return rule, core.Invalid(MsgRuleClicks)
	}
	switch rule.Kind {
	case RulePauseKeyword:
		if rule.AcosAbove, ok = hundredths(f.AcosAbove, 100000); !ok || rule.AcosAbove == 0 {
			return rule, core.Invalid(MsgRuleAcos)
		}
	case RuleLowerBid:
		if rule.RoasBelow, ok = hundredths(f.RoasBelow, 1000); !ok {
			return rule, core.Invalid(MsgRuleRoas)
		}
		if rule.CoverBelow, ok = intIn(f.CoverBelow, 1, 365, 0); !ok && strings.TrimSpace(f.CoverBelow) != "" {
			return rule, core.Invalid(MsgRuleCover)
		}
		if rule.RoasBelow == 0 && rule.CoverBelow == 0 {
			return rule, core.Invalid(MsgRuleLowerWhen)
		}
		if rule.Percent, ok = hundredths(f.Percent, 90); !ok || rule.Percent < 100 {
			return rule, core.Invalid(MsgRulePercentLower)
		}
	case RuleRaiseBid:
		if rule.CoverAbove, ok = intIn(f.CoverAbove, 1, 365, 0); !ok {
			return rule, core.Invalid(MsgRuleCoverAbove)
		}
		if rule.RoasAbove, ok = hundredths(f.RoasAbove, 1000); !ok {
			return rule, core.Invalid(MsgRuleRoas)
		}
		if rule.Percent, ok = hundredths(f.Percent, 100); !ok || rule.Percent < 100 {
			return rule, core.Invalid(MsgRulePercentRaise)
		}
		cap, err := decimal.NewFromString(strings.TrimSpace(f.Bid))
		if err != nil || !cap.IsPositive() || cap.Exponent() < -2 || cap.GreaterThan(decimal.NewFromInt(1_000_000)) {
			return rule, core.Invalid(MsgRuleBidCap)
		}
		rule.Bid = models.Money{Decimal: cap}.Units()
	case RuleAddKeyword:
		if rule.MinOrders, ok = intIn(f.MinOrders, 1, 10000, 1); !ok {
			return rule, core.Invalid(MsgRuleOrders)
		}
		bid, err := decimal.NewFromString(strings.TrimSpace(f.Bid))
		if err != nil || !bid.IsPositive() || bid.Exponent() < -2 || bid.GreaterThan(decimal.NewFromInt(1_000_000)) {
			return rule, core.Invalid(MsgRuleBid)
		}
		rule.Bid = models.Money{Decimal: bid}.Units()
		id, ok := core.ParseID(f.AdGroupID)
		if !ok {
			return rule, core.Invalid(MsgRuleAdGroup)
		}
		g, err := advertisingdb.RuleAdGroupOf(db, p.CompanyID, group, id)
		if models.IsNotFound(err) || err == nil && rule.ProfileID != 0 && g.ProfileID != rule.ProfileID {
			return rule, core.Invalid(MsgRuleAdGroup)
		}
		if err != nil {
			return rule, err
		}
		if g.TargetingType != "MANUAL" {
			return rule, core.Invalid(MsgRuleAdGroupAuto)
		}
		rule.AdGroupID = id
	case RuleRaiseBudget:
		if rule.SpentDays, ok = intIn(f.SpentDays, 1, rule.LookbackDays, 1); !ok {
			return rule, core.Invalid(MsgRuleSpentDays)
		}
		if rule.Percent, ok = hundredths(f.Percent, 100); !ok || rule.Percent < 100 {
			return rule, core.Invalid(MsgRulePercentRaise)
		}
	}
	days := ""
	for d := '1'; d <= '7'; d++ {
		if strings.ContainsRune(f.Weekdays, d) {
			days += string(d)
		}
	}
	if strings.TrimSpace(f.Weekdays) == "" {
		days = "1234567"
	}
	if days == "" {
		return rule, core.Invalid(MsgRuleWeekdays)
	}
	rule.Weekdays = days
	if rule.Hour, ok = intIn(f.Hour, 0, 23, 0); !ok {
		return rule, core.Invalid(MsgRuleHour)
	}
	rule.Enabled = f.Enabled
	return rule, nil
}

// SaveRule creates a rule (no id) or changes one, answering its id. A changed rule keeps its runs: the day it ran on
// still counts.
func (r *Rules) SaveRule(ctx context.Context, p core.Principal, f RuleForm) (int64, error) {
	rule, err := r.checkRule(ctx, p, f)
	if err != nil {
		return 0, err
	}
	db := r.ads.db.With(ctx)
	now := r.ads.now.Stamp()
	if raw := strings.TrimSpace(f.ID); raw != "" {
		id, ok := core.ParseID(raw)
		if !ok {
			return 0, core.Invalid(MsgRuleNotFound)
		}
		old, err := advertisingdb.RuleOf(db, p.CompanyID, p.UserID, id)
		if models.IsNotFound(err) {
			return 0, core.Invalid(MsgRuleNotFound)
		}
		if err != nil {
			return 0, err
		}
		rule.ID, rule.CreatedBy, rule.CreatedAt = old.ID, old.CreatedBy, old.CreatedAt
		rule.LastDay, rule.LastRunAt, rule.LastChanged, rule.LastRefused = old.LastDay, old.LastRunAt, old.LastChanged, old.LastRefused
	} else {
		rule.ID, rule.CreatedBy, rule.CreatedAt = models.NewID(), p.UserID, now
	}
	rule.CompanyID, rule.UpdatedAt = p.CompanyID, now
	return rule.ID, advertisingdb.SaveRule(db, &rule)
}

// RuleIDs names rules: 广告规则's checked rows.
type RuleIDs struct {
	IDs []string `json:"ids"`
}

func ruleIDs(f RuleIDs) ([]int64, error) {
	if len(f.IDs) == 0 || len(f.IDs) > 500 {
		return nil, core.Invalid(MsgRuleNone)
	}
	out := make([]int64, 0, len(f.IDs))
	for _, raw := range f.IDs {
		id, ok := core.ParseID(raw)
		if !ok {
			return nil, core.Invalid(MsgRuleNotFound)
		}
		out = append(out, id)
	}
	return out, nil
}

// SetRulesEnabled switches rules on or off.
func (r *Rules) SetRulesEnabled(ctx context.Context, p core.Principal, f RuleIDs, on bool) (int64, error) {
	ids, err := ruleIDs(f)
	if err != nil {
		return 0, err
	}
	n, err := advertisingdb.SetRulesEnabled(r.ads.db.With(ctx), p.CompanyID, p.UserID, ids, on, r.ads.now.Stamp())
	if err == nil && n == 0 {
		return 0, core.Invalid(MsgRuleNotFound)
	}
	return n, err
}

// DeleteRules deletes rules; what they did stays in 操作记录.
func (r *Rules) DeleteRules(ctx context.Context, p core.Principal, f RuleIDs) (int64, error) {
	ids, err := ruleIDs(f)
	if err != nil {
		return 0, err
	}
	var n int64
	err = r.ads.db.Tx(ctx, func(tx *models.DB) error {
		n, err = advertisingdb.DeleteRules(tx, p.CompanyID, p.UserID, ids)
		return err
	})
	if err == nil && n == 0 {
		return 0, core.Invalid(MsgRuleNotFound)
	}
	return n, err
}

// RuleQuery is 广告规则's list: the page, a store group, a kind, on or off, a part of the name.
type RuleQuery struct {
	core.PageRequest
	GroupID string `json:"groupId" query:"groupId"`
	Kind    string `json:"kind" query:"kind"`
	State   string `json:"state" query:"state"`
	Search  string `json:"search" query:"search"`
}

// RulesPage answers a page of 广告规则, the latest first.
func (r *Rules) RulesPage(ctx context.Context, p core.Principal, q RuleQuery) ([]advertisingdb.RuleRow, int64, core.PageRequest, error) {
	pr := q.PageRequest.Normalized()
	f := advertisingdb.RuleFilter{UserID: p.UserID, Kind: strings.TrimSpace(q.Kind), State: strings.TrimSpace(q.State),
		Search: strings.TrimSpace(q.Search), Offset: pr.Offset(), Limit: pr.Size}
	if _, ok := RuleKindNames[f.Kind]; f.Kind != "" && !ok {
		return nil, 0, pr, core.Invalid(MsgRuleKind)
	}
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return []advertisingdb.RuleRow{}, 0, pr, nil
	}
	rows, total, err := advertisingdb.RulesPage(r.ads.db.With(ctx), p.CompanyID, f)
	return rows, total, pr, err
}

// RuleAction is a change a rule makes: the entity (our id, or 搜索词's row id for a search term), its campaign,
// the action with the value before and after, and why (the figures that qualify it).
type RuleAction struct {
	ID           int64
	RowID        string
	Level        string
	AmazonID     string
	Name         string
	CampaignName string
	MatchType    string
	Currency     string
	Action       string
	Before       string
	After        string
	Reason       string
}

// DryRun is what a rule would change on its day of data: the days it reads and each change with why.
type DryRun struct {
	Rule    advertisingdb.Rule
	Day     string
	Start   string
	Note    string
	Actions []RuleAction
}

// RuleID names one rule.
type RuleID struct {
	ID string `json:"id" query:"id"`
}

func (r *Rules) ruleOf(ctx context.Context, p core.Principal, raw string) (advertisingdb.Rule, error) {
	id, ok := core.ParseID(raw)
	if !ok {
		return advertisingdb.Rule{}, core.Invalid(MsgRuleNotFound)
	}
	rule, err := advertisingdb.RuleOf(r.ads.db.With(ctx), p.CompanyID, p.UserID, id)
	if models.IsNotFound(err) {
		return rule, core.Invalid(MsgRuleNotFound)
	}
	return rule, err
}

// DryRunRule lists what a rule would change on its newest day of data, changing nothing.
func (r *Rules) DryRunRule(ctx context.Context, p core.Principal, q RuleID) (DryRun, error) {
	rule, err := r.ruleOf(ctx, p, q.ID)
	if err != nil {
		return DryRun{}, err
	}
	return r.propose(ctx, p, rule)
}

// figures texts: a percent of hundredths, a ratio, an amount.
func pct(h int64) string               { return decimal.New(h, -2).StringFixed(2) + "%" }
func ratio(h int64) string             { return decimal.New(h, -2).StringFixed(2) }
func amount(units int64) string        { return models.MoneyFromUnits(units).StringFixed(2) }
func money(cur string, u int64) string { return cur + " " + amount(u) }

// keywordFigures are the figures a keyword rule names after its own condition: clicks, spend, sales, orders.
func keywordFigures(k advertisingdb.RuleKeyword, minClicks int) []string {
	return []string{fmt.Sprintf("点击 %d ≥ %d", k.Clicks, minClicks), "花费 " + money(k.Currency, k.Cost),
		"销售额 " + money(k.Currency, k.Sales), fmt.Sprintf("订单 %d", k.Orders)}
}

// propose works out a rule's changes on its newest day of data over its last days.
func (r *Rules) propose(ctx context.Context, p core.Principal, rule advertisingdb.Rule) (DryRun, error) {
	db := r.ads.db.With(ctx)
	scope := advertisingdb.RuleScope{CompanyID: rule.CompanyID, GroupID: rule.GroupID, ProfileID: rule.ProfileID}
	day, err := advertisingdb.NewestDay(db, scope)
	if err != nil {
		return DryRun{}, err
	}
	if day == "" {
		return DryRun{}, core.Invalid(MsgRuleNoData)
	}
	last, _ := time.Parse(time.DateOnly, day)
	start := last.AddDate(0, 0, 1-rule.LookbackDays).Format(time.DateOnly)
	out := DryRun{Rule: rule, Day: day, Start: start, Actions: []RuleAction{}}
	span := fmt.Sprintf("近%d天（%s至%s）", rule.LookbackDays, start, day)
	switch rule.Kind {
	case RuleRaiseBid:
		if out.Actions, err = r.proposeRaise(ctx, p, rule, scope, start, day, span); err != nil {
			return out, err
		}
		out.Note = MsgCoverHow
	case RulePauseKeyword, RuleLowerBid:
		keywords, err := advertisingdb.RuleKeywords(db, scope, start, day)
		if err != nil {
			return out, err
		}
		var coverOf func(k advertisingdb.RuleKeyword) (int, string, bool)
		if rule.Kind == RuleLowerBid && rule.CoverBelow > 0 {
			out.Note = MsgCoverHow
			if coverOf, err = r.covers(ctx, p, scope); err != nil {
				return out, err
			}
		}
		for _, k := range keywords {
			if k.Clicks < int64(rule.MinClicks) {
				continue
			}
			why := []string{span}
			if rule.Kind == RulePauseKeyword {
				// ACOS above X: cost/sales > X/10000, in whole numbers; spend without sales is above any X.
				if k.Cost == 0 || k.Sales > 0 && k.Cost*10000 <= rule.AcosAbove*k.Sales {
					continue
				}
				if k.Sales == 0 {
					why = append(why, "有花费无销售额（ACOS无穷大）> "+pct(rule.AcosAbove))
				} else {
					why = append(why, "ACOS "+pct(k.Cost*10000/k.Sales)+" > "+pct(rule.AcosAbove))
				}
			} else {
				if rule.RoasBelow > 0 {
					if k.Cost == 0 || k.Sales*100 >= rule.RoasBelow*k.Cost {
						continue
					}
					why = append(why, "ROAS "+ratio(k.Sales*100/k.Cost)+" < "+ratio(rule.RoasBelow))
				}
				if coverOf != nil {
					days, sku, ok := coverOf(k)
					if !ok || days >= rule.CoverBelow {
						continue
					}
					why = append(why, fmt.Sprintf("SKU %s 可售%d天 < %d天", sku, days, rule.CoverBelow))
				}
			}
			why = append(why, keywordFigures(k, rule.MinClicks)...)
			a := RuleAction{ID: k.ID, Level: advertisingdb.LevelKeyword, AmazonID: k.KeywordID, Name: k.Text,
				CampaignName: k.CampaignName, MatchType: k.MatchType, Currency: k.Currency, Reason: strings.Join(why, "，")}
			if rule.Kind == RulePauseKeyword {
				a.Action, a.Before, a.After = ActionPause, "ENABLED", "PAUSED"
			} else {
				adj := adjustment{mode: "decrease", unit: "percent", value: decimal.New(rule.Percent, -2)}
				a.Action, a.Before = ActionBid, amount(k.Bid)
				a.After = adj.apply(models.MoneyFromUnits(k.Bid).Decimal, k.Currency).StringFixed(2)
			}
			out.Actions = append(out.Actions, a)
		}
	case RuleAddKeyword:
		g, err := advertisingdb.RuleAdGroupOf(db, rule.CompanyID, rule.GroupID, rule.AdGroupID)
		if models.IsNotFound(err) {
			return out, core.Invalid(MsgRuleAdGroup)
		}
		if err != nil {
			return out, err
		}
		have, err := advertisingdb.ExactTexts(db, g.ProfileID, g.AdGroupID)
		if err != nil {
			return out, err
		}
		exact := map[string]bool{}
		for _, t := range have {
			exact[strings.ToLower(strings.TrimSpace(t))] = true
		}
		terms, err := advertisingdb.RuleTerms(db, advertisingdb.RuleScope{CompanyID: rule.CompanyID, GroupID: rule.GroupID,
			ProfileID: g.ProfileID}, start, day, rule.MinOrders)
		if err != nil {
			return out, err
		}
		bid := amount(rule.Bid)
		for _, t := range terms {
			if exact[strings.ToLower(strings.TrimSpace(t.SearchTerm))] {
				continue
			}
			why := []string{span, fmt.Sprintf("订单 %d ≥ %d", t.Orders, rule.MinOrders), fmt.Sprintf("点击 %d", t.Clicks),
				"花费 " + money(g.Currency, t.Cost), "销售额 " + money(g.Currency, t.Sales), "广告组 " + g.Name + " 还没有该精准关键词"}
			out.Actions = append(out.Actions, RuleAction{RowID: termRowID(t.TermKey), Level: advertisingdb.LevelKeyword,
				Name: t.SearchTerm, MatchType: "EXACT", Currency: g.Currency, Action: ActionAddKeyword,
				After: matchNames["EXACT"] + " · 广告组 " + g.Name + " · " + bid, Reason: strings.Join(why, "，")})
		}
	case RuleRaiseBudget:
		out.Note = MsgBudgetNoHour
		campaigns, err := advertisingdb.RuleCampaigns(db, scope, start, day)
		if err != nil {
			return out, err
		}
		adj := adjustment{mode: "increase", unit: "percent", value: decimal.New(rule.Percent, -2)}
		for _, c := range campaigns {
			var spent []string
			for d, cost := range c.Spent {
				if cost >= c.Budget {
					spent = append(spent, d)
				}
			}
			if len(spent) < rule.SpentDays {
				continue
			}
			sort.Strings(spent)
			why := []string{span, fmt.Sprintf("%d天花费达到预算 %s（%s）≥ %d天", len(spent), money(c.Currency, c.Budget),
				strings.Join(spent, "、"), rule.SpentDays)}
			out.Actions = append(out.Actions, RuleAction{ID: c.ID, Level: advertisingdb.LevelCampaign, AmazonID: c.CampaignID,
				Name: c.Name, CampaignName: c.Name, Currency: c.Currency, Action: ActionBudget, Before: amount(c.Budget),
				After: adj.apply(models.MoneyFromUnits(c.Budget).Decimal, c.Currency).StringFixed(2), Reason: strings.Join(why, "，")})
		}
	}
	return out, nil
}

// proposeRaise lists 库存充足时提高竞价's raises: keywords with enough clicks (and ROAS above the rule's, when set)
// whose ad group's SKUs all have more days of cover than the rule's, raised by its percent up to its cap.
func (r *Rules) proposeRaise(ctx context.Context, p core.Principal, rule advertisingdb.Rule, scope advertisingdb.RuleScope,
	start, day, span string) ([]RuleAction, error) {
	keywords, err := advertisingdb.RuleKeywords(r.ads.db.With(ctx), scope, start, day)
	if err != nil {
		return nil, err
	}
	coverOf, err := r.covers(ctx, p, scope)
	if err != nil {
		return nil, err
	}
	adj := adjustment{mode: "increase", unit: "percent", value: decimal.New(rule.Percent, -2)}
	capped := models.MoneyFromUnits(rule.Bid).Decimal
	out := []RuleAction{}
	for _, k := range keywords {
		if k.Clicks < int64(rule.MinClicks) || k.Bid >= rule.Bid {
			continue
		}
		// The fewest days of the ad group's SKUs: above the rule's, every SKU it advertises has stock to spare.
		days, sku, ok := coverOf(k)
		if !ok || days <= rule.CoverAbove {
			continue
		}
		why := []string{span, fmt.Sprintf("SKU %s 可售%d天 > %d天", sku, days, rule.CoverAbove)}
		if rule.RoasAbove > 0 {
			if k.Cost == 0 || k.Sales*100 <= rule.RoasAbove*k.Cost {
				continue
			}
			why = append(why, "ROAS "+ratio(k.Sales*100/k.Cost)+" > "+ratio(rule.RoasAbove))
		}
		why = append(why, keywordFigures(k, rule.MinClicks)...)
		after := adj.apply(models.MoneyFromUnits(k.Bid).Decimal, k.Currency)
		if after.GreaterThan(capped) {
			after = capped
			why = append(why, "竞价上限 "+amount(rule.Bid))
		}
		out = append(out, RuleAction{ID: k.ID, Level: advertisingdb.LevelKeyword, AmazonID: k.KeywordID, Name: k.Text,
			CampaignName: k.CampaignName, MatchType: k.MatchType, Currency: k.Currency, Action: ActionBid,
			Before: amount(k.Bid), After: after.StringFixed(2), Reason: strings.Join(why, "，")})
	}
	return out, nil
}

// covers answers a keyword's days of cover: the fewest of the SKUs its ad group advertises that the replenishment
// arithmetic knows and sells (no FBA line or no sales: not known).
func (r *Rules) covers(ctx context.Context, p core.Principal, scope advertisingdb.RuleScope) (func(advertisingdb.RuleKeyword) (int, string, bool), error) {
	skus, err := advertisingdb.AdGroupSKUs(r.ads.db.With(ctx), scope)
	if err != nil {
		return nil, err
	}
	lines, err := r.planner.Lines(ctx, p)
	if err != nil {
		return nil, err
	}
	cover := map[purchasedb.PlanKey]int{}
	for _, l := range lines {
		if l.GroupID == scope.GroupID && l.CoverDays >= 0 {
			cover[purchasedb.PlanKey{GroupID: l.GroupID, MarketplaceID: l.MarketplaceID, SKU: l.SKU}] = l.CoverDays
		}
	}
	type least struct {
		days int
		sku  string
	}
	byGroup := map[string]least{}
	for _, s := range skus {
		days, ok := cover[purchasedb.PlanKey{GroupID: scope.GroupID, MarketplaceID: s.MarketplaceID, SKU: s.SKU}]
		if !ok {
			continue
		}
		k := strconv.FormatInt(s.ProfileID, 10) + ":" + s.AdGroupID
		if l, seen := byGroup[k]; !seen || days < l.days || days == l.days && s.SKU < l.sku {
			byGroup[k] = least{days, s.SKU}
		}
	}
	return func(k advertisingdb.RuleKeyword) (int, string, bool) {
		l, ok := byGroup[strconv.FormatInt(k.ProfileID, 10)+":"+k.AdGroupID]
		return l.days, l.sku, ok
	}, nil
}

// RunResult is a run of a rule: its day of data and each row's outcome with why it was changed.
type RunResult struct {
	Day     string
	Note    string
	Results []ChangeResult
	Reasons []string
}

// RunRule runs a rule now (立即执行) on its newest day of data, once per day of data whatever its schedule.
func (r *Rules) RunRule(ctx context.Context, p core.Principal, q RuleID) (RunResult, error) {
	rule, err := r.ruleOf(ctx, p, q.ID)
	if err != nil {
		return RunResult{}, err
	}
	return r.run(ctx, rule)
}

// run claims the rule's newest day of data, then sends its changes as the rule's creator would from 广告管理, each
// recorded with the rule and the figures that made it. A day already claimed changes nothing.
func (r *Rules) run(ctx context.Context, rule advertisingdb.Rule) (RunResult, error) {
	p := core.Principal{UserID: rule.CreatedBy, CompanyID: rule.CompanyID}
	plan, err := r.propose(ctx, p, rule)
	if err != nil {
		return RunResult{}, err
	}
	out := RunResult{Day: plan.Day, Note: plan.Note}
	db := r.ads.db.With(ctx)
	claimed, err := advertisingdb.ClaimRuleRun(db, rule.CompanyID, rule.ID, plan.Day, r.ads.now.Stamp())
	if err != nil {
		return out, err
	}
	if !claimed {
		return out, core.Invalid(fmt.Sprintf(MsgRuleRan, plan.Day))
	}
	o := origin{source: "rule", ruleID: rule.ID, reasons: map[string]string{}}
	for _, a := range plan.Actions {
		key := a.RowID
		if key == "" {
			key = strconv.FormatInt(a.ID, 10)
		}
		o.reasons[key] = a.Reason
	}
	send := func(results []ChangeResult, err error) error {
		out.Results = append(out.Results, results...)
		return err
	}
	switch rule.Kind {
	case RuleAddKeyword:
		bid := amount(rule.Bid)
		for from := 0; from < len(plan.Actions) && err == nil; from += addLimit {
			part := plan.Actions[from:min(from+addLimit, len(plan.Actions))]
			f := SearchTermAddForm{As: "keyword", MatchType: "EXACT", AdGroupID: strconv.FormatInt(rule.AdGroupID, 10)}
			for _, a := range part {
				f.Terms = append(f.Terms, SearchTermPick{ID: a.RowID, Bid: bid})
			}
			err = send(r.ads.addSearchTerms(ctx, p, f, o))
		}
	case RuleRaiseBid:
		// Bids that would pass the cap are set to it; the others are raised by the percent.
		raise := ChangeForm{Level: advertisingdb.LevelKeyword, Action: ActionBid, Mode: "increase", Unit: "percent",
			Value: decimal.New(rule.Percent, -2).String()}
		capped := ChangeForm{Level: advertisingdb.LevelKeyword, Action: ActionBid, Mode: "set", Unit: "value", Value: amount(rule.Bid)}
		for _, a := range plan.Actions {
			if a.After == capped.Value {
				capped.IDs = append(capped.IDs, strconv.FormatInt(a.ID, 10))
			} else {
				raise.IDs = append(raise.IDs, strconv.FormatInt(a.ID, 10))
			}
		}
		for _, f := range []ChangeForm{raise, capped} {
			ids := f.IDs
			for from := 0; from < len(ids) && err == nil; from += changeLimit {
				f.IDs = ids[from:min(from+changeLimit, len(ids))]
				err = send(r.ads.change(ctx, p, f, o))
			}
		}
	default:
		f := ChangeForm{Level: advertisingdb.LevelKeyword, Action: ActionPause}
		switch rule.Kind {
		case RuleLowerBid:
			f.Action, f.Mode, f.Unit, f.Value = ActionBid, "decrease", "percent", decimal.New(rule.Percent, -2).String()
		case RuleRaiseBudget:
			f.Level, f.Action, f.Mode, f.Unit, f.Value = advertisingdb.LevelCampaign, ActionBudget, "increase", "percent", decimal.New(rule.Percent, -2).String()
		}
		for from := 0; from < len(plan.Actions) && err == nil; from += changeLimit {
			f.IDs = f.IDs[:0]
			for _, a := range plan.Actions[from:min(from+changeLimit, len(plan.Actions))] {
				f.IDs = append(f.IDs, strconv.FormatInt(a.ID, 10))
			}
			err = send(r.ads.change(ctx, p, f, o))
		}
	}
	changed, refused := 0, 0
	for _, res := range out.Results {
		key := res.RowID
		if key == "" {
			key = strconv.FormatInt(res.ID, 10)
		}
		out.Reasons = append(out.Reasons, o.reasons[key])
		if res.OK {
			changed++
		} else {
			refused++
		}
	}
	if err != nil {
		// The day stays claimed: what reached Amazon is not sent twice; the log says what stopped the rest.
		r.log.Error("advertising rule stopped", "rule", rule.ID, "day", plan.Day, "err", err)
	}
	return out, advertisingdb.FinishRuleRun(db, rule.CompanyID, rule.ID, plan.Day, changed, refused, r.ads.now.Stamp())
}

// due says whether a rule's schedule lets it run at now (Beijing time): one of its weekdays, from its hour on.
func (r *Rules) due(rule advertisingdb.Rule, now time.Time) bool {
	t := now.In(r.ads.timeZone)
	wd := int(t.Weekday())
	if wd == 0 {
		wd = 7
	}
	return strings.ContainsRune(rule.Weekdays, rune('0'+wd)) && t.Hour() >= rule.Hour
}

// RunDue runs every enabled rule (of a company, or of all with 0) whose schedule admits now and whose newest day
// of data it has not run on yet, answering how many ran; a rule that fails is logged and the others go on.
func (r *Rules) RunDue(ctx context.Context, companyID int64) (int, error) {
	rules, err := advertisingdb.EnabledRules(r.ads.db.With(ctx), companyID)
	if err != nil {
		return 0, err
	}
	now := r.ads.now()
	ran := 0
	r.log.Debug("advertising rules due", "company", companyID, "enabled", len(rules))
	for _, rule := range rules {
		if !r.due(rule, now) {
			continue
		}
		_, err := r.run(ctx, rule)
		var ce *core.Error
		switch {
		case err == nil:
			ran++
		case ctx.Err() != nil:
			return ran, ctx.Err()
		case errors.As(err, &ce):
			// Already ran on its day, or no data yet: nothing to do.
			r.log.Debug("advertising rule not run", "rule", rule.ID, "why", err)
		default:
			r.log.Error("advertising rule failed", "rule", rule.ID, "err", err)
		}
	}
	return ran, nil
}

// RuleAdGroupQuery names the store group whose ad groups the form offers.
type RuleAdGroupQuery struct {
	GroupID string `json:"groupId" query:"groupId"`
}

// RuleAdGroups lists the ad groups a rule of the store group may add keywords to (none without a group).
func (r *Rules) RuleAdGroups(ctx context.Context, p core.Principal, q RuleAdGroupQuery) ([]advertisingdb.RuleAdGroupChoice, error) {
	group, ok := core.ParseID(q.GroupID)
	if !ok {
		return []advertisingdb.RuleAdGroupChoice{}, nil
	}
	return advertisingdb.RuleAdGroupChoices(r.ads.db.With(ctx), p.CompanyID, p.UserID, group)
}
