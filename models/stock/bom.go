package stock

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// BOMLine is one component of a product's bill of materials (物料清单): how many units of ComponentID one unit of
// ProductID takes.
type BOMLine struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	ProductID   int64
	ComponentID int64
	Quantity    int
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// TableName is the table of the bills of materials.
func (BOMLine) TableName() string { return "product_boms" }

// BeforeCreate gives a new line its id.
func (l *BOMLine) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// BOMLineRow is a component with its SKU, name, image and kind.
type BOMLineRow struct {
	BOMLine `gorm:"embedded"`
	SKU     string `gorm:"column:sku"`
	Name    string
	Image   string
	Kind    int
}

// BOMLines lists the company's product's components by SKU.
func BOMLines(db *models.DB, companyID, productID int64) ([]BOMLineRow, error) {
	rows := []BOMLineRow{}
	err := db.Table("product_boms").Scopes(models.InCompany("product_boms", companyID)).
		Select("product_boms.*, local_products.sku, local_products.name, local_products.image, local_products.kind").
		Joins("JOIN local_products ON local_products.id = product_boms.component_id").
		Where("product_boms.product_id = ?", productID).Order("local_products.sku").Find(&rows).Error
	return rows, err
}

// ReplaceBOM replaces the product's components.
func ReplaceBOM(db *models.DB, companyID, productID int64, lines []BOMLine) error {
	if err := db.Where("company_id = ? AND product_id = ?", companyID, productID).Delete(&BOMLine{}).Error; err != nil {
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

// BOMRow is a product that has a bill of materials, with how many components it names and their SKUs.
type BOMRow struct {
	ProductID  int64
	SKU        string `gorm:"column:sku"`
	Name       string
	Image      string
	Components int
}

// BOMPage lists a page of the company's products that have a bill of materials, by SKU, whose SKU or name holds
// keyword, with the total.
func BOMPage(db *models.DB, companyID int64, keyword string, offset, limit int) ([]BOMRow, int64, error) {
	q := db.Table("product_boms").Scopes(models.InCompany("product_boms", companyID)).
		Joins("JOIN local_products ON local_products.id = product_boms.product_id")
	if keyword != "" {
		like := models.ContainsPattern(keyword)
		q = q.Where("(local_products.sku LIKE ? ESCAPE '"+models.LikeEscape+"' OR local_products.name LIKE ? ESCAPE '"+models.LikeEscape+"')", like, like)
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Distinct("product_boms.product_id").Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []BOMRow{}
	err := q.Select("product_boms.product_id, local_products.sku, local_products.name, local_products.image, " +
		"COUNT(*) AS components").
		Group("product_boms.product_id, local_products.sku, local_products.name, local_products.image").
		Order("local_products.sku").Offset(offset).Limit(limit).Scan(&rows).Error
	return rows, total, err
}
