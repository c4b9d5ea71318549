package app

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"sellerhub/app/accounts"
	"sellerhub/app/admin"
	"sellerhub/app/advertising"
	"sellerhub/app/alibaba"
	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/app/catalog"
	"sellerhub/app/claims"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/finance"
	"sellerhub/app/inventoryvalue"
	"sellerhub/app/jobs"
	"sellerhub/app/messages"
	"sellerhub/app/onboarding"
	"sellerhub/app/orders"
	"sellerhub/app/pricing"
	"sellerhub/app/profit"
	"sellerhub/app/purchase"
	"sellerhub/app/reference"
	"sellerhub/app/sales"
	"sellerhub/app/shipping"
	"sellerhub/app/stock"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// ServiceDeps is what the domain services are built from; main.go and the test harness make it.
type ServiceDeps struct {
	DB       *models.DB
	Sessions *scs.SessionManager
	Sender   accounts.CodeSender
	Config   *config.Config
	Log      *slog.Logger
	// Now is the clock; nil: the machine's. Tests move it to expire codes and sessions.
	Now func() time.Time
	// HTTP makes outgoing calls (the SSO probe); nil: a client with a 5 s limit.
	HTTP *http.Client
	// Sleep makes the login guard's pause; nil: a timer. Tests move their clock instead of waiting.
	Sleep func(context.Context, time.Duration) error
	// AmazonHTTP calls Amazon; nil: built from the configuration (tests shorten its retry waits).
	AmazonHTTP *amazon.HTTP
	// Jobs is the background job queue; the domains add their workers and periodic jobs to it here, before
	// main.go starts it.
	Jobs *jobs.Queue
	// Invalidations tells the other instances what cached access to drop (core.StartInvalidations); nil: this
	// process only.
	Invalidations *core.Invalidations
	// Counters keep the sign-in and code limits' counts where every instance sees them; nil: the database.
	Counters core.Counters
	// AmazonRates keep Amazon's per-seller rate limits where every instance sees them; nil: the database.
	AmazonRates amazon.RateStore
}

