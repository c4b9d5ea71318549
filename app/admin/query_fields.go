package admin

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Messages of the column configuration calls.
const (
	MsgListUnknown        = "列表不存在"
	MsgVersionNameEmpty   = "版本名称不能为空"
	MsgVersionNameTooLong = "版本名称不能超过20个字符"
	MsgFieldListEmpty     = "列配置不能为空"
	MsgFieldNameEmpty     = "列名不能为空"
	msgFieldUnknown       = "列不存在: "
	msgFieldTwice         = "列重复: "
)

// versionNameMaxRunes is the longest layout name: it is a chip in the 列配置 dialog, not a description.
const versionNameMaxRunes = 20

// Column is one column of a list as the table island shows it. Findex is its place, from 0.
type Column struct {
	Ffield       string
	Title        string
	Width        int
	TitleTooltip string
	Sortable     bool
	IsShow       bool
	Findex       int
}

func col(ffield, title string, width int, sortable bool) Column {
	return Column{Ffield: ffield, Title: title, Width: width, Sortable: sortable, IsShow: true}
}

// hidden is a column a list offers but does not show until the user turns it on.
func (c Column) hidden() Column { c.IsShow = false; return c }

func (c Column) tip(text string) Column { c.TitleTooltip = text; return c }

// orderColumns are the columns of 订单管理 and 今日订单 (each with layouts of its own): the purchase time in
// Beijing time and the marketplace's, and the items summed in the order's currency.
var orderColumns = []Column{
	col("amazonOrderId", "订单号", 180, true), col("groupName", "店铺", 130, false), col("marketplaceName", "站点", 80, false),
	col("purchaseDate", "下单时间(北京)", 170, true), col("purchaseDateLocal", "下单时间(站点)", 170, false).tip("站点当地时间，北美站点为太平洋时间"),
	col("statusName", "订单状态", 90, false), col("channelName", "配送方式", 80, false), col("sku", "SKU", 150, false),
	col("asin", "ASIN", 120, false), col("quantity", "数量", 70, false), col("sales", "销售额", 100, false).tip("商品价格合计，不含税费和运费"),
	col("promotion", "促销折扣", 90, false).hidden(), col("tax", "税费", 90, false).hidden(),
	col("lines", "SKU数", 70, false).hidden(), col("shipCity", "城市", 110, false).hidden(),
	col("shipState", "州/省", 90, false).hidden(), col("shipCountry", "国家", 60, false).hidden(),
}

