package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/views"
)

// advIntros say where each advertising screen's rows come from.
var advIntros = map[string]string{
	"manager": "商品推广（SP）的广告活动、广告组、关键词和商品广告，数据来自数据同步的“广告活动”“广告报表”；在此创建的展示型推广（SD）和品牌推广（SB）广告活动也列在这里，按广告类型筛选，其修改请在亚马逊广告后台进行。日期按各广告配置文件的时区；" +
		"订单量和销售额为亚马逊的7天归因；花费和销售额折算人民币按各月汇率。点击名称查看下一层级；勾选后可启用、暂停、归档、修改预算或竞价，勾选的搜索词可添加为否定关键词或关键词，修改直接提交亚马逊，结果记入操作记录。",
	"overview": "全部商品推广（SP）广告活动在所选日期内的花费、销售额和订单，按各月汇率折算人民币，旁边是之前同样天数的上一周期。数据来自数据同步的“广告报表”，日期按各广告配置文件的时区；订单量和销售额为亚马逊的7天归因。",
	"download": "数据同步已拉取的商品推广（SP）广告报表，按天逐行导出为Excel：广告活动、推广商品、投放和搜索词报告，金额为各站点币种，日期按各广告配置文件的时区。下表是各报告在所选店铺和站点已有的数据范围。",
	"roas": "所选日期内商品推广（SP）的广告活动、广告组、关键词/投放或广告SKU按ROAS（销售额 ÷ 花费）排名，花费和销售额按各月汇率折算人民币，与广告概览的算法相同。" +
		"只排有花费的对象，可设最低花费，免得花费很少的对象排在最前；订单量和销售额为亚马逊的7天归因。",
	"statistics": "所选日期内全部商品推广（SP）广告活动的花费、销售额和订单，按日、周或月汇总，可再按店铺、站点或广告类型（自动、手动投放）分开；" +
		"花费和销售额按各月汇率折算人民币，与广告概览的算法相同。周从周一开始，首尾两周只含所选日期内的天。",
	"operation": "在广告管理中提交给亚马逊的每一项修改（含由搜索词添加的关键词和否定关键词）：操作人、时间、修改前后的值和亚马逊的答复。亚马逊拒绝的修改未生效。",
	"rules": "按同步的商品推广（SP）数据自动修改：暂停高ACOS关键词、按ROAS或SKU可售天数降低竞价、把出单的搜索词添加为精准关键词、提高经常用完的预算。" +
		"新建的规则是停用的，先“试运行”看会改哪些、为什么，再启用；启用后每同步到新一天的广告数据，在所选的执行日和时间之后执行一次，修改直接提交亚马逊，每一项连同触发的数据记入操作记录。",
	"createSP": "在亚马逊创建一个商品推广（SP）广告活动及其广告组：推广的SKU、自动或手动投放（关键词及匹配方式、商品投放）、否定关键词、每日预算、竞价策略和位置竞价调整。" +
		"金额为所选站点的币种；提交前逐项检查，亚马逊逐项答复，已创建的立即出现在广告管理中，每一项记入操作记录。亚马逊拒绝的项未创建，已创建的保留。",
	"createSD": "在亚马逊创建一个展示型推广（SD）广告活动及其广告组：推广的SKU，内容相关投放（按商品ASIN投放）或受众投放（浏览再营销），每日预算和计费方式（CPC或vCPM）。" +
		"金额为所选站点的币种；提交前逐项检查，亚马逊逐项答复，已创建的立即出现在广告管理中（广告类型为展示型推广），每一项记入操作记录。亚马逊拒绝的项未创建，已创建的保留。",
	"createSB": "在亚马逊创建一个品牌推广（SB）广告活动：品牌实体ID、每日预算、广告组、商品集广告（品牌名称、品牌Logo素材、不超过50个字符的标题、落地页的商品ASIN）和关键词。" +
		"金额为所选站点的币种；提交前逐项检查，亚马逊逐项答复，已创建的立即出现在广告管理中（广告类型为品牌推广），每一项记入操作记录。亚马逊拒绝的项未创建，已创建的保留。",
	"warning": "每同步到新一天的广告数据，对比各广告活动最近几天与之前同样天数的花费、ACOS和点击量，变化超过预警设置的阈值就记一条预警；点击太少的广告活动不预警。未读的排在前面，打开即标为已读。",
}

// AdvManager is 广告管理, 广告活动 or 操作记录 (screen manager, campaign or operation): the synced Sponsored Products,
// or the changes sent to Amazon, in the advertising island, read through the screen's own calls.
func (h *Handler) AdvManager(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		intro, ok := advIntros[screen]
		if !ok {
			intro = advIntros["manager"]
		}
		page := views.AdvManagerPage{Page: h.contentPage(c, title, "advertising.js"), Heading: title, Intro: intro,
			Props: views.AdvManagerProps{Screen: screen, Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.AdvManager(page, h.Assets.URL("theme.js")))
	}
}
