package stores

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// The states of an AliExpress store's authorisation.
const (
	AliExpressPending = "pending" // added, never authorised
	AliExpressActive  = "active"
	AliExpressInvalid = "invalid" // the platform refused its refresh token: the seller authorises again
)

// AliExpressRegion is a region an AliExpress store sells in, as the seller files it.
type AliExpressRegion struct{ Code, Name string }

// AliExpressRegions are the choices of 速卖通店铺授权 (the platform has one seller gateway; the region is the
// company's own filing of the store).
var AliExpressRegions = []AliExpressRegion{{"GLOBAL", "全球站"}, {"RU", "俄罗斯"}, {"ES", "西班牙"}, {"FR", "法国"},
	{"BR", "巴西"}, {"KR", "韩国"}, {"US", "美国"}}

// AliExpressRegionName is a region code's name, "" for an unknown code.
func AliExpressRegionName(code string) string {
	for _, r := range AliExpressRegions {
		if r.Code == code {
			return r.Name
		}
	}
	return ""
}

// AliExpressStore is a company's AliExpress store with its sealed tokens.
type AliExpressStore struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	Name             string
	Region           string
	Status           string
	SellerID         string
	UserNick         string
	AccessToken      string
	RefreshToken     string
	TokenExpiresAt   *time.Time
	RefreshExpiresAt *time.Time
	AuthorizedAt     *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TableName is aliexpress_stores.
func (AliExpressStore) TableName() string { return "aliexpress_stores" }

// BeforeCreate gives a new store its id.
func (s *AliExpressStore) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// AliExpressStorePage is a page of the company's AliExpress stores by name, those whose name contains name when
// it is not empty.
func AliExpressStorePage(db *models.DB, companyID int64, name string, offset, limit int) ([]AliExpressStore, int64, error) {
	out := []AliExpressStore{}
	query := func() *gorm.DB {
		q := db.Model(&AliExpressStore{}).Where("aliexpress_stores.company_id = ?", companyID)
		if name != "" {
			q = q.Where("aliexpress_stores.name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(name))
		}
		return q
	}
	p := models.PageQuery{Matching: query, ID: "aliexpress_stores.id", Order: models.Ordered("aliexpress_stores.name, aliexpress_stores.id"),
		Offset: offset, Limit: limit}
	total, err := models.ReadPage(db, p, query, &out)
	return out, total, err
}

// AliExpressStoreByID loads a store of the company, or ErrNotFound.
func AliExpressStoreByID(db *models.DB, companyID, id int64) (*AliExpressStore, error) {
	var s AliExpressStore
	if err := db.Where("company_id = ? AND id = ?", companyID, id).First(&s).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// AliExpressStoreBySeller loads the company's store authorised for an AliExpress seller account, or ErrNotFound.
func AliExpressStoreBySeller(db *models.DB, companyID int64, sellerID string) (*AliExpressStore, error) {
	var s AliExpressStore
	if err := db.Where("company_id = ? AND seller_id = ?", companyID, sellerID).First(&s).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// AliExpressStoreIDByName is the id of the company's store of that name, or ErrNotFound.
func AliExpressStoreIDByName(db *models.DB, companyID int64, name string) (int64, error) {
	var s AliExpressStore
	if err := db.Select("id").Where("company_id = ? AND name = ?", companyID, name).First(&s).Error; err != nil {
		return 0, err
	}
	return s.ID, nil
}

// SaveAliExpressStore inserts a new store or writes every column of an existing one.
func SaveAliExpressStore(db *models.DB, s *AliExpressStore) error { return db.Save(s).Error }

// DeleteAliExpressStore removes a store of the company (its tokens with it); ErrNotFound when there is none.
func DeleteAliExpressStore(db *models.DB, companyID, id int64) error {
	res := db.Where("company_id = ? AND id = ?", companyID, id).Delete(&AliExpressStore{})
	if res.Error == nil && res.RowsAffected == 0 {
		return gorm.ErrRecordNotFound
	}
	return res.Error
}