// queryFields are the default columns of each list (query name), in their default order. They are the product's,
// not data: a list's page and its columns change together, in one commit. A user's saved layouts only reorder
// and show or hide these; a column added here reaches every saved layout, one removed here leaves them.
var queryFields = numbered(map[string][]Column{
	"amazonOrderList": orderColumns,
	"todayOrderList":  orderColumns,
	"refundOrderList": {
		col("postedDate", "退款时间", 170, true), col("orderId", "订单号", 180, false), col("sku", "SKU", 150, false),
		col("groupName", "店铺", 130, false), col("marketplaceName", "站点", 80, false),
		col("refunded", "退款金额", 110, false).tip("退还买家的商品价格、税费、运费和促销（结算报告中的退款行）"),
		col("net", "退款净额", 110, false).tip("该笔退款全部结算行的合计，含退回的佣金和亚马逊收取的退款手续费"),
		col("reason", "退货原因", 160, false).tip("买家退货报告中该订单SKU的退货原因，未退货的为空"),
		col("settlementId", "结算编号", 130, false).hidden(), col("currency", "币种", 70, false).hidden(),
	},
	"dictList": {
		col("id", "ID", 180, true).hidden(), col("name", "字典名称", 160, true), col("code", "字典编码", 160, true),
		col("status", "状态", 80, false), col("remark", "备注", 200, false), col("createdAt", "创建时间", 170, true),
	},
	"dictItemList": {
		col("id", "ID", 180, true).hidden(), col("name", "字典项名称", 160, true), col("value", "字典项值", 160, false),
		col("dictCode", "字典编码", 140, false), col("sort", "排序", 80, true), col("status", "状态", 80, false),
		col("remark", "备注", 200, false), col("createdAt", "创建时间", 170, true),
	},
	"subUserList": {
		col("account", "账号", 140, true), col("name", "姓名", 120, true), col("email", "邮箱", 180, false),
		col("mobile", "手机", 130, false), col("deptName", "部门", 120, false), col("roles", "角色", 160, false),
		col("storeGroups", "店铺", 160, false).tip("子账号只能查看这些店铺；为空表示全部店铺"), col("status", "状态", 80, false), col("lastLoginTime", "最后登录时间", 170, true), col("createdAt", "创建时间", 170, true),
	},
	"roleList": {
		col("name", "角色名称", 160, true), col("code", "角色编码", 140, true), col("remark", "备注", 200, false),
		col("createdAt", "创建时间", 170, true),
	},
	"notifyAdminList": {
		col("title", "标题", 240, false), col("audience", "接收人", 120, false), col("action", "紧急程度", 90, false),
		col("sender", "发布人", 120, false), col("readCount", "已读人数", 90, false), col("withdrawn", "状态", 80, false),
		col("createdAt", "发布时间", 170, false),
	},
	"notifyList": {
		col("title", "标题", 260, false), col("tag", "类型", 100, false),
		col("action", "紧急程度", 90, false).tip("紧急消息会弹窗提醒，直到标记为已读"),
		col("createdAt", "发布时间", 170, true), col("isRead", "状态", 80, false),
	},
	"tagGroupList": {
		col("id", "ID", 180, false).hidden(), col("name", "分组名称", 160, true), col("remark", "备注", 240, false),
		col("createdAt", "创建时间", 170, true),
	},
	"tagList": {
		col("id", "ID", 180, false).hidden(), col("name", "标签名称", 160, true), col("groupName", "标签分组", 140, false),
		col("color", "颜色", 90, true), col("remark", "备注", 200, false), col("createdAt", "创建时间", 170, true),
	},
	"clientList": {
		col("id", "ID", 180, false).hidden(), col("name", "客户端名称", 160, true), col("code", "编码", 110, true),
		col("contact", "联系人", 110, false), col("phone", "电话", 130, false), col("email", "邮箱", 180, false),
		col("address", "地址", 240, false).hidden(), col("remark", "备注", 200, false),
		col("createdAt", "创建时间", 170, true),
	},
	"customerList": {
		col("id", "ID", 180, false).hidden(), col("name", "客户名称", 160, true), col("platform", "平台", 100, true),
		col("email", "邮箱", 180, false), col("phone", "电话", 130, false), col("country", "国家", 90, true),
		col("remark", "备注", 200, false), col("createdAt", "创建时间", 170, true),
	},
	"operationLog": {
		col("createdAt", "操作时间", 170, true), col("user", "操作人", 120, false), col("action", "操作", 120, false),
		col("subject", "操作对象", 160, false), col("summary", "详情", 320, false),
		col("target", "对象ID", 180, false).hidden(), col("detail", "请求内容", 260, false).hidden(),
		col("ip", "IP", 130, false).tip("操作时客户端的网络地址"),
	},
	"warehouseList": {
		col("name", "仓库名称", 160, true), col("kindName", "类型", 90, false), col("groupName", "店铺", 120, false),
		col("marketplaceName", "站点", 80, false), col("address", "地址", 240, false),
		col("allowNegative", "允许负库存", 100, false), col("disabled", "状态", 80, false), col("remark", "备注", 200, false),
		col("createdAt", "创建时间", 170, true),
	},
	"exchangeRateList": {
		col("currency", "币种", 80, false), col("name", "名称", 110, false), col("symbol", "符号", 70, false),
		col("rate", "当前汇率", 110, false).tip("1单位外币折合人民币"), col("sinceName", "适用自", 110, false),
		col("defaultRate", "默认汇率", 110, false), col("months", "已设月份", 90, false), col("updatedAt", "更新时间", 170, false),
	},
	"exchangeRateHistory": {
		col("month", "月份", 100, false), col("rate", "汇率", 120, false), col("updatedAt", "更新时间", 170, false),
		col("createdAt", "创建时间", 170, false).hidden(),
	},
	"profitPlanList": {
		col("name", "方案名称", 180, true), col("marketplace", "站点", 70, true), col("price", "售价", 100, false),
		col("unitCost", "采购成本(CNY)", 120, false), col("updatedAt", "更新时间", 170, true),
	},
	"stockList": {
		col("warehouseName", "仓库", 140, true), col("image", "图片", 70, false), col("sku", "SKU", 150, true),
		col("productName", "产品名称", 220, true), col("inbound", "待入库", 90, true), col("fulfillable", "可用", 90, true),
		col("outbound", "待出库", 90, true), col("updatedAt", "更新时间", 170, true),
	},
	// The ledger shows every quantity before, changed and after; the inbound and outbound ones before and after
	// are in 列配置, so the fulfillable flow and the operator fit the screen.
	"stockLedgerList": {
		col("createdAt", "时间", 170, true), col("warehouseName", "仓库", 120, false), col("sku", "SKU", 140, true),
		col("productName", "产品名称", 180, false), col("docTypeName", "单据类型", 100, false),
		col("docNumber", "单据号", 160, true), col("fulfillableBefore", "可用(前)", 80, false),
		col("fulfillableChange", "可用(变动)", 90, false), col("fulfillableAfter", "可用(后)", 80, false),
		col("inboundBefore", "待入库(前)", 90, false).hidden(), col("inboundChange", "待入库(变动)", 100, false),
		col("inboundAfter", "待入库(后)", 90, false).hidden(), col("outboundBefore", "待出库(前)", 90, false).hidden(),
		col("outboundChange", "待出库(变动)", 100, false), col("outboundAfter", "待出库(后)", 90, false).hidden(),
		col("operator", "操作人", 100, false),
	},
	// 销售报表: a line is a key (SKU, ASIN, product, store or marketplace, as the report groups) in a period and
	// currency; the CNY figures are converted month by month at the company's rates.
	"salesReportList": {
		col("period", "日期", 110, true), col("key", "统计项", 160, true), col("name", "名称", 200, false),
		col("asin", "ASIN", 120, false), col("currency", "币种", 70, true), col("units", "销量", 80, true),
		col("orders", "订单数", 80, true), col("sales", "销售额", 110, true), col("averagePrice", "平均售价", 100, false),
		col("refunds", "退款额", 100, true), col("refundOrders", "退款订单", 90, false).hidden(),
		col("salesCny", "销售额(CNY)", 120, true).tip("按各月汇率折算"), col("refundsCny", "退款额(CNY)", 120, true),
	},
	// 利润报告: a line is a seller SKU of a store's marketplace in a month and currency (or a store's or month's
	// total); Amazon's figures in the currency and in CNY, cost, freight and profit in CNY.
	"profitReportList": {
		col("month", "月份", 90, true), col("groupName", "店铺", 120, true), col("marketplaceId", "站点", 70, false).hidden(),
		col("sku", "SKU", 150, true), col("name", "名称", 180, false).hidden(), col("productSku", "本地SKU", 120, false),
		col("currency", "币种", 60, true), col("source", "来源", 60, false).tip("结算：取自结算报告；预估：订单与费用预估"),
		col("flags", "提示", 140, false), col("units", "销量", 70, true), col("sales", "销售额", 100, true),
		col("referral", "佣金", 90, false), col("fulfilment", "FBA配送费", 100, false), col("storage", "仓储费", 90, false),
		col("other", "其他费用", 90, false).tip("税费代扣、月租、赔偿等，负数为亚马逊返还"), col("refunds", "退款", 90, false),
		col("advertising", "广告费", 90, false).tip("结算中的广告账单（店铺级）；按SKU的广告数据未同步"),
		col("settled", "亚马逊回款", 110, false).tip("销售额 − 亚马逊费用 − 退款"),
		col("salesCny", "销售额(CNY)", 110, true), col("referralCny", "佣金(CNY)", 100, true),
		col("fulfilmentCny", "FBA配送费(CNY)", 120, false), col("storageCny", "仓储费(CNY)", 100, false),
		col("otherCny", "其他费用(CNY)", 110, false), col("refundsCny", "退款(CNY)", 100, true),
		col("advertisingCny", "广告费(CNY)", 100, false).tip("结算中的广告账单（店铺级）；按SKU的广告数据未同步"),
		col("settledCny", "亚马逊回款(CNY)", 120, false).hidden(), col("unitCost", "单位成本", 90, false).hidden(),
		col("cost", "商品成本", 100, true), col("unitFreight", "单位头程", 90, false).hidden(),
		col("freight", "头程", 90, true), col("profit", "利润(CNY)", 110, true), col("margin", "利润率", 80, true),
	},
	"orderSummaryList": {
		col("period", "周期", 110, true), col("currency", "币种", 70, true), col("orders", "订单数", 90, true),
		col("units", "销量", 90, true), col("sales", "销售额", 120, true), col("averagePrice", "平均售价", 100, false),
		col("refunds", "退款额", 110, true), col("refundOrders", "退款订单", 90, false),
		col("salesCny", "销售额(CNY)", 130, true).tip("按各月汇率折算"), col("refundsCny", "退款额(CNY)", 120, true),
	},
	"inboundList": {
		col("number", "入库单号", 170, false), col("warehouseName", "仓库", 140, false), col("statusName", "状态", 80, false),
		col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false), col("remark", "备注", 200, false),
	},
	"outboundList": {
		col("number", "出库单号", 170, false), col("warehouseName", "仓库", 140, false), col("statusName", "状态", 80, false),
		col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false), col("remark", "备注", 200, false),
	},
	"shipPlanList": {
		col("number", "计划编号", 170, true), col("groupName", "店铺", 130, false), col("country", "国家", 70, false),
		col("warehouseName", "发货仓库", 120, false), col("skuCount", "SKU数", 80, false), col("quantity", "发货数量", 90, false),
		col("statusName", "状态", 100, false), col("remark", "备注", 200, false), col("createdAt", "创建时间", 170, true),
	},
	"shipmentList": {
		col("shipmentId", "货件ID", 150, true), col("name", "货件名称", 150, false).hidden(), col("groupName", "店铺", 130, false),
		col("country", "国家", 70, false), col("center", "配送中心", 90, false), col("warehouseName", "发货仓库", 120, false),
		col("skuCount", "SKU数", 80, false), col("quantity", "发货数量", 90, false), col("statusName", "状态", 100, false),
		col("tracking", "跟踪单号", 150, false).hidden(), col("createdAt", "创建时间", 170, true),
	},
	"storeAuthList": {
		col("groupName", "店铺", 140, false), col("regionName", "区域", 70, false), col("sellerid", "卖家ID", 150, false),
		col("countries", "站点", 170, false), col("authStatus", "店铺授权", 90, false).tip("亚马逊卖家账号（SP-API）的授权状态"),
		col("authTime", "授权时间", 170, false), col("advStatus", "广告授权", 90, false).tip("亚马逊广告账号的授权状态"),
		col("advTime", "广告授权时间", 170, false), col("remark", "备注", 160, false).hidden(),
	},
	"dataSyncList": {
		col("groupName", "店铺", 140, false), col("regionName", "区域", 70, false), col("sellerid", "卖家ID", 150, false).hidden(),
		col("kindName", "数据类型", 110, false), col("stateName", "状态", 80, false), col("progress", "进度", 220, false).tip("亚马逊报告的状态、已完成报告数和已读取行数"),
		col("lastSuccess", "上次成功", 170, false), col("nextRun", "下次同步", 170, false), col("queuedBy", "触发方式", 80, false).hidden(),
		col("lastError", "最近错误", 300, false),
	},
	"dataSyncRunList": {
		col("groupName", "店铺", 140, false), col("regionName", "区域", 70, false), col("kindName", "数据类型", 110, false),
		col("cause", "触发方式", 80, false), col("statusName", "结果", 70, false), col("lines", "读取行数", 90, false),
		col("written", "写入行数", 90, false).tip("新增或有变化的行；再次同步相同数据时为0"), col("fileName", "文件", 160, false).hidden(),
		col("startedAt", "开始时间", 170, false), col("finishedAt", "结束时间", 170, false), col("error", "错误", 300, false),
	},
	"localProductList": {
		col("image", "图片", 70, false), col("sku", "SKU", 150, true), col("name", "产品名称", 240, true),
		col("brand", "品牌", 120, false), col("category", "分类", 120, false), col("supplier", "供应商", 140, false),
		col("kindName", "类型", 70, false), col("cartonSpec", "箱规", 200, false).tip("单箱数量、箱重、箱子长*宽*高"),
		col("price", "单价(元)", 90, true).hidden().tip("产品的单位成本（采购单价），利润按它计算商品成本"), col("weight", "重量(kg)", 90, true).hidden(),
		col("fulfillable", "可用", 80, false).hidden().tip("所有仓库的可用库存合计"),
		col("outbound", "待出库", 80, false).hidden().tip("所有仓库的待出库合计"),
		col("inbound", "在途", 80, false).hidden().tip("所有仓库的待入库合计"),
		col("status", "状态", 70, false), col("createdAt", "创建时间", 170, true),
	},
	"brandList": {
		col("id", "ID", 180, false).hidden(), col("name", "品牌名称", 180, true), col("remark", "备注", 260, false),
		col("createdAt", "创建时间", 170, true),
	},
	"supplierList": {
		col("id", "ID", 180, false).hidden(), col("name", "供应商名称", 200, true), col("contact", "联系人", 110, true),
		col("phone", "电话", 130, false), col("address", "地址", 240, false).hidden(), col("remark", "备注", 200, false),
		col("createdAt", "创建时间", 170, true),
	},
	"listingList": {
		col("groupName", "店铺", 130, false), col("marketplaceName", "站点", 80, false),
		col("sellerSku", "平台SKU", 170, true), col("itemName", "商品名称", 220, true), col("price", "价格", 90, true),
		col("status", "状态", 80, true), col("asin", "ASIN", 120, true), col("fnsku", "FNSKU", 120, true),
		col("productSku", "本地SKU", 150, false), col("productName", "产品名称", 200, false),
		col("paired", "配对状态", 90, false), col("createdAt", "创建时间", 170, true),
	},
})

