package advertising

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/stores"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// The button permissions of changing: 广告管理's and 广告活动's.
const (
	PermissionManagerEdit  = "amz:adv:manager:edit"
	PermissionCampaignEdit = "amz:adv:campaign:edit"
)

// Messages of changing campaigns, ad groups and keywords from 广告管理.
const (
	MsgChangeLevel    = "只能修改广告活动、广告组或关键词"
	MsgChangeNone     = "请选择要修改的广告"
	MsgChangeTooMany  = "一次最多修改500个广告"
	MsgChangeAction   = "请选择操作：启用、暂停、归档、修改预算或修改竞价"
	MsgBudgetCampaign = "只有广告活动可以修改预算"
	MsgBidNoCampaign  = "广告活动没有竞价，请修改预算"
	MsgChangeMode     = "请选择调整方式：设为、增加或减少"
	MsgChangeUnit     = "请选择按金额或按百分比调整"
	MsgChangeValue    = "请输入大于0的数值，最多两位小数"
	MsgPercentTooBig  = "减少的百分比须小于100"
	MsgChangeNotFound = "所选广告不存在或无权操作"
	// Row messages: what refused a row, here or at Amazon.
	MsgRowNotPositive = "调整后的数值须大于0"
	MsgRowNotSP       = "展示型推广（SD）和品牌推广（SB）的广告暂不能在此修改，请在亚马逊广告后台修改"
	MsgRowNoAuth      = "该店铺在此区域未授权广告或已停用，请在店铺管理中授权广告"
	msgRowAmazonCall  = "调用亚马逊失败："
	msgRowRefused     = "亚马逊拒绝："
)

// The actions of a change.
const (
	ActionEnable  = "enable"
	ActionPause   = "pause"
	ActionArchive = "archive"
	ActionBudget  = "budget"
	ActionBid     = "bid"
)

// changeLimit is the most entities one change takes: a page of 广告管理's largest size, checked.
const changeLimit = 500

// ChangeForm is a change of 广告管理: the level, our ids of its rows, the action, and for a budget or bid the mode
// (set, increase, decrease), the unit (value: an amount in each profile's currency; percent) and the value.
type ChangeForm struct {
	Level  string   `json:"level"`
	IDs    []string `json:"ids"`
	Action string   `json:"action"`
	Mode   string   `json:"mode"`
	Unit   string   `json:"unit"`
	Value  string   `json:"value"`
}

// ChangeResult is one row's outcome: the value before and the one asked (a state, or an amount in the profile's
// currency), and done or why not.
type ChangeResult struct {
	ID int64
	// RowID is the row's id in the list it was chosen from when not ID (搜索词's profile:target:term).
	RowID    string
	AmazonID string
	Name     string
	Currency string
	Action   string
	Before   string
	After    string
	OK       bool
	// ErrorType is Amazon's error type of a refused row, or local, auth or call for one refused before Amazon.
	ErrorType string
	Message   string
}

var kinds = map[string]string{advertisingdb.LevelCampaign: amazon.SPKindCampaign,
	advertisingdb.LevelAdGroup: amazon.SPKindAdGroup, advertisingdb.LevelKeyword: amazon.SPKindKeyword}

var actionStates = map[string]string{ActionEnable: "ENABLED", ActionPause: "PAUSED", ActionArchive: "ARCHIVED"}

// amazonErrors are Amazon's error types in a seller's words; Amazon's own reason and message follow.
var amazonErrors = map[string]string{
	"entityNotFoundError": "亚马逊找不到该广告", "entityStateError": "当前状态不能修改（已归档的广告不能再修改）",
	"rangeError": "数值超出亚马逊允许的范围", "budgetError": "预算不符合亚马逊的要求", "biddingError": "竞价不符合亚马逊的要求",
	"malformedValueError": "数值格式不正确", "throttledError": "请求过于频繁，请稍后再试", "otherError": "其他原因",
}

