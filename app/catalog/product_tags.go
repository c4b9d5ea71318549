package catalog

import (
	"context"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// 产品标签: the 标签 admin's tags (colour and group) put on local products, several a product, in bulk from 本地产品,
// which filters by them too; the 产品标签 screen is the tag admin with each tag's count of products.

// Messages of product tags.
const (
	MsgTagProductsNone    = "请选择产品"
	MsgTagProductsTags    = "请选择标签"
	MsgTagProductsTooMany = "一次最多给10000个产品打标签"
	MsgTagProductsGone    = "标签不存在，请刷新后重试"
	tagProductsLimit      = 10000
)

// ProductTags puts tags on products and counts them (its own type: the catalogue's Service is full).
type ProductTags struct {
	db  *models.DB
	now core.Clock
}

// NewProductTags builds the product tags.
func NewProductTags(db *models.DB, now core.Clock) *ProductTags {
	return &ProductTags{db: db, now: now}
}

// TagProductsForm puts tags on products, or with Remove takes them off.
type TagProductsForm struct {
	IDs    []string `json:"ids"`
	TagIDs []string `json:"tagIds"`
	Remove bool     `json:"remove"`
}

// TagProductsResult is how many products the change touched.
type TagProductsResult struct {
	Products int `json:"products"`
}

func parseIDs(raw []string) []int64 {
	seen, out := map[int64]bool{}, make([]int64, 0, len(raw))
	for _, r := range raw {
		if n, ok := core.ParseID(r); ok && !seen[n] {
			seen[n], out = true, append(out, n)
		}
	}
	return out
}

// TagProducts puts the tags on the company's products (or takes them off): every product and tag the company's, or
// nothing changes.
func (s *ProductTags) TagProducts(ctx context.Context, p core.Principal, f TagProductsForm) (TagProductsResult, error) {
	ids, tags := parseIDs(f.IDs), parseIDs(f.TagIDs)
	switch {
	case len(ids) == 0:
		return TagProductsResult{}, core.Invalid(MsgTagProductsNone)
	case len(tags) == 0:
		return TagProductsResult{}, core.Invalid(MsgTagProductsTags)
	case len(ids) > tagProductsLimit:
		return TagProductsResult{}, core.Invalid(MsgTagProductsTooMany)
	}
	var out TagProductsResult
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var n int64
		if err := tx.Table("tags").Scopes(models.InCompany("tags", p.CompanyID)).Where("tags.id IN ?", tags).Count(&n).Error; err != nil {
			return err
		}
		if int(n) != len(tags) {
			return core.Invalid(MsgTagProductsGone)
		}
		mine, err := catalogdb.CompanyProductIDs(tx, p.CompanyID, ids)
		if err != nil {
			return err
		}
		if len(mine) != len(ids) {
			return core.NotFound(whatProduct)
		}
		out.Products = len(mine)
		return catalogdb.TagProducts(tx, p.CompanyID, mine, tags, f.Remove, s.now.Stamp())
	})
	return out, err
}

// withTags reads the tags of a page's products into them.
func withTags(ctx context.Context, db *models.DB, p core.Principal, rows []catalogdb.ProductRow) error {
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	tags, err := catalogdb.TagsOfProducts(db.With(ctx), p.CompanyID, ids)
	for i := range rows {
		rows[i].Tags = tags[rows[i].ID]
		if rows[i].Tags == nil {
			rows[i].Tags = []catalogdb.TagRef{}
		}
	}
	return err
}

// TagProductCounts counts the company's products carrying each tag, by tag id.
func (s *ProductTags) TagProductCounts(ctx context.Context, p core.Principal) (map[int64]int64, error) {
	return catalogdb.TagProductCounts(s.db.With(ctx), p.CompanyID)
}

// tagOptionsLimit bounds the tag drop-downs: nobody picks from more tags than this.
const tagOptionsLimit = 1000

// TagOptions lists the company's tags for 本地产品's filter and bulk tagging.
func (s *ProductTags) TagOptions(ctx context.Context, p core.Principal) ([]catalogdb.TagRef, error) {
	return catalogdb.CompanyTags(s.db.With(ctx), p.CompanyID, tagOptionsLimit)
}