// numbered sets each default column's findex from its place in the list, so nobody keeps the numbers by hand.
func numbered(lists map[string][]Column) map[string][]Column {
	for _, cols := range lists {
		for i := range cols {
			cols[i].Findex = i
		}
	}
	return lists
}

// defaultColumns returns a copy of a list's default columns; an unknown list is wrong input.
func defaultColumns(queryname string) ([]Column, error) {
	cols, ok := queryFields[queryname]
	if !ok {
		return nil, core.Invalid(MsgListUnknown)
	}
	return slices.Clone(cols), nil
}

// merged lays a saved layout over the list's defaults: the saved columns in their saved order and visibility,
// without those the list no longer has, then the list's columns the layout does not know yet, as their defaults
// show them.
func merged(defaults []Column, saved []models.SavedColumn) []Column {
	byField := make(map[string]Column, len(defaults))
	for _, d := range defaults {
		byField[d.Ffield] = d
	}
	saved = slices.Clone(saved)
	slices.SortStableFunc(saved, func(a, b models.SavedColumn) int { return cmp.Compare(a.Findex, b.Findex) })
	out := make([]Column, 0, len(defaults))
	placed := make(map[string]bool, len(defaults))
	for _, s := range saved {
		d, ok := byField[s.Ffield]
		if !ok || placed[s.Ffield] {
			continue
		}
		d.IsShow = s.IsShow
		out = append(out, d)
		placed[s.Ffield] = true
	}
	for _, d := range defaults {
		if !placed[d.Ffield] {
			out = append(out, d)
		}
	}
	return shown(out)
}