// adjustment is a checked budget or bid change.
type adjustment struct {
	mode, unit string
	value      decimal.Decimal
}

// apply is the amount after the change, at the currency's decimals (whole yen).
func (a adjustment) apply(before decimal.Decimal, currency string) decimal.Decimal {
	places := int32(2)
	if currency == "JPY" {
		places = 0
	}
	delta := a.value
	if a.unit == "percent" {
		delta = before.Mul(a.value).Div(decimal.NewFromInt(100))
	}
	switch a.mode {
	case "increase":
		return before.Add(delta).Round(places)
	case "decrease":
		return before.Sub(delta).Round(places)
	}
	return a.value.Round(places)
}

func checkChange(f ChangeForm) (string, []int64, *adjustment, error) {
	level := strings.TrimSpace(f.Level)
	if _, ok := kinds[level]; !ok {
		return "", nil, nil, core.Invalid(MsgChangeLevel)
	}
	if len(f.IDs) == 0 {
		return "", nil, nil, core.Invalid(MsgChangeNone)
	}
	if len(f.IDs) > changeLimit {
		return "", nil, nil, core.Invalid(MsgChangeTooMany)
	}
	ids := make([]int64, 0, len(f.IDs))
	for _, raw := range f.IDs {
		id, ok := core.ParseID(strings.TrimSpace(raw))
		if !ok {
			return "", nil, nil, core.Invalid(MsgChangeNotFound)
		}
		ids = append(ids, id)
	}
	switch f.Action {
	case ActionEnable, ActionPause, ActionArchive:
		return level, ids, nil, nil
	case ActionBudget:
		if level != advertisingdb.LevelCampaign {
			return "", nil, nil, core.Invalid(MsgBudgetCampaign)
		}
	case ActionBid:
		if level == advertisingdb.LevelCampaign {
			return "", nil, nil, core.Invalid(MsgBidNoCampaign)
		}
	default:
		return "", nil, nil, core.Invalid(MsgChangeAction)
	}
	adj := &adjustment{mode: f.Mode, unit: f.Unit}
	switch adj.mode {
	case "set", "increase", "decrease":
	default:
		return "", nil, nil, core.Invalid(MsgChangeMode)
	}
	if adj.unit == "" || adj.mode == "set" {
		adj.unit = "value"
	}
	if adj.unit != "value" && adj.unit != "percent" {
		return "", nil, nil, core.Invalid(MsgChangeUnit)
	}
	v, err := decimal.NewFromString(strings.TrimSpace(f.Value))
	if err != nil || !v.IsPositive() || v.Exponent() < -2 || v.GreaterThan(decimal.NewFromInt(1_000_000)) {
		return "", nil, nil, core.Invalid(MsgChangeValue)
	}
	if adj.unit == "percent" && adj.mode == "decrease" && v.GreaterThanOrEqual(decimal.NewFromInt(100)) {
		return "", nil, nil, core.Invalid(MsgPercentTooBig)
	}
	adj.value = v
	return level, ids, adj, nil
}

// Change sends a change of campaigns, ad groups or keywords to the Advertising API, profile by profile, writes
// what Amazon did here, and records every row in 操作记录 with Amazon's answer: a row refused (here, or by Amazon)
// changes nothing and says why, the others are changed.
func (s *Service) Change(ctx context.Context, p core.Principal, f ChangeForm) ([]ChangeResult, error) {
	return s.change(ctx, p, f, byHand)
}

// origin is who asks for a change: a person (source manual) or a 广告规则, with the figures that made it ask for
// each row (by our id as text, or 搜索词's row id).
type origin struct {
	source  string
	ruleID  int64
	reasons map[string]string
}

var byHand = origin{source: "manual"}

