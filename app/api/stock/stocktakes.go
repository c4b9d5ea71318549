package stock

import (
	"context"
	"io"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	stockdb "sellerhub/models/stock"
)

// stocktakeStatusNames are the stocktake's states as the screens name them.
var stocktakeStatusNames = map[int]string{stockdb.StocktakeDraft: "待提交", stockdb.StocktakeCounting: "盘点中",
	stockdb.StocktakePosted: "已完成", stockdb.StocktakeCancelled: "已作废"}

var scopeNames = map[string]string{stockdb.StocktakeWarehouse: "整仓盘点", stockdb.StocktakeProducts: "指定产品", stockdb.StocktakeBins: "按库位盘点"}

// Stocktake is a stocktake as its list shows it; the detail adds its lines.
type Stocktake struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	Scope         string `json:"scope"`
	ScopeName     string `json:"scopeName"`
	Status        int    `json:"status"`
	StatusName    string `json:"statusName"`
	Remark        string `json:"remark"`
	Creator       string `json:"creator"`
	Poster        string `json:"poster"`
	LineCount     int    `json:"lineCount"`
	CountedCount  int    `json:"countedCount"`
	// SurplusUnits and LossUnits are the counted lines' units over and under the book (盘盈, 盘亏); the values are
	// them at the cost of each product when posted, CNY with two decimals ("" before posting or without costs).
	SurplusUnits int             `json:"surplusUnits"`
	LossUnits    int             `json:"lossUnits"`
	SurplusValue string          `json:"surplusValue"`
	LossValue    string          `json:"lossValue"`
	CreatedAt    string          `json:"createdAt"`
	StartedAt    string          `json:"startedAt"`
	PostedAt     string          `json:"postedAt"`
	CancelledAt  string          `json:"cancelledAt"`
	Lines        []StocktakeLine `json:"lines,omitempty"`
	// Bins are the bins a stocktake of bins counts (the detail only).
	Bins []BinRef `json:"bins,omitempty"`
}

// BinRef names a bin.
type BinRef struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// StocktakeLine is a product of a stocktake: its book quantity (nil before the start), its count (nil until
// counted), the difference and, once posted, its unit cost and the difference's value.
type StocktakeLine struct {
	ProductID  string `json:"productId"`
	BinID      string `json:"binId"`
	BinCode    string `json:"binCode"`
	SKU        string `json:"sku"`
	Name       string `json:"name"`
	Image      string `json:"image"`
	Book       *int   `json:"book"`
	Counted    *int   `json:"counted"`
	Difference *int   `json:"difference"`
	UnitCost   string `json:"unitCost"`
	Amount     string `json:"amount"`
}

func (h *Handler) stocktake(s *stockdb.StocktakeRow) Stocktake {
	return Stocktake{ID: id(s.ID), Number: s.Number, WarehouseID: id(s.WarehouseID), WarehouseName: s.WarehouseName,
		Scope: s.Scope, ScopeName: scopeNames[s.Scope], Status: s.Status, StatusName: stocktakeStatusNames[s.Status],
		Remark: s.Remark, Creator: s.CreatorName, Poster: s.PosterName, LineCount: s.LineCount, CountedCount: s.CountedCount,
		SurplusUnits: s.SurplusUnits, LossUnits: s.LossUnits, SurplusValue: yuan(s.SurplusValue, 1), LossValue: yuan(s.LossValue, 1),
		CreatedAt: api.FormatTime(&s.CreatedAt, h.TimeZone), StartedAt: api.FormatTime(s.StartedAt, h.TimeZone),
		PostedAt: api.FormatTime(s.PostedAt, h.TimeZone), CancelledAt: api.FormatTime(s.CancelledAt, h.TimeZone)}
}

// StocktakePage answers POST stocktake/page {currentpage, pagesize, number, warehouseId, status, startDate, endDate}.
func (h *Handler) StocktakePage(c *echo.Context) error {
	return api.PageOf(h.Stock.StocktakePage, h.stocktake)(c)
}

// StocktakeExport answers GET stocktake/export?<StocktakePage's filters>: the whole query as 盘点单_<date>.xlsx.
func (h *Handler) StocktakeExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "盘点单", "stocktakeList", h.Stock.StocktakePage, h.stocktake)
}

