package catalog

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// ProductImage is a product's further picture (2 to 9); picture 1 is LocalProduct.Image.
type ProductImage struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	ProductID int64
	Position  int
	Image     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TableName is the pictures' table.
func (ProductImage) TableName() string { return "local_product_images" }

// BeforeCreate gives a new picture its id.
func (i *ProductImage) BeforeCreate(*gorm.DB) error {
	if i.ID == 0 {
		i.ID = models.NewID()
	}
	return nil
}

// LocalProductsBySKU answers the company's products of the SKUs, by SKU; a SKU of no product is absent.
func LocalProductsBySKU(db *models.DB, companyID int64, skus []string) (map[string]LocalProduct, error) {
	out := map[string]LocalProduct{}
	const chunk = 500 // keeps the IN list well under every database's parameter limit
	for i := 0; i < len(skus); i += chunk {
		var rows []LocalProduct
		err := db.Scopes(models.InCompany("local_products", companyID)).
			Where("local_products.sku IN ?", skus[i:min(i+chunk, len(skus))]).Find(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.SKU] = r
		}
	}
	return out, nil
}

// SetProductImage makes image a product's picture at position (1: its main picture), answering the address it
// replaces ("" none), for the caller to delete its file once the transaction commits. The product is locked.
func SetProductImage(db *models.DB, companyID, productID int64, position int, image string, now time.Time) (string, error) {
	if position == 1 {
		p, err := LockLocalProduct(db, companyID, productID)
		if err != nil {
			return "", err
		}
		err = db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
			Where("local_products.id = ?", productID).Updates(map[string]any{"image": image, "updated_at": now}).Error
		return p.Image, err
	}
	var old []string
	err := db.ForUpdate().Model(&ProductImage{}).Scopes(models.InCompany("local_product_images", companyID)).
		Where("local_product_images.product_id = ? AND local_product_images.position = ?", productID, position).
		Pluck("local_product_images.image", &old).Error
	if err != nil {
		return "", err
	}
	img := ProductImage{CompanyID: companyID, ProductID: productID, Position: position, Image: image, CreatedAt: now, UpdatedAt: now}
	err = db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "product_id"}, {Name: "position"}},
		DoUpdates: clause.AssignmentColumns([]string{"image", "updated_at"})}).Create(&img).Error
	if len(old) == 1 {
		return old[0], err
	}
	return "", err
}

// ProductImages lists a product's further pictures by position.
func ProductImages(db *models.DB, companyID, productID int64) ([]ProductImage, error) {
	rows := []ProductImage{}
	err := db.Scopes(models.InCompany("local_product_images", companyID)).
		Where("local_product_images.product_id = ?", productID).Order("local_product_images.position").Find(&rows).Error
	return rows, err
}