func (s *Service) change(ctx context.Context, p core.Principal, f ChangeForm, o origin) ([]ChangeResult, error) {
	level, ids, adj, err := checkChange(f)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	entities, err := advertisingdb.EntitiesForChange(db, p.CompanyID, p.UserID, level, ids)
	if err != nil {
		return nil, err
	}
	if len(entities) == 0 {
		return nil, core.Invalid(MsgChangeNotFound)
	}
	results := make([]ChangeResult, len(entities))
	send := map[[2]int64][]int{} // (store group, Amazon's profile) -> the rows to send
	apis := map[int64]string{}   // store group -> region, for the calls
	for i, e := range entities {
		r := ChangeResult{ID: e.ID, AmazonID: e.AmazonID, Name: e.Name, Currency: e.Currency, Action: f.Action}
		// The changes go to Sponsored Products' calls, which know no other ad product's ids.
		if e.AdType != advertisingdb.AdTypeSP {
			r.ErrorType, r.Message = "local", MsgRowNotSP
			results[i] = r
			continue
		}
		if adj == nil {
			r.Before, r.After = e.State, actionStates[f.Action]
		} else {
			after := adj.apply(e.Amount.Decimal, e.Currency)
			r.Before, r.After = e.Amount.StringFixed(2), after.StringFixed(2)
			if !after.IsPositive() {
				r.ErrorType, r.Message = "local", MsgRowNotPositive
				results[i] = r
				continue
			}
		}
		results[i] = r
		k := [2]int64{e.GroupID, e.AmazonProfile}
		send[k] = append(send[k], i)
		apis[e.GroupID] = e.Region
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
		api, err := s.stores.AdvertisingAPIOf(ctx, p.CompanyID, k[0], apis[k[0]])
		if models.IsNotFound(err) {
			for _, i := range rows {
				results[i].ErrorType, results[i].Message = "auth", MsgRowNoAuth
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		answers, err := s.callAmazon(ctx, api, k[1], level, f.Action, entities, results, rows)
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
				results[i].OK = true
				continue
			}
			why, ok := amazonErrors[a.Error]
			if !ok {
				why = a.Error
			}
			results[i].ErrorType = a.Error
			results[i].Message = strings.TrimSpace(msgRowRefused + why + "（" + a.Message + "）")
		}
	}
	return results, s.record(ctx, p, level, entities, results, adj != nil, o)
}

// callAmazon sends one profile's rows: a state through the update call (archive through delete), an amount as
// the level's budget or bid.
func (s *Service) callAmazon(ctx context.Context, api stores.AdvertisingAPI, profile int64, level, action string,
	entities []advertisingdb.EditEntity, results []ChangeResult, rows []int) ([]amazon.SPResult, error) {
	kind := kinds[level]
	if action == ActionArchive {
		ids := make([]string, len(rows))
		for n, i := range rows {
			ids[n] = entities[i].AmazonID
		}
		return api.Client.ArchiveSP(ctx, api.Endpoint, api.RefreshToken, profile, kind, ids)
	}
	changes := make([]amazon.SPChange, len(rows))
	for n, i := range rows {
		c := amazon.SPChange{ID: entities[i].AmazonID}
		if state, ok := actionStates[action]; ok {
			c.State = state
		} else {
			v, _ := decimal.NewFromString(results[i].After)
			c.Amount = &v
		}
		changes[n] = c
	}
	return api.Client.UpdateSP(ctx, api.Endpoint, api.RefreshToken, profile, kind, changes)
}

