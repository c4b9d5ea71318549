package amazon

import "strings"

// Amazon writes codes where a seller reads words: the buyer's return reason in the FBA customer returns report
// (reason), the transaction type and the amount type and description of every settlement report line. These
// tables are the one place that gives them Chinese names; the screens show the Chinese name with Amazon's code
// beside it or as its tooltip, so that a seller can still match a line with Seller Central. A code not in them
// is shown as Amazon wrote it.
//
// Return reasons: Seller Central's help page on the FBA customer returns report (Reports > Fulfillment > Customer
// returns, "Return reason codes"), with the CR- and AMZ-PG- forms older reports use. Settlement names: the flat
// file V2 settlement report's transaction-type, amount-type and amount-description values the settlement and fee
// reports produce (those of app/amazon/amazontest/sellerdata and of the sellers' reports seen so far).

var returnReasons = map[string]string{
	"UNWANTED_ITEM":                          "不再需要",
	"DEFECTIVE":                              "商品有缺陷或无法使用",
	"NOT_AS_DESCRIBED":                       "与描述不符",
	"DAMAGED_BY_CARRIER":                     "承运人运输途中损坏",
	"DAMAGED_BY_FC":                          "亚马逊运营中心损坏",
	"ORDERED_WRONG_ITEM":                     "买错了商品",
	"FOUND_BETTER_PRICE":                     "找到更低的价格",
	"MISSED_ESTIMATED_DELIVERY":              "未在预计时间送达",
	"MISSING_PARTS":                          "缺少部件或配件",
	"QUALITY_UNACCEPTABLE":                   "质量不理想",
	"NOT_COMPATIBLE":                         "不兼容",
	"PART_NOT_COMPATIBLE":                    "部件不兼容",
	"SWITCHEROO":                             "退回的不是原商品",
	"EXTRA_ITEM":                             "多收到的商品",
	"UNAUTHORIZED_PURCHASE":                  "未经授权的购买",
	"NO_REASON_GIVEN":                        "未说明原因",
	"OTHER":                                  "其他原因",
	"NEVER_ARRIVED":                          "未收到商品",
	"ARRIVED_LATE":                           "送达太晚",
	"EXCESSIVE_INSTALLATION":                 "安装过于复杂",
	"DID_NOT_LIKE_FABRIC":                    "不喜欢面料",
	"DID_NOT_LIKE_COLOR":                     "不喜欢颜色",
	"APPAREL_TOO_SMALL":                      "尺码偏小",
	"APPAREL_TOO_LARGE":                      "尺码偏大",
	"APPAREL_STYLE":                          "不喜欢款式",
	"UNDELIVERABLE_REFUSED":                  "买家拒收",
	"UNDELIVERABLE_UNKNOWN":                  "无法投递（原因未知）",
	"UNDELIVERABLE_FAILED_DELIVERY_ATTEMPTS": "多次投递失败",
	"UNDELIVERABLE_INSUFFICIENT_ADDRESS":     "地址不全无法投递",
	"UNDELIVERABLE_CARRIER_MISS_SORTED":      "承运人分拣错误",
	"UNDELIVERABLE_MISSING_LABEL":            "缺少标签无法投递",
	"AMZ-PG-APP-TOO-SMALL":                   "尺码偏小",
	"AMZ-PG-APP-TOO-LARGE":                   "尺码偏大",
	"AMZ-PG-APP-STYLE":                       "不喜欢款式",
	"AMZ-PG-BAD-DESC":                        "与描述不符",
	"AMZ-PG-MISORDERED":                      "买错了商品",
	"AMZ-PG-DEFECTIVE":                       "商品有缺陷或无法使用",
	"AMZ-PG-WRONG-ITEM":                      "发错了商品",
}

// ReturnReasonName is the Chinese name of a return reason code (CR-DEFECTIVE as DEFECTIVE); an unknown code is
// returned as it is, and ok tells which.
func ReturnReasonName(code string) (name string, ok bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	if n, found := returnReasons[c]; found {
		return n, true
	}
	if n, found := returnReasons[strings.TrimPrefix(c, "CR-")]; found {
		return n, true
	}
	return code, false
}

var transactionTypes = map[string]string{
	"Order":                   "订单",
	"Refund":                  "退款",
	"other-transaction":       "其他交易",
	"ServiceFee":              "服务费",
	"Adjustment":              "调整",
	"Chargeback":              "拒付",
	"Chargeback Refund":       "拒付退款",
	"A-to-z Guarantee Refund": "亚马逊商城交易保障索赔退款",
	"CouponRedemptionFee":     "优惠券兑换费",
	"Liquidations":            "清算",
	"Order_Retrocharge":       "订单追溯费用",
	"Refund_Retrocharge":      "退款追溯费用",
}

