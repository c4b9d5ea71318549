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
	admindb "sellerhub/models/admin"
)

// Messages of the column configuration calls.
const (
	MsgListNameEmpty      = "列表名称不能为空"
	MsgListNameTooLong    = "列表名称不能超过50个字符"
	MsgListNameChars      = "列表名称只能包含字母、数字、下划线、点和短横线"
	MsgFieldNameTooLong   = "列名不能超过64个字符"
	MsgFieldNameChars     = "列名只能包含字母、数字、下划线、点和短横线"
	MsgFieldListTooLong   = "列配置不能超过200列"
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
	// Format is how the table island shows the column's values: "money" for amounts (islands/lib/money.js:
	// symbol, separators, two decimals), in Currency when set (CNY), else in the row's currency field.
	Format   string
	Currency string
}

func col(ffield, title string, width int, sortable bool) Column {
	return Column{Ffield: ffield, Title: title, Width: width, Sortable: sortable, IsShow: true}
}

// hidden is a column a list offers but does not show until the user turns it on.
func (c Column) hidden() Column { c.IsShow = false; return c }

func (c Column) tip(text string) Column { c.TitleTooltip = text; return c }

// money is a column of amounts in the row's currency; yuan one of amounts in CNY.
func (c Column) money() Column { c.Format = "money"; return c }

func (c Column) yuan() Column { c.Format, c.Currency = "money", "CNY"; return c }

