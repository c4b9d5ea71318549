package pages

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	stockdb "sellerhub/models/stock"
	"sellerhub/views"
)

// WarehouseScreen serves one of the warehouse screens: the warehouse island showing screen, with the user's
// button permissions and, for a document's detail page, the id in the query. A document's create and detail
// pages load the island's document build, the lists its list build (islands/stock/document.jsx, main.jsx).
func (h *Handler) WarehouseScreen(title, screen string) echo.HandlerFunc {
	script := "warehouse.js"
	if strings.HasSuffix(screen, "New") || strings.HasSuffix(screen, "Detail") {
		script = "warehouseDocument.js"
	}
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		page := views.WarehouseScreenPage{Page: h.contentPage(c, title, script), Heading: title,
			Props: views.WarehouseScreenProps{Screen: screen, ID: c.QueryParam("id"), Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.WarehouseScreen(page, h.Assets.URL("theme.js")))
	}
}

// stocktakeStatus names a stocktake's state on the printed sheet.
var stocktakeStatus = map[int]string{stockdb.StocktakeDraft: "待提交", stockdb.StocktakeCounting: "盘点中",
	stockdb.StocktakePosted: "已完成", stockdb.StocktakeCancelled: "已作废"}

var stocktakeScope = map[string]string{stockdb.StocktakeWarehouse: "整仓盘点", stockdb.StocktakeProducts: "指定产品",
	stockdb.StocktakeBins: "按库位盘点"}

// StocktakePrint serves /stocktake/print?id=: the stocktake's 盘点表 in bin order, a complete printable document.
// Another company's or an unknown stocktake is the 404 page.
func (h *Handler) StocktakePrint(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	st, lines, err := h.Stock.StocktakeSheet(ctx, p, c.QueryParam("id"))
	if err != nil {
		return err
	}
	page := h.page(c, "盘点表", "picklist.js")
	page.CSS = h.Assets.URL("picklist.css")
	if c.QueryParam("embed") == "1" {
		if u := h.Assets.URL("content.js"); u != "" {
			page.Scripts = append(page.Scripts, u)
		}
	}
	loc := h.Config.TimeZone
	v := views.StocktakePrintPage{Page: page, Number: st.Number, Warehouse: st.WarehouseName, Scope: stocktakeScope[st.Scope],
		Status: stocktakeStatus[st.Status], Created: api.FormatTime(&st.CreatedAt, loc), Started: api.FormatTime(st.StartedAt, loc),
		Remark: st.Remark, Waiting: st.Status == stockdb.StocktakeDraft && st.Scope != stockdb.StocktakeProducts}
	if st.Scope == stockdb.StocktakeBins {
		bins, err := h.Stock.StocktakeBins(ctx, p, st.ID)
		if err != nil {
			return err
		}
		codes := make([]string, len(bins))
		for i, b := range bins {
			codes[i] = b.Code
		}
		v.Bins = strings.Join(codes, "、")
	}
	for _, l := range lines {
		r := views.StocktakePrintRow{Bins: l.Bins, Image: l.Line.Image, Name: l.Line.Name, SKU: l.Line.SKU}
		if r.Bins == "" {
			r.Bins = "待上架"
		}
		if l.Line.Book != nil {
			r.Book = strconv.Itoa(*l.Line.Book)
		}
		v.Rows = append(v.Rows, r)
	}
	return h.render(c, http.StatusOK, views.StocktakePrint(v))
}