// TransactionTypeName is the Chinese name of a settlement line's transaction-type; an unknown one as it is.
func TransactionTypeName(code string) (name string, ok bool) {
	if n, found := transactionTypes[code]; found {
		return n, true
	}
	return code, false
}

// amountNames are keyed by "amount-type/amount-description", or by the description alone where it means the
// same under every type.
var amountNames = map[string]string{
	"ItemPrice/Principal":   "商品价格",
	"ItemPrice/Tax":         "商品税",
	"ItemPrice/Shipping":    "运费",
	"ItemPrice/ShippingTax": "运费税",
	"ItemPrice/GiftWrap":    "礼品包装费",
	"ItemPrice/GiftWrapTax": "礼品包装税",
	"Promotion/Principal":   "商品促销折扣",
	"Promotion/Shipping":    "运费促销折扣",
	"Promotion/GiftWrap":    "礼品包装促销折扣",
	"Promotion/TaxDiscount": "税费促销折扣",

	"MarketplaceFacilitatorTax-Principal": "平台代缴税（商品）",
	"MarketplaceFacilitatorTax-Shipping":  "平台代缴税（运费）",
	"MarketplaceFacilitatorTax-Giftwrap":  "平台代缴税（礼品包装）",
	"MarketplaceFacilitatorTax-Other":     "平台代缴税（其他）",
	"MarketplaceFacilitatorVAT-Principal": "平台代缴增值税（商品）",
	"MarketplaceFacilitatorVAT-Shipping":  "平台代缴增值税（运费）",
	"LowValueGoodsTax-Principal":          "低价值商品税（商品）",
	"LowValueGoodsTax-Shipping":           "低价值商品税（运费）",

	"Commission":                "佣金",
	"ReferralFee":               "佣金（销售佣金）",
	"RefundCommission":          "退款手续费",
	"FBAPerUnitFulfillmentFee":  "FBA配送费（按件）",
	"FBAPerOrderFulfillmentFee": "FBA配送费（按订单）",
	"FBAWeightBasedFee":         "FBA配送费（按重量）",
	"VariableClosingFee":        "可变交易费",
	"FixedClosingFee":           "固定交易费",
	"ShippingChargeback":        "运费扣回",
	"GiftwrapChargeback":        "礼品包装费扣回",
	"SalesTaxCollectionFee":     "销售税代收费",
	"DigitalServicesFee":        "数字服务费",
	"RestockingFee":             "重新入库费",
	"Goodwill":                  "商誉补偿",
	"ReturnShipping":            "退货运费",

	"Subscription Fee":                           "月度订阅费",
	"Storage Fee":                                "月度仓储费",
	"StorageFee":                                 "月度仓储费",
	"FBAStorageFee":                              "月度仓储费",
	"Long-Term Storage Fee":                      "长期仓储费",
	"FBALongTermStorageFee":                      "长期仓储费",
	"StorageRenewalBilling":                      "长期仓储费",
	"FBAInboundTransportationFee":                "入库运输费",
	"FBA Inbound Placement Service Fee":          "入库配置服务费",
	"FBAInboundConvenienceFee":                   "入库配置服务费",
	"DisposalComplete":                           "弃置费",
	"RemovalComplete":                            "移除费",
	"REVERSAL_REIMBURSEMENT":                     "赔偿撤销",
	"WAREHOUSE_DAMAGE":                           "仓库损坏赔偿",
	"WAREHOUSE_LOST":                             "仓库丢失赔偿",
	"WAREHOUSE_LOST_MANUAL":                      "仓库丢失赔偿",
	"Previous Reserve Amount Balance":            "上期预留金余额",
	"Current Reserve Amount":                     "本期预留金",
	"Cost of Advertising/TransactionTotalAmount": "广告费",
	"TransactionTotalAmount":                     "交易总额",
}

// AmountName is the Chinese name of a settlement line's amount (its amount-type and amount-description); an
// unknown one is "type / description" as Amazon wrote them.
func AmountName(amountType, description string) (name string, ok bool) {
	if n, found := amountNames[amountType+"/"+description]; found {
		return n, true
	}
	if n, found := amountNames[description]; found {
		return n, true
	}
	return amountType + " / " + description, false
}
