package pages

import (
	"net/url"
	"strings"

	"sellerhub/models/seed"
)

// TabRoute is an address the shell opens in a tab, with the title its tab gets by default and the module it
// belongs to (named by the 建设中 page until the module is built).
type TabRoute struct {
	Path, Title, Module string
	// Menu is set for addresses in the product menu: only users granted that menu entry may open them.
	Menu bool
	// Screen is the menu entry a built page outside the menu is opened from (a document's detail from its list):
	// only users granted that entry may open the page.
	Screen string
}

// SpecRoutes are the main-layout routes of the specification (section 2) outside the menu.
var SpecRoutes = []TabRoute{
	{Path: "/usercenter", Title: "个人中心", Module: "个人中心"},
	{Path: "/aliexpress/storeAuth", Title: "速卖通店铺授权", Module: "授权", Screen: "/amazon/storeAuth"},
	{Path: "/shipment_handing/shipstep", Title: "货件处理", Module: "物流", Screen: "/erp/ship/quota"},
	{Path: "/shipment_handing/pehuo", Title: "配货单", Module: "物流"},
	{Path: "/e/s/p", Title: "发货计划提交", Module: "物流", Screen: "/erp/ship/plan"},
	{Path: "/e/p/p/s", Title: "采购计划提交", Module: "采购", Screen: "/erp/purchase/plan"},
	{Path: "/e/s/p/e", Title: "欧洲拆分发货", Module: "物流", Screen: "/erp/purchase/plan"},
	{Path: "/e/s/a", Title: "货件同步", Module: "物流", Screen: "/erp/ship/quota"},
	{Path: "/transportation/edit", Title: "编辑物流", Module: "物流", Screen: "/erp/ship/transportation"},
	{Path: "/transportation/details", Title: "物流详情", Module: "物流", Screen: "/erp/ship/transportation"},
	{Path: "/shipmentdetails", Title: "货件详情", Module: "物流", Screen: "/erp/ship/quota"},
	{Path: "/invoice/addshipment", Title: "添加货件发票", Module: "物流", Screen: "/erp/ship/quota"},
	{Path: "/material/photoupload", Title: "图片上传", Module: "产品", Screen: "/erp/material/localproduct"},
	{Path: "/material/details", Title: "产品详情", Module: "产品", Screen: "/erp/material/localproduct"},
	{Path: "/localproduct/addinfo", Title: "新增本地产品", Module: "产品", Screen: "/erp/material/localproduct"},
	{Path: "/localproduct/editinfo", Title: "编辑本地产品", Module: "产品", Screen: "/erp/material/localproduct"},
	{Path: "/e/w/o", Title: "新建出库单", Module: "仓库", Screen: "/erp/warehouse/outbound"},
	{Path: "/e/w/o/d", Title: "出库单详情", Module: "仓库", Screen: "/erp/warehouse/outbound"},
	{Path: "/e/w/i", Title: "新建入库单", Module: "仓库", Screen: "/erp/warehouse/inbound"},
	{Path: "/e/w/i/d", Title: "入库单详情", Module: "仓库", Screen: "/erp/warehouse/inbound"},
	{Path: "/e/w/s", Title: "新建盘点单", Module: "仓库", Screen: "/erp/warehouse/stocktake"},
	{Path: "/e/w/s/d", Title: "盘点单详情", Module: "仓库", Screen: "/erp/warehouse/stocktake"},
	{Path: "/e/w/os/s", Title: "海外仓发货", Module: "仓库", Screen: "/amazon/inventory/overseas"},
	{Path: "/e/w/os/d", Title: "海外仓详情", Module: "仓库", Screen: "/amazon/inventory/overseas"},
	{Path: "/e/w/os/i", Title: "新建海外仓入库单", Module: "仓库", Screen: "/amazon/inventory/overseas"},
	{Path: "/e/w/os/r", Title: "海外仓入库单详情", Module: "仓库", Screen: "/amazon/inventory/overseas"},
	{Path: "/e/w/t", Title: "新建调拨单", Module: "仓库", Screen: "/erp/warehouse/transfer"},
	{Path: "/e/w/t/d", Title: "调拨单详情", Module: "仓库", Screen: "/erp/warehouse/transfer"},
	{Path: "/e/w/e/c", Title: "新建换货单", Module: "仓库", Screen: "/erp/warehouse/exchange"},
	{Path: "/e/w/e/d", Title: "换货单详情", Module: "仓库", Screen: "/erp/warehouse/exchange"},
	{Path: "/e/p/o", Title: "新建采购单", Module: "采购", Screen: "/erp/purchase/orders"},
	{Path: "/e/p/p/c", Title: "新建加工单", Module: "采购", Screen: "/erp/purchase/process"},
	{Path: "/e/p/p/d", Title: "加工单详情", Module: "采购", Screen: "/erp/purchase/process"},
	{Path: "/f/p/d", Title: "付款申请详情", Module: "财务", Screen: "/erp/finance/payment"},
	{Path: "/e/f/s", Title: "1688结算", Module: "财务", Screen: "/erp/finance/alibaba"},
	{Path: "/f/c/c", Title: "新建费用分摊", Module: "财务", Screen: "/amazon/payment/costsharing"},
	{Path: "/f/j/e", Title: "编辑成本核算", Module: "财务", Screen: "/amazon/payment/jobcosting"},
	{Path: "/a/p/c", Title: "编辑计算方案", Module: "财务", Screen: "/amazon/profit/calculator"},
	{Path: "/a/a/sp", Title: "创建SP广告", Module: "广告", Screen: "/amazon/adv/manager"},
	{Path: "/a/a/sd", Title: "创建SD广告", Module: "广告", Screen: "/amazon/adv/manager"},
	{Path: "/a/a/sb", Title: "创建SB广告", Module: "广告", Screen: "/amazon/adv/manager"},
}

// TabRoutes lists every tab address the product answers before its module exists: the product menu's links
// (from the seeded menu definition, so the two cannot drift apart) and the specification's other routes.
func TabRoutes() []TabRoute {
	var out []TabRoute
	seen := map[string]bool{}
	for _, l := range seed.MenuLinks() {
		if !seen[l.Path] && !strings.HasPrefix(l.Path, "http") {
			seen[l.Path] = true
			out = append(out, TabRoute{Path: l.Path, Title: l.Title, Module: l.Group, Menu: true})
		}
	}
	for _, r := range SpecRoutes {
		if !seen[r.Path] {
			seen[r.Path] = true
			out = append(out, r)
		}
	}
	return out
}

// TabLink is the address of a tab as navigation links carry it: ?title=<tab title>&path=<path>, in that order.
func TabLink(path, title string) string {
	return path + "?title=" + url.QueryEscape(title) + "&path=" + url.QueryEscape(path)
}