// Services are the product's business domains, each built from only what it uses. The route table hands each
// handler the ones it calls.
type Services struct {
	Accounts  *accounts.Service
	Admin     *admin.Service
	Messages  *messages.Service
	Reference *reference.Service
	Stores    *stores.Service
	Catalog   *catalog.Service
	Stock     *stock.Service
	Shipping  *shipping.Service
	// AmazonData reads Amazon's report files into the company's data.
	AmazonData *amazondata.Service
	// DataSync keeps the stores' Amazon data current (数据同步).
	DataSync *datasync.Service
	// Finance converts money to CNY with the company's rates (汇率) and runs the profit calculator.
	Finance *finance.Service
	// Purchase runs 采购单: orders, approval, receipts, returns, short closes and the costs receipts give.
	Purchase *purchase.Service
	// Replenishment works out 亚马逊补货计划 and turns its suggestions into draft orders and shipment plans.
	Replenishment *purchase.Planner
	// Sales sums the synced orders into the sales report and the orders' summaries.
	Sales *sales.Service
	// ProductTags is 产品标签: the 标签 admin's tags on local products.
	ProductTags *catalog.ProductTags
	// Browse is 商品目录: Amazon's catalogue searched through a store's authorisation.
	Browse *catalog.Browse
	// Forecasts is 销售预测: each SKU's coming months from its history, beside the seller's plan.
	Forecasts *sales.Forecasts
	// Orders reads the synced orders, today's orders and the refunds (订单).
	Orders *orders.Service
	// Advertising reads the synced Sponsored Products (广告管理).
	Advertising *advertising.Service
	// AdIndicators is 指标分析: the advertised SKUs' spend against all their sales (TACOS).
	AdIndicators *advertising.Indicators
	// Profit reads what the company earned: the profit report and its settings (利润报告, 利润配置).
	Profit *profit.Service
	// Onboarding is 首页's getting started: how far the company has come in setting up.
	Onboarding *onboarding.Service
	// Claims is 赔偿报告 and 待索赔: what Amazon reimbursed and what the seller can still claim.
	Claims *claims.Service
	// StorageFees is 仓储费报告: the monthly storage fees and aged surcharges Amazon charged.
	StorageFees *claims.StorageFees
	// Settlements is 结算记录: Amazon's payouts and their reconciliation.
	Settlements *finance.Settlements
	// FBAFees is FBA费用报告: Amazon's fee estimates beside the fulfilment fees the settlements charged.
	FBAFees *claims.FBAFees
	// Planning is 库存规划: each FBA SKU's inventory health as Amazon last reported it.
	Planning *claims.Planning
	// Removals is 移除订单: the removal orders, their lines and the packages Amazon shipped.
	Removals *claims.Removals
	Uploads  *core.Uploads
	// Pricing is 调价: listings' prices changed through the Listings Items API, with floors and a history.
	Pricing *pricing.Service
	// InventoryValue is 存货价值: the stock's value at each month's end for the books, kept when a month is closed.
	InventoryValue *inventoryvalue.Service
	// BOMs are 加工单's bills of materials (物料清单).
	BOMs *stock.BOMs
	// Packings are the products' packing (包材用量), which 发货 consumes.
	Packings *catalog.Packings
	// Tracking is 物流跟踪: first-leg channels, shipments' tracking, milestones and freight.
	Tracking *shipping.Tracking
	// Alibaba is 1688账号绑定 and 1688结算: bound 1688 buyer accounts, their orders as purchase orders, their payments.
	Alibaba *alibaba.Service
	// AliExpress is 速卖通店铺授权: the company's AliExpress stores authorised through the platform's OAuth.
	AliExpress *stores.AliExpress
	// AdRules is 广告规则 and 预警管理: rules sent through 广告管理's calls on each new day of data, and alerts.
	AdRules *advertising.Rules
	// Funds is 资金账户: the company's accounts, movements and balances, matched to settlements and 付款申请.
	Funds *finance.Funds
	// VAT is VAT发票: European orders' VAT by month and their invoices, numbered without gaps.
	VAT *finance.VATInvoices
}

