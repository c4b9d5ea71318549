// Package pricing is 调价 (/amazon/listing/price): listings' prices changed one by one or in bulk (set, by an
// amount, by a percent, or to a target margin with 利润计算器's arithmetic), sent to Amazon through the Listings
// Items API (patchListingsItem) row by row, each row's answer kept in a history. A floor price per listing refuses a
// price under it before Amazon is asked, and a change of more than the company's percent needs a confirmation.
package pricing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/stores"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	pricingdb "sellerhub/models/pricing"
	storesdb "sellerhub/models/stores"
)

// PermissionPrice is 调价's button permission (调整价格): changing prices, floors and the confirmation percent.
const PermissionPrice = "amz:listing:price"

// Messages of 调价.
const (
	MsgChangeNone    = "请选择要调价的商品"
	MsgChangeTooMany = "一次最多调价200个商品"
	MsgMethod        = "请选择调价方式：设为、按金额、按百分比或按目标利润率"
	MsgValue         = "请输入调价数值（数字，最多两位小数）"
	MsgSetPositive   = "设为的价格须大于0"
	MsgCategory      = "按目标利润率调价须选择品类"
	MsgNotFound      = "所选商品不存在或无权操作"
	MsgConfirm       = "有%d个商品调价幅度超过%d%%，请确认后再提交"
	MsgRowPriceBad   = "SKU %s 的新价格须是大于0的数字"
	MsgFloorBad      = "最低价须是大于0的数字，最多%d位小数"
	MsgPercentBad    = "需确认的调价幅度须是1到100之间的整数"
	MsgResultBad     = "结果只能是成功或失败"
	MsgTimeBad       = "时间格式不正确"
	// Row messages: why a row was not changed, here or at Amazon.
	MsgRowUnderFloor  = "新价格 %s 低于最低价 %s，未提交亚马逊"
	MsgRowNotPositive = "新价格须大于0"
	MsgRowUnchanged   = "新价格与当前价格相同，无需提交"
	MsgRowNoPrice     = "当前价格未知（尚未同步），请用“设为”指定价格"
	MsgRowNoProduct   = "未配对本地产品，无法按目标利润率计算"
	MsgRowNoMeasures  = "配对的本地产品缺少采购成本或尺寸重量，无法按目标利润率计算"
	MsgRowNoSeller    = "该店铺在此站点的区域未授权或已停用，请在店铺管理中授权"
	MsgRowUnknownSKU  = "亚马逊找不到该SKU，请先同步Listing"
	msgRowAmazonCall  = "调用亚马逊失败："
	msgRowRefused     = "亚马逊拒绝："
)

// The methods of a change.
const (
	MethodSet     = "set"
	MethodValue   = "value"
	MethodPercent = "percent"
	MethodMargin  = "margin"
)

// The methods of the prices a scheduled sale sends (not a change's).
const (
	MethodSale    = "sale"
	MethodRestore = "restore"
)

var methodNames = map[string]string{MethodSet: "设为", MethodValue: "按金额", MethodPercent: "按百分比", MethodMargin: "按目标利润率"}

var saleMethodNames = map[string]string{MethodSale: "定时促销开始", MethodRestore: "定时促销结束恢复原价"}

// MethodName names a method as the screen does.
func MethodName(m string) string {
	if n, ok := methodNames[m]; ok {
		return n
	}
	if n, ok := saleMethodNames[m]; ok {
		return n
	}
	return m
}

// changeLimit is the most listings one change takes.
const changeLimit = 200

// amazonIssues are Amazon's issue codes in a seller's words; Amazon's own message follows.
var amazonIssues = map[string]string{
	"8026":    "价格低于亚马逊允许的最低价（卖家平台设置的最低价格）",
	"4000001": "价格数据不符合亚马逊的要求",
}

// Service is 调价.
type Service struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
	finance  *finance.Service
	stores   *stores.Service
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, fin *finance.Service, st *stores.Service) *Service {
	return &Service{db: db, now: now, timeZone: timeZone, finance: fin, stores: st}
}

