// Package catalog serves the product catalogue calls of /erp/api/v1: material/... (local products, their
// pictures, import and export, the product picker's search), brand/..., category/..., supplier/... and
// listing/... (SKU配对). Lists are paged POST calls answering {records, total, size, current, pages}, the table
// island's shape.
package catalog

import (
	"context"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	catalogdb "sellerhub/models/catalog"
)

// Handler serves the product catalogue calls.
type Handler struct {
	Catalog  *catalog.Service
	TimeZone *time.Location
}

// Product is a local product as the clients show it. Ids go as strings ("" for no brand, category or supplier),
// measures as decimal text ("" when unknown), so that nothing passes through a float.
type Product struct {
	ID           string `json:"id"`
	SKU          string `json:"sku"`
	Name         string `json:"name"`
	Image        string `json:"image"`
	Kind         int    `json:"kind"`
	KindName     string `json:"kindName"`
	BrandID      string `json:"brandId"`
	Brand        string `json:"brand"`
	CategoryID   string `json:"categoryId"`
	Category     string `json:"category"`
	SupplierID   string `json:"supplierId"`
	Supplier     string `json:"supplier"`
	Price        string `json:"price"`
	FirstLeg     string `json:"firstLeg"`
	Fulfillable  int    `json:"fulfillable"`
	Outbound     int    `json:"outbound"`
	Inbound      int    `json:"inbound"`
	Weight       string `json:"weight"`
	Length       string `json:"length"`
	Width        string `json:"width"`
	Height       string `json:"height"`
	CartonUnits  string `json:"cartonUnits"`
	CartonWeight string `json:"cartonWeight"`
	CartonLength string `json:"cartonLength"`
	CartonWidth  string `json:"cartonWidth"`
	CartonHeight string `json:"cartonHeight"`
	CartonSpec   string `json:"cartonSpec"`
	Remark       string `json:"remark"`
	Disabled     bool   `json:"disabled"`
	Status       string `json:"status"`
	CreatedAt    string `json:"createdAt"`
	UpdatedAt    string `json:"updatedAt"`
	// Tags are its 产品标签 in the list (none elsewhere).
	Tags []TagOption `json:"tags"`
}

// Found is a product as the pickers offer it.
type Found struct {
	ID    string `json:"id"`
	SKU   string `json:"sku"`
	Name  string `json:"name"`
	Image string `json:"image"`
}

func idText(id *int64) string {
	if id == nil {
		return ""
	}
	return strconv.FormatInt(*id, 10)
}

// moneyText is a cost in yuan with its two decimals, "" when not entered.
func moneyText(d decimal.Decimal, valid bool) string {
	if !valid {
		return ""
	}
	return d.StringFixed(2)
}

func decimalText(d decimal.NullDecimal) string {
	if !d.Valid {
		return ""
	}
	return d.Decimal.String()
}

func (h *Handler) product(r *catalogdb.ProductRow) Product {
	out := Product{ID: strconv.FormatInt(r.ID, 10), SKU: r.SKU, Name: r.Name, Image: r.Image, Kind: r.Kind,
		KindName: catalog.KindName(r.Kind), BrandID: idText(r.BrandID), Brand: r.BrandName,
		CategoryID: idText(r.CategoryID), Category: r.CategoryName, SupplierID: idText(r.SupplierID),
		Supplier: r.SupplierName, Weight: decimalText(r.Weight), Length: decimalText(r.Length),
		Width: decimalText(r.Width), Height: decimalText(r.Height), CartonWeight: decimalText(r.CartonWeight),
		CartonLength: decimalText(r.CartonLength), CartonWidth: decimalText(r.CartonWidth),
		CartonHeight: decimalText(r.CartonHeight), CartonSpec: catalog.CartonSpec(&r.LocalProduct),
		Fulfillable: r.StockFulfillable, Outbound: r.StockOutbound, Inbound: r.StockInbound,
		Remark: r.Remark, Disabled: r.Disabled, Status: "启用",
		CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&r.UpdatedAt, h.TimeZone)}
	out.Tags = make([]TagOption, len(r.Tags))
	for i, t := range r.Tags {
		out.Tags[i] = TagOption{ID: strconv.FormatInt(t.ID, 10), Name: t.Name, Color: t.Color, GroupName: t.GroupName}
	}
	out.Price = moneyText(r.Price.Decimal, r.Price.Valid)
	out.FirstLeg = moneyText(r.FirstLeg.Decimal, r.FirstLeg.Valid)
	if r.CartonUnits != nil {
		out.CartonUnits = strconv.Itoa(*r.CartonUnits)
	}
	if r.Disabled {
		out.Status = "停用"
	}
	return out
}