// shown numbers the columns in their order and, when none is marked shown, shows them all (ui-behaviour,
// Tables): a table with no columns would show the user nothing, not even the rows they came for.
func shown(cols []Column) []Column {
	some := false
	for i := range cols {
		cols[i].Findex = i
		some = some || cols[i].IsShow
	}
	if !some {
		for i := range cols {
			cols[i].IsShow = true
		}
	}
	return cols
}

// FieldChoice is one column of a layout to save: which column, its place, and whether it shows.
type FieldChoice struct {
	Ffield string `json:"ffield"`
	Findex int    `json:"findex"`
	IsShow bool   `json:"isshow"`
}

// FieldList is a layout as clients send it: the columns with their places and visibility
// ([{ffield, findex, isshow}]), or, as older clients send it, the names of the columns to show in their order
// (["name", "code"]), which hides the list's other columns.
type FieldList struct {
	Choices []FieldChoice
	// NamesOnly marks the second form.
	NamesOnly bool
}

// UnmarshalJSON reads either form of a fieldlist.
func (l *FieldList) UnmarshalJSON(b []byte) error {
	var names []string
	if json.Unmarshal(b, &names) == nil {
		l.Choices, l.NamesOnly = make([]FieldChoice, len(names)), true
		for i, name := range names {
			l.Choices[i] = FieldChoice{Ffield: name, Findex: i, IsShow: true}
		}
		return nil
	}
	l.NamesOnly = false
	return json.Unmarshal(b, &l.Choices)
}