// ListingPage lists a page of the listings of the user's store groups with their floors and last changes.
func (s *Service) ListingPage(ctx context.Context, p core.Principal, q catalog.ListingQuery) ([]pricingdb.ListingRow, int64, core.PageRequest, error) {
	f, r, ok := q.Filter(p)
	if !ok {
		return []pricingdb.ListingRow{}, 0, r, nil
	}
	f.InTitle = true
	rows, total, err := pricingdb.ListingPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// ChangeForm is a change: our ids of the listings, the method and its value (set: the price; value: the amount
// added, negative to lower; percent: the percent added, negative to lower; margin: the target margin in percent),
// for a margin the referral category of 利润计算器 and whether the seller is registered for the marketplace's VAT,
// prices typed per row in the preview (by id; they replace the method's), and the confirmation of a change above
// the company's percent.
type ChangeForm struct {
	IDs           []string          `json:"ids"`
	Method        string            `json:"method"`
	Value         string            `json:"value"`
	Category      string            `json:"category"`
	TaxRegistered bool              `json:"taxRegistered"`
	Prices        map[string]string `json:"prices"`
	Confirmed     bool              `json:"confirmed"`
}

// Row is one listing of a change: the price before and the one asked in its currency, the change in percent of
// the price before, whether it passes the confirmation percent; after the change, done (with Amazon's submission
// id) or why not. Send is true for a row the change sends to Amazon (the preview's rows without Message).
type Row struct {
	Listing       pricingdb.ListingRow
	Method        string
	Old, New      decimal.Decimal
	Percent       decimal.Decimal
	NeedsConfirm  bool
	Send          bool
	OK            bool
	ErrorType     string
	Message       string
	SubmissionID  string
	region        string
	priced, floor bool
}

// Plan is the preview of a change: its rows and the company's confirmation percent.
type Plan struct {
	Rows           []Row
	ConfirmPercent int
	// Confirm counts the rows to send whose change passes the percent.
	Confirm int
}

// Result is a change done: the rows changed at Amazon and those refused (here or there).
type Result struct {
	Plan
	Changed, Refused int
}

// decimalsOf is a currency's minor digits.
func decimalsOf(currency string) int32 {
	if currency == "JPY" {
		return 0
	}
	return 2
}

func checkNumber(text string, places int32) (decimal.Decimal, bool) {
	d, err := decimal.NewFromString(strings.TrimSpace(text))
	if err != nil || !d.Equal(d.Truncate(places)) || d.Abs().GreaterThan(decimal.NewFromInt(100000000)) {
		return d, false
	}
	return d, true
}

// Preview works out a change's new prices without sending anything.
func (s *Service) Preview(ctx context.Context, p core.Principal, f ChangeForm) (*Plan, error) {
	return s.plan(ctx, p, f)
}

func (s *Service) plan(ctx context.Context, p core.Principal, f ChangeForm) (*Plan, error) {
	if len(f.IDs) == 0 {
		return nil, core.Invalid(MsgChangeNone)
	}
	if len(f.IDs) > changeLimit {
		return nil, core.Invalid(MsgChangeTooMany)
	}
	ids := make([]int64, 0, len(f.IDs))
	for _, raw := range f.IDs {
		n, ok := core.ParseID(raw)
		if !ok {
			return nil, core.Invalid(MsgNotFound)
		}
		ids = append(ids, n)
	}
	if _, ok := methodNames[f.Method]; !ok {
		return nil, core.Invalid(MsgMethod)
	}
	value, ok := checkNumber(f.Value, 2)
	if !ok {
		return nil, core.Invalid(MsgValue)
	}
	if f.Method == MethodSet && !value.IsPositive() {
		return nil, core.Invalid(MsgSetPositive)
	}
	if f.Method == MethodMargin && strings.TrimSpace(f.Category) == "" {
		return nil, core.Invalid(MsgCategory)
	}
	db := s.db.With(ctx)
	listings, err := pricingdb.ListingsByIDs(db, p.CompanyID, p.UserID, ids)
	if err != nil {
		return nil, err
	}
	if len(listings) != len(dedupe(ids)) {
		return nil, core.Invalid(MsgNotFound)
	}
	percent, err := pricingdb.ConfirmPercent(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	products, err := s.productsOf(ctx, p.CompanyID, listings, f.Method)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Rows: make([]Row, len(listings)), ConfirmPercent: percent}
	hundred := decimal.NewFromInt(100)
	for i, l := range listings {
		r := Row{Listing: l, Method: f.Method, Old: l.Price.Decimal}
		places := decimalsOf(l.Currency)
		r.region = regionOf(l.MarketplaceID)
		if m, ok := storesdb.MarketplaceByID(l.MarketplaceID); ok {
			if r.Listing.Currency == "" {
				r.Listing.Currency = m.Currency
				places = decimalsOf(m.Currency)
			}
		}
		typed, hasTyped := f.Prices[fmt.Sprint(l.ID)]
		switch {
		case hasTyped && strings.TrimSpace(typed) != "":
			v, ok := checkNumber(typed, places)
			if !ok || !v.IsPositive() {
				return nil, core.Invalid(fmt.Sprintf(MsgRowPriceBad, l.SellerSKU))
			}
			r.New, r.Method = v, MethodSet
		case f.Method == MethodSet:
			r.New = value.Round(places)
		case f.Method == MethodMargin:
			r.New, r.Message = s.marginPrice(ctx, p.CompanyID, l, products, f, value)
			if r.Message != "" {
				r.ErrorType = "local"
			}
		case !r.Old.IsPositive():
			r.ErrorType, r.Message = "local", MsgRowNoPrice
		case f.Method == MethodValue:
			r.New = r.Old.Add(value).Round(places)
		case f.Method == MethodPercent:
			r.New = r.Old.Add(r.Old.Mul(value).Div(hundred)).Round(places)
		}
		if r.Message == "" {
			switch {
			case !r.New.IsPositive():
				r.ErrorType, r.Message = "local", MsgRowNotPositive
			case l.Floor != nil && r.New.LessThan(l.Floor.Decimal):
				r.ErrorType, r.Message = "floor", fmt.Sprintf(MsgRowUnderFloor, r.New.StringFixed(places), l.Floor.StringFixed(places))
			case r.New.Equal(r.Old):
				r.ErrorType, r.Message = "local", MsgRowUnchanged
			}
		}
		if r.Old.IsPositive() && r.New.IsPositive() {
			r.Percent = r.New.Sub(r.Old).Mul(hundred).DivRound(r.Old, 2)
			r.NeedsConfirm = r.Percent.Abs().GreaterThan(decimal.NewFromInt(int64(percent)))
		}
		r.Send = r.Message == ""
		if r.Send && r.NeedsConfirm {
			plan.Confirm++
		}
		plan.Rows[i] = r
	}
	return plan, nil
}

// regionOf is the region of a marketplace (its seller account's).
func regionOf(marketplaceID string) string {
	m, _ := storesdb.MarketplaceByID(marketplaceID)
	return m.Region
}

func dedupe(ids []int64) map[int64]bool {
	out := map[int64]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// productsOf loads the local products paired with the listings, for a change to a margin.
func (s *Service) productsOf(ctx context.Context, companyID int64, listings []pricingdb.ListingRow, method string) (map[int64]catalogdb.LocalProduct, error) {
	out := map[int64]catalogdb.LocalProduct{}
	if method != MethodMargin {
		return out, nil
	}
	var ids []int64
	for _, l := range listings {
		if l.ProductID != nil {
			ids = append(ids, *l.ProductID)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows := []catalogdb.LocalProduct{}
	if err := s.db.With(ctx).Where("company_id = ? AND id IN ?", companyID, ids).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// marginPrice is the price at which 利润计算器's margin of the listing's paired product reaches the target, or why
// there is none.
func (s *Service) marginPrice(ctx context.Context, companyID int64, l pricingdb.ListingRow, products map[int64]catalogdb.LocalProduct,
	f ChangeForm, target decimal.Decimal) (decimal.Decimal, string) {
	if l.ProductID == nil {
		return decimal.Zero, MsgRowNoProduct
	}
	prod, ok := products[*l.ProductID]
	if !ok {
		return decimal.Zero, MsgRowNoProduct
	}
	if !prod.Price.Valid || !prod.Length.Valid || !prod.Width.Valid || !prod.Height.Valid || !prod.Weight.Valid {
		return decimal.Zero, MsgRowNoMeasures
	}
	m, _ := storesdb.MarketplaceByID(l.MarketplaceID)
	in := finance.CalcInput{Marketplace: m.Country, Category: f.Category, UnitCost: prod.Price.Decimal.String(),
		Length: prod.Length.Decimal.String(), Width: prod.Width.Decimal.String(), Height: prod.Height.Decimal.String(),
		Weight: prod.Weight.Decimal.String(), TaxRegistered: f.TaxRegistered}
	r, err := s.finance.PriceForMargin(ctx, companyID, in, target)
	if err != nil {
		var ce *core.Error
		if errors.As(err, &ce) {
			return decimal.Zero, ce.Msg
		}
		return decimal.Zero, err.Error()
	}
	return r.Price.Local, ""
}

// Change sends a change's rows to Amazon one by one (those the preview would send), writes the prices Amazon
// accepted to the listings and every row to the history, in one transaction after the calls. A change above the
// company's percent is refused unless confirmed; nothing is sent then.
func (s *Service) Change(ctx context.Context, p core.Principal, f ChangeForm) (*Result, error) {
	plan, err := s.plan(ctx, p, f)
	if err != nil {
		return nil, err
	}
	if plan.Confirm > 0 && !f.Confirmed {
		return nil, core.Invalid(fmt.Sprintf(MsgConfirm, plan.Confirm, plan.ConfirmPercent))
	}
	if err := s.sendRows(ctx, p.CompanyID, plan.Rows); err != nil {
		return nil, err
	}
	out := &Result{Plan: *plan}
	for _, r := range plan.Rows {
		if r.OK {
			out.Changed++
		} else {
			out.Refused++
		}
	}
	return out, s.record(ctx, p, plan.Rows)
}

// sendRows sends the rows marked Send, grouped by seller account (store group and region), reading each answer
// into its row; an error only when the request was cancelled or the credentials cannot be read.
func (s *Service) sendRows(ctx context.Context, companyID int64, rows []Row) error {
	type account struct {
		group  int64
		region string
	}
	send := map[account][]int{}
	for i, r := range rows {
		if r.Send {
			k := account{r.Listing.GroupID, r.region}
			send[k] = append(send[k], i)
		}
	}
	keys := make([]account, 0, len(send))
	for k := range send {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].group < keys[j].group || keys[i].group == keys[j].group && keys[i].region < keys[j].region
	})
	for _, k := range keys {
		idx := send[k]
		seller, err := storesdb.SellerOfGroupRegion(s.db.With(ctx), companyID, k.group, k.region)
		if err != nil && !models.IsNotFound(err) {
			return err
		}
		if err != nil || seller.Disabled || seller.RefreshToken == "" {
			for _, i := range idx {
				rows[i].ErrorType, rows[i].Message = "auth", MsgRowNoSeller
			}
			continue
		}
		api, err := s.stores.SellerAPIOf(ctx, seller)
		if err != nil {
			return err
		}
		for _, i := range idx {
			if err := s.send(ctx, api, seller.SellingPartnerID, &rows[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// send asks Amazon for one row's price and reads its answer into the row; an error only when the request was
// cancelled.
func (s *Service) send(ctx context.Context, api stores.SellerAPI, sellerID string, r *Row) error {
	sub, err := api.Client.PatchListingPrice(ctx, api.Endpoint, api.RefreshToken, amazon.PriceChange{SellerID: sellerID,
		SKU: r.Listing.SellerSKU, MarketplaceID: r.Listing.MarketplaceID, Currency: r.Listing.Currency, Price: r.New})
	var ae *amazon.APIError
	switch {
	case err != nil && ctx.Err() != nil:
		return err
	case errors.As(err, &ae) && ae.Status == http.StatusNotFound:
		r.ErrorType, r.Message = "NOT_FOUND", MsgRowUnknownSKU
	case err != nil:
		r.ErrorType, r.Message = "call", truncate(msgRowAmazonCall+err.Error(), 500)
	case sub.Status == amazon.SubmissionAccepted:
		r.OK, r.SubmissionID = true, sub.SubmissionID
	default:
		r.SubmissionID, r.ErrorType = sub.SubmissionID, sub.Status
		parts := []string{}
		for _, is := range sub.Issues {
			if is.Severity != "" && is.Severity != "ERROR" {
				continue
			}
			why, ok := amazonIssues[is.Code]
			if !ok {
				why = "代码 " + is.Code
			}
			parts = append(parts, why+"（"+is.Message+"）")
			if r.ErrorType == sub.Status {
				r.ErrorType = is.Code
			}
		}
		if len(parts) == 0 {
			parts = append(parts, "状态 "+sub.Status)
		}
		r.Message = truncate(msgRowRefused+strings.Join(parts, "；"), 500)
	}
	return nil
}

// record writes the history of every row and the accepted prices, in one transaction.
func (s *Service) record(ctx context.Context, p core.Principal, rows []Row) error {
	now := s.now.Stamp()
	batch := models.NewID()
	changes := make([]pricingdb.Change, len(rows))
	return s.db.Tx(ctx, func(tx *models.DB) error {
		for i, r := range rows {
			l := r.Listing
			changes[i] = pricingdb.Change{CompanyID: p.CompanyID, GroupID: l.GroupID, ListingID: l.ID, BatchID: batch,
				MarketplaceID: l.MarketplaceID, SellerSKU: l.SellerSKU, ASIN: l.ASIN, Currency: l.Currency,
				OldPrice: models.Money{Decimal: r.Old}, NewPrice: models.Money{Decimal: r.New}, Method: r.Method, OK: r.OK,
				ErrorType: truncate(r.ErrorType, 20), Message: r.Message, SubmissionID: r.SubmissionID, UserID: p.UserID, CreatedAt: now}
			if r.OK {
				if err := pricingdb.SetListingPrice(tx, p.CompanyID, l.ID, models.Money{Decimal: r.New}, now); err != nil {
					return err
				}
			}
		}
		return pricingdb.SaveChanges(tx, changes)
	})
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
