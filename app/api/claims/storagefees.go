package claims

import (
	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	"sellerhub/app/claims"
	"sellerhub/app/middleware"
	storesdb "sellerhub/models/stores"
)

// StorageFeesHandler serves 仓储费报告 under /amazon/api/v1: the monthly storage fees, the aged surcharges and the
// totals of each month.
type StorageFeesHandler struct {
	Fees *claims.StorageFees
}

// StorageFee is a line of 月度仓储费: a product at a fulfilment centre in a month. Sizes, weights and volumes are in
// the file's units (measurementUnits, weightUnits, volumeUnits).
type StorageFee struct {
	ID                string  `json:"id"`
	GroupName         string  `json:"groupName"`
	MarketplaceID     string  `json:"marketplaceId"`
	MarketplaceName   string  `json:"marketplaceName"`
	Month             string  `json:"month"`
	SKU               string  `json:"sku"`
	FNSKU             string  `json:"fnsku"`
	ASIN              string  `json:"asin"`
	ProductName       string  `json:"productName"`
	FulfillmentCenter string  `json:"fulfillmentCenter"`
	Dimensions        string  `json:"dimensions"`
	Weight            float64 `json:"weight"`
	WeightUnits       string  `json:"weightUnits"`
	ProductSizeTier   string  `json:"productSizeTier"`
	ItemVolume        float64 `json:"itemVolume"`
	VolumeUnits       string  `json:"volumeUnits"`
	AverageOnHand     float64 `json:"averageOnHand"`
	TotalVolume       float64 `json:"totalVolume"`
	StorageRate       float64 `json:"storageRate"`
	Currency          string  `json:"currency"`
	Fee               float64 `json:"fee"`
	FeeCNY            float64 `json:"feeCny"`
	DangerousGoods    string  `json:"dangerousGoods"`
}

// scaled turns a stored measure (ten-thousandths, or millionths for volumes) into a number.
func scaled(v int64, decimals int) float64 {
	return decimal.New(v, -int32(decimals)).InexactFloat64()
}

func (h *StorageFeesHandler) storageFee(r *claims.StorageFeeLine) StorageFee {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	rate, _ := r.StorageRate.Float64()
	fee, _ := r.Fee.Float64()
	cny, _ := r.FeeCNY.Float64()
	dims := ""
	if r.LongestSide > 0 {
		dims = formatSize(r.LongestSide) + " × " + formatSize(r.MedianSide) + " × " + formatSize(r.ShortestSide) + " " + r.MeasurementUnits
	}
	return StorageFee{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		Month: r.Month, SKU: r.SKU, FNSKU: r.FNSKU, ASIN: r.ASIN, ProductName: r.ProductName, FulfillmentCenter: r.FulfillmentCenter,
		Dimensions: dims, Weight: scaled(r.Weight, 4), WeightUnits: r.WeightUnits, ProductSizeTier: r.ProductSizeTier,
		ItemVolume: scaled(r.ItemVolume, 6), VolumeUnits: r.VolumeUnits, AverageOnHand: scaled(r.AverageOnHand, 4),
		TotalVolume: scaled(r.TotalItemVolume, 6), StorageRate: rate, Currency: r.Currency, Fee: fee, FeeCNY: cny,
		DangerousGoods: r.DangerousGoods}
}

// formatSize writes a side (ten-thousandths) with two decimals.
func formatSize(v int64) string {
	v = (v + 50) / 100
	frac := v % 100
	s := id(v/100) + "."
	if frac < 10 {
		s += "0"
	}
	return s + id(frac)
}

// StorageFeePage answers POST storagefees/page {currentpage, pagesize, sort, order, groupId, marketplaceId, from,
// to, keyword}, the latest month first.
func (h *StorageFeesHandler) StorageFeePage(c *echo.Context) error {
	return api.PageOf(h.Fees.StorageFeePage, h.storageFee)(c)
}

// StorageFeeExport answers GET storagefees/export?<filters>: the whole query as 月度仓储费_<date>.xlsx.
func (h *StorageFeesHandler) StorageFeeExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "月度仓储费", "storageFeeList", h.Fees.StorageFeePage, h.storageFee)
}

