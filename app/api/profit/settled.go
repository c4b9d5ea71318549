package profit

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/profit"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

func number(m models.Money) float64 {
	f, _ := m.Float64()
	return f
}

// FeeItem is a line of 费用项: what the settlements booked under one of Amazon's names in a currency, our Chinese
// name beside Amazon's, in the currency and in CNY.
type FeeItem struct {
	ID                  string  `json:"id"`
	TransactionType     string  `json:"transactionType"`
	TransactionTypeName string  `json:"transactionTypeName"`
	AmountType          string  `json:"amountType"`
	AmountDescription   string  `json:"amountDescription"`
	AmountName          string  `json:"amountName"`
	Currency            string  `json:"currency"`
	Amount              float64 `json:"amount"`
	AmountCNY           float64 `json:"amountCny"`
	Lines               int64   `json:"lines"`
}

func feeItem(f *profit.FeeItem) FeeItem {
	return FeeItem{ID: f.TransactionType + "/" + f.AmountType + "/" + f.AmountDescription + "/" + f.Currency,
		TransactionType: f.TransactionType, TransactionTypeName: f.TransactionTypeName, AmountType: f.AmountType,
		AmountDescription: f.AmountDescription, AmountName: f.AmountName, Currency: f.Currency, Amount: number(f.Amount),
		AmountCNY: number(f.AmountCNY), Lines: f.Lines}
}

// FeeItemPage answers POST settled/fees {currentpage, pagesize, sort, order, startMonth, endMonth, groupId,
// marketplaceId, search}.
func (h *Handler) FeeItemPage(c *echo.Context) error {
	return api.PageOf(h.Profit.FeeItems, feeItem)(c)
}

// FeeItemExport answers GET settled/fees/export?<filters>: the whole query as 费用项_<date>.xlsx.
func (h *Handler) FeeItemExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "费用项", "itemFeeList", h.Profit.FeeItems, feeItem)
}

// SKUSettled is a line of SKU结算: a seller SKU of a store's marketplace in a currency (sku "" for the store's
// charges of no SKU).
type SKUSettled struct {
	ID              string  `json:"id"`
	GroupName       string  `json:"groupName"`
	MarketplaceID   string  `json:"marketplaceId"`
	MarketplaceName string  `json:"marketplaceName"`
	SKU             string  `json:"sku"`
	Currency        string  `json:"currency"`
	Units           int64   `json:"units"`
	Sales           float64 `json:"sales"`
	Refunds         float64 `json:"refunds"`
	Fees            float64 `json:"fees"`
	Other           float64 `json:"other"`
	Net             float64 `json:"net"`
	SalesCNY        float64 `json:"salesCny"`
	NetCNY          float64 `json:"netCny"`
}

func skuSettled(l *profit.SKUSettled) SKUSettled {
	m, _ := storesdb.MarketplaceByID(l.MarketplaceID)
	return SKUSettled{ID: l.GroupName + "/" + l.MarketplaceID + "/" + l.SKU + "/" + l.Currency, GroupName: l.GroupName,
		MarketplaceID: l.MarketplaceID, MarketplaceName: m.Name, SKU: l.SKU, Currency: l.Currency, Units: l.Units,
		Sales: number(l.Sales), Refunds: number(l.Refunds), Fees: number(l.Fees), Other: number(l.Other), Net: number(l.Net),
		SalesCNY: number(l.SalesCNY), NetCNY: number(l.NetCNY)}
}

// SKUSettledPage answers POST settled/skus with 费用项's filters.
func (h *Handler) SKUSettledPage(c *echo.Context) error {
	return api.PageOf(h.Profit.SKUSettlements, skuSettled)(c)
}

// SKUSettledExport answers GET settled/skus/export?<filters>: the whole query as SKU结算_<date>.xlsx.
func (h *Handler) SKUSettledExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "SKU结算", "skuSettlementList", h.Profit.SKUSettlements, skuSettled)
}
