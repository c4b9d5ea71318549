package advertising

import (
	"context"
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

// A campaign's creation (创建SP广告, 创建SD广告, 创建SB广告) is one path whatever its ad product: the form is checked
// in its shape, then against the profile (its currency and day), then each kind of entity goes to Amazon in turn,
// parents first. Each ad product builds its requests; creation keeps the rows with Amazon's answers and writes
// what Amazon created, and every row to 操作记录, in one transaction.

// creation is one campaign's creation at Amazon: the profile, its advertising API, and the rows so far.
type creation struct {
	ctx     context.Context
	profile advertisingdb.ProfileToCreate
	api     stores.AdvertisingAPI
	rows    []createdRow
}

// createdRow is a row of a creation's answer with what writing it here takes.
type createdRow struct {
	ChangeResult
	level string
	save  func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error
}

// saver writes a created entity here by the id Amazon gave it.
type saver = func(tx *models.DB, scope advertisingdb.Profile, id string, now time.Time) error

// profileToCreate reads the store group and profile a campaign is created in, within the user's store groups.
func (s *Service) profileToCreate(ctx context.Context, p core.Principal, group, profile int64) (advertisingdb.ProfileToCreate, error) {
	db := s.db.With(ctx)
	var visible int64
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", group).Count(&visible).Error; err != nil {
		return advertisingdb.ProfileToCreate{}, err
	}
	if visible == 0 {
		return advertisingdb.ProfileToCreate{}, core.Invalid(MsgCreateGroup)
	}
	found, err := advertisingdb.ProfileForCreate(db, p.CompanyID, p.UserID, group, profile)
	if models.IsNotFound(err) {
		return found, core.Invalid(MsgCreateProfile)
	}
	return found, err
}

// startCreation opens the profile's advertising API for a creation.
func (s *Service) startCreation(ctx context.Context, p core.Principal, profile advertisingdb.ProfileToCreate) (*creation, error) {
	api, err := s.stores.AdvertisingAPIOf(ctx, p.CompanyID, profile.GroupID, profile.Region)
	if models.IsNotFound(err) {
		return nil, core.Invalid(MsgRowNoAuth)
	}
	if err != nil {
		return nil, err
	}
	return &creation{ctx: ctx, profile: profile, api: api}, nil
}

// row adds a row of an entity to send.
func (c *creation) row(level, name, after string, save saver) {
	c.rows = append(c.rows, createdRow{ChangeResult: ChangeResult{RowID: level + ":" + strconv.Itoa(len(c.rows)), Name: name,
		Currency: c.profile.Currency, Action: ActionCreate, After: after}, level: level, save: save})
}

// call sends one kind's rows (already in rows[from:]) and marks each with Amazon's answer. A call that fails as a
// whole marks them all; only the request's end stops the creation.
func (c *creation) call(from int, send func() ([]amazon.SPResult, error)) error {
	answers, err := send()
	if err != nil {
		if c.ctx.Err() != nil {
			return err
		}
		for i := from; i < len(c.rows); i++ {
			c.rows[i].ErrorType, c.rows[i].Message = "call", msgRowAmazonCall+err.Error()
		}
		return nil
	}
	for n, a := range answers {
		r := &c.rows[from+n]
		if a.OK {
			r.OK, r.AmazonID = true, a.ID
			continue
		}
		r.ErrorType, r.Message = a.Error, strings.TrimSpace(msgRowRefused+refusalOf(r.level, a)+"（"+a.Message+"）")
	}
	return nil
}

// under sends one kind's rows under a parent: none are sent when the parent was not created.
func (c *creation) under(parentOK bool, gone string, from int, send func() ([]amazon.SPResult, error)) error {
	if from == len(c.rows) {
		return nil
	}
	if !parentOK {
		for i := from; i < len(c.rows); i++ {
			c.rows[i].ErrorType, c.rows[i].Message = "local", MsgCreateNotSent+gone
		}
		return nil
	}
	return c.call(from, send)
}

// refusalOf says Amazon's refusal of a created entity in a seller's words: by level and error type, by the
// reason Amazon gives first in its message (Sponsored Brands), by error type; else Amazon's own words.
func refusalOf(level string, a amazon.SPResult) string {
	if why, ok := newErrors[level+"|"+a.Error]; ok {
		return why
	}
	if reason, _, _ := strings.Cut(a.Message, " "); sponsoredReasons[reason] != "" {
		return sponsoredReasons[reason]
	}
	for _, m := range []map[string]string{createErrors, amazonErrors, sponsoredErrors} {
		if why, ok := m[a.Error]; ok {
			return why
		}
	}
	return a.Error
}