// VersionForm is a named layout to save for a list.
type VersionForm struct {
	Queryname   string    `json:"queryname"`
	Versionname string    `json:"versionname"`
	Fieldlist   FieldList `json:"fieldlist"`
}

// ColumnsForm is a layout to save into an existing version. Queryname is optional; given, it must be the
// version's list.
type ColumnsForm struct {
	Queryname string    `json:"queryname"`
	Fieldlist FieldList `json:"fieldlist"`
}

// chosenColumns checks a layout against the list's columns and returns it in its order, numbered from 0. Every
// column must be one of the list's, once. Columns a list of choices leaves out keep their defaults when it is
// shown; those a list of names leaves out are hidden, after the named ones.
func chosenColumns(defaults []Column, fl FieldList) ([]models.SavedColumn, error) {
	list := fl.Choices
	if len(list) == 0 {
		return nil, core.Invalid(MsgFieldListEmpty)
	}
	known := make(map[string]bool, len(defaults))
	for _, d := range defaults {
		known[d.Ffield] = true
	}
	seen := make(map[string]bool, len(list))
	for _, f := range list {
		switch name := strings.TrimSpace(f.Ffield); {
		case name == "":
			return nil, core.Invalid(MsgFieldNameEmpty)
		case !known[name]:
			return nil, core.Invalid(msgFieldUnknown + name)
		case seen[name]:
			return nil, core.Invalid(msgFieldTwice + name)
		default:
			seen[name] = true
		}
	}
	list = slices.Clone(list)
	slices.SortStableFunc(list, func(a, b FieldChoice) int { return cmp.Compare(a.Findex, b.Findex) })
	out := make([]models.SavedColumn, len(list), len(defaults))
	for i, f := range list {
		out[i] = models.SavedColumn{Ffield: strings.TrimSpace(f.Ffield), Findex: i, IsShow: f.IsShow}
	}
	if fl.NamesOnly {
		for _, d := range defaults {
			if !seen[d.Ffield] {
				out = append(out, models.SavedColumn{Ffield: d.Ffield, Findex: len(out)})
			}
		}
	}
	return out, nil
}

