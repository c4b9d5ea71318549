package advertising

import (
	"errors"

	"sellerhub/models"
)

// ProfileToCreate is the advertising profile a campaign is created in: its store group, our id, and what calling
// Amazon for it takes (Amazon's profile id, the region), with its marketplace and currency.
type ProfileToCreate struct {
	GroupID       int64
	ProfileID     int64
	AmazonProfile int64
	Region        string
	MarketplaceID string
	Currency      string
	CountryCode   string
	Timezone      string
}

// ProfileForCreate reads the company's profile (our id) of a store group the user may reach; models.ErrNotFound
// when the profile is not the group's, or the group not the user's.
func ProfileForCreate(db *models.DB, companyID, userID, groupID, profileID int64) (ProfileToCreate, error) {
	var p ProfileToCreate
	cur, err := db.Table("adv_profiles p").Joins("JOIN adv_auths a ON a.id = p.auth_id").
		Where("p.company_id = ? AND p.id = ? AND a.group_id = ?", companyID, profileID, groupID).
		Scopes(models.InGrantedGroups("a.group_id", userID)).
		Select("a.group_id, p.id, p.profile_id, a.region, p.marketplace_id, p.currency_code, p.country_code, p.timezone").Rows()
	if err != nil {
		return p, err
	}
	found := false
	for cur.Next() {
		if err := cur.Scan(&p.GroupID, &p.ProfileID, &p.AmazonProfile, &p.Region, &p.MarketplaceID, &p.Currency, &p.CountryCode, &p.Timezone); err != nil {
			cur.Close()
			return p, err
		}
		found = true
	}
	if err := errors.Join(cur.Err(), cur.Close()); err != nil {
		return p, err
	}
	if !found {
		return p, models.ErrNotFound
	}
	return p, nil
}

// PortfolioOfProfile tells whether the profile (our id) has the portfolio (Amazon's id).
func PortfolioOfProfile(db *models.DB, profileID int64, portfolioID string) (bool, error) {
	var n int64
	err := db.Table("adv_portfolios").Where("profile_id = ? AND portfolio_id = ?", profileID, portfolioID).Count(&n).Error
	return n > 0, err
}
