package app

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api/advert"
	amazonapi "sellerhub/app/api/amazon"
	"sellerhub/app/api/auth"
	"sellerhub/app/api/contacts"
	"sellerhub/app/api/depts"
	"sellerhub/app/api/dicts"
	"sellerhub/app/api/material"
	"sellerhub/app/api/menus"
	"sellerhub/app/api/notify"
	"sellerhub/app/api/operationlogs"
	"sellerhub/app/api/queryfield"
	"sellerhub/app/api/roles"
	"sellerhub/app/api/ship"
	"sellerhub/app/api/shipform"
	"sellerhub/app/api/tags"
	"sellerhub/app/api/users"
	"sellerhub/app/api/warehouse"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/pages"
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
)

// routes is the one route table: every URL the product answers is here.
func routes(e *echo.Echo, d Deps, pg *pages.Handler) {
	sv := d.Services
	e.StaticFS("/static", d.Static, immutable)

	// Pages. Forms are CSRF-protected; signed-in pages send strangers to /ssologin.
	forms := e.Group("", csrf(d.Config.SecureCookies))
	forms.GET("/", pg.Root)
	forms.GET("/ssologin", pg.SSOLogin)
	forms.GET("/login", pg.LoginForm)
	forms.POST("/login", pg.Login)
	forms.GET("/register", pg.RegisterForm)
	forms.POST("/register", pg.Register)
	forms.GET("/agreement", pg.Agreement)
	forms.GET("/resetPassword", pg.ResetForm)
	forms.POST("/resetPassword", pg.Reset)
	forms.GET("/usercenter/resetPassword", pg.ResetForm)
	forms.POST("/usercenter/resetPassword", pg.Reset)
	// Amazon's redirect back after a seller's or an advertiser's consent: no sign-in, the signed single-use state
	// authenticates it.
	e.GET("/authresult", pg.AuthResult)
	e.GET("/advresult", pg.AdvResult)
	signedIn := forms.Group("", middleware.RequireSignIn)
	signedIn.POST("/logout", pg.Logout)
	// Publishing an announcement needs the sys:notify:add permission, checked by the service.
	signedIn.POST("/sys/notify/publish", pg.NotifyPublish)
	// The personal center's forms (the hidden field form names which) and its pictures, only to the same company.
	signedIn.POST("/usercenter", pg.UserCenterForm)
	e.GET(core.UploadPrefix+":name", pg.Upload, middleware.RequireSignIn)
	// The 配货单, a print document outside the shell (also the shipment_handing/pehuo tab below).
	signedIn.GET("/orderblank", pg.PickList)

	// Tab pages: opened directly they render the shell with their tab; inside a tab frame (?embed=1) the page.
	signedIn.GET("/home", pg.Tab("首页", pg.Home))
	signedIn.GET("/blank", pg.Tab("blank", pg.Blank))
	signedIn.GET("/exception/:kind", pg.Tab("提示", pg.Exception))
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
		"/erp/warehouse/inbound":     pg.WarehouseScreen("入库单", "inboundList"),
		"/erp/warehouse/outbound":    pg.WarehouseScreen("出库单", "outboundList"),
		// The documents' create and detail pages are for those granted the document list.
		"/e/w/i":                     middleware.RequireMenu(sv.Admin, "/erp/warehouse/inbound")(pg.WarehouseScreen("新建入库单", "inboundNew")),
		"/e/w/i/d":                   middleware.RequireMenu(sv.Admin, "/erp/warehouse/inbound")(pg.WarehouseScreen("入库单详情", "inboundDetail")),
		"/e/w/o":                     middleware.RequireMenu(sv.Admin, "/erp/warehouse/outbound")(pg.WarehouseScreen("新建出库单", "outboundNew")),
		"/e/w/o/d":                   middleware.RequireMenu(sv.Admin, "/erp/warehouse/outbound")(pg.WarehouseScreen("出库单详情", "outboundDetail")),
		"/erp/ship/plan":             pg.ShipScreen("发货计划", "plans"),
		"/e/s/p":                     pg.ShipScreen("发货计划提交", "planEdit"),
		"/erp/ship/quota":            pg.ShipScreen("货件处理", "shipments"),
		"/shipment_handing/shipstep": pg.ShipScreen("货件处理", "shipstep"),
		"/shipmentdetails":           middleware.RequireMenu(sv.Admin, "/erp/ship/quota")(pg.ShipmentDetails), // what 货件处理 shows
		"/amazon/storeAuth":          pg.StoreAuth,
	}
	// 个人中心 is each user's own account: every signed-in user may open it, granted its menu entry or not.
	everyone := map[string]bool{"/usercenter": true}
	for _, r := range pages.TabRoutes() {
		content, ok := built[r.Path]
		if !ok {
			content = pg.UnderConstruction(r)
		}
		if r.Menu && !everyone[r.Path] {
			content = middleware.RequireMenu(sv.Admin, r.Path)(content)
		}
		signedIn.GET(r.Path, pg.Tab(r.Title, content))
	}

	// The JSON API (after stripAPIPrefix). Public calls need no session; the rest answer 403 A0231 without one.
	ah := &auth.Handler{Accounts: sv.Accounts, SecureCookies: d.Config.SecureCookies}
	uh := &users.Handler{Accounts: sv.Accounts, Admin: sv.Admin, Messages: sv.Messages, Stores: sv.Stores, TimeZone: d.Config.TimeZone, SecureCookies: d.Config.SecureCookies}
	adminAPI := e.Group("/admin/api/v1", middleware.SameOrigin)
	adminAPI.POST("/auth/login", ah.Login)
	adminAPI.GET("/auth/apilogout", ah.Logout)
	adminAPI.POST("/auth/ssologinisrun", ah.SSOLoginIsRun)
	adminAPI.GET("/auth/verifySmsCode", ah.VerifySmsCode)
	adminAPI.GET("/users/getSmsCode", uh.GetSmsCode)
	adminAPI.GET("/users/getEmailCode", uh.GetEmailCode)
	adminAPI.POST("/users/register", uh.Register)
	adminAPI.POST("/users/updatePasswordForget", uh.UpdatePasswordForget)
	adminAPI.POST("/users/updatePassword", uh.UpdatePassword) // proof: a code, or a session and the old password

	// Signed-in calls take the guard per route: a group would also guard unknown paths, answering 403 for a 404.
	session := middleware.RequireSession
	// oplog goes last on a route that changes the company's data: its successful calls land in the operation log
	// under the readable action name.
	oplog := func(action string) echo.MiddlewareFunc { return middleware.OpLog(sv.Admin, action) }
	adminAPI.GET("/users/info", uh.Info, session)
	adminAPI.GET("/users/detail", uh.Detail, session)
	adminAPI.GET("/users/findOwnerAll", uh.FindOwnerAll, session)
	adminAPI.POST("/users/verifyPassword", uh.VerifyPassword, session)
	adminAPI.POST("/users/updatePasswordSelf", uh.UpdatePasswordSelf, session, oplog("修改密码"))
	adminAPI.GET("/users/findbindlist", uh.FindBindList, session)
	adminAPI.GET("/users/getbindId", uh.GetBindID, session)
	// Binding and switching change state over GET for the older client, so they get the same-origin check too.
	adminAPI.GET("/users/sysrole/openidbind", uh.BindAccount, session, middleware.SameOriginGET)
	adminAPI.POST("/users/sysrole/openidbind", uh.BindAccount, session)
	adminAPI.GET("/auth/changeLoginWechatApp", ah.ChangeLoginWechatApp, session, middleware.SameOriginGET)

	// The personal center. mergeAccount is the binding of another account of the same person, checked as a login.
	adminAPI.POST("/users/updateSelf", uh.UpdateSelf, session, oplog("修改姓名"))
	adminAPI.POST("/users/updateAccountSelf", uh.UpdateAccountSelf, session, oplog("更换手机号"))
	adminAPI.POST("/users/updateEmailSelf", uh.UpdateEmailSelf, session, oplog("更换邮箱"))
	adminAPI.POST("/users/saveImage", uh.SaveImage, session, oplog("更换头像")) // saveImagePath: its own body limit
	adminAPI.POST("/users/mergeAccount", uh.BindAccount, session, oplog("合并账号"))
	adminAPI.GET("/users/unbindAccountBinding", uh.UnbindAccountBinding, session, middleware.SameOriginGET, oplog("解绑账号"))
	adminAPI.POST("/users/unbindAccountBinding", uh.UnbindAccountBinding, session, oplog("解绑账号"))
	adminAPI.GET("/users/unbindWechat", uh.UnbindWechat, session, middleware.SameOriginGET)
	adminAPI.GET("/users/unbindAccount", uh.UnbindAccount, session, middleware.SameOriginGET, oplog("注销账号")) // log off, after verifyPassword

	mh := &menus.Handler{Admin: sv.Admin}
	adminAPI.GET("/menus/route", mh.Routes, session)
	adminAPI.GET("/menus/cleanUserCache", mh.CleanUserCache, session)
	// 菜单管理: the product menu, shared by every company. Those granted the screen read it; changes need its
	// button permissions and, checked by the service, a platform admin. Every user's menu is rebuilt after one.
	menuScreen := middleware.RequireMenu(sv.Admin, "/sys/menu")
	menuPerm := func(code string) echo.MiddlewareFunc { return middleware.RequirePermission(sv.Admin, code) }
	adminAPI.GET("/menus/admin/tree", mh.AdminTreeGet, session, menuScreen)
	adminAPI.POST("/menus/admin/menus", mh.CreateMenu, session, menuScreen, menuPerm(admin.PermissionMenuAdd), oplog("新增菜单"))
	adminAPI.PUT("/menus/admin/menus/:id", mh.UpdateMenu, session, menuScreen, menuPerm(admin.PermissionMenuEdit), oplog("编辑菜单"))
	adminAPI.DELETE("/menus/admin/menus/:id", mh.DeleteMenu, session, menuScreen, menuPerm(admin.PermissionMenuDelete), oplog("删除菜单"))
	adminAPI.PUT("/menus/admin/sort", mh.SortMenus, session, menuScreen, menuPerm(admin.PermissionMenuEdit), oplog("菜单排序"))
	adminAPI.POST("/menus/admin/permissions", mh.CreatePermission, session, menuScreen, menuPerm(admin.PermissionMenuAdd), oplog("新增按钮权限"))
	adminAPI.PUT("/menus/admin/permissions/:id", mh.UpdatePermission, session, menuScreen, menuPerm(admin.PermissionMenuEdit), oplog("编辑按钮权限"))
	adminAPI.DELETE("/menus/admin/permissions/:id", mh.DeletePermission, session, menuScreen, menuPerm(admin.PermissionMenuDelete), oplog("删除按钮权限"))

	// Notify. Lists never mark read; the two GETs that write are the clients' and refuse other sites.
	nh := &notify.Handler{Messages: sv.Messages, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/notify/pullMessage", nh.PullMessage, session, middleware.SameOriginGET)
	adminAPI.GET("/notify/findNitofyNums", nh.FindNitofyNums, session)
	adminAPI.GET("/notify/findNoReadByUserAll", nh.FindNoReadByUserAll, session)
	adminAPI.GET("/notify/getMsgLimit", nh.GetMsgLimit, session)
	adminAPI.POST("/notify/getAnnounce", nh.GetAnnounce, session)
	adminAPI.POST("/notify/getRemind", nh.GetRemind, session)
	adminAPI.POST("/notify/getMessage", nh.GetMessage, session)
	adminAPI.GET("/notify/updateAllTargets", nh.UpdateAllTargets, session, middleware.SameOriginGET)
	adminAPI.POST("/notify/updateAllTargets", nh.UpdateAllTargets, session)
	adminAPI.POST("/notify/markRead", nh.MarkRead, session)
	// Publishing, the published list and withdrawing are for holders of sys:notify:add, checked by the service.
	adminAPI.POST("/notify/addAnnounce", nh.AddAnnounce, session, oplog("发布公告"))
	adminAPI.POST("/notify/published/page", nh.PublishedPage, session)
	adminAPI.POST("/notify/withdraw", nh.Withdraw, session, oplog("撤回公告"))

	// Column configuration: each user's own layouts of the lists. Deleting is a GET in the contract, so it refuses
	// other sites like the other GETs that write.
	qh := &queryfield.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	adminAPI.GET("/sysQueryField/loadfield", qh.LoadField, session)
	adminAPI.GET("/sysQueryField/loadMyField", qh.LoadField, session)
	adminAPI.GET("/sysQueryField/getVersionFieldByUserQueryName", qh.LoadField, session)
	adminAPI.GET("/sysQueryField/getMyVersionFieldByUser", qh.GetMyVersionFieldByUser, session)
	adminAPI.GET("/sysQueryField/getVersionFieldById", qh.GetVersionFieldByID, session)
	adminAPI.POST("/sysQueryField/saveMyVersionFieldWithName", qh.SaveMyVersionFieldWithName, session)
	adminAPI.POST("/sysQueryField/saveMyVersionField/:id", qh.SaveMyVersionField, session)
	adminAPI.POST("/sysQueryField/useVersion/:id", qh.UseVersion, session)
	adminAPI.POST("/sysQueryField/useDefault", qh.UseDefault, session)
	adminAPI.GET("/sysQueryField/deleteMyVersionField", qh.DeleteMyVersionField, session, middleware.SameOriginGET)

	// Dictionaries. Reading needs a session only (drop-downs all over the product read them); changing them
	// needs the 数据字典 screen's button permissions.
	dh := &dicts.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	canAdd := middleware.RequirePermission(sv.Admin, reference.PermissionDictAdd)
	canEdit := middleware.RequirePermission(sv.Admin, reference.PermissionDictEdit)
	canDelete := middleware.RequirePermission(sv.Admin, reference.PermissionDictDelete)
	adminAPI.GET("/dicts/page", dh.DictPage, session)
	adminAPI.GET("/dicts/:id", dh.GetDict, session)
	adminAPI.POST("/dicts", dh.CreateDict, session, canAdd, oplog("新增字典"))
	adminAPI.PUT("/dicts/:id", dh.UpdateDict, session, canEdit, oplog("编辑字典"))
	adminAPI.DELETE("/dicts/:id", dh.DeleteDict, session, canDelete, oplog("删除字典"))
	adminAPI.GET("/dict-items/page", dh.ItemPage, session)
	adminAPI.GET("/dict-items/select_list/:code", dh.SelectList, session)
	adminAPI.GET("/dict-items/export", dh.ExportItems, session)
	adminAPI.GET("/dict-items", dh.ItemOptions, session)
	adminAPI.GET("/dict-items/:id", dh.GetItem, session)
	adminAPI.POST("/dict-items", dh.CreateItem, session, canAdd, oplog("新增字典项"))
	adminAPI.PUT("/dict-items/:id", dh.UpdateItem, session, canEdit, oplog("编辑字典项"))
	adminAPI.DELETE("/dict-items/:id", dh.DeleteItem, session, canDelete, oplog("删除字典项"))

	// Tags and their groups. Reading needs a session only (product screens show tags); changing them needs the
	// 标签 and 标签分组 screens' button permissions.
	th := &tags.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	perm := func(code string) echo.MiddlewareFunc { return middleware.RequirePermission(sv.Admin, code) }
	adminAPI.POST("/tagGroups/page", th.GroupPage, session)
	adminAPI.GET("/tagGroups/options", th.GroupOptions, session)
	adminAPI.GET("/tagGroups/:id", th.GetGroup, session)
	adminAPI.POST("/tagGroups", th.CreateGroup, session, perm(reference.PermissionTagGroupAdd), oplog("新增标签分组"))
	adminAPI.PUT("/tagGroups/:id", th.UpdateGroup, session, perm(reference.PermissionTagGroupEdit), oplog("编辑标签分组"))
	adminAPI.DELETE("/tagGroups/:id", th.DeleteGroup, session, perm(reference.PermissionTagGroupDelete), oplog("删除标签分组"))
	adminAPI.POST("/tags/page", th.TagPage, session)
	adminAPI.GET("/tags/:id", th.GetTag, session)
	adminAPI.POST("/tags", th.CreateTag, session, perm(reference.PermissionTagAdd), oplog("新增标签"))
	adminAPI.PUT("/tags/:id", th.UpdateTag, session, perm(reference.PermissionTagEdit), oplog("编辑标签"))
	adminAPI.DELETE("/tags/:id", th.DeleteTag, session, perm(reference.PermissionTagDelete), oplog("删除标签"))

	// Clients and customers: reading needs their screen (the menu entry), changing it its button permissions.
	ch := &contacts.Handler{Reference: sv.Reference, TimeZone: d.Config.TimeZone}
	clientScreen := middleware.RequireMenu(sv.Admin, "/sys/client")
	customerScreen := middleware.RequireMenu(sv.Admin, "/sys/customer")
	adminAPI.POST("/clients/page", ch.ClientPage, session, clientScreen)
	adminAPI.GET("/clients/:id", ch.GetClient, session, clientScreen)
	adminAPI.POST("/clients", ch.CreateClient, session, perm(reference.PermissionClientAdd), oplog("新增客户端"))
	adminAPI.PUT("/clients/:id", ch.UpdateClient, session, perm(reference.PermissionClientEdit), oplog("编辑客户端"))
	adminAPI.DELETE("/clients/:id", ch.DeleteClient, session, perm(reference.PermissionClientDelete), oplog("删除客户端"))
	adminAPI.POST("/customers/page", ch.CustomerPage, session, customerScreen)
	adminAPI.GET("/customers/:id", ch.GetCustomer, session, customerScreen)
	adminAPI.POST("/customers", ch.CreateCustomer, session, perm(reference.PermissionCustomerAdd), oplog("新增客户"))
	adminAPI.PUT("/customers/:id", ch.UpdateCustomer, session, perm(reference.PermissionCustomerEdit), oplog("编辑客户"))
	adminAPI.DELETE("/customers/:id", ch.DeleteCustomer, session, perm(reference.PermissionCustomerDelete), oplog("删除客户"))

	// The operation log, for those granted to read it.
	oh := &operationlogs.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	canViewLog := perm(admin.PermissionOperationLogView)
	adminAPI.GET("/operationLogs/page", oh.Page, session, canViewLog)
	adminAPI.POST("/operationLogs/page", oh.Page, session, canViewLog)

	// Sub-users (子账号) and roles (角色授权): every call needs its screen's menu grant, and each change the
	// screen's button permission too. Grant and role changes drop the affected users' cached menus.
	subuserScreen := middleware.RequireMenu(sv.Admin, "/sys/subuser")
	needs := func(code string) echo.MiddlewareFunc { return middleware.RequirePermission(sv.Admin, code) }
	adminAPI.POST("/users/subusers/page", uh.SubUserPage, session, subuserScreen)
	adminAPI.GET("/users/subusers/roles", uh.SubUserRoles, session, subuserScreen)
	adminAPI.GET("/users/subusers/depts", uh.SubUserDepartments, session, subuserScreen)
	adminAPI.GET("/users/subusers/storeGroups", uh.SubUserStoreGroups, session, subuserScreen)
	adminAPI.GET("/users/subusers/:id", uh.GetSubUser, session, subuserScreen)
	adminAPI.POST("/users/subusers", uh.CreateSubUser, session, subuserScreen, needs(admin.PermissionUserAdd), oplog("新增子账号"))
	adminAPI.PUT("/users/subusers/:id", uh.UpdateSubUser, session, subuserScreen, needs(admin.PermissionUserEdit), oplog("编辑子账号"))
	adminAPI.POST("/users/subusers/:id/disable", uh.DisableSubUser, session, subuserScreen, needs(admin.PermissionUserDisable), oplog("停用子账号"))
	adminAPI.POST("/users/subusers/:id/enable", uh.EnableSubUser, session, subuserScreen, needs(admin.PermissionUserDisable), oplog("启用子账号"))
	adminAPI.POST("/users/subusers/:id/resetPassword", uh.ResetSubUserPassword, session, subuserScreen, needs(admin.PermissionUserReset), oplog("重置子账号密码"))
	rh := &roles.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	roleScreen := middleware.RequireMenu(sv.Admin, "/sys/role")
	adminAPI.POST("/roles/page", rh.Page, session, roleScreen)
	adminAPI.GET("/roles/:id", rh.Get, session, roleScreen)
	adminAPI.POST("/roles", rh.Create, session, roleScreen, needs(admin.PermissionRoleAdd), oplog("新增角色"))
	adminAPI.PUT("/roles/:id", rh.Update, session, roleScreen, needs(admin.PermissionRoleEdit), oplog("编辑角色"))
	adminAPI.DELETE("/roles/:id", rh.Delete, session, roleScreen, needs(admin.PermissionRoleDelete), oplog("删除角色"))
	adminAPI.GET("/roles/:id/grants", rh.GetGrants, session, roleScreen)
	adminAPI.PUT("/roles/:id/grants", rh.PutGrants, session, roleScreen, needs(admin.PermissionRoleEdit), oplog("角色授权"))

	// Departments (部门): the tree needs the screen's menu grant, each change its button permission too.
	deh := &depts.Handler{Admin: sv.Admin, TimeZone: d.Config.TimeZone}
	deptScreen := middleware.RequireMenu(sv.Admin, "/sys/dept")
	adminAPI.GET("/depts/tree", deh.Tree, session, deptScreen)
	adminAPI.POST("/depts", deh.Create, session, deptScreen, needs(admin.PermissionDeptAdd), oplog("新增部门"))
	adminAPI.PUT("/depts/:id", deh.Update, session, deptScreen, needs(admin.PermissionDeptEdit), oplog("编辑部门"))
	adminAPI.DELETE("/depts/:id", deh.Delete, session, deptScreen, needs(admin.PermissionDeptDelete), oplog("删除部门"))

	// The product catalogue (/erp/api/v1). Reading a product, a brand, a category or a supplier needs a session
	// only: other modules show them and pick products (material/search); the product list and its export need
	// the 本地产品 screen, listings the SKU配对 screen. Each change needs its button permission.
	erp := e.Group("/erp/api/v1", middleware.SameOrigin)
	mat := &material.Handler{Catalog: sv.Catalog, TimeZone: d.Config.TimeZone}
	productScreen := middleware.RequireMenu(sv.Admin, "/erp/material/localproduct")
	listingScreen := middleware.RequireMenu(sv.Admin, "/amazon/listing/relation")
	mayEditProducts := middleware.RequireAnyPermission(sv.Admin, catalog.PermissionProductAdd, catalog.PermissionProductEdit)
	erp.POST("/material/page", mat.Page, session, productScreen)
	erp.GET("/material/search", mat.Search, session)
	erp.GET("/material/export", mat.Export, session, productScreen, perm(catalog.PermissionProductExport))
	erp.GET("/material/importTemplate", mat.ImportTemplate, session, perm(catalog.PermissionProductImport))
	erp.POST("/material/import", mat.Import, session, perm(catalog.PermissionProductImport), oplog("导入产品"))
	erp.POST("/material/photoupload", mat.PhotoUpload, session, mayEditProducts) // photoUploadPath: its own body limit
	erp.GET("/material/:id", mat.Get, session)
	erp.GET("/material/:id/listings", mat.Listings, session)
	erp.POST("/material", mat.Create, session, perm(catalog.PermissionProductAdd), oplog("新增产品"))
	erp.PUT("/material/:id", mat.Update, session, perm(catalog.PermissionProductEdit), oplog("编辑产品"))
	erp.POST("/material/:id/disable", mat.Disable, session, perm(catalog.PermissionProductEdit), oplog("停用产品"))
	erp.POST("/material/:id/enable", mat.Enable, session, perm(catalog.PermissionProductEdit), oplog("启用产品"))
	erp.DELETE("/material/:id", mat.Delete, session, perm(catalog.PermissionProductDelete), oplog("删除产品"))
	erp.POST("/brand/page", mat.BrandPage, session)
	erp.GET("/brand/options", mat.BrandOptions, session)
	erp.GET("/brand/:id", mat.GetBrand, session)
	erp.POST("/brand", mat.CreateBrand, session, perm(catalog.PermissionBrandAdd), oplog("新增品牌"))
	erp.PUT("/brand/:id", mat.UpdateBrand, session, perm(catalog.PermissionBrandEdit), oplog("编辑品牌"))
	erp.DELETE("/brand/:id", mat.DeleteBrand, session, perm(catalog.PermissionBrandDelete), oplog("删除品牌"))
	erp.GET("/category/tree", mat.CategoryTree, session)
	erp.GET("/category/:id", mat.GetCategory, session)
	erp.POST("/category", mat.CreateCategory, session, perm(catalog.PermissionCategoryAdd), oplog("新增分类"))
	erp.PUT("/category/:id", mat.UpdateCategory, session, perm(catalog.PermissionCategoryEdit), oplog("编辑分类"))
	erp.DELETE("/category/:id", mat.DeleteCategory, session, perm(catalog.PermissionCategoryDelete), oplog("删除分类"))
	erp.POST("/supplier/page", mat.SupplierPage, session)
	erp.GET("/supplier/options", mat.SupplierOptions, session)
	erp.GET("/supplier/:id", mat.GetSupplier, session)
	erp.POST("/supplier", mat.CreateSupplier, session, perm(catalog.PermissionSupplierAdd), oplog("新增供应商"))
	erp.PUT("/supplier/:id", mat.UpdateSupplier, session, perm(catalog.PermissionSupplierEdit), oplog("编辑供应商"))
	erp.DELETE("/supplier/:id", mat.DeleteSupplier, session, perm(catalog.PermissionSupplierDelete), oplog("删除供应商"))
	erp.POST("/listing/page", mat.ListingPage, session, listingScreen)
	erp.GET("/listing/groups", mat.ListingGroups, session)
	erp.GET("/listing/marketplaces", mat.Marketplaces, session)
	erp.GET("/listing/:id", mat.GetListing, session, listingScreen)
	erp.POST("/listing", mat.CreateListing, session, perm(catalog.PermissionListingAdd), oplog("新增Listing"))
	erp.PUT("/listing/:id", mat.UpdateListing, session, perm(catalog.PermissionListingEdit), oplog("编辑Listing"))
	erp.POST("/listing/:id/pair", mat.PairListing, session, perm(catalog.PermissionListingEdit), oplog("SKU配对"))
	erp.DELETE("/listing/:id", mat.DeleteListing, session, perm(catalog.PermissionListingDelete), oplog("删除Listing"))

	// The pick list (shipForm): any signed-in user of the company, within the store groups they are granted.
	sf := &shipform.Handler{Shipping: sv.Shipping, TimeZone: d.Config.TimeZone}
	erp.GET("/shipForm/quotainfo/:shipmentid", sf.QuotaInfo, session)
	erp.POST("/shipForm/getQRCode/:shipmentid/:size", sf.QRCode, session)

	// Warehouses, stock and the inbound and outbound documents (/erp/api/v1). Reading needs the screen (its menu
	// entry), each change its button permission. The warehouse drop-downs and the documents' product picker need a
	// session only: several screens offer them.
	wh := &warehouse.Handler{Stock: sv.Stock, TimeZone: d.Config.TimeZone}
	warehouseScreen := middleware.RequireMenu(sv.Admin, "/erp/warehouse/base")
	erp.POST("/warehouse/page", wh.WarehousePage, session, warehouseScreen)
	erp.GET("/warehouse/options", wh.WarehouseOptions, session)
	erp.GET("/warehouse/:id", wh.GetWarehouse, session, warehouseScreen)
	erp.POST("/warehouse", wh.CreateWarehouse, session, warehouseScreen, needs(stock.PermissionWarehouseAdd), oplog("新增仓库"))
	erp.PUT("/warehouse/:id", wh.UpdateWarehouse, session, warehouseScreen, needs(stock.PermissionWarehouseEdit), oplog("编辑仓库"))
	erp.POST("/warehouse/:id/disable", wh.DisableWarehouse, session, warehouseScreen, needs(stock.PermissionWarehouseEdit), oplog("停用仓库"))
	erp.POST("/warehouse/:id/enable", wh.EnableWarehouse, session, warehouseScreen, needs(stock.PermissionWarehouseEdit), oplog("启用仓库"))
	erp.DELETE("/warehouse/:id", wh.DeleteWarehouse, session, warehouseScreen, needs(stock.PermissionWarehouseDelete), oplog("删除仓库"))
	recordScreen := middleware.RequireMenu(sv.Admin, "/erp/warehouse/record")
	erp.POST("/stock/page", wh.StockPage, session, recordScreen)
	erp.POST("/stock/ledger", wh.LedgerPage, session, recordScreen)
	erp.GET("/stock/products", wh.Products, session)
	for _, doc := range []struct {
		kind, path, screen, what, add, approve, cancel string
	}{
		{models.DocInbound, "/inbound", "/erp/warehouse/inbound", "入库单",
			stock.PermissionInboundAdd, stock.PermissionInboundApprove, stock.PermissionInboundCancel},
		{models.DocOutbound, "/outbound", "/erp/warehouse/outbound", "出库单",
			stock.PermissionOutboundAdd, stock.PermissionOutboundApprove, stock.PermissionOutboundCancel},
	} {
		screen := middleware.RequireMenu(sv.Admin, doc.screen)
		erp.POST(doc.path+"/page", wh.DocumentPage(doc.kind), session, screen)
		erp.GET(doc.path+"/:id", wh.GetDocument(doc.kind), session, screen)
		erp.POST(doc.path, wh.CreateDocument(doc.kind), session, screen, needs(doc.add), oplog("新增"+doc.what))
		erp.POST(doc.path+"/:id/submit", wh.SubmitDocument(doc.kind), session, screen, needs(doc.add), oplog("提交"+doc.what))
		erp.POST(doc.path+"/:id/approve", wh.ApproveDocument(doc.kind), session, screen, needs(doc.approve), oplog("审核"+doc.what))
		erp.POST(doc.path+"/:id/cancel", wh.CancelDocument(doc.kind), session, screen, needs(doc.cancel), oplog("作废"+doc.what))
	}
	// FBA shipments (/erp/api/v1). Plans need the 发货计划 screen, shipments the 货件处理 screen; creating and
	// changing them need their button permissions. Shipments are addressed by Amazon's shipment id.
	sh := &ship.Handler{Shipping: sv.Shipping, TimeZone: d.Config.TimeZone}
	planScreen := middleware.RequireMenu(sv.Admin, "/erp/ship/plan")
	quotaScreen := middleware.RequireMenu(sv.Admin, "/erp/ship/quota")
	planAdd, shipAdd, shipHandle := needs(shipping.PermissionShipPlanAdd), needs(shipping.PermissionShipAdd), needs(shipping.PermissionShipHandle)
	erp.GET("/shipPlan/options", sh.PlanOptions, session)
	erp.GET("/shipPlan/listings", sh.PlanListings, session)
	erp.POST("/shipPlan/page", sh.PlanPage, session, planScreen)
	erp.GET("/shipPlan/:id", sh.GetPlan, session, planScreen)
	erp.POST("/shipPlan", sh.CreatePlan, session, planScreen, planAdd, oplog("新建发货计划"))
	erp.PUT("/shipPlan/:id", sh.UpdatePlan, session, planScreen, planAdd, oplog("编辑发货计划"))
	erp.POST("/shipPlan/:id/submit", sh.SubmitPlan, session, planScreen, planAdd, oplog("提交发货计划"))
	erp.POST("/shipPlan/:id/cancel", sh.CancelPlan, session, planScreen, planAdd, oplog("作废发货计划"))
	erp.POST("/shipment/page", sh.ShipmentPage, session, quotaScreen)
	erp.GET("/shipment/importTemplate", sh.ImportTemplate, session, quotaScreen)
	erp.POST("/shipment/import", sh.Import, session, quotaScreen, shipAdd, oplog("导入货件"))
	erp.POST("/shipment/fromPlan", sh.CreateFromPlan, session, shipAdd, oplog("创建货件"))
	erp.POST("/shipment", sh.CreateManual, session, quotaScreen, shipAdd, oplog("新建货件"))
	erp.GET("/shipment/:id", sh.GetShipment, session, quotaScreen)
	erp.POST("/shipment/:id/confirm", sh.Confirm, session, quotaScreen, shipHandle, oplog("确认配货"))
	erp.POST("/shipment/:id/unconfirm", sh.Unconfirm, session, quotaScreen, shipHandle, oplog("取消配货"))
	erp.POST("/shipment/:id/box", sh.Box, session, quotaScreen, shipHandle, oplog("货件装箱"))
	erp.POST("/shipment/:id/unbox", sh.Unbox, session, quotaScreen, shipHandle, oplog("取消装箱"))
	erp.POST("/shipment/:id/ship", sh.Ship, session, quotaScreen, shipHandle, oplog("货件发货"))
	erp.POST("/shipment/:id/unship", sh.Unship, session, quotaScreen, shipHandle, oplog("取消发货"))
	erp.POST("/shipment/:id/receive", sh.Receive, session, quotaScreen, shipHandle, oplog("货件收货"))
	erp.POST("/shipment/:id/amazonStatus", sh.AmazonStatus, session, quotaScreen, shipHandle, oplog("更新货件状态"))
	erp.POST("/shipment/:id/cancel", sh.Cancel, session, quotaScreen, shipHandle, oplog("取消货件"))

	// Store authorization (/amazon/api/v1). authSeller is public: Amazon's redirect brings the seller back with a
	// signed, single-use state that names the company and store group. The rest need the 店铺管理 screen for the
	// list and its button permissions for changes; reading the store groups and marketplaces needs a session only
	// (other modules choose stores and marketplaces with them). A user limited to store groups sees only those.
	amz := e.Group("/amazon/api/v1", middleware.SameOrigin)
	storeAuth := &amazonapi.Handler{Stores: sv.Stores, TimeZone: d.Config.TimeZone, PublicURL: d.Config.PublicURL}
	storeScreen := middleware.RequireMenu(sv.Admin, "/amazon/storeAuth")
	canAddStore := needs(stores.PermissionStoreAdd)
	canDisableStore := needs(stores.PermissionStoreDisable)
	amz.GET("/amzauthority/authSeller", storeAuth.AuthSeller)
	amz.GET("/amzauthority/getAuthUrl", storeAuth.GetAuthURL, session, storeScreen, canAddStore)
	amz.POST("/amzauthority/saveAuth", storeAuth.SaveAuth, session, storeScreen, canAddStore, oplog("自有应用授权"))
	amz.GET("/amzauthority/getBindSeller", storeAuth.GetBindSeller, session)
	amz.GET("/amzauthority/getRegionByGroup", storeAuth.GetRegionByGroup, session)
	amz.GET("/amzauthority/getAuthMaketplace", storeAuth.GetAuthMaketplace, session)
	amz.GET("/amzauthority/deleteByLogic", storeAuth.DeleteByLogic, session, middleware.SameOriginGET, storeScreen, canDisableStore, oplog("停用店铺授权"))
	amz.POST("/amzauthority/page", storeAuth.Page, session, storeScreen)
	amz.GET("/amzauthority/storeGroups", storeAuth.StoreGroups, session)
	amz.POST("/amzauthority/storeGroups", storeAuth.CreateStoreGroup, session, storeScreen, canAddStore, oplog("新增店铺"))
	amz.PUT("/amzauthority/storeGroups/:id", storeAuth.UpdateStoreGroup, session, storeScreen, canAddStore, oplog("编辑店铺"))
	amz.DELETE("/amzauthority/storeGroups/:id", storeAuth.DeleteStoreGroup, session, storeScreen, canDisableStore, oplog("删除店铺"))
	amz.GET("/report/requestReportParamAuth", storeAuth.RequestReportParamAuth, session, middleware.SameOriginGET, storeScreen, canAddStore, oplog("请求报表"))

	// Advertising authorisation (广告授权) of the store list. bindAdvAuthData is public, protected by the signed
	// single-use state instead of a session. Authorising and disabling need the store list's button permissions;
	// the GETs that change something refuse other sites.
	vh := &advert.Handler{Stores: sv.Stores, TimeZone: d.Config.TimeZone}
	advAPI := e.Group("/amazonadv/api/v1", middleware.SameOrigin)
	advAPI.GET("/advert/bindUrl", vh.BindURL, session, storeScreen, canAddStore)
	advAPI.GET("/advert/bindAdvAuthData", vh.BindAdvAuthData)
	advAPI.POST("/advert/bindAdvAuthData", vh.BindAdvAuthData)
	advAPI.GET("/advert/disableAuth", vh.DisableAuth, session, storeScreen, canDisableStore, middleware.SameOriginGET, oplog("停用广告授权"))
	advAPI.GET("/advert/loadProfile", vh.LoadProfile, session)
	advAPI.GET("/advert/captureProfileById", vh.CaptureProfileByID, session, storeScreen, middleware.SameOriginGET, oplog("刷新广告配置文件"))
	advAPI.GET("/advManager/getGroup", vh.GetGroup, session)

	// Unknown addresses: the envelope under the API prefixes, the 404 page elsewhere.
	e.RouteNotFound("/*", func(*echo.Context) error { return echo.ErrNotFound })
}
