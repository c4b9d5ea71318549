package catalog

import (
	"context"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// The product catalogue's reference lists: 品牌, 供应商 and the 分类 tree. None is deleted while a local product
// uses it; the product save locks what it refers to, so the check and the delete see the same products.

// Messages of the brand, supplier and category calls.
const (
	MsgBrandNameTaken        = "品牌名称已存在"
	MsgBrandInUse            = "还有产品使用该品牌，不能删除"
	MsgSupplierNameTaken     = "供应商名称已存在"
	MsgSupplierInUse         = "还有产品使用该供应商，不能删除"
	MsgSupplierHasOrders     = "该供应商有采购单，不能删除"
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

// BrandForm is a brand as the add and edit forms send it.
type BrandForm struct {
	Name   string `json:"name"`
	Remark string `json:"remark"`
}

func (f *BrandForm) check() error {
	return core.CheckFields(core.Required(&f.Name, "品牌名称", 50), core.Optional(&f.Remark, "备注", 200))
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
	return core.CheckFields(core.Required(&f.Name, "供应商名称", 100), core.Optional(&f.Contact, "联系人", 50),
		core.Optional(&f.Phone, "电话", 30), core.Optional(&f.Address, "地址", 200), core.Optional(&f.Remark, "备注", 200))
}

// CategoryForm is a category as the add and edit forms send it: ParentID "" or "0" for the top level.
type CategoryForm struct {
	ParentID string `json:"parentId"`
	Name     string `json:"name"`
	Sort     *int   `json:"sort"`
	Remark   string `json:"remark"`
}

func (f *CategoryForm) check() error {
	if err := core.CheckFields(core.Required(&f.Name, "分类名称", 50), core.Optional(&f.Remark, "备注", 200),
		core.Optional(&f.ParentID, "上级分类", 20)); err != nil {
		return err
	}
	if f.Sort != nil && (*f.Sort < 0 || *f.Sort > categorySort) {
		return core.Invalid(MsgCategorySortBad)
	}
	return nil
}

// BrandPage lists a page of the company's brands, with the total and the page served.
func (s *Service) BrandPage(ctx context.Context, p core.Principal, q core.ListQuery) ([]catalogdb.Brand, int64, core.PageRequest, error) {
	return brands.pageOf(ctx, s.db, p, q)
}

// BrandOptions lists the company's brands by name, for the drop-downs.
func (s *Service) BrandOptions(ctx context.Context, p core.Principal) ([]catalogdb.Brand, error) {
	return brands.optionsOf(ctx, s.db, p)
}

// Brand loads one of the company's brands by the id in the path.
func (s *Service) Brand(ctx context.Context, p core.Principal, id string) (*catalogdb.Brand, error) {
	return brands.get(ctx, s.db, p, id)
}

// CreateBrand adds a brand to the company; its name must be new in the company.
func (s *Service) CreateBrand(ctx context.Context, p core.Principal, f BrandForm) (*catalogdb.Brand, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	return brands.add(ctx, s.db, p, &catalogdb.Brand{CompanyID: p.CompanyID, Name: f.Name, Remark: f.Remark,
		CreatedAt: now, UpdatedAt: now})
}

// UpdateBrand changes one of the company's brands; its name must stay unique in the company.
func (s *Service) UpdateBrand(ctx context.Context, p core.Principal, id string, f BrandForm) (*catalogdb.Brand, error) {
	return brands.change(ctx, s.db, p, id, f.check, func(b *catalogdb.Brand) {
		b.Name, b.Remark, b.UpdatedAt = f.Name, f.Remark, s.now.Stamp()
	})
}

// DeleteBrand deletes one of the company's brands, refused while a product uses it.
func (s *Service) DeleteBrand(ctx context.Context, p core.Principal, id string) error {
	return brands.delete(ctx, s.db, p, id)
}

// SupplierPage lists a page of the company's suppliers, with the total and the page served.
func (s *Service) SupplierPage(ctx context.Context, p core.Principal, q core.ListQuery) ([]catalogdb.Supplier, int64, core.PageRequest, error) {
	return suppliers.pageOf(ctx, s.db, p, q)
}

// SupplierOptions lists the company's suppliers by name, for the drop-downs.
func (s *Service) SupplierOptions(ctx context.Context, p core.Principal) ([]catalogdb.Supplier, error) {
	return suppliers.optionsOf(ctx, s.db, p)
}

// Supplier loads one of the company's suppliers by the id in the path.
func (s *Service) Supplier(ctx context.Context, p core.Principal, id string) (*catalogdb.Supplier, error) {
	return suppliers.get(ctx, s.db, p, id)
}

// CreateSupplier adds a supplier to the company; its name must be new in the company.
func (s *Service) CreateSupplier(ctx context.Context, p core.Principal, f SupplierForm) (*catalogdb.Supplier, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	return suppliers.add(ctx, s.db, p, &catalogdb.Supplier{CompanyID: p.CompanyID, Name: f.Name, Contact: f.Contact,
		Phone: f.Phone, Address: f.Address, Remark: f.Remark, CreatedAt: now, UpdatedAt: now})
}

// UpdateSupplier changes one of the company's suppliers; its name must stay unique in the company.
func (s *Service) UpdateSupplier(ctx context.Context, p core.Principal, id string, f SupplierForm) (*catalogdb.Supplier, error) {
	return suppliers.change(ctx, s.db, p, id, f.check, func(m *catalogdb.Supplier) {
		m.Name, m.Contact, m.Phone, m.Address, m.Remark = f.Name, f.Contact, f.Phone, f.Address, f.Remark
		m.UpdatedAt = s.now.Stamp()
	})
}

// DeleteSupplier deletes one of the company's suppliers, refused while a product uses it.
func (s *Service) DeleteSupplier(ctx context.Context, p core.Principal, id string) error {
	return suppliers.delete(ctx, s.db, p, id)
}

// CategoryNode is a category with its children, in the tree's order.
type CategoryNode struct {
	catalogdb.Category
	Children []*CategoryNode
}

// CategoryTree answers the company's whole category tree, siblings by sort then name.
func (s *Service) CategoryTree(ctx context.Context, p core.Principal) ([]*CategoryNode, error) {
	rows, err := catalogdb.Categories(s.db.With(ctx), p.CompanyID)
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
func (s *Service) Category(ctx context.Context, p core.Principal, id string) (*catalogdb.Category, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatCategory)
	}
	c, err := catalogdb.CategoryByID(s.db.With(ctx), p.CompanyID, n)
	return c, core.NotFoundAs(err, whatCategory)
}

// categoryParent reads the form's parent: 0 for the top level, else one of the company's categories.
func categoryParent(tx *models.DB, companyID int64, raw string) (int64, error) {
	if raw == "" || raw == "0" {
		return 0, nil
	}
	n, ok := core.ParseID(raw)
	if !ok {
		return 0, core.Invalid(MsgCategoryParentMissing)
	}
	if _, err := catalogdb.CategoryByID(tx, companyID, n); models.IsNotFound(err) {
		return 0, core.Invalid(MsgCategoryParentMissing)
	} else if err != nil {
		return 0, err
	}
	return n, nil
}

func categoryNameFree(db *models.DB, companyID, parentID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		c, err := catalogdb.CategoryByName(db, companyID, parentID, name)
		if err != nil {
			return 0, err
		}
		return c.ID, nil
	}, self, MsgCategoryNameTaken)
}

