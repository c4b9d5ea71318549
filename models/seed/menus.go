package seed

import (
	"strings"

	"sellerhub/models"
	"sellerhub/models/admin"
)

// menuEntry is one seeded menu entry. Codes are stable names so the seed can run again without duplicating or
// overwriting what an admin changed. perms are the button permissions of a link's page.
type menuEntry struct {
	code, title, path, icon string
	children                []menuEntry
	perms                   []permEntry
	hidden                  bool
}

type permEntry struct{ code, name string }

func link(code, title, path string, perms ...permEntry) menuEntry {
	return menuEntry{code: code, title: title, path: path, perms: perms}
}

func heading(code, title string, links ...menuEntry) menuEntry {
	return menuEntry{code: code, title: title, children: links}
}

func group(code, title, icon string, headings ...menuEntry) menuEntry {
	return menuEntry{code: code, title: title, icon: icon, children: headings}
}

func crud(prefix, noun string) []permEntry {
	return []permEntry{{prefix + ":add", "新增" + noun}, {prefix + ":edit", "编辑" + noun}, {prefix + ":delete", "删除" + noun}}
}

// kindPerms are the buttons of a screen of one kind of local product (物料, 耗材, 包材): 停用 is an edit.
func kindPerms(prefix, noun string) []permEntry {
	return []permEntry{{prefix + ":add", "新增" + noun}, {prefix + ":edit", "编辑" + noun}, {prefix + ":export", "导出" + noun}}
}

