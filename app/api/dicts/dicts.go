// Package dicts serves the dictionary calls of /admin/api/v1: dicts/... (a company's dictionaries) and
// dict-items/... (their items, which drop-downs everywhere read). Both paged lists answer the page's rows as data
// and the total at the envelope's top level, as the clients of these two calls expect.
package dicts

import (
	"context"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/reference"
	referencedb "sellerhub/models/reference"
)

// Handler serves the dictionary calls.
type Handler struct {
	Reference *reference.Service
	TimeZone  *time.Location
}

// Dict is a dictionary as the clients show it.
type Dict struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Status    int    `json:"status"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Item is a dictionary item as the clients show it.
type Item struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Value     string `json:"value"`
	DictCode  string `json:"dictCode"`
	Sort      int    `json:"sort"`
	Status    int    `json:"status"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Option is an item as a drop-down uses it.
type Option struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

func (h *Handler) dict(d *referencedb.Dict) Dict {
	return Dict{ID: strconv.FormatInt(d.ID, 10), Name: d.Name, Code: d.Code, Status: d.Status, Remark: d.Remark,
		CreatedAt: api.FormatTime(&d.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&d.UpdatedAt, h.TimeZone)}
}

func (h *Handler) item(it *referencedb.DictItem) Item {
	return Item{ID: strconv.FormatInt(it.ID, 10), Name: it.Name, Value: it.Value, DictCode: it.DictCode,
		Sort: it.Sort, Status: it.Status, Remark: it.Remark,
		CreatedAt: api.FormatTime(&it.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&it.UpdatedAt, h.TimeZone)}
}

func options(opts []referencedb.DictOption) []Option {
	out := make([]Option, len(opts))
	for i, o := range opts {
		out[i] = Option{Name: o.Name, Value: o.Value}
	}
	return out
}

// DictPage answers GET dicts/page?page&limit&name: data [dict], total at the top level.
func (h *Handler) DictPage(c *echo.Context) error {
	var q reference.DictQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ds, total, err := h.Reference.DictPage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]Dict, len(ds))
	for i := range ds {
		out[i] = h.dict(&ds[i])
	}
	return api.OKList(c, out, total)
}

// ExportDicts answers GET dicts/export?<DictPage's filters>: the whole query as 字典_<date>.xlsx.
func (h *Handler) ExportDicts(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "字典", "dictList", func(ctx context.Context, p core.Principal, q reference.DictQuery) ([]referencedb.Dict, int64, core.PageRequest, error) {
		ds, total, err := h.Reference.DictPage(ctx, p, q)
		return ds, total, core.PageRequest{}, err
	}, h.dict)
}

// GetDict answers GET dicts/{id}.
func (h *Handler) GetDict(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Reference.Dict(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.dict(d))
}

// CreateDict answers POST dicts with the new dictionary.
func (h *Handler) CreateDict(c *echo.Context) error {
	var f reference.DictForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	d, err := h.Reference.CreateDict(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, h.dict(d))
}

// UpdateDict answers PUT dicts/{id} with the changed dictionary.
func (h *Handler) UpdateDict(c *echo.Context) error {
	var f reference.DictForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	d, err := h.Reference.UpdateDict(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, h.dict(d))
}

// DeleteDict answers DELETE dicts/{id}.
func (h *Handler) DeleteDict(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Reference.DeleteDict(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// ItemPage answers GET dict-items/page?page&limit&name&dictCode: data [item], total at the top level.
func (h *Handler) ItemPage(c *echo.Context) error {
	var q reference.DictQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	items, total, err := h.Reference.DictItemPage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]Item, len(items))
	for i := range items {
		out[i] = h.item(&items[i])
	}
	return api.OKList(c, out, total)
}

// exportColumns are the columns of the items export, in the list's default order.
var exportColumns = []api.ExportColumn[Item]{
	{Title: "字典项名称", Value: func(it Item) any { return it.Name }},
	{Title: "字典项值", Value: func(it Item) any { return it.Value }},
	{Title: "字典编码", Value: func(it Item) any { return it.DictCode }},
	{Title: "排序", Value: func(it Item) any { return it.Sort }},
	{Title: "状态", Value: func(it Item) any { return map[int]string{1: "启用", 0: "停用"}[it.Status] }},
	{Title: "备注", Value: func(it Item) any { return it.Remark }},
	{Title: "创建时间", Value: func(it Item) any { return it.CreatedAt }},
}

// ExportItems answers GET dict-items/export?dictCode&name: every matching item as an .xlsx download.
func (h *Handler) ExportItems(c *echo.Context) error {
	var q reference.DictQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	items, err := h.Reference.DictItemsForExport(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]Item, len(items))
	for i := range items {
		out[i] = h.item(&items[i])
	}
	return api.XLSX(c, "字典项_"+time.Now().In(h.TimeZone).Format(time.DateOnly), exportColumns, out)
}

// SelectList answers GET dict-items/select_list/{code}: the drop-down [{name, value}] of an enabled dictionary.
func (h *Handler) SelectList(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	opts, err := h.Reference.DictSelectList(c.Request().Context(), p, c.Param("code"))
	if err != nil {
		return err
	}
	return api.OK(c, options(opts))
}

// ItemOptions answers GET dict-items?dictCode&name: [{name, value}] by sort.
func (h *Handler) ItemOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	opts, err := h.Reference.DictOptions(c.Request().Context(), p, c.QueryParam("dictCode"), c.QueryParam("name"))
	if err != nil {
		return err
	}
	return api.OK(c, options(opts))
}

// GetItem answers GET dict-items/{id}.
func (h *Handler) GetItem(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	it, err := h.Reference.DictItem(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.item(it))
}

// CreateItem answers POST dict-items with the new item.
func (h *Handler) CreateItem(c *echo.Context) error {
	var f reference.DictItemForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	it, err := h.Reference.CreateDictItem(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, h.item(it))
}

// UpdateItem answers PUT dict-items/{id} with the changed item.
func (h *Handler) UpdateItem(c *echo.Context) error {
	var f reference.DictItemForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	it, err := h.Reference.UpdateDictItem(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, h.item(it))
}

// DeleteItem answers DELETE dict-items/{id}.
func (h *Handler) DeleteItem(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Reference.DeleteDictItem(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "success")
}