// record writes what Amazon changed to the entities and every row to 操作记录, in one transaction.
func (s *Service) record(ctx context.Context, p core.Principal, level string, entities []advertisingdb.EditEntity,
	results []ChangeResult, amount bool, o origin) error {
	now := s.now.Stamp()
	batch := models.NewID()
	ops := make([]advertisingdb.Operation, len(results))
	return s.db.Tx(ctx, func(tx *models.DB) error {
		for i, r := range results {
			e := entities[i]
			ops[i] = advertisingdb.Operation{CompanyID: p.CompanyID, GroupID: e.GroupID, ProfileID: e.ProfileID, BatchID: batch,
				Level: level, AmazonID: e.AmazonID, EntityName: e.Name, Action: r.Action, BeforeValue: r.Before,
				AfterValue: r.After, OK: r.OK, ErrorType: r.ErrorType, Message: truncate(r.Message, 500), Source: o.source,
				UserID: p.UserID, CreatedAt: now, RuleID: o.ruleID, Reason: truncate(o.reasons[strconv.FormatInt(e.ID, 10)], 500)}
			if !r.OK {
				continue
			}
			state, value := "", (*models.Money)(nil)
			if amount {
				d, _ := decimal.NewFromString(r.After)
				value = &models.Money{Decimal: d}
			} else {
				state = r.After
			}
			if err := advertisingdb.ApplyChange(tx, p.CompanyID, level, e.ID, state, value, now); err != nil {
				return err
			}
		}
		return advertisingdb.SaveOperations(tx, ops)
	})
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// Messages of 操作记录.
const (
	MsgOperationResultBad = "结果只能是成功或失败"
	MsgOperationActionBad = "操作类型不正确"
	MsgOperationSourceBad = "来源只能是手动或广告规则"
)

// OperationQuery is the body of 操作记录: the page, a store group, a profile, the level, the action, the result
// (ok, failed), a part of the name and the days (yyyy-MM-dd, Beijing time, both included; the last 30 days when
// none).
type OperationQuery struct {
	core.PageRequest
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	Level     string `json:"level" query:"level"`
	Action    string `json:"action" query:"action"`
	Result    string `json:"result" query:"result"`
	Search    string `json:"search" query:"search"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
	// Source keeps the changes made by hand (manual) or by 广告规则 (rule).
	Source string `json:"source" query:"source"`
}

// OperationsPage answers a page of 操作记录, the latest first.
func (s *Service) OperationsPage(ctx context.Context, p core.Principal, q OperationQuery) ([]advertisingdb.OperationRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := advertisingdb.OperationFilter{UserID: p.UserID, Level: strings.TrimSpace(q.Level), Action: strings.TrimSpace(q.Action),
		Result: strings.TrimSpace(q.Result), Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	if f.Level != "" && f.Level != advertisingdb.LevelNegativeKeyword && f.Level != advertisingdb.LevelNegativeTarget {
		if _, ok := kinds[f.Level]; !ok {
			return nil, 0, r, core.Invalid(MsgLevelBad)
		}
	}
	switch f.Action {
	case "", ActionEnable, ActionPause, ActionArchive, ActionBudget, ActionBid, ActionAddNegative, ActionAddKeyword, ActionCreate:
	default:
		return nil, 0, r, core.Invalid(MsgOperationActionBad)
	}
	if f.Result != "" && f.Result != "ok" && f.Result != "failed" {
		return nil, 0, r, core.Invalid(MsgOperationResultBad)
	}
	switch f.Source = strings.TrimSpace(q.Source); f.Source {
	case "", "manual", "rule":
	default:
		return nil, 0, r, core.Invalid(MsgOperationSourceBad)
	}
	start, end, err := s.days(q.StartDate, q.EndDate)
	if err != nil {
		return nil, 0, r, err
	}
	from, _ := time.ParseInLocation(time.DateOnly, start, s.timeZone)
	to, _ := time.ParseInLocation(time.DateOnly, end, s.timeZone)
	f.From, f.To = from, to.AddDate(0, 0, 1)
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return []advertisingdb.OperationRow{}, 0, r, nil
	}
	if raw := strings.TrimSpace(q.ProfileID); raw != "" {
		if f.ProfileID, ok = core.ParseID(raw); !ok {
			return []advertisingdb.OperationRow{}, 0, r, nil
		}
	}
	rows, total, err := advertisingdb.OperationsPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}
