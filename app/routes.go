package app

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/api/advert"
	amazonapi "sellerhub/app/api/amazon"
	"sellerhub/app/api/auth"
	"sellerhub/app/api/contacts"
	syncapi "sellerhub/app/api/datasync"
	"sellerhub/app/api/depts"
	"sellerhub/app/api/dicts"
	financeapi "sellerhub/app/api/finance"
	"sellerhub/app/api/material"
	"sellerhub/app/api/menus"
	"sellerhub/app/api/notify"
	"sellerhub/app/api/operationlogs"
	orderapi "sellerhub/app/api/orders"
	profitapi "sellerhub/app/api/profit"
	"sellerhub/app/api/queryfield"
	"sellerhub/app/api/roles"
	salesapi "sellerhub/app/api/sales"
	"sellerhub/app/api/ship"
	"sellerhub/app/api/shipform"
	"sellerhub/app/api/tags"
	"sellerhub/app/api/users"
	"sellerhub/app/api/warehouse"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/finance"
	"sellerhub/app/middleware"
	"sellerhub/app/orders"
	"sellerhub/app/pages"
	"sellerhub/app/profit"
	"sellerhub/app/reference"
	"sellerhub/app/shipping"
	"sellerhub/app/stock"
	"sellerhub/app/stores"
	"sellerhub/models"
)

// The picture upload routes (users/saveImage and material/photoupload below) have their own body limit.
const (
	saveImagePath   = "/admin/api/v1/users/saveImage"
	photoUploadPath = "/erp/api/v1/material/photoupload"
	syncUploadPath  = "/amazon/api/v1/datasync/upload"
)

