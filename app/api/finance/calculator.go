package finance

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/finance"
	"sellerhub/app/middleware"
	storesdb "sellerhub/models/stores"
)

// Figure is an amount in the marketplace's currency and in CNY.
type Figure struct {
	Local string `json:"local"`
	CNY   string `json:"cny"`
}

// Result is a calculation as the calculator shows it. ROI is "" without a cost.
type Result struct {
	Marketplace     string `json:"marketplace"`
	Currency        string `json:"currency"`
	CardNote        string `json:"cardNote"`
	Tier            string `json:"tier"`
	TierName        string `json:"tierName"`
	ShippingWeight  string `json:"shippingWeight"`
	WeightUnit      string `json:"weightUnit"`
	ReferralPercent string `json:"referralPercent"`
	TaxName         string `json:"taxName"`
	Rate            string `json:"rate"`
	RateMonth       string `json:"rateMonth"`
	Price           Figure `json:"price"`
	Tax             Figure `json:"tax"`
	Referral        Figure `json:"referral"`
	Fulfilment      Figure `json:"fulfilment"`
	Cost            Figure `json:"cost"`
	Profit          Figure `json:"profit"`
	Margin          string `json:"margin"`
	ROI             string `json:"roi"`
}

// Plan is a saved 计算方案 with its inputs.
type Plan struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Marketplace string `json:"marketplace"`
	Category    string `json:"category"`
	Price       string `json:"price"`
	UnitCost    string `json:"unitCost"`
	// Currency is the price's, the marketplace's (the list shows the price in it).
	Currency  string            `json:"currency"`
	Input     finance.CalcInput `json:"input"`
	CreatedAt string            `json:"createdAt"`
	UpdatedAt string            `json:"updatedAt"`
}

// Category is a referral category as the form offers it.
type Category struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Marketplace is a marketplace as the calculator lists it; supported is false for one without a fee card (the
// screen shows it disabled, 暂未支持), which has no tax, note or categories.
type Marketplace struct {
	Code       string     `json:"code"`
	Name       string     `json:"name"`
	Supported  bool       `json:"supported"`
	Currency   string     `json:"currency"`
	TaxName    string     `json:"taxName"`
	CardNote   string     `json:"cardNote"`
	Categories []Category `json:"categories"`
}

// figure writes an amount with its currency's decimals: 3.00 USD, 434 JPY, 21.60 CNY.
func figure(a finance.Amount, decimals int32) Figure {
	return Figure{Local: a.Local.StringFixed(decimals), CNY: a.CNY.StringFixed(2)}
}

func (h *Handler) plan(p *finance.Plan) Plan {
	return Plan{ID: strconv.FormatInt(p.ID, 10), Name: p.Name, Marketplace: p.Marketplace, Category: p.Input.Category,
		Price: p.Input.Price, UnitCost: p.Input.UnitCost, Input: p.Input, Currency: currencyOf(p.Marketplace),
		CreatedAt: api.FormatTime(&p.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&p.UpdatedAt, h.TimeZone)}
}

// currencyOf is a calculator marketplace's currency ("" for one unknown).
func currencyOf(country string) string {
	m, _ := storesdb.MarketplaceByCountry(country)
	return m.Currency
}

// Options answers GET profitCalc/options: every marketplace with its name and currency, and, for those the
// calculator supports, the tax, fee card and categories.
func (h *Handler) Options(c *echo.Context) error {
	out := []Marketplace{}
	for _, m := range h.Finance.CalculatorOptions() {
		cats := make([]Category, len(m.Categories))
		for i, cat := range m.Categories {
			cats[i] = Category{Code: cat.Code, Name: cat.Name}
		}
		out = append(out, Marketplace{Code: m.Code, Name: m.Name, Supported: m.Supported, Currency: m.Currency,
			TaxName: m.TaxName, CardNote: m.CardNote, Categories: cats})
	}
	return api.OK(c, out)
}

// Compute answers POST profitCalc/compute {marketplace, category, price, unitCost, firstLeg, length, width,
// height, weight, taxRegistered} with the fees, profit, margin and ROI.
func (h *Handler) Compute(c *echo.Context) error {
	var in finance.CalcInput
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	r, err := h.Finance.Calculate(c.Request().Context(), p.CompanyID, in)
	if err != nil {
		return err
	}
	out := Result{Marketplace: r.Marketplace, Currency: r.Currency, CardNote: r.CardNote, Tier: r.Tier,
		TierName: r.TierName, ShippingWeight: r.ShippingWeight.String(), WeightUnit: r.WeightUnit,
		ReferralPercent: r.ReferralPercent.String(), TaxName: r.TaxName, Rate: r.Rate.String(), RateMonth: r.RateMonth,
		Margin: r.Margin.StringFixed(2)}
	d := r.Decimals
	out.Price, out.Tax, out.Referral = figure(r.Price, d), figure(r.Tax, d), figure(r.Referral, d)
	out.Fulfilment, out.Cost, out.Profit = figure(r.Fulfilment, d), figure(r.Cost, d), figure(r.Profit, d)
	if r.ROI != nil {
		out.ROI = r.ROI.StringFixed(2)
	}
	return api.OK(c, out)
}

// PlanPage answers POST profitPlan/page {currentpage, pagesize, sort, order, name, marketplace}.
func (h *Handler) PlanPage(c *echo.Context) error { return api.PageOf(h.Finance.PlanPage, h.plan)(c) }

// PlanExport answers GET profitPlan/export?<PlanPage's filters> as 计算方案_<date>.xlsx.
func (h *Handler) PlanExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "计算方案", "profitPlanList", h.Finance.PlanPage, h.plan)
}