// Page answers POST material/page {currentpage, pagesize, sort, order, keyword, brandId, categoryId, supplierId,
// kind, status} with a page of products, newest first unless sorted.
func (h *Handler) Page(c *echo.Context) error { return api.PageOf(h.Catalog.ProductPage, h.product)(c) }

// Get answers GET material/{id}.
func (h *Handler) Get(c *echo.Context) error { return api.GetOne(h.Catalog.Product, h.product)(c) }

// Create answers POST material {sku, name, image, kind, brandId, ..., remark} with the new product.
func (h *Handler) Create(c *echo.Context) error {
	return api.CreateOne(h.Catalog.CreateProduct, h.product)(c)
}

// Update answers PUT material/{id} with the changed product; the operation log gets its changed fields.
func (h *Handler) Update(c *echo.Context) error {
	return api.UpdateNoted(h.Catalog.Product, h.Catalog.UpdateProduct, h.product)(c)
}

// Delete answers DELETE material/{id}, refused while the product has stock, documents or shipments.
func (h *Handler) Delete(c *echo.Context) error {
	return api.DeleteNoted(h.Catalog.Product, h.Catalog.DeleteProduct, h.product)(c)
}

// Disable answers POST material/{id}/disable (停用).
func (h *Handler) Disable(c *echo.Context) error { return h.setDisabled(c, true) }

// Enable answers POST material/{id}/enable (启用).
func (h *Handler) Enable(c *echo.Context) error { return h.setDisabled(c, false) }