// routes is the one route table: every URL the product answers is here.
func routes(e *echo.Echo, d Deps, pg *pages.Handler) RouteAccess {
	sv := d.Services
	table := RouteAccess{}
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
	page.POST("/logout", pg.Logout, signedIn)
	// Publishing an announcement needs the sys:notify:add permission, checked by the service.
	page.POST("/sys/notify/publish", pg.NotifyPublish, signedIn)
	// The personal center's forms (the hidden field form names which) and its pictures, only to the same company.
	page.POST("/usercenter", pg.UserCenterForm, signedIn)
	bare.GET(core.UploadPrefix+":name", pg.Upload, signedIn)
	// The 配货单, a print document outside the shell (also the shipment_handing/pehuo tab below), within the store
	// groups the user is granted (checked by the service).
	page.GET("/orderblank", pg.PickList, signedIn)

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
		"/usercenter":         pg.UserCenter,
		// The product catalogue. The add and edit screens are one screen (the id in the query says which).
		"/erp/material/localproduct": pg.ProductScreen("本地产品", "products"),
		"/localproduct/addinfo":      pg.ProductScreen("新增本地产品", "productForm"),
		"/localproduct/editinfo":     pg.ProductScreen("编辑本地产品", "productForm"),
		"/material/details":          pg.ProductScreen("产品详情", "productDetails"),
		"/amazon/listing/relation":   pg.ProductScreen("SKU配对", "listings"),
		"/erp/base/brand":            pg.AdminScreen("品牌", "brands"),
		"/erp/base/category":         pg.AdminScreen("分类", "categories"),
		"/erp/base/supplier":         pg.AdminScreen("供应商", "suppliers"),
		"/shipment_handing/pehuo":    pg.PickList,
		"/erp/warehouse/base":        pg.WarehouseScreen("仓库", "warehouses"),
		"/erp/warehouse/record":      pg.WarehouseScreen("库存流水", "record"),
		"/amazon/inventory/quantity": pg.WarehouseScreen("库存数量", "stock"),
		"/erp/warehouse/inbound":     pg.WarehouseScreen("入库单", "inboundList"),
		"/erp/warehouse/outbound":    pg.WarehouseScreen("出库单", "outboundList"),
		"/e/w/i":                     pg.WarehouseScreen("新建入库单", "inboundNew"),
		"/e/w/i/d":                   pg.WarehouseScreen("入库单详情", "inboundDetail"),
		"/e/w/o":                     pg.WarehouseScreen("新建出库单", "outboundNew"),
		"/e/w/o/d":                   pg.WarehouseScreen("出库单详情", "outboundDetail"),
		"/erp/ship/plan":             pg.ShipScreen("发货计划", "plans"),
		"/e/s/p":                     pg.ShipScreen("发货计划提交", "planEdit"),
		"/erp/ship/quota":            pg.ShipScreen("货件处理", "shipments"),
		"/shipment_handing/shipstep": pg.ShipScreen("货件处理", "shipstep"),
		"/shipmentdetails":           pg.ShipmentDetails,
		"/amazon/storeAuth":          pg.StoreAuth,
		"/amazon/datasync":           pg.DataSync,
		"/erp/finance/exchangerate":  pg.FinanceScreen("汇率", "rates"),
		"/amazon/profit/calculator":  pg.FinanceScreen("利润计算器", "calculator"),
		"/amazon/sales/report":       pg.SalesScreen("销售报表", "report"),
		"/amazon/orders/summary":     pg.SalesScreen("周/月汇总", "summary"),
		"/amazon/payment/profit":     pg.ProfitScreen("利润报告", "report"),
		"/amazon/profit/config":      pg.ProfitScreen("利润配置", "config"),
		"/a/p/c":                     pg.FinanceScreen("编辑计算方案", "plan"),
		"/amazon/orders/manager":     pg.OrderScreen("订单管理", "manager"),
		"/amazon/orders/today":       pg.OrderScreen("今日订单", "today"),
		"/amazon/orders/refund":      pg.OrderScreen("退款订单", "refund"),
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
	adminAPI := guarded{group: e.Group("/admin/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table}
	adminAPI.POST("/auth/login", ah.Login, middleware.Anyone)
	adminAPI.GET("/auth/apilogout", ah.Logout, middleware.Anyone)
	adminAPI.POST("/auth/ssologinisrun", ah.SSOLoginIsRun, middleware.Anyone)
	adminAPI.GET("/auth/verifySmsCode", ah.VerifySmsCode, middleware.Anyone)
	adminAPI.GET("/users/getSmsCode", uh.GetSmsCode, middleware.Anyone)
	adminAPI.GET("/users/getEmailCode", uh.GetEmailCode, middleware.Anyone)
	adminAPI.POST("/users/register", uh.Register, middleware.Anyone)
	adminAPI.POST("/users/updatePasswordForget", uh.UpdatePasswordForget, middleware.Anyone)
	adminAPI.POST("/users/updatePassword", uh.UpdatePassword, middleware.Anyone) // proof: a code, or a session and the old password

	// Signed-in calls take the guard per route: a group would also guard unknown paths, answering 403 for a 404.
	// oplog goes last on a route that changes the company's data: its successful calls land in the operation log
	// under the readable action name.
	oplog := func(action string) echo.MiddlewareFunc { return middleware.OpLog(sv.Admin, action) }
	// Every list's .xlsx export: the whole current query in the user's columns (api.ExportOf).
	export := api.Exporter{Columns: sv.Admin.QueryFields, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/users/info", uh.Info, signedIn)
	adminAPI.GET("/users/detail", uh.Detail, signedIn)
	adminAPI.GET("/users/findOwnerAll", uh.FindOwnerAll, signedIn)
	adminAPI.GET("/users/limitData", uh.LimitData, signedIn)
	adminAPI.POST("/users/verifyPassword", uh.VerifyPassword, signedIn)
	adminAPI.POST("/users/updatePasswordSelf", uh.UpdatePasswordSelf, signedIn, oplog("修改密码"))
	adminAPI.GET("/users/findbindlist", uh.FindBindList, signedIn)
	adminAPI.GET("/users/getbindId", uh.GetBindID, signedIn)
	// Binding and switching change state over GET for the older client, so they get the same-origin check too.
	adminAPI.GET("/users/sysrole/openidbind", uh.BindAccount, signedIn.ChangesOnGET())
	adminAPI.POST("/users/sysrole/openidbind", uh.BindAccount, signedIn)
	adminAPI.GET("/auth/changeLoginWechatApp", ah.ChangeLoginWechatApp, signedIn.ChangesOnGET())
	adminAPI.POST("/auth/ssohandover", ah.SSOHandover, signedIn)

	// The personal center. mergeAccount is the binding of another account of the same person, checked as a login.
	adminAPI.POST("/users/updateSelf", uh.UpdateSelf, signedIn, oplog("修改姓名"))
	adminAPI.POST("/users/updateAccountSelf", uh.UpdateAccountSelf, signedIn, oplog("更换手机号"))
	adminAPI.POST("/users/updateEmailSelf", uh.UpdateEmailSelf, signedIn, oplog("更换邮箱"))
	adminAPI.POST("/users/saveImage", uh.SaveImage, signedIn, oplog("更换头像")) // saveImagePath: its own body limit
	adminAPI.POST("/users/mergeAccount", uh.BindAccount, signedIn, oplog("合并账号"))
	adminAPI.GET("/users/unbindAccountBinding", uh.UnbindAccountBinding, signedIn.ChangesOnGET(), oplog("解绑账号"))
	adminAPI.POST("/users/unbindAccountBinding", uh.UnbindAccountBinding, signedIn, oplog("解绑账号"))
	adminAPI.GET("/users/unbindWechat", uh.UnbindWechat, signedIn.ChangesOnGET())
	adminAPI.GET("/users/unbindAccount", uh.UnbindAccount, signedIn.ChangesOnGET(), oplog("注销账号")) // log off, after verifyPassword

	mh := &menus.Handler{Admin: sv.Admin, Built: pg.Built}
	adminAPI.GET("/menus/route", mh.Routes, signedIn)
	adminAPI.GET("/menus/cleanUserCache", mh.CleanUserCache, signedIn)
	// 菜单管理: the product menu, shared by every company. Those granted the screen read it; changes need its
	// button permissions and, checked by the service, a platform admin. Every user's menu is rebuilt after one.
	menuScreen := middleware.Screen("/sys/menu")
	adminAPI.GET("/menus/admin/tree", mh.AdminTreeGet, menuScreen)
	adminAPI.POST("/menus/admin/menus", mh.CreateMenu, menuScreen.Needs(admin.PermissionMenuAdd), oplog("新增菜单"))
	adminAPI.PUT("/menus/admin/menus/:id", mh.UpdateMenu, menuScreen.Needs(admin.PermissionMenuEdit), oplog("编辑菜单"))
	adminAPI.DELETE("/menus/admin/menus/:id", mh.DeleteMenu, menuScreen.Needs(admin.PermissionMenuDelete), oplog("删除菜单"))
	adminAPI.PUT("/menus/admin/sort", mh.SortMenus, menuScreen.Needs(admin.PermissionMenuEdit), oplog("菜单排序"))
	adminAPI.POST("/menus/admin/permissions", mh.CreatePermission, menuScreen.Needs(admin.PermissionMenuAdd), oplog("新增按钮权限"))
	adminAPI.PUT("/menus/admin/permissions/:id", mh.UpdatePermission, menuScreen.Needs(admin.PermissionMenuEdit), oplog("编辑按钮权限"))
	adminAPI.DELETE("/menus/admin/permissions/:id", mh.DeletePermission, menuScreen.Needs(admin.PermissionMenuDelete), oplog("删除按钮权限"))

	// Notify. Lists never mark read; the two GETs that write are the clients' and refuse other sites.
	nh := &notify.Handler{Messages: sv.Messages, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/notify/pullMessage", nh.PullMessage, signedIn.ChangesOnGET())
	adminAPI.GET("/notify/findNitofyNums", nh.FindNitofyNums, signedIn)
	adminAPI.GET("/notify/findNoReadByUserAll", nh.FindNoReadByUserAll, signedIn)
	adminAPI.GET("/notify/getMsgLimit", nh.GetMsgLimit, signedIn)
	adminAPI.POST("/notify/getAnnounce", nh.GetAnnounce, signedIn)
	adminAPI.POST("/notify/getRemind", nh.GetRemind, signedIn)
	adminAPI.POST("/notify/getMessage", nh.GetMessage, signedIn)
	adminAPI.GET("/notify/export", nh.InboxExport(export), signedIn)
	adminAPI.GET("/notify/updateAllTargets", nh.UpdateAllTargets, signedIn.ChangesOnGET())
	adminAPI.POST("/notify/updateAllTargets", nh.UpdateAllTargets, signedIn)
	adminAPI.POST("/notify/markRead", nh.MarkRead, signedIn)
	// Publishing, the published list and withdrawing are for holders of sys:notify:add, checked by the service.
	adminAPI.POST("/notify/addAnnounce", nh.AddAnnounce, signedIn, oplog("发布公告"))
	adminAPI.POST("/notify/published/page", nh.PublishedPage, signedIn)
	adminAPI.GET("/notify/published/export", nh.PublishedExport(export), signedIn)
	adminAPI.POST("/notify/withdraw", nh.Withdraw, signedIn, oplog("撤回公告"))

	// Column configuration: each user's own layouts of the lists. Deleting is a GET in the contract, so it refuses
	// other sites like the other GETs that write.
	qh := &queryfield.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/sysQueryField/loadfield", qh.LoadField, signedIn)
	adminAPI.GET("/sysQueryField/loadMyField", qh.LoadField, signedIn)
	adminAPI.GET("/sysQueryField/getVersionFieldByUserQueryName", qh.LoadField, signedIn)
	adminAPI.GET("/sysQueryField/getMyVersionFieldByUser", qh.GetMyVersionFieldByUser, signedIn)
	adminAPI.GET("/sysQueryField/getVersionFieldById", qh.GetVersionFieldByID, signedIn)
	adminAPI.POST("/sysQueryField/saveMyVersionFieldWithName", qh.SaveMyVersionFieldWithName, signedIn)
	adminAPI.POST("/sysQueryField/saveMyVersionField/:id", qh.SaveMyVersionField, signedIn)
	adminAPI.POST("/sysQueryField/saveMyDefaultField", qh.SaveMyDefaultField, signedIn)
	adminAPI.POST("/sysQueryField/useVersion/:id", qh.UseVersion, signedIn)
	adminAPI.POST("/sysQueryField/useDefault", qh.UseDefault, signedIn)
	adminAPI.GET("/sysQueryField/deleteMyVersionField", qh.DeleteMyVersionField, signedIn.ChangesOnGET())

	// Dictionaries. Reading needs a session only (drop-downs all over the product read them); changing them
	// needs the 数据字典 screen's button permissions.
	dh := &dicts.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/dicts/page", dh.DictPage, signedIn)
	adminAPI.GET("/dicts/export", dh.ExportDicts(export), signedIn)
	adminAPI.GET("/dicts/:id", dh.GetDict, signedIn)
	adminAPI.POST("/dicts", dh.CreateDict, needs(reference.PermissionDictAdd), oplog("新增字典"))
	adminAPI.PUT("/dicts/:id", dh.UpdateDict, needs(reference.PermissionDictEdit), oplog("编辑字典"))
	adminAPI.DELETE("/dicts/:id", dh.DeleteDict, needs(reference.PermissionDictDelete), oplog("删除字典"))
	adminAPI.GET("/dict-items/page", dh.ItemPage, signedIn)
	adminAPI.GET("/dict-items/select_list/:code", dh.SelectList, signedIn)
	adminAPI.GET("/dict-items/export", dh.ExportItems, signedIn)
	adminAPI.GET("/dict-items", dh.ItemOptions, signedIn)
	adminAPI.GET("/dict-items/:id", dh.GetItem, signedIn)
	adminAPI.POST("/dict-items", dh.CreateItem, needs(reference.PermissionDictAdd), oplog("新增字典项"))
	adminAPI.PUT("/dict-items/:id", dh.UpdateItem, needs(reference.PermissionDictEdit), oplog("编辑字典项"))
	adminAPI.DELETE("/dict-items/:id", dh.DeleteItem, needs(reference.PermissionDictDelete), oplog("删除字典项"))

	// Tags and their groups. Reading needs a session only (product screens show tags); changing them needs the
	// 标签 and 标签分组 screens' button permissions.
	th := &tags.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	adminAPI.POST("/tagGroups/page", th.GroupPage, signedIn)
	adminAPI.GET("/tagGroups/export", th.GroupExport(export), signedIn)
	adminAPI.GET("/tagGroups/options", th.GroupOptions, signedIn)
	adminAPI.GET("/tagGroups/:id", th.GetGroup, signedIn)
	adminAPI.POST("/tagGroups", th.CreateGroup, needs(reference.PermissionTagGroupAdd), oplog("新增标签分组"))
	adminAPI.PUT("/tagGroups/:id", th.UpdateGroup, needs(reference.PermissionTagGroupEdit), oplog("编辑标签分组"))
	adminAPI.DELETE("/tagGroups/:id", th.DeleteGroup, needs(reference.PermissionTagGroupDelete), oplog("删除标签分组"))
	adminAPI.POST("/tags/page", th.TagPage, signedIn)
	adminAPI.GET("/tags/export", th.TagExport(export), signedIn)
	adminAPI.GET("/tags/:id", th.GetTag, signedIn)
	adminAPI.POST("/tags", th.CreateTag, needs(reference.PermissionTagAdd), oplog("新增标签"))
	adminAPI.PUT("/tags/:id", th.UpdateTag, needs(reference.PermissionTagEdit), oplog("编辑标签"))
	adminAPI.DELETE("/tags/:id", th.DeleteTag, needs(reference.PermissionTagDelete), oplog("删除标签"))

	// Clients and customers: reading needs their screen (the menu entry), changing it its button permissions.
	ch := &contacts.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	clientScreen := middleware.Screen("/sys/client")
	customerScreen := middleware.Screen("/sys/customer")
	adminAPI.POST("/clients/page", ch.ClientPage, clientScreen)
	adminAPI.GET("/clients/export", ch.ClientExport(export), clientScreen)
	adminAPI.GET("/clients/:id", ch.GetClient, clientScreen)
	adminAPI.POST("/clients", ch.CreateClient, needs(reference.PermissionClientAdd), oplog("新增客户端"))
	adminAPI.PUT("/clients/:id", ch.UpdateClient, needs(reference.PermissionClientEdit), oplog("编辑客户端"))
	adminAPI.DELETE("/clients/:id", ch.DeleteClient, needs(reference.PermissionClientDelete), oplog("删除客户端"))
	adminAPI.POST("/customers/page", ch.CustomerPage, customerScreen)
	adminAPI.GET("/customers/export", ch.CustomerExport(export), customerScreen)
	adminAPI.GET("/customers/:id", ch.GetCustomer, customerScreen)
	adminAPI.POST("/customers", ch.CreateCustomer, needs(reference.PermissionCustomerAdd), oplog("新增客户"))
	adminAPI.PUT("/customers/:id", ch.UpdateCustomer, needs(reference.PermissionCustomerEdit), oplog("编辑客户"))
	adminAPI.DELETE("/customers/:id", ch.DeleteCustomer, needs(reference.PermissionCustomerDelete), oplog("删除客户"))

	// The operation log, for those granted to read it.
	oh := &operationlogs.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/operationLogs/page", oh.Page, needs(admin.PermissionOperationLogView))
	adminAPI.POST("/operationLogs/page", oh.Page, needs(admin.PermissionOperationLogView))
	adminAPI.GET("/operationLogs/export", oh.Export(export), needs(admin.PermissionOperationLogView))

	// Sub-users (子账号) and roles (角色授权): every call needs its screen's menu grant, and each change the
	// screen's button permission too. Grant and role changes drop the affected users' cached menus.
	subuserScreen := middleware.Screen("/sys/subuser")
	adminAPI.POST("/users/subusers/page", uh.SubUserPage, subuserScreen)
	adminAPI.GET("/users/subusers/export", uh.SubUserExport(export), subuserScreen)
	adminAPI.GET("/users/subusers/roles", uh.SubUserRoles, subuserScreen)
	adminAPI.GET("/users/subusers/depts", uh.SubUserDepartments, subuserScreen)
	adminAPI.GET("/users/subusers/storeGroups", uh.SubUserStoreGroups, subuserScreen)
	adminAPI.GET("/users/subusers/:id", uh.GetSubUser, subuserScreen)
	adminAPI.POST("/users/subusers", uh.CreateSubUser, subuserScreen.Needs(admin.PermissionUserAdd), oplog("新增子账号"))
	adminAPI.PUT("/users/subusers/:id", uh.UpdateSubUser, subuserScreen.Needs(admin.PermissionUserEdit), oplog("编辑子账号"))
	adminAPI.POST("/users/subusers/:id/disable", uh.DisableSubUser, subuserScreen.Needs(admin.PermissionUserDisable), oplog("停用子账号"))
	adminAPI.POST("/users/subusers/:id/enable", uh.EnableSubUser, subuserScreen.Needs(admin.PermissionUserDisable), oplog("启用子账号"))
	adminAPI.POST("/users/subusers/:id/resetPassword", uh.ResetSubUserPassword, subuserScreen.Needs(admin.PermissionUserReset), oplog("重置子账号密码"))
	rh := &roles.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	roleScreen := middleware.Screen("/sys/role")
	adminAPI.POST("/roles/page", rh.Page, roleScreen)
	adminAPI.GET("/roles/export", rh.Export(export), roleScreen)
	adminAPI.GET("/roles/:id", rh.Get, roleScreen)
	adminAPI.POST("/roles", rh.Create, roleScreen.Needs(admin.PermissionRoleAdd), oplog("新增角色"))
	adminAPI.PUT("/roles/:id", rh.Update, roleScreen.Needs(admin.PermissionRoleEdit), oplog("编辑角色"))
	adminAPI.DELETE("/roles/:id", rh.Delete, roleScreen.Needs(admin.PermissionRoleDelete), oplog("删除角色"))
	adminAPI.GET("/roles/:id/grants", rh.GetGrants, roleScreen)
	adminAPI.PUT("/roles/:id/grants", rh.PutGrants, roleScreen.Needs(admin.PermissionRoleEdit), oplog("角色授权"))

	// Departments (部门): the tree needs the screen's menu grant, each change its button permission too.
	deh := &depts.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	deptScreen := middleware.Screen("/sys/dept")
	adminAPI.GET("/depts/tree", deh.Tree, deptScreen)
	adminAPI.POST("/depts", deh.Create, deptScreen.Needs(admin.PermissionDeptAdd), oplog("新增部门"))
	adminAPI.PUT("/depts/:id", deh.Update, deptScreen.Needs(admin.PermissionDeptEdit), oplog("编辑部门"))
	adminAPI.DELETE("/depts/:id", deh.Delete, deptScreen.Needs(admin.PermissionDeptDelete), oplog("删除部门"))

	// The product catalogue (/erp/api/v1). Reading a product, a brand, a category or a supplier needs a session
	// only: other modules show them and pick products (material/search); the product list and its export need
	// the 本地产品 screen, listings the SKU配对 screen. Each change needs its button permission.
	erp := guarded{group: e.Group("/erp/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table}
	mat := &material.Handler{Catalog: sv.Catalog, TimeZone: d.Config.TimeZone}
	productScreen := middleware.Screen("/erp/material/localproduct")
	listingScreen := middleware.Screen("/amazon/listing/relation")
	erp.POST("/material/page", mat.Page, productScreen)
	erp.GET("/material/search", mat.Search, signedIn)
	erp.GET("/material/export", mat.Export, productScreen.Needs(catalog.PermissionProductExport))
	erp.GET("/material/importTemplate", mat.ImportTemplate, needs(catalog.PermissionProductImport))
	erp.POST("/material/import", mat.Import, needs(catalog.PermissionProductImport), oplog("导入产品"))
	erp.POST("/material/photoupload", mat.PhotoUpload, needs(catalog.PermissionProductAdd, catalog.PermissionProductEdit)) // photoUploadPath: its own body limit
	erp.GET("/material/:id", mat.Get, signedIn)
	erp.GET("/material/:id/listings", mat.Listings, signedIn)
	erp.POST("/material", mat.Create, needs(catalog.PermissionProductAdd), oplog("新增产品"))
	erp.PUT("/material/:id", mat.Update, needs(catalog.PermissionProductEdit), oplog("编辑产品"))
	erp.POST("/material/:id/disable", mat.Disable, needs(catalog.PermissionProductEdit), oplog("停用产品"))
	erp.POST("/material/:id/enable", mat.Enable, needs(catalog.PermissionProductEdit), oplog("启用产品"))
	erp.DELETE("/material/:id", mat.Delete, needs(catalog.PermissionProductDelete), oplog("删除产品"))
	erp.POST("/brand/page", mat.BrandPage, signedIn)
	erp.GET("/brand/export", mat.BrandExport(export), signedIn)
	erp.GET("/brand/options", mat.BrandOptions, signedIn)
	erp.GET("/brand/:id", mat.GetBrand, signedIn)
	erp.POST("/brand", mat.CreateBrand, needs(catalog.PermissionBrandAdd), oplog("新增品牌"))
	erp.PUT("/brand/:id", mat.UpdateBrand, needs(catalog.PermissionBrandEdit), oplog("编辑品牌"))
	erp.DELETE("/brand/:id", mat.DeleteBrand, needs(catalog.PermissionBrandDelete), oplog("删除品牌"))
	erp.GET("/category/tree", mat.CategoryTree, signedIn)
	erp.GET("/category/:id", mat.GetCategory, signedIn)
	erp.POST("/category", mat.CreateCategory, needs(catalog.PermissionCategoryAdd), oplog("新增分类"))
	erp.PUT("/category/:id", mat.UpdateCategory, needs(catalog.PermissionCategoryEdit), oplog("编辑分类"))
	erp.DELETE("/category/:id", mat.DeleteCategory, needs(catalog.PermissionCategoryDelete), oplog("删除分类"))
	erp.POST("/supplier/page", mat.SupplierPage, signedIn)
	erp.GET("/supplier/export", mat.SupplierExport(export), signedIn)
	erp.GET("/supplier/options", mat.SupplierOptions, signedIn)
	erp.GET("/supplier/:id", mat.GetSupplier, signedIn)
	erp.POST("/supplier", mat.CreateSupplier, needs(catalog.PermissionSupplierAdd), oplog("新增供应商"))
	erp.PUT("/supplier/:id", mat.UpdateSupplier, needs(catalog.PermissionSupplierEdit), oplog("编辑供应商"))
	erp.DELETE("/supplier/:id", mat.DeleteSupplier, needs(catalog.PermissionSupplierDelete), oplog("删除供应商"))
	erp.POST("/listing/page", mat.ListingPage, listingScreen)
	erp.GET("/listing/export", mat.ListingExport(export), listingScreen)
	erp.GET("/listing/groups", mat.ListingGroups, signedIn)
	erp.GET("/listing/marketplaces", mat.Marketplaces, signedIn)
	erp.GET("/listing/:id", mat.GetListing, listingScreen)
	erp.POST("/listing", mat.CreateListing, needs(catalog.PermissionListingAdd), oplog("新增Listing"))
	erp.PUT("/listing/:id", mat.UpdateListing, needs(catalog.PermissionListingEdit), oplog("编辑Listing"))
	erp.POST("/listing/:id/pair", mat.PairListing, needs(catalog.PermissionListingEdit), oplog("SKU配对"))
	erp.DELETE("/listing/:id", mat.DeleteListing, needs(catalog.PermissionListingDelete), oplog("删除Listing"))

	// The pick list (shipForm): any signed-in user of the company, within the store groups they are granted.
	sf := &shipform.Handler{Shipping: sv.Shipping, TimeZone: d.Config.TimeZone}
	erp.GET("/shipForm/quotainfo/:shipmentid", sf.QuotaInfo, signedIn)
	erp.POST("/shipForm/getQRCode/:shipmentid/:size", sf.QRCode, signedIn)

	// Warehouses, stock and the inbound and outbound documents (/erp/api/v1). Reading needs the screen (its menu
	// entry), each change its button permission. The warehouse drop-downs and the documents' product picker need a
	// session only: several screens offer them.
	wh := &warehouse.Handler{Stock: sv.Stock, TimeZone: d.Config.TimeZone}
	warehouseScreen := middleware.Screen("/erp/warehouse/base")
	erp.POST("/warehouse/page", wh.WarehousePage, warehouseScreen)
	erp.GET("/warehouse/export", wh.WarehouseExport(export), warehouseScreen)
	erp.GET("/warehouse/options", wh.WarehouseOptions, signedIn)
	erp.GET("/warehouse/:id", wh.GetWarehouse, warehouseScreen)
	erp.POST("/warehouse", wh.CreateWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseAdd), oplog("新增仓库"))
	erp.PUT("/warehouse/:id", wh.UpdateWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseEdit), oplog("编辑仓库"))
	erp.POST("/warehouse/:id/disable", wh.DisableWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseEdit), oplog("停用仓库"))
	erp.POST("/warehouse/:id/enable", wh.EnableWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseEdit), oplog("启用仓库"))
	erp.DELETE("/warehouse/:id", wh.DeleteWarehouse, warehouseScreen.Needs(stock.PermissionWarehouseDelete), oplog("删除仓库"))
	stockScreen := middleware.Screen("/amazon/inventory/quantity")
	erp.POST("/stock/page", wh.StockPage, stockScreen)
	erp.GET("/stock/export", wh.StockExport(export), stockScreen)
	recordScreen := middleware.Screen("/erp/warehouse/record")
	erp.POST("/stock/ledger", wh.LedgerPage, recordScreen)
	erp.GET("/stock/ledger/export", wh.LedgerExport(export), recordScreen)
	erp.GET("/stock/products", wh.Products, signedIn)
	for _, doc := range []struct {
		kind, path, screen, what, add, approve, cancel string
	}{
		{models.DocInbound, "/inbound", "/erp/warehouse/inbound", "入库单",
			stock.PermissionInboundAdd, stock.PermissionInboundApprove, stock.PermissionInboundCancel},
		{models.DocOutbound, "/outbound", "/erp/warehouse/outbound", "出库单",
			stock.PermissionOutboundAdd, stock.PermissionOutboundApprove, stock.PermissionOutboundCancel},
	} {
		screen := middleware.Screen(doc.screen)
		erp.POST(doc.path+"/page", wh.DocumentPage(doc.kind), screen)
		erp.GET(doc.path+"/export", wh.DocumentExport(export, doc.kind, doc.what), screen)
		erp.GET(doc.path+"/:id", wh.GetDocument(doc.kind), screen)
		erp.POST(doc.path, wh.CreateDocument(doc.kind), screen.Needs(doc.add), oplog("新增"+doc.what))
		erp.PUT(doc.path+"/:id", wh.UpdateDocument(doc.kind), screen.Needs(doc.add), oplog("编辑"+doc.what))
		erp.POST(doc.path+"/:id/submit", wh.SubmitDocument(doc.kind), screen.Needs(doc.add), oplog("提交"+doc.what))
		erp.POST(doc.path+"/:id/approve", wh.ApproveDocument(doc.kind), screen.Needs(doc.approve), oplog("审核"+doc.what))
		erp.POST(doc.path+"/:id/cancel", wh.CancelDocument(doc.kind), screen.Needs(doc.cancel), oplog("作废"+doc.what))
	}
	// 汇率 (/erp/api/v1/exchangeRate): reading needs the screen, setting or deleting a month's rate its button
	// permission.
	fin := &financeapi.Handler{Finance: sv.Finance, TimeZone: d.Config.TimeZone}
	rateScreen := middleware.Screen("/erp/finance/exchangerate")
	erp.POST("/exchangeRate/page", fin.RatePage, rateScreen)
	erp.GET("/exchangeRate/export", fin.RateExport(export), rateScreen)
	erp.POST("/exchangeRate/history", fin.History, rateScreen)
	erp.GET("/exchangeRate/history/export", fin.HistoryExport(export), rateScreen)
	erp.PUT("/exchangeRate", fin.SetRate, rateScreen.Needs(finance.PermissionRateEdit), oplog("编辑汇率"))
	erp.DELETE("/exchangeRate/:id", fin.DeleteRate, rateScreen.Needs(finance.PermissionRateEdit), oplog("删除汇率"))
	// FBA shipments (/erp/api/v1). Plans need the 发货计划 screen, shipments the 货件处理 screen; creating and
	// changing them need their button permissions. Shipments are addressed by Amazon's shipment id.
	sh := &ship.Handler{Shipping: sv.Shipping, TimeZone: d.Config.TimeZone}
	planScreen := middleware.Screen("/erp/ship/plan")
	quotaScreen := middleware.Screen("/erp/ship/quota")
	erp.GET("/shipPlan/options", sh.PlanOptions, signedIn)
	erp.GET("/shipPlan/listings", sh.PlanListings, signedIn)
	erp.POST("/shipPlan/page", sh.PlanPage, planScreen)
	erp.GET("/shipPlan/export", sh.PlanExport(export), planScreen)
	erp.GET("/shipPlan/:id", sh.GetPlan, planScreen)
	erp.POST("/shipPlan", sh.CreatePlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("新建发货计划"))
	erp.PUT("/shipPlan/:id", sh.UpdatePlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("编辑发货计划"))
	erp.POST("/shipPlan/:id/submit", sh.SubmitPlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("提交发货计划"))
	erp.POST("/shipPlan/:id/cancel", sh.CancelPlan, planScreen.Needs(shipping.PermissionShipPlanAdd), oplog("作废发货计划"))
	erp.POST("/shipment/page", sh.ShipmentPage, quotaScreen)
	erp.GET("/shipment/export", sh.ShipmentExport(export), quotaScreen)
	erp.GET("/shipment/importTemplate", sh.ImportTemplate, quotaScreen)
	erp.POST("/shipment/import", sh.Import, quotaScreen.Needs(shipping.PermissionShipAdd), oplog("导入货件"))
	erp.POST("/shipment/fromPlan", sh.CreateFromPlan, needs(shipping.PermissionShipAdd), oplog("创建货件"))
	erp.POST("/shipment", sh.CreateManual, quotaScreen.Needs(shipping.PermissionShipAdd), oplog("新建货件"))
	erp.GET("/shipment/:id", sh.GetShipment, quotaScreen)
	erp.POST("/shipment/:id/confirm", sh.Confirm, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("确认配货"))
	erp.POST("/shipment/:id/unconfirm", sh.Unconfirm, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消配货"))
	erp.POST("/shipment/:id/box", sh.Box, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("货件装箱"))
	erp.POST("/shipment/:id/unbox", sh.Unbox, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消装箱"))
	erp.POST("/shipment/:id/ship", sh.Ship, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("货件发货"))
	erp.POST("/shipment/:id/unship", sh.Unship, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消发货"))
	erp.POST("/shipment/:id/receive", sh.Receive, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("货件收货"))
	erp.POST("/shipment/:id/amazonStatus", sh.AmazonStatus, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("更新货件状态"))
	erp.POST("/shipment/:id/cancel", sh.Cancel, quotaScreen.Needs(shipping.PermissionShipHandle), oplog("取消货件"))

	// Store authorization (/amazon/api/v1). authSeller is public: Amazon's redirect brings the seller back with a
	// signed, single-use state that names the company and store group. The rest need the 店铺管理 screen for the
	// list and its button permissions for changes; reading the store groups and marketplaces needs a session only
	// (other modules choose stores and marketplaces with them). A user limited to store groups sees only those.
	amz := guarded{group: e.Group("/amazon/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table}
	storeAuth := &amazonapi.Handler{Stores: sv.Stores, Sync: sv.DataSync, TimeZone: d.Config.TimeZone, PublicURL: d.Config.PublicURL}
	storeScreen := middleware.Screen("/amazon/storeAuth")
	amz.GET("/amzauthority/authSeller", storeAuth.AuthSeller, middleware.Anyone)
	amz.GET("/amzauthority/getAuthUrl", storeAuth.GetAuthURL, storeScreen.Needs(stores.PermissionStoreAdd))
	amz.POST("/amzauthority/saveAuth", storeAuth.SaveAuth, storeScreen.Needs(stores.PermissionStoreAdd), oplog("自有应用授权"))
	amz.GET("/amzauthority/getBindSeller", storeAuth.GetBindSeller, signedIn)
	amz.GET("/amzauthority/getRegionByGroup", storeAuth.GetRegionByGroup, signedIn)
	amz.GET("/amzauthority/getAuthMaketplace", storeAuth.GetAuthMaketplace, signedIn)
	amz.GET("/amzauthority/deleteByLogic", storeAuth.DeleteByLogic, storeScreen.Needs(stores.PermissionStoreDisable).ChangesOnGET(), oplog("停用店铺授权"))
	amz.POST("/amzauthority/page", storeAuth.Page, storeScreen)
	amz.GET("/amzauthority/export", storeAuth.Export(export), storeScreen)
	amz.GET("/amzauthority/storeGroups", storeAuth.StoreGroups, signedIn)
	amz.POST("/amzauthority/storeGroups", storeAuth.CreateStoreGroup, storeScreen.Needs(stores.PermissionStoreAdd), oplog("新增店铺"))
	amz.PUT("/amzauthority/storeGroups/:id", storeAuth.UpdateStoreGroup, storeScreen.Needs(stores.PermissionStoreAdd), oplog("编辑店铺"))
	amz.DELETE("/amzauthority/storeGroups/:id", storeAuth.DeleteStoreGroup, storeScreen.Needs(stores.PermissionStoreDisable), oplog("删除店铺"))
	amz.GET("/report/requestReportParamAuth", storeAuth.RequestReportParamAuth, storeScreen.Needs(stores.PermissionStoreAdd).ChangesOnGET(), oplog("请求报表"))

	// 数据同步: the stores' syncs and their history need the screen (a user limited to store groups sees those);
	// 立即同步 and 上传报告 their button permissions.
	sync := &syncapi.Handler{Sync: sv.DataSync, TimeZone: d.Config.TimeZone}
	syncScreen := middleware.Screen("/amazon/datasync")
	amz.POST("/datasync/page", sync.Page, syncScreen)
	amz.GET("/datasync/export", sync.Export(export), syncScreen)
	amz.POST("/datasync/runs", sync.Runs, syncScreen)
	amz.GET("/datasync/runs/export", sync.RunsExport(export), syncScreen)
	amz.POST("/datasync/tasks/:id/sync", sync.SyncNow, syncScreen.Needs(datasync.PermissionSyncRun), oplog("立即同步"))
	amz.POST("/datasync/upload", sync.Upload, syncScreen.Needs(datasync.PermissionSyncUpload), oplog("上传报告")) // syncUploadPath: its own body limit

	// 利润计算器: calculating and reading plans need the screen; saving, changing and deleting a plan its button
	// permissions.
	calcScreen := middleware.Screen("/amazon/profit/calculator")
	amz.GET("/profitCalc/options", fin.Options, calcScreen)
	amz.POST("/profitCalc/compute", fin.Compute, calcScreen)
	amz.POST("/profitPlan/page", fin.PlanPage, calcScreen)
	amz.GET("/profitPlan/export", fin.PlanExport(export), calcScreen)
	amz.GET("/profitPlan/:id", fin.GetPlan, calcScreen)
	amz.POST("/profitPlan", fin.CreatePlan, calcScreen.Needs(finance.PermissionPlanAdd), oplog("新增计算方案"))
	amz.PUT("/profitPlan/:id", fin.UpdatePlan, calcScreen.Needs(finance.PermissionPlanEdit), oplog("编辑计算方案"))
	amz.DELETE("/profitPlan/:id", fin.DeletePlan, calcScreen.Needs(finance.PermissionPlanDelete), oplog("删除计算方案"))

	// 销售报表 and 周/月汇总: reading and exporting need the screen; a user limited to store groups sees those
	// groups' sales.
	sales := &salesapi.Handler{Sales: sv.Sales}
	reportScreen := middleware.Screen("/amazon/sales/report")
	amz.POST("/sales/report", sales.ReportPage, reportScreen)
	amz.GET("/sales/report/export", sales.ReportExport(export), reportScreen)
	summaryScreen := middleware.Screen("/amazon/orders/summary")
	amz.POST("/sales/summary", sales.SummaryPage, summaryScreen)
	amz.GET("/sales/summary/export", sales.SummaryExport(export), summaryScreen)
	// 利润报告: reading, exporting and opening a figure's lines need the screen, and a user limited to store groups
	// sees those groups' profit; 利润配置 is read with its screen and changed with its button permission.
	prof := &profitapi.Handler{Profit: sv.Profit}
	profitScreen := middleware.Screen("/amazon/payment/profit")
	amz.POST("/profit/report", prof.ReportPage, profitScreen)
	amz.GET("/profit/report/export", prof.ReportExport(export), profitScreen)
	amz.POST("/profit/detail", prof.Detail, profitScreen)
	configScreen := middleware.Screen("/amazon/profit/config")
	amz.GET("/profit/config", prof.GetConfig, configScreen)
	amz.PUT("/profit/config", prof.SaveConfig, configScreen.Needs(profit.PermissionConfigEdit), oplog("保存利润配置"))
	// 订单管理, 今日订单 and 退款订单 need their screens, 订单管理's export its button permission; an order's detail
	// opens from either order list. A user limited to store groups sees their orders and refunds only.
	ordh := &orderapi.Handler{Orders: sv.Orders, TimeZone: d.Config.TimeZone}
	managerScreen := middleware.Screen("/amazon/orders/manager")
	amz.POST("/orders/page", ordh.Page, managerScreen)
	amz.GET("/orders/export", ordh.Export(export), managerScreen.Needs(orders.PermissionOrderExport))
	amz.GET("/orders/:id", ordh.Get, managerScreen)
	todayScreen := middleware.Screen("/amazon/orders/today")
	amz.POST("/orders/today", ordh.Today, todayScreen)
	amz.GET("/orders/today/export", ordh.TodayExport(export), todayScreen)
	amz.GET("/orders/today/:id", ordh.Get, todayScreen)
	refundScreen := middleware.Screen("/amazon/orders/refund")
	amz.POST("/orders/refunds", ordh.Refunds, refundScreen)
	amz.GET("/orders/refunds/export", ordh.RefundExport(export), refundScreen)

	// Advertising authorisation (广告授权) of the store list. bindAdvAuthData is public, protected by the signed
	// single-use state instead of a session. Authorising and disabling need the store list's button permissions;
	// the GETs that change something refuse other sites.
	vh := &advert.Handler{Stores: sv.Stores, TimeZone: d.Config.TimeZone}
	advAPI := guarded{group: e.Group("/amazonadv/api/v1", middleware.SameOrigin), admin: sv.Admin, signIn: middleware.RequireSession, table: table}
	advAPI.GET("/advert/bindUrl", vh.BindURL, storeScreen.Needs(stores.PermissionStoreAdd))
	advAPI.GET("/advert/bindAdvAuthData", vh.BindAdvAuthData, middleware.Anyone)
	advAPI.POST("/advert/bindAdvAuthData", vh.BindAdvAuthData, middleware.Anyone)
	advAPI.GET("/advert/disableAuth", vh.DisableAuth, storeScreen.Needs(stores.PermissionStoreDisable).ChangesOnGET(), oplog("停用广告授权"))
	advAPI.GET("/advert/loadProfile", vh.LoadProfile, signedIn)
	advAPI.GET("/advert/captureProfileById", vh.CaptureProfileByID, storeScreen.ChangesOnGET(), oplog("刷新广告配置文件"))
	advAPI.GET("/advManager/getGroup", vh.GetGroup, signedIn)

	// Unknown addresses: the envelope under the API prefixes, the 404 page elsewhere.
	e.RouteNotFound("/*", func(*echo.Context) error { return echo.ErrNotFound })
	return table
}