// AgedSurcharge is a line of 长期仓储费: units of a SKU charged at a monthly snapshot for their age.
type AgedSurcharge struct {
	ID               string  `json:"id"`
	GroupName        string  `json:"groupName"`
	MarketplaceID    string  `json:"marketplaceId"`
	MarketplaceName  string  `json:"marketplaceName"`
	SnapshotDate     string  `json:"snapshotDate"`
	Month            string  `json:"month"`
	SKU              string  `json:"sku"`
	FNSKU            string  `json:"fnsku"`
	ASIN             string  `json:"asin"`
	ProductName      string  `json:"productName"`
	Condition        string  `json:"condition"`
	PerUnitVolume    float64 `json:"perUnitVolume"`
	VolumeUnit       string  `json:"volumeUnit"`
	SurchargeAgeTier string  `json:"surchargeAgeTier"`
	QuantityCharged  int     `json:"quantityCharged"`
	RateSurcharge    float64 `json:"rateSurcharge"`
	Currency         string  `json:"currency"`
	AmountCharged    float64 `json:"amountCharged"`
	AmountCNY        float64 `json:"amountCny"`
}

func (h *StorageFeesHandler) agedSurcharge(r *claims.AgedSurchargeLine) AgedSurcharge {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	rate, _ := r.RateSurcharge.Float64()
	amount, _ := r.AmountCharged.Float64()
	cny, _ := r.AmountCNY.Float64()
	return AgedSurcharge{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		SnapshotDate: r.SnapshotDate, Month: r.Month, SKU: r.SKU, FNSKU: r.FNSKU, ASIN: r.ASIN, ProductName: r.ProductName,
		Condition: r.ItemCondition, PerUnitVolume: scaled(r.PerUnitVolume, 6), VolumeUnit: r.VolumeUnit,
		SurchargeAgeTier: r.SurchargeAgeTier, QuantityCharged: r.QuantityCharged, RateSurcharge: rate, Currency: r.Currency,
		AmountCharged: amount, AmountCNY: cny}
}

// AgedSurchargePage answers POST agedsurcharges/page with 仓储费报告's filters, the latest snapshot first.
func (h *StorageFeesHandler) AgedSurchargePage(c *echo.Context) error {
	return api.PageOf(h.Fees.AgedSurchargePage, h.agedSurcharge)(c)
}

// AgedSurchargeExport answers GET agedsurcharges/export?<filters>: the whole query as 长期仓储费_<date>.xlsx.
func (h *StorageFeesHandler) AgedSurchargeExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "长期仓储费", "agedSurchargeList", h.Fees.AgedSurchargePage, h.agedSurcharge)
}

// MonthCurrency is a currency's charges of a month.
type MonthCurrency struct {
	Currency string  `json:"currency"`
	Storage  float64 `json:"storage"`
	Aged     float64 `json:"aged"`
	Total    float64 `json:"total"`
}

// MonthTotal is a month of 仓储费报告's summary: each currency's charges, and the totals in CNY.
type MonthTotal struct {
	Month      string          `json:"month"`
	Currencies []MonthCurrency `json:"currencies"`
	StorageCNY float64         `json:"storageCny"`
	AgedCNY    float64         `json:"agedCny"`
	TotalCNY   float64         `json:"totalCny"`
}

// MonthTotals answers POST storagefees/months with the lists' filters: each month's totals, the latest first.
func (h *StorageFeesHandler) MonthTotals(c *echo.Context) error {
	var q claims.StorageFeeQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	months, err := h.Fees.MonthTotals(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]MonthTotal, len(months))
	for i, m := range months {
		out[i] = MonthTotal{Month: m.Month, Currencies: make([]MonthCurrency, len(m.Currencies))}
		out[i].StorageCNY, _ = m.StorageCNY.Float64()
		out[i].AgedCNY, _ = m.AgedCNY.Float64()
		out[i].TotalCNY, _ = m.TotalCNY.Float64()
		for j, cur := range m.Currencies {
			out[i].Currencies[j] = MonthCurrency{Currency: cur.Currency, Storage: scaled(cur.Storage, 4), Aged: scaled(cur.Aged, 4),
				Total: scaled(cur.Storage+cur.Aged, 4)}
		}
	}
	return api.OK(c, out)
}
