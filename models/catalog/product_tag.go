package catalog

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// ProductTag puts one of the company's tags (the 标签 admin's) on a local product (00128_product_tags.sql).
type ProductTag struct {
	CompanyID int64
	ProductID int64 `gorm:"primaryKey;autoIncrement:false"`
	TagID     int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

// TagRef is a tag as a product shows it: its id, name, colour and group.
type TagRef struct {
	ProductID int64  `json:"-"`
	ID        int64  `json:"-"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	GroupName string `json:"groupName"`
}

// TagsOfProducts reads the tags of the company's products, by product, each product's by group and name.
func TagsOfProducts(db *models.DB, companyID int64, productIDs []int64) (map[int64][]TagRef, error) {
	out := map[int64][]TagRef{}
	if len(productIDs) == 0 {
		return out, nil
	}
	var rows []TagRef
	err := db.Table("product_tags").Scopes(models.InCompany("product_tags", companyID)).
		Select("product_tags.product_id, tags.id, tags.name, tags.color, tag_groups.name AS group_name").
		Joins("JOIN tags ON tags.id = product_tags.tag_id").Joins("JOIN tag_groups ON tag_groups.id = tags.group_id").
		Where("product_tags.product_id IN ?", productIDs).Order("tag_groups.name, tags.name, tags.id").Find(&rows).Error
	for _, r := range rows {
		out[r.ProductID] = append(out[r.ProductID], r)
	}
	return out, err
}

// CompanyProductIDs keeps of ids those that are the company's products.
func CompanyProductIDs(db *models.DB, companyID int64, ids []int64) ([]int64, error) {
	var out []int64
	err := db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
		Where("local_products.id IN ?", ids).Pluck("local_products.id", &out).Error
	return out, err
}

// TagProducts puts the tags on the products (a tag a product has stays as it is), or with remove takes them off;
// either way the products' update time moves, so that the product list's kept anchors are read afresh.
func TagProducts(db *models.DB, companyID int64, productIDs, tagIDs []int64, remove bool, now time.Time) error {
	if remove {
		err := db.Scopes(models.InCompany("product_tags", companyID)).
			Where("product_tags.product_id IN ? AND product_tags.tag_id IN ?", productIDs, tagIDs).Delete(&ProductTag{}).Error
		if err != nil {
			return err
		}
	} else {
		rows := make([]ProductTag, 0, len(productIDs)*len(tagIDs))
		for _, p := range productIDs {
			for _, t := range tagIDs {
				rows = append(rows, ProductTag{CompanyID: companyID, ProductID: p, TagID: t, CreatedAt: now})
			}
		}
		if err := db.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 500).Error; err != nil {
			return err
		}
	}
	return db.Model(&LocalProduct{}).Scopes(models.InCompany("local_products", companyID)).
		Where("local_products.id IN ?", productIDs).Update("updated_at", now).Error
}

// TagProductCounts counts the company's products carrying each tag.
func TagProductCounts(db *models.DB, companyID int64) (map[int64]int64, error) {
	var rows []struct {
		TagID int64
		N     int64
	}
	err := db.Table("product_tags").Scopes(models.InCompany("product_tags", companyID)).
		Select("tag_id, COUNT(*) AS n").Group("tag_id").Find(&rows).Error
	out := make(map[int64]int64, len(rows))
	for _, r := range rows {
		out[r.TagID] = r.N
	}
	return out, err
}

// withTags narrows a query of local_products to those carrying any of the tags.
func withTags(q *gorm.DB, tagIDs []int64) *gorm.DB {
	return q.Where("EXISTS (SELECT 1 FROM product_tags WHERE product_tags.product_id = local_products.id AND product_tags.tag_id IN ?)", tagIDs)
}

// CompanyTags lists up to limit of the company's tags by group and name, for 本地产品's tag filter and bulk tagging.
func CompanyTags(db *models.DB, companyID int64, limit int) ([]TagRef, error) {
	rows := []TagRef{}
	err := db.Table("tags").Scopes(models.InCompany("tags", companyID)).
		Select("tags.id, tags.name, tags.color, tag_groups.name AS group_name").
		Joins("JOIN tag_groups ON tag_groups.id = tags.group_id").Order("tag_groups.name, tags.name, tags.id").Limit(limit).Find(&rows).Error
	return rows, err
}
