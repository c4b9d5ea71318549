package advertising

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	advertisingdb "sellerhub/models/advertising"
	storesdb "sellerhub/models/stores"
)

// ChangeResult is a row of a change's answer: done, or why not (Amazon's refusal in its words after ours).
type ChangeResult struct {
	ID         string `json:"id"`
	AmazonID   string `json:"amazonId"`
	Name       string `json:"name"`
	Action     string `json:"action"`
	ActionName string `json:"actionName"`
	Before     string `json:"before"`
	After      string `json:"after"`
	Currency   string `json:"currency"`
	OK         bool   `json:"ok"`
	Message    string `json:"message"`
}

// Changed is a change's answer: how many rows were changed and refused, and each row.
type Changed struct {
	Changed int            `json:"changed"`
	Refused int            `json:"refused"`
	Rows    []ChangeResult `json:"rows"`
}

// actionNames are the actions in 操作记录's words.
var actionNames = map[string]string{advertising.ActionEnable: "启用", advertising.ActionPause: "暂停",
	advertising.ActionArchive: "归档", advertising.ActionBudget: "修改预算", advertising.ActionBid: "修改竞价",
	advertising.ActionAddNegative: "添加否定关键词", advertising.ActionAddKeyword: "添加关键词", advertising.ActionCreate: "创建"}

// shown is a state in the console's words, an amount as it is, nothing (before an entity was created) as —.
func shown(v string) string {
	if v == "" {
		return "—"
	}
	if n, ok := stateNames[v]; ok {
		return n
	}
	return v
}

// Change answers POST sp/change {level, ids, action, mode, unit, value}: the change sent to Amazon, with each
// row's result.
func (h *Handler) Change(c *echo.Context) error {
	var in advertising.ChangeForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Ads.Change(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, changed(rows))
}

// AddSearchTerms answers POST sp/searchterms/add {as, matchType, level, adGroupId, terms: [{id, bid}]}: the
// search terms sent to Amazon as negative keywords or keywords, with each row's result (id: 搜索词's row id,
// amazonId: the new keyword's).
func (h *Handler) AddSearchTerms(c *echo.Context) error {
	var in advertising.SearchTermAddForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Ads.AddSearchTerms(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, changed(rows))
}

// AddNegativeTargets answers POST sp/negativetargets/add {adGroupId, targets: [{type, value}]}: the ad group's
// negative product targets (ASIN_SAME_AS an ASIN, ASIN_BRAND_SAME_AS a brand's id) created at Amazon, a row each
// with Amazon's answer.
func (h *Handler) AddNegativeTargets(c *echo.Context) error {
	var in advertising.NegativeTargetsForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Ads.AddNegativeTargets(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, changed(rows))
}

// CreateSP answers POST sp/create {groupId, profileId, name, targetingType, startDate, endDate, budget,
// biddingStrategy, placementTop, placementProductPage, placementRestOfSearch, adGroupName, defaultBid, skus,
// keywords: [{text, matchType, bid}], targets: [{asin, bid}], negativeKeywords: [{text, matchType}],
// negativeTargets: [{type, value}]}: the
// campaign created at Amazon, a row per entity (the campaign first, then its ad group) with Amazon's answer.
func (h *Handler) CreateSP(c *echo.Context) error {
	var in advertising.SPCreateForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Ads.CreateSPCampaign(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, changed(rows))
}

// CreateSD answers POST sd/create {groupId, profileId, name, tactic, startDate, endDate, budget, costType,
// adGroupName, defaultBid, skus, targets: [{asin, bid}], lookback}: the Sponsored Display campaign created at
// Amazon, a row per entity with Amazon's answer.
func (h *Handler) CreateSD(c *echo.Context) error {
	var in advertising.SDCreateForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Ads.CreateSDCampaign(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, changed(rows))
}