// orderColumns are the columns of 订单管理 and 今日订单 (each with layouts of its own): the purchase time in
// Beijing time and the marketplace's, and the items summed in the order's currency.
var orderColumns = []Column{
	col("amazonOrderId", "订单号", 180, true), col("groupName", "店铺", 130, false), col("marketplaceName", "站点", 80, false),
	col("purchaseDate", "下单时间(北京)", 170, true), col("purchaseDateLocal", "下单时间(站点)", 170, false).tip("站点当地时间，北美站点为太平洋时间"),
	col("statusName", "订单状态", 90, false), col("channelName", "配送方式", 80, false), col("sku", "SKU", 150, false),
	col("skuMore", "其他SKU", 70, false).tip("订单中除本行SKU外的其他SKU个数"),
	col("quantity", "数量", 60, false).tip("本行SKU的数量（按SKU搜索时为所搜SKU，否则为订单的第一个SKU）"),
	col("sales", "销售额", 90, false).money().tip("本行SKU的商品价格，不含税费和运费"),
	col("orderSales", "订单总额", 90, false).money().tip("整个订单全部SKU的商品价格合计，不含税费和运费"),
	col("asin", "ASIN", 120, false), col("orderQuantity", "订单总数量", 90, false).tip("整个订单全部SKU的数量合计").hidden(),
	col("promotion", "订单促销折扣", 100, false).money().hidden(), col("tax", "订单税费", 90, false).money().hidden(),
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
		col("refunded", "退款金额", 110, false).money().tip("退还买家的商品价格、税费、运费和促销（结算报告中的退款行）"),
		col("net", "退款净额", 110, false).money().tip("该笔退款全部结算行的合计，含退回的佣金和亚马逊收取的退款手续费"),
		col("reason", "退货原因", 160, false).tip("买家退货报告中该订单SKU的退货原因，未退货的为空"),
		col("settlementId", "结算编号", 130, false).hidden(), col("currency", "币种", 70, false).hidden(),
	},
	"salesDetailList": {
		col("purchaseDate", "下单时间(北京)", 170, true), col("purchaseDateLocal", "下单时间(站点)", 170, false).tip("站点当地时间，北美站点为太平洋时间").hidden(),
		col("amazonOrderId", "订单号", 180, false), col("groupName", "店铺", 130, false), col("marketplaceName", "站点", 80, false),
		col("sku", "SKU", 150, true), col("asin", "ASIN", 120, false), col("productName", "商品名称", 220, false),
		col("quantity", "数量", 60, true), col("itemPrice", "商品价格", 90, false).money().tip("该行商品价格合计，不含税费和运费"),
		col("itemTax", "商品税费", 90, false).money(), col("shippingPrice", "运费", 80, false).money(),
		col("shippingTax", "运费税", 80, false).money().hidden(), col("giftWrapPrice", "礼品包装费", 90, false).money().hidden(),
		col("itemPromotionDiscount", "促销折扣", 90, false).money(), col("shipPromotionDiscount", "运费折扣", 90, false).money().hidden(),
		col("promotionIds", "促销编号", 160, false).tip("亚马逊订单报告中该行参与的促销"),
		col("channelName", "配送方式", 80, false), col("statusName", "订单状态", 90, false),
		col("business", "企业订单", 80, false).tip("买家为亚马逊企业购（B2B）账户"), col("currency", "币种", 70, false).hidden(),
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
	"productTagList": {
		col("name", "标签名称", 160, true), col("groupName", "标签分组", 140, false), col("color", "颜色", 90, true),
		col("products", "产品数", 90, false).tip("带此标签的本地产品数，点击在本地产品中查看"), col("remark", "备注", 200, false),
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
		col("name", "方案名称", 180, true), col("marketplace", "站点", 70, true), col("price", "售价", 100, false).money(),
		col("unitCost", "采购成本(CNY)", 120, false).yuan(), col("updatedAt", "更新时间", 170, true),
	},
	"stockList": {
		col("warehouseName", "仓库", 140, true), col("image", "图片", 70, false), col("sku", "SKU", 150, true),
		col("productName", "产品名称", 220, true), col("inbound", "待入库", 90, true), col("fulfillable", "可用", 90, true),
		col("outbound", "待出库", 90, true), col("updatedAt", "更新时间", 170, true),
	},
	// 海外仓库存: the stock list of the overseas warehouses.
	"overseasStockList": {
		col("warehouseName", "海外仓", 140, true), col("image", "图片", 70, false), col("sku", "SKU", 150, true),
		col("productName", "产品名称", 220, true), col("inbound", "待入库", 90, true), col("fulfillable", "可用", 90, true),
		col("outbound", "待出库", 90, true), col("updatedAt", "更新时间", 170, true),
	},
	// FBA库存明细: Amazon's states of each seller SKU; the researching units and the report's total are in 列配置.
	"fbaInventoryList": {
		col("productImage", "图片", 60, false), col("sellerSku", "平台SKU", 160, true), col("marketplaceName", "站点", 70, true),
		col("fulfillable", "可售", 80, true), col("reserved", "预留", 80, true).tip("订单预留、库间调拨、处理中"),
		col("inboundWorking", "入库处理中", 90, true), col("inboundShipped", "入库在途", 90, true),
		col("inboundReceiving", "入库接收中", 90, true), col("unsellable", "不可售", 80, true),
		col("researching", "调查中", 80, true).hidden(), col("total", "合计", 80, true).hidden(),
		col("units30", "近30天销量", 90, false), col("daysOfCover", "可售天数", 90, false).tip("可售 ÷ (近30天销量 ÷ 30)，无销量时为 —"),
		col("paired", "配对状态", 80, false), col("productSku", "本地SKU", 140, false), col("productName", "产品名称", 200, false),
		col("fnsku", "FNSKU", 110, false).hidden(), col("asin", "ASIN", 110, false).hidden(), col("groupName", "店铺", 120, false),
		col("updatedAt", "同步时间", 170, true),
	},
	// 赔偿报告: what Amazon reimbursed, cash and units; the original reimbursement of a reversal is in 列配置.
	"reimbursementList": {
		col("approvalDate", "批准时间", 160, true), col("reimbursementId", "赔偿编号", 120, false), col("caseId", "案例编号", 120, false),
		col("reasonName", "原因", 110, false), col("sku", "平台SKU", 150, true), col("marketplaceName", "站点", 70, false),
		col("amountPerUnit", "单件金额", 90, false).money(), col("amountTotal", "赔偿金额", 100, true).money(),
		col("quantityCash", "现金赔偿件数", 100, false), col("quantityInventory", "补回库存件数", 100, false),
		col("quantityTotal", "合计件数", 80, true), col("amazonOrderId", "订单号", 170, false), col("condition", "状况", 90, false).hidden(),
		col("fnsku", "FNSKU", 110, false).hidden(), col("productName", "商品名称", 200, false).hidden(),
		col("originalReimbursementId", "原赔偿编号", 120, false).hidden(), col("originalReimbursementType", "原赔偿类型", 110, false).hidden(),
		col("groupName", "店铺", 120, false),
	},
	// 待索赔: each claim with the units and money at stake and the window of Amazon's policy.
	"claimList": {
		col("kindName", "类型", 130, false), col("sku", "平台SKU", 150, false), col("marketplaceName", "站点", 70, false),
		col("referenceId", "参考编号", 150, false), col("eventDay", "发生日期", 100, false), col("units", "件数", 60, false),
		col("amount", "涉及金额", 100, false).money().tip("件数 × 单件价值（最近一次同 SKU 赔偿的单件金额，没有时取在售价格）；退款未退货为退款金额，配送费多收为多收的费用"),
		col("opensOn", "可申请日", 100, false), col("deadline", "截止日期", 100, false).tip("按亚马逊当时在该站点有效的赔偿政策计算"),
		col("urgency", "剩余天数", 100, false).tip("距截止日期的天数；7天内截止或已过期的标红，列表按截止日期由近到远排列"),
		col("statusName", "状态", 80, false), col("caseId", "案例编号", 120, false), col("reimbursementId", "赔偿编号", 120, false),
		col("fnsku", "FNSKU", 110, false).hidden(), col("groupName", "店铺", 120, false),
	},
	// 仓储费报告's monthly storage fees: a product at a fulfilment centre in a month, the fee in its currency and CNY.
	"storageFeeList": {
		col("month", "月份", 80, true), col("sku", "平台SKU", 150, false), col("fnsku", "FNSKU", 110, true),
		col("marketplaceName", "站点", 70, false), col("fulfillmentCenter", "运营中心", 80, true),
		col("productSizeTier", "尺寸分段", 110, false), col("averageOnHand", "日均库存", 80, false).tip("当月平均在库件数"),
		col("itemVolume", "单件体积", 90, false), col("volumeUnits", "体积单位", 90, false).hidden(),
		col("totalVolume", "总体积", 80, false).tip("日均库存 × 单件体积"), col("storageRate", "费率", 80, false).money().tip("每单位体积的月度仓储费率"),
		col("fee", "仓储费", 90, true).money(), col("feeCny", "仓储费(CNY)", 100, false).yuan().tip("按当月汇率折算"),
		col("dimensions", "尺寸", 170, false).hidden(), col("weight", "重量", 70, false).hidden(),
		col("weightUnits", "重量单位", 80, false).hidden(), col("dangerousGoods", "危险品类型", 100, false).hidden(),
		col("asin", "ASIN", 110, false).hidden(), col("productName", "商品名称", 200, false).hidden(), col("groupName", "店铺", 120, false),
	},
	// 仓储费报告's aged surcharges (长期仓储费): units of a SKU past 180 days at a monthly snapshot.
	"agedSurchargeList": {
		col("snapshotDate", "快照日期", 100, true), col("sku", "平台SKU", 150, true), col("marketplaceName", "站点", 70, false),
		col("surchargeAgeTier", "库龄分段", 100, false), col("quantityCharged", "收费件数", 80, true),
		col("perUnitVolume", "单件体积", 90, false), col("volumeUnit", "体积单位", 90, false).hidden(),
		col("rateSurcharge", "费率", 80, false).money().tip("每单位体积的附加费率"), col("amountCharged", "长期仓储费", 100, true).money(),
		col("amountCny", "长期仓储费(CNY)", 120, false).yuan().tip("按当月汇率折算"), col("fnsku", "FNSKU", 110, false).hidden(),
		col("asin", "ASIN", 110, false).hidden(), col("productName", "商品名称", 200, false).hidden(), col("groupName", "店铺", 120, false),
	},
	// FBA费用报告: Amazon's fee estimate of a SKU beside the fulfilment fee the period's settlements charged per unit.
	"fbaFeeList": {
		col("sku", "平台SKU", 150, true), col("marketplaceName", "站点", 70, false), col("productSizeTier", "尺寸分段", 130, false),
		col("dimensions", "亚马逊测量尺寸", 170, false), col("weight", "亚马逊测量重量", 120, false),
		col("expectedFulfillmentFee", "预估配送费", 100, true).money().tip("亚马逊费用预估报告中的单件FBA配送费"),
		col("estimatedReferralFee", "预估佣金", 90, false).money().tip("亚马逊按当前售价预估的单件销售佣金"),
		col("units", "结算件数", 80, true).tip("所选期间结算中收取FBA配送费的件数"),
		col("chargedPerUnit", "实收配送费", 100, true).money().tip("所选期间结算中的FBA配送费合计 ÷ 件数"),
		col("difference", "单件多收", 90, true).money().tip("实收配送费 − 预估配送费，高于预估时显示"),
		col("overcharge", "多收合计", 90, true).money().tip("单件多收 × 结算件数"), col("statusName", "核对", 70, false),
		col("charged", "配送费合计", 100, false).money().hidden(), col("estimatedFeeTotal", "预估费用合计", 100, false).money().hidden(),
		col("yourPrice", "售价", 80, false).money().hidden(), col("fnsku", "FNSKU", 110, false).hidden(),
		col("asin", "ASIN", 110, false).hidden(), col("productName", "商品名称", 200, false).hidden(), col("groupName", "店铺", 120, false),
	},
	// 移除订单: a removal order's type, status, the sums of its lines and its fee, where its units went.
	"removalOrderList": {
		col("requestDate", "申请时间", 150, true), col("orderId", "移除订单号", 120, true), col("marketplaceName", "站点", 70, false),
		col("orderTypeName", "类型", 70, false), col("orderStatusName", "状态", 80, false), col("skus", "SKU / FNSKU", 180, false),
		col("requestedQuantity", "申请件数", 80, true), col("shippedQuantity", "已发货", 70, false).tip("亚马逊已发出（退还或清算）的件数"),
		col("disposedQuantity", "已弃置", 70, false), col("inProcessQuantity", "处理中", 70, false),
		col("cancelledQuantity", "已取消", 70, false), col("packages", "包裹数", 70, false),
		col("removalFee", "移除费", 90, true).money().tip("亚马逊对该订单收取的移除或弃置费用"),
		col("outcome", "去向", 240, false), col("lastUpdated", "最后更新", 150, true).hidden(),
		col("orderSource", "来源", 160, false).hidden(), col("groupName", "店铺", 120, false),
	},
	// 库存规划: a SKU's units by age, Amazon's recommended action and the money at stake, its days of supply and the
	// low-inventory-level fee's risk.
	"planningList": {
		col("sku", "平台SKU", 150, true), col("marketplaceName", "站点", 70, false), col("available", "可售", 70, true),
		col("age0To90", "0-90天", 70, false), col("age91To180", "91-180天", 80, false), col("age181To270", "181-270天", 80, false),
		col("age271To365", "271-365天", 80, false), col("age365Plus", "365天以上", 80, false),
		col("shippedT30", "30天发货", 80, false), col("daysOfSupply", "可售天数", 80, true),
		col("excessQuantity", "冗余件数", 80, true), col("recommendedActionName", "建议操作", 110, false),
		col("storageCostNextMonth", "下月仓储费", 100, true).money().tip("亚马逊预估的下月月度仓储费"),
		col("estimatedSavings", "操作可省", 90, false).money().tip("按建议操作处理后预计节省的费用"),
		col("lowInventoryRiskName", "低库存费", 80, false).tip("30天和90天历史可售天数都低于28天时，亚马逊按发货件数收取低库存水平费"),
		col("reservedCustomerOrders", "预留-订单", 90, false).tip("为买家订单预留（拣货、包装中）的件数"),
		col("reservedFcTransfers", "预留-调仓", 90, false).tip("正在运营中心之间调拨的件数"),
		col("reservedFcProcessing", "预留-处理", 90, false).tip("运营中心另行处理（测量、抽检等）的件数"),
		col("strandedQuantity", "滞留件数", 80, false).tip("亚马逊滞留库存报告中无在售商品、无法销售的件数"),
		col("strandedReasonName", "滞留原因", 160, false).tip("亚马逊给出的滞留原因"),
		col("autoRemovalDate", "自动移除日", 100, false).hidden().tip("亚马逊将自动移除滞留库存的日期"),
		col("strandedSince", "滞留日期", 100, false).hidden(),
		col("shortTermDaysOfSupply", "短期历史可售天数", 120, false).hidden(), col("longTermDaysOfSupply", "长期历史可售天数", 120, false).hidden(),
		col("recommendedRemoval", "建议移除件数", 100, false).hidden(), col("sellThrough", "售出率", 70, false).hidden(),
		col("inboundQuantity", "入库中", 70, false).hidden(), col("reservedQuantity", "预留", 60, false).hidden(),
		col("unfulfillableQuantity", "不可售", 70, false).hidden(), col("shippedT90", "90天发货", 80, false).hidden(),
		col("snapshotDate", "报告日期", 100, false).hidden(), col("fnsku", "FNSKU", 110, false).hidden(),
		col("productName", "商品名称", 200, false).hidden(), col("groupName", "店铺", 120, false),
	},
	// FBA每日库存: a day's balance at a centre, the ledger's events of the day by kind, and the check.
	"fbaDailyList": {
		col("day", "日期", 100, true), col("sellerSku", "平台SKU", 150, true), col("marketplaceName", "站点", 70, true),
		col("location", "运营中心", 80, true), col("disposition", "库存状态", 110, false),
		col("starting", "期初", 70, true), col("receipts", "入库", 70, false), col("shipments", "发货", 70, false),
		col("returns", "退货", 70, false), col("transfers", "调拨/移除", 80, false), col("lost", "丢失", 60, false),
		col("found", "找到", 60, false), col("damaged", "损坏", 60, false), col("disposed", "弃置", 60, false),
		col("other", "其他", 60, false), col("ending", "期末", 70, true),
		col("difference", "差异", 70, false).tip("期末 − (期初 + 当日事件)，不为 0 即当日分类账对不上"),
		col("check", "核对", 70, false), col("fnsku", "FNSKU", 110, false).hidden(), col("asin", "ASIN", 110, false).hidden(),
		col("title", "标题", 200, false).hidden(), col("groupName", "店铺", 120, false),
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
		col("unitCost", "单价(元)", 90, false).yuan().tip("入库单审核时记入的每件成本（人民币）"), col("operator", "操作人", 100, false),
		col("binCode", "库位", 110, false), col("binChange", "库位(变动)", 90, false).tip("上架、移库、盘点或出库时该库位的数量变动"),
		col("binAfter", "库位(后)", 80, false).hidden(),
	},
	// 销售报表: a line is a key (SKU, ASIN, product, store or marketplace, as the report groups) in a period and
	// currency; the CNY figures are converted month by month at the company's rates.
	"salesForecastList": {
		col("groupName", "店铺", 120, false), col("country", "站点", 70, false), col("sku", "SKU", 160, true),
		col("asin", "ASIN", 120, false), col("name", "商品名称", 220, false), col("method", "预测方法", 90, false).tip("季节+趋势：有13个月以上的在售历史；趋势：3个月以上；平均：不足3个月。断货天数不计入日均"),
		col("last12", "近12月销量", 100, true),
		col("m1", "本月预测", 90, true), col("p1", "本月计划", 90, false),
		col("m2", "第2月预测", 90, false), col("p2", "第2月计划", 90, false),
		col("m3", "第3月预测", 90, false), col("p3", "第3月计划", 90, false),
		col("m4", "第4月预测", 90, false), col("p4", "第4月计划", 90, false),
		col("m5", "第5月预测", 90, false), col("p5", "第5月计划", 90, false),
		col("m6", "第6月预测", 90, false), col("p6", "第6月计划", 90, false),
	},
	"salesReportList": {
		col("period", "日期", 110, true), col("key", "统计项", 160, true), col("name", "名称", 200, false),
		col("asin", "ASIN", 120, false), col("currency", "币种", 70, true),
		col("units", "订单销量", 90, true).tip("取自订单，按下单日期；利润报告的结算销量取自结算报告"),
		col("orders", "订单数", 80, true),
		col("sales", "订单销售额", 110, true).money().tip("取自订单的商品售价，按下单日期；利润报告的结算销售额取自结算报告"),
		col("averagePrice", "平均售价", 100, false).money(),
		col("refunds", "退款额", 100, true).money(), col("refundOrders", "退款订单", 90, false).hidden(),
		col("salesCny", "订单销售额(CNY)", 130, true).yuan().tip("按各月汇率折算"), col("refundsCny", "退款额(CNY)", 120, true).yuan(),
	},
	// 流量报告: a listing's (child or parent ASIN) figures of Amazon's sales and traffic report in a period, beside
	// the period before; Buy Box share of page views, conversion as Amazon's unit session percentage.
	"trafficReportList": {
		col("period", "日期", 170, true), col("asin", "ASIN", 120, true), col("parentAsin", "父ASIN", 120, false),
		col("sku", "SKU", 140, false), col("groupName", "店铺", 110, false), col("marketplace", "站点", 60, false),
		col("sessions", "会话数", 80, true), col("previousSessions", "上期会话数", 90, false).hidden(),
		col("pageViews", "页面浏览量", 90, true), col("buyBox", "Buy Box%", 90, true).tip("出现购买按钮的页面浏览量占比"),
		col("previousBuyBox", "上期Buy Box%", 100, false), col("conversion", "转化率", 80, true).tip("订购件数 ÷ 会话数（Unit Session %）"),
		col("previousConversion", "上期转化率", 90, false), col("units", "订购件数", 80, true),
		col("previousUnits", "上期件数", 80, false).hidden(), col("currency", "币种", 60, false),
		col("sales", "订购销售额", 100, true).money(), col("previousSales", "上期销售额", 100, false).money().hidden(),
	},
	// Listing分析: the listings whose conversion or Buy Box fell most against the period before (points).
	"listingAnalysisList": {
		col("asin", "ASIN", 120, true), col("parentAsin", "父ASIN", 120, false), col("sku", "SKU", 140, false),
		col("groupName", "店铺", 110, false), col("marketplace", "站点", 60, false),
		col("lostUnits", "估计少卖件数", 110, true).tip("本期会话数 × 转化率降幅：按上期转化率本期应多卖的件数，默认按此排序"),
		col("conversionDrop", "转化率降幅", 100, true).tip("上期转化率 − 本期转化率（百分点）"),
		col("previousConversion", "上期转化率", 90, false), col("conversion", "本期转化率", 90, false),
		col("buyBoxDrop", "Buy Box降幅", 100, true).tip("上期 − 本期（百分点）"),
		col("previousBuyBox", "上期Buy Box%", 100, false), col("buyBox", "本期Buy Box%", 100, false),
		col("sessions", "本期会话数", 90, true), col("previousSessions", "上期会话数", 90, false),
		col("units", "本期件数", 80, true), col("previousUnits", "上期件数", 80, false),
	},
	// 广告管理: a campaign, ad group, keyword or product ad with its figures over the days asked; cost and sales
	// also in CNY at each month's rate. Orders and sales are Amazon's 7-day attribution.
	"advManagerList": {
		col("name", "名称", 220, false), col("stateName", "状态", 70, false), col("groupName", "店铺", 120, false),
		col("marketplaceName", "站点", 70, false), col("currency", "币种", 60, false),
		col("adTypeName", "广告类型", 90, false).tip("广告活动的类型：商品推广（SP）、展示型推广（SD）、品牌推广（SB）"),
		col("targetingType", "投放类型", 80, false).hidden(), col("matchType", "匹配类型", 80, false).hidden(),
		col("asin", "ASIN", 110, false).hidden(), col("budget", "预算", 90, false).money().tip("广告活动的每日预算"),
		col("bid", "竞价", 80, false).money().tip("广告组的默认竞价、关键词的竞价"), col("impressions", "曝光量", 90, false),
		col("clicks", "点击量", 80, false), col("ctr", "点击率", 80, false).tip("点击量 ÷ 曝光量"),
		col("cpc", "CPC", 80, false).tip("花费 ÷ 点击量"), col("spend", "花费", 100, false).money(),
		col("spendCny", "花费(CNY)", 100, false).yuan().tip("按各月汇率折算"), col("orders", "订单量", 80, false).tip("7天归因"),
		col("sales", "销售额", 100, false).money().tip("7天归因"), col("salesCny", "销售额(CNY)", 110, false).yuan(),
		col("acos", "ACOS", 80, false).tip("花费 ÷ 销售额"), col("roas", "ROAS", 80, false).tip("销售额 ÷ 花费"),
		col("conversion", "转化率", 80, false).tip("订单量 ÷ 点击量"),
	},
	// 搜索词: what shoppers searched under a keyword or product target, with its figures over the days asked.
	"advSearchTermList": {
		col("searchTerm", "搜索词", 200, false), col("keyword", "投放", 160, false).tip("匹配该搜索词的关键词或商品投放"),
		col("matchType", "匹配类型", 80, false), col("campaignName", "广告活动", 160, false), col("adGroupName", "广告组", 140, false),
		col("adTypeName", "广告类型", 90, false).tip("商品推广（SP）或品牌推广（SB）；只有商品推广的搜索词可添加为否定关键词"),
		col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false), col("currency", "币种", 60, false),
		col("impressions", "曝光量", 90, false).tip("搜索词报告只含有点击的曝光"), col("clicks", "点击量", 80, false),
		col("ctr", "点击率", 80, false).tip("点击量 ÷ 曝光量"), col("cpc", "CPC", 80, false).tip("花费 ÷ 点击量"),
		col("spend", "花费", 100, false).money(), col("spendCny", "花费(CNY)", 100, false).yuan().tip("按各月汇率折算"),
		col("orders", "订单量", 80, false).tip("7天归因"), col("sales", "销售额", 100, false).money().tip("7天归因"),
		col("salesCny", "销售额(CNY)", 110, false).yuan(), col("acos", "ACOS", 80, false).tip("花费 ÷ 销售额"),
		col("roas", "ROAS", 80, false).tip("销售额 ÷ 花费").hidden(), col("conversion", "转化率", 80, false).tip("订单量 ÷ 点击量"),
	},
	// 广告概览's days: every campaign's figures of a day, in CNY.
	"advOverviewDays": {
		col("day", "日期", 100, false), col("spend", "花费(CNY)", 110, false).yuan().tip("按各月汇率折算"),
		col("sales", "销售额(CNY)", 110, false).yuan().tip("7天归因"), col("acos", "ACOS", 80, false).tip("花费 ÷ 销售额"),
		col("roas", "ROAS", 80, false).tip("销售额 ÷ 花费"), col("orders", "订单量", 80, false).tip("7天归因"),
		col("impressions", "曝光量", 90, false), col("clicks", "点击量", 80, false), col("cpc", "CPC", 80, false).tip("花费 ÷ 点击量"),
		col("ctr", "CTR", 80, false).tip("点击量 ÷ 曝光量"), col("cvr", "CVR", 80, false).tip("订单量 ÷ 点击量"),
	},
	// 广告统计: a day, week or month (of a store, 站点 or campaign type) of every campaign's figures, in CNY.
	"advStatisticsList": {
		col("period", "周期", 110, false), col("of", "分组", 140, false), col("from", "开始日期", 100, false).hidden(),
		col("to", "结束日期", 100, false).hidden(), col("spend", "花费(CNY)", 110, false).yuan().tip("按各月汇率折算"),
		col("sales", "销售额(CNY)", 110, false).yuan().tip("7天归因"), col("acos", "ACOS", 80, false).tip("花费 ÷ 销售额"),
		col("roas", "ROAS", 80, false).tip("销售额 ÷ 花费"), col("orders", "订单量", 80, false).tip("7天归因"),
		col("impressions", "曝光量", 90, false), col("clicks", "点击量", 80, false), col("cpc", "CPC", 80, false).tip("花费 ÷ 点击量"),
		col("ctr", "CTR", 80, false).tip("点击量 ÷ 曝光量"), col("cvr", "CVR", 80, false).tip("订单量 ÷ 点击量"),
	},
	// ROAS排名: a campaign, ad group or advertised SKU of the days by ROAS, its figures in CNY as 广告概览 sums them.
	"advRoasList": {
		col("rank", "排名", 60, false), col("name", "名称", 220, false), col("campaignName", "广告活动", 180, false).hidden(),
		col("asin", "ASIN", 110, false).hidden(), col("groupName", "店铺", 110, false), col("marketplaceName", "站点", 80, false),
		col("stateName", "状态", 70, false).hidden(), col("roas", "ROAS", 80, false).tip("销售额 ÷ 花费"),
		col("spend", "花费(CNY)", 110, false).yuan().tip("按各月汇率折算"), col("sales", "销售额(CNY)", 110, false).yuan().tip("7天归因"),
		col("orders", "订单量", 80, false).tip("7天归因"), col("acos", "ACOS", 80, false).tip("花费 ÷ 销售额"),
		col("cpc", "CPC", 80, false).tip("花费 ÷ 点击量"), col("ctr", "CTR", 80, false).tip("点击量 ÷ 曝光量"),
		col("cvr", "CVR", 80, false).tip("订单量 ÷ 点击量"), col("impressions", "曝光量", 90, false).hidden(),
		col("clicks", "点击量", 80, false).hidden(),
	},
	// 广告漏斗: a campaign, ad group, keyword or SKU's impressions → clicks → orders, beside the days before.
	"advFunnelList": {
		col("rank", "序号", 60, false), col("name", "名称", 220, false), col("campaignName", "广告活动", 180, false).hidden(),
		col("asin", "ASIN", 110, false).hidden(), col("groupName", "店铺", 110, false), col("marketplaceName", "站点", 80, false),
		col("impressions", "曝光量", 90, false), col("prevImpressions", "上期曝光量", 90, false).hidden(),
		col("clicks", "点击量", 80, false), col("ctr", "点击率", 80, false).tip("点击量 ÷ 曝光量"),
		col("prevCtr", "上期点击率", 90, false).tip("所选日期之前同样天数的点击率"), col("orders", "订单量", 80, false).tip("7天归因"),
		col("cvr", "转化率", 80, false).tip("订单量 ÷ 点击量"), col("prevCvr", "上期转化率", 90, false).tip("所选日期之前同样天数的转化率"),
		col("units", "销量", 70, false).hidden(), col("spend", "花费(CNY)", 110, false).yuan().tip("按各月汇率折算"),
		col("sales", "销售额(CNY)", 110, false).yuan().tip("7天归因").hidden(),
	},
	// 指标分析: an advertised SKU's spend against its ad sales (ACOS) and all its sales (TACOS).
	"advIndicatorList": {
		col("rank", "序号", 60, false), col("sku", "SKU", 170, false), col("asin", "ASIN", 110, false), col("name", "商品名称", 220, false).hidden(),
		col("spend", "广告花费(CNY)", 120, false).yuan().tip("按各月汇率折算"), col("adSales", "广告销售额(CNY)", 130, false).yuan().tip("7天归因"),
		col("sales", "总销售额(CNY)", 120, false).yuan().tip("该SKU所有订单的销售额（销售报表按站点日期）"),
		col("acos", "ACOS", 80, false).tip("广告花费 ÷ 广告销售额"), col("tacos", "TACOS", 80, false).tip("广告花费 ÷ 总销售额"),
		col("prevTacos", "上期TACOS", 90, false).tip("所选日期之前同样天数的TACOS"),
		col("adShare", "广告销售占比", 100, false).tip("广告销售额 ÷ 总销售额"), col("roas", "ROAS", 80, false).tip("广告销售额 ÷ 广告花费").hidden(),
		col("adOrders", "广告订单量", 90, false).tip("7天归因"), col("orders", "总订单量", 90, false), col("units", "总销量", 80, false).hidden(),
		col("clicks", "点击量", 80, false).hidden(),
	},
	// 操作记录: a change sent to the Advertising API for one entity, with Amazon's answer.
	// 调价: the listings with their price, floor and last change; the history of the changes.
	"priceListingList": {
		col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false),
		col("sellerSku", "平台SKU", 170, true), col("asin", "ASIN", 120, true), col("itemName", "商品名称", 240, true),
		col("price", "当前价格", 90, true), col("currency", "币种", 60, false),
		col("floor", "最低价", 90, false).tip("卖家设置的最低价：低于它的调价不会提交亚马逊"),
		col("lastChangedAt", "最近调价时间", 170, false), col("lastChange", "最近调价", 140, false),
		col("lastResult", "结果", 70, false), col("lastMessage", "说明", 240, false).hidden(),
		col("productSku", "本地SKU", 150, false).hidden(),
	},
	"priceSaleList": {
		col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false), col("sellerSku", "平台SKU", 170, false),
		col("asin", "ASIN", 120, false).hidden(), col("salePrice", "促销价", 90, false), col("regularPrice", "原价", 90, false).tip("促销开始时的价格，结束后恢复为它"),
		col("currency", "币种", 60, false), col("startsAt", "开始时间", 170, false), col("endsAt", "恢复时间", 170, false),
		col("statusName", "状态", 80, false), col("message", "说明", 240, false), col("user", "操作人", 100, false),
		col("createdAt", "创建时间", 170, false).hidden(),
	},
	"priceChangeList": {
		col("createdAt", "调价时间", 170, false), col("user", "操作人", 100, false), col("groupName", "店铺", 120, false),
		col("marketplaceName", "站点", 70, false), col("sellerSku", "平台SKU", 170, false), col("asin", "ASIN", 120, false),
		col("methodName", "方式", 100, false), col("oldPrice", "原价", 90, false), col("newPrice", "新价", 90, false),
		col("percent", "幅度%", 70, false), col("currency", "币种", 60, false), col("resultName", "结果", 70, false),
		col("message", "说明", 280, false).tip("被拒绝的调价未生效，原价不变"), col("submissionId", "亚马逊提交ID", 200, false).hidden(),
	},
	"advOperationList": {
		col("createdAt", "操作时间", 170, false), col("user", "操作人", 100, false), col("sourceName", "来源", 70, false).hidden(),
		col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false), col("levelName", "层级", 80, false),
		col("name", "名称", 200, false), col("amazonId", "亚马逊ID", 150, false).hidden(), col("actionName", "操作", 90, false),
		col("before", "修改前", 90, false), col("after", "修改后", 90, false), col("currency", "币种", 60, false),
		col("resultName", "结果", 70, false), col("message", "亚马逊答复", 280, false).tip("亚马逊拒绝的修改未生效"),
		col("ruleName", "规则", 140, false).hidden(), col("reason", "触发数据", 320, false).tip("广告规则修改时的数据"),
	},
	// 广告规则: a rule, what it reads and changes, its schedule and its last run.
	"advRuleList": {
		col("name", "规则名称", 160, false), col("kindName", "类型", 130, false), col("stateName", "状态", 60, false),
		col("groupName", "店铺", 110, false), col("marketplaceName", "站点", 80, false), col("condition", "条件", 260, false),
		col("change", "操作", 200, false), col("schedule", "执行时间", 220, false).hidden(),
		col("lastDay", "最近执行数据日", 110, false).tip("每天的数据只执行一次"), col("lastResult", "最近结果", 110, false),
		col("lastRunAt", "最近执行时间", 160, false).hidden(), col("creator", "创建人", 90, false).hidden(),
		col("createdAt", "创建时间", 160, false).hidden(),
	},
	// 预警管理: a campaign's sudden change of spend, ACOS or clicks against the period before.
	"advAlertList": {
		col("readName", "状态", 60, false), col("dataDay", "数据日", 100, false), col("groupName", "店铺", 110, false),
		col("marketplaceName", "站点", 70, false), col("campaignName", "广告活动", 200, false), col("metricName", "指标", 70, false),
		col("before", "上一周期", 110, false), col("after", "本周期", 110, false), col("change", "变化", 90, false),
		col("threshold", "阈值", 70, false).hidden(), col("period", "对比周期", 300, false).hidden(),
		col("createdAt", "预警时间", 160, false).hidden(), col("reader", "阅读人", 90, false).hidden(),
	},
	// 结算记录: a settlement, what Amazon paid out, and whether its lines sum to it.
	"settlementList": {
		col("period", "结算周期", 190, false), col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false),
		col("settlementId", "结算编号", 130, true), col("currency", "币种", 60, false),
		col("totalAmount", "结算总额", 110, true).money().tip("结算报告首行的 total-amount，即转入卖家银行账户的金额"),
		col("depositDate", "转账日期", 100, true), col("lineCount", "明细行数", 80, false),
		col("linesSum", "明细合计", 110, false).money().tip("该结算全部明细行金额之和"),
		col("difference", "差额", 90, false).money().tip("结算总额 − 明细合计，应为0"), col("status", "对账", 70, false),
		col("periodStart", "开始日期", 100, false).hidden(), col("periodEnd", "结束日期", 100, true).hidden(),
	},
	// A settlement's lines, as in the file, our Chinese names beside Amazon's.
	"settlementLineList": {
		col("lineNo", "行号", 60, false), col("transactionTypeName", "交易类型", 100, false), col("amountName", "费用项", 150, false),
		col("amountDescription", "亚马逊名称", 170, false), col("orderId", "订单号", 160, false), col("sku", "SKU", 140, false),
		col("quantity", "数量", 60, false), col("postedDate", "入账日期", 100, false), col("currency", "币种", 60, false),
		col("amount", "金额", 100, false).money(), col("transactionType", "transaction-type", 120, false).hidden(),
		col("amountType", "amount-type", 110, false).hidden(),
	},
	// 费用项: the settlements' amounts by Amazon's names and currency, our Chinese names beside.
	"itemFeeList": {
		col("amountName", "费用项", 160, false), col("transactionTypeName", "交易类型", 100, false),
		col("amountDescription", "亚马逊名称", 200, false).tip("结算报告的 amount-description"),
		col("amountType", "amount-type", 130, false), col("currency", "币种", 60, false), col("lines", "行数", 80, true),
		col("amount", "金额", 120, true).money().tip("负数为亚马逊收取，正数为付给卖家"),
		col("amountCny", "金额(CNY)", 120, true).yuan().tip("按入账月份的汇率折算"), col("transactionType", "transaction-type", 130, false).hidden(),
	},
	// SKU结算: a seller SKU's settlements in a currency over the months.
	"skuSettlementList": {
		col("sku", "SKU", 160, true), col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false),
		col("currency", "币种", 60, false), col("units", "结算销量", 90, true),
		col("sales", "销售额", 110, true).money().tip("订单的商品价格、运费、礼品包装及促销折扣"),
		col("refunds", "退款", 100, false).money().tip("退给买家的金额"),
		col("fees", "亚马逊费用", 110, false).money().tip("佣金、FBA配送费、仓储费、广告费"),
		col("other", "其他", 100, false).money().tip("税费代扣、赔偿、调整等，正数为付给卖家"),
		col("net", "结算合计", 110, true).money().tip("该SKU全部结算行之和"),
		col("salesCny", "销售额(CNY)", 120, true).yuan(), col("netCny", "结算合计(CNY)", 130, true).yuan().tip("按入账月份的汇率折算"),
	},
	// 利润报告: a line is a seller SKU of a store's marketplace in a month and currency (or a store's or month's
	// total); Amazon's figures in the currency and in CNY, cost, freight and profit in CNY.
	// 月度报告: the P&L of the company (全部店铺) and of each store, CNY at each month's rate.
	"monthReportList": {
		col("store", "店铺", 120, false), col("name", "项目", 120, false), col("current", "本月", 120, false).yuan(),
		col("last", "上月", 120, false).yuan(), col("lastYear", "去年同月", 120, false).yuan(),
		col("mom", "环比", 90, false).tip("与上月相比；利润率为相差的百分点"), col("yoy", "同比", 90, false).tip("与去年同月相比；利润率为相差的百分点"),
		col("estimated", "其中预估", 110, false).yuan().tip("未结算部分：销售额取自订单，费用取自亚马逊费用预估"),
		col("localText", "本月(原币)", 160, false).tip("亚马逊各项按结算或订单的币种"),
	},
	"profitReportList": {
		col("month", "月份", 90, true), col("groupName", "店铺", 120, true), col("marketplaceName", "站点", 70, false).hidden(),
		col("sku", "SKU", 150, true), col("name", "名称", 180, false).hidden(), col("productSku", "本地SKU", 120, false),
		col("currency", "币种", 60, true), col("source", "来源", 60, false).tip("结算：取自结算报告；预估：订单与费用预估"),
		col("flags", "提示", 140, false),
		col("units", "结算销量", 90, true).tip("取自结算报告，按入账月份；销售报表的订单销量取自订单"),
		col("sales", "结算销售额", 110, true).money().tip("取自结算报告的商品售价，按入账月份；销售报表的订单销售额取自订单"),
		col("referral", "佣金", 90, false).money(), col("fulfilment", "FBA配送费", 100, false).money(), col("storage", "仓储费", 90, false).money(),
		col("other", "其他费用", 90, false).money().tip("税费代扣、月租、赔偿等，负数为亚马逊返还"), col("refunds", "退款", 90, false).money(),
		col("advertising", "广告费", 90, false).money().tip("SKU：推广该SKU的SP、SD广告花费（广告报表，按广告日期所在月），加上展示该SKU的SB广告活动花费按各SKU当月销售额分摊（均无销售额时平均分摊）；店铺费用：结算中的广告账单"),
		col("settled", "亚马逊回款", 110, false).money().tip("结算销售额 − 亚马逊费用 − 退款"),
		col("salesCny", "结算销售额(CNY)", 130, true).yuan(), col("referralCny", "佣金(CNY)", 100, true).yuan(),
		col("fulfilmentCny", "FBA配送费(CNY)", 120, false).yuan(), col("storageCny", "仓储费(CNY)", 100, false).yuan(),
		col("otherCny", "其他费用(CNY)", 110, false).yuan(), col("refundsCny", "退款(CNY)", 100, true).yuan(),
		col("advertisingCny", "广告费(CNY)", 100, false).yuan().tip("SKU：推广该SKU的SP、SD广告花费（广告报表，按广告日期所在月），加上展示该SKU的SB广告活动花费按各SKU当月销售额分摊（均无销售额时平均分摊）；店铺费用：结算中的广告账单"),
		col("settledCny", "亚马逊回款(CNY)", 120, false).yuan().hidden(), col("unitCost", "单位成本", 90, false).yuan().hidden(),
		col("cost", "商品成本", 100, true).yuan(), col("unitFreight", "单位头程", 90, false).yuan().hidden(),
		col("freight", "头程", 90, true).yuan(),
		col("shared", "分摊费用", 100, true).yuan().tip("费用分摊中分摊到该SKU的费用（租金、工资、工具等）"),
		col("profit", "利润(CNY)", 110, true).yuan(), col("margin", "利润率", 80, true),
	},
	"orderSummaryList": {
		col("period", "周期", 110, true), col("currency", "币种", 70, true), col("orders", "订单数", 90, true),
		col("units", "销量", 90, true), col("sales", "销售额", 120, true).money(), col("averagePrice", "平均售价", 100, false).money(),
		col("refunds", "退款额", 110, true).money(), col("refundOrders", "退款订单", 90, false),
		col("salesCny", "销售额(CNY)", 130, true).yuan().tip("按各月汇率折算"), col("refundsCny", "退款额(CNY)", 120, true).yuan(),
	},
	"inboundList": {
		col("number", "入库单号", 170, false), col("warehouseName", "仓库", 140, false), col("statusName", "状态", 80, false),
		col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false),
		col("totalCost", "总金额(元)", 110, false).yuan().tip("各行数量×单价之和；未填单价的行不计入"), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false), col("remark", "备注", 200, false),
	},
	"outboundList": {
		col("number", "出库单号", 170, false), col("warehouseName", "仓库", 140, false), col("statusName", "状态", 80, false),
		col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false), col("remark", "备注", 200, false),
	},
	"transferList": {
		col("number", "调拨单号", 170, false), col("warehouseName", "调出仓库", 140, false), col("toWarehouseName", "调入仓库", 140, false),
		col("statusName", "状态", 80, false), col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false),
		col("creator", "创建人", 100, false), col("createdAt", "创建时间", 170, false), col("approvedAt", "发货时间", 170, false),
		col("receivedAt", "收货时间", 170, false), col("remark", "备注", 200, false),
	},
	// 换货单: units of one product made another's in one warehouse; 货值 is the cost carried over at approval.
	"exchangeList": {
		col("number", "换货单号", 170, false), col("warehouseName", "仓库", 140, false), col("statusName", "状态", 80, false),
		col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false),
		col("totalCost", "货值(元)", 110, false).yuan().tip("审核时按换出产品的加权平均成本结转"), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false), col("remark", "备注", 200, false),
	},
	// 海外仓发货: an overseas warehouse's outbound documents, to FBA (店铺, 站点, FBA仓库) or to a buyer (收件人).
	"overseasList": {
		col("number", "发货单号", 170, false), col("warehouseName", "海外仓", 140, false), col("destinationName", "发货去向", 90, false),
		col("toWarehouseName", "FBA仓", 140, false), col("destCenter", "FBA仓库代码", 110, false), col("shipmentId", "货件单号", 140, false),
		col("buyerName", "收件人", 120, false), col("carrier", "承运商", 100, false), col("tracking", "跟踪单号", 150, false),
		col("statusName", "状态", 80, false), col("lineCount", "产品数", 80, false), col("totalQuantity", "总数量", 90, false),
		col("creator", "创建人", 100, false), col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false),
		col("remark", "备注", 200, false),
	},
	// 海外仓入库: first legs from an own warehouse to an overseas one, by a 物流跟踪 channel, until received there.
	"overseasInList": {
		col("number", "入库单号", 170, false), col("warehouseName", "发货仓库", 140, false), col("toWarehouseName", "海外仓", 140, false),
		col("statusName", "状态", 80, false), col("carrier", "承运商", 100, false), col("channel", "物流渠道", 120, false),
		col("tracking", "跟踪单号", 150, false), col("boxes", "箱数", 70, false), col("lineCount", "产品数", 80, false),
		col("totalQuantity", "总数量", 90, false), col("estimatedArrival", "预计到货", 110, false), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("approvedAt", "发货时间", 170, false), col("receivedAt", "收货时间", 170, false),
		col("remark", "备注", 200, false),
	},
	// 加工单: the components of a product's 物料清单 consumed and the product made, its unit cost rolled up at approval.
	"processList": {
		col("number", "加工单号", 170, false), col("warehouseName", "仓库", 140, false), col("statusName", "状态", 80, false),
		col("madeSku", "加工产品SKU", 140, false), col("madeName", "加工产品", 180, false), col("madeQuantity", "加工数量", 90, false),
		col("lineCount", "组件数", 80, false), col("totalCost", "组件成本(元)", 120, false).yuan().tip("审核时按组件的加权平均成本结转"),
		col("processFee", "加工费(元/件)", 110, false).yuan(), col("madeCost", "单位成本(元)", 110, false).yuan().tip("(组件成本 + 加工费 × 数量) ÷ 加工数量"),
		col("creator", "创建人", 100, false), col("createdAt", "创建时间", 170, false), col("approvedAt", "审核时间", 170, false),
		col("remark", "备注", 200, false),
	},
	// 物流跟踪: each shipment's first leg: channel, tracking number, freight, estimated arrival and latest milestone.
	"transportationList": {
		col("shipmentId", "货件号", 160, false), col("groupName", "店铺", 110, false), col("marketplaceId", "站点", 80, false).hidden(),
		col("warehouseName", "发货仓库", 120, false), col("quantity", "数量", 70, false), col("carrier", "承运商", 110, false),
		col("channel", "物流渠道", 120, false), col("modeName", "运输方式", 80, false), col("tracking", "跟踪单号", 160, false),
		col("grossWeight", "毛重(kg)", 90, false), col("volume", "体积(m³)", 90, false),
		col("freight", "运费(元)", 100, false).yuan().tip("利润报告的头程按利润配置分摊此运费"), col("freightSource", "运费来源", 90, false),
		col("shippedAt", "发货时间", 160, false), col("estimatedArrival", "预计到达", 100, false), col("lastMilestone", "最新节点", 200, false),
	},
	// 物流渠道: first-leg channels with their days and price.
	"freightChannelList": {
		col("carrier", "承运商", 130, false), col("name", "渠道名称", 150, false), col("modeName", "运输方式", 80, false),
		col("days", "时效(天)", 80, false), col("basisName", "计价方式", 100, false), col("unitPrice", "单价(元)", 100, false).yuan(),
		col("shipments", "货件数", 80, false), col("remark", "备注", 200, false),
	},
	// 物料清单: the products that have a bill of materials, and how many components each names.
	"bomList": {
		col("sku", "产品SKU", 160, false), col("name", "产品名称", 220, false), col("components", "组件数", 80, false),
	},
	// 库存货值: each product's stock in each warehouse at a date, valued at its cost of that day.
	"stockValueList": {
		col("warehouseName", "仓库", 140, false), col("kindName", "类型", 80, false), col("groupName", "店铺", 110, false).hidden(),
		col("image", "图片", 70, false), col("sku", "SKU", 150, false), col("productName", "产品名称", 200, false),
		col("fulfillable", "可用", 80, false), col("inbound", "待入库(在途)", 100, false), col("outbound", "待出库", 80, false),
		col("quantity", "合计数量", 90, false), col("unitCost", "采购成本(元)", 110, false).yuan().tip("当日生效的采购成本"),
		col("value", "货值(元)", 120, false).yuan().tip("合计数量 × 采购成本；未填成本的不计入"),
	},
	// 1688账号绑定: the imported 1688 orders.
	"alibabaOrders": {
		col("aliOrderId", "1688订单号", 160, false), col("orderedAt", "下单时间", 150, false), col("sellerName", "供应商", 200, false),
		col("statusName", "1688状态", 110, false), col("totalAmount", "订单金额(元)", 110, false).yuan(),
		col("shippingFee", "运费(元)", 90, false).yuan(), col("paid", "已付(元)", 100, false).yuan(),
		col("logistics", "物流单号", 220, false), col("purchaseNumber", "采购单", 150, false).tip("全部商品配对本地产品后生成"),
		col("linesUnmapped", "待配对行", 90, false),
	},
	// 1688结算: the orders' paid phases matched to purchase orders and 付款申请.
	"alibabaPayments": {
		col("paidAt", "付款时间", 150, false), col("aliOrderId", "1688订单号", 160, false), col("sellerName", "供应商", 200, false),
		col("amount", "金额(元)", 110, false).yuan(), col("payWay", "支付方式", 90, false), col("payStatusName", "付款状态", 90, false),
		col("purchaseNumber", "采购单", 150, false), col("requestNumber", "付款申请", 150, false),
		col("matchName", "匹配", 110, false), col("advice", "处理建议", 320, false),
	},
	// 费用分摊: the costs typed or imported, and how each was shared out.
	"sharedCostList": {
		col("date", "日期", 100, false), col("category", "类别", 100, false), col("groupName", "店铺", 120, false),
		col("amount", "金额", 110, false).money(), col("currency", "币种", 60, false),
		col("amountCny", "金额(CNY)", 110, false).yuan().tip("按费用日期所在月份的汇率折算"),
		col("basisName", "分摊方式", 90, false), col("shares", "分摊SKU数", 90, false), col("note", "备注", 160, false),
	},
	// 成本核算: each product's landed unit cost of a month and its parts.
	"jobCostingList": {
		col("sku", "SKU", 150, false), col("name", "产品名称", 180, false),
		col("purchase", "采购成本", 100, false).yuan().tip("月末当日生效的采购成本（采购入库加权平均），与存货价值一致"),
		col("materials", "辅料", 80, false).yuan(), col("packing", "包材", 80, false).yuan(), col("processing", "加工费", 80, false).yuan(),
		col("dutyRate", "关税税率(%)", 100, false), col("duties", "关税", 80, false).yuan().tip("采购成本 × 关税税率"),
		col("unit", "到岸成本(不含头程)", 140, false).yuan().tip("利润报告的单位商品成本（已填成本核算时）"),
		col("firstLeg", "头程", 80, false).yuan(), col("total", "到岸成本", 110, false).yuan(), col("profitUses", "利润报告采用", 100, false),
	},
	// 存货价值: a month's lines, each product's stock in each warehouse at the month's end and its value.
	"inventoryValueLines": {
		col("warehouseName", "仓库", 140, false), col("kindName", "类型", 80, false), col("sku", "SKU", 150, false),
		col("productName", "产品名称", 200, false), col("onHand", "在库", 80, false), col("inbound", "在途", 80, false),
		col("unitCost", "单位成本(元)", 110, false).yuan().tip("月末当日生效的采购成本（加权平均）"),
		col("value", "货值(元)", 120, false).yuan().tip("(在库 + 在途) × 单位成本；无成本的不计入"),
	},
	// 资金账户: the movements in and out of the company's accounts, what each is matched to.
	"fundMovementList": {
		col("date", "日期", 100, false), col("accountName", "账户", 140, false), col("currency", "币种", 60, false),
		col("income", "收入", 110, false), col("expense", "支出", 110, false), col("categoryName", "类型", 90, false),
		col("counterparty", "对方", 140, false), col("remark", "备注", 160, false),
		col("matched", "匹配", 170, false).tip("收入可匹配亚马逊结算（回款），支出可匹配付款申请"), col("status", "状态", 70, false),
	},
	// VAT发票: a month's orders of European marketplaces with their VAT and invoice numbers.
	"vatOrderList": {
		col("amazonOrderId", "订单号", 170, false), col("groupName", "店铺", 110, false), col("marketplaceName", "站点", 70, false),
		col("purchaseDate", "下单时间", 150, false), col("shipTo", "收货地", 130, false), col("currency", "币种", 60, false),
		col("gross", "含税金额", 100, false), col("rate", "税率", 60, false).tip("站点标准税率，或VAT交易报告中的税率"),
		col("vat", "VAT", 90, false).tip("按标准税率计算：含税金额 × 税率 ÷ (1 + 税率)，逐行四舍五入到分；已开通VAT计算服务的店铺取亚马逊VAT交易报告的税额"),
		col("net", "不含税金额", 100, false), col("vatSource", "VAT来源", 120, false), col("invoiceNumber", "发票号", 120, false),
	},
	// 库位: the bins of own and overseas warehouses, with what each holds.
	"binList": {
		col("warehouseName", "仓库", 140, false), col("code", "库位编码", 140, false), col("zone", "库区", 80, false),
		col("productCount", "产品数", 80, false), col("units", "库存数量", 90, false), col("disabled", "状态", 80, false),
		col("remark", "备注", 180, false), col("updatedAt", "更新时间", 170, false).hidden(),
	},
	// 库位库存: each bin's units of each product, and the units waiting to be put away (待上架).
	"binStockList": {
		col("warehouseName", "仓库", 140, false), col("binCode", "库位", 130, false), col("image", "图片", 70, false),
		col("sku", "SKU", 150, false), col("productName", "产品名称", 220, false), col("quantity", "数量", 90, false),
	},
	// 移库记录: each line of the put-aways and moves between bins, with who and when.
	"binMoveList": {
		col("createdAt", "时间", 160, false), col("number", "单号", 150, false), col("kindName", "类型", 70, false),
		col("warehouseName", "仓库", 130, false), col("sku", "SKU", 140, false), col("productName", "产品名称", 180, false),
		col("fromBin", "移出库位", 120, false), col("toBin", "移入库位", 120, false), col("quantity", "数量", 80, false),
		col("operator", "操作人", 100, false), col("remark", "备注", 160, false).hidden(),
	},
	"warehouseAddressList": {
		col("warehouseName", "仓库", 130, false),
		col("name", "联系人", 110, false), col("companyName", "公司名称", 140, false), col("addressLine1", "地址1", 220, false),
		col("addressLine2", "地址2", 140, false).hidden(), col("city", "城市", 100, false), col("stateOrProvince", "州/省", 90, false),
		col("postalCode", "邮编", 90, false), col("countryCode", "国家/地区", 90, false), col("phone", "电话", 130, false),
		col("email", "邮箱", 160, false).hidden(), col("isDefault", "默认", 70, false), col("remark", "备注", 160, false).hidden(),
	},
	"shipFromAddressList": {
		col("name", "联系人", 110, false), col("companyName", "公司名称", 140, false), col("addressLine1", "地址1", 220, false),
		col("addressLine2", "地址2", 140, false).hidden(), col("city", "城市", 100, false), col("stateOrProvince", "州/省", 90, false),
		col("postalCode", "邮编", 90, false), col("countryCode", "国家/地区", 90, false), col("phone", "电话", 130, false),
		col("email", "邮箱", 160, false).hidden(), col("isDefault", "默认", 70, false), col("remark", "备注", 160, false).hidden(),
	},
	"stocktakeList": {
		col("number", "盘点单号", 170, false), col("warehouseName", "仓库", 140, false), col("scopeName", "范围", 90, false),
		col("statusName", "状态", 80, false), col("lineCount", "产品数", 80, false), col("countedCount", "已盘", 80, false),
		col("surplusUnits", "盘盈数量", 90, false), col("lossUnits", "盘亏数量", 90, false),
		col("surplusValue", "盘盈金额(元)", 120, false).yuan().tip("过账时按各产品采购成本计"),
		col("lossValue", "盘亏金额(元)", 120, false).yuan().tip("过账时按各产品采购成本计"), col("creator", "创建人", 100, false),
		col("createdAt", "创建时间", 170, false), col("postedAt", "过账时间", 170, false), col("remark", "备注", 200, false),
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
		col("countries", "站点", 120, false), col("authStatus", "店铺授权", 90, false).tip("亚马逊卖家账号（SP-API）的授权状态"),
		col("authTime", "授权时间", 170, false).hidden(), col("advStatus", "广告授权", 90, false).tip("亚马逊广告账号的授权状态"),
		col("advTime", "广告授权时间", 170, false),
		col("secretStatus", "应用密钥", 120, false).hidden().tip("亚马逊的应用密钥（LWA Client Secret）签发 180 天后失效，到期前需轮换"),
		col("remark", "备注", 160, false).hidden(),
	},
	"aliexpressStoreList": {
		col("name", "店铺名称", 160, false), col("regionName", "站点", 80, false), col("sellerId", "卖家ID", 130, false),
		col("userNick", "速卖通账号", 140, false), col("statusName", "授权状态", 100, false),
		col("authTime", "授权时间", 170, false), col("expiresAt", "授权到期", 170, false).tip("刷新令牌的有效期，到期后需重新授权"),
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
		col("brand", "品牌", 120, false), col("category", "分类", 120, false).hidden(), col("supplier", "供应商", 140, false).hidden(),
		col("kindName", "类型", 70, false).hidden(), col("cartonSpec", "箱规", 200, false).hidden().tip("单箱数量、箱重、箱子长*宽*高"),
		col("price", "采购成本(元)", 110, true).yuan().tip("每件的采购成本，点击编辑；利润按各月生效的成本计算商品成本"), col("firstLeg", "头程(元)", 110, false).yuan().tip("每件的头程运费，点击编辑；填写后利润按它计算头程，否则按货件运费分摊"), col("weight", "重量(kg)", 90, true).hidden(),
		col("fulfillable", "可用", 80, false).tip("所有仓库的可用库存合计"),
		col("outbound", "待出库", 80, false).tip("所有仓库的待出库合计"),
		col("inbound", "在途", 80, false).tip("所有仓库的待入库合计"),
		col("status", "状态", 70, false), col("createdAt", "创建时间", 170, true).hidden(),
		col("tags", "标签", 160, false).tip("产品标签：在“产品标签”中维护，勾选产品后点“打标签”添加或移除"),
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
		col("sellerSku", "平台SKU", 170, true), col("itemName", "商品名称", 220, true), col("price", "价格", 90, true).money(),
		col("status", "状态", 80, true), col("asin", "ASIN", 120, true), col("fnsku", "FNSKU", 120, true),
		col("productSku", "本地SKU", 150, false), col("productName", "产品名称", 200, false),
		col("paired", "配对状态", 90, false), col("createdAt", "创建时间", 170, true),
	},
	// 商品列表: every listing with its picture, status (and why not for sale), FBA stock, last days' sales, the
	// paired product, the owner (运营负责人) and tags.
	"listingProductList": {
		col("image", "图片", 70, false), col("itemName", "标题", 240, true), col("asin", "ASIN", 120, true),
		col("parentAsin", "父ASIN", 120, false), col("fnsku", "FNSKU", 120, true), col("sellerSku", "平台SKU", 170, true),
		col("groupName", "店铺", 120, false), col("marketplaceName", "站点", 70, false), col("price", "价格", 90, true).money(),
		col("statusName", "状态", 80, true), col("reason", "不可售原因", 240, false).tip("在售报告与FBA库存报告能说明的原因：缺货等；其他原因请在卖家后台查看"),
		col("channelName", "配送方式", 80, false), col("fulfillable", "FBA可售", 80, false), col("inbound", "FBA在途", 80, false),
		col("units7", "7天销量", 80, false), col("sales7", "7天销售额", 100, false), col("units30", "30天销量", 80, false),
		col("sales30", "30天销售额", 100, false), col("salesCurrency", "销售币种", 70, false).hidden(),
		col("rank", "排名", 170, true).tip("亚马逊大类排名（商品目录接口），随Listing同步更新；无排名的排在最后"),
		col("classRankText", "小类排名", 180, false).hidden(), col("classification", "分类", 220, false).hidden(),
		col("rankedAt", "排名读取时间", 170, false).hidden(),
		col("productSku", "本地SKU", 150, false), col("ownerName", "运营负责人", 100, false), col("tagNames", "标签", 140, false),
		col("openDate", "开售时间", 170, false).hidden(), col("createdAt", "创建时间", 170, true).hidden(),
	},
	// 商品目录's export: an item's card, a column a line.
	"catalogItemList": {
		col("asin", "ASIN", 120, false), col("title", "标题", 260, false), col("brand", "品牌", 120, false),
		col("color", "颜色", 80, false), col("kind", "类型", 80, false), col("classification", "分类", 220, false),
		col("groupRank", "大类排名", 170, false), col("rank", "小类排名", 170, false), col("parent", "父体ASIN", 120, false),
		col("children", "变体", 200, false), col("identifiers", "标识符", 200, false), col("listings", "本店Listing", 200, false),
		col("image", "图片链接", 200, false).hidden(),
	},
	// 业绩报告: an owner's (运营负责人) or department's month against its targets, the sum last.
	"performanceList": {
		col("name", "负责人/部门", 140, false), col("deptName", "所属部门", 120, false), col("lines", "SKU行数", 80, false).hidden(),
		col("units", "销量", 80, false), col("sales", "销售额(元)", 120, false).yuan(), col("salesTarget", "销售目标(元)", 120, false).yuan(),
		col("salesProgress", "销售完成率(%)", 110, false), col("profit", "利润(元)", 120, false).yuan(),
		col("profitTarget", "利润目标(元)", 120, false).yuan(), col("profitProgress", "利润完成率(%)", 110, false),
	},
	"openListingList": {
		col("groupName", "店铺", 130, false), col("marketplaceName", "站点", 80, false),
		col("sellerSku", "平台SKU", 170, true), col("asin", "ASIN", 120, true), col("fnsku", "FNSKU", 120, true),
		col("itemName", "商品名称", 240, true), col("price", "价格", 90, true).money(), col("quantity", "数量", 70, false).tip("卖家自配送（FBM）的可售数量；FBA的库存见FBA库存明细"),
		col("statusName", "状态", 80, false), col("channelName", "配送方式", 80, false),
		col("openDate", "开售时间", 170, false).tip("亚马逊在售商品报告的 open-date，北京时间"),
		col("productSku", "本地SKU", 150, false), col("productName", "产品名称", 200, false).hidden(),
		col("currency", "币种", 70, false).hidden(), col("createdAt", "首次同步时间", 170, true).hidden(),
	},
	"purchaseOrderList": {
		col("number", "采购单号", 170, false), col("supplierName", "供应商", 160, false), col("warehouseName", "收货仓库", 120, false),
		col("statusName", "状态", 80, false), col("totalQuantity", "采购数量", 90, false), col("totalReceived", "已收数量", 90, false),
		col("totalReturned", "退货数量", 90, false).hidden(), col("totalAmount", "采购金额", 120, false).money(),
		col("paymentTermsName", "付款方式", 90, false).hidden(), col("expectedDate", "预计到货", 110, false),
		col("creator", "创建人", 100, false), col("createdAt", "创建时间", 170, false), col("remark", "备注", 200, false).hidden(),
	},
	"replenishmentList": {
		col("groupName", "店铺", 100, false), col("country", "站点", 50, false), col("sku", "平台SKU", 150, false),
		col("productSku", "本地SKU", 130, false), col("name", "商品名称", 200, false).hidden(), col("asin", "ASIN", 110, false).hidden(),
		col("supplierName", "供应商", 120, false).hidden(),
		col("ship", "建议发货", 80, false), col("buy", "建议采购", 80, false),
		col("rate", "日均销量", 80, false).tip("加权日均（已剔除断货天数）× 调整"), col("trend", "趋势", 70, false).hidden(),
		col("coverDays", "可售天数", 80, false), col("stockOutDate", "断货日期", 100, false),
		col("shipByDate", "最晚发货日", 100, false), col("orderByDate", "最晚下单日", 100, false),
		col("fulfillable", "FBA可售", 80, false), col("reserved", "预留", 70, false).hidden(), col("inbound", "入库中", 70, false).hidden(),
		col("ourShipments", "未入亚马逊", 90, false).hidden(), col("fbaTotal", "FBA总库存", 90, false),
		col("local", "本地可用", 80, false), col("ordered", "采购未到货", 90, false),
		col("coverAfter", "到货后可售天数", 110, false).hidden(), col("warnings", "预警", 160, false),
	},
	"purchaseReportList": {
		col("name", "供应商 / SKU / 月份", 170, false), col("detail", "产品名称", 180, false), col("orders", "采购单数", 80, false),
		col("quantity", "采购数量", 90, false), col("received", "已收数量", 90, false), col("returned", "退货数量", 90, false),
		col("closed", "结案未到", 90, false).hidden(), col("cost", "入库成本", 120, false).yuan(),
		col("leadDays", "平均交期(天)", 100, false).tip("审核到首次收货的天数，按采购单行平均"),
		col("onTimeRate", "准时率", 80, false).tip("到货日期不晚于预计到货日期的收货占比"),
	},
	"supplierOwedList": {
		col("supplierName", "供应商", 160, false), col("currency", "币种", 70, false), col("ordered", "采购金额", 120, false).money(),
		col("received", "已收货金额", 120, false).money(), col("paid", "已付款", 120, false).money(),
		col("approved", "已批待付", 110, false).money(), col("owed", "应付（已收未付）", 140, false).money(),
		col("unpaid", "未付（采购未付）", 140, false).money(),
	},
	"paymentRequestList": {
		col("number", "付款单号", 170, false), col("orderNumber", "采购单号", 170, false), col("supplierName", "供应商", 150, false),
		col("kindName", "付款类型", 100, false), col("amount", "金额", 120, false).money(), col("statusName", "状态", 80, false),
		col("dueDate", "应付日期", 110, false), col("paidDate", "付款日期", 110, false), col("account", "付款账户", 140, false),
		col("receiptNumber", "收货单号", 170, false).hidden(), col("requester", "申请人", 100, false),
		col("createdAt", "申请时间", 170, false), col("remark", "备注", 200, false).hidden(),
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

// Bounds of the names a client may key a layout by. The query name is the stored column's width
// (query_field_versions.queryname is VARCHAR(50)); a column name of a list the product does not know is kept
// in the layout's JSON, and a layout of more columns than any screen has is junk, not a table.
const (
	querynameMaxLen = 50
	fieldNameMaxLen = 64
	fieldListMax    = 200
)

// plainName tells a name made only of ASCII letters, digits, '_', '.' and '-': what list and column names are,
// in this product and in the older clients. Spaces, markup and quotes are not.
func plainName(s string) bool {
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '.', r == '-':
		default:
			return false
		}
	}
	return true
}

