package apidoc

import "strings"

// domains name the API's domains, by the path's first word after the service prefix, in the order the page
// lists them. A domain not named here (a new list) is listed after them under its own word.
var domains = []struct{ key, title string }{
	{"auth", "登录与会话"}, {"users", "用户与个人中心"}, {"menus", "菜单"}, {"notify", "消息与公告"},
	{"sysQueryField", "列配置"}, {"dicts", "数据字典"}, {"dict-items", "字典项"}, {"tagGroups", "标签分组"},
	{"tags", "标签"}, {"clients", "客户端"}, {"customers", "客户管理"}, {"operationLogs", "操作日志"},
	{"roles", "角色授权"}, {"depts", "部门"}, {"company", "公司设置"}, {"onboarding", "新手引导"},
	{"material", "本地产品"}, {"brand", "品牌"}, {"category", "分类"}, {"supplier", "供应商"}, {"listing", "SKU配对"},
	{"warehouse", "仓库"}, {"stock", "库存"}, {"inbound", "入库单"}, {"outbound", "出库单"},
	{"exchangeRate", "汇率"}, {"shipPlan", "发货计划"}, {"shipment", "货件处理"}, {"shipForm", "配货单"},
	{"amzauthority", "店铺管理"}, {"report", "亚马逊报表"}, {"datasync", "数据同步"},
	{"profitCalc", "利润计算器"}, {"profitPlan", "计算方案"}, {"sales", "销售报表与汇总"}, {"profit", "利润报告与配置"},
	{"orders", "订单"}, {"advert", "广告授权"}, {"advManager", "广告管理"},
}

// Domain is the route's domain: the first word of its path after /<service>/api/v1.
func Domain(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) > 3 && parts[1] == "api" {
		return parts[3]
	}
	if len(parts) > 0 {
		return parts[0]
	}
	return ""
}

// DomainTitle is the domain's Chinese name, or its word when it has none.
func DomainTitle(key string) string {
	for _, d := range domains {
		if d.key == key {
			return d.title
		}
	}
	return key
}

func domainRank(key string) int {
	for i, d := range domains {
		if d.key == key {
			return i
		}
	}
	return len(domains)
}
