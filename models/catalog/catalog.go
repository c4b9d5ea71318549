package catalog

import "sellerhub/models"

// The product catalogue's reference lists: brands (品牌), the category tree (分类) and suppliers (供应商). Each is
// the company's own; none is deleted while a local product uses it (the caller counts with CountProductsUsing).

// BrandPage lists a page of the company's brands whose name contains l.Name, with the total.
func BrandPage(db *models.DB, companyID int64, l models.NamedList) ([]Brand, int64, error) {
	rows := []Brand{}
	total, err := models.NamedPage(db, db.Named(&Brand{}, "brands", companyID, l.Name), "brands", l, &rows)
	return rows, total, err
}

// Brands lists the company's brands by name, for the drop-downs.
func Brands(db *models.DB, companyID int64, limit int) ([]Brand, error) {
	rows := []Brand{}
	err := db.Scopes(models.InCompany("brands", companyID)).Order("brands.name, brands.id").Limit(limit).Find(&rows).Error
	return rows, err
}

// BrandByID loads one of the company's brands, or ErrNotFound (also for another company's).
func BrandByID(db *models.DB, companyID, id int64) (*Brand, error) {
	var b Brand
	if err := db.Scopes(models.InCompany("brands", companyID)).First(&b, "brands.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &b, nil
}

// BrandByName loads the company's brand with the name, or ErrNotFound.
func BrandByName(db *models.DB, companyID int64, name string) (*Brand, error) {
	var b Brand
	if err := db.Scopes(models.InCompany("brands", companyID)).First(&b, "brands.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &b, nil
}

// CreateBrand stores a new brand; a name the company already uses is a duplicate-key error.
func CreateBrand(db *models.DB, b *Brand) error { return db.Create(b).Error }

// UpdateBrand writes a brand's name, remark and update time; a brand of another company matches nothing.
func UpdateBrand(db *models.DB, b *Brand) error {
	return db.Model(&Brand{}).Scopes(models.InCompany("brands", b.CompanyID)).Where("brands.id = ?", b.ID).
		Updates(map[string]any{"name": b.Name, "remark": b.Remark, "updated_at": b.UpdatedAt}).Error
}

// DeleteBrand deletes one of the company's brands, or answers ErrNotFound.
func DeleteBrand(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("brands", companyID)).Where("brands.id = ?", id).Delete(&Brand{}))
}

// SupplierPage lists a page of the company's suppliers whose name contains l.Name, with the total.
func SupplierPage(db *models.DB, companyID int64, l models.NamedList) ([]Supplier, int64, error) {
	rows := []Supplier{}
	total, err := models.NamedPage(db, db.Named(&Supplier{}, "suppliers", companyID, l.Name), "suppliers", l, &rows)
	return rows, total, err
}

// Suppliers lists the company's suppliers by name, for the drop-downs.
func Suppliers(db *models.DB, companyID int64, limit int) ([]Supplier, error) {
	rows := []Supplier{}
	err := db.Scopes(models.InCompany("suppliers", companyID)).Order("suppliers.name, suppliers.id").Limit(limit).Find(&rows).Error
	return rows, err
}

