package catalog

import (
	"context"
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/reference"
	referencedb "sellerhub/models/reference"
)

// ProductTagHandler serves 产品标签's calls: the 标签 admin's tags with each one's count of products, the tags to
// pick in 本地产品, and tagging products in bulk.
type ProductTagHandler struct {
	Reference *reference.Service
	Tags      *catalog.ProductTags
}

// ProductTag is a tag as 产品标签 lists it: the 标签 admin's fields and how many products carry it.
type ProductTag struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	GroupID   string `json:"groupId"`
	GroupName string `json:"groupName"`
	Remark    string `json:"remark"`
	Products  int64  `json:"products"`
}

// TagOption is a tag as 本地产品 offers it.
type TagOption struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	GroupName string `json:"groupName"`
}

type countedTag struct {
	referencedb.Tag
	products int64
}

func (h *ProductTagHandler) list(ctx context.Context, p core.Principal, q core.ListQuery) ([]countedTag, int64, core.PageRequest, error) {
	rows, total, r, err := h.Reference.TagPage(ctx, p, q)
	if err != nil {
		return nil, 0, r, err
	}
	counts, err := h.Tags.TagProductCounts(ctx, p)
	out := make([]countedTag, len(rows))
	for i := range rows {
		out[i] = countedTag{Tag: rows[i], products: counts[rows[i].ID]}
	}
	return out, total, r, err
}

func productTag(t *countedTag) ProductTag {
	return ProductTag{ID: strconv.FormatInt(t.ID, 10), Name: t.Name, Color: t.Color, GroupID: strconv.FormatInt(t.GroupID, 10),
		GroupName: t.GroupName, Remark: t.Remark, Products: t.products}
}

// Page answers POST productTags/page {the 标签 list's query} with a page of tags and their products.
func (h *ProductTagHandler) Page(c *echo.Context) error { return api.PageOf(h.list, productTag)(c) }

// Export answers GET productTags/export: 产品标签_<date>.xlsx.
func (h *ProductTagHandler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "产品标签", "productTagList", h.list, productTag)
}

// Options answers GET productTags/options: every tag of the company by group and name.
func (h *ProductTagHandler) Options(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Tags.TagOptions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]TagOption, len(rows))
	for i, t := range rows {
		out[i] = TagOption{ID: strconv.FormatInt(t.ID, 10), Name: t.Name, Color: t.Color, GroupName: t.GroupName}
	}
	return api.OK(c, out)
}

// TagProducts answers POST material/tags {ids, tagIds, remove} with how many products changed.
func (h *ProductTagHandler) TagProducts(c *echo.Context) error {
	var f catalog.TagProductsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	out, err := h.Tags.TagProducts(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, out)
}