// GetStocktake answers GET stocktake/{id}: the stocktake with its lines.
func (h *Handler) GetStocktake(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	s, lines, err := h.Stock.Stocktake(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := h.stocktake(s)
	out.Lines = make([]StocktakeLine, len(lines))
	for i, l := range lines {
		line := StocktakeLine{ProductID: id(l.ProductID), BinCode: l.BinCode, SKU: l.SKU, Name: l.Name, Image: l.Image, Book: l.Book,
			Counted: l.Counted, UnitCost: yuan(l.UnitCost, 1)}
		if l.Book != nil && l.Counted != nil {
			d := *l.Counted - *l.Book
			line.Difference = &d
			line.Amount = yuan(l.UnitCost, int64(d))
		}
		if l.BinID != 0 {
			line.BinID = id(l.BinID)
		}
		out.Lines[i] = line
	}
	bins, err := h.Stock.StocktakeBins(c.Request().Context(), p, s.ID)
	if err != nil {
		return err
	}
	for _, b := range bins {
		out.Bins = append(out.Bins, BinRef{ID: id(b.ID), Code: b.Code})
	}
	return api.OK(c, out)
}

// CreateStocktake answers POST stocktake {warehouseId, scope, productIds, remark} with {id, number} of the draft.
func (h *Handler) CreateStocktake(c *echo.Context) error {
	var f stock.StocktakeForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	s, err := h.Stock.CreateStocktake(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, map[string]string{"id": id(s.ID), "number": s.Number})
}

// UpdateStocktake answers PUT stocktake/{id} with a new stocktake's body, while it is 待提交.
func (h *Handler) UpdateStocktake(c *echo.Context) error {
	var f stock.StocktakeForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Stock.UpdateStocktake(c.Request().Context(), p, c.Param("id"), f); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// StocktakeCounts is the body of PUT stocktake/{id}/counts.
type StocktakeCounts struct {
	Lines []stock.StocktakeCount `json:"lines"`
}

// CountStocktake answers PUT stocktake/{id}/counts {lines:[{productId, counted}]} (counted null forgets a count).
func (h *Handler) CountStocktake(c *echo.Context) error {
	var f StocktakeCounts
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Stock.CountStocktake(c.Request().Context(), p, c.Param("id"), f.Lines); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// ScanStocktake answers POST stocktake/{id}/scan {code, quantity} with the line counted.
func (h *Handler) ScanStocktake(c *echo.Context) error {
	var f stock.StocktakeScan
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	line, err := h.Stock.ScanStocktake(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, line)
}

// CountTemplate answers GET stocktake/countTemplate: the count import's .xlsx.
func (h *Handler) CountTemplate(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f, err := h.Stock.CountTemplate(c.Request().Context(), p)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "盘点数量导入模板", f)
}

// ImportCounts answers POST stocktake/{id}/import (multipart field file) with the rows counted: every row or,
// when any is wrong, none, the refusal naming each wrong cell.
func (h *Handler) ImportCounts(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	// A stocktake that is not there (or not the user's to see) is told before the upload is read.
	if _, _, err := h.Stock.Stocktake(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	file, err := c.FormFile("file")
	if err != nil {
		return core.Invalid(catalog.MsgImportFileBad)
	}
	r, err := file.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	res, err := h.Stock.ImportCounts(c.Request().Context(), p, c.Param("id"), data, catalog.MsgImportFileBad)
	if err != nil {
		return err
	}
	return api.OK(c, res)
}

// StartStocktake answers POST stocktake/{id}/start; PostStocktake POST stocktake/{id}/post; CancelStocktake POST
// stocktake/{id}/cancel. The operation log gets the stocktake's number.
func (h *Handler) StartStocktake(c *echo.Context) error {
	return h.stocktakeStep(c, h.Stock.StartStocktake)
}

// PostStocktake answers POST stocktake/{id}/post.
func (h *Handler) PostStocktake(c *echo.Context) error {
	return h.stocktakeStep(c, h.Stock.PostStocktake)
}

// CancelStocktake answers POST stocktake/{id}/cancel.
func (h *Handler) CancelStocktake(c *echo.Context) error {
	return h.stocktakeStep(c, h.Stock.CancelStocktake)
}

func (h *Handler) stocktakeStep(c *echo.Context, change func(context.Context, core.Principal, string) error) error {
	p, _ := middleware.Principal(c)
	if err := change(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	if s, _, err := h.Stock.Stocktake(c.Request().Context(), p, c.Param("id")); err == nil {
		middleware.NoteSubject(c, s.Number)
	}
	return api.OK(c, "success")
}
