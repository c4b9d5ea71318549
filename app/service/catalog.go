package service

import (
	"context"

	"sellerhub/models"
)

// The product catalogue's reference lists: 品牌, 供应商 and the 分类 tree. None is deleted while a local product
// uses it; the product save locks what it refers to, so the check and the delete see the same products.

// Messages of the brand, supplier and category calls.
const (
	MsgBrandNameTaken        = "品牌名称已存在"
	MsgBrandInUse            = "还有产品使用该品牌，不能删除"
	MsgSupplierNameTaken     = "供应商名称已存在"
	MsgSupplierInUse         = "还有产品使用该供应商，不能删除"
	MsgCategoryNameTaken     = "同级分类名称已存在"
	MsgCategoryParentMissing = "上级分类不存在"
	MsgCategoryMoveUnderSelf = "不能移动到自己或下级分类"
	MsgCategoryHasChildren   = "请先删除下级分类"
	MsgCategoryInUse         = "还有产品使用该分类，不能删除"
	MsgCategorySortBad       = "排序必须是0到999999之间的整数"
)

// Button permissions of the 品牌, 分类 and 供应商 screens. Reading needs a session only: the product screens
// offer them in their drop-downs.
const (
	PermissionBrandAdd       = "erp:brand:add"
	PermissionBrandEdit      = "erp:brand:edit"
	PermissionBrandDelete    = "erp:brand:delete"
	PermissionCategoryAdd    = "erp:category:add"
	PermissionCategoryEdit   = "erp:category:edit"
	PermissionCategoryDelete = "erp:category:delete"
	PermissionSupplierAdd    = "erp:supplier:add"
	PermissionSupplierEdit   = "erp:supplier:edit"
	PermissionSupplierDelete = "erp:supplier:delete"
)

const (
	whatBrand    = "品牌"
	whatSupplier = "供应商"
	whatCategory = "分类"
	categorySort = 999999
	// catalogOptionsLimit bounds a drop-down: nobody picks from more brands or suppliers than this.
	catalogOptionsLimit = 1000
)

var (
	brandSorts    = map[string]string{"name": "name", "createdAt": "created_at"}
	supplierSorts = map[string]string{"name": "name", "contact": "contact", "createdAt": "created_at"}
)

// BrandForm is a brand as the add and edit forms send it.
type BrandForm struct {
	Name   string `json:"name"`
	Remark string `json:"remark"`
}

func (f *BrandForm) check() error {
	return checkFields(field{&f.Name, "品牌名称", 50, true}, field{&f.Remark, "备注", 200, false})
}

// SupplierForm is a supplier as the add and edit forms send it.
type SupplierForm struct {
	Name    string `json:"name"`
	Contact string `json:"contact"`
	Phone   string `json:"phone"`
	Address string `json:"address"`
	Remark  string `json:"remark"`
}

func (f *SupplierForm) check() error {
	return checkFields(field{&f.Name, "供应商名称", 100, true}, field{&f.Contact, "联系人", 50, false},
		field{&f.Phone, "电话", 30, false}, field{&f.Address, "地址", 200, false}, field{&f.Remark, "备注", 200, false})
}

// CategoryForm is a category as the add and edit forms send it: ParentID "" or "0" for the top level.
type CategoryForm struct {
	ParentID string `json:"parentId"`
	Name     string `json:"name"`
	Sort     *int   `json:"sort"`
	Remark   string `json:"remark"`
}

func (f *CategoryForm) check() error {
	if err := checkFields(field{&f.Name, "分类名称", 50, true}, field{&f.Remark, "备注", 200, false},
		field{&f.ParentID, "上级分类", 20, false}); err != nil {
		return err
	}
	if f.Sort != nil && (*f.Sort < 0 || *f.Sort > categorySort) {
		return Invalid(MsgCategorySortBad)
	}
	return nil
}

// BrandPage lists a page of the company's brands, with the total and the page served.
func (s *Service) BrandPage(ctx context.Context, p Principal, q ListQuery) ([]models.Brand, int64, PageRequest, error) {
	l, r := q.namedList(brandSorts)
	rows, total, err := s.db.With(ctx).BrandPage(p.CompanyID, l)
	return rows, total, r, err
}

// BrandOptions lists the company's brands by name, for the drop-downs.
func (s *Service) BrandOptions(ctx context.Context, p Principal) ([]models.Brand, error) {
	return s.db.With(ctx).Brands(p.CompanyID, catalogOptionsLimit)
}

// Brand loads one of the company's brands by the id in the path.
func (s *Service) Brand(ctx context.Context, p Principal, id string) (*models.Brand, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatBrand)
	}
	b, err := s.db.With(ctx).BrandByID(p.CompanyID, n)
	return b, notFoundAs(err, whatBrand)
}

func brandNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return nameFree(func() (int64, error) {
		b, err := db.BrandByName(companyID, name)
		if err != nil {
			return 0, err
		}
		return b.ID, nil
	}, self, MsgBrandNameTaken)
}

