package catalog

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// PackingLine is one line of a product's packing (包材用量): how many units of MaterialID, a product of the
// 物料, 耗材 or 包材 kind, one unit of ProductID takes, or one carton of it when PerCarton.
type PackingLine struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	ProductID  int64
	MaterialID int64
	Quantity   int
	PerCarton  bool
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TableName is the table of the products' packing.
func (PackingLine) TableName() string { return "product_packings" }

// BeforeCreate gives a new line its id.
func (l *PackingLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// PackingLineRow is a packing line with its material's SKU, name, image and kind.
type PackingLineRow struct {
	PackingLine `gorm:"embedded"`
	SKU         string `gorm:"column:sku"`
	Name        string
	Image       string
	Kind        int
}

// PackingOf lists the packing of the company's products, per product the per-unit lines first, then by SKU.
func PackingOf(db *models.DB, companyID int64, productIDs []int64) ([]PackingLineRow, error) {
	rows := []PackingLineRow{}
	if len(productIDs) == 0 {
		return rows, nil
	}
	err := db.Table("product_packings").Scopes(models.InCompany("product_packings", companyID)).
		Select("product_packings.*, local_products.sku, local_products.name, local_products.image, local_products.kind").
		Joins("JOIN local_products ON local_products.id = product_packings.material_id").
		Where("product_packings.product_id IN ?", productIDs).
		Order("product_packings.product_id, product_packings.per_carton, local_products.sku").Find(&rows).Error
	return rows, err
}

// ReplacePacking replaces the product's packing with lines.
func ReplacePacking(db *models.DB, companyID, productID int64, lines []PackingLine) error {
	if err := db.Where("company_id = ? AND product_id = ?", companyID, productID).Delete(&PackingLine{}).Error; err != nil {
		return err
	}
	if len(lines) == 0 {
		return nil
	}
	for i := range lines {
		lines[i].CompanyID, lines[i].ProductID = companyID, productID
	}
	return db.Create(&lines).Error
}

// ProductKinds answers the kind of each of the company's products among ids; another company's are absent.
func ProductKinds(db *models.DB, companyID int64, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   int64
		Kind int
	}
	err := db.Table("local_products").Scopes(models.InCompany("local_products", companyID)).
		Select("local_products.id, local_products.kind").Where("local_products.id IN ?", ids).Find(&rows).Error
	for _, r := range rows {
		out[r.ID] = r.Kind
	}
	return out, err
}

// CartonUnitsOf answers the 单箱数量 of each of the company's products among ids that has one.
func CartonUnitsOf(db *models.DB, companyID int64, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID          int64
		CartonUnits *int
	}
	err := db.Table("local_products").Scopes(models.InCompany("local_products", companyID)).
		Select("local_products.id, local_products.carton_units").Where("local_products.id IN ?", ids).Find(&rows).Error
	for _, r := range rows {
		if r.CartonUnits != nil && *r.CartonUnits > 0 {
			out[r.ID] = *r.CartonUnits
		}
	}
	return out, err
}

// SearchPackingMaterials finds up to limit of the company's enabled 物料, 耗材 and 包材 whose SKU or name holds
// keyword, by SKU, for the packing's picker.
func SearchPackingMaterials(db *models.DB, companyID int64, keyword string, limit int) ([]LocalProduct, error) {
	rows := []LocalProduct{}
	q := db.Scopes(models.InCompany("local_products", companyID)).
		Where("local_products.kind <> ? AND local_products.disabled = ?", ProductKindProduct, false)
	if keyword != "" {
		like := models.ContainsPattern(keyword)
		q = q.Where("(local_products.sku LIKE ? ESCAPE '"+models.LikeEscape+"' OR local_products.name LIKE ? ESCAPE '"+models.LikeEscape+"')", like, like)
	}
	err := q.Order("local_products.sku, local_products.id").Limit(limit).Find(&rows).Error
	return rows, err
}
