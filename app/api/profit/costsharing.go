package profit

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/profit"
	profitdb "sellerhub/models/profit"
)

// CostHandler serves 费用分摊 (costs/…) and 成本核算 (jobcosting/…).
type CostHandler struct {
	Costs *profit.CostSharing
	Jobs  *profit.JobCosting
}

// Cost is a cost of 费用分摊: amount in its currency, amountCny at its month's rate, its store (全公司 for the
// company's), how it was shared (basisName, empty until it is) and over how many SKU lines.
type Cost struct {
	ID        string      `json:"id"`
	Date      string      `json:"date"`
	Month     string      `json:"month"`
	Category  string      `json:"category"`
	Amount    json.Number `json:"amount"`
	Currency  string      `json:"currency"`
	AmountCNY json.Number `json:"amountCny"`
	GroupID   string      `json:"groupId"`
	GroupName string      `json:"groupName"`
	Note      string      `json:"note"`
	Basis     string      `json:"basis"`
	BasisName string      `json:"basisName"`
	Shares    int         `json:"shares"`
	SharedAt  string      `json:"sharedAt"`
}

func cost(c *profitdb.SharedCost, groupName string, shares int) Cost {
	out := Cost{ID: fmt.Sprint(c.ID), Date: c.CostDate, Month: c.Month, Category: c.Category, Amount: amount(c.Amount),
		Currency: c.Currency, AmountCNY: amount(c.AmountCNY), GroupName: profit.MsgCompanyWide, Note: c.Note, Basis: c.Basis,
		BasisName: profit.ShareBasisNames[c.Basis], Shares: shares}
	if c.GroupID != nil {
		out.GroupID, out.GroupName = fmt.Sprint(*c.GroupID), groupName
	}
	if c.SharedAt != nil {
		out.SharedAt = c.SharedAt.Format(api.DateTimeLayout)
	}
	return out
}

func costRow(r *profitdb.SharedCostRow) Cost { return cost(&r.SharedCost, r.GroupName, r.Shares) }

// CostPage answers POST costs/page {currentpage, pagesize, month, groupId ("company": the company's), category}.
func (h *CostHandler) CostPage(c *echo.Context) error { return api.PageOf(h.Costs.Page, costRow)(c) }

// CostExport answers GET costs/export with the list's query.
func (h *CostHandler) CostExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "费用分摊", "sharedCostList", h.Costs.Page, costRow)
}

// CreateCost answers POST costs {date, category, amount, currency, groupId, note}.
func (h *CostHandler) CreateCost(c *echo.Context) error {
	var f profit.CostForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	out, err := h.Costs.Create(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, cost(out, "", 0))
}

// Imported is what an import filed.
type Imported struct {
	Count int `json:"count"`
}

// ImportCosts answers POST costs/import, a multipart .xlsx (field file): every row filed, or none and the first
// bad row named.
func (h *CostHandler) ImportCosts(c *echo.Context) error {
	file, err := c.FormFile("file")
	if err != nil {
		return core.Invalid(profit.MsgCostImportBad)
	}
	f, err := file.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	p, _ := middleware.Principal(c)
	n, err := h.Costs.Import(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, Imported{Count: n})
}