// CreateBrand adds a brand to the company; its name must be new in the company.
func (s *Service) CreateBrand(ctx context.Context, p Principal, f BrandForm) (*models.Brand, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	if err := brandNameFree(db, p.CompanyID, f.Name, 0); err != nil {
		return nil, err
	}
	now := s.stamp()
	b := &models.Brand{CompanyID: p.CompanyID, Name: f.Name, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateBrand(b); err != nil {
		return nil, duplicateAs(err, MsgBrandNameTaken)
	}
	return b, nil
}

// UpdateBrand changes one of the company's brands; its name must stay unique in the company.
func (s *Service) UpdateBrand(ctx context.Context, p Principal, id string, f BrandForm) (*models.Brand, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatBrand)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var b *models.Brand
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if b, err = tx.BrandByID(p.CompanyID, n); err != nil {
			return notFoundAs(err, whatBrand)
		}
		if err := brandNameFree(tx, p.CompanyID, f.Name, b.ID); err != nil {
			return err
		}
		b.Name, b.Remark, b.UpdatedAt = f.Name, f.Remark, s.stamp()
		return duplicateAs(tx.UpdateBrand(b), MsgBrandNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// DeleteBrand deletes one of the company's brands, refused while a product uses it.
func (s *Service) DeleteBrand(ctx context.Context, p Principal, id string) error {
	n, ok := parseID(id)
	if !ok {
		return NotFound(whatBrand)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if _, err := tx.ForUpdate().BrandByID(p.CompanyID, n); err != nil {
			return notFoundAs(err, whatBrand)
		}
		if err := refuseInUse(tx, p.CompanyID, models.ProductBrand, n, MsgBrandInUse); err != nil {
			return err
		}
		return notFoundAs(tx.DeleteBrand(p.CompanyID, n), whatBrand)
	})
}

// refuseInUse refuses with msg when a product of the company refers to id in column.
func refuseInUse(tx *models.DB, companyID int64, column string, id int64, msg string) error {
	n, err := tx.CountProductsUsing(companyID, column, id)
	if err != nil {
		return err
	}
	if n > 0 {
		return Refused(msg)
	}
	return nil
}

// SupplierPage lists a page of the company's suppliers, with the total and the page served.
func (s *Service) SupplierPage(ctx context.Context, p Principal, q ListQuery) ([]models.Supplier, int64, PageRequest, error) {
	l, r := q.namedList(supplierSorts)
	rows, total, err := s.db.With(ctx).SupplierPage(p.CompanyID, l)
	return rows, total, r, err
}

// SupplierOptions lists the company's suppliers by name, for the drop-downs.
func (s *Service) SupplierOptions(ctx context.Context, p Principal) ([]models.Supplier, error) {
	return s.db.With(ctx).Suppliers(p.CompanyID, catalogOptionsLimit)
}

// Supplier loads one of the company's suppliers by the id in the path.
func (s *Service) Supplier(ctx context.Context, p Principal, id string) (*models.Supplier, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatSupplier)
	}
	m, err := s.db.With(ctx).SupplierByID(p.CompanyID, n)
	return m, notFoundAs(err, whatSupplier)
}

func supplierNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return nameFree(func() (int64, error) {
		m, err := db.SupplierByName(companyID, name)
		if err != nil {
			return 0, err
		}
		return m.ID, nil
	}, self, MsgSupplierNameTaken)
}

// CreateSupplier adds a supplier to the company; its name must be new in the company.
func (s *Service) CreateSupplier(ctx context.Context, p Principal, f SupplierForm) (*models.Supplier, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	if err := supplierNameFree(db, p.CompanyID, f.Name, 0); err != nil {
		return nil, err
	}
	now := s.stamp()
	m := &models.Supplier{CompanyID: p.CompanyID, Name: f.Name, Contact: f.Contact, Phone: f.Phone,
		Address: f.Address, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateSupplier(m); err != nil {
		return nil, duplicateAs(err, MsgSupplierNameTaken)
	}
	return m, nil
}

// UpdateSupplier changes one of the company's suppliers; its name must stay unique in the company.
func (s *Service) UpdateSupplier(ctx context.Context, p Principal, id string, f SupplierForm) (*models.Supplier, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatSupplier)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var m *models.Supplier
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if m, err = tx.SupplierByID(p.CompanyID, n); err != nil {
			return notFoundAs(err, whatSupplier)
		}
		if err := supplierNameFree(tx, p.CompanyID, f.Name, m.ID); err != nil {
			return err
		}
		m.Name, m.Contact, m.Phone, m.Address, m.Remark, m.UpdatedAt = f.Name, f.Contact, f.Phone, f.Address, f.Remark, s.stamp()
		return duplicateAs(tx.UpdateSupplier(m), MsgSupplierNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// DeleteSupplier deletes one of the company's suppliers, refused while a product uses it.
func (s *Service) DeleteSupplier(ctx context.Context, p Principal, id string) error {
	n, ok := parseID(id)
	if !ok {
		return NotFound(whatSupplier)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if _, err := tx.ForUpdate().SupplierByID(p.CompanyID, n); err != nil {
			return notFoundAs(err, whatSupplier)
		}
		if err := refuseInUse(tx, p.CompanyID, models.ProductSupplier, n, MsgSupplierInUse); err != nil {
			return err
		}
		return notFoundAs(tx.DeleteSupplier(p.CompanyID, n), whatSupplier)
	})
}

// CategoryNode is a category with its children, in the tree's order.
type CategoryNode struct {
	models.Category
	Children []*CategoryNode
}

// CategoryTree answers the company's whole category tree, siblings by sort then name.
func (s *Service) CategoryTree(ctx context.Context, p Principal) ([]*CategoryNode, error) {
	rows, err := s.db.With(ctx).Categories(p.CompanyID)
	if err != nil {
		return nil, err
	}
	nodes := make(map[int64]*CategoryNode, len(rows))
	for _, c := range rows {
		nodes[c.ID] = &CategoryNode{Category: c, Children: []*CategoryNode{}}
	}
	top := []*CategoryNode{}
	for _, c := range rows {
		n := nodes[c.ID]
		if parent, ok := nodes[c.ParentID]; ok {
			parent.Children = append(parent.Children, n)
		} else {
			top = append(top, n)
		}
	}
	return top, nil
}

// Category loads one of the company's categories by the id in the path.
func (s *Service) Category(ctx context.Context, p Principal, id string) (*models.Category, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatCategory)
	}
	c, err := s.db.With(ctx).CategoryByID(p.CompanyID, n)
	return c, notFoundAs(err, whatCategory)
}

