package app

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/accounts"
	"sellerhub/app/admin"
	"sellerhub/app/advertising"
	"sellerhub/app/alibaba"
	"sellerhub/app/api"
	advertisingapi "sellerhub/app/api/advertising"
	alibabaapi "sellerhub/app/api/alibaba"
	"sellerhub/app/api/apidoc"
	"sellerhub/app/api/auth"
	catalogapi "sellerhub/app/api/catalog"
	claimsapi "sellerhub/app/api/claims"
	"sellerhub/app/api/contacts"
	syncapi "sellerhub/app/api/datasync"
	"sellerhub/app/api/depts"
	"sellerhub/app/api/dicts"
	financeapi "sellerhub/app/api/finance"
	inventoryvalueapi "sellerhub/app/api/inventoryvalue"
	"sellerhub/app/api/menus"
	"sellerhub/app/api/notify"
	onboardingapi "sellerhub/app/api/onboarding"
	"sellerhub/app/api/operationlogs"
	orderapi "sellerhub/app/api/orders"
	pricingapi "sellerhub/app/api/pricing"
	profitapi "sellerhub/app/api/profit"
	purchaseapi "sellerhub/app/api/purchase"
	"sellerhub/app/api/queryfield"
	"sellerhub/app/api/roles"
	salesapi "sellerhub/app/api/sales"
	shippingapi "sellerhub/app/api/shipping"
	stockapi "sellerhub/app/api/stock"
	storesapi "sellerhub/app/api/stores"
	"sellerhub/app/api/tags"
	"sellerhub/app/api/users"
	"sellerhub/app/catalog"
	"sellerhub/app/claims"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/finance"
	"sellerhub/app/inventoryvalue"
	"sellerhub/app/messages"
	"sellerhub/app/middleware"
	"sellerhub/app/onboarding"
	"sellerhub/app/orders"
	"sellerhub/app/pages"
	"sellerhub/app/pricing"
	"sellerhub/app/profit"
	"sellerhub/app/purchase"
	"sellerhub/app/reference"
	salesdata "sellerhub/app/sales"
	"sellerhub/app/shipping"
	"sellerhub/app/stock"
	"sellerhub/app/stores"
	stockdb "sellerhub/models/stock"
)

// The picture upload routes (users/saveImage and material/photoupload below) have their own body limit.
const (
	saveImagePath   = "/admin/api/v1/users/saveImage"
	photoUploadPath = "/erp/api/v1/material/photoupload"
	photoSavePath   = "/erp/api/v1/material/photo"
	syncUploadPath  = "/amazon/api/v1/datasync/upload"
)