// ImportTemplate answers GET costs/importTemplate: the import's header and an example row.
func (h *CostHandler) ImportTemplate(c *echo.Context) error {
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	for i, v := range profit.ImportHeader {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		_ = f.SetCellStr(sheet, cell, v)
	}
	example := []string{time.Now().Format(time.DateOnly), "房租", "5000.00", "CNY", profit.MsgCompanyWide, "办公室房租"}
	for i, v := range example {
		cell, _ := excelize.CoordinatesToCellName(i+1, 2)
		_ = f.SetCellStr(sheet, cell, v)
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="cost-template.xlsx"; filename*=UTF-8''%E8%B4%B9%E7%94%A8%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx`)
	c.Response().Header().Set(echo.HeaderContentType, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Response().WriteHeader(http.StatusOK)
	return f.Write(c.Response())
}

// CostID names a cost.
type CostID struct {
	ID string `json:"id" query:"id"`
}

// DeleteCost answers POST costs/delete {id}.
func (h *CostHandler) DeleteCost(c *echo.Context) error {
	var q CostID
	if err := c.Bind(&q); err != nil {
		return err
	}
	id, err := strconv.ParseInt(q.ID, 10, 64)
	if err != nil {
		return core.NotFound("费用")
	}
	p, _ := middleware.Principal(c)
	if err := h.Costs.Delete(c.Request().Context(), p, id); err != nil {
		return err
	}
	return api.OK(c, q)
}

// Candidate is a SKU line of the cost's month a cost can be shared to, with its weights and its share now (CNY).
type Candidate struct {
	ID              string      `json:"id"`
	GroupID         string      `json:"groupId"`
	GroupName       string      `json:"groupName"`
	MarketplaceID   string      `json:"marketplaceId"`
	MarketplaceName string      `json:"marketplaceName"`
	SKU             string      `json:"sku"`
	Currency        string      `json:"currency"`
	SalesCNY        json.Number `json:"salesCny"`
	Units           int64       `json:"units"`
	Volume          json.Number `json:"volume"`
	Share           json.Number `json:"share"`
}

// Shares is a cost with the lines it can be shared to and its shares.
type Shares struct {
	Cost  Cost        `json:"cost"`
	Lines []Candidate `json:"lines" null:"never"`
}

func (h *CostHandler) shares(c *echo.Context, id int64) error {
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	sc, lines, err := h.Costs.Candidates(ctx, p, id)
	if err != nil {
		return err
	}
	out := Shares{Lines: []Candidate{}}
	n := 0
	for _, l := range lines {
		if l.Share.IsPositive() {
			n++
		}
		out.Lines = append(out.Lines, Candidate{ID: fmt.Sprint(l.GroupID, "|", l.MarketplaceID, "|", l.SKU, "|", l.Currency),
			GroupID: fmt.Sprint(l.GroupID), GroupName: l.GroupName, MarketplaceID: l.MarketplaceID,
			MarketplaceName: marketplaceName(l.MarketplaceID), SKU: l.SKU, Currency: l.Currency, SalesCNY: amount(l.Sales),
			Units: l.Units, Volume: json.Number(l.Volume.StringFixed(0)), Share: amount(l.Share)})
	}
	name := ""
	if sc.GroupID != nil {
		name = groupName(c, sc.CompanyID, *sc.GroupID, lines)
	}
	out.Cost = cost(sc, name, n)
	return api.OK(c, out)
}

// groupName is the cost's store's name, from its lines (or "" when it has none yet).
func groupName(_ *echo.Context, _ int64, id int64, lines []profit.Candidate) string {
	for _, l := range lines {
		if l.GroupID == id && l.GroupName != "" {
			return l.GroupName
		}
	}
	return ""
}

// CostShares answers POST costs/shares {id}: the cost, the SKU lines of its month it can be shared to, and its
// shares.
func (h *CostHandler) CostShares(c *echo.Context) error {
	var q CostID
	if err := c.Bind(&q); err != nil {
		return err
	}
	id, err := strconv.ParseInt(q.ID, 10, 64)
	if err != nil {
		// An empty call answers an empty cost, as a reading call does.
		return api.OK(c, Shares{Lines: []Candidate{}})
	}
	return h.shares(c, id)
}

// ShareCost answers POST costs/share {id, basis (sales, units, volume, manual), shares (by hand: [{groupId,
// marketplaceId, sku, currency, amount}])}: the cost shared, as costs/shares answers it.
func (h *CostHandler) ShareCost(c *echo.Context) error {
	var f profit.ShareForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	sc, _, err := h.Costs.Share(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return h.shares(c, sc.ID)
}

// JobLine is a product's landed cost of a month (成本核算), CNY per unit: purchase (the weighted average, "" when the
// product has none), the parts, duties (dutyRate % of purchase), firstLeg with where it comes from, unit (all but
// 头程: 利润报告's 商品成本 per unit) and total (with 头程); set when the parts are entered (from the month from) or
// the product has packing; packingFrom says whose 包材 it is (包材用量, 成本核算, "" none), packingNoCost that one of
// its materials has no cost, packingEntered the 包材 entered (kept while 包材用量's stands in for it).
type JobLine struct {
	ID            string `json:"id"`
	ProductID     string `json:"productId"`
	SKU           string `json:"sku"`
	Name          string `json:"name"`
	Month         string `json:"month"`
	Purchase      string `json:"purchase"`
	Materials     string `json:"materials"`
	Packing       string `json:"packing"`
	PackingFrom   string `json:"packingFrom"`
	PackingEnter  string `json:"packingEntered"`
	PackingNoCost bool   `json:"packingNoCost"`
	Processing    string `json:"processing"`
	DutyRate      string `json:"dutyRate"`
	Duties        string `json:"duties"`
	FirstLeg      string `json:"firstLeg"`
	FirstLegFrom  string `json:"firstLegFrom"`
	Unit          string `json:"unit"`
	Total         string `json:"total"`
	Set           bool   `json:"set"`
	From          string `json:"from"`
	ProfitUses    string `json:"profitUses"`
	PurchaseIsNil bool   `json:"noPurchase"`
}

func jobLine(l *profit.JobLine) JobLine {
	ld := l.Landed
	out := JobLine{ID: fmt.Sprint(l.ProductID), ProductID: fmt.Sprint(l.ProductID), SKU: l.SKU, Name: l.Name, Month: l.Month,
		Materials: ld.Materials.StringFixed(4), Packing: ld.Packing.StringFixed(4), Processing: ld.Processing.StringFixed(4),
		DutyRate: ld.DutyRate.StringFixed(2), Duties: ld.Duties.StringFixed(4), Set: ld.Set, From: ld.From,
		PurchaseIsNil: !ld.Purchase.Valid, PackingNoCost: ld.PackingUncosted,
		PackingEnter: ld.PackingEntered.StringFixed(4)}
	switch {
	case ld.PackingUsed:
		out.PackingFrom = "包材用量"
	case ld.From != "":
		out.PackingFrom = "成本核算"
	}
	if ld.Purchase.Valid {
		out.Purchase = ld.Purchase.Decimal.StringFixed(4)
	}
	if ld.FirstLeg.Valid {
		out.FirstLeg = ld.FirstLeg.Decimal.StringFixed(4)
		out.FirstLegFrom = "产品头程"
		if ld.FirstLegEntered {
			out.FirstLegFrom = "成本核算"
		}
	}
	if u := ld.Unit(); u.Valid {
		out.Unit = u.Decimal.StringFixed(4)
	}
	if t := ld.Total(); t.Valid {
		out.Total = t.Decimal.StringFixed(4)
	}
	if ld.Set {
		out.ProfitUses = "到岸成本"
	} else {
		out.ProfitUses = "采购成本"
	}
	return out
}

// JobPage answers POST jobcosting/page {currentpage, pagesize, month (this month when none), search}.
func (h *CostHandler) JobPage(c *echo.Context) error { return api.PageOf(h.Jobs.Page, jobLine)(c) }

// JobExport answers GET jobcosting/export with the list's query.
func (h *CostHandler) JobExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "成本核算", "jobCostingList", h.Jobs.Page, jobLine)
}

// JobQuery names a product's month.
type JobQuery struct {
	ProductID string `json:"productId" query:"productId"`
	Month     string `json:"month" query:"month"`
}

// Job answers POST jobcosting/line {productId, month}: the product's landed cost of the month.
func (h *CostHandler) Job(c *echo.Context) error {
	var q JobQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if q.ProductID == "" {
		return api.OK(c, JobLine{})
	}
	l, err := h.Jobs.Line(c.Request().Context(), p, q.ProductID, q.Month)
	if err != nil {
		return err
	}
	return api.OK(c, jobLine(&l))
}

// SaveJob answers POST jobcosting/save {productId, month, materials, packing, processing, firstLeg, dutyRate}.
func (h *CostHandler) SaveJob(c *echo.Context) error {
	var f profit.JobForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	l, err := h.Jobs.Save(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, jobLine(&l))
}