// CreateSB answers POST sb/create {groupId, profileId, name, startDate, endDate, budget, brandEntityId,
// adGroupName, brandName, logoAssetId, headline, asins, keywords: [{text, matchType, bid}]}: the Sponsored Brands
// campaign created at Amazon, a row per entity with Amazon's answer.
func (h *Handler) CreateSB(c *echo.Context) error {
	var in advertising.SBCreateForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Ads.CreateSBCampaign(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, changed(rows))
}

func changed(rows []advertising.ChangeResult) Changed {
	out := Changed{Rows: make([]ChangeResult, len(rows))}
	for i, r := range rows {
		id := r.RowID
		if id == "" {
			id = strconv.FormatInt(r.ID, 10)
		}
		out.Rows[i] = ChangeResult{ID: id, AmazonID: r.AmazonID, Name: r.Name, Action: r.Action,
			ActionName: actionNames[r.Action], Before: shown(r.Before), After: shown(r.After), Currency: r.Currency,
			OK: r.OK, Message: r.Message}
		if r.OK {
			out.Changed++
		} else {
			out.Refused++
		}
	}
	return out
}

// Operation is a row of 操作记录.
type Operation struct {
	ID              string `json:"id"`
	CreatedAt       string `json:"createdAt"`
	User            string `json:"user"`
	GroupName       string `json:"groupName"`
	MarketplaceName string `json:"marketplaceName"`
	Level           string `json:"level"`
	LevelName       string `json:"levelName"`
	AmazonID        string `json:"amazonId"`
	Name            string `json:"name"`
	Action          string `json:"action"`
	ActionName      string `json:"actionName"`
	Before          string `json:"before"`
	After           string `json:"after"`
	Currency        string `json:"currency"`
	OK              bool   `json:"ok"`
	ResultName      string `json:"resultName"`
	Message         string `json:"message"`
	SourceName      string `json:"sourceName"`
	RuleName        string `json:"ruleName"`
	Reason          string `json:"reason"`
}

var levelNames = map[string]string{advertisingdb.LevelPortfolio: "广告组合", advertisingdb.LevelCampaign: "广告活动", advertisingdb.LevelAdGroup: "广告组",
	advertisingdb.LevelKeyword: "关键词", advertisingdb.LevelProductAd: "商品广告", advertisingdb.LevelTarget: "商品投放",
	advertisingdb.LevelNegativeKeyword: "否定关键词", advertisingdb.LevelNegativeTarget: "否定商品投放", advertising.LevelBrandAd: "品牌广告"}

func (h *Handler) operation(o *advertisingdb.OperationRow) Operation {
	m, _ := storesdb.MarketplaceByCountry(o.CountryCode)
	result, source := "失败", "手动"
	if o.OK {
		result = "成功"
	}
	if o.Source == "rule" {
		source = "广告规则"
	}
	return Operation{ID: strconv.FormatInt(o.ID, 10), CreatedAt: api.FormatTime(&o.CreatedAt, h.TimeZone), User: o.UserName,
		GroupName: o.GroupName, MarketplaceName: m.Name, Level: o.Level, LevelName: levelNames[o.Level], AmazonID: o.AmazonID,
		Name: o.EntityName, Action: o.Action, ActionName: actionNames[o.Action], Before: shown(o.BeforeValue),
		After: shown(o.AfterValue), Currency: o.Currency, OK: o.OK, ResultName: result, Message: o.Message, SourceName: source,
		RuleName: o.RuleName, Reason: o.Reason}
}

// Operations answers POST sp/operations/page {currentpage, pagesize, groupId, profileId, level, action, result,
// search, startDate, endDate}: a page of 操作记录, the latest first.
func (h *Handler) Operations(c *echo.Context) error {
	return api.PageOf(h.Ads.OperationsPage, h.operation)(c)
}

// OperationsExport answers GET sp/operations/export?<Operations' filters>: 操作记录_<date>.xlsx.
func (h *Handler) OperationsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "操作记录", "advOperationList", h.Ads.OperationsPage, h.operation)
}