// categoryParent reads the form's parent: 0 for the top level, else one of the company's categories.
func categoryParent(tx *models.DB, companyID int64, raw string) (int64, error) {
	if raw == "" || raw == "0" {
		return 0, nil
	}
	n, ok := parseID(raw)
	if !ok {
		return 0, Invalid(MsgCategoryParentMissing)
	}
	if _, err := tx.CategoryByID(companyID, n); models.IsNotFound(err) {
		return 0, Invalid(MsgCategoryParentMissing)
	} else if err != nil {
		return 0, err
	}
	return n, nil
}

func categoryNameFree(db *models.DB, companyID, parentID int64, name string, self int64) error {
	return nameFree(func() (int64, error) {
		c, err := db.CategoryByName(companyID, parentID, name)
		if err != nil {
			return 0, err
		}
		return c.ID, nil
	}, self, MsgCategoryNameTaken)
}

// CreateCategory adds a category at the top level or under one of the company's categories; its name must be
// new among its siblings.
func (s *Service) CreateCategory(ctx context.Context, p Principal, f CategoryForm) (*models.Category, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	var c *models.Category
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := tx.LockCategories(p.CompanyID); err != nil {
			return err
		}
		parent, err := categoryParent(tx, p.CompanyID, f.ParentID)
		if err != nil {
			return err
		}
		if err := categoryNameFree(tx, p.CompanyID, parent, f.Name, 0); err != nil {
			return err
		}
		now := s.stamp()
		c = &models.Category{CompanyID: p.CompanyID, ParentID: parent, Name: f.Name, Sort: sortOf(f.Sort),
			Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
		return duplicateAs(tx.CreateCategory(c), MsgCategoryNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

func sortOf(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// UpdateCategory renames, re-sorts or moves one of the company's categories, never under itself or one of its
// descendants; its name must stay unique among its (new) siblings.
func (s *Service) UpdateCategory(ctx context.Context, p Principal, id string, f CategoryForm) (*models.Category, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatCategory)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var c *models.Category
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := tx.LockCategories(p.CompanyID); err != nil {
			return err
		}
		var err error
		if c, err = tx.CategoryByID(p.CompanyID, n); err != nil {
			return notFoundAs(err, whatCategory)
		}
		parent, err := categoryParent(tx, p.CompanyID, f.ParentID)
		if err != nil {
			return err
		}
		if parent != 0 {
			if within, err := tx.CategoryWithin(p.CompanyID, parent, c.ID); err != nil {
				return err
			} else if within {
				return Refused(MsgCategoryMoveUnderSelf)
			}
		}
		if err := categoryNameFree(tx, p.CompanyID, parent, f.Name, c.ID); err != nil {
			return err
		}
		c.ParentID, c.Name, c.Sort, c.Remark, c.UpdatedAt = parent, f.Name, sortOf(f.Sort), f.Remark, s.stamp()
		return duplicateAs(tx.UpdateCategory(c), MsgCategoryNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCategory deletes one of the company's categories, refused while it has child categories or a product
// uses it.
func (s *Service) DeleteCategory(ctx context.Context, p Principal, id string) error {
	n, ok := parseID(id)
	if !ok {
		return NotFound(whatCategory)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if err := tx.LockCategories(p.CompanyID); err != nil {
			return err
		}
		if _, err := tx.CategoryByID(p.CompanyID, n); err != nil {
			return notFoundAs(err, whatCategory)
		}
		if children, err := tx.CountChildCategories(p.CompanyID, n); err != nil {
			return err
		} else if children > 0 {
			return Refused(MsgCategoryHasChildren)
		}
		if err := refuseInUse(tx, p.CompanyID, models.ProductCategory, n, MsgCategoryInUse); err != nil {
			return err
		}
		return notFoundAs(tx.DeleteCategory(p.CompanyID, n), whatCategory)
	})
}
