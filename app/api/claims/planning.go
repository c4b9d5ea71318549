package claims

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/claims"
	"sellerhub/app/middleware"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// PlanningHandler serves 库存规划 under /amazon/api/v1.
type PlanningHandler struct {
	Planning *claims.Planning
}

// PlanningLine is a SKU of 库存规划: its units by age, what shipped, Amazon's recommended action and the money at
// stake, days of supply and the low-inventory-level fee's risk.
type PlanningLine struct {
	ID                    string  `json:"id"`
	GroupName             string  `json:"groupName"`
	MarketplaceID         string  `json:"marketplaceId"`
	MarketplaceName       string  `json:"marketplaceName"`
	SnapshotDate          string  `json:"snapshotDate"`
	SKU                   string  `json:"sku"`
	FNSKU                 string  `json:"fnsku"`
	ASIN                  string  `json:"asin"`
	ProductName           string  `json:"productName"`
	Available             int     `json:"available"`
	Age0To90              int     `json:"age0To90"`
	Age91To180            int     `json:"age91To180"`
	Age181To270           int     `json:"age181To270"`
	Age271To365           int     `json:"age271To365"`
	Age365Plus            int     `json:"age365Plus"`
	ShippedT30            int     `json:"shippedT30"`
	ShippedT90            int     `json:"shippedT90"`
	DaysOfSupply          float64 `json:"daysOfSupply"`
	SellThrough           float64 `json:"sellThrough"`
	ExcessQuantity        int     `json:"excessQuantity"`
	RecommendedAction     string  `json:"recommendedAction"`
	RecommendedActionName string  `json:"recommendedActionName"`
	RecommendedRemoval    int     `json:"recommendedRemoval"`
	Currency              string  `json:"currency"`
	StorageCostNextMonth  float64 `json:"storageCostNextMonth"`
	EstimatedSavings      float64 `json:"estimatedSavings"`
	ShortTermDaysOfSupply float64 `json:"shortTermDaysOfSupply"`
	LongTermDaysOfSupply  float64 `json:"longTermDaysOfSupply"`
	LowInventoryRisk      bool    `json:"lowInventoryRisk"`
	LowInventoryRiskName  string  `json:"lowInventoryRiskName"`
	InboundQuantity       int     `json:"inboundQuantity"`
	ReservedQuantity      int     `json:"reservedQuantity"`
	UnfulfillableQuantity int     `json:"unfulfillableQuantity"`
	PendingRemoval        int     `json:"pendingRemoval"`
	HealthStatus          string  `json:"healthStatus"`
	// The reserved units by why (Amazon's reserved inventory report): customer orders being picked, transfers
	// between fulfilment centres, units sidelined for processing.
	ReservedCustomerOrders int `json:"reservedCustomerOrders"`
	ReservedFCTransfers    int `json:"reservedFcTransfers"`
	ReservedFCProcessing   int `json:"reservedFcProcessing"`
	// Stranded units (Amazon's stranded inventory report), Amazon's reason in its words and the screen's, the
	// action it asks for, since when, and the day it removes them; "" when the SKU is not stranded.
	StrandedQuantity   int    `json:"strandedQuantity"`
	StrandedReason     string `json:"strandedReason"`
	StrandedReasonName string `json:"strandedReasonName"`
	StrandedAction     string `json:"strandedAction"`
	StrandedSince      string `json:"strandedSince"`
	AutoRemovalDate    string `json:"autoRemovalDate"`
}

// strandedReasons are Amazon's stranded reasons in the screen's words (Amazon's own text is kept beside it).
var strandedReasons = map[string]string{"Listing closed": "商品已下架", "No listing exists": "无商品信息",
	"Listing suppressed": "商品被禁止显示", "Pricing error": "价格错误", "Listing deleted": "商品已删除",
	"Inactive listing": "商品不活跃", "ASIN/SKU mismatch": "ASIN与SKU不匹配", "Condition mismatch": "状况不匹配",
	"Listing inactive": "商品不活跃", "Fulfillment channel mismatch": "配送渠道不符"}