// SupplierByID loads one of the company's suppliers, or ErrNotFound (also for another company's).
func SupplierByID(db *models.DB, companyID, id int64) (*Supplier, error) {
	var s Supplier
	if err := db.Scopes(models.InCompany("suppliers", companyID)).First(&s, "suppliers.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// SupplierByName loads the company's supplier with the name, or ErrNotFound.
func SupplierByName(db *models.DB, companyID int64, name string) (*Supplier, error) {
	var s Supplier
	if err := db.Scopes(models.InCompany("suppliers", companyID)).First(&s, "suppliers.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// CreateSupplier stores a new supplier; a name the company already uses is a duplicate-key error.
func CreateSupplier(db *models.DB, s *Supplier) error { return db.Create(s).Error }

// UpdateSupplier writes a supplier's fields and update time; a supplier of another company matches nothing.
func UpdateSupplier(db *models.DB, s *Supplier) error {
	return db.Model(&Supplier{}).Scopes(models.InCompany("suppliers", s.CompanyID)).Where("suppliers.id = ?", s.ID).
		Updates(map[string]any{"name": s.Name, "contact": s.Contact, "phone": s.Phone, "address": s.Address,
			"remark": s.Remark, "updated_at": s.UpdatedAt}).Error
}

// DeleteSupplier deletes one of the company's suppliers, or answers ErrNotFound.
func DeleteSupplier(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("suppliers", companyID)).Where("suppliers.id = ?", id).Delete(&Supplier{}))
}

// Categories lists all the company's categories, siblings by sort then name (the id breaks ties): the caller
// builds the tree.
func Categories(db *models.DB, companyID int64) ([]Category, error) {
	rows := []Category{}
	err := db.Scopes(models.InCompany("categories", companyID)).
		Order("categories.parent_id, categories.sort, categories.name, categories.id").Find(&rows).Error
	return rows, err
}

// CategoryByID loads one of the company's categories, or ErrNotFound (also for another company's).
func CategoryByID(db *models.DB, companyID, id int64) (*Category, error) {
	var c Category
	if err := db.Scopes(models.InCompany("categories", companyID)).First(&c, "categories.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// CategoriesNamed lists the company's categories with the name, wherever they are in the tree (an import names
// a category by name; the caller refuses a name found twice).
func CategoriesNamed(db *models.DB, companyID int64, name string) ([]Category, error) {
	rows := []Category{}
	err := db.Scopes(models.InCompany("categories", companyID)).Where("categories.name = ?", name).Limit(2).Find(&rows).Error
	return rows, err
}

// CategoryByName loads the company's category with the name under parentID (0: the top level), or ErrNotFound.
func CategoryByName(db *models.DB, companyID, parentID int64, name string) (*Category, error) {
	var c Category
	err := db.Scopes(models.InCompany("categories", companyID)).
		First(&c, "categories.parent_id = ? AND categories.name = ?", parentID, name).Error
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// LockCategories locks the company's categories until the transaction ends, so that two moves cannot make a
// cycle between them and no child is added under a category being deleted.
func LockCategories(db *models.DB, companyID int64) error {
	var ids []int64
	return db.ForUpdate().Model(&Category{}).Scopes(models.InCompany("categories", companyID)).Pluck("categories.id", &ids).Error
}

// CategoryWithin tells whether the company's category id is ancestor or one of its descendants (the category
// itself counts), walking up from id.
func CategoryWithin(db *models.DB, companyID, id, ancestor int64) (bool, error) {
	var n int64
	err := db.Raw(`WITH RECURSIVE up (id, parent_id) AS (
    SELECT id, parent_id FROM categories WHERE company_id = ? AND id = ?
    UNION ALL
    SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id WHERE c.company_id = ?
)
SELECT COUNT(*) FROM up WHERE id = ?`, companyID, id, companyID, ancestor).Scan(&n).Error
	return n > 0, err
}

// CreateCategory stores a new category; a name its siblings already use is a duplicate-key error.
func CreateCategory(db *models.DB, c *Category) error { return db.Create(c).Error }

// UpdateCategory writes a category's parent, name, sort, remark and update time.
func UpdateCategory(db *models.DB, c *Category) error {
	return db.Model(&Category{}).Scopes(models.InCompany("categories", c.CompanyID)).Where("categories.id = ?", c.ID).
		Updates(map[string]any{"parent_id": c.ParentID, "name": c.Name, "sort": c.Sort, "remark": c.Remark,
			"updated_at": c.UpdatedAt}).Error
}

// DeleteCategory deletes one of the company's categories, or answers ErrNotFound.
func DeleteCategory(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("categories", companyID)).Where("categories.id = ?", id).Delete(&Category{}))
}

// CountChildCategories counts the company's categories directly under parentID.
func CountChildCategories(db *models.DB, companyID, parentID int64) (int64, error) {
	var n int64
	err := db.Model(&Category{}).Scopes(models.InCompany("categories", companyID)).
		Where("categories.parent_id = ?", parentID).Count(&n).Error
	return n, err
}

// Reference columns of local_products, for CountProductsUsing.
const (
	ProductBrand    = "brand_id"
	ProductCategory = "category_id"
	ProductSupplier = "supplier_id"
)

// CountProductsUsing counts the company's local products whose column (ProductBrand, ProductCategory or
// ProductSupplier) is id.
func CountProductsUsing(db *models.DB, companyID int64, column string, id int64) (int64, error) {
	var n int64
	err := db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
		Where(gormColumn("local_products", column)+" = ?", id).Count(&n).Error
	return n, err
}

// CountSupplierOrders counts the company's purchase orders of a supplier (which keep it from being deleted).
func CountSupplierOrders(db *models.DB, companyID, supplierID int64) (int64, error) {
	var n int64
	err := db.Table("purchase_orders").Where("company_id = ? AND supplier_id = ?", companyID, supplierID).Count(&n).Error
	return n, err
}

// gormColumn qualifies one of the reference columns; anything else is a programming error.
func gormColumn(table, column string) string {
	switch column {
	case ProductBrand, ProductCategory, ProductSupplier:
		return table + "." + column
	}
	panic("models: not a product reference column: " + column)
}
