package catalog

import (
	"context"
	"fmt"
	"io"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// Local products (本地产品): what the company stocks and ships, by a SKU unique in the company.

// Messages of the local product calls.
const (
	msgSKUTaken           = "SKU“%s”已存在，请更换"
	MsgSKUSpace           = "SKU不能包含空格"
	MsgProductKindBad     = "产品类型不正确"
	MsgProductImageBad    = "图片不存在，请重新上传"
	MsgBrandMissing       = "品牌不存在"
	MsgCategoryMissing    = "分类不存在"
	MsgSupplierMissing    = "供应商不存在"
	MsgCartonUnitsBad     = "单箱数量必须是正整数"
	MsgCartonUnitsTooMany = "单箱数量不能超过1000000"
	MsgProductHasStock    = "该产品有库存或库存流水，不能删除"
	MsgProductHasDocs     = "该产品已用于出入库单，不能删除"
	MsgProductHasPlans    = "该产品已用于发货计划，不能删除"
	MsgProductHasShipment = "该产品已用于货件，不能删除"
	MsgProductHasPacking  = "该产品已用作其他产品的包材，不能删除"
)

// MsgSKUTaken is the refusal of a SKU the company already uses.
func MsgSKUTaken(sku string) string { return fmt.Sprintf(msgSKUTaken, sku) }

// Button permissions of the 本地产品 screen. Reading a product needs a session only: other modules show and
// pick products; the list itself needs the screen's menu grant.
const (
	PermissionProductAdd    = "erp:material:add"
	PermissionProductEdit   = "erp:material:edit"
	PermissionProductDelete = "erp:material:delete"
	PermissionProductExport = "erp:material:export"
	PermissionProductImport = "erp:material:import"
)

// KindScreens are the screens of one kind of local product: their kind, title, path and the prefix of their
// button permissions (<prefix>:add, :edit, :export).
var KindScreens = []KindScreen{
	{catalogdb.ProductKindMaterial, "物料", "/erp/base/material", "erp:base:material"},
	{catalogdb.ProductKindConsumable, "耗材", "/erp/base/consumable", "erp:base:consumable"},
	{catalogdb.ProductKindPackage, "包材", "/erp/base/package", "erp:base:package"},
}

// KindScreen is one of KindScreens.
type KindScreen struct {
	Kind              int
	Title, Path, Perm string
}

const (
	whatProduct = "产品"
	// productSearchLimit bounds a picker's answer: more than this is typed on, not scrolled through.
	productSearchLimit = 50
)

// ProductKinds names the kinds of product (LocalProduct.Kind) 本地产品 and its import take, in the seller's words.
var ProductKinds = map[int]string{
	catalogdb.ProductKindProduct: "产品", catalogdb.ProductKindConsumable: "耗材", catalogdb.ProductKindPackage: "包材",
}

// KindName names any kind of product, 物料 included.
func KindName(kind int) string {
	if kind == catalogdb.ProductKindMaterial {
		return "物料"
	}
	return ProductKinds[kind]
}

var productSorts = map[string]string{"sku": "sku", "name": "name", "createdAt": "created_at", "weight": "weight",
	"price": "price"}

// ProductQuery is the body of the product list and its export: the page, the sort, and the filters.
type ProductQuery struct {
	core.PageRequest
	Sort       string `json:"sort" query:"sort"`
	Order      string `json:"order" query:"order"`
	Keyword    string `json:"keyword" query:"keyword"`
	BrandID    string `json:"brandId" query:"brandId"`
	CategoryID string `json:"categoryId" query:"categoryId"`
	SupplierID string `json:"supplierId" query:"supplierId"`
	Kind       string `json:"kind" query:"kind"`
	// Status is "enabled", "disabled" or "" for both.
	Status string `json:"status" query:"status"`
	// TagID is a tag (产品标签) the products carry, or several separated by commas (any of them).
	TagID string `json:"tagId" query:"tagId"`
	// Only is the one kind a kind's screen (物料, 耗材, 包材) lists, set by its route; 0 on 本地产品, which leaves
	// 物料 out.
	Only int `json:"-" query:"-"`
}

// filter turns the query into the model's filter; ok is false when an id in it names nothing (no rows match).
func (q ProductQuery) filter() (catalogdb.ProductFilter, core.PageRequest, bool) {
	r := q.PageRequest.Normalized()
	f := catalogdb.ProductFilter{Keyword: strings.TrimSpace(q.Keyword), OrderBy: productSorts[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	ok := true
	for _, ref := range []struct {
		raw string
		id  *int64
	}{{q.BrandID, &f.BrandID}, {q.CategoryID, &f.CategoryID}, {q.SupplierID, &f.SupplierID}} {
		if raw := strings.TrimSpace(ref.raw); raw != "" {
			*ref.id, ok = parseIDAnd(raw, ok)
		}
	}
	switch k := strings.TrimSpace(q.Kind); {
	case q.Only != 0:
		f.Kind = q.Only
	case k != "":
		f.Kind = kindOf(k)
		ok = ok && f.Kind != 0
	default:
		f.NotKind = catalogdb.ProductKindMaterial
	}
	for _, raw := range strings.Split(q.TagID, ",") {
		if raw = strings.TrimSpace(raw); raw != "" {
			var id int64
			id, ok = parseIDAnd(raw, ok)
			f.TagIDs = append(f.TagIDs, id)
		}
	}
	switch q.Status {
	case "enabled":
		f.Disabled = new(bool)
	case "disabled":
		yes := true
		f.Disabled = &yes
	}
	return f, r, ok
}

func parseIDAnd(raw string, ok bool) (int64, bool) {
	n, good := core.ParseID(raw)
	return n, ok && good
}

// kindOf reads a kind's number or name (1 or 产品), 0 for neither.
func kindOf(raw string) int {
	for k, name := range ProductKinds {
		if raw == name || raw == fmt.Sprint(k) {
			return k
		}
	}
	return 0
}

// ProductPage lists a page of the company's products, with the total and the page served.
func (s *Service) ProductPage(ctx context.Context, p core.Principal, q ProductQuery) ([]catalogdb.ProductRow, int64, core.PageRequest, error) {
	f, r, ok := q.filter()
	if !ok {
		return []catalogdb.ProductRow{}, 0, r, nil
	}
	f.UserID = p.UserID
	rows, total, err := catalogdb.LocalProductPage(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	return rows, total, r, withTags(ctx, s.db, p, rows)
}

// ProductsForExport lists every product the query matches, not one page of them, for the .xlsx export.
func (s *Service) ProductsForExport(ctx context.Context, p core.Principal, q ProductQuery) ([]catalogdb.ProductRow, error) {
	f, _, ok := q.filter()
	if !ok {
		return []catalogdb.ProductRow{}, nil
	}
	f.UserID, f.Offset, f.Limit = p.UserID, 0, core.MaxExportRows
	rows, _, err := catalogdb.LocalProductPage(s.db.With(ctx), p.CompanyID, f)
	return rows, err
}

// SearchProducts finds up to limit (at most 50, 20 unless asked) of the company's enabled products whose SKU or
// name contains keyword, for the product pickers of other screens.
func (s *Service) SearchProducts(ctx context.Context, p core.Principal, keyword string, limit int) ([]catalogdb.LocalProduct, error) {
	if limit < 1 {
		limit = 20
	}
	return catalogdb.SearchLocalProducts(s.db.With(ctx), p.CompanyID, strings.TrimSpace(keyword), min(limit, productSearchLimit))
}

// Product loads one of the company's products by its id.
func (s *Service) Product(ctx context.Context, p core.Principal, id string) (*catalogdb.ProductRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatProduct)
	}
	m, err := catalogdb.LocalProductByID(s.db.With(ctx), p.CompanyID, p.UserID, n)
	return m, core.NotFoundAs(err, whatProduct)
}

// ProductListings lists the listings paired with one of the company's products, in the user's store groups.
func (s *Service) ProductListings(ctx context.Context, p core.Principal, id string) ([]catalogdb.ListingRow, error) {
	m, err := s.Product(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return catalogdb.ListingsOfProduct(s.db.With(ctx), p.CompanyID, p.UserID, m.ID)
}

// productRefs resolves and locks (so that they are not deleted before the product is written) the brand,
// category and supplier a product form names by id.
func productRefs(tx *models.DB, companyID int64, f *ProductForm, m *catalogdb.LocalProduct) error {
	var err error
	if m.BrandID, err = lockRef(f.BrandID, MsgBrandMissing, func(id int64) error {
		_, err := catalogdb.BrandByID(tx.ForUpdate(), companyID, id)
		return err
	}); err != nil {
		return err
	}
	if m.CategoryID, err = lockRef(f.CategoryID, MsgCategoryMissing, func(id int64) error {
		_, err := catalogdb.CategoryByID(tx.ForUpdate(), companyID, id)
		return err
	}); err != nil {
		return err
	}
	m.SupplierID, err = lockRef(f.SupplierID, MsgSupplierMissing, func(id int64) error {
		_, err := catalogdb.SupplierByID(tx.ForUpdate(), companyID, id)
		return err
	})
	return err
}

// lockRef reads an optional reference: nil for "", else the id when find finds it, else the refusal missing.
func lockRef(raw, missing string, find func(int64) error) (*int64, error) {
	if raw == "" || raw == "0" {
		return nil, nil
	}
	n, ok := core.ParseID(raw)
	if !ok {
		return nil, core.Invalid(missing)
	}
	if err := find(n); models.IsNotFound(err) {
		return nil, core.Invalid(missing)
	} else if err != nil {
		return nil, err
	}
	return &n, nil
}

func skuFree(db *models.DB, companyID int64, sku string, self int64) error {
	return core.NameFree(func() (int64, error) {
		m, err := catalogdb.LocalProductBySKU(db, companyID, sku)
		if err != nil {
			return 0, err
		}
		return m.ID, nil
	}, self, MsgSKUTaken(sku))
}

// CreateProduct adds a product to the company; its SKU must be new in the company.
func (s *Service) CreateProduct(ctx context.Context, p core.Principal, f ProductForm) (*catalogdb.ProductRow, error) {
	m, err := f.product()
	if err != nil {
		return nil, err
	}
	if err := s.checkImage(p.CompanyID, m.Image); err != nil {
		return nil, err
	}
	var out *catalogdb.ProductRow
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if err := productRefs(tx, p.CompanyID, &f, m); err != nil {
			return err
		}
		if err := skuFree(tx, p.CompanyID, m.SKU, 0); err != nil {
			return err
		}
		now := s.now.Stamp()
		m.CompanyID, m.CreatedAt, m.UpdatedAt = p.CompanyID, now, now
		if err := catalogdb.CreateLocalProduct(tx, m); err != nil {
			return core.DuplicateAs(err, MsgSKUTaken(m.SKU))
		}
		if err := catalogdb.CreateProductCosts(tx, s.firstCosts(p, []*catalogdb.LocalProduct{m}, now)); err != nil {
			return err
		}
		out, err = catalogdb.LocalProductByID(tx, p.CompanyID, p.UserID, m.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateProduct changes one of the company's products; its SKU must stay unique in the company. A picture it
// no longer shows is deleted.
func (s *Service) UpdateProduct(ctx context.Context, p core.Principal, id string, f ProductForm) (*catalogdb.ProductRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatProduct)
	}
	m, err := f.product()
	if err != nil {
		return nil, err
	}
	var out *catalogdb.ProductRow
	var oldImage string
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		old, err := catalogdb.LockLocalProduct(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatProduct)
		}
		if !f.ofScreen(old.Kind) {
			return core.NotFound(whatProduct)
		}
		// The picture it has may stay as it is; a new one must be one of the company's uploads.
		if m.Image != old.Image {
			if err := s.checkImage(p.CompanyID, m.Image); err != nil {
				return err
			}
		}
		if err := productRefs(tx, p.CompanyID, &f, m); err != nil {
			return err
		}
		if err := skuFree(tx, p.CompanyID, m.SKU, n); err != nil {
			return err
		}
		oldImage = old.Image
		m.ID, m.CompanyID, m.UpdatedAt = n, p.CompanyID, s.now.Stamp()
		if err := core.DuplicateAs(catalogdb.UpdateLocalProduct(tx, m), MsgSKUTaken(m.SKU)); err != nil {
			return err
		}
		if err := s.priceChanged(tx, p, old, m.Price); err != nil {
			return err
		}
		out, err = catalogdb.LocalProductByID(tx, p.CompanyID, p.UserID, n)
		return err
	})
	if err != nil {
		return nil, err
	}
	if oldImage != m.Image {
		s.uploads.Remove(p.CompanyID, oldImage)
	}
	return out, nil
}