// listColumns are the columns a layout of a list is laid over. Known is false for a query name the product has
// no list of: the spec keeps a saved configuration per user and query name, whatever the name, so an older
// client's own lists (analysistarget, ...) keep theirs too. Such a list has no defaults; its layouts are the
// columns the client saved.
type listColumns struct {
	defaults []Column
	known    bool
}

// defaultColumns returns a copy of a list's default columns, or none for a query name the product does not know
// (an empty configuration, not an error); a name that is empty, too long or not a plain name is wrong input.
func defaultColumns(queryname string) (listColumns, error) {
	if cols, ok := queryFields[queryname]; ok {
		return listColumns{defaults: slices.Clone(cols), known: true}, nil
	}
	switch {
	case strings.TrimSpace(queryname) == "":
		return listColumns{}, core.Invalid(MsgListNameEmpty)
	case len(queryname) > querynameMaxLen:
		return listColumns{}, core.Invalid(MsgListNameTooLong)
	case !plainName(queryname):
		return listColumns{}, core.Invalid(MsgListNameChars)
	}
	return listColumns{defaults: []Column{}}, nil
}

// over lays a saved layout over the list's columns (merged); a list the product does not know shows the saved
// columns as they were saved, each titled by its name.
func (l listColumns) over(saved []admindb.SavedColumn) []Column {
	if l.known {
		return merged(l.defaults, saved)
	}
	saved = slices.Clone(saved)
	slices.SortStableFunc(saved, func(a, b admindb.SavedColumn) int { return cmp.Compare(a.Findex, b.Findex) })
	out := make([]Column, 0, len(saved))
	for _, s := range saved {
		out = append(out, Column{Ffield: s.Ffield, Title: s.Ffield, IsShow: s.IsShow})
	}
	return shown(out)
}

