package catalog

import (
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// CatalogItem is what Amazon's catalogue said of an ASIN in a marketplace when the 父ASIN sync last asked: the
// name, brand and MAIN picture link, and the package's measures in kg and cm (invalid when unknown). 生成本地产品
// makes local products from it. 商品列表 shows its ranks (排名): in the display group and in the first
// classification (nil where Amazon ranks it nowhere), with its browse classification; RankedAt is when the ranks
// held were read (nil before any).
type CatalogItem struct {
	CompanyID      int64  `gorm:"primaryKey;autoIncrement:false"`
	MarketplaceID  string `gorm:"primaryKey"`
	ASIN           string `gorm:"column:asin;primaryKey"`
	Title          string
	Brand          string
	Image          string
	Weight         decimal.NullDecimal
	Length         decimal.NullDecimal
	Width          decimal.NullDecimal
	Height         decimal.NullDecimal
	GroupRank      *int
	GroupTitle     string
	ClassRank      *int
	ClassTitle     string
	Classification string
	RankedAt       *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// catalogItemFigures are the columns an answer sets; a row is rewritten only when one differs (ranked_at with
// them: an answer read again unchanged keeps the time its ranks were first read so).
var catalogItemFigures = []string{"title", "brand", "image", "weight", "length", "width", "height", "group_rank", "group_title",
	"class_rank", "class_title", "classification"}

// UpsertCatalogItems writes the company's catalogue items in one statement and answers how many rows were
// inserted or changed.
func UpsertCatalogItems(db *models.DB, rows []CatalogItem) (int64, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	upsert := models.UpsertChanged("catalog_items", []string{"company_id", "marketplace_id", "asin"}, catalogItemFigures)
	upsert.DoUpdates = append(upsert.DoUpdates, clause.AssignmentColumns([]string{"ranked_at"})...)
	res := db.Clauses(upsert).Create(&rows)
	return res.RowsAffected, res.Error
}

// CatalogItemsOf loads the company's catalogue items of the (marketplace, ASIN) pairs, keyed by them.
func CatalogItemsOf(db *models.DB, companyID int64, keys [][2]string) (map[[2]string]CatalogItem, error) {
	out := make(map[[2]string]CatalogItem, len(keys))
	byMarket := map[string][]string{}
	for _, k := range keys {
		byMarket[k[0]] = append(byMarket[k[0]], k[1])
	}
	if len(byMarket) > 1 && len(keys) <= inChunk {
		return catalogItemsAtOnce(db, companyID, keys, byMarket)
	}
	for market, asins := range byMarket {
		if len(asins) > inChunk {
			// Many ASINs: one read of the marketplace's items beats chunks of IN lists (2 s for 10,000 on
			// PostgreSQL, against a few hundred ms).
			var rows []CatalogItem
			err := db.Scopes(models.InCompany("catalog_items", companyID)).Where("catalog_items.marketplace_id = ?", market).
				Find(&rows).Error
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				out[[2]string{r.MarketplaceID, r.ASIN}] = r
			}
			continue
		}
		for i := 0; i < len(asins); i += inChunk {
			var rows []CatalogItem
			err := db.Scopes(models.InCompany("catalog_items", companyID)).
				Where("catalog_items.marketplace_id = ? AND catalog_items.asin IN ?", market, asins[i:min(i+inChunk, len(asins))]).
				Find(&rows).Error
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				out[[2]string{r.MarketplaceID, r.ASIN}] = r
			}
		}
	}
	return out, nil
}

// catalogItemsAtOnce is CatalogItemsOf for a few pairs of several marketplaces (a page of 商品列表): one statement
// of their marketplaces and ASINs rather than one per marketplace, each a round trip and a plan on a busy server.
// A pair read but not asked for (an ASIN asked in one marketplace, found in another asked for) is left out.
func catalogItemsAtOnce(db *models.DB, companyID int64, keys [][2]string, byMarket map[string][]string) (map[[2]string]CatalogItem, error) {
	out := make(map[[2]string]CatalogItem, len(keys))
	want := make(map[[2]string]bool, len(keys))
	markets, asins := make([]string, 0, len(byMarket)), make([]string, 0, len(keys))
	seen := make(map[string]bool, len(keys))
	for m := range byMarket {
		markets = append(markets, m)
	}
	for _, k := range keys {
		want[k] = true
		if !seen[k[1]] {
			seen[k[1]] = true
			asins = append(asins, k[1])
		}
	}
	var rows []CatalogItem
	err := db.Scopes(models.InCompany("catalog_items", companyID)).
		Where("catalog_items.marketplace_id IN ? AND catalog_items.asin IN ?", markets, asins).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if k := [2]string{r.MarketplaceID, r.ASIN}; want[k] {
			out[k] = r
		}
	}
	return out, nil
}

// inChunk keeps an IN list well under every database's parameter limit.
const inChunk = 500
