package catalog

import (
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/middleware"
	catalogdb "sellerhub/models/catalog"
)

// Brand is a brand as the clients show it.
type Brand struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Supplier is a supplier as the clients show it.
type Supplier struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Contact   string `json:"contact"`
	Phone     string `json:"phone"`
	Address   string `json:"address"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Category is a category as the clients show it; ParentID is "0" at the top level.
type Category struct {
	ID        string `json:"id"`
	ParentID  string `json:"parentId"`
	Name      string `json:"name"`
	Sort      int    `json:"sort"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// CategoryNode is a category of the tree with its children, an empty list for a leaf.
type CategoryNode struct {
	Category
	Children []CategoryNode `json:"children"`
}

// Option is a brand or supplier as a drop-down offers it.
type Option struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func (h *Handler) brand(b *catalogdb.Brand) Brand {
	return Brand{ID: strconv.FormatInt(b.ID, 10), Name: b.Name, Remark: b.Remark,
		CreatedAt: api.FormatTime(&b.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&b.UpdatedAt, h.TimeZone)}
}

func (h *Handler) supplier(s *catalogdb.Supplier) Supplier {
	return Supplier{ID: strconv.FormatInt(s.ID, 10), Name: s.Name, Contact: s.Contact, Phone: s.Phone,
		Address: s.Address, Remark: s.Remark,
		CreatedAt: api.FormatTime(&s.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&s.UpdatedAt, h.TimeZone)}
}

func (h *Handler) category(c *catalogdb.Category) Category {
	return Category{ID: strconv.FormatInt(c.ID, 10), ParentID: strconv.FormatInt(c.ParentID, 10), Name: c.Name,
		Sort: c.Sort, Remark: c.Remark,
		CreatedAt: api.FormatTime(&c.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&c.UpdatedAt, h.TimeZone)}
}

func (h *Handler) tree(nodes []*catalog.CategoryNode) []CategoryNode {
	out := make([]CategoryNode, len(nodes))
	for i, n := range nodes {
		out[i] = CategoryNode{Category: h.category(&n.Category), Children: h.tree(n.Children)}
	}
	return out
}

// options answers a drop-down's list as [{id, name}].
func options[T any](c *echo.Context, list func() ([]T, error), idName func(*T) (int64, string)) error {
	rows, err := list()
	if err != nil {
		return err
	}
	out := make([]Option, len(rows))
	for i := range rows {
		id, name := idName(&rows[i])
		out[i] = Option{ID: strconv.FormatInt(id, 10), Name: name}
	}
	return api.OK(c, out)
}

// BrandPage answers POST brand/page {currentpage, pagesize, sort, order, name} with a page of brands.
func (h *Handler) BrandPage(c *echo.Context) error {
	return api.PageOf(h.Catalog.BrandPage, h.brand)(c)
}

// BrandOptions answers GET brand/options: every brand of the company as [{id, name}], by name.
func (h *Handler) BrandOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	return options(c, func() ([]catalogdb.Brand, error) { return h.Catalog.BrandOptions(c.Request().Context(), p) },
		func(b *catalogdb.Brand) (int64, string) { return b.ID, b.Name })
}

// GetBrand answers GET brand/{id}.
func (h *Handler) GetBrand(c *echo.Context) error { return api.GetOne(h.Catalog.Brand, h.brand)(c) }

// CreateBrand answers POST brand {name, remark} with the new brand.
func (h *Handler) CreateBrand(c *echo.Context) error {
	return api.CreateOne(h.Catalog.CreateBrand, h.brand)(c)
}

// UpdateBrand answers PUT brand/{id} with the changed brand.
func (h *Handler) UpdateBrand(c *echo.Context) error {
	return api.UpdateOne(h.Catalog.UpdateBrand, h.brand)(c)
}

// DeleteBrand answers DELETE brand/{id}, refused while a product uses the brand.
func (h *Handler) DeleteBrand(c *echo.Context) error { return api.DeleteOne(h.Catalog.DeleteBrand)(c) }

// SupplierPage answers POST supplier/page {currentpage, pagesize, sort, order, name} with a page of suppliers.
func (h *Handler) SupplierPage(c *echo.Context) error {
	return api.PageOf(h.Catalog.SupplierPage, h.supplier)(c)
}

// SupplierOptions answers GET supplier/options: every supplier of the company as [{id, name}], by name.
func (h *Handler) SupplierOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	return options(c, func() ([]catalogdb.Supplier, error) { return h.Catalog.SupplierOptions(c.Request().Context(), p) },
		func(s *catalogdb.Supplier) (int64, string) { return s.ID, s.Name })
}

// GetSupplier answers GET supplier/{id}.
func (h *Handler) GetSupplier(c *echo.Context) error {
	return api.GetOne(h.Catalog.Supplier, h.supplier)(c)
}

// CreateSupplier answers POST supplier {name, contact, phone, address, remark} with the new supplier.
func (h *Handler) CreateSupplier(c *echo.Context) error {
	return api.CreateOne(h.Catalog.CreateSupplier, h.supplier)(c)
}

// UpdateSupplier answers PUT supplier/{id} with the changed supplier.
func (h *Handler) UpdateSupplier(c *echo.Context) error {
	return api.UpdateNoted(h.Catalog.Supplier, h.Catalog.UpdateSupplier, h.supplier)(c)
}

// DeleteSupplier answers DELETE supplier/{id}, refused while a product uses the supplier.
func (h *Handler) DeleteSupplier(c *echo.Context) error {
	return api.DeleteOne(h.Catalog.DeleteSupplier)(c)
}

// CategoryTree answers GET category/tree: the company's categories as [{..., children:[...]}], siblings by sort
// then name.
func (h *Handler) CategoryTree(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	nodes, err := h.Catalog.CategoryTree(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, h.tree(nodes))
}

// GetCategory answers GET category/{id}.
func (h *Handler) GetCategory(c *echo.Context) error {
	return api.GetOne(h.Catalog.Category, h.category)(c)
}

// CreateCategory answers POST category {parentId, name, sort, remark} with the new category.
func (h *Handler) CreateCategory(c *echo.Context) error {
	return api.CreateOne(h.Catalog.CreateCategory, h.category)(c)
}

// UpdateCategory answers PUT category/{id} with the changed category.
func (h *Handler) UpdateCategory(c *echo.Context) error {
	return api.UpdateNoted(h.Catalog.Category, h.Catalog.UpdateCategory, h.category)(c)
}

// DeleteCategory answers DELETE category/{id}, refused while it has children or a product uses it.
func (h *Handler) DeleteCategory(c *echo.Context) error {
	return api.DeleteOne(h.Catalog.DeleteCategory)(c)
}

// BrandExport answers GET brand/export?<BrandPage's filters>: the whole query as 品牌_<date>.xlsx.
func (h *Handler) BrandExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "品牌", "brandList", h.Catalog.BrandPage, h.brand)
}

// SupplierExport answers GET supplier/export?<SupplierPage's filters>: the whole query as 供应商_<date>.xlsx.
func (h *Handler) SupplierExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "供应商", "supplierList", h.Catalog.SupplierPage, h.supplier)
}