// send creates the rows from `from` on of one kind through the ad product's call.
func (c *creation) send(from int, kind string, items []map[string]any) error {
	return c.call(from, func() ([]amazon.SPResult, error) {
		return c.api.Client.CreateSponsored(c.ctx, c.api.Endpoint, c.api.RefreshToken, c.profile.AmazonProfile, kind, items)
	})
}

// currencyLimits are Amazon's least and most of a budget and a bid in the profile's currency (whole yen).
type currencyLimits struct {
	yen                  bool
	minBudget, maxBudget decimal.Decimal
	minBid, maxBid       decimal.Decimal
}

func limitsOf(currency string) currencyLimits {
	if currency == "JPY" {
		return currencyLimits{yen: true, minBudget: decimal.NewFromInt(100), maxBudget: decimal.NewFromInt(1_000_000),
			minBid: decimal.NewFromInt(2), maxBid: decimal.NewFromInt(100000)}
	}
	return currencyLimits{minBudget: decimal.NewFromInt(1), maxBudget: decimal.NewFromInt(1_000_000), minBid: decimal.New(2, -2),
		maxBid: decimal.NewFromInt(1000)}
}

// whole tells an amount the currency takes (whole yen).
func (l currencyLimits) whole(v decimal.Decimal) bool { return !l.yen || v.Equal(v.Truncate(0)) }

// budget checks a daily budget.
func (l currencyLimits) budget(raw string) (decimal.Decimal, error) {
	v, ok := amountOf(raw)
	if !ok || !l.whole(v) || v.LessThan(l.minBudget) || v.GreaterThan(l.maxBudget) {
		return v, core.Invalid(MsgCreateBudget)
	}
	return v, nil
}

// startsInTime checks that a campaign starts today or later in the profile's time zone.
func startsInTime(start string, p advertisingdb.ProfileToCreate, now time.Time) error {
	loc, err := time.LoadLocation(p.Timezone)
	if err != nil {
		loc = time.UTC
	}
	if start < now.In(loc).Format(time.DateOnly) {
		return core.Invalid(MsgCreateStart)
	}
	return nil
}

// checkDates checks a start date (YYYY-MM-DD) and an optional end after it.
func checkDates(start, end string) error {
	from, err := time.Parse(time.DateOnly, start)
	if err != nil {
		return core.Invalid(MsgCreateStart)
	}
	if end != "" {
		to, err := time.Parse(time.DateOnly, end)
		if err != nil || !to.After(from) {
			return core.Invalid(MsgCreateEnd)
		}
	}
	return nil
}

// recordCreation writes what Amazon created here and every row to 操作记录.
func (s *Service) recordCreation(c *creation, p core.Principal) ([]ChangeResult, error) {
	return s.recordCreated(c.ctx, p, c.profile, c.rows)
}

// sponsoredErrors are Sponsored Display's and Sponsored Brands' error codes in a seller's words; sponsoredReasons
// the reasons Sponsored Brands gives first in its messages.
var (
	sponsoredErrors = map[string]string{
		"INVALID_ARGUMENT": "内容不符合亚马逊的要求", "DUPLICATE_VALUE": "已有同名或相同的内容",
		"NOT_FOUND": "亚马逊找不到所属广告活动、广告组或该SKU（须为该站点在售的SKU）", "ENTITY_NOT_FOUND": "亚马逊找不到所属广告活动或广告组",
		"INVALID_BUDGET": "每日预算不符合亚马逊的要求", "BUDGET_ERROR": "每日预算不符合亚马逊的要求",
		"INVALID_DATE": "日期不符合亚马逊的要求", "DATE_ERROR": "日期不符合亚马逊的要求", "INVALID_BID": "竞价超出亚马逊允许的范围",
	}
	sponsoredReasons = map[string]string{
		"DUPLICATE_CAMPAIGN_NAME": "已有同名的广告活动", "BRAND_ENTITY_ID_REQUIRED": "卖家须填写品牌实体ID",
		"BRAND_NOT_FOUND": "品牌实体ID不是该广告账户已注册的品牌", "ASSET_NOT_FOUND": "素材库中没有该品牌Logo素材",
		"ASIN_NOT_ELIGIBLE": "落地页中有不能投放广告的ASIN（须为该账户在售的商品）", "HEADLINE_TOO_LONG": "标题最多50个字符",
		"INVALID_LANDING_PAGE": "落地页须有3到100个ASIN", "INVALID_BRAND_NAME": "品牌名称最多30个字符",
		"DUPLICATE_AD_GROUP_NAME": "广告活动中已有同名的广告组",
	}
)