// ProductMenu is the product's full menu: the ten top groups of the specification with every area it names.
// Paths are the addresses the shell opens in a tab; modules not built yet answer with the 建设中 page. The groups'
// icons are the names the older clients render (the shell draws them too, views/icons.templ).
var ProductMenu = []menuEntry{
	group("product", "产品", "Commodity",
		heading("product.base", "产品管理",
			link("product.localproduct", "本地产品", "/erp/material/localproduct", append(crud("erp:material", "产品"), permEntry{"erp:material:export", "导出产品"}, permEntry{"erp:material:import", "导入产品"})...),
			link("product.tags", "产品标签", "/erp/material/tags"),
			link("product.brand", "品牌", "/erp/base/brand", crud("erp:brand", "品牌")...),
			link("product.category", "分类", "/erp/base/category", crud("erp:category", "分类")...),
			link("product.material", "物料", "/erp/base/material", kindPerms("erp:base:material", "物料")...),
			link("product.pairing", "SKU配对", "/amazon/listing/relation", crud("amz:listing:relation", "Listing")...),
		),
		heading("product.supplies", "耗材包材",
			link("product.consumable", "耗材", "/erp/base/consumable", kindPerms("erp:base:consumable", "耗材")...),
			link("product.package", "包材", "/erp/base/package", kindPerms("erp:base:package", "包材")...),
		),
		heading("product.listing", "Listing",
			link("product.listing.products", "商品列表", "/amazon/listing/products", permEntry{"amz:listing:products:owner", "分配负责人和标签"}),
			link("product.listing.catalog", "商品目录", "/amazon/listing/catalog"),
			link("product.listing.analysis", "Listing分析", "/amazon/listing/analysis"),
			link("product.listing.price", "调价", "/amazon/listing/price", permEntry{"amz:listing:price", "调整价格"}),
			link("product.listing.label", "商品标签", "/amazon/listing/label"),
		),
	),
	group("sales", "销售", "SalesReport",
		heading("sales.orders", "订单",
			link("sales.orders.manager", "订单管理", "/amazon/orders/manager", permEntry{"amz:order:export", "导出订单"}),
			link("sales.orders.today", "今日订单", "/amazon/orders/today"),
			link("sales.orders.refund", "退款订单", "/amazon/orders/refund"),
			link("sales.orders.remove", "移除订单", "/amazon/orders/remove"),
			link("sales.orders.summary", "周/月汇总", "/amazon/orders/summary"),
		),
		heading("sales.analysis", "销售分析",
			link("sales.details", "销售明细", "/amazon/sales/details"),
			link("sales.forecast", "销售预测", "/amazon/sales/forecast", permEntry{"amazon:sales:forecast:plan", "编辑销售计划"}),
			link("sales.report", "销售报表", "/amazon/sales/report"),
		),
		heading("sales.reports", "亚马逊报告",
			link("sales.reports.fbafee", "FBA费用报告", "/amazon/reports/fbafee"),
			link("sales.reports.open", "在售报告", "/amazon/reports/open"),
			link("sales.reports.pageview", "流量报告", "/amazon/reports/pageview"),
			link("sales.reports.reimbursements", "赔偿报告", "/amazon/reports/reimbursements", permEntry{"amz:claim:submit", "标记索赔已提交"}),
			link("sales.reports.storagefee", "仓储费报告", "/amazon/reports/storagefee"),
		),
	),
	group("purchase", "采购", "ShoppingBag",
		heading("purchase.orders", "采购",
			link("purchase.orders.list", "采购单", "/erp/purchase/orders", append(crud("erp:purchase", "采购单"), permEntry{"erp:purchase:approve", "审核采购单"}, permEntry{"erp:purchase:receive", "采购收货"})...),
			link("purchase.plan", "亚马逊补货计划", "/erp/purchase/plan", permEntry{"erp:purchase:plan:edit", "编辑补货参数"}),
			link("purchase.process", "加工单", "/erp/purchase/process", permEntry{"erp:purchase:process:add", "新增加工单"}, permEntry{"erp:purchase:process:approve", "审核加工单"}, permEntry{"erp:purchase:process:cancel", "作废加工单"}, permEntry{"erp:purchase:bom:edit", "编辑物料清单"}),
			link("purchase.reports", "采购报表", "/erp/purchase/reports"),
		),
		heading("purchase.partners", "供应商",
			link("purchase.supplier", "供应商", "/erp/base/supplier", crud("erp:supplier", "供应商")...),
			link("purchase.binding", "1688账号绑定", "/erp/purchase/binding", permEntry{"erp:alibaba:bind", "绑定1688账号"}, permEntry{"erp:alibaba:import", "导入1688订单"}),
		),
	),
	group("warehouse", "仓库", "Home",
		heading("warehouse.docs", "仓库单据",
			link("warehouse.inbound", "入库单", "/erp/warehouse/inbound", permEntry{"erp:wh:inbound:add", "新增入库单"}, permEntry{"erp:wh:inbound:approve", "审核入库单"}, permEntry{"erp:wh:inbound:cancel", "作废入库单"}),
			link("warehouse.outbound", "出库单", "/erp/warehouse/outbound", permEntry{"erp:wh:outbound:add", "新增出库单"}, permEntry{"erp:wh:outbound:approve", "审核出库单"}, permEntry{"erp:wh:outbound:cancel", "作废出库单"}),
			link("warehouse.stocktake", "盘点单", "/erp/warehouse/stocktake", permEntry{"erp:wh:stocktake:add", "新增盘点单"}, permEntry{"erp:wh:stocktake:approve", "盘点过账"}, permEntry{"erp:wh:stocktake:cancel", "作废盘点单"}),
			link("warehouse.transfer", "调拨单", "/erp/warehouse/transfer", permEntry{"erp:wh:transfer:add", "新增调拨单"}, permEntry{"erp:wh:transfer:approve", "调拨发货"}, permEntry{"erp:wh:transfer:receive", "调拨收货"}, permEntry{"erp:wh:transfer:cancel", "作废调拨单"}),
			link("warehouse.exchange", "换货单", "/erp/warehouse/exchange", permEntry{"erp:wh:exchange:add", "新增换货单"}, permEntry{"erp:wh:exchange:approve", "审核换货单"}, permEntry{"erp:wh:exchange:cancel", "作废换货单"}),
			link("warehouse.record", "库存流水", "/erp/warehouse/record"),
		),
		heading("warehouse.setup", "仓库设置",
			link("warehouse.base", "仓库", "/erp/warehouse/base", crud("erp:wh", "仓库")...),
			link("warehouse.shelf", "库位", "/erp/warehouse/shelf", append(crud("erp:wh:shelf", "库位"), permEntry{"erp:wh:shelf:move", "上架移库"})...),
			link("warehouse.address", "仓库地址", "/erp/warehouse/address", crud("erp:wh:address", "仓库地址")...),
		),
		heading("warehouse.inventory", "库存",
			link("inventory.fbadaily", "FBA每日库存", "/amazon/inventory/fbadaily"),
			link("inventory.fbadetail", "FBA库存明细", "/amazon/inventory/fbadetail"),
			link("inventory.planning", "库存规划", "/amazon/inventory/planning"),
			link("inventory.quantity", "库存数量", "/amazon/inventory/quantity"),
			link("inventory.worth", "库存货值", "/amazon/inventory/worth"),
			link("inventory.overseas", "海外仓库存", "/amazon/inventory/overseas", permEntry{"erp:wh:overseas:add", "新增海外仓发货单"}, permEntry{"erp:wh:overseas:approve", "审核海外仓发货单"}, permEntry{"erp:wh:overseas:cancel", "作废海外仓发货单"},
				permEntry{"erp:wh:overseasin:add", "新增海外仓入库单"}, permEntry{"erp:wh:overseasin:approve", "海外仓入库发货"},
				permEntry{"erp:wh:overseasin:receive", "海外仓收货"}, permEntry{"erp:wh:overseasin:cancel", "作废海外仓入库单"}),
		),
	),
	group("logistics", "物流", "Ship",
		heading("logistics.ship", "FBA发货",
			link("ship.plan", "发货计划", "/erp/ship/plan", permEntry{"erp:ship:plan:add", "新建发货计划"}),
			link("ship.quota", "货件处理", "/erp/ship/quota", permEntry{"erp:ship:pick:print", "打印配货单"},
				permEntry{"erp:ship:add", "新建货件"}, permEntry{"erp:ship:handle", "处理货件"}),
			link("ship.transportation", "物流跟踪", "/erp/ship/transportation", permEntry{"erp:ship:transport:edit", "编辑物流"}, permEntry{"erp:ship:transport:channel", "编辑物流渠道"}),
		),
		heading("logistics.address", "地址",
			link("logistics.address.ship", "发货地址", "/erp/address", crud("erp:address", "发货地址")...),
		),
	),
	group("advertising", "广告", "Ad",
		heading("adv.manage", "广告管理",
			link("adv.campaign", "广告活动", "/amazon/adv/campaign", permEntry{"amz:adv:campaign:add", "创建广告活动"},
				permEntry{"amz:adv:campaign:edit", "修改广告"}),
			link("adv.manager", "广告管理", "/amazon/adv/manager", permEntry{"amz:adv:manager:edit", "修改广告"}),
			link("adv.rules", "广告规则", "/amazon/adv/rules", permEntry{"amz:adv:rules:edit", "管理规则"}),
			link("adv.warning", "预警管理", "/amazon/adv/warning", permEntry{"amz:adv:warning:edit", "预警设置"}),
			link("adv.operation", "操作记录", "/amazon/adv/operation"),
			link("adv.download", "报告下载", "/amazon/adv/download"),
		),
		heading("adv.analysis", "广告分析",
			link("adv.overview", "广告概览", "/amazon/adv/overview"),
			link("adv.funnel", "广告漏斗", "/amazon/adv/funnel"),
			link("adv.statistics", "广告统计", "/amazon/adv/statistics"),
			link("adv.indicators", "指标分析", "/amazon/adv/indicators"),
			link("adv.roas", "ROAS排名", "/amazon/adv/roas"),
		),
	),
	group("finance", "财务", "Finance",
		heading("finance.base", "财务",
			link("finance.account", "资金账户", "/erp/finance/account", permEntry{"erp:finance:account:edit", "维护资金账户"}),
			link("finance.alibaba", "1688结算", "/erp/finance/alibaba"),
			link("finance.rate", "汇率", "/erp/finance/exchangerate", permEntry{"erp:finance:rate:edit", "编辑汇率"}),
			link("finance.inventoryvalue", "存货价值", "/erp/finance/inventoryvalue", permEntry{"erp:finance:inventoryvalue:close", "结转存货价值"}),
			link("finance.payment", "付款申请", "/erp/finance/payment", permEntry{"erp:finance:payment:approve", "审批付款"},
				permEntry{"erp:finance:payment:add", "申请付款"}, permEntry{"erp:finance:payment:pay", "确认付款"}),
		),
		heading("finance.settlement", "结算",
			link("payment.record", "结算记录", "/amazon/payment/record"),
			link("payment.settlementsku", "SKU结算", "/amazon/payment/settlementsku"),
			link("payment.itemfee", "费用项", "/amazon/payment/itemfee"),
			link("payment.costsharing", "费用分摊", "/amazon/payment/costsharing", permEntry{"amz:payment:costsharing:edit", "编辑费用分摊"}),
			link("payment.jobcosting", "成本核算", "/amazon/payment/jobcosting", permEntry{"amz:payment:jobcosting:edit", "编辑成本核算"}),
			link("payment.month", "月度报告", "/amazon/payment/month"),
			link("payment.performance", "业绩报告", "/amazon/payment/performance", permEntry{"amz:payment:performance:target", "设置业绩目标"}),
			link("payment.profit", "利润报告", "/amazon/payment/profit"),
			link("vat.invoice", "VAT发票", "/amazon/vat/invoice", permEntry{"amz:vat:invoice:issue", "开具VAT发票"},
				permEntry{"amz:vat:setting:edit", "设置VAT税号"}),
		),
		heading("finance.profit", "利润",
			link("profit.calculator", "利润计算器", "/amazon/profit/calculator", crud("amz:profit:plan", "计算方案")...),
			link("profit.config", "利润配置", "/amazon/profit/config", permEntry{"amz:profit:config:edit", "编辑利润配置"}),
			link("profit.fbafee", "FBA费用", "/amazon/profit/fbafee"),
		),
	),
	group("service", "客服", "HeadsetOne",
		heading("service.customers", "客户",
			link("service.customer", "客户管理", "/sys/customer", crud("sys:customer", "客户")...),
			link("service.client", "客户端", "/sys/client", crud("sys:client", "客户端")...),
		),
	),
	group("authorization", "授权", "Config",
		heading("auth.stores", "店铺授权",
			link("auth.store", "店铺管理", "/amazon/storeAuth", permEntry{"amz:auth:store:add", "添加店铺"}, permEntry{"amz:auth:store:disable", "停用授权"}),
			link("auth.datasync", "数据同步", "/amazon/datasync", permEntry{"amz:sync:run", "立即同步"}, permEntry{"amz:sync:upload", "上传报告"}),
		),
	),
	group("system", "系统", "Workbench",
		heading("sys.access", "用户与权限",
			link("sys.subuser", "子账号", "/sys/subuser", append(crud("sys:user", "子账号"), permEntry{"sys:user:reset", "重置密码"})...),
			link("sys.role", "角色授权", "/sys/role", crud("sys:role", "角色")...),
			link("sys.menu", "菜单管理", "/sys/menu", crud("sys:menu", "菜单")...),
			link("sys.dept", "部门", "/sys/dept", crud("sys:dept", "部门")...),
			link("sys.oplog", "操作日志", "/sys/operationlog", permEntry{"sys:oplog:view", "查看操作日志"}),
		),
		heading("sys.settings", "基础设置",
			link("sys.dict", "数据字典", "/sys/dict", crud("sys:dict", "字典")...),
			link("sys.tag", "标签", "/sys/tag", crud("sys:tag", "标签")...),
			link("sys.taggroup", "标签分组", "/sys/taggroup", crud("sys:taggroup", "标签分组")...),
			link("sys.notify", "通知公告", "/sys/notify"),
			link("sys.notify.publish", "发布公告", "/sys/notify/publish", permEntry{"sys:notify:add", "发布公告"}),
			link("sys.usercenter", "个人中心", "/usercenter"),
			link("sys.swagger", "接口文档", "/sys/swagger"),
			link("sys.company", "公司设置", "/sys/company", permEntry{"sys:company:edit", "编辑公司设置"}),
		),
	),
}

