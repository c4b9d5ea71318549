package claims

import (
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/claims"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// FBAFeesHandler serves FBA费用报告 under /amazon/api/v1.
type FBAFeesHandler struct {
	Fees *claims.FBAFees
}

// FBAFee is a SKU of FBA费用报告: Amazon's estimate (size tier, its measures in its units, the fees per unit) and the
// fulfilment fee the period's settlements charged per unit, with the difference where more was charged.
type FBAFee struct {
	ID                     string   `json:"id"`
	GroupName              string   `json:"groupName"`
	MarketplaceID          string   `json:"marketplaceId"`
	MarketplaceName        string   `json:"marketplaceName"`
	SKU                    string   `json:"sku"`
	FNSKU                  string   `json:"fnsku"`
	ASIN                   string   `json:"asin"`
	ProductName            string   `json:"productName"`
	ProductSizeTier        string   `json:"productSizeTier"`
	Dimensions             string   `json:"dimensions"`
	Weight                 string   `json:"weight"`
	Currency               string   `json:"currency"`
	YourPrice              float64  `json:"yourPrice"`
	ExpectedFulfillmentFee float64  `json:"expectedFulfillmentFee"`
	EstimatedReferralFee   float64  `json:"estimatedReferralFee"`
	EstimatedFeeTotal      float64  `json:"estimatedFeeTotal"`
	Units                  int64    `json:"units"`
	Charged                float64  `json:"charged"`
	ChargedPerUnit         *float64 `json:"chargedPerUnit"`
	Difference             float64  `json:"difference"`
	Overcharge             float64  `json:"overcharge"`
	Overcharged            bool     `json:"overcharged"`
	StatusName             string   `json:"statusName"`
}

func (h *FBAFeesHandler) line(r *claims.FBAFeeLine) FBAFee {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	out := FBAFee{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name, SKU: r.SKU,
		FNSKU: r.FNSKU, ASIN: r.ASIN, ProductName: r.ProductName, ProductSizeTier: r.ProductSizeTier, Currency: r.Currency,
		YourPrice: money(r.YourPrice), ExpectedFulfillmentFee: money(r.ExpectedFulfillmentFee), EstimatedReferralFee: money(r.EstimatedReferralFee),
		EstimatedFeeTotal: money(r.EstimatedFeeTotal), Units: r.Units, Charged: money(r.Charged), Difference: money(r.Difference),
		Overcharge: money(r.Overcharge), Overcharged: r.Overcharged, StatusName: "未结算"}
	if sides := strings.TrimSpace(strings.Join([]string{r.LongestSide, r.MedianSide, r.ShortestSide}, " × ")); r.LongestSide != "" {
		out.Dimensions = sides + " " + r.UnitOfDimension
	}
	if r.ItemPackageWeight != "" {
		out.Weight = r.ItemPackageWeight + " " + r.UnitOfWeight
	}
	if r.Units > 0 {
		per := money(r.ChargedPerUnit)
		out.ChargedPerUnit = &per
		out.StatusName = "一致"
		if r.Overcharged {
			out.StatusName = "多收"
		} else if r.ChargedPerUnit.LessThan(r.ExpectedFulfillmentFee.Decimal) {
			out.StatusName = "少收"
		}
	}
	return out
}

func money(m models.Money) float64 {
	n, _ := m.Float64()
	return n
}

// FBAFeePage answers POST fbafees/page {currentpage, pagesize, sort, order, groupId, marketplaceId, from, to,
// keyword, overcharged}, the largest overcharge first.
func (h *FBAFeesHandler) FBAFeePage(c *echo.Context) error {
	return api.PageOf(h.Fees.FBAFeePage, h.line)(c)
}

// FBAFeeExport answers GET fbafees/export?<filters>: the whole query as FBA费用报告_<date>.xlsx.
func (h *FBAFeesHandler) FBAFeeExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "FBA费用报告", "fbaFeeList", h.Fees.FBAFeePage, h.line)
}