// routes is the one route table: every URL the product answers is here.
func routes(e *echo.Echo, d Deps, pg *pages.Handler) RouteAccess {
	sv := d.Services
	table := RouteAccess{}
	// The JSON API's routes as registered, for its description (接口文档).
	docs := &apidoc.Table{}
	static := e.StaticFS("/static", d.Static, immutable, precompressed(d.Static))
	table[static.Method+" "+static.Path] = middleware.Anyone
	signedIn := middleware.SignedIn
	needs := signedIn.Needs

	// Pages. Forms are CSRF-protected; signed-in pages send strangers to /ssologin.
	page := guarded{group: e.Group("", csrf(d.Config.SecureCookies)), admin: sv.Admin, signIn: middleware.RequireSignIn, table: table,
		frame: pg.Tab}
	page.GET("/", pg.Root, middleware.Anyone)
	page.GET("/ssologin", pg.SSOLogin, middleware.Anyone)
	page.GET("/login", pg.LoginForm, middleware.Anyone)
	page.POST("/login", pg.Login, middleware.Anyone)
	page.GET("/register", pg.RegisterForm, middleware.Anyone)
	page.POST("/register", pg.Register, middleware.Anyone)
	page.GET("/agreement", pg.Agreement, middleware.Anyone)
	page.GET("/resetPassword", pg.ResetForm, middleware.Anyone)
	page.POST("/resetPassword", pg.Reset, middleware.Anyone)
	page.GET("/usercenter/resetPassword", pg.ResetForm, middleware.Anyone)
	page.POST("/usercenter/resetPassword", pg.Reset, middleware.Anyone)
	// Amazon's redirect back after a seller's or an advertiser's consent: no sign-in, the signed single-use state
	// authenticates it. No CSRF token either: Amazon, not our form, sends the browser here.
	bare := guarded{group: e.Group(""), admin: sv.Admin, signIn: middleware.RequireSignIn, table: table}
	bare.GET("/authresult", pg.AuthResult, middleware.Anyone)
	bare.GET("/advresult", pg.AdvResult, middleware.Anyone)
	// 1688's redirect back after a buyer's consent (1688账号绑定), authenticated the same way by its state.
	aliPages := &alibabaapi.Handler{Alibaba: sv.Alibaba, TimeZone: d.Config.TimeZone, PublicURL: d.Config.PublicURL, Result: pg.ConsentResult}
	bare.GET("/alibaba/authresult", aliPages.AuthResult, middleware.Anyone)
	// AliExpress's redirect back after a seller's consent (速卖通店铺授权), authenticated the same way by its state.
	aePages := &storesapi.Handler{AliExpress: sv.AliExpress, Result: pg.ConsentResult}
	bare.GET("/aliexpress/authresult", aePages.AliExpressAuthResult, middleware.Anyone)
	// A load balancer's checks: plain text outside the JSON API (not under apiPrefixes), open to anyone and saying
	// nothing but ok or not ready.
	hc := newHealth(d.DB, d.Redis, d.Log)
	hc.stopping = d.Stopping
	bare.GET("/healthz", hc.live, middleware.Anyone)
	bare.GET("/readyz", hc.ready, middleware.Anyone)
	// Prometheus's scrape: not found unless SELLERHUB_METRICS_TOKEN is set, then only with that token.
	bare.GET("/metrics", d.Metrics.guarded(d.Config.MetricsToken.Reveal()), middleware.Anyone)
	page.POST("/logout", pg.Logout, signedIn)
	// Publishing an announcement needs the sys:notify:add permission, checked by the service.
	page.POST("/sys/notify/publish", pg.NotifyPublish, signedIn)
	// The personal center's forms (the hidden field form names which) and its pictures, only to the same company.
	page.POST("/usercenter", pg.UserCenterForm, signedIn)
	bare.GET("/uploads/:name", pg.Upload, signedIn) // core.UploadPrefix
	// The 配货单, a print document outside the shell (also the shipment_handing/pehuo tab below), within the store
	// groups the user is granted (checked by the service).
	page.GET("/orderblank", pg.PickList, signedIn)
	// The printable 采购单, a document outside the shell for those granted 采购单.
	page.GET("/purchaseorder/print", pg.PurchaseOrderPrint, middleware.Screen("/erp/purchase/orders"))
	// The printable 盘点表 of a stocktake, by bin, a document outside the shell for those granted 盘点单.
	page.GET("/stocktake/print", pg.StocktakePrint, middleware.Screen("/erp/warehouse/stocktake"))
	// 商品标签's printable labels, a document outside the shell for those granted 商品标签, within their store groups.
	labels := &pages.Labels{Pages: pg, Catalog: sv.Catalog}
	page.GET("/amazon/listing/label/print", labels.Print, middleware.Screen("/amazon/listing/label"))
	// The printable 库位标签 of a warehouse's bins, a QR code of each code, for those granted 库位.
	page.GET("/bin/print", pages.BinLabels(pg), middleware.Screen("/erp/warehouse/shelf"))
	// A shipment's printable 发票 (customs/commercial invoice), for those granted 货件处理, within their store groups.
	page.GET("/invoice/print", pages.InvoicePrint(pg), middleware.Screen("/erp/ship/quota"))

	// Tab pages: opened directly they render the shell with their tab; inside a tab frame (?embed=1) the page.
	page.tab("/home", "首页", pg.Home, signedIn)
	page.tab("/blank", "blank", pg.Blank, signedIn)
	page.tab("/exception/:kind", "提示", pg.Exception, signedIn)
	// Every menu link and every route of the specification answers: with its page where the module is built,
	// else with 建设中. A menu entry's page is refused (无权限 in its frame) to users not granted it.
	built := map[string]echo.HandlerFunc{
		"/sys/notify/publish": pg.NotifyPublishForm,
		"/sys/dict":           pg.DictAdmin,
		"/sys/taggroup":       pg.AdminScreen("标签分组", "tagGroups"),
		"/sys/tag":            pg.AdminScreen("标签", "tags"),
		"/sys/client":         pg.AdminScreen("客户端", "clients"),
		"/sys/customer":       pg.AdminScreen("客户管理", "customers"),
		"/sys/operationlog":   pg.AdminScreen("操作日志", "operationLogs"),
		"/sys/notify":         pg.AdminScreen("通知公告", "announcements"),
		"/sys/subuser":        pg.SubUserAdmin,
		"/sys/role":           pg.RoleAdmin,
		"/sys/dept":           pg.AdminScreen("部门", "depts"),
		"/sys/menu":           pg.AdminScreen("菜单管理", "menus"),
		"/sys/company":        pg.AdminScreen("公司设置", "company"),
		"/usercenter":         pg.UserCenter,
		"/sys/swagger":        pg.APIDoc,
		// The product catalogue. The add and edit screens are one screen (the id in the query says which).
		"/erp/material/localproduct":    pg.ProductScreen("本地产品", "products"),
		"/localproduct/addinfo":         pg.ProductScreen("新增本地产品", "productForm"),
		"/material/photoupload":         pg.ProductScreen("图片上传", "photoUpload"),
		"/localproduct/editinfo":        pg.ProductScreen("编辑本地产品", "productForm"),
		"/material/details":             pg.ProductScreen("产品详情", "productDetails"),
		"/amazon/listing/relation":      pg.ProductScreen("SKU配对", "listings"),
		"/amazon/listing/label":         labels.Form,
		"/amazon/reports/open":          pg.ProductScreen("在售报告", "openListings"),
		"/amazon/listing/catalog":       pg.ProductScreen("商品目录", "catalogItems"),
		"/erp/material/tags":            pg.AdminScreen("产品标签", "productTags"),
		"/amazon/listing/price":         pg.PricingScreen("调价"),
		"/amazon/listing/products":      pg.ProductScreen("商品列表", "listingProducts"),
		"/erp/base/brand":               pg.AdminScreen("品牌", "brands"),
		"/erp/base/category":            pg.AdminScreen("分类", "categories"),
		"/erp/base/supplier":            pg.AdminScreen("供应商", "suppliers"),
		"/erp/base/material":            pg.ProductScreen("物料", "materials"),
		"/erp/base/consumable":          pg.ProductScreen("耗材", "consumables"),
		"/erp/base/package":             pg.ProductScreen("包材", "packages"),
		"/shipment_handing/pehuo":       pg.PickList,
		"/erp/warehouse/base":           pg.WarehouseScreen("仓库", "warehouses"),
		"/erp/warehouse/record":         pg.WarehouseScreen("库存流水", "record"),
		"/amazon/inventory/quantity":    pg.WarehouseScreen("库存数量", "stock"),
		"/erp/warehouse/inbound":        pg.WarehouseScreen("入库单", "inboundList"),
		"/erp/warehouse/outbound":       pg.WarehouseScreen("出库单", "outboundList"),
		"/e/w/i":                        pg.WarehouseScreen("新建入库单", "inboundNew"),
		"/e/w/i/d":                      pg.WarehouseScreen("入库单详情", "inboundDetail"),
		"/e/w/o":                        pg.WarehouseScreen("新建出库单", "outboundNew"),
		"/e/w/o/d":                      pg.WarehouseScreen("出库单详情", "outboundDetail"),
		"/erp/warehouse/stocktake":      pg.WarehouseScreen("盘点单", "stocktakeList"),
		"/e/w/s":                        pg.WarehouseScreen("新建盘点单", "stocktakeNew"),
		"/e/w/s/d":                      pg.WarehouseScreen("盘点单详情", "stocktakeDetail"),
		"/erp/warehouse/transfer":       pg.WarehouseScreen("调拨单", "transferList"),
		"/e/w/t":                        pg.WarehouseScreen("新建调拨单", "transferNew"),
		"/e/w/t/d":                      pg.WarehouseScreen("调拨单详情", "transferDetail"),
		"/erp/warehouse/exchange":       pg.WarehouseScreen("换货单", "exchangeList"),
		"/e/w/e/c":                      pg.WarehouseScreen("新建换货单", "exchangeNew"),
		"/e/w/e/d":                      pg.WarehouseScreen("换货单详情", "exchangeDetail"),
		"/erp/warehouse/address":        pg.WarehouseScreen("仓库地址", "warehouseAddresses"),
		"/erp/address":                  pg.WarehouseScreen("发货地址", "shipFromAddresses"),
		"/erp/warehouse/shelf":          pg.WarehouseScreen("库位", "bins"),
		"/amazon/inventory/worth":       pg.WarehouseScreen("库存货值", "worth"),
		"/amazon/inventory/overseas":    pg.WarehouseScreen("海外仓库存", "overseas"),
		"/e/w/os/s":                     pg.WarehouseScreen("海外仓发货", "overseasOutNew"),
		"/e/w/os/d":                     pg.WarehouseScreen("海外仓详情", "overseasOutDetail"),
		"/e/w/os/i":                     pg.WarehouseScreen("新建海外仓入库单", "overseasInNew"),
		"/e/w/os/r":                     pg.WarehouseScreen("海外仓入库单详情", "overseasInDetail"),
		"/erp/ship/plan":                pg.ShipScreen("发货计划", "plans"),
		"/e/s/p":                        pg.ShipScreen("发货计划提交", "planEdit"),
		"/erp/ship/quota":               pg.ShipScreen("货件处理", "shipments"),
		"/shipment_handing/shipstep":    pg.ShipScreen("货件处理", "shipstep"),
		"/e/s/a":                        pg.ShipScreen("货件同步", "amazonShipments"),
		"/erp/ship/transportation":      pg.ShipScreen("物流跟踪", "transportation"),
		"/transportation/edit":          pg.ShipScreen("编辑物流", "transportationEdit"),
		"/transportation/details":       pg.ShipScreen("物流详情", "transportationDetail"),
		"/shipmentdetails":              pg.ShipmentDetails,
		"/invoice/addshipment":          pg.ShipScreen("添加货件发票", "invoice"),
		"/amazon/storeAuth":             pg.StoreAuthScreen("amazon"),
		"/aliexpress/storeAuth":         pg.StoreAuthScreen("aliexpress"),
		"/amazon/datasync":              pg.DataSync,
		"/erp/finance/exchangerate":     pg.FinanceScreen("汇率", "rates"),
		"/erp/finance/inventoryvalue":   pg.FinanceScreen("存货价值", "inventoryvalue"),
		"/erp/finance/account":          pg.FinanceScreen("资金账户", "funds"),
		"/amazon/vat/invoice":           pg.FinanceScreen("VAT发票", "vat"),
		"/amazon/profit/calculator":     pg.FinanceScreen("利润计算器", "calculator"),
		"/amazon/profit/fbafee":         pg.FinanceScreen("FBA费用", "feecards"),
		"/amazon/sales/report":          pg.SalesScreen("销售报表", "report"),
		"/amazon/orders/summary":        pg.SalesScreen("周/月汇总", "summary"),
		"/amazon/reports/pageview":      pg.SalesScreen("流量报告", "traffic"),
		"/amazon/listing/analysis":      pg.SalesScreen("Listing分析", "listing"),
		"/amazon/sales/forecast":        pg.SalesScreen("销售预测", "forecast"),
		"/amazon/payment/profit":        pg.ProfitScreen("利润报告", "report"),
		"/amazon/payment/record":        pg.FinanceScreen("结算记录", "settlements"),
		"/amazon/payment/itemfee":       pg.ProfitScreen("费用项", "fees"),
		"/amazon/payment/month":         pg.ProfitScreen("月度报告", "month"),
		"/amazon/payment/performance":   pg.ProfitScreen("业绩报告", "performance"),
		"/amazon/payment/settlementsku": pg.ProfitScreen("SKU结算", "skus"),
		"/amazon/profit/config":         pg.ProfitScreen("利润配置", "config"),
		"/amazon/payment/costsharing":   pg.ProfitScreen("费用分摊", "costsharing"),
		"/f/c/c":                        pg.ProfitScreen("新建费用分摊", "costnew"),
		"/amazon/payment/jobcosting":    pg.ProfitScreen("成本核算", "jobcosting"),
		"/f/j/e":                        pg.ProfitScreen("编辑成本核算", "jobedit"),
		"/amazon/adv/manager":           pg.AdvManager("广告管理", "manager"),
		"/amazon/adv/campaign":          pg.AdvManager("广告活动", "campaign"),
		"/amazon/adv/operation":         pg.AdvManager("操作记录", "operation"),
		"/amazon/adv/overview":          pg.AdvManager("广告概览", "overview"),
		"/amazon/adv/download":          pg.AdvManager("报告下载", "download"),
		"/amazon/adv/roas":              pg.AdvManager("ROAS排名", "roas"),
		"/amazon/adv/statistics":        pg.AdvManager("广告统计", "statistics"),
		"/amazon/adv/funnel":            pg.AdvManager("广告漏斗", "funnel"),
		"/amazon/adv/indicators":        pg.AdvManager("指标分析", "indicators"),
		"/amazon/adv/rules":             pg.AdvManager("广告规则", "rules"),
		"/amazon/adv/warning":           pg.AdvManager("预警管理", "warning"),
		"/a/a/sp":                       pg.AdvManager("创建SP广告", "createSP"),
		"/a/a/sd":                       pg.AdvManager("创建SD广告", "createSD"),
		"/a/a/sb":                       pg.AdvManager("创建SB广告", "createSB"),
		"/a/p/c":                        pg.FinanceScreen("编辑计算方案", "plan"),
		"/amazon/orders/manager":        pg.OrderScreen("订单管理", "manager"),
		"/amazon/orders/today":          pg.OrderScreen("今日订单", "today"),
		"/amazon/orders/refund":         pg.OrderScreen("退款订单", "refund"),
		"/amazon/sales/details":         pg.OrderScreen("销售明细", "details"),

		"/amazon/inventory/fbadetail":    pg.WarehouseScreen("FBA库存明细", "fbaInventory"),
		"/amazon/inventory/fbadaily":     pg.WarehouseScreen("FBA每日库存", "fbaDaily"),
		"/amazon/reports/reimbursements": pg.ClaimsScreen("赔偿报告", "claims"),
		"/amazon/reports/storagefee":     pg.ClaimsScreen("仓储费报告", "storagefees"),
		"/amazon/reports/fbafee":         pg.ClaimsScreen("FBA费用报告", "fbafees"),
		"/amazon/inventory/planning":     pg.ClaimsScreen("库存规划", "planning"),
		"/amazon/orders/remove":          pg.ClaimsScreen("移除订单", "removals"),
		"/erp/purchase/orders":           pg.PurchaseScreen("采购单", "orders"),
		"/erp/purchase/plan":             pg.PurchaseScreen("亚马逊补货计划", "plan"),
		"/erp/purchase/reports":          pg.PurchaseScreen("采购报表", "report"),
		"/e/p/o":                         pg.PurchaseScreen("新建采购单", "order"),
		"/e/p/p/s":                       pg.PurchaseScreen("采购计划提交", "planSubmit"),
		"/e/s/p/e":                       pg.PurchaseScreen("欧洲拆分发货", "euSplit"),
		"/erp/finance/payment":           pg.PurchaseScreen("付款申请", "payments"),
		"/f/p/d":                         pg.PurchaseScreen("付款申请详情", "payment"),
		"/erp/purchase/process":          pg.WarehouseScreen("加工单", "processList"),
		"/e/p/p/c":                       pg.WarehouseScreen("新建加工单", "processNew"),
		"/e/p/p/d":                       pg.WarehouseScreen("加工单详情", "processDetail"),
		"/erp/purchase/binding":          pg.PurchaseScreen("1688账号绑定", "alibaba"),
		"/erp/finance/alibaba":           pg.PurchaseScreen("1688结算", "alibabaPay"),
		"/e/f/s":                         pg.PurchaseScreen("1688结算详情", "alibabaOrder"),
	}
	// The shell and menus/route mark the menu entries that still lead to 建设中.
	pg.Built = func(path string) bool { _, ok := built[path]; return ok }
	// 个人中心 is each user's own account: every signed-in user may open it, granted its menu entry or not.
	everyone := map[string]bool{"/usercenter": true}
	for _, r := range pages.TabRoutes() {
		content, ok := built[r.Path]
		if !ok {
			content = pg.UnderConstruction(r)
		}
		access := signedIn
		switch {
		case r.Screen != "":
			access = middleware.Screen(r.Screen)
		case r.Menu && !everyone[r.Path]:
			access = middleware.Screen(r.Path)
		}
		page.tab(r.Path, r.Title, content, access)
	}

	// The JSON API (after stripAPIPrefix). Public calls need no session; the rest answer 403 A0231 without one.
	ah := &auth.Handler{Accounts: sv.Accounts, SecureCookies: d.Config.SecureCookies}
	uh := &users.Handler{Accounts: sv.Accounts, Admin: sv.Admin, Messages: sv.Messages, Stores: sv.Stores, TimeZone: d.Config.TimeZone, SecureCookies: d.Config.SecureCookies}
	adminAPI := guarded{group: e.Group("/admin/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table, docs: docs}
	adminAPI.POST("/auth/login", ah.Login, middleware.Anyone).Takes(auth.LoginBody{}).Answers(api.UserInfo{})
	adminAPI.GET("/auth/apilogout", ah.Logout, middleware.Anyone).Answers("")
	adminAPI.POST("/auth/ssologinisrun", ah.SSOLoginIsRun, middleware.Anyone).Answers("")
	adminAPI.GET("/auth/verifySmsCode", ah.VerifySmsCode, middleware.Anyone).Answers("")
	adminAPI.GET("/users/getSmsCode", uh.GetSmsCode, middleware.Anyone).Answers("").Reads("mobile", "ftype")
	adminAPI.GET("/users/getEmailCode", uh.GetEmailCode, middleware.Anyone).Answers("").Reads("email", "ftype")
	adminAPI.POST("/users/register", uh.Register, middleware.Anyone).Takes(accounts.RegisterForm{}).Answers(api.UserInfo{})
	adminAPI.POST("/users/updatePasswordForget", uh.UpdatePasswordForget, middleware.Anyone).Takes(accounts.ResetForm{}).Answers("")
	adminAPI.POST("/users/updatePassword", uh.UpdatePassword, middleware.Anyone).Takes(accounts.UpdatePasswordForm{}).Answers("") // proof: a code, or a session and the old password

	// Signed-in calls take the guard per route: a group would also guard unknown paths, answering 403 for a 404.
	// oplog goes last on a route that changes the company's data: its successful calls land in the operation log
	// under the readable action name.
	oplog := func(action string) echo.MiddlewareFunc { return middleware.OpLog(sv.Admin, action) }
	// Every list's .xlsx export: the whole current query in the user's columns (api.ExportOf).
	export := api.Exporter{Columns: sv.Admin.QueryFields, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/users/info", uh.Info, signedIn).Answers(api.UserInfo{})
	adminAPI.GET("/users/detail", uh.Detail, signedIn).Answers(api.UserDetail{})
	adminAPI.GET("/users/findOwnerAll", uh.FindOwnerAll, signedIn).Answers([]users.Member{})
	adminAPI.GET("/users/limitData", uh.LimitData, signedIn).Answers("")
	adminAPI.POST("/users/verifyPassword", uh.VerifyPassword, signedIn).Takes(users.PasswordBody{}).Answers("")
	adminAPI.POST("/users/updatePasswordSelf", uh.UpdatePasswordSelf, signedIn, oplog("修改密码")).Takes(users.PasswordBody{}).Answers("")
	adminAPI.GET("/users/findbindlist", uh.FindBindList, signedIn).Answers([]api.BoundAccount{})
	adminAPI.GET("/users/getbindId", uh.GetBindID, signedIn).Answers("")
	// Binding and switching change state over GET for the older client, so they get the same-origin check too.
	adminAPI.GET("/users/sysrole/openidbind", uh.BindAccount, signedIn.ChangesOnGET()).Takes(users.BindBody{}).Answers("")
	adminAPI.POST("/users/sysrole/openidbind", uh.BindAccount, signedIn).Takes(users.BindBody{}).Answers("")
	adminAPI.GET("/auth/changeLoginWechatApp", ah.ChangeLoginWechatApp, signedIn.ChangesOnGET()).Answers(api.UserInfo{}).Reads("account")
	adminAPI.POST("/auth/ssohandover", ah.SSOHandover, signedIn).Takes(auth.HandoverBody{}).Answers("")

	// The personal center. mergeAccount is the binding of another account of the same person, checked as a login.
	adminAPI.POST("/users/updateSelf", uh.UpdateSelf, signedIn, oplog("修改姓名")).Takes(users.NameBody{}).Answers("")
	adminAPI.POST("/users/updateAccountSelf", uh.UpdateAccountSelf, signedIn, oplog("更换手机号")).Takes(accounts.ChangeAccountForm{}).Answers("")
	adminAPI.POST("/users/updateEmailSelf", uh.UpdateEmailSelf, signedIn, oplog("更换邮箱")).Takes(accounts.ChangeEmailForm{}).Answers("")
	adminAPI.POST("/users/saveImage", uh.SaveImage, signedIn, oplog("更换头像")).Uploads("file").Answers("") // saveImagePath: its own body limit
	adminAPI.POST("/users/mergeAccount", uh.BindAccount, signedIn, oplog("合并账号")).Takes(users.BindBody{}).Answers("")
	adminAPI.GET("/users/unbindAccountBinding", uh.UnbindAccountBinding, signedIn.ChangesOnGET(), oplog("解绑账号")).Answers("")
	adminAPI.POST("/users/unbindAccountBinding", uh.UnbindAccountBinding, signedIn, oplog("解绑账号")).Answers("")
	adminAPI.GET("/users/unbindWechat", uh.UnbindWechat, signedIn.ChangesOnGET()).Answers("")
	adminAPI.GET("/users/unbindAccount", uh.UnbindAccount, signedIn.ChangesOnGET(), oplog("注销账号")).Answers("") // log off, after verifyPassword

	// 公司设置: every user of the company reads which day its figures count; 编辑公司设置 changes it.
	adminAPI.GET("/company/settings", uh.GetCompanySettings, signedIn).Answers(users.CompanySettings{})
	adminAPI.PUT("/company/settings", uh.SaveCompanySettings, middleware.Screen("/sys/company").Needs(accounts.PermissionCompanyEdit), oplog("保存公司设置")).
		Takes(accounts.CompanySettingsForm{}).Answers(users.CompanySettings{})

	mh := &menus.Handler{Admin: sv.Admin, Built: pg.Built}
	adminAPI.GET("/menus/route", mh.Routes, signedIn).Answers([]menus.Route{})
	adminAPI.GET("/menus/cleanUserCache", mh.CleanUserCache, signedIn).Answers("")
	// 菜单管理: the product menu, shared by every company. Those granted the screen read it; changes need its
	// button permissions and, checked by the service, a platform admin. Every user's menu is rebuilt after one.
	menuScreen := middleware.Screen("/sys/menu")
	adminAPI.GET("/menus/admin/tree", mh.AdminTreeGet, menuScreen).Answers(menus.AdminTree{})
	adminAPI.POST("/menus/admin/menus", mh.CreateMenu, menuScreen.Needs(admin.PermissionMenuAdd), oplog("新增菜单")).Takes(admin.MenuForm{}).Answers(menus.AdminMenu{})
	adminAPI.PUT("/menus/admin/menus/:id", mh.UpdateMenu, menuScreen.Needs(admin.PermissionMenuEdit), oplog("编辑菜单")).Takes(admin.MenuForm{}).Answers(menus.AdminMenu{})
	adminAPI.DELETE("/menus/admin/menus/:id", mh.DeleteMenu, menuScreen.Needs(admin.PermissionMenuDelete), oplog("删除菜单")).Answers("")
	adminAPI.PUT("/menus/admin/sort", mh.SortMenus, menuScreen.Needs(admin.PermissionMenuEdit), oplog("菜单排序")).Takes(admin.MenuOrderForm{}).Answers("")
	adminAPI.POST("/menus/admin/permissions", mh.CreatePermission, menuScreen.Needs(admin.PermissionMenuAdd), oplog("新增按钮权限")).Takes(admin.PermissionForm{}).Answers(menus.AdminPermission{})
	adminAPI.PUT("/menus/admin/permissions/:id", mh.UpdatePermission, menuScreen.Needs(admin.PermissionMenuEdit), oplog("编辑按钮权限")).Takes(admin.PermissionForm{}).Answers(menus.AdminPermission{})
	adminAPI.DELETE("/menus/admin/permissions/:id", mh.DeletePermission, menuScreen.Needs(admin.PermissionMenuDelete), oplog("删除按钮权限")).Answers("")

	// Notify. Lists never mark read; the two GETs that write are the clients' and refuse other sites.
	nh := &notify.Handler{Messages: sv.Messages, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/notify/pullMessage", nh.PullMessage, signedIn.ChangesOnGET()).Answers(map[string]int64{})
	adminAPI.GET("/notify/findNitofyNums", nh.FindNitofyNums, signedIn).Answers([]notify.UnreadCount{})
	adminAPI.GET("/notify/findNoReadByUserAll", nh.FindNoReadByUserAll, signedIn).Answers([]notify.Notification{})
	adminAPI.GET("/notify/getMsgLimit", nh.GetMsgLimit, signedIn).Answers([]notify.Notification{})
	adminAPI.POST("/notify/getAnnounce", nh.GetAnnounce, signedIn).Takes(core.PageRequest{}).Answers(api.Page[notify.Notification]{})
	adminAPI.POST("/notify/getRemind", nh.GetRemind, signedIn).Takes(core.PageRequest{}).Answers(api.Page[notify.Notification]{})
	adminAPI.POST("/notify/getMessage", nh.GetMessage, signedIn).Takes(core.PageRequest{}).Answers(api.Page[notify.Notification]{})
	adminAPI.GET("/notify/export", nh.InboxExport(export), signedIn)
	adminAPI.GET("/notify/updateAllTargets", nh.UpdateAllTargets, signedIn.ChangesOnGET()).Answers("")
	adminAPI.POST("/notify/updateAllTargets", nh.UpdateAllTargets, signedIn).Answers("")
	adminAPI.POST("/notify/markRead", nh.MarkRead, signedIn).Takes(notify.ReadForm{}).Answers(map[string]int64{})
	// Publishing, the published list and withdrawing are for holders of sys:notify:add, checked by the service.
	adminAPI.POST("/notify/addAnnounce", nh.AddAnnounce, signedIn, oplog("发布公告")).Takes(messages.AnnounceForm{}).Answers("")
	adminAPI.POST("/notify/published/page", nh.PublishedPage, signedIn).Takes(core.PageRequest{}).Answers(api.Page[notify.PublishedItem]{})
	adminAPI.GET("/notify/published/export", nh.PublishedExport(export), signedIn)
	adminAPI.POST("/notify/withdraw", nh.Withdraw, signedIn, oplog("撤回公告")).Takes(notify.WithdrawForm{}).Answers("")

	// Column configuration: each user's own layouts of the lists. Deleting is a GET in the contract, so it refuses
	// other sites like the other GETs that write.
	qh := &queryfield.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/sysQueryField/loadfield", qh.LoadField, signedIn).Answers([]queryfield.Column{}).Reads("queryname")
	adminAPI.GET("/sysQueryField/loadMyField", qh.LoadField, signedIn).Answers([]queryfield.Column{}).Reads("queryname")
	adminAPI.GET("/sysQueryField/getVersionFieldByUserQueryName", qh.LoadField, signedIn).Answers([]queryfield.Column{}).Reads("queryname")
	adminAPI.GET("/sysQueryField/getMyVersionFieldByUser", qh.GetMyVersionFieldByUser, signedIn).Answers([]queryfield.Version{})
	adminAPI.GET("/sysQueryField/getVersionFieldById", qh.GetVersionFieldByID, signedIn).Answers([]queryfield.Column{}).Reads("id")
	adminAPI.POST("/sysQueryField/saveMyVersionFieldWithName", qh.SaveMyVersionFieldWithName, signedIn).Takes(admin.VersionForm{}).Answers("")
	adminAPI.POST("/sysQueryField/saveMyVersionField/:id", qh.SaveMyVersionField, signedIn).Takes(admin.ColumnsForm{}).Answers("")
	adminAPI.POST("/sysQueryField/saveMyDefaultField", qh.SaveMyDefaultField, signedIn).Takes(admin.ColumnsForm{}).Answers("")
	adminAPI.POST("/sysQueryField/useVersion/:id", qh.UseVersion, signedIn).Answers([]queryfield.Column{})
	adminAPI.POST("/sysQueryField/useDefault", qh.UseDefault, signedIn).Takes(queryfield.DefaultForm{}).Answers([]queryfield.Column{})
	adminAPI.GET("/sysQueryField/deleteMyVersionField", qh.DeleteMyVersionField, signedIn.ChangesOnGET()).Answers("")

	// Dictionaries. Reading needs a session only (drop-downs all over the product read them); changing them
	// needs the 数据字典 screen's button permissions.
	dh := &dicts.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/dicts/page", dh.DictPage, signedIn).Takes(reference.DictQuery{}).AnswersList(dicts.Dict{})
	adminAPI.GET("/dicts/export", dh.ExportDicts(export), signedIn)
	adminAPI.GET("/dicts/:id", dh.GetDict, signedIn).Answers(dicts.Dict{})
	adminAPI.POST("/dicts", dh.CreateDict, needs(reference.PermissionDictAdd), oplog("新增字典")).Takes(reference.DictForm{}).Answers(dicts.Dict{})
	adminAPI.PUT("/dicts/:id", dh.UpdateDict, needs(reference.PermissionDictEdit), oplog("编辑字典")).Takes(reference.DictForm{}).Answers(dicts.Dict{})
	adminAPI.DELETE("/dicts/:id", dh.DeleteDict, needs(reference.PermissionDictDelete), oplog("删除字典")).Answers("")
	adminAPI.GET("/dict-items/page", dh.ItemPage, signedIn).Takes(reference.DictQuery{}).AnswersList(dicts.Item{})
	adminAPI.GET("/dict-items/select_list/:code", dh.SelectList, signedIn).Answers([]dicts.Option{})
	adminAPI.GET("/dict-items/export", dh.ExportItems, signedIn)
	adminAPI.GET("/dict-items", dh.ItemOptions, signedIn).Answers([]dicts.Option{})
	adminAPI.GET("/dict-items/:id", dh.GetItem, signedIn).Answers(dicts.Item{})
	adminAPI.POST("/dict-items", dh.CreateItem, needs(reference.PermissionDictAdd), oplog("新增字典项")).Takes(reference.DictItemForm{}).Answers(dicts.Item{})
	adminAPI.PUT("/dict-items/:id", dh.UpdateItem, needs(reference.PermissionDictEdit), oplog("编辑字典项")).Takes(reference.DictItemForm{}).Answers(dicts.Item{})
	adminAPI.DELETE("/dict-items/:id", dh.DeleteItem, needs(reference.PermissionDictDelete), oplog("删除字典项")).Answers("")

	// Tags and their groups. Reading needs a session only (product screens show tags); changing them needs the
	// 标签 and 标签分组 screens' button permissions.
	th := &tags.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	adminAPI.POST("/tagGroups/page", th.GroupPage, signedIn).Takes(core.ListQuery{}).Answers(api.Page[tags.Group]{})
	adminAPI.GET("/tagGroups/export", th.GroupExport(export), signedIn)
	adminAPI.GET("/tagGroups/options", th.GroupOptions, signedIn).Answers([]tags.Option{})
	adminAPI.GET("/tagGroups/:id", th.GetGroup, signedIn).Answers(tags.Group{})
	adminAPI.POST("/tagGroups", th.CreateGroup, needs(reference.PermissionTagGroupAdd), oplog("新增标签分组")).Takes(reference.TagGroupForm{}).Answers(tags.Group{})
	adminAPI.PUT("/tagGroups/:id", th.UpdateGroup, needs(reference.PermissionTagGroupEdit), oplog("编辑标签分组")).Takes(reference.TagGroupForm{}).Answers(tags.Group{})
	adminAPI.DELETE("/tagGroups/:id", th.DeleteGroup, needs(reference.PermissionTagGroupDelete), oplog("删除标签分组")).Answers("")
	adminAPI.POST("/tags/page", th.TagPage, signedIn).Takes(core.ListQuery{}).Answers(api.Page[tags.Tag]{})
	adminAPI.GET("/tags/export", th.TagExport(export), signedIn)
	adminAPI.GET("/tags/:id", th.GetTag, signedIn).Answers(tags.Tag{})
	adminAPI.POST("/tags", th.CreateTag, needs(reference.PermissionTagAdd), oplog("新增标签")).Takes(reference.TagForm{}).Answers(tags.Tag{})
	adminAPI.PUT("/tags/:id", th.UpdateTag, needs(reference.PermissionTagEdit), oplog("编辑标签")).Takes(reference.TagForm{}).Answers(tags.Tag{})
	adminAPI.DELETE("/tags/:id", th.DeleteTag, needs(reference.PermissionTagDelete), oplog("删除标签")).Answers("")

	// Clients and customers: reading needs their screen (the menu entry), changing it its button permissions.
	ch := &contacts.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	clientScreen := middleware.Screen("/sys/client")
	customerScreen := middleware.Screen("/sys/customer")
	adminAPI.POST("/clients/page", ch.ClientPage, clientScreen).Takes(core.ListQuery{}).Answers(api.Page[contacts.Client]{})
	adminAPI.GET("/clients/export", ch.ClientExport(export), clientScreen)
	adminAPI.GET("/clients/:id", ch.GetClient, clientScreen).Answers(contacts.Client{})
	adminAPI.POST("/clients", ch.CreateClient, needs(reference.PermissionClientAdd), oplog("新增客户端")).Takes(reference.ClientForm{}).Answers(contacts.Client{})
	adminAPI.PUT("/clients/:id", ch.UpdateClient, needs(reference.PermissionClientEdit), oplog("编辑客户端")).Takes(reference.ClientForm{}).Answers(contacts.Client{})
	adminAPI.DELETE("/clients/:id", ch.DeleteClient, needs(reference.PermissionClientDelete), oplog("删除客户端")).Answers("")
	adminAPI.POST("/customers/page", ch.CustomerPage, customerScreen).Takes(core.ListQuery{}).Answers(api.Page[contacts.Customer]{})
	adminAPI.GET("/customers/export", ch.CustomerExport(export), customerScreen)
	adminAPI.GET("/customers/:id", ch.GetCustomer, customerScreen).Answers(contacts.Customer{})
	adminAPI.POST("/customers", ch.CreateCustomer, needs(reference.PermissionCustomerAdd), oplog("新增客户")).Takes(reference.CustomerForm{}).Answers(contacts.Customer{})
	adminAPI.PUT("/customers/:id", ch.UpdateCustomer, needs(reference.PermissionCustomerEdit), oplog("编辑客户")).Takes(reference.CustomerForm{}).Answers(contacts.Customer{})
	adminAPI.DELETE("/customers/:id", ch.DeleteCustomer, needs(reference.PermissionCustomerDelete), oplog("删除客户")).Answers("")

	// The operation log, for those granted to read it.
	oh := &operationlogs.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/operationLogs/page", oh.Page, needs(admin.PermissionOperationLogView)).Takes(admin.OperationLogQuery{}).Answers(api.Page[operationlogs.Entry]{})
	adminAPI.POST("/operationLogs/page", oh.Page, needs(admin.PermissionOperationLogView)).Takes(admin.OperationLogQuery{}).Answers(api.Page[operationlogs.Entry]{})
	adminAPI.GET("/operationLogs/export", oh.Export(export), needs(admin.PermissionOperationLogView))

	// Sub-users (子账号) and roles (角色授权): every call needs its screen's menu grant, and each change the
	// screen's button permission too. Grant and role changes drop the affected users' cached menus.
	subuserScreen := middleware.Screen("/sys/subuser")
	adminAPI.POST("/users/subusers/page", uh.SubUserPage, subuserScreen).Takes(admin.SubUserQuery{}).Answers(api.Page[users.SubUser]{})
	adminAPI.GET("/users/subusers/export", uh.SubUserExport(export), subuserScreen)
	adminAPI.GET("/users/subusers/roles", uh.SubUserRoles, subuserScreen).Answers([]users.RoleOption{})
	adminAPI.GET("/users/subusers/depts", uh.SubUserDepartments, subuserScreen).Answers([]users.Member{})
	adminAPI.GET("/users/subusers/storeGroups", uh.SubUserStoreGroups, subuserScreen).Answers([]users.RoleOption{})
	adminAPI.GET("/users/subusers/:id", uh.GetSubUser, subuserScreen).Answers(users.SubUser{})
	adminAPI.POST("/users/subusers", uh.CreateSubUser, subuserScreen.Needs(admin.PermissionUserAdd), oplog("新增子账号")).Takes(admin.SubUserForm{}).Answers(users.SubUser{})
	adminAPI.PUT("/users/subusers/:id", uh.UpdateSubUser, subuserScreen.Needs(admin.PermissionUserEdit), oplog("编辑子账号")).Takes(admin.SubUserForm{}).Answers(users.SubUser{})
	adminAPI.POST("/users/subusers/:id/disable", uh.DisableSubUser, subuserScreen.Needs(admin.PermissionUserDisable), oplog("停用子账号")).Answers(users.SubUser{})
	adminAPI.POST("/users/subusers/:id/enable", uh.EnableSubUser, subuserScreen.Needs(admin.PermissionUserDisable), oplog("启用子账号")).Answers(users.SubUser{})
	adminAPI.POST("/users/subusers/:id/resetPassword", uh.ResetSubUserPassword, subuserScreen.Needs(admin.PermissionUserReset), oplog("重置子账号密码")).Takes(admin.PasswordResetForm{}).Answers("")
	rh := &roles.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	roleScreen := middleware.Screen("/sys/role")
	adminAPI.POST("/roles/page", rh.Page, roleScreen).Takes(admin.RoleQuery{}).Answers(api.Page[roles.Role]{})
	adminAPI.GET("/roles/export", rh.Export(export), roleScreen)
	adminAPI.GET("/roles/:id", rh.Get, roleScreen).Answers(roles.Role{})
	adminAPI.POST("/roles", rh.Create, roleScreen.Needs(admin.PermissionRoleAdd), oplog("新增角色")).Takes(admin.RoleForm{}).Answers(roles.Role{})
	adminAPI.PUT("/roles/:id", rh.Update, roleScreen.Needs(admin.PermissionRoleEdit), oplog("编辑角色")).Takes(admin.RoleForm{}).Answers(roles.Role{})
	adminAPI.DELETE("/roles/:id", rh.Delete, roleScreen.Needs(admin.PermissionRoleDelete), oplog("删除角色")).Answers("")
	adminAPI.GET("/roles/:id/grants", rh.GetGrants, roleScreen).Answers(roles.Grants{})
	adminAPI.PUT("/roles/:id/grants", rh.PutGrants, roleScreen.Needs(admin.PermissionRoleEdit), oplog("角色授权")).Takes(admin.GrantForm{}).Answers(roles.Grants{})

	// Departments (部门): the tree needs the screen's menu grant, each change its button permission too.
	deh := &depts.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	deptScreen := middleware.Screen("/sys/dept")
	adminAPI.GET("/depts/tree", deh.Tree, deptScreen).Answers([]depts.Node{})
	adminAPI.POST("/depts", deh.Create, deptScreen.Needs(admin.PermissionDeptAdd), oplog("新增部门")).Takes(admin.DeptForm{}).Answers(depts.Dept{})
	adminAPI.PUT("/depts/:id", deh.Update, deptScreen.Needs(admin.PermissionDeptEdit), oplog("编辑部门")).Takes(admin.DeptForm{}).Answers(depts.Dept{})
	adminAPI.DELETE("/depts/:id", deh.Delete, deptScreen.Needs(admin.PermissionDeptDelete), oplog("删除部门")).Answers("")

	// The product catalogue (/erp/api/v1). Reading a product, a brand, a category or a supplier needs a session
	// only: other modules show them and pick products (material/search); the product list and its export need
	// the 本地产品 screen, listings the SKU配对 screen (在售报告 its own). Each change needs its button permission.
	erp := guarded{group: e.Group("/erp/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table, docs: docs}
	guide := &onboardingapi.Handler{Onboarding: sv.Onboarding}
	erp.GET("/onboarding", guide.Guide, signedIn).Answers(onboarding.Guide{})
	erp.POST("/onboarding/shown", guide.SetShown, signedIn, oplog("新手引导")).Takes(onboardingapi.ShownForm{}).Answers(onboarding.Guide{})
	cat := &catalogapi.Handler{Catalog: sv.Catalog, TimeZone: d.Config.TimeZone}
	productScreen := middleware.Screen("/erp/material/localproduct")
	listingScreen := middleware.Screen("/amazon/listing/relation")
	erp.POST("/material/page", cat.Page, productScreen).Takes(catalog.ProductQuery{}).Answers(api.Page[catalogapi.Product]{})
	erp.GET("/material/search", cat.Search, signedIn).Answers([]catalogapi.Found{})
	erp.GET("/material/export", cat.Export, productScreen.Needs(catalog.PermissionProductExport))
	erp.GET("/material/importTemplate", cat.ImportTemplate, needs(catalog.PermissionProductImport))
	erp.POST("/material/import", cat.Import, needs(catalog.PermissionProductImport), oplog("导入产品")).Uploads("file").Answers(catalog.ImportResult{})
	erp.POST("/material/photoupload", cat.PhotoUpload, needs(catalog.PermissionProductAdd, catalog.PermissionProductEdit)).Uploads("file").Answers("") // photoUploadPath: its own body limit
	// 图片上传: pictures in bulk, each file named by its product's SKU (SKU.jpg, SKU-2.jpg); the names are matched
	// first, then each file is sent alone (photoSavePath: its own body limit).
	erp.POST("/material/photoMatch", catalogapi.PhotoMatches(cat), productScreen.Needs(catalog.PermissionProductEdit)).Takes(catalogapi.PhotoNames{}).Answers([]catalogapi.PhotoMatch{})
	erp.POST("/material/photo", catalogapi.PhotoSave(cat), productScreen.Needs(catalog.PermissionProductEdit), oplog("上传产品图片")).Uploads("file").Answers(catalogapi.PhotoMatch{})
	erp.GET("/material/costTemplate", cat.CostTemplate, productScreen.Needs(catalog.PermissionProductEdit))
	erp.POST("/material/costImport", cat.CostImport, needs(catalog.PermissionProductEdit), oplog("导入成本")).Uploads("file").Answers(catalog.ImportResult{})
	erp.GET("/material/:id", cat.Get, signedIn).Answers(catalogapi.Product{})
	erp.GET("/material/:id/costs", cat.Costs, signedIn).Answers([]catalogapi.ProductCost{})
	erp.PUT("/material/:id/cost", cat.SetCost, needs(catalog.PermissionProductEdit), oplog("编辑成本")).Takes(catalog.CostForm{}).Answers(catalogapi.Product{})
	erp.GET("/material/:id/listings", cat.Listings, signedIn).Answers([]catalogapi.Listing{})
	// 包材用量: what 发货 consumes of 物料/耗材/包材 per unit or per carton; read as the product is, kept by 编辑产品.
	packing := &catalogapi.PackingHandler{Packings: sv.Packings}
	erp.GET("/material/packing/choices", packing.Choices, signedIn).Answers([]catalogapi.Material{}).Reads("keyword")
	erp.GET("/material/:id/packing", packing.Lines, signedIn).Answers([]catalogapi.Packing{})
	erp.PUT("/material/:id/packing", packing.Save, needs(catalog.PermissionProductEdit), oplog("编辑包材用量")).Takes(catalog.PackingForm{}).Answers([]catalogapi.Packing{})
	erp.POST("/material", cat.Create, needs(catalog.PermissionProductAdd), oplog("新增产品")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.PUT("/material/:id", cat.Update, needs(catalog.PermissionProductEdit), oplog("编辑产品")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.POST("/material/:id/disable", cat.Disable, needs(catalog.PermissionProductEdit), oplog("停用产品")).Answers("")
	erp.POST("/material/:id/enable", cat.Enable, needs(catalog.PermissionProductEdit), oplog("启用产品")).Answers("")
	erp.DELETE("/material/:id", cat.Delete, needs(catalog.PermissionProductDelete), oplog("删除产品")).Answers("")
	// 物料, 耗材 and 包材: the product list and form kept to one kind, each behind its own screen and buttons.
	kinds := map[string]*catalogapi.Kind{}
	for _, ks := range catalog.KindScreens {
		kinds[ks.Path] = &catalogapi.Kind{Products: cat, Kind: ks.Kind, Name: ks.Title}
	}
	materials, materialScreen := kinds["/erp/base/material"], middleware.Screen("/erp/base/material")
	erp.POST("/base/material/page", materials.Page, materialScreen).Takes(catalog.ProductQuery{}).Answers(api.Page[catalogapi.Product]{})
	erp.GET("/base/material/export", materials.Export, materialScreen.Needs("erp:base:material:export"))
	erp.POST("/base/material", materials.Create, materialScreen.Needs("erp:base:material:add"), oplog("新增物料")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.PUT("/base/material/:id", materials.Update, materialScreen.Needs("erp:base:material:edit"), oplog("编辑物料")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.POST("/base/material/:id/disable", materials.Disable, materialScreen.Needs("erp:base:material:edit"), oplog("停用物料")).Answers("")
	erp.POST("/base/material/:id/enable", materials.Enable, materialScreen.Needs("erp:base:material:edit"), oplog("启用物料")).Answers("")
	consumables, consumableScreen := kinds["/erp/base/consumable"], middleware.Screen("/erp/base/consumable")
	erp.POST("/base/consumable/page", consumables.Page, consumableScreen).Takes(catalog.ProductQuery{}).Answers(api.Page[catalogapi.Product]{})
	erp.GET("/base/consumable/export", consumables.Export, consumableScreen.Needs("erp:base:consumable:export"))
	erp.POST("/base/consumable", consumables.Create, consumableScreen.Needs("erp:base:consumable:add"), oplog("新增耗材")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.PUT("/base/consumable/:id", consumables.Update, consumableScreen.Needs("erp:base:consumable:edit"), oplog("编辑耗材")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.POST("/base/consumable/:id/disable", consumables.Disable, consumableScreen.Needs("erp:base:consumable:edit"), oplog("停用耗材")).Answers("")
	erp.POST("/base/consumable/:id/enable", consumables.Enable, consumableScreen.Needs("erp:base:consumable:edit"), oplog("启用耗材")).Answers("")
	packages, packageScreen := kinds["/erp/base/package"], middleware.Screen("/erp/base/package")
	erp.POST("/base/package/page", packages.Page, packageScreen).Takes(catalog.ProductQuery{}).Answers(api.Page[catalogapi.Product]{})
	erp.GET("/base/package/export", packages.Export, packageScreen.Needs("erp:base:package:export"))
	erp.POST("/base/package", packages.Create, packageScreen.Needs("erp:base:package:add"), oplog("新增包材")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.PUT("/base/package/:id", packages.Update, packageScreen.Needs("erp:base:package:edit"), oplog("编辑包材")).Takes(catalog.ProductForm{}).Answers(catalogapi.Product{})
	erp.POST("/base/package/:id/disable", packages.Disable, packageScreen.Needs("erp:base:package:edit"), oplog("停用包材")).Answers("")
	erp.POST("/base/package/:id/enable", packages.Enable, packageScreen.Needs("erp:base:package:edit"), oplog("启用包材")).Answers("")
	erp.POST("/brand/page", cat.BrandPage, signedIn).Takes(core.ListQuery{}).Answers(api.Page[catalogapi.Brand]{})
	erp.GET("/brand/export", cat.BrandExport(export), signedIn)
	erp.GET("/brand/options", cat.BrandOptions, signedIn).Answers([]catalogapi.Option{})
	erp.GET("/brand/:id", cat.GetBrand, signedIn).Answers(catalogapi.Brand{})
	erp.POST("/brand", cat.CreateBrand, needs(catalog.PermissionBrandAdd), oplog("新增品牌")).Takes(catalog.BrandForm{}).Answers(catalogapi.Brand{})
	erp.PUT("/brand/:id", cat.UpdateBrand, needs(catalog.PermissionBrandEdit), oplog("编辑品牌")).Takes(catalog.BrandForm{}).Answers(catalogapi.Brand{})
	erp.DELETE("/brand/:id", cat.DeleteBrand, needs(catalog.PermissionBrandDelete), oplog("删除品牌")).Answers("")
	erp.GET("/category/tree", cat.CategoryTree, signedIn).Answers([]catalogapi.CategoryNode{})
	erp.GET("/category/:id", cat.GetCategory, signedIn).Answers(catalogapi.Category{})
	erp.POST("/category", cat.CreateCategory, needs(catalog.PermissionCategoryAdd), oplog("新增分类")).Takes(catalog.CategoryForm{}).Answers(catalogapi.Category{})
	erp.PUT("/category/:id", cat.UpdateCategory, needs(catalog.PermissionCategoryEdit), oplog("编辑分类")).Takes(catalog.CategoryForm{}).Answers(catalogapi.Category{})
	erp.DELETE("/category/:id", cat.DeleteCategory, needs(catalog.PermissionCategoryDelete), oplog("删除分类")).Answers("")
	erp.POST("/supplier/page", cat.SupplierPage, signedIn).Takes(core.ListQuery{}).Answers(api.Page[catalogapi.Supplier]{})
	erp.GET("/supplier/export", cat.SupplierExport(export), signedIn)
	erp.GET("/supplier/options", cat.SupplierOptions, signedIn).Answers([]catalogapi.Option{})
	erp.GET("/supplier/:id", cat.GetSupplier, signedIn).Answers(catalogapi.Supplier{})
	erp.POST("/supplier", cat.CreateSupplier, needs(catalog.PermissionSupplierAdd), oplog("新增供应商")).Takes(catalog.SupplierForm{}).Answers(catalogapi.Supplier{})
	erp.PUT("/supplier/:id", cat.UpdateSupplier, needs(catalog.PermissionSupplierEdit), oplog("编辑供应商")).Takes(catalog.SupplierForm{}).Answers(catalogapi.Supplier{})
	erp.DELETE("/supplier/:id", cat.DeleteSupplier, needs(catalog.PermissionSupplierDelete), oplog("删除供应商")).Answers("")
	erp.POST("/listing/page", cat.ListingPage, listingScreen).Takes(catalog.ListingQuery{}).Answers(api.Page[catalogapi.Listing]{})
	erp.GET("/listing/export", cat.ListingExport(export), listingScreen)
	openScreen := middleware.Screen("/amazon/reports/open")
	erp.POST("/listing/open", cat.OpenListings, openScreen).Takes(catalog.OpenListingQuery{}).Answers(api.Page[catalogapi.Listing]{})
	erp.GET("/listing/open/export", cat.OpenListingExport(export), openScreen)
	// 商品列表: the listings with their stock, sales, owner and tags; giving owners and tags needs its button.
	listingProducts := middleware.Screen("/amazon/listing/products")
	lp := &catalogapi.ListingProducts{Handler: cat, Products: sv.Catalog.ListingProducts()}
	erp.POST("/listing/products/page", lp.Page, listingProducts).Takes(catalog.ListingProductQuery{}).Answers(api.Page[catalogapi.ListingProduct]{})
	erp.GET("/listing/products/export", lp.Export(export), listingProducts)
	erp.GET("/listing/products/choices", lp.Choices, listingProducts).Answers(catalogapi.Choices{})
	erp.POST("/listing/products/owner", lp.AssignOwner, listingProducts.Needs(catalog.PermissionListingOwner), oplog("分配运营负责人")).Takes(catalog.OwnerForm{}).Answers(catalogapi.AssignedCount{})
	erp.POST("/listing/products/tags", lp.TagListings, listingProducts.Needs(catalog.PermissionListingOwner), oplog("设置商品标签")).Takes(catalog.TagForm{}).Answers(catalogapi.AssignedCount{})
	// 调价: the listings, the preview and the history need the screen; a change, a floor and the company's
	// confirmation percent its button permission (调整价格). Store groups through InGrantedGroups.
	price := &pricingapi.Handler{Pricing: sv.Pricing, TimeZone: d.Config.TimeZone}
	priceScreen := middleware.Screen("/amazon/listing/price")
	erp.POST("/listing/price/page", price.Listings, priceScreen).Takes(catalog.ListingQuery{}).Answers(api.Page[pricingapi.Listing]{})
	erp.GET("/listing/price/export", price.ListingExport(export), priceScreen)
	erp.POST("/listing/price/preview", price.Preview, priceScreen).Takes(pricing.ChangeForm{}).Answers(pricingapi.Plan{})
	erp.POST("/listing/price/change", price.Change, priceScreen.Needs(pricing.PermissionPrice), oplog("调价")).Takes(pricing.ChangeForm{}).Answers(pricingapi.Changed{})
	erp.PUT("/listing/price/:id/floor", price.SetFloor, priceScreen.Needs(pricing.PermissionPrice), oplog("设置最低价")).Takes(pricing.FloorForm{}).Answers(pricingapi.Listing{})
	erp.GET("/listing/price/settings", price.Settings, priceScreen).Answers(pricing.Settings{})
	erp.PUT("/listing/price/settings", price.SaveSettings, priceScreen.Needs(pricing.PermissionPrice), oplog("设置调价确认幅度")).Takes(pricing.Settings{}).Answers(pricing.Settings{})
	erp.POST("/listing/price/sales", price.Sales, priceScreen).Takes(pricing.SaleQuery{}).Answers(api.Page[pricingapi.Sale]{})
	erp.POST("/listing/price/sales/schedule", price.ScheduleSale, priceScreen.Needs(pricing.PermissionPrice), oplog("安排定时促销")).Takes(pricing.SaleForm{}).Answers(pricingapi.Changed{})
	erp.POST("/listing/price/sales/:id/cancel", price.CancelSale, priceScreen.Needs(pricing.PermissionPrice), oplog("取消定时促销")).Answers("")
	erp.POST("/listing/price/history", price.Changes, priceScreen).Takes(pricing.ChangeQuery{}).Answers(api.Page[pricingapi.Change]{})
	erp.GET("/listing/price/history/export", price.ChangeExport(export), priceScreen)
	// 产品标签: the tags with their products need the screen (changing a tag is the 标签 admin's call and button);
	// the tags to pick need a session, tagging products 编辑产品.
	ptags, ptagScreen := &catalogapi.ProductTagHandler{Reference: sv.Reference, Tags: sv.ProductTags}, middleware.Screen("/erp/material/tags")
	erp.POST("/productTags/page", ptags.Page, ptagScreen).Takes(core.ListQuery{}).Answers(api.Page[catalogapi.ProductTag]{})
	erp.GET("/productTags/export", ptags.Export(export), ptagScreen)
	erp.GET("/productTags/options", ptags.Options, signedIn).Answers([]catalogapi.TagOption{})
	erp.POST("/material/tags", ptags.TagProducts, needs(catalog.PermissionProductEdit), oplog("产品打标签")).Takes(catalog.TagProductsForm{}).Answers(catalog.TagProductsResult{})
	// 商品目录: searching needs the screen; pairing SKU配对's 编辑, making a product 新增产品.
	browse, browseScreen := &catalogapi.BrowseHandler{Browse: sv.Browse}, middleware.Screen("/amazon/listing/catalog")
	// 商品列表's 不可售原因: Amazon's issues of a listing, read live (getListingsItem) with the list's access.
	erp.GET("/listing/products/:id/issues", browse.ListingIssues, listingProducts).Answers(catalog.ListingIssues{})
	erp.POST("/catalogItems/search", browse.Search, browseScreen).Takes(catalog.BrowseQuery{}).Answers(catalog.BrowseResult{})
	erp.GET("/catalogItems/export", browse.Export(export), browseScreen)
	erp.POST("/catalogItems/pair", browse.Pair, browseScreen.Needs(catalog.PermissionListingEdit), oplog("目录商品配对")).Takes(catalog.BrowsePairForm{}).Answers(catalog.BrowsePaired{})
	erp.POST("/catalogItems/product", browse.CreateProduct, browseScreen.Needs(catalog.PermissionProductAdd), oplog("目录商品创建本地产品")).Takes(catalog.BrowseProductForm{}).Answers(catalog.BrowsePaired{})
	erp.GET("/listing/groups", cat.ListingGroups, signedIn).Answers([]catalogapi.Option{})
	erp.GET("/listing/marketplaces", cat.Marketplaces, signedIn).Answers([]catalogapi.Marketplace{})
	erp.GET("/listing/:id", cat.GetListing, listingScreen).Answers(catalogapi.Listing{})
	erp.POST("/listing", cat.CreateListing, needs(catalog.PermissionListingAdd), oplog("新增Listing")).Takes(catalog.ListingForm{}).Answers(catalogapi.Listing{})
	erp.PUT("/listing/:id", cat.UpdateListing, needs(catalog.PermissionListingEdit), oplog("编辑Listing")).Takes(catalog.ListingForm{}).Answers(catalogapi.Listing{})
	erp.POST("/listing/:id/pair", cat.PairListing, needs(catalog.PermissionListingEdit), oplog("SKU配对")).Takes(catalog.PairForm{}).Answers(catalogapi.Listing{})
	// 生成本地产品 makes products only to pair them: it needs the pairing permission, as 自动配对 and the import do.
	erp.POST("/listing/fromListings", cat.FromListings, needs(catalog.PermissionListingEdit), oplog("生成本地产品")).Takes(catalog.FromListingsForm{}).Answers(catalog.FromListingsResult{})
	erp.POST("/listing/autoPair", cat.AutoPair, needs(catalog.PermissionListingEdit), oplog("自动配对")).Answers(catalog.AutoPairResult{})
	erp.GET("/listing/pairTemplate", cat.PairTemplate, needs(catalog.PermissionListingEdit))
	erp.POST("/listing/pairImport", cat.PairImport, needs(catalog.PermissionListingEdit), oplog("导入SKU配对")).Uploads("file").Answers(catalog.PairImportResult{})
	erp.DELETE("/listing/:id", cat.DeleteListing, needs(catalog.PermissionListingDelete), oplog("删除Listing")).Answers("")

	// Warehouses, stock and the inbound and outbound documents (/erp/api/v1). Reading needs the screen (its menu
	// entry), each change its button permission. The warehouse drop-downs and the documents' product picker need a
	// session only: several screens offer them.
	stk := &stockapi.Handler{Stock: sv.Stock, TimeZone: d.Config.TimeZone}
	warehouseScreen := middleware.Screen("/erp/warehouse/base")
	erp.POST("/warehouse/page", stk.WarehousePage, warehouseScreen).Takes(stock.WarehouseQuery{}).Answers(api.Page[stockapi.Warehouse]{})
	erp.GET("/warehouse/export", stk.WarehouseExport(export), warehouseScreen)
	erp.GET("/warehouse/options", stk.WarehouseOptions, signedIn).Answers([]stockapi.Option{})
	erp.GET("/warehouse/:id", stk.GetWarehouse, warehouseScreen).Answers(stockapi.Warehouse{})
	erp.POST("/warehouse", stk.CreateWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseAdd), oplog("新增仓库")).Takes(stock.WarehouseForm{}).Answers(stockapi.Warehouse{})
	erp.PUT("/warehouse/:id", stk.UpdateWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseEdit), oplog("编辑仓库")).Takes(stock.WarehouseForm{}).Answers(stockapi.Warehouse{})
	erp.POST("/warehouse/:id/disable", stk.DisableWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseEdit), oplog("停用仓库")).Answers(stockapi.Warehouse{})
	erp.POST("/warehouse/:id/enable", stk.EnableWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseEdit), oplog("启用仓库")).Answers(stockapi.Warehouse{})
	erp.DELETE("/warehouse/:id", stk.DeleteWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseDelete), oplog("删除仓库")).Answers("")
	stockScreen := middleware.Screen("/amazon/inventory/quantity")
	erp.POST("/stock/page", stk.StockPage, stockScreen).Takes(stock.StockQuery{}).Answers(api.Page[stockapi.Stock]{})
	erp.GET("/stock/export", stk.StockExport(export), stockScreen)
	// 海外仓库存: the stock list of the overseas warehouses, for those granted its screen.
	overseasScreen := middleware.Screen("/amazon/inventory/overseas")
	erp.POST("/stock/overseas/page", stk.OverseasStockPage, overseasScreen).Takes(stock.StockQuery{}).Answers(api.Page[stockapi.Stock]{})
	erp.GET("/stock/overseas/export", stk.OverseasStockExport(export), overseasScreen)
	// 海外仓发货: an overseas warehouse's outbound documents (to FBA or to a buyer), listed and made from 海外仓库存;
	// 审核 moves the stock out (and into the FBA warehouse's inbound), 作废 moves it back.
	erp.POST("/overseasOut/page", stk.DocumentPage(stockdb.DocOverseasOut), overseasScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/overseasOut/export", stk.DocumentExport(export, stockdb.DocOverseasOut, "海外仓发货单"), overseasScreen)
	erp.GET("/overseasOut/:id", stk.GetDocument(stockdb.DocOverseasOut), overseasScreen).Answers(stockapi.Document{})
	erp.POST("/overseasOut", stk.CreateDocument(stockdb.DocOverseasOut), overseasScreen.Needs(stock.PermissionOverseasAdd), oplog("新增海外仓发货单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/overseasOut/:id", stk.UpdateDocument(stockdb.DocOverseasOut), overseasScreen.Needs(stock.PermissionOverseasAdd), oplog("编辑海外仓发货单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/overseasOut/:id/submit", stk.SubmitDocument(stockdb.DocOverseasOut), overseasScreen.Needs(stock.PermissionOverseasAdd), oplog("提交海外仓发货单")).Answers("")
	erp.POST("/overseasOut/:id/approve", stk.ApproveDocument(stockdb.DocOverseasOut), overseasScreen.Needs(stock.PermissionOverseasApprove), oplog("审核海外仓发货单")).Answers("")
	erp.POST("/overseasOut/:id/cancel", stk.CancelDocument(stockdb.DocOverseasOut), overseasScreen.Needs(stock.PermissionOverseasCancel), oplog("作废海外仓发货单")).Answers("")
	// 海外仓入库: first legs from an own warehouse to an overseas one, listed and made from 海外仓库存; 审核 ships them
	// (in transit), 收货 receives them at the overseas warehouse, a short receipt with its reason.
	erp.POST("/overseasIn/page", stk.DocumentPage(stockdb.DocOverseasIn), overseasScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/overseasIn/export", stk.DocumentExport(export, stockdb.DocOverseasIn, "海外仓入库单"), overseasScreen)
	erp.GET("/overseasIn/:id", stk.GetDocument(stockdb.DocOverseasIn), overseasScreen).Answers(stockapi.Document{})
	erp.POST("/overseasIn", stk.CreateDocument(stockdb.DocOverseasIn), overseasScreen.Needs(stock.PermissionOverseasInAdd), oplog("新增海外仓入库单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/overseasIn/:id", stk.UpdateDocument(stockdb.DocOverseasIn), overseasScreen.Needs(stock.PermissionOverseasInAdd), oplog("编辑海外仓入库单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/overseasIn/:id/submit", stk.SubmitDocument(stockdb.DocOverseasIn), overseasScreen.Needs(stock.PermissionOverseasInAdd), oplog("提交海外仓入库单")).Answers("")
	erp.POST("/overseasIn/:id/approve", stk.ApproveDocument(stockdb.DocOverseasIn), overseasScreen.Needs(stock.PermissionOverseasInApprove), oplog("海外仓入库发货")).Answers("")
	erp.POST("/overseasIn/:id/receive", stk.ReceiveDocument(stockdb.DocOverseasIn), overseasScreen.Needs(stock.PermissionOverseasInReceive), oplog("海外仓收货")).Takes(stock.TransferReceipt{}).Answers("")
	erp.POST("/overseasIn/:id/cancel", stk.CancelDocument(stockdb.DocOverseasIn), overseasScreen.Needs(stock.PermissionOverseasInCancel), oplog("作废海外仓入库单")).Answers("")
	// FBA库存明细: reading and exporting need the screen; a user limited to store groups sees their SKUs only.
	fbaDetailScreen := middleware.Screen("/amazon/inventory/fbadetail")
	erp.POST("/fbaInventory/page", stk.FBAInventoryPage, fbaDetailScreen).Takes(stock.FBAInventoryQuery{}).Answers(api.Page[stockapi.FBAInventory]{})
	erp.GET("/fbaInventory/export", stk.FBAInventoryExport(export), fbaDetailScreen)
	// FBA每日库存: the ledger's daily balances against its events; a user limited to store groups sees theirs only.
	fbaDailyScreen := middleware.Screen("/amazon/inventory/fbadaily")
	erp.POST("/fbaDaily/page", stk.LedgerDayPage, fbaDailyScreen).Takes(stock.LedgerDayQuery{}).Answers(api.Page[stockapi.LedgerDay]{})
	erp.GET("/fbaDaily/export", stk.LedgerDayExport(export), fbaDailyScreen)
	erp.GET("/fbaDaily/:id/events", stk.LedgerDayEvents, fbaDailyScreen).Answers([]stockapi.LedgerEventLine{})
	recordScreen := middleware.Screen("/erp/warehouse/record")
	erp.POST("/stock/ledger", stk.LedgerPage, recordScreen).Takes(stock.LedgerQuery{}).Answers(api.Page[stockapi.LedgerLine]{})
	erp.GET("/stock/ledger/export", stk.LedgerExport(export), recordScreen)
	erp.GET("/stock/products", stk.Products, signedIn).Answers([]stockapi.PickerProduct{})
	// 入库单 and 出库单: the same handlers for each kind of document, each route written out so that a search for
	// its path finds it here.
	inboundScreen := middleware.Screen("/erp/warehouse/inbound")
	erp.POST("/inbound/page", stk.DocumentPage(stockdb.DocInbound), inboundScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/inbound/export", stk.DocumentExport(export, stockdb.DocInbound, "入库单"), inboundScreen)
	erp.GET("/inbound/:id", stk.GetDocument(stockdb.DocInbound), inboundScreen).Answers(stockapi.Document{})
	erp.POST("/inbound", stk.CreateDocument(stockdb.DocInbound), inboundScreen.Needs(stock.PermissionInboundAdd), oplog("新增入库单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/inbound/:id", stk.UpdateDocument(stockdb.DocInbound), inboundScreen.Needs(stock.PermissionInboundAdd), oplog("编辑入库单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/inbound/:id/submit", stk.SubmitDocument(stockdb.DocInbound), inboundScreen.Needs(stock.PermissionInboundAdd), oplog("提交入库单")).Answers("")
	erp.POST("/inbound/:id/approve", stk.ApproveDocument(stockdb.DocInbound), inboundScreen.Needs(stock.PermissionInboundApprove), oplog("审核入库单")).Answers("")
	erp.POST("/inbound/:id/cancel", stk.CancelDocument(stockdb.DocInbound), inboundScreen.Needs(stock.PermissionInboundCancel), oplog("作废入库单")).Answers("")
	outboundScreen := middleware.Screen("/erp/warehouse/outbound")
	erp.POST("/outbound/page", stk.DocumentPage(stockdb.DocOutbound), outboundScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/outbound/export", stk.DocumentExport(export, stockdb.DocOutbound, "出库单"), outboundScreen)
	erp.GET("/outbound/:id", stk.GetDocument(stockdb.DocOutbound), outboundScreen).Answers(stockapi.Document{})
	erp.POST("/outbound", stk.CreateDocument(stockdb.DocOutbound), outboundScreen.Needs(stock.PermissionOutboundAdd), oplog("新增出库单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/outbound/:id", stk.UpdateDocument(stockdb.DocOutbound), outboundScreen.Needs(stock.PermissionOutboundAdd), oplog("编辑出库单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/outbound/:id/submit", stk.SubmitDocument(stockdb.DocOutbound), outboundScreen.Needs(stock.PermissionOutboundAdd), oplog("提交出库单")).Answers("")
	erp.POST("/outbound/:id/approve", stk.ApproveDocument(stockdb.DocOutbound), outboundScreen.Needs(stock.PermissionOutboundApprove), oplog("审核出库单")).Answers("")
	erp.POST("/outbound/:id/cancel", stk.CancelDocument(stockdb.DocOutbound), outboundScreen.Needs(stock.PermissionOutboundCancel), oplog("作废出库单")).Answers("")
	// 盘点单: counting starts (开始盘点) by freezing the products, counts are typed, scanned or imported, 过账 moves
	// the differences.
	stocktakeScreen := middleware.Screen("/erp/warehouse/stocktake")
	stocktakeAdd := stocktakeScreen.Needs(stock.PermissionStocktakeAdd)
	erp.POST("/stocktake/page", stk.StocktakePage, stocktakeScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Stocktake]{})
	erp.GET("/stocktake/export", stk.StocktakeExport(export), stocktakeScreen)
	erp.GET("/stocktake/countTemplate", stk.CountTemplate, stocktakeAdd)
	erp.GET("/stocktake/:id", stk.GetStocktake, stocktakeScreen).Answers(stockapi.Stocktake{})
	erp.POST("/stocktake", stk.CreateStocktake, stocktakeAdd, oplog("新增盘点单")).Takes(stock.StocktakeForm{}).Answers(map[string]string{})
	erp.PUT("/stocktake/:id", stk.UpdateStocktake, stocktakeAdd, oplog("编辑盘点单")).Takes(stock.StocktakeForm{}).Answers("")
	erp.POST("/stocktake/:id/start", stk.StartStocktake, stocktakeAdd, oplog("开始盘点")).Answers("")
	erp.PUT("/stocktake/:id/counts", stk.CountStocktake, stocktakeAdd).Takes(stockapi.StocktakeCounts{}).Answers("")
	erp.POST("/stocktake/:id/scan", stk.ScanStocktake, stocktakeAdd).Takes(stock.StocktakeScan{}).Answers(stock.ScannedLine{})
	erp.POST("/stocktake/:id/import", stk.ImportCounts, stocktakeAdd, oplog("导入盘点数量")).Uploads("file").Answers(stock.CountImportResult{})
	erp.POST("/stocktake/:id/post", stk.PostStocktake, stocktakeScreen.Needs(stock.PermissionStocktakeApprove), oplog("盘点过账")).Answers("")
	erp.POST("/stocktake/:id/cancel", stk.CancelStocktake, stocktakeScreen.Needs(stock.PermissionStocktakeCancel), oplog("作废盘点单")).Answers("")
	// 库位: the bins of own and overseas warehouses, the stock per bin, and 上架/移库 (through MoveStock).
	bins := &stockapi.BinHandler{Stock: sv.Stock, TimeZone: d.Config.TimeZone}
	binScreen := middleware.Screen("/erp/warehouse/shelf")
	erp.POST("/bin/page", bins.BinPage, binScreen).Takes(stock.BinQuery{}).Answers(api.Page[stockapi.Bin]{})
	erp.GET("/bin/export", bins.BinExport(export), binScreen)
	erp.GET("/bin/options", bins.BinOptions, signedIn).Answers([]stockapi.Bin{})
	// The usual bins a new inbound document's lines are put away into (the document screens ask them).
	erp.POST("/bin/usual", bins.UsualBins, signedIn).Takes(stock.UsualBinQuery{}).Answers([]stockapi.UsualBin{})
	erp.GET("/bin/:id", bins.GetBin, binScreen).Answers(stockapi.Bin{})
	erp.POST("/bin", bins.SaveBin, binScreen.Needs(stock.PermissionBinAdd), oplog("新增库位")).Takes(stock.BinForm{}).Answers(stockapi.Bin{})
	erp.POST("/bin/batch", bins.CreateBins, binScreen.Needs(stock.PermissionBinAdd), oplog("批量生成库位")).Takes(stock.BinBatchForm{}).Answers(stockapi.BinBatchResult{})
	erp.PUT("/bin/:id", bins.SaveBin, binScreen.Needs(stock.PermissionBinEdit), oplog("编辑库位")).Takes(stock.BinForm{}).Answers(stockapi.Bin{})
	erp.DELETE("/bin/:id", bins.DeleteBin, binScreen.Needs(stock.PermissionBinDelete), oplog("删除库位")).Answers("")
	erp.POST("/bin/move", bins.MoveBins, binScreen.Needs(stock.PermissionBinMove), oplog("上架移库")).Takes(stock.BinMoveForm{}).Answers(stockapi.BinMoved{})
	erp.POST("/binStock/page", bins.BinStockPage, binScreen).Takes(stock.BinStockQuery{}).Answers(api.Page[stockapi.BinStock]{})
	erp.GET("/binStock/export", bins.BinStockExport(export), binScreen)
	erp.POST("/binMove/page", bins.BinMovePage, binScreen).Takes(stock.BinMoveQuery{}).Answers(api.Page[stockapi.BinMoveLine]{})
	erp.GET("/binMove/export", bins.BinMoveExport(export), binScreen)
	// 库存货值: the stock of a day valued at the products' cost of that day, with its totals.
	worth := &stockapi.ValueHandler{Stock: sv.Stock}
	worthScreen := middleware.Screen("/amazon/inventory/worth")
	erp.POST("/stockValue/page", worth.Page, worthScreen).Takes(stock.StockValueQuery{}).Answers(api.Page[stockapi.StockValueLine]{})
	erp.GET("/stockValue/export", worth.Export(export), worthScreen)
	erp.POST("/stockValue/totals", worth.Totals, worthScreen).Takes(stock.StockValueQuery{}).Answers(stockapi.StockValueTotals{})
	// 存货价值: the stock's value at each month's end for the books; 结转 keeps a month as it is.
	books := &inventoryvalueapi.Handler{Value: sv.InventoryValue, TimeZone: d.Config.TimeZone}
	booksScreen := middleware.Screen("/erp/finance/inventoryvalue")
	erp.POST("/inventoryValue/months", books.Months, booksScreen).Takes(inventoryvalue.MonthsQuery{}).Answers([]inventoryvalueapi.Month{})
	erp.POST("/inventoryValue/lines/page", books.Lines, booksScreen).Takes(inventoryvalue.LinesQuery{}).Answers(api.Page[inventoryvalueapi.Line]{})
	erp.GET("/inventoryValue/lines/export", books.LinesExport(export), booksScreen)
	// 1688账号绑定 (/erp/api/v1/alibaba): reading needs the screen; 绑定 and 解绑 need 绑定1688账号, 导入订单 and 配对 导入1688订单.
	// 1688结算 reads the payments and an order's detail (/e/f/s) with its own screen.
	ali := &alibabaapi.Handler{Alibaba: sv.Alibaba, TimeZone: d.Config.TimeZone, PublicURL: d.Config.PublicURL}
	bindScreen, aliPayScreen := middleware.Screen("/erp/purchase/binding"), middleware.Screen("/erp/finance/alibaba")
	erp.GET("/alibaba/accounts", ali.Accounts, bindScreen).Answers([]alibabaapi.Account{})
	erp.POST("/alibaba/bind", ali.Bind, bindScreen.Needs(alibaba.PermissionBind)).Takes(alibaba.BindForm{}).Answers(alibabaapi.Consent{})
	erp.POST("/alibaba/account/:id/unbind", ali.Unbind, bindScreen.Needs(alibaba.PermissionBind), oplog("解绑1688账号")).Answers("")
	erp.POST("/alibaba/account/:id/import", ali.Import, bindScreen.Needs(alibaba.PermissionImport), oplog("导入1688订单")).Answers("")
	erp.POST("/alibaba/orders/page", ali.Orders, bindScreen).Takes(alibaba.OrderQuery{}).Answers(api.Page[alibabaapi.Order]{})
	erp.GET("/alibaba/orders/export", ali.OrdersExport(export), bindScreen)
	erp.POST("/alibaba/orders/map", ali.Map, bindScreen.Needs(alibaba.PermissionImport), oplog("配对1688商品")).Takes(alibaba.MapForm{}).Answers(alibabaapi.Mapped{})
	erp.GET("/alibaba/order/:id", ali.GetOrder, bindScreen).Answers(alibabaapi.Order{})
	erp.POST("/alibaba/payments/page", ali.Payments, aliPayScreen).Takes(alibaba.PaymentQuery{}).Answers(api.Page[alibabaapi.Payment]{})
	erp.POST("/alibaba/payments/summary", ali.PaymentSummary, aliPayScreen).Takes(alibaba.PaymentQuery{}).Answers(alibabaapi.Summary{})
	erp.GET("/alibaba/payments/export", ali.PaymentsExport(export), aliPayScreen)
	erp.GET("/alibaba/settlement/:id", ali.GetOrder, aliPayScreen).Answers(alibabaapi.Order{})
	erp.POST("/inventoryValue/close", books.Close, booksScreen.Needs(inventoryvalue.PermissionClose), oplog("结转存货价值")).Answers(inventoryvalueapi.Month{})
	// 调拨单: 审核 ships (source fulfillable -> outbound, target + inbound), 收货 receives at the target.
	transferScreen := middleware.Screen("/erp/warehouse/transfer")
	erp.POST("/transfer/page", stk.DocumentPage(stockdb.DocTransfer), transferScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/transfer/export", stk.DocumentExport(export, stockdb.DocTransfer, "调拨单"), transferScreen)
	erp.GET("/transfer/:id", stk.GetDocument(stockdb.DocTransfer), transferScreen).Answers(stockapi.Document{})
	erp.POST("/transfer", stk.CreateDocument(stockdb.DocTransfer), transferScreen.Needs(stock.PermissionTransferAdd), oplog("新增调拨单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/transfer/:id", stk.UpdateDocument(stockdb.DocTransfer), transferScreen.Needs(stock.PermissionTransferAdd), oplog("编辑调拨单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/transfer/:id/submit", stk.SubmitDocument(stockdb.DocTransfer), transferScreen.Needs(stock.PermissionTransferAdd), oplog("提交调拨单")).Answers("")
	erp.POST("/transfer/:id/approve", stk.ApproveDocument(stockdb.DocTransfer), transferScreen.Needs(stock.PermissionTransferApprove), oplog("调拨发货")).Answers("")
	erp.POST("/transfer/:id/receive", stk.ReceiveDocument(stockdb.DocTransfer), transferScreen.Needs(stock.PermissionTransferReceive), oplog("调拨收货")).Takes(stock.TransferReceipt{}).Answers("")
	erp.POST("/transfer/:id/cancel", stk.CancelDocument(stockdb.DocTransfer), transferScreen.Needs(stock.PermissionTransferCancel), oplog("作废调拨单")).Answers("")
	// 换货单: 审核 turns each line's units of one product into another's in one warehouse, their cost carried over.
	exchangeScreen := middleware.Screen("/erp/warehouse/exchange")
	erp.POST("/exchange/page", stk.DocumentPage(stockdb.DocExchange), exchangeScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/exchange/export", stk.DocumentExport(export, stockdb.DocExchange, "换货单"), exchangeScreen)
	erp.GET("/exchange/:id", stk.GetDocument(stockdb.DocExchange), exchangeScreen).Answers(stockapi.Document{})
	erp.POST("/exchange", stk.CreateDocument(stockdb.DocExchange), exchangeScreen.Needs(stock.PermissionExchangeAdd), oplog("新增换货单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/exchange/:id", stk.UpdateDocument(stockdb.DocExchange), exchangeScreen.Needs(stock.PermissionExchangeAdd), oplog("编辑换货单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/exchange/:id/submit", stk.SubmitDocument(stockdb.DocExchange), exchangeScreen.Needs(stock.PermissionExchangeAdd), oplog("提交换货单")).Answers("")
	erp.POST("/exchange/:id/approve", stk.ApproveDocument(stockdb.DocExchange), exchangeScreen.Needs(stock.PermissionExchangeApprove), oplog("审核换货单")).Answers("")
	erp.POST("/exchange/:id/cancel", stk.CancelDocument(stockdb.DocExchange), exchangeScreen.Needs(stock.PermissionExchangeCancel), oplog("作废换货单")).Answers("")
	// 加工单: 审核 consumes the components of the product's 物料清单 and makes the product, its cost rolled up.
	processScreen := middleware.Screen("/erp/purchase/process")
	erp.POST("/process/page", stk.DocumentPage(stockdb.DocProcess), processScreen).Takes(stock.DocumentQuery{}).Answers(api.Page[stockapi.Document]{})
	erp.GET("/process/export", stk.DocumentExport(export, stockdb.DocProcess, "加工单"), processScreen)
	erp.GET("/process/:id", stk.GetDocument(stockdb.DocProcess), processScreen).Answers(stockapi.Document{})
	erp.POST("/process", stk.CreateDocument(stockdb.DocProcess), processScreen.Needs(stock.PermissionProcessAdd), oplog("新增加工单")).Takes(stock.DocumentForm{}).Answers(map[string]string{})
	erp.PUT("/process/:id", stk.UpdateDocument(stockdb.DocProcess), processScreen.Needs(stock.PermissionProcessAdd), oplog("编辑加工单")).Takes(stock.DocumentForm{}).Answers("")
	erp.POST("/process/:id/submit", stk.SubmitDocument(stockdb.DocProcess), processScreen.Needs(stock.PermissionProcessAdd), oplog("提交加工单")).Answers("")
	erp.POST("/process/:id/approve", stk.ApproveDocument(stockdb.DocProcess), processScreen.Needs(stock.PermissionProcessApprove), oplog("审核加工单")).Answers("")
	erp.POST("/process/:id/cancel", stk.CancelDocument(stockdb.DocProcess), processScreen.Needs(stock.PermissionProcessCancel), oplog("作废加工单")).Answers("")
	bom := &stockapi.BOMHandler{BOMs: sv.BOMs, TimeZone: d.Config.TimeZone}
	erp.POST("/bom/page", bom.Page, processScreen).Takes(stock.BOMQuery{}).Answers(api.Page[stockapi.BOM]{})
	erp.GET("/bom/export", bom.Export(export), processScreen)
	erp.GET("/bom", bom.Lines, processScreen).Answers([]stockapi.BOMComponent{}).Reads("productId")
	erp.PUT("/bom", bom.Save, processScreen.Needs(stock.PermissionBOMEdit), oplog("保存物料清单")).Takes(stock.BOMForm{}).Answers("")
	// 仓库地址 and 发货地址: the addresses with the fields Amazon's inbound API takes.
	warehouseAddressScreen := middleware.Screen("/erp/warehouse/address")
	erp.POST("/warehouseAddress/page", stk.AddressPage(stockdb.AddressWarehouse), warehouseAddressScreen).Takes(stock.AddressQuery{}).Answers(api.Page[stockapi.Address]{})
	erp.GET("/warehouseAddress/export", stk.AddressExport(export, stockdb.AddressWarehouse, "仓库地址", "warehouseAddressList"), warehouseAddressScreen)
	erp.GET("/warehouseAddress/:id", stk.GetAddress(stockdb.AddressWarehouse), warehouseAddressScreen).Answers(stockapi.Address{})
	erp.POST("/warehouseAddress", stk.SaveAddress(stockdb.AddressWarehouse), warehouseAddressScreen.Needs(stock.PermissionWarehouseAddressAdd), oplog("新增仓库地址")).Takes(stock.AddressForm{}).Answers(stockapi.Address{})
	erp.PUT("/warehouseAddress/:id", stk.SaveAddress(stockdb.AddressWarehouse), warehouseAddressScreen.Needs(stock.PermissionWarehouseAddressEdit), oplog("编辑仓库地址")).Takes(stock.AddressForm{}).Answers(stockapi.Address{})
	erp.DELETE("/warehouseAddress/:id", stk.DeleteAddress(stockdb.AddressWarehouse), warehouseAddressScreen.Needs(stock.PermissionWarehouseAddressDelete), oplog("删除仓库地址")).Answers("")
	shipFromScreen := middleware.Screen("/erp/address")
	erp.POST("/shipFromAddress/page", stk.AddressPage(stockdb.AddressShipFrom), shipFromScreen).Takes(stock.AddressQuery{}).Answers(api.Page[stockapi.Address]{})
	erp.GET("/shipFromAddress/export", stk.AddressExport(export, stockdb.AddressShipFrom, "发货地址", "shipFromAddressList"), shipFromScreen)
	erp.GET("/shipFromAddress/:id", stk.GetAddress(stockdb.AddressShipFrom), shipFromScreen).Answers(stockapi.Address{})
	erp.POST("/shipFromAddress", stk.SaveAddress(stockdb.AddressShipFrom), shipFromScreen.Needs(stock.PermissionShipFromAddressAdd), oplog("新增发货地址")).Takes(stock.AddressForm{}).Answers(stockapi.Address{})
	erp.PUT("/shipFromAddress/:id", stk.SaveAddress(stockdb.AddressShipFrom), shipFromScreen.Needs(stock.PermissionShipFromAddressEdit), oplog("编辑发货地址")).Takes(stock.AddressForm{}).Answers(stockapi.Address{})
	erp.DELETE("/shipFromAddress/:id", stk.DeleteAddress(stockdb.AddressShipFrom), shipFromScreen.Needs(stock.PermissionShipFromAddressDelete), oplog("删除发货地址")).Answers("")
	// 汇率 (/erp/api/v1/exchangeRate): reading needs the screen, setting or deleting a month's rate its button
	// permission.
	fin := &financeapi.Handler{Finance: sv.Finance, TimeZone: d.Config.TimeZone}
	rateScreen := middleware.Screen("/erp/finance/exchangerate")
	erp.POST("/exchangeRate/page", fin.RatePage, rateScreen).Takes(finance.RateQuery{}).Answers(api.Page[financeapi.Rate]{})
	erp.GET("/exchangeRate/export", fin.RateExport(export), rateScreen)
	erp.POST("/exchangeRate/history", fin.History, rateScreen).Takes(finance.HistoryQuery{}).Answers(api.Page[financeapi.MonthRate]{})
	erp.GET("/exchangeRate/history/export", fin.HistoryExport(export), rateScreen)
	erp.PUT("/exchangeRate", fin.SetRate, rateScreen.Needs(finance.PermissionRateEdit), oplog("编辑汇率")).Takes(finance.RateForm{}).Answers(financeapi.MonthRate{})
	erp.DELETE("/exchangeRate/:id", fin.DeleteRate, rateScreen.Needs(finance.PermissionRateEdit), oplog("删除汇率")).Answers("")
	// 采购单 (/erp/api/v1/purchaseOrder): reading needs the screen; a draft's 新建, 编辑 and 提交 need 新增采购单,
	// 审核 and 驳回 审核采购单, 下单 编辑采购单, 收货 and 退货 采购收货, 作废 and 结案 删除采购单.
	pur := &purchaseapi.Handler{Purchase: sv.Purchase, Planner: sv.Replenishment, TimeZone: d.Config.TimeZone}
	poScreen := middleware.Screen("/erp/purchase/orders")
	erp.POST("/purchaseOrder/page", pur.OrderPage, poScreen).Takes(purchase.OrderQuery{}).Answers(api.Page[purchaseapi.Order]{})
	erp.GET("/purchaseOrder/export", pur.OrderExport(export), poScreen)
	// A supplier's price tiers of products: read with the screen, kept by those who make orders.
	erp.GET("/purchaseOrder/priceTiers", pur.PriceTiers, poScreen).Answers([]purchase.PriceTierRow{}).Reads("supplierId", "productIds")
	erp.PUT("/purchaseOrder/priceTiers", pur.SavePriceTiers, poScreen.Needs(purchase.PermissionAdd), oplog("保存阶梯价")).Takes(purchase.PriceTiersForm{}).Answers([]purchase.PriceTierRow{})
	erp.GET("/purchaseOrder/:id", pur.GetOrder, poScreen).Answers(purchaseapi.Order{})
	erp.POST("/purchaseOrder", pur.CreateOrder, poScreen.Needs(purchase.PermissionAdd), oplog("新建采购单")).Takes(purchase.OrderForm{}).Answers(purchaseapi.Created{})
	erp.PUT("/purchaseOrder/:id", pur.UpdateOrder, poScreen.Needs(purchase.PermissionAdd), oplog("编辑采购单")).Takes(purchase.OrderForm{}).Answers("")
	erp.POST("/purchaseOrder/:id/submit", pur.Step(sv.Purchase.SubmitOrder), poScreen.Needs(purchase.PermissionAdd), oplog("提交采购单")).Answers("")
	erp.POST("/purchaseOrder/:id/approve", pur.Step(sv.Purchase.ApproveOrder), poScreen.Needs(purchase.PermissionApprove), oplog("审核采购单")).Answers("")
	erp.POST("/purchaseOrder/:id/reject", pur.Step(sv.Purchase.RejectOrder), poScreen.Needs(purchase.PermissionApprove), oplog("驳回采购单")).Answers("")
	erp.POST("/purchaseOrder/:id/place", pur.Step(sv.Purchase.PlaceOrder), poScreen.Needs(purchase.PermissionEdit), oplog("采购下单")).Answers("")
	erp.POST("/purchaseOrder/:id/cancel", pur.Step(sv.Purchase.CancelOrder), poScreen.Needs(purchase.PermissionDelete), oplog("作废采购单")).Answers("")
	erp.POST("/purchaseOrder/:id/receive", pur.Receive, poScreen.Needs(purchase.PermissionReceive), oplog("采购收货")).Takes(purchase.ReceiptForm{}).Answers("")
	erp.POST("/purchaseOrder/:id/return", pur.Return, poScreen.Needs(purchase.PermissionReceive), oplog("采购退货")).Takes(purchase.ReceiptForm{}).Answers("")
	erp.POST("/purchaseOrder/:id/close", pur.Close, poScreen.Needs(purchase.PermissionDelete), oplog("采购结案")).Takes(purchase.CloseForm{}).Answers("")
	// 亚马逊补货计划 (/erp/api/v1/replenishment): reading, trying inputs and exporting need the screen; keeping inputs
	// needs 编辑补货参数, turning lines into draft orders 新增采购单 and into shipment plans 新建发货计划.
	rpScreen := middleware.Screen("/erp/purchase/plan")
	erp.POST("/replenishment/page", pur.PlanPage, rpScreen).Takes(purchase.PlanQuery{}).Answers(api.Page[purchaseapi.PlanRow]{})
	erp.GET("/replenishment/export", pur.PlanExport(export), rpScreen)
	erp.POST("/replenishment/compute", pur.PlanCompute, rpScreen).Takes(purchase.PlanOverride{}).Answers(purchase.PlanLine{})
	erp.GET("/replenishment/settings", pur.PlanDefaults, rpScreen).Answers(purchase.PlanInputs{})
	erp.PUT("/replenishment/settings", pur.SavePlanDefaults, rpScreen.Needs(purchase.PermissionPlanEdit), oplog("保存补货默认参数")).Takes(purchase.PlanInputs{}).Answers("")
	erp.GET("/replenishment/capacity", pur.PlanCapacities, rpScreen).Answers([]purchase.CapacityRow{})
	erp.PUT("/replenishment/capacity", pur.SavePlanCapacity, rpScreen.Needs(purchase.PermissionPlanEdit), oplog("保存FBA容量")).Takes(purchase.CapacityForm{}).Answers("")
	erp.GET("/replenishment/pools", pur.PlanPools, rpScreen).Answers([]purchase.PoolRow{})
	erp.PUT("/replenishment/pools", pur.SavePlanPool, rpScreen.Needs(purchase.PermissionPlanEdit), oplog("保存泛欧计划")).Takes(purchase.PoolForm{}).Answers("")
	erp.PUT("/replenishment/sku", pur.SavePlanSKU, rpScreen.Needs(purchase.PermissionPlanEdit), oplog("保存SKU补货参数")).Takes(purchase.SKUInputsForm{}).Answers("")
	erp.POST("/replenishment/purchaseOrders", pur.PlanOrders, rpScreen.Needs(purchase.PermissionAdd), oplog("补货生成采购单")).Takes(purchase.PlanDocsForm{}).Answers([]purchase.PlanDoc{})
	erp.POST("/replenishment/orderReview", pur.PlanOrderReview, rpScreen).Takes(purchase.OrderReviewForm{}).Answers(purchase.OrderReview{})
	erp.POST("/replenishment/orderSubmit", pur.PlanOrderSubmit, rpScreen.Needs(purchase.PermissionAdd), oplog("采购计划提交")).Takes(purchase.OrderReviewForm{}).Answers([]purchase.PlanDoc{})
	erp.POST("/replenishment/euSplit", pur.PlanEUSplit, rpScreen).Takes(purchase.EUSplitForm{}).Answers(purchase.EUSplit{})
	erp.POST("/replenishment/euSplitSubmit", pur.PlanEUSplitSubmit, rpScreen.Needs(shipping.PermissionShipPlanAdd), oplog("欧洲拆分发货")).Takes(purchase.EUSplitSubmitForm{}).Answers([]purchase.PlanDoc{})
	erp.POST("/replenishment/shipPlans", pur.PlanShipments, rpScreen.Needs(shipping.PermissionShipPlanAdd), oplog("补货生成发货计划")).Takes(purchase.PlanDocsForm{}).Answers([]purchase.PlanDoc{})
	// 采购报表 (/erp/api/v1/purchaseReport): reading and exporting need the screen.
	purchaseReportScreen := middleware.Screen("/erp/purchase/reports")
	erp.POST("/purchaseReport/page", pur.ReportPage, purchaseReportScreen).Takes(purchase.ReportQuery{}).Answers(api.Page[purchase.ReportRow]{})
	erp.GET("/purchaseReport/export", pur.ReportExport(export), purchaseReportScreen)
	// 付款申请 (/erp/api/v1/paymentRequest): reading needs the screen; 申请付款 and 作废 need 申请付款, 审批 and 驳回
	// 审批付款, 确认付款 its own.
	payScreen := middleware.Screen("/erp/finance/payment")
	erp.POST("/paymentRequest/page", pur.PaymentPage, payScreen).Takes(purchase.PaymentQuery{}).Answers(api.Page[purchaseapi.Payment]{})
	erp.GET("/paymentRequest/export", pur.PaymentExport(export), payScreen)
	erp.GET("/paymentRequest/owed", pur.OwedList, payScreen).Answers([]purchaseapi.Owed{}).Reads("supplierId")
	erp.POST("/paymentRequest/owed/page", pur.OwedPage, payScreen).Takes(purchase.OwedQuery{}).Answers(api.Page[purchaseapi.Owed]{})
	erp.GET("/paymentRequest/owed/export", pur.OwedExport(export), payScreen)
	erp.GET("/paymentRequest/:id", pur.GetPayment, payScreen).Answers(purchaseapi.Payment{})
	erp.POST("/paymentRequest", pur.RequestPayment, payScreen.Needs(purchase.PermissionPaymentAdd), oplog("申请付款")).Takes(purchase.PaymentForm{}).Answers(purchaseapi.Created{})
	erp.POST("/paymentRequest/:id/approve", pur.PaymentStep(sv.Purchase.ApprovePayment), payScreen.Needs(purchase.PermissionPaymentApprove), oplog("审批付款")).Answers("")
	erp.POST("/paymentRequest/:id/reject", pur.PaymentStep(sv.Purchase.RejectPayment), payScreen.Needs(purchase.PermissionPaymentApprove), oplog("驳回付款")).Answers("")
	erp.POST("/paymentRequest/:id/pay", pur.PayPayment, payScreen.Needs(purchase.PermissionPaymentPay), oplog("确认付款")).Takes(purchase.PayForm{}).Answers("")
	erp.POST("/paymentRequest/:id/cancel", pur.PaymentStep(sv.Purchase.CancelPayment), payScreen.Needs(purchase.PermissionPaymentAdd), oplog("作废付款申请")).Answers("")
	// FBA shipments (/erp/api/v1). Plans need the 发货计划 screen, shipments the 货件处理 screen; creating and
	// changing them need their button permissions. Shipments are addressed by Amazon's shipment id.
	sh := &shippingapi.Handler{Shipping: sv.Shipping, TimeZone: d.Config.TimeZone}
	planScreen := middleware.Screen("/erp/ship/plan")
	quotaScreen := middleware.Screen("/erp/ship/quota")
	erp.GET("/shipPlan/options", sh.PlanOptions, signedIn).Answers(shippingapi.Options{})
	erp.GET("/shipPlan/listings", sh.PlanListings, signedIn).Takes(shipping.ShipListingQuery{}).Answers([]shippingapi.Listing{})
	erp.POST("/shipPlan/page", sh.PlanPage, planScreen).Takes(shipping.PlanQuery{}).Answers(api.Page[shippingapi.Plan]{})
	erp.GET("/shipPlan/export", sh.PlanExport(export), planScreen)
	erp.GET("/shipPlan/:id", sh.GetPlan, planScreen).Answers(shippingapi.Plan{})
	erp.POST("/shipPlan", sh.CreatePlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("新建发货计划")).Takes(shipping.ShipmentPlanForm{}).Answers(shippingapi.Plan{})
	erp.PUT("/shipPlan/:id", sh.UpdatePlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("编辑发货计划")).Takes(shipping.ShipmentPlanForm{}).Answers(shippingapi.Plan{})
	erp.POST("/shipPlan/:id/submit", sh.SubmitPlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("提交发货计划")).Answers(shippingapi.Plan{})
	erp.POST("/shipPlan/:id/cancel", sh.CancelPlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("作废发货计划")).Answers(shippingapi.Plan{})
	erp.POST("/shipment/page", sh.ShipmentPage, quotaScreen).Takes(shipping.ShipmentQuery{}).Answers(api.Page[shippingapi.Shipment]{})
	erp.GET("/shipment/export", sh.ShipmentExport(export), quotaScreen)
	erp.GET("/shipment/importTemplate", sh.ImportTemplate, quotaScreen)
	erp.POST("/shipment/import", sh.Import, quotaScreen.Needs(shipping.PermissionShipAdd), oplog("导入货件")).Uploads("file").Answers([]string{})
	erp.POST("/shipment/fromPlan", sh.CreateFromPlan, needs(shipping.PermissionShipAdd), oplog("创建货件")).Takes(shipping.FromPlanForm{}).Answers(shippingapi.Shipment{})
	erp.POST("/shipment", sh.CreateManual, quotaScreen.Needs(shipping.PermissionShipAdd), oplog("新建货件")).Takes(shipping.ManualShipmentForm{}).Answers(shippingapi.Shipment{})
	erp.GET("/shipment/:id", sh.GetShipment, quotaScreen).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/confirm", sh.Confirm, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("确认配货")).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/unconfirm", sh.Unconfirm, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消配货")).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/box", sh.Box, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("货件装箱")).Takes(shipping.CartonsForm{}).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/unbox", sh.Unbox, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消装箱")).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/ship", sh.Ship, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("货件发货")).Takes(shipping.ShipForm{}).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/unship", sh.Unship, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消发货")).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/receive", sh.Receive, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("货件收货")).Takes(shipping.ReceiveForm{}).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/amazonStatus", sh.AmazonStatus, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("更新货件状态")).Takes(shipping.AmazonStatusForm{}).Answers(shippingapi.Shipment{})
	// Asking Amazon about shipped shipments writes only Amazon's figures: whoever sees 货件处理 may (it runs as a
	// shipment's screen opens).
	erp.POST("/shipment/inboundSync", sh.InboundSyncAll, quotaScreen, oplog("同步亚马逊货件")).Answers(shippingapi.InboundRefresh{})
	erp.GET("/shipment/amazon", sh.AmazonShipments, quotaScreen).Takes(shipping.AmazonShipmentQuery{}).Answers([]shippingapi.AmazonShipment{})
	erp.POST("/shipment/amazon/import", sh.ImportAmazon, quotaScreen.Needs(shipping.PermissionShipAdd), oplog("导入亚马逊货件")).Takes(shipping.AmazonImportForm{}).Answers([]string{})
	erp.POST("/shipment/:id/inboundSync", sh.InboundSync, quotaScreen).Answers(shippingapi.Shipment{})
	erp.POST("/shipment/:id/cancel", sh.Cancel, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消货件")).Answers(shippingapi.Shipment{})
	// 添加货件发票: reading and exporting need 货件处理; keeping the products' declarations and the consignee its
	// 处理 button, as the handling steps do.
	erp.GET("/shipment/:id/invoice", sh.GetInvoice, quotaScreen).Answers(shippingapi.Invoice{})
	erp.PUT("/shipment/:id/invoice", sh.SaveInvoice, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("保存货件发票")).Takes(shipping.InvoiceForm{}).Answers(shippingapi.Invoice{})
	erp.GET("/shipment/:id/invoice/export", sh.InvoiceExport, quotaScreen)
	// The pick list (shipForm): any signed-in user of the company, within the store groups they are granted.
	// 物流跟踪: first-leg channels, each shipment's channel, tracking number, milestones, arrival and freight.
	transportScreen := middleware.Screen("/erp/ship/transportation")
	trk := &shippingapi.TrackingHandler{Tracking: sv.Tracking, Profit: sv.Profit, TimeZone: d.Config.TimeZone}
	erp.POST("/freightChannel/page", trk.ChannelPage, transportScreen).Takes(shipping.ChannelQuery{}).Answers(api.Page[shippingapi.Channel]{})
	erp.GET("/freightChannel/export", trk.ChannelExport(export), transportScreen)
	erp.POST("/freightChannel", trk.SaveChannel, transportScreen.Needs(shipping.PermissionChannelEdit), oplog("新增物流渠道")).Takes(shipping.ChannelForm{}).Answers(shippingapi.Channel{})
	erp.PUT("/freightChannel/:id", trk.SaveChannel, transportScreen.Needs(shipping.PermissionChannelEdit), oplog("编辑物流渠道")).Takes(shipping.ChannelForm{}).Answers(shippingapi.Channel{})
	erp.DELETE("/freightChannel/:id", trk.DeleteChannel, transportScreen.Needs(shipping.PermissionChannelEdit), oplog("删除物流渠道")).Answers("")
	// The channels a 海外仓入库 goes by, for its form: read with 海外仓库存's screen, not 物流跟踪's.
	erp.GET("/overseasIn/channels", trk.ChannelOptions, overseasScreen).Answers([]shippingapi.Channel{})
	erp.POST("/transportation/page", trk.Page, transportScreen).Takes(shipping.TrackingQuery{}).Answers(api.Page[shippingapi.Tracked]{})
	erp.GET("/transportation/export", trk.Export(export), transportScreen)
	erp.GET("/transportation/milestoneTemplate", trk.MilestoneTemplate, transportScreen)
	erp.POST("/transportation/milestoneImport", trk.ImportMilestones, transportScreen.Needs(shipping.PermissionTrackingEdit), oplog("导入物流节点")).Uploads("file").Answers(0)
	erp.GET("/transportation/:shipmentid", trk.Get, transportScreen).Answers(shippingapi.TrackedDetail{})
	erp.PUT("/transportation/:shipmentid", trk.Save, transportScreen.Needs(shipping.PermissionTrackingEdit), oplog("编辑物流")).Takes(shipping.TrackingForm{}).Answers("")
	erp.POST("/transportation/:shipmentid/milestone", trk.AddMilestone, transportScreen.Needs(shipping.PermissionTrackingEdit), oplog("添加物流节点")).Takes(shipping.MilestoneForm{}).Answers("")
	erp.PUT("/transportation/:shipmentid/milestone/:id", trk.EditMilestone, transportScreen.Needs(shipping.PermissionTrackingEdit), oplog("修改物流节点")).Takes(shipping.MilestoneForm{}).Answers("")
	erp.DELETE("/transportation/:shipmentid/milestone/:id", trk.DeleteMilestone, transportScreen.Needs(shipping.PermissionTrackingEdit), oplog("删除物流节点")).Answers("")
	erp.GET("/shipForm/quotainfo/:shipmentid", sh.QuotaInfo, signedIn).Answers(shippingapi.QuotaInfo{})
	erp.POST("/shipForm/getQRCode/:shipmentid/:size", sh.QRCode, signedIn).File(apidoc.KindImage)

	// Store authorization (/amazon/api/v1). authSeller is public: Amazon's redirect brings the seller back with a
	// signed, single-use state that names the company and store group. The rest need the 店铺管理 screen for the
	// list and its button permissions for changes; reading the store groups and marketplaces needs a session only
	// (other modules choose stores and marketplaces with them). A user limited to store groups sees only those.
	amz := guarded{group: e.Group("/amazon/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table, docs: docs}
	storeAuth := &storesapi.Handler{Stores: sv.Stores, Sync: sv.DataSync, TimeZone: d.Config.TimeZone, PublicURL: d.Config.PublicURL,
		PlatformAdmin: sv.Admin.IsPlatformAdmin, AliExpress: sv.AliExpress, Result: pg.ConsentResult}
	// 赔偿报告 and 待索赔: reading, exporting and the audit need the screen; 标记已提交 its permission too.
	claimsAPI := &claimsapi.Handler{Claims: sv.Claims, TimeZone: d.Config.TimeZone}
	claimsScreen := middleware.Screen("/amazon/reports/reimbursements")
	amz.POST("/reimbursements/page", claimsAPI.ReimbursementPage, claimsScreen).Takes(claims.ReimbursementQuery{}).Answers(api.Page[claimsapi.Reimbursement]{})
	amz.GET("/reimbursements/export", claimsAPI.ReimbursementExport(export), claimsScreen)
	amz.GET("/reimbursements/reasons", claimsAPI.Reasons, claimsScreen).Answers([]claimsapi.Option{})
	amz.POST("/claims/page", claimsAPI.ClaimPage, claimsScreen).Takes(claims.ClaimQuery{}).Answers(api.Page[claimsapi.Claim]{})
	amz.GET("/claims/export", claimsAPI.ClaimExport(export), claimsScreen)
	amz.GET("/claims/:id", claimsAPI.GetClaim, claimsScreen).Answers(claimsapi.ClaimDetail{})
	amz.POST("/claims/:id/submit", claimsAPI.Submit, claimsScreen.Needs(claims.PermissionSubmit), oplog("标记索赔已提交")).Takes(claims.SubmitForm{}).Answers(claimsapi.Claim{})
	// 仓储费报告: reading and exporting need the screen.
	feesAPI := &claimsapi.StorageFeesHandler{Fees: sv.StorageFees}
	feesScreen := middleware.Screen("/amazon/reports/storagefee")
	amz.POST("/storagefees/page", feesAPI.StorageFeePage, feesScreen).Takes(claims.StorageFeeQuery{}).Answers(api.Page[claimsapi.StorageFee]{})
	amz.GET("/storagefees/export", feesAPI.StorageFeeExport(export), feesScreen)
	amz.POST("/storagefees/months", feesAPI.MonthTotals, feesScreen).Takes(claims.StorageFeeQuery{}).Answers([]claimsapi.MonthTotal{})
	amz.POST("/agedsurcharges/page", feesAPI.AgedSurchargePage, feesScreen).Takes(claims.StorageFeeQuery{}).Answers(api.Page[claimsapi.AgedSurcharge]{})
	amz.GET("/agedsurcharges/export", feesAPI.AgedSurchargeExport(export), feesScreen)
	// FBA费用报告: reading and exporting need the screen.
	fbaFeesAPI := &claimsapi.FBAFeesHandler{Fees: sv.FBAFees}
	fbaFeeScreen := middleware.Screen("/amazon/reports/fbafee")
	amz.POST("/fbafees/page", fbaFeesAPI.FBAFeePage, fbaFeeScreen).Takes(claims.FBAFeeQuery{}).Answers(api.Page[claimsapi.FBAFee]{})
	amz.GET("/fbafees/export", fbaFeesAPI.FBAFeeExport(export), fbaFeeScreen)
	// 移除订单: reading, opening and exporting need the screen.
	removalsAPI := &claimsapi.RemovalsHandler{Removals: sv.Removals, TimeZone: d.Config.TimeZone}
	removalsScreen := middleware.Screen("/amazon/orders/remove")
	amz.POST("/removals/page", removalsAPI.RemovalPage, removalsScreen).Takes(claims.RemovalQuery{}).Answers(api.Page[claimsapi.RemovalOrder]{})
	amz.GET("/removals/export", removalsAPI.RemovalExport(export), removalsScreen)
	amz.GET("/removals/:id", removalsAPI.GetRemoval, removalsScreen).Answers(claimsapi.RemovalDetail{})
	// 库存规划: reading and exporting need the screen.
	planningAPI := &claimsapi.PlanningHandler{Planning: sv.Planning}
	planningScreen := middleware.Screen("/amazon/inventory/planning")
	amz.POST("/planning/page", planningAPI.PlanningPage, planningScreen).Takes(claims.PlanningQuery{}).Answers(api.Page[claimsapi.PlanningLine]{})
	amz.GET("/planning/export", planningAPI.PlanningExport(export), planningScreen)
	amz.GET("/planning/actions", planningAPI.Actions, planningScreen).Answers([]claimsapi.Option{})
	// 结算记录: reading and exporting need the screen.
	setAPI := &financeapi.SettlementsHandler{Settlements: sv.Settlements, TimeZone: d.Config.TimeZone, Funds: sv.Funds}
	setScreen := middleware.Screen("/amazon/payment/record")
	amz.POST("/settlements/page", setAPI.SettlementPage, setScreen).Takes(finance.SettlementQuery{}).Answers(api.Page[financeapi.Settlement]{})
	amz.GET("/settlements/export", setAPI.SettlementExport(export), setScreen)
	amz.POST("/settlements/lines/page", setAPI.LinePage, setScreen).Takes(finance.SettlementLineQuery{}).Answers(api.Page[financeapi.SettlementLine]{})
	amz.GET("/settlements/lines/export", setAPI.LineExport(export), setScreen)
	amz.GET("/settlements/:id", setAPI.GetSettlement, setScreen).Answers(financeapi.SettlementDetail{})
	// 资金账户: reading needs the screen, every change its button (维护资金账户).
	fundsAPI := &financeapi.FundsHandler{Funds: sv.Funds, TimeZone: d.Config.TimeZone}
	fundsScreen := middleware.Screen("/erp/finance/account")
	fundsEdit := fundsScreen.Needs(finance.PermissionFundEdit)
	erp.POST("/fund/accounts", fundsAPI.Accounts, fundsScreen).Answers(financeapi.FundAccounts{})
	erp.POST("/fund/account", fundsAPI.SaveAccount, fundsEdit, oplog("保存资金账户")).Takes(finance.FundAccountForm{}).Answers("")
	erp.POST("/fund/movements/page", fundsAPI.MovementPage, fundsScreen).Takes(finance.FundMovementQuery{}).Answers(api.Page[financeapi.FundMovement]{})
	erp.GET("/fund/movements/export", fundsAPI.MovementExport(export), fundsScreen)
	erp.GET("/fund/movements/importTemplate", fundsAPI.ImportTemplate, fundsScreen)
	erp.POST("/fund/movements/import", fundsAPI.Import, fundsEdit, oplog("导入资金流水")).Uploads("file").Answers(finance.FundImportResult{})
	erp.POST("/fund/movement", fundsAPI.AddMovement, fundsEdit, oplog("新增资金流水")).Takes(finance.FundMovementForm{}).Answers("")
	erp.POST("/fund/movement/void", fundsAPI.VoidMovement, fundsEdit, oplog("作废资金流水")).Answers("")
	erp.POST("/fund/candidates", fundsAPI.Candidates, fundsScreen).Answers(financeapi.Candidates{})
	erp.POST("/fund/match", fundsAPI.Match, fundsEdit, oplog("匹配资金流水")).Takes(finance.MatchForm{}).Answers("")
	erp.POST("/fund/unmatch", fundsAPI.Unmatch, fundsEdit, oplog("取消匹配资金流水")).Takes(finance.MatchForm{}).Answers("")
	// VAT发票: reading needs the screen; issuing an invoice and setting a VAT number their buttons.
	vatAPI := &financeapi.VATHandler{VAT: sv.VAT, TimeZone: d.Config.TimeZone}
	vatScreen := middleware.Screen("/amazon/vat/invoice")
	amz.POST("/vat/month", vatAPI.Month, vatScreen).Takes(finance.VATMonthQuery{}).Answers([]financeapi.VATMonth{})
	amz.POST("/vat/orders/page", vatAPI.OrderPage, vatScreen).Takes(finance.VATOrderQuery{}).Answers(api.Page[financeapi.VATOrder]{})
	amz.GET("/vat/orders/export", vatAPI.OrderExport(export), vatScreen)
	amz.GET("/vat/settings", vatAPI.Settings, vatScreen).Answers(financeapi.VATSettings{})
	amz.POST("/vat/setting", vatAPI.SaveSetting, vatScreen.Needs(finance.PermissionVATConfig), oplog("设置VAT税号")).Takes(finance.VATSettingForm{}).Answers("")
	amz.POST("/vat/issue", vatAPI.Issue, vatScreen.Needs(finance.PermissionVATIssue), oplog("开具VAT发票")).Answers(financeapi.Issued{})
	amz.GET("/vat/pdf", vatAPI.PDF, vatScreen).Reads("id").File(apidoc.KindPDF)
	storeScreen := middleware.Screen("/amazon/storeAuth")
	amz.GET("/amzauthority/authSeller", storeAuth.AuthSeller, middleware.Anyone).Takes(stores.SellerCallback{}).Answers(map[string]string{})
	amz.GET("/amzauthority/getAuthUrl", storeAuth.GetAuthURL, storeScreen.Needs(stores.PermissionStoreAdd)).Takes(stores.AuthURLQuery{}).Answers("")
	amz.POST("/amzauthority/saveAuth", storeAuth.SaveAuth, storeScreen.Needs(stores.PermissionStoreAdd), oplog("自有应用授权")).Takes(stores.OwnAppForm{}).Answers(storesapi.Seller{})
	amz.POST("/amzauthority/rotateSecret", storeAuth.RotateSecret, storeScreen.Needs(stores.PermissionStoreAdd), oplog("轮换应用密钥")).Answers(storesapi.RotatedSecret{})
	amz.GET("/amzauthority/getBindSeller", storeAuth.GetBindSeller, signedIn).Answers([]storesapi.Binding{})
	amz.GET("/amzauthority/getRegionByGroup", storeAuth.GetRegionByGroup, signedIn).Answers([]storesapi.Region{})
	amz.GET("/amzauthority/getAuthMaketplace", storeAuth.GetAuthMaketplace, signedIn).Answers([]storesapi.Marketplace{})
	amz.GET("/amzauthority/getAmazonGroup", storeAuth.GetAmazonGroup, signedIn).Answers([]storesapi.Group{})
	amz.GET("/amzauthority/getMarketByGroup", storeAuth.GetMarketByGroup, signedIn).Answers([]storesapi.OlderMarketplace{})
	amz.GET("/amzauthority/deleteByLogic", storeAuth.DeleteByLogic, storeScreen.Needs(stores.PermissionStoreDisable).ChangesOnGET(), oplog("停用店铺授权")).Answers("")
	amz.POST("/amzauthority/page", storeAuth.Page, storeScreen).Takes(stores.StoreAuthQuery{}).Answers(api.Page[storesapi.Row]{})
	amz.GET("/amzauthority/export", storeAuth.Export(export), storeScreen)
	amz.GET("/amzauthority/storeGroups", storeAuth.StoreGroups, signedIn).Answers([]storesapi.Group{})
	amz.POST("/amzauthority/storeGroups", storeAuth.CreateStoreGroup, storeScreen.Needs(stores.PermissionStoreAdd), oplog("新增店铺")).Takes(stores.StoreGroupForm{}).Answers(storesapi.Group{})
	amz.PUT("/amzauthority/storeGroups/:id", storeAuth.UpdateStoreGroup, storeScreen.Needs(stores.PermissionStoreAdd), oplog("编辑店铺")).Takes(stores.StoreGroupForm{}).Answers(storesapi.Group{})
	amz.DELETE("/amzauthority/storeGroups/:id", storeAuth.DeleteStoreGroup, storeScreen.Needs(stores.PermissionStoreDisable), oplog("删除店铺")).Answers("")
	// 速卖通店铺授权 (/aliexpress/storeAuth, opened from 平台选择): the 店铺管理 screen and its button permissions.
	amz.POST("/aeauthority/page", storeAuth.AliExpressPage, storeScreen).Takes(stores.AliExpressQuery{}).Answers(api.Page[storesapi.AliExpressStore]{})
	amz.GET("/aeauthority/export", storeAuth.AliExpressExport(export), storeScreen)
	amz.POST("/aeauthority/stores", storeAuth.AliExpressCreate, storeScreen.Needs(stores.PermissionStoreAdd), oplog("添加速卖通店铺")).Takes(stores.AliExpressForm{}).Answers(storesapi.AliExpressStore{})
	amz.GET("/aeauthority/getAuthUrl", storeAuth.AliExpressAuthURL, storeScreen.Needs(stores.PermissionStoreAdd)).Answers("")
	amz.POST("/aeauthority/stores/:id/refresh", storeAuth.AliExpressRefresh, storeScreen.Needs(stores.PermissionStoreAdd), oplog("检查速卖通授权")).Answers(storesapi.AliExpressStore{})
	amz.DELETE("/aeauthority/stores/:id", storeAuth.AliExpressRemove, storeScreen.Needs(stores.PermissionStoreDisable), oplog("删除速卖通店铺")).Answers("")
	amz.GET("/report/requestReportParamAuth", storeAuth.RequestReportParamAuth, storeScreen.Needs(stores.PermissionStoreAdd).ChangesOnGET(), oplog("请求报表")).Answers([]storesapi.Report{})

	// 数据同步: the stores' syncs and their history need the screen (a user limited to store groups sees those);
	// 立即同步 and 上传报告 their button permissions.
	sync := &syncapi.Handler{Sync: sv.DataSync, TimeZone: d.Config.TimeZone}
	syncScreen := middleware.Screen("/amazon/datasync")
	amz.POST("/datasync/page", sync.Page, syncScreen).Takes(datasync.TaskQuery{}).Answers(api.Page[syncapi.Task]{})
	amz.GET("/datasync/export", sync.Export(export), syncScreen)
	amz.POST("/datasync/runs", sync.Runs, syncScreen).Takes(datasync.RunQuery{}).Answers(api.Page[syncapi.Run]{})
	amz.GET("/datasync/runs/export", sync.RunsExport(export), syncScreen)
	amz.POST("/datasync/tasks/:id/sync", sync.SyncNow, syncScreen.Needs(datasync.PermissionSyncRun), oplog("立即同步")).Answers(syncapi.Task{})
	amz.POST("/datasync/upload", sync.Upload, syncScreen.Needs(datasync.PermissionSyncUpload), oplog("上传报告")).Uploads("file", "sellerid", "kind", "marketplaceid").Answers(syncapi.Run{}) // syncUploadPath: its own body limit

	// 利润计算器: calculating and reading plans need the screen; saving, changing and deleting a plan its button
	// permissions.
	calcScreen := middleware.Screen("/amazon/profit/calculator")
	amz.GET("/profitCalc/options", fin.Options, calcScreen).Answers([]financeapi.Marketplace{})
	amz.POST("/profitCalc/compute", fin.Compute, calcScreen).Takes(finance.CalcInput{}).Answers(financeapi.Result{})
	// 利润 › FBA费用: the fee cards the calculator and the FBA fee audit read, for the screen only.
	feeCardScreen := middleware.Screen("/amazon/profit/fbafee")
	amz.GET("/profitCalc/feeCard", fin.FeeCard, feeCardScreen).Answers(finance.FeeCardView{})
	amz.GET("/profitCalc/feeCard/export", fin.FeeCardExport, feeCardScreen)
	amz.POST("/profitPlan/page", fin.PlanPage, calcScreen).Takes(finance.PlanQuery{}).Answers(api.Page[financeapi.Plan]{})
	amz.GET("/profitPlan/export", fin.PlanExport(export), calcScreen)
	amz.GET("/profitPlan/:id", fin.GetPlan, calcScreen).Answers(financeapi.Plan{})
	amz.POST("/profitPlan", fin.CreatePlan, calcScreen.Needs(finance.PermissionPlanAdd), oplog("新增计算方案")).Takes(finance.PlanForm{}).Answers(financeapi.Plan{})
	amz.PUT("/profitPlan/:id", fin.UpdatePlan, calcScreen.Needs(finance.PermissionPlanEdit), oplog("编辑计算方案")).Takes(finance.PlanForm{}).Answers(financeapi.Plan{})
	amz.DELETE("/profitPlan/:id", fin.DeletePlan, calcScreen.Needs(finance.PermissionPlanDelete), oplog("删除计算方案")).Answers("")

	// 销售报表 and 周/月汇总: reading and exporting need the screen; a user limited to store groups sees those
	// groups' sales.
	sales := &salesapi.Handler{Sales: sv.Sales}
	reportScreen := middleware.Screen("/amazon/sales/report")
	amz.POST("/sales/report", sales.ReportPage, reportScreen).Takes(salesdata.ReportQuery{}).Answers(api.Page[salesapi.Line]{})
	amz.GET("/sales/report/export", sales.ReportExport(export), reportScreen)
	summaryScreen := middleware.Screen("/amazon/orders/summary")
	amz.POST("/sales/summary", sales.SummaryPage, summaryScreen).Takes(salesdata.ReportQuery{}).Answers(api.Page[salesapi.Line]{})
	amz.GET("/sales/summary/export", sales.SummaryExport(export), summaryScreen)
	// 流量报告 and Listing分析: the synced sales and traffic days through one query layer, each call under its
	// screen; a user limited to store groups sees those groups' listings.
	trafficReport, listingAnalysis := middleware.Screen("/amazon/reports/pageview"), middleware.Screen("/amazon/listing/analysis")
	amz.POST("/traffic/report/lines", sales.TrafficPage, trafficReport).Takes(salesdata.TrafficQuery{}).Answers(api.Page[salesapi.TrafficLine]{})
	amz.POST("/traffic/report/trend", sales.TrafficTrendOf, trafficReport).Takes(salesdata.TrafficQuery{}).Answers(salesapi.TrafficTrend{})
	amz.POST("/traffic/report/rows", sales.TrafficRowsOf, trafficReport).Takes(salesdata.TrafficQuery{}).Answers([]salesapi.TrafficSource{})
	amz.POST("/traffic/listing/lines", sales.TrafficPage, listingAnalysis).Takes(salesdata.TrafficQuery{}).Answers(api.Page[salesapi.TrafficLine]{})
	amz.POST("/traffic/listing/trend", sales.TrafficTrendOf, listingAnalysis).Takes(salesdata.TrafficQuery{}).Answers(salesapi.TrafficTrend{})
	amz.POST("/traffic/listing/rows", sales.TrafficRowsOf, listingAnalysis).Takes(salesdata.TrafficQuery{}).Answers([]salesapi.TrafficSource{})
	amz.GET("/traffic/report/export", sales.TrafficExport(export), trafficReport)
	amz.GET("/traffic/listing/export", sales.DropsExport(export), listingAnalysis)
	// 销售预测: reading and exporting need the screen, keeping a plan 编辑销售计划.
	fc := &salesapi.ForecastHandler{Forecasts: sv.Forecasts}
	forecastScreen := middleware.Screen("/amazon/sales/forecast")
	amz.POST("/sales/forecast", fc.ForecastPage, forecastScreen).Takes(salesdata.ForecastQuery{}).Answers(api.Page[salesapi.ForecastRow]{})
	amz.GET("/sales/forecast/export", fc.ForecastExport(export), forecastScreen)
	amz.PUT("/sales/forecast/plan", fc.SavePlan, forecastScreen.Needs(salesdata.PermissionForecastPlan), oplog("保存销售计划")).Takes(salesdata.PlanForm{}).Answers("")
	// 利润报告: reading, exporting and opening a figure's lines need the screen, and a user limited to store groups
	// sees those groups' profit; 利润配置 is read with its screen and changed with its button permission.
	prof := &profitapi.Handler{Profit: sv.Profit}
	profitScreen := middleware.Screen("/amazon/payment/profit")
	// 费用项 and SKU结算: reading and exporting need the screen.
	feeScreen, skuScreen := middleware.Screen("/amazon/payment/itemfee"), middleware.Screen("/amazon/payment/settlementsku")
	amz.POST("/settled/fees", prof.FeeItemPage, feeScreen).Takes(profit.SettledQuery{}).Answers(api.Page[profitapi.FeeItem]{})
	amz.GET("/settled/fees/export", prof.FeeItemExport(export), feeScreen)
	amz.POST("/settled/skus", prof.SKUSettledPage, skuScreen).Takes(profit.SettledQuery{}).Answers(api.Page[profitapi.SKUSettled]{})
	amz.GET("/settled/skus/export", prof.SKUSettledExport(export), skuScreen)
	// 月度报告: reading and exporting need the screen; the months are 利润报告's answers.
	monthScreen := middleware.Screen("/amazon/payment/month")
	amz.POST("/profit/month", prof.MonthPage, monthScreen).Takes(profit.MonthQuery{}).Answers(profitapi.MonthReport{})
	amz.GET("/profit/month/export", prof.MonthExport(export), monthScreen)
	amz.POST("/profit/month/shared", prof.MonthShared, monthScreen).Takes(profit.MonthSharedQuery{}).Answers(profitapi.DetailPage{})
	// 业绩报告: 利润报告's month by the listings' owners (商品列表) or their departments, against the month's targets.
	perfScreen := middleware.Screen("/amazon/payment/performance")
	amz.POST("/profit/performance", prof.PerformancePage, perfScreen).Takes(profit.PerformanceQuery{}).Answers(profitapi.Performance{})
	amz.GET("/profit/performance/export", prof.PerformanceExport(export), perfScreen)
	amz.GET("/profit/performance/choices", prof.PerformanceChoices, perfScreen).Answers(profitapi.TargetChoices{})
	amz.PUT("/profit/performance/target", prof.SetTarget, perfScreen.Needs(profit.PermissionTarget), oplog("设置业绩目标")).Takes(profit.TargetForm{}).Answers("")
	amz.POST("/profit/report", prof.ReportPage, profitScreen).Takes(profit.Query{}).Answers(profitapi.ReportPage{})
	amz.GET("/profit/report/export", prof.ReportExport(export), profitScreen)
	amz.POST("/profit/detail", prof.Detail, profitScreen).Takes(profit.DetailQuery{}).Answers(profitapi.DetailPage{})
	// 费用分摊: reading and exporting need the screen, filing, importing, sharing out and deleting its button; the
	// shares are 利润报告's 分摊费用. 成本核算: reading needs the screen, changing a product's parts its button.
	costs := &profitapi.CostHandler{Costs: profit.NewCostSharing(sv.Profit), Jobs: profit.NewJobCosting(sv.Profit)}
	costScreen := middleware.Screen("/amazon/payment/costsharing")
	costEdit := costScreen.Needs(profit.PermissionCostEdit)
	amz.POST("/costs/page", costs.CostPage, costScreen).Takes(profit.CostQuery{}).Answers(api.Page[profitapi.Cost]{})
	amz.GET("/costs/export", costs.CostExport(export), costScreen)
	amz.GET("/costs/importTemplate", costs.ImportTemplate, costScreen)
	amz.POST("/costs", costs.CreateCost, costEdit, oplog("新建费用")).Takes(profit.CostForm{}).Answers(profitapi.Cost{})
	amz.POST("/costs/import", costs.ImportCosts, costEdit, oplog("导入费用")).Uploads("file").Answers(profitapi.Imported{})
	amz.POST("/costs/shares", costs.CostShares, costScreen).Takes(profitapi.CostID{}).Answers(profitapi.Shares{})
	amz.POST("/costs/share", costs.ShareCost, costEdit, oplog("分摊费用")).Takes(profit.ShareForm{}).Answers(profitapi.Shares{})
	amz.POST("/costs/delete", costs.DeleteCost, costEdit, oplog("删除费用")).Takes(profitapi.CostID{}).Answers(profitapi.CostID{})
	jobScreen := middleware.Screen("/amazon/payment/jobcosting")
	amz.POST("/jobcosting/page", costs.JobPage, jobScreen).Takes(profit.JobQuery{}).Answers(api.Page[profitapi.JobLine]{})
	amz.GET("/jobcosting/export", costs.JobExport(export), jobScreen)
	amz.POST("/jobcosting/line", costs.Job, jobScreen).Takes(profitapi.JobQuery{}).Answers(profitapi.JobLine{})
	amz.POST("/jobcosting/save", costs.SaveJob, jobScreen.Needs(profit.PermissionJobEdit), oplog("保存成本核算")).Takes(profit.JobForm{}).Answers(profitapi.JobLine{})
	configScreen := middleware.Screen("/amazon/profit/config")
	amz.GET("/profit/config", prof.GetConfig, configScreen).Answers(profitapi.Config{})
	amz.PUT("/profit/config", prof.SaveConfig, configScreen.Needs(profit.PermissionConfigEdit), oplog("保存利润配置")).Takes(profit.ConfigForm{}).Answers(profitapi.Config{})
	// 订单管理, 今日订单, 退款订单 and 销售明细 need their screens, 订单管理's export its button permission; an order's detail
	// opens from either order list. A user limited to store groups sees their orders and refunds only.
	ordh := &orderapi.Handler{Orders: sv.Orders, TimeZone: d.Config.TimeZone}
	managerScreen := middleware.Screen("/amazon/orders/manager")
	amz.POST("/orders/page", ordh.Page, managerScreen).Takes(orders.OrderQuery{}).Answers(api.Page[orderapi.Order]{})
	amz.GET("/orders/export", ordh.Export(export), managerScreen.Needs(orders.PermissionOrderExport))
	amz.GET("/orders/:id", ordh.Get, managerScreen).Answers(orderapi.Detail{})
	todayScreen := middleware.Screen("/amazon/orders/today")
	amz.POST("/orders/today", ordh.Today, todayScreen).Takes(orders.OrderQuery{}).Answers(api.Page[orderapi.Order]{})
	amz.GET("/orders/today/export", ordh.TodayExport(export), todayScreen)
	amz.GET("/orders/today/:id", ordh.Get, todayScreen).Answers(orderapi.Detail{})
	refundScreen := middleware.Screen("/amazon/orders/refund")
	amz.POST("/orders/refunds", ordh.Refunds, refundScreen).Takes(orders.OrderQuery{}).Answers(api.Page[orderapi.Refund]{})
	amz.GET("/orders/refunds/export", ordh.RefundExport(export), refundScreen)
	detailScreen := middleware.Screen("/amazon/sales/details")
	amz.POST("/orders/details", ordh.SalesDetails, detailScreen).Takes(orders.OrderQuery{}).Answers(api.Page[orderapi.SalesDetail]{})
	amz.GET("/orders/details/export", ordh.SalesDetailExport(export), detailScreen)

	// Advertising authorisation (广告授权) of the store list. bindAdvAuthData is public, protected by the signed
	// single-use state instead of a session. Authorising and disabling need the store list's button permissions;
	// the GETs that change something refuse other sites.
	vh := &advertisingapi.Handler{Stores: sv.Stores, Ads: sv.Advertising, Indicators: sv.AdIndicators, TimeZone: d.Config.TimeZone}
	advAPI := guarded{group: e.Group("/amazonadv/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table, docs: docs}
	advAPI.GET("/advert/bindUrl", vh.BindURL, storeScreen.Needs(stores.PermissionStoreAdd)).Answers("")
	advAPI.GET("/advert/bindAdvAuthData", vh.BindAdvAuthData, middleware.Anyone).Takes(stores.AdvertisingConsent{}).Answers(map[string]string{})
	advAPI.POST("/advert/bindAdvAuthData", vh.BindAdvAuthData, middleware.Anyone).Takes(stores.AdvertisingConsent{}).Answers(map[string]string{})
	advAPI.GET("/advert/disableAuth", vh.DisableAuth, storeScreen.Needs(stores.PermissionStoreDisable).ChangesOnGET(), oplog("停用广告授权")).Answers(advertisingapi.Auth{})
	advAPI.GET("/advert/loadProfile", vh.LoadProfile, signedIn).Answers([]advertisingapi.Profile{})
	advAPI.GET("/advert/captureProfileById", vh.CaptureProfileByID, storeScreen.ChangesOnGET(), oplog("刷新广告配置文件")).Answers([]advertisingapi.Profile{})
	advAPI.GET("/advManager/getGroup", vh.GetGroup, signedIn).Answers([]advertisingapi.Group{})
	// 广告管理: the synced Sponsored Products with their figures; a user limited to store groups sees theirs only.
	advManagerScreen := middleware.Screen("/amazon/adv/manager")
	advAPI.POST("/sp/page", vh.ManagerPage, advManagerScreen).Takes(advertising.ManagerQuery{}).Answers(api.Page[advertisingapi.Line]{})
	advAPI.GET("/sp/export", vh.ManagerExport(export), advManagerScreen)
	// Changes go to Amazon with the screen's button permission; each row is recorded in 操作记录.
	advAPI.POST("/sp/change", vh.Change, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.ChangeForm{}).Answers(advertisingapi.Changed{})
	// 搜索词: the search term report's rows under 广告管理 (and 广告活动 below), by campaign and ad group.
	advAPI.POST("/sp/searchterms/page", vh.SearchTermsPage, advManagerScreen).Takes(advertising.SearchTermQuery{}).Answers(api.Page[advertisingapi.SearchTerm]{})
	advAPI.GET("/sp/searchterms/export", vh.SearchTermsExport(export), advManagerScreen)
	// Search terms become negative keywords or keywords at Amazon with the change permission; each row recorded.
	advAPI.POST("/sp/searchterms/add", vh.AddSearchTerms, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.SearchTermAddForm{}).Answers(advertisingapi.Changed{})
	// An ad group's negative product targets (ASINs, brands) are added at Amazon likewise.
	advAPI.POST("/sp/negativetargets/add", vh.AddNegativeTargets, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.NegativeTargetsForm{}).Answers(advertisingapi.Changed{})
	// 创建SP广告 creates a campaign at Amazon with 广告管理's change permission; each entity recorded in 操作记录.
	advAPI.POST("/sp/create", vh.CreateSP, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.SPCreateForm{}).Answers(advertisingapi.Changed{})
	// 创建SD广告 and 创建SB广告 likewise, through Sponsored Display's and Sponsored Brands v4's calls.
	advAPI.POST("/sd/create", vh.CreateSD, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.SDCreateForm{}).Answers(advertisingapi.Changed{})
	advAPI.POST("/sb/create", vh.CreateSB, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.SBCreateForm{}).Answers(advertisingapi.Changed{})
	// 创建SB广告 offers the profile's brands and logos, read from Amazon when the form asks.
	advAPI.POST("/sb/brands", vh.SBBrands, advManagerScreen.Needs(advertising.PermissionManagerEdit)).Takes(advertising.SBBrandsForm{}).Answers(advertisingapi.SBChoices{})
	// 广告活动 reads the same lists under its own screen.
	advCampaignScreen := middleware.Screen("/amazon/adv/campaign")
	advAPI.POST("/sp/campaigns/page", vh.ManagerPage, advCampaignScreen).Takes(advertising.ManagerQuery{}).Answers(api.Page[advertisingapi.Line]{})
	advAPI.GET("/sp/campaigns/export", vh.ManagerExport(export), advCampaignScreen)
	advAPI.POST("/sp/campaigns/change", vh.Change, advCampaignScreen.Needs(advertising.PermissionCampaignEdit)).Takes(advertising.ChangeForm{}).Answers(advertisingapi.Changed{})
	advAPI.POST("/sp/campaigns/searchterms/page", vh.SearchTermsPage, advCampaignScreen).Takes(advertising.SearchTermQuery{}).Answers(api.Page[advertisingapi.SearchTerm]{})
	advAPI.GET("/sp/campaigns/searchterms/export", vh.SearchTermsExport(export), advCampaignScreen)
	advAPI.POST("/sp/campaigns/searchterms/add", vh.AddSearchTerms, advCampaignScreen.Needs(advertising.PermissionCampaignEdit)).Takes(advertising.SearchTermAddForm{}).Answers(advertisingapi.Changed{})
	advAPI.POST("/sp/campaigns/negativetargets/add", vh.AddNegativeTargets, advCampaignScreen.Needs(advertising.PermissionCampaignEdit)).Takes(advertising.NegativeTargetsForm{}).Answers(advertisingapi.Changed{})
	// 操作记录: the changes sent to Amazon, limited to the user's store groups.
	advOperationScreen := middleware.Screen("/amazon/adv/operation")
	advAPI.POST("/sp/operations/page", vh.Operations, advOperationScreen).Takes(advertising.OperationQuery{}).Answers(api.Page[advertisingapi.Operation]{})
	advAPI.GET("/sp/operations/export", vh.OperationsExport(export), advOperationScreen)
	// 广告概览: every campaign's figures of a period in CNY, beside the previous period's, and by day.
	advOverviewScreen := middleware.Screen("/amazon/adv/overview")
	advAPI.POST("/sp/overview", vh.Overview, advOverviewScreen).Takes(advertising.OverviewQuery{}).Answers(advertisingapi.OverviewAnswer{})
	advAPI.POST("/sp/overview/days", vh.OverviewDays, advOverviewScreen).Takes(advertising.OverviewQuery{}).Answers(api.Page[advertisingapi.OverviewDay]{})
	advAPI.GET("/sp/overview/export", vh.OverviewExport(export), advOverviewScreen)
	// 报告下载: the synced Sponsored Products reports, a row per day, as .xlsx for a range.
	advDownloadScreen := middleware.Screen("/amazon/adv/download")
	advAPI.POST("/sp/download/coverage", vh.DownloadCoverage, advDownloadScreen).Takes(advertising.DownloadQuery{}).Answers([]advertisingapi.ReportCoverage{})
	advAPI.GET("/sp/download/export", vh.Download, advDownloadScreen)
	// ROAS排名: the period's campaigns, ad groups or advertised SKUs by ROAS, figures summed as 广告概览 sums them.
	advRoasScreen := middleware.Screen("/amazon/adv/roas")
	advAPI.POST("/sp/roas/page", vh.RoasPage, advRoasScreen).Takes(advertising.RoasQuery{}).Answers(api.Page[advertisingapi.RoasLine]{})
	advAPI.GET("/sp/roas/export", vh.RoasExport(export), advRoasScreen)
	// 广告统计: the period's figures by day, week or month, by store, 站点 or campaign type, summed as 广告概览 sums them.
	advStatisticsScreen := middleware.Screen("/amazon/adv/statistics")
	advAPI.POST("/sp/statistics/page", vh.StatisticsPage, advStatisticsScreen).Takes(advertising.StatisticsQuery{}).Answers(advertisingapi.StatisticsPage{})
	advAPI.GET("/sp/statistics/export", vh.StatisticsExport(export), advStatisticsScreen)
	// 广告漏斗: impressions → clicks → orders of the period and the period before, by campaign, ad group, keyword or SKU.
	advFunnelScreen := middleware.Screen("/amazon/adv/funnel")
	advAPI.POST("/sp/funnel/page", vh.FunnelPage, advFunnelScreen).Takes(advertising.FunnelQuery{}).Answers(advertisingapi.FunnelPage{})
	advAPI.GET("/sp/funnel/export", vh.FunnelExport(export), advFunnelScreen)
	// 指标分析: the advertised SKUs' spend against all their sales (TACOS), ACOS and the ads' share of sales.
	advIndicatorsScreen := middleware.Screen("/amazon/adv/indicators")
	advAPI.POST("/sp/indicators/page", vh.IndicatorsPage, advIndicatorsScreen).Takes(advertising.IndicatorQuery{}).Answers(advertisingapi.IndicatorsPage{})
	advAPI.GET("/sp/indicators/export", vh.IndicatorsExport(export), advIndicatorsScreen)
	// 广告规则: rules that read the synced figures and change keywords, bids and budgets through 广告管理's calls on
	// each new day of data (the adv_watch job), with a dry run; 预警管理: the sudden changes that job raises.
	arh := &advertisingapi.RulesHandler{Rules: sv.AdRules, TimeZone: d.Config.TimeZone}
	advRulesScreen := middleware.Screen("/amazon/adv/rules")
	advRulesEdit := advRulesScreen.Needs(advertising.PermissionRulesEdit)
	advAPI.POST("/sp/rules/page", arh.RulesPage, advRulesScreen).Takes(advertising.RuleQuery{}).Answers(api.Page[advertisingapi.Rule]{})
	advAPI.GET("/sp/rules/export", arh.RulesExport(export), advRulesScreen)
	advAPI.POST("/sp/rules/save", arh.SaveRule, advRulesEdit).Takes(advertising.RuleForm{}).Answers(advertisingapi.Saved{})
	advAPI.POST("/sp/rules/enable", arh.EnableRules, advRulesEdit).Takes(advertising.RuleIDs{}).Answers(advertisingapi.Count{})
	advAPI.POST("/sp/rules/disable", arh.DisableRules, advRulesEdit).Takes(advertising.RuleIDs{}).Answers(advertisingapi.Count{})
	advAPI.POST("/sp/rules/delete", arh.DeleteRules, advRulesEdit).Takes(advertising.RuleIDs{}).Answers(advertisingapi.Count{})
	advAPI.POST("/sp/rules/dryrun", arh.DryRunRule, advRulesScreen).Takes(advertising.RuleID{}).Answers(advertisingapi.DryRun{})
	advAPI.POST("/sp/rules/run", arh.RunRule, advRulesEdit).Takes(advertising.RuleID{}).Answers(advertisingapi.RuleRun{})
	advAPI.POST("/sp/rules/adgroups", arh.RuleAdGroups, advRulesScreen).Takes(advertising.RuleAdGroupQuery{}).Answers([]advertisingapi.RuleAdGroup{})
	advWarningScreen := middleware.Screen("/amazon/adv/warning")
	advAPI.POST("/sp/alerts/page", arh.AlertsPage, advWarningScreen).Takes(advertising.AlertQuery{}).Answers(api.Page[advertisingapi.Alert]{})
	advAPI.GET("/sp/alerts/export", arh.AlertsExport(export), advWarningScreen)
	advAPI.POST("/sp/alerts/unread", arh.UnreadAlerts, advWarningScreen).Answers(advertisingapi.Unread{})
	advAPI.POST("/sp/alerts/read", arh.ReadAlerts, advWarningScreen).Takes(advertising.AlertIDs{}).Answers(advertisingapi.Count{})
	advAPI.POST("/sp/alerts/settings", arh.GetAlertSettings, advWarningScreen).Answers(advertisingapi.AlertSettings{})
	advAPI.POST("/sp/alerts/settings/save", arh.SaveAlertSettings, advWarningScreen.Needs(advertising.PermissionWarningEdit)).Takes(advertising.AlertSettingsForm{}).Answers(advertisingapi.AlertSettings{})
	advAPI.POST("/sp/alerts/check", arh.CheckAlerts, advWarningScreen.Needs(advertising.PermissionWarningEdit)).Answers(advertisingapi.Count{})

	// 接口文档: the description of the JSON API above, built once from its table, for those granted the screen;
	// the page (built above) reads the same document.
	pg.APIDocument = apiDocument(docs)
	bare.GET("/sys/swagger/openapi.json", pg.APIDocJSON, middleware.Screen("/sys/swagger"))

	// Unknown addresses: the envelope under the API prefixes, the 404 page elsewhere.
	e.RouteNotFound("/*", func(*echo.Context) error { return echo.ErrNotFound })
	return table
}
