package stock

import (
	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// coverDays are the days whose sales the days of cover divide by (the service's 30 days).
const coverDays = 30

// FBAInventory is a seller SKU's FBA stock in a marketplace as FBA库存明细 shows it: Amazon's figures in every state,
// the local product where the SKU is paired, the units sold in the last 30 days and the days the fulfillable units
// last at that pace ("—" when nothing sold).
type FBAInventory struct {
	ID               string `json:"id"`
	GroupID          string `json:"groupId"`
	GroupName        string `json:"groupName"`
	MarketplaceID    string `json:"marketplaceId"`
	Country          string `json:"country"`
	MarketplaceName  string `json:"marketplaceName"`
	SellerSKU        string `json:"sellerSku"`
	FNSKU            string `json:"fnsku"`
	ASIN             string `json:"asin"`
	ItemName         string `json:"itemName"`
	ProductID        string `json:"productId"`
	ProductSKU       string `json:"productSku"`
	ProductName      string `json:"productName"`
	ProductImage     string `json:"productImage"`
	Paired           string `json:"paired"`
	Fulfillable      int    `json:"fulfillable"`
	Reserved         int    `json:"reserved"`
	InboundWorking   int    `json:"inboundWorking"`
	InboundShipped   int    `json:"inboundShipped"`
	InboundReceiving int    `json:"inboundReceiving"`
	Unsellable       int    `json:"unsellable"`
	Researching      int    `json:"researching"`
	Total            int    `json:"total"`
	Units30          int64  `json:"units30"`
	DaysOfCover      string `json:"daysOfCover"`
	UpdatedAt        string `json:"updatedAt"`
}

func (h *Handler) fbaInventory(r *amazondatadb.FBAInventoryRow) FBAInventory {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	out := FBAInventory{ID: id(r.ID), GroupID: id(r.GroupID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID,
		Country: m.Country, MarketplaceName: m.Name, SellerSKU: r.SKU, FNSKU: r.FNSKU, ASIN: r.ASIN, ItemName: r.Name,
		ProductSKU: r.ProductSKU, ProductName: r.ProductName, ProductImage: r.ProductImage, Paired: "未配对",
		Fulfillable: r.Fulfillable, Reserved: r.Reserved, InboundWorking: r.InboundWorking, InboundShipped: r.InboundShipped,
		InboundReceiving: r.InboundReceiving, Unsellable: r.Unsellable, Researching: r.Researching, Total: r.Total,
		Units30: r.Units30, DaysOfCover: DaysOfCover(r.Fulfillable, r.Units30), UpdatedAt: api.FormatTime(&r.UpdatedAt, h.TimeZone)}
	if r.ProductID != nil {
		out.ProductID, out.Paired = id(*r.ProductID), "已配对"
	}
	return out
}

// DaysOfCover is fulfillable ÷ (units sold in 30 days ÷ 30) to one decimal, "—" when nothing sold: the stock then
// lasts however long.
func DaysOfCover(fulfillable int, units30 int64) string {
	if units30 <= 0 {
		return "—"
	}
	return decimal.NewFromInt(int64(fulfillable) * coverDays).Div(decimal.NewFromInt(units30)).Round(1).StringFixed(1)
}

// FBAInventoryPage answers POST fbaInventory/page {currentpage, pagesize, sort, order, groupId, marketplaceId,
// keyword, paired (yes|no), stock (yes)}, by seller SKU unless sorted.
func (h *Handler) FBAInventoryPage(c *echo.Context) error {
	return api.PageOf(h.Stock.FBAInventoryPage, h.fbaInventory)(c)
}

// FBAInventoryExport answers GET fbaInventory/export?<FBAInventoryPage's filters>: the whole query as
// FBA库存明细_<date>.xlsx.
func (h *Handler) FBAInventoryExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "FBA库存明细", "fbaInventoryList", h.Stock.FBAInventoryPage, h.fbaInventory)
}