// strandedReasonName is the reason in Chinese followed by Amazon's words, or Amazon's words alone when unknown.
func strandedReasonName(reason string) string {
	if reason == "" {
		return ""
	}
	if n := strandedReasons[reason]; n != "" {
		return n + "（" + reason + "）"
	}
	return reason
}

// actionNames are Amazon's recommended actions in the screen's words.
var actionNames = map[string]string{"No action required": "无需操作", "Create removal order": "创建移除订单",
	"Restock": "补货", "Create sales": "创建促销", "Create casual pricing": "调整价格", "Create promotion": "创建促销",
	"Reduce price": "降价", "Fix listing": "修复商品信息", "Increase traffic": "增加流量", "Liquidate": "批量清货"}

func actionName(a string) string {
	if n := actionNames[a]; n != "" {
		return n
	}
	return a
}

func (h *PlanningHandler) line(r *amazondatadb.PlanningRow) PlanningLine {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	cost, _ := r.StorageCostNextMonth.Float64()
	savings, _ := r.EstimatedSavings.Float64()
	risk := claims.LowInventoryRisk(&r.Planning)
	out := PlanningLine{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		SnapshotDate: r.SnapshotDate, SKU: r.SKU, FNSKU: r.FNSKU, ASIN: r.ASIN, ProductName: r.ProductName, Available: r.Available,
		Age0To90: r.Age0To90, Age91To180: r.Age91To180, Age181To270: r.Age181To270, Age271To365: r.Age271To365,
		Age365Plus: r.Age365Plus, ShippedT30: r.ShippedT30, ShippedT90: r.ShippedT90, DaysOfSupply: scaled(r.DaysOfSupply, 4),
		SellThrough: scaled(r.SellThrough, 4), ExcessQuantity: r.ExcessQuantity, RecommendedAction: r.RecommendedAction,
		RecommendedActionName: actionName(r.RecommendedAction), RecommendedRemoval: r.RecommendedRemoval, Currency: r.Currency,
		StorageCostNextMonth: cost, EstimatedSavings: savings, ShortTermDaysOfSupply: scaled(r.ShortTermDaysOfSupply, 4),
		LongTermDaysOfSupply: scaled(r.LongTermDaysOfSupply, 4), LowInventoryRisk: risk, LowInventoryRiskName: "—",
		InboundQuantity: r.InboundQuantity, ReservedQuantity: r.ReservedQuantity, UnfulfillableQuantity: r.UnfulfillableQuantity,
		PendingRemoval: r.PendingRemoval, HealthStatus: r.HealthStatus, ReservedCustomerOrders: r.ReservedCustomerOrders,
		ReservedFCTransfers: r.ReservedFCTransfers, ReservedFCProcessing: r.ReservedFCProcessing,
		StrandedQuantity: r.StrandedQuantity, StrandedReason: r.StrandedReason,
		StrandedReasonName: strandedReasonName(r.StrandedReason), StrandedAction: r.StrandedAction,
		StrandedSince: r.StrandedSince, AutoRemovalDate: r.AutoRemovalDate}
	if risk {
		out.LowInventoryRiskName = "有风险"
	}
	return out
}

// PlanningPage answers POST planning/page {currentpage, pagesize, sort, order, groupId, marketplaceId, action,
// view, keyword}, by SKU.
func (h *PlanningHandler) PlanningPage(c *echo.Context) error {
	return api.PageOf(h.Planning.PlanningPage, h.line)(c)
}

// PlanningExport answers GET planning/export?<filters>: the whole query as 库存规划_<date>.xlsx.
func (h *PlanningHandler) PlanningExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "库存规划", "planningList", h.Planning.PlanningPage, h.line)
}

// Actions answers GET planning/actions: the recommended actions of the company's SKUs, with their names.
func (h *PlanningHandler) Actions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	as, err := h.Planning.Actions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Option, len(as))
	for i, a := range as {
		out[i] = Option{Value: a, Label: actionName(a)}
	}
	return api.OK(c, out)
}