// versionID reads a version id from the client. One that is not a number names no version of the user's.
func versionID(s string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || id <= 0 {
		return 0, core.NotFound("版本")
	}
	return id, nil
}

// notFoundVersion turns a missing row into the user's 版本不存在: another user's version is missing too.
func notFoundVersion(err error) error {
	if models.IsNotFound(err) {
		return core.NotFound("版本")
	}
	return err
}

// QueryFields answers the columns of a list as the user has them: the version in use laid over the defaults, or
// the defaults. Every list page load asks, so it costs one indexed lookup.
func (s *Service) QueryFields(ctx context.Context, p core.Principal, queryname string) ([]Column, error) {
	defaults, err := defaultColumns(queryname)
	if err != nil {
		return nil, err
	}
	v, err := s.db.With(ctx).QueryFieldsInUse(p.CompanyID, p.UserID, queryname)
	if models.IsNotFound(err) {
		return shown(defaults), nil
	}
	if err != nil {
		return nil, err
	}
	return merged(defaults, v.FieldList), nil
}

// Version is one of the user's saved layouts of a list with the columns it shows, in their order.
type Version struct {
	models.QueryFieldVersion
	Shown []Column
}

// QueryFieldVersions lists the user's versions of a list, oldest first; [] when there are none.
func (s *Service) QueryFieldVersions(ctx context.Context, p core.Principal, queryname string) ([]Version, error) {
	defaults, err := defaultColumns(queryname)
	if err != nil {
		return nil, err
	}
	vs, err := s.db.With(ctx).QueryFieldVersions(p.CompanyID, p.UserID, queryname)
	if err != nil {
		return nil, err
	}
	out := []Version{}
	for _, v := range vs {
		if v.Versionname == ownDefault {
			continue
		}
		version := Version{QueryFieldVersion: v}
		for _, col := range merged(defaults, v.FieldList) {
			if col.IsShow {
				version.Shown = append(version.Shown, col)
			}
		}
		out = append(out, version)
	}
	return out, nil
}

