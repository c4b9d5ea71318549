package stores

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Seller is a seller account (Amazon's selling partner id) authorised for a store group in one region. The
// refresh token, and the client secret of the seller's own developer application when one was entered, are
// stored encrypted; they never leave the service (json:"-" keeps them out of any answer by mistake).
type Seller struct {
	ID               int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID        int64
	GroupID          int64
	Region           string
	SellingPartnerID string
	RefreshToken     string `json:"-"`
	MWSAuthToken     string `gorm:"column:mws_auth_token"`
	// ClientID is the seller's own application's Login with Amazon client id; empty: the product's application.
	ClientID     string
	ClientSecret string `json:"-"`
	// ClientSecretIssuedAt is when the own application's secret was entered (Amazon ends it 180 days later);
	// ClientRefusedAt when Amazon refused it (invalid_client): nothing syncs until a new secret is saved.
	// SecretReminded is the days-ahead reminder last sent for this secret (30, 7; 0 none).
	ClientSecretIssuedAt *time.Time
	ClientRefusedAt      *time.Time
	SecretReminded       int
	Status               string
	Disabled             bool
	AuthorizedAt         time.Time
	DisabledAt           *time.Time
	CreatedAt            time.Time
	UpdatedAt            time.Time

	Marketplaces []SellerMarketplace `gorm:"foreignKey:SellerID"`
}

// Seller statuses: authorised and working, or refused by Amazon since (invalid_grant: authorise again).
const (
	SellerActive  = "active"
	SellerInvalid = "invalid"
)

// BeforeCreate gives a new seller its id.
func (s *Seller) BeforeCreate(*gorm.DB) error {
	if s.ID == 0 {
		s.ID = models.NewID()
	}
	return nil
}

// SellerMarketplace is a marketplace a seller account takes part in (or is registered in without selling).
type SellerMarketplace struct {
	SellerID      int64  `gorm:"primaryKey;autoIncrement:false"`
	MarketplaceID string `gorm:"primaryKey"`
	Participating bool
}

// SellersOfGroups loads the company's seller accounts of the given groups, with their marketplaces.
func SellersOfGroups(db *models.DB, companyID int64, groupIDs []int64) ([]Seller, error) {
	out := []Seller{}
	if len(groupIDs) == 0 {
		return out, nil
	}
	err := db.Preload("Marketplaces").Scopes(models.InCompany("sellers", companyID)).
		Where("sellers.group_id IN ?", groupIDs).Order("sellers.group_id, sellers.region").Find(&out).Error
	return out, err
}

// SellerByID loads one of the company's seller accounts with its marketplaces, or ErrNotFound.
func SellerByID(db *models.DB, companyID, id int64) (*Seller, error) {
	var s Seller
	if err := db.Preload("Marketplaces").Scopes(models.InCompany("sellers", companyID)).First(&s, "sellers.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// SellerOfGroupRegion loads the seller account of a store group in a region, or ErrNotFound.
func SellerOfGroupRegion(db *models.DB, companyID, groupID int64, region string) (*Seller, error) {
	var s Seller
	err := db.Scopes(models.InCompany("sellers", companyID)).First(&s, "sellers.group_id = ? AND sellers.region = ?", groupID, region).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// ActiveSellerElsewhere finds an active seller account with the partner id in the region in another store group of
// the company: one Amazon account belongs to one store group. ErrNotFound when there is none.
func ActiveSellerElsewhere(db *models.DB, companyID, groupID int64, region, partnerID string) (*Seller, error) {
	var s Seller
	err := db.Scopes(models.InCompany("sellers", companyID)).First(&s,
		"sellers.selling_partner_id = ? AND sellers.region = ? AND sellers.group_id <> ? AND sellers.disabled = ?",
		partnerID, region, groupID, false).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// SaveSellerAuthorization stores a (re-)authorisation: the group and region's seller row is created, or replaced
// with the new account, tokens and state, and its marketplaces are replaced. Run it in a transaction.
func SaveSellerAuthorization(db *models.DB, s *Seller, marketplaces []SellerMarketplace) error {
	existing, err := SellerOfGroupRegion(db.ForUpdate(), s.CompanyID, s.GroupID, s.Region)
	switch {
	case models.IsNotFound(err):
		if err := db.Omit("Marketplaces").Create(s).Error; err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		s.ID, s.CreatedAt = existing.ID, existing.CreatedAt
		if err := db.Omit("Marketplaces").Select("*").Save(s).Error; err != nil {
			return err
		}
		if err := db.Where("seller_id = ?", s.ID).Delete(&SellerMarketplace{}).Error; err != nil {
			return err
		}
	}
	for i := range marketplaces {
		marketplaces[i].SellerID = s.ID
	}
	if len(marketplaces) > 0 {
		if err := db.Create(&marketplaces).Error; err != nil {
			return err
		}
	}
	s.Marketplaces = marketplaces
	return nil
}

// DisableSeller stops using one of the company's seller accounts (停用授权): the row stays, marked disabled, until
// the group's region is authorised again. ErrNotFound for another company's or an unknown id.
func DisableSeller(db *models.DB, companyID, id int64, at time.Time) error {
	res := db.Model(&Seller{}).Scopes(models.InCompany("sellers", companyID)).Where("sellers.id = ?", id).
		Updates(map[string]any{"disabled": true, "disabled_at": at, "updated_at": at})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return gorm.ErrRecordNotFound
	}
	return nil
}