func (h *Handler) setDisabled(c *echo.Context, disabled bool) error {
	p, _ := middleware.Principal(c)
	if err := h.Catalog.SetProductDisabled(c.Request().Context(), p, c.Param("id"), disabled); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// Search answers GET material/search?keyword=&limit= with [{id, sku, name, image}]: up to limit (20 unless
// asked, at most 50) enabled products whose SKU or name contains keyword, by SKU. For the product pickers.
func (h *Handler) Search(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	limit, _ := strconv.Atoi(c.QueryParam("limit"))
	rows, err := h.Catalog.SearchProducts(c.Request().Context(), p, c.QueryParam("keyword"), limit)
	if err != nil {
		return err
	}
	out := make([]Found, len(rows))
	for i, m := range rows {
		out[i] = Found{ID: strconv.FormatInt(m.ID, 10), SKU: m.SKU, Name: m.Name, Image: m.Image}
	}
	return api.OK(c, out)
}

// Listings answers GET material/{id}/listings: the listings paired with the product, in the user's store groups.
func (h *Handler) Listings(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Catalog.ProductListings(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := make([]Listing, len(rows))
	for i := range rows {
		out[i] = h.listing(&rows[i])
	}
	return api.OK(c, out)
}

// PhotoUpload answers POST material/photoupload (multipart field file) with the address of the stored picture,
// which the product form then saves with the product. Pictures are the company's and served only to it.
func (h *Handler) PhotoUpload(c *echo.Context) error {
	return api.ImageUpload(c, h.Catalog.SaveProductImage)
}

// exportColumns are the product sheet's columns and, after them, the list's status and creation time.
func (h *Handler) exportColumns() []api.ExportColumn[catalogdb.ProductRow] {
	cols := make([]api.ExportColumn[catalogdb.ProductRow], 0, len(catalog.ProductSheet)+2)
	for _, sc := range catalog.ProductSheet {
		value := sc.Value
		cols = append(cols, api.ExportColumn[catalogdb.ProductRow]{Title: sc.Title, Value: func(r catalogdb.ProductRow) any { return value(&r) }})
	}
	return append(cols,
		api.ExportColumn[catalogdb.ProductRow]{Title: "状态", Value: func(r catalogdb.ProductRow) any { return h.product(&r).Status }},
		api.ExportColumn[catalogdb.ProductRow]{Title: "创建时间", Value: func(r catalogdb.ProductRow) any { return api.FormatTime(&r.CreatedAt, h.TimeZone) }})
}

// Export answers GET material/export?keyword&brandId&categoryId&supplierId&kind&status&sort&order: every
// product of the query (or of its ids=, 导出选中) as an .xlsx download, in the import template's columns.
func (h *Handler) Export(c *echo.Context) error { return exportProducts(h, c, 0, "本地产品") }

// exportProducts answers an export of the product list, of one kind when only is not 0, named name and the day.
func exportProducts(h *Handler, c *echo.Context, only int, name string) error {
	var q catalog.ProductQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	q.Only = only
	p, _ := middleware.Principal(c)
	rows, err := h.Catalog.ProductsForExport(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	if ids := api.SelectedIDs(c); len(ids) > 0 {
		rows = slices.DeleteFunc(rows, func(r catalogdb.ProductRow) bool { return !ids[strconv.FormatInt(r.ID, 10)] })
	}
	// The export keeps the import template's columns, not 列配置's: it is also the file a person edits and imports
	// back.
	return api.XLSX(c, name+"_"+time.Now().In(h.TimeZone).Format(time.DateOnly), h.exportColumns(), rows)
}

// ImportTemplate answers GET material/importTemplate: the import's .xlsx, its column titles on the first sheet
// and on a second an example row and the allowed values.
func (h *Handler) ImportTemplate(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f, err := h.Catalog.ProductTemplate(c.Request().Context(), p)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "本地产品导入模板", f)
}

// Import answers POST material/import (multipart field file, an .xlsx in the template's columns; update=true to
// update the products whose SKU exists) with the number of rows imported and of products updated: all rows or,
// when any is wrong, none, the refusal naming each wrong row.
func (h *Handler) Import(c *echo.Context) error {
	data, err := uploadedSheet(c)
	if err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Catalog.ImportProducts(c.Request().Context(), p, data, c.FormValue("update") == "true")
	if err != nil {
		return err
	}
	return api.OK(c, res)
}

// PhotoMatch is what a file name of 图片上传 matches: the product and the picture's position, or why none.
type PhotoMatch struct {
	Name      string `json:"name"`
	ProductID string `json:"productId"`
	SKU       string `json:"sku"`
	Position  int    `json:"position"`
	Problem   string `json:"problem"`
	Image     string `json:"image"`
}

// PhotoNames is the body of photoMatch: the names of the files chosen.
type PhotoNames struct {
	Names []string `json:"names"`
}

func photoMatch(m *catalog.PhotoMatch) PhotoMatch {
	out := PhotoMatch{Name: m.Name, SKU: m.SKU, Position: m.Position, Problem: m.Problem, Image: m.Image}
	if m.ProductID != 0 {
		out.ProductID = strconv.FormatInt(m.ProductID, 10)
	}
	return out
}

// PhotoMatches answers POST material/photoMatch {names}: for each file name the product and picture it is (SKU.jpg
// the main picture, SKU-2.jpg the second), or its problem, before any file is sent (functions: Handler is at its
// method cap).
func PhotoMatches(h *Handler) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var b PhotoNames
		if err := c.Bind(&b); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		rows, err := h.Catalog.MatchPhotos(c.Request().Context(), p, b.Names)
		if err != nil {
			return err
		}
		out := make([]PhotoMatch, len(rows))
		for i := range rows {
			out[i] = photoMatch(&rows[i])
		}
		return api.OK(c, out)
	}
}

// PhotoSave answers POST material/photo (multipart field file, named by the SKU) with the match and the stored
// picture's address: the product's picture at that position, the one it replaces deleted.
func PhotoSave(h *Handler) echo.HandlerFunc {
	return func(c *echo.Context) error {
		return api.NamedImageUpload(c, func(ctx context.Context, p core.Principal, name string, r io.Reader) (PhotoMatch, error) {
			m, err := h.Catalog.SavePhoto(ctx, p, name, r)
			if err != nil {
				return PhotoMatch{}, err
			}
			return photoMatch(m), nil
		})
	}
}