// VersionColumns answers the columns of one of the user's versions, laid over its list's defaults.
func (s *Service) VersionColumns(ctx context.Context, p core.Principal, id string) ([]Column, error) {
	vid, err := versionID(id)
	if err != nil {
		return nil, err
	}
	v, err := s.db.With(ctx).QueryFieldVersion(p.CompanyID, p.UserID, vid)
	if err != nil {
		return nil, notFoundVersion(err)
	}
	return layout(v)
}

// layout is a version's columns laid over its list's defaults.
func layout(v *models.QueryFieldVersion) ([]Column, error) {
	defaults, err := defaultColumns(v.Queryname)
	if err != nil {
		return nil, err
	}
	return merged(defaults, v.FieldList), nil
}

// SaveQueryFieldVersion saves a layout under a name (replacing the user's version of that name for the list, if
// any), makes it the one in use and returns its id.
func (s *Service) SaveQueryFieldVersion(ctx context.Context, p core.Principal, f VersionForm) (int64, error) {
	defaults, err := defaultColumns(f.Queryname)
	if err != nil {
		return 0, err
	}
	name := strings.TrimSpace(f.Versionname)
	switch {
	case name == "":
		return 0, core.Invalid(MsgVersionNameEmpty)
	case utf8.RuneCountInString(name) > versionNameMaxRunes:
		return 0, core.Invalid(MsgVersionNameTooLong)
	}
	return s.saveLayout(ctx, p, defaults, f.Queryname, name, f.Fieldlist)
}

// ownDefault is the name under which a user's own default layout of a list is kept: 保存 while 默认 is in use
// changes it. No named version can have it (a name is never empty), and the 列配置 list leaves it out: it is the
// 默认 row.
const ownDefault = ""

// SaveDefaultQueryFields saves a layout as the user's own default of the list (默认), makes it the one in use
// and returns its id.
func (s *Service) SaveDefaultQueryFields(ctx context.Context, p core.Principal, f ColumnsForm) (int64, error) {
	defaults, err := defaultColumns(f.Queryname)
	if err != nil {
		return 0, err
	}
	return s.saveLayout(ctx, p, defaults, f.Queryname, ownDefault, f.Fieldlist)
}