// CreateCategory adds a category at the top level or under one of the company's categories; its name must be
// new among its siblings.
func (s *Service) CreateCategory(ctx context.Context, p core.Principal, f CategoryForm) (*catalogdb.Category, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	var c *catalogdb.Category
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := catalogdb.LockCategories(tx, p.CompanyID); err != nil {
			return err
		}
		parent, err := categoryParent(tx, p.CompanyID, f.ParentID)
		if err != nil {
			return err
		}
		if err := categoryNameFree(tx, p.CompanyID, parent, f.Name, 0); err != nil {
			return err
		}
		now := s.now.Stamp()
		c = &catalogdb.Category{CompanyID: p.CompanyID, ParentID: parent, Name: f.Name, Sort: sortOf(f.Sort),
			Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
		return core.DuplicateAs(catalogdb.CreateCategory(tx, c), MsgCategoryNameTaken)
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
func (s *Service) UpdateCategory(ctx context.Context, p core.Principal, id string, f CategoryForm) (*catalogdb.Category, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatCategory)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var c *catalogdb.Category
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := catalogdb.LockCategories(tx, p.CompanyID); err != nil {
			return err
		}
		var err error
		if c, err = catalogdb.CategoryByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatCategory)
		}
		parent, err := categoryParent(tx, p.CompanyID, f.ParentID)
		if err != nil {
			return err
		}
		if parent != 0 {
			if within, err := catalogdb.CategoryWithin(tx, p.CompanyID, parent, c.ID); err != nil {
				return err
			} else if within {
				return core.Refused(MsgCategoryMoveUnderSelf)
			}
		}
		if err := categoryNameFree(tx, p.CompanyID, parent, f.Name, c.ID); err != nil {
			return err
		}
		c.ParentID, c.Name, c.Sort, c.Remark, c.UpdatedAt = parent, f.Name, sortOf(f.Sort), f.Remark, s.now.Stamp()
		return core.DuplicateAs(catalogdb.UpdateCategory(tx, c), MsgCategoryNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCategory deletes one of the company's categories, refused while it has child categories or a product
// uses it.
func (s *Service) DeleteCategory(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatCategory)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if err := catalogdb.LockCategories(tx, p.CompanyID); err != nil {
			return err
		}
		if _, err := catalogdb.CategoryByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatCategory)
		}
		if children, err := catalogdb.CountChildCategories(tx, p.CompanyID, n); err != nil {
			return err
		} else if children > 0 {
			return core.Refused(MsgCategoryHasChildren)
		}
		if err := refuseInUse(tx, p.CompanyID, catalogdb.ProductCategory, n, MsgCategoryInUse); err != nil {
			return err
		}
		return core.NotFoundAs(catalogdb.DeleteCategory(tx, p.CompanyID, n), whatCategory)
	})
}
