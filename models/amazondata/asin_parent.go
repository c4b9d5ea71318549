package amazondata

import (
	"time"

	"sellerhub/models"
)

// ASINParent is the variation parent of an ASIN in a marketplace, as Amazon's catalogue says it. ParentASIN is ""
// for an ASIN without one (a standalone product): it was looked up, and the sales report keys it by itself.
type ASINParent struct {
	CompanyID     int64  `gorm:"primaryKey;autoIncrement:false"`
	MarketplaceID string `gorm:"primaryKey"`
	ASIN          string `gorm:"column:asin;primaryKey"`
	ParentASIN    string `gorm:"column:parent_asin"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// TableName names the table.
func (ASINParent) TableName() string { return "asin_parents" }

// MarketplaceASIN is an ASIN a store group sells in a marketplace.
type MarketplaceASIN struct {
	MarketplaceID string
	ASIN          string `gorm:"column:asin"`
}

// ListedASINs lists the distinct ASINs of a store group's listings, by marketplace and ASIN: what the catalogue is
// asked about for their parents.
func ListedASINs(db *models.DB, companyID, groupID int64) ([]MarketplaceASIN, error) {
	out := []MarketplaceASIN{}
	err := db.Table("listings").Select("DISTINCT listings.marketplace_id, listings.asin").
		Scopes(models.InCompany("listings", companyID)).Where("listings.group_id = ? AND listings.asin <> ''", groupID).
		Order("listings.marketplace_id, listings.asin").Scan(&out).Error
	return out, err
}

// UpsertASINParents writes the parents of a company's ASINs and answers how many rows it inserted or changed: a
// parent already known as it is is not written again, so writing the same answer twice changes nothing.
func UpsertASINParents(db *models.DB, companyID int64, rows []ASINParent) (int64, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	for i := range rows {
		rows[i].CompanyID, rows[i].CreatedAt, rows[i].UpdatedAt = companyID, now, now
	}
	c := models.UpsertChanged("asin_parents", []string{"company_id", "marketplace_id", "asin"}, []string{"parent_asin"})
	asins := map[string]map[string]bool{}
	for _, r := range rows {
		if asins[r.MarketplaceID] == nil {
			asins[r.MarketplaceID] = map[string]bool{}
		}
		asins[r.MarketplaceID][r.ASIN] = true
	}
	var written int64
	err := db.Tx(db.Statement.Context, func(tx *models.DB) error {
		old, err := parentsOf(tx, companyID, asins)
		if err != nil {
			return err
		}
		res := tx.Clauses(c).Create(&rows)
		if written = res.RowsAffected; res.Error != nil || written == 0 {
			return res.Error
		}
		var changed []ASINParent
		for _, r := range rows {
			if old[[2]string{r.MarketplaceID, r.ASIN}] != r.ParentASIN {
				changed = append(changed, r)
			}
		}
		// 销售报表 by 父ASIN counts each parent's orders in the daily summary under the parents of then.
		if err := resumParents(tx, companyID, old, changed); err != nil {
			return err
		}
		// 销售报表's answers by 父ASIN kept from before are out of date once the parents commit.
		return tx.RaiseSalesGeneration(companyID, 0)
	})
	return written, err
}

// ASINParentsOf maps a company's ASINs of a marketplace to their parents ("" for none), as last looked up.
func ASINParentsOf(db *models.DB, companyID int64, marketplaceID string) (map[string]string, error) {
	var rows []ASINParent
	err := db.Scopes(models.InCompany("asin_parents", companyID)).Where("asin_parents.marketplace_id = ?", marketplaceID).
		Find(&rows).Error
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.ASIN] = r.ParentASIN
	}
	return out, err
}