func (s *Service) saveLayout(ctx context.Context, p core.Principal, defaults []Column, queryname, name string, fl FieldList) (int64, error) {
	cols, err := chosenColumns(defaults, fl)
	if err != nil {
		return 0, err
	}
	at := s.now.Stamp()
	v := &models.QueryFieldVersion{CompanyID: p.CompanyID, UserID: p.UserID, Queryname: queryname,
		Versionname: name, FieldList: cols, CreatedAt: at, UpdatedAt: at}
	if err := s.db.With(ctx).SaveQueryFieldVersion(v); err != nil {
		return 0, err
	}
	return v.ID, nil
}

// SaveQueryFieldColumns saves a layout into one of the user's versions and makes it the one in use.
func (s *Service) SaveQueryFieldColumns(ctx context.Context, p core.Principal, id string, f ColumnsForm) (int64, error) {
	vid, err := versionID(id)
	if err != nil {
		return 0, err
	}
	db := s.db.With(ctx)
	v, err := db.QueryFieldVersion(p.CompanyID, p.UserID, vid)
	if err != nil {
		return 0, notFoundVersion(err)
	}
	if q := strings.TrimSpace(f.Queryname); q != "" && q != v.Queryname {
		return 0, core.NotFound("版本") // the user has no such version of that list
	}
	defaults, err := defaultColumns(v.Queryname)
	if err != nil {
		return 0, err
	}
	cols, err := chosenColumns(defaults, f.Fieldlist)
	if err != nil {
		return 0, err
	}
	if _, err := db.SaveQueryFieldColumns(p.CompanyID, p.UserID, vid, cols, s.now.Stamp()); err != nil {
		return 0, notFoundVersion(err)
	}
	return vid, nil
}

// UseQueryFieldVersion makes one of the user's versions the one in use for its list and answers its columns.
func (s *Service) UseQueryFieldVersion(ctx context.Context, p core.Principal, id string) ([]Column, error) {
	vid, err := versionID(id)
	if err != nil {
		return nil, err
	}
	v, err := s.db.With(ctx).UseQueryFieldVersion(p.CompanyID, p.UserID, vid)
	if err != nil {
		return nil, notFoundVersion(err)
	}
	return layout(v)
}

// UseDefaultQueryFields puts a list of the user's back on 默认 (the versions stay) and answers its columns: the
// user's own default when they saved one, else the list's.
func (s *Service) UseDefaultQueryFields(ctx context.Context, p core.Principal, queryname string) ([]Column, error) {
	defaults, err := defaultColumns(queryname)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	vs, err := db.QueryFieldVersions(p.CompanyID, p.UserID, queryname)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if v.Versionname == ownDefault {
			return s.UseQueryFieldVersion(ctx, p, strconv.FormatInt(v.ID, 10))
		}
	}
	if err := db.UseDefaultQueryFields(p.CompanyID, p.UserID, queryname); err != nil {
		return nil, err
	}
	return shown(defaults), nil
}

// DeleteQueryFieldVersion deletes one of the user's versions; if it was in use, its list shows 默认 again (the
// user's own, when they saved one).
func (s *Service) DeleteQueryFieldVersion(ctx context.Context, p core.Principal, id string) error {
	vid, err := versionID(id)
	if err != nil {
		return err
	}
	db := s.db.With(ctx)
	v, err := db.QueryFieldVersion(p.CompanyID, p.UserID, vid)
	if err != nil {
		return notFoundVersion(err)
	}
	if err := notFoundVersion(db.DeleteQueryFieldVersion(p.CompanyID, p.UserID, vid)); err != nil {
		return err
	}
	if v.InUse && v.Versionname != ownDefault {
		_, err = s.UseDefaultQueryFields(ctx, p, v.Queryname)
	}
	return err
}