// GetPlan answers GET profitPlan/{id}.
func (h *Handler) GetPlan(c *echo.Context) error { return api.GetOne(h.Finance.Plan, h.plan)(c) }

// CreatePlan answers POST profitPlan {name, input} with the new plan.
func (h *Handler) CreatePlan(c *echo.Context) error {
	return api.CreateOne(h.Finance.CreatePlan, h.plan)(c)
}

// UpdatePlan answers PUT profitPlan/{id} {name, input} with the changed plan; the operation log gets its changed
// name, price and unit cost.
func (h *Handler) UpdatePlan(c *echo.Context) error {
	return api.UpdateNoted(h.Finance.Plan, h.Finance.UpdatePlan, h.plan)(c)
}

// DeletePlan answers DELETE profitPlan/{id}.
func (h *Handler) DeletePlan(c *echo.Context) error {
	return api.DeleteNoted(h.Finance.Plan, h.Finance.DeletePlan, h.plan)(c)
}

// FeeCard answers GET profitCalc/feeCard?marketplace=&day= with the marketplace's fee card in force on the day
// (today when none): 利润 › FBA费用.
func (h *Handler) FeeCard(c *echo.Context) error {
	card, err := h.Finance.FeeCard(c.QueryParam("marketplace"), c.QueryParam("day"))
	if err != nil {
		return err
	}
	return api.OK(c, card)
}

// FeeCardExport answers GET profitCalc/feeCard/export?marketplace=&day= as FBA费用_<marketplace>_<effective>.xlsx:
// the fulfilment fee table, a price band a column.
func (h *Handler) FeeCardExport(c *echo.Context) error {
	card, err := h.Finance.FeeCard(c.QueryParam("marketplace"), c.QueryParam("day"))
	if err != nil {
		return err
	}
	cols := []api.ExportColumn[finance.FeeCardRow]{
		{Title: "尺寸分段", Value: func(r finance.FeeCardRow) any { return r.Tier }},
		{Title: "尺寸与重量限制", Value: func(r finance.FeeCardRow) any { return r.Limits }},
		{Title: "发货重量", Value: func(r finance.FeeCardRow) any { return r.Weight }},
	}
	for i, band := range card.PriceBands {
		cols = append(cols, api.ExportColumn[finance.FeeCardRow]{Title: band + "（" + card.Currency + "）",
			Value: func(r finance.FeeCardRow) any { return r.Fees[min(i, len(r.Fees)-1)] }})
	}
	effective := card.Effective
	if effective == "" {
		effective = card.Day
	}
	return api.XLSX(c, "FBA费用_"+card.Name+"_"+effective, cols, card.Fees)
}