// NewServices builds the domains in their dependency order (see the README's code layout). The cache of compiled
// menus is shared: admin fills it, and accounts drops a user's entry when the user's profile changes. Stock and
// shipping number their documents through the one numbering. Authorising a store queues its first syncs in the
// same transaction through the stores' SellerAuthorized hook, which calls the data sync built after it.
func NewServices(d ServiceDeps) Services {
	now := core.Clock(d.Now)
	if d.Now == nil {
		now = time.Now
	}
	menus := core.NewMenuCache(d.Invalidations)
	uploads := &core.Uploads{Dir: d.Config.UploadDir, Log: d.Log}
	numbers := core.NewNumbers(d.DB, now, d.Config.TimeZone)
	acc := accounts.New(accounts.Deps{DB: d.DB, Sessions: d.Sessions, Sender: d.Sender, Config: d.Config, Log: d.Log,
		Now: now, HTTP: d.HTTP, Sleep: d.Sleep, Menus: menus, Uploads: uploads,
		Counters: d.Counters})
	adm := admin.New(admin.Deps{DB: d.DB, Accounts: acc, Menus: menus, Now: now,
		PlatformAdmins: d.Config.PlatformAdmins, TimeZone: d.Config.TimeZone})
	data := amazondata.New(d.DB, now)
	var sync *datasync.Service
	st := stores.New(stores.Deps{DB: d.DB, Config: d.Config, Log: d.Log, Now: now, AmazonHTTP: d.AmazonHTTP,
		AmazonRates: d.AmazonRates, SellerAuthorized: func(tx *models.DB, s *storesdb.Seller) error { return sync.SellerAuthorized(tx, s) }})
	claimsSvc := claims.New(d.DB, now)
	sync = datasync.New(datasync.Deps{DB: d.DB, Stores: st, Data: data, Jobs: d.Jobs, Now: now, Log: d.Log,
		Poll: d.Config.ReportPoll, Schedule: d.Config.SyncSchedule,
		// 待索赔 follows the reimbursements as they come in: a claim they cover is settled at once. (Not after the
		// ledger: until the reimbursements are in, a unit Amazon already paid for would look owed.)
		Imported: func(ctx context.Context, companyID int64, kind amazondata.Kind) error {
			if kind != amazondata.Reimbursements {
				return nil
			}
			_, err := claimsSvc.Audit(ctx, companyID)
			return err
		}})
	sync.Register(d.Jobs)
	st.Register(d.Jobs)
	jobs.KeepPlannerStatistics(d.Jobs, d.DB)
	fin := finance.New(d.DB, now, d.Config.TimeZone)
	ship := shipping.New(d.DB, now, numbers, st)
	pur := purchase.New(d.DB, now, d.Config.TimeZone, numbers, fin)
	price := pricing.New(d.DB, now, d.Config.TimeZone, fin, st)
	price.Register(d.Jobs)
	sl := sales.New(d.DB, now, d.Config.TimeZone, fin)
	ads := advertising.New(d.DB, now, d.Config.TimeZone, fin, st)
	ali := alibaba.New(d.DB, now, d.Config.TimeZone, d.Config, numbers, d.Jobs, d.Log)
	ali.Register(d.Jobs)
	adRules := advertising.NewRules(ads, purchase.NewPlanner(d.DB, now, d.Config.TimeZone, pur, ship), d.Log)
	adRules.Register(d.Jobs)
	return Services{
		Accounts:       acc,
		Admin:          adm,
		Messages:       messages.New(d.DB, adm, now),
		Reference:      reference.New(d.DB, now),
		Stores:         st,
		AliExpress:     stores.NewAliExpress(st),
		Catalog:        catalog.New(d.DB, now, d.Config.TimeZone, uploads),
		Stock:          stock.New(d.DB, now, d.Config.TimeZone, numbers),
		BOMs:           stock.NewBOMs(d.DB, now),
		Packings:       catalog.NewPackings(d.DB, now),
		Tracking:       shipping.NewTracking(d.DB, now, d.Config.TimeZone),
		Shipping:       ship,
		AmazonData:     data,
		DataSync:       sync,
		Finance:        fin,
		Purchase:       pur,
		Replenishment:  purchase.NewPlanner(d.DB, now, d.Config.TimeZone, pur, ship),
		Sales:          sl,
		Forecasts:      sales.NewForecasts(d.DB, now, d.Config.TimeZone),
		Browse:         catalog.NewBrowse(d.DB, now, st),
		ProductTags:    catalog.NewProductTags(d.DB, now),
		Orders:         orders.New(d.DB, now, d.Config.TimeZone),
		Profit:         profit.New(d.DB, now, d.Config.TimeZone, fin),
		Advertising:    ads,
		AdIndicators:   advertising.NewIndicators(ads, sl),
		AdRules:        adRules,
		Onboarding:     onboarding.New(d.DB),
		Claims:         claimsSvc,
		StorageFees:    claims.NewStorageFees(d.DB, fin),
		Settlements:    finance.NewSettlements(d.DB, d.Config.TimeZone),
		Planning:       claims.NewPlanning(d.DB),
		Removals:       claims.NewRemovals(d.DB),
		FBAFees:        claims.NewFBAFees(d.DB),
		Uploads:        uploads,
		Pricing:        price,
		InventoryValue: inventoryvalue.New(d.DB, now, d.Config.TimeZone),
		Alibaba:        ali,
		Funds:          finance.NewFunds(d.DB, now, d.Config.TimeZone, fin),
		VAT:            finance.NewVATInvoices(d.DB, now, d.Config.TimeZone),
	}
}