func (s *Service) checkImage(companyID int64, address string) error {
	if address != "" && !s.uploads.Stored(companyID, address) {
		return core.Invalid(MsgProductImageBad)
	}
	return nil
}

// SetProductDisabled disables (停用) or enables (启用) one of the company's products. A disabled product stays in
// the list and in what already uses it; pickers no longer offer it.
func (s *Service) SetProductDisabled(ctx context.Context, p core.Principal, id string, disabled bool) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatProduct)
	}
	return core.NotFoundAs(catalogdb.SetLocalProductDisabled(s.db.With(ctx), p.CompanyID, n, disabled, s.now.Stamp()), whatProduct)
}

// SetKindDisabled disables or enables one of the company's products of the kind, as the kind's screen does: a
// product of another kind is not found there.
func (s *Service) SetKindDisabled(ctx context.Context, p core.Principal, kind int, id string, disabled bool) error {
	m, err := s.Product(ctx, p, id)
	if err != nil {
		return err
	}
	if m.Kind != kind {
		return core.NotFound(whatProduct)
	}
	return s.SetProductDisabled(ctx, p, id, disabled)
}

// productUseRefusals says why a product in use is not deleted.
var productUseRefusals = map[catalogdb.ProductUse]string{
	catalogdb.ProductHasStock: MsgProductHasStock, catalogdb.ProductHasDocuments: MsgProductHasDocs,
	catalogdb.ProductHasPlans: MsgProductHasPlans, catalogdb.ProductHasShipments: MsgProductHasShipment,
	catalogdb.ProductHasPacking: MsgProductHasPacking,
}

// DeleteProduct deletes one of the company's products, refused while it has stock, stock documents, shipment
// plans or shipments. Its listings become unpaired, and its picture is deleted.
func (s *Service) DeleteProduct(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatProduct)
	}
	var image string
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		m, err := catalogdb.LockLocalProduct(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatProduct)
		}
		use, err := catalogdb.LocalProductUse(tx, p.CompanyID, n)
		if err != nil {
			return err
		}
		if use != catalogdb.ProductUnused {
			return core.Refused(productUseRefusals[use])
		}
		image = m.Image
		return core.NotFoundAs(catalogdb.DeleteLocalProduct(tx, p.CompanyID, n), whatProduct)
	})
	if err == nil {
		s.uploads.Remove(p.CompanyID, image)
	}
	return err
}

// SaveProductImage stores a product picture read from r in the company's folder and answers its address, for
// the product form to save with the product.
func (s *Service) SaveProductImage(_ context.Context, p core.Principal, r io.Reader) (string, error) {
	data, ext, err := core.ReadImage(r)
	if err != nil {
		return "", err
	}
	name, err := s.uploads.Write(p.CompanyID, ext, data)
	if err != nil {
		return "", err
	}
	return core.UploadPrefix + name, nil
}