// merged lays a saved layout over the list's defaults: the saved columns in their saved order and visibility,
// without those the list no longer has, then the list's columns the layout does not know yet, as their defaults
// show them.
func merged(defaults []Column, saved []admindb.SavedColumn) []Column {
	byField := make(map[string]Column, len(defaults))
	for _, d := range defaults {
		byField[d.Ffield] = d
	}
	saved = slices.Clone(saved)
	slices.SortStableFunc(saved, func(a, b admindb.SavedColumn) int { return cmp.Compare(a.Findex, b.Findex) })
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
// shown; those a list of names leaves out are hidden, after the named ones. A list the product does not know
// takes any plain column names, once each: they are its columns.
func chosenColumns(lc listColumns, fl FieldList) ([]admindb.SavedColumn, error) {
	defaults, list := lc.defaults, fl.Choices
	switch {
	case len(list) == 0:
		return nil, core.Invalid(MsgFieldListEmpty)
	case !lc.known && len(list) > fieldListMax:
		return nil, core.Invalid(MsgFieldListTooLong)
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
		case !lc.known && len(name) > fieldNameMaxLen:
			return nil, core.Invalid(MsgFieldNameTooLong)
		case !lc.known && !plainName(name):
			return nil, core.Invalid(MsgFieldNameChars)
		case lc.known && !known[name]:
			return nil, core.Invalid(msgFieldUnknown + name)
		case seen[name]:
			return nil, core.Invalid(msgFieldTwice + name)
		default:
			seen[name] = true
		}
	}
	list = slices.Clone(list)
	slices.SortStableFunc(list, func(a, b FieldChoice) int { return cmp.Compare(a.Findex, b.Findex) })
	out := make([]admindb.SavedColumn, len(list), max(len(list), len(defaults)))
	for i, f := range list {
		out[i] = admindb.SavedColumn{Ffield: strings.TrimSpace(f.Ffield), Findex: i, IsShow: f.IsShow}
	}
	if fl.NamesOnly {
		for _, d := range defaults {
			if !seen[d.Ffield] {
				out = append(out, admindb.SavedColumn{Ffield: d.Ffield, Findex: len(out)})
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
	v, err := admindb.QueryFieldsInUse(s.db.With(ctx), p.CompanyID, p.UserID, queryname)
	if models.IsNotFound(err) {
		return shown(defaults.defaults), nil
	}
	if err != nil {
		return nil, err
	}
	return defaults.over(v.FieldList), nil
}

// Version is one of the user's saved layouts of a list with the columns it shows, in their order.
type Version struct {
	admindb.QueryFieldVersion
	Shown []Column
}

// QueryFieldVersions lists the user's versions of a list, oldest first; [] when there are none.
func (s *Service) QueryFieldVersions(ctx context.Context, p core.Principal, queryname string) ([]Version, error) {
	defaults, err := defaultColumns(queryname)
	if err != nil {
		return nil, err
	}
	vs, err := admindb.QueryFieldVersions(s.db.With(ctx), p.CompanyID, p.UserID, queryname)
	if err != nil {
		return nil, err
	}
	out := []Version{}
	for _, v := range vs {
		if v.Versionname == ownDefault {
			continue
		}
		version := Version{QueryFieldVersion: v}
		for _, col := range defaults.over(v.FieldList) {
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
	v, err := admindb.QueryFieldVersionOf(s.db.With(ctx), p.CompanyID, p.UserID, vid)
	if err != nil {
		return nil, notFoundVersion(err)
	}
	return layout(v)
}

// layout is a version's columns laid over its list's defaults.
func layout(v *admindb.QueryFieldVersion) ([]Column, error) {
	defaults, err := defaultColumns(v.Queryname)
	if err != nil {
		return nil, err
	}
	return defaults.over(v.FieldList), nil
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

func (s *Service) saveLayout(ctx context.Context, p core.Principal, defaults listColumns, queryname, name string, fl FieldList) (int64, error) {
	cols, err := chosenColumns(defaults, fl)
	if err != nil {
		return 0, err
	}
	at := s.now.Stamp()
	v := &admindb.QueryFieldVersion{CompanyID: p.CompanyID, UserID: p.UserID, Queryname: queryname,
		Versionname: name, FieldList: cols, CreatedAt: at, UpdatedAt: at}
	if err := admindb.SaveQueryFieldVersion(s.db.With(ctx), v); err != nil {
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
	v, err := admindb.QueryFieldVersionOf(db, p.CompanyID, p.UserID, vid)
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
	if _, err := admindb.SaveQueryFieldColumns(db, p.CompanyID, p.UserID, vid, cols, s.now.Stamp()); err != nil {
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
	v, err := admindb.UseQueryFieldVersion(s.db.With(ctx), p.CompanyID, p.UserID, vid)
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
	vs, err := admindb.QueryFieldVersions(db, p.CompanyID, p.UserID, queryname)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if v.Versionname == ownDefault {
			return s.UseQueryFieldVersion(ctx, p, strconv.FormatInt(v.ID, 10))
		}
	}
	if err := admindb.UseDefaultQueryFields(db, p.CompanyID, p.UserID, queryname); err != nil {
		return nil, err
	}
	return shown(defaults.defaults), nil
}

// DeleteQueryFieldVersion deletes one of the user's versions; if it was in use, its list shows 默认 again (the
// user's own, when they saved one).
func (s *Service) DeleteQueryFieldVersion(ctx context.Context, p core.Principal, id string) error {
	vid, err := versionID(id)
	if err != nil {
		return err
	}
	db := s.db.With(ctx)
	v, err := admindb.QueryFieldVersionOf(db, p.CompanyID, p.UserID, vid)
	if err != nil {
		return notFoundVersion(err)
	}
	if err := notFoundVersion(admindb.DeleteQueryFieldVersion(db, p.CompanyID, p.UserID, vid)); err != nil {
		return err
	}
	if v.InUse && v.Versionname != ownDefault {
		_, err = s.UseDefaultQueryFields(ctx, p, v.Queryname)
	}
	return err
}