// SeedMenus stores the product menu and its permissions, adding only what is missing.
func SeedMenus(db *models.DB) error {
	var walk func(entries []menuEntry, parentID int64) error
	walk = func(entries []menuEntry, parentID int64) error {
		for i, e := range entries {
			code := e.code
			m := &admin.Menu{ParentID: parentID, Code: &code, Title: e.title, Path: e.path, Icon: e.icon,
				Sort: (i + 1) * 10, Hidden: e.hidden, KeepAlive: true, Component: component(e.path)}
			if e.path == "" && len(e.children) > 0 {
				m.Redirect = firstPath(e.children)
			}
			stored, err := admin.UpsertSeedMenu(db, m)
			if err != nil {
				return err
			}
			for _, p := range e.perms {
				if err := admin.UpsertSeedPermission(db, &admin.MenuPermission{MenuID: stored.ID, Code: p.code, Name: p.name}); err != nil {
					return err
				}
			}
			if err := walk(e.children, stored.ID); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(ProductMenu, 0)
}

// component names the page that renders a path, as the older system's client expects to find it.
func component(path string) string {
	if path == "" {
		return "Layout"
	}
	return strings.TrimPrefix(path, "/") + "/index"
}

func firstPath(entries []menuEntry) string {
	for _, e := range entries {
		if e.path != "" {
			return e.path
		}
		if p := firstPath(e.children); p != "" {
			return p
		}
	}
	return ""
}

// MenuLink is a link of the seeded menu with the title of its top group.
type MenuLink struct{ Path, Title, Group string }

// MenuLinks lists the seeded menu's links, in menu order.
func MenuLinks() []MenuLink {
	var out []MenuLink
	var walk func(entries []menuEntry, group string)
	walk = func(entries []menuEntry, group string) {
		for _, e := range entries {
			if e.path != "" {
				out = append(out, MenuLink{Path: e.path, Title: e.title, Group: group})
			}
			walk(e.children, group)
		}
	}
	for _, g := range ProductMenu {
		walk(g.children, g.title)
	}
	return out
}
