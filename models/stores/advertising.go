package stores

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// AdvAuth (广告授权) is a store group's consent to Amazon Advertising in one region. RefreshToken is the Login with
// Amazon refresh token sealed by the service's cipher: this package never sees it in clear.
type AdvAuth struct {
	ID           int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID    int64
	GroupID      int64
	Region       string
	RefreshToken string
	Disabled     bool
	AuthorizedAt time.Time
	DisabledAt   *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// BeforeCreate gives a new authorisation its id.
func (a *AdvAuth) BeforeCreate(*gorm.DB) error {
	if a.ID == 0 {
		a.ID = models.NewID()
	}
	return nil
}

// AdvProfile is one advertising profile an authorisation reaches: Amazon's profile (an advertiser in one
// marketplace) as GET /v2/profiles describes it. ProfileID is Amazon's number; ID is ours and survives refreshes.
type AdvProfile struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	AuthID        int64
	ProfileID     int64
	CountryCode   string
	CurrencyCode  string
	Timezone      string
	MarketplaceID string
	AccountID     string
	AccountType   string
	AccountName   string
	CapturedAt    time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time

	// Read with the profiles of a group: the authorisation's region and group.
	Region  string `gorm:"->;-:migration"`
	GroupID int64  `gorm:"->;-:migration"`
}

// BeforeCreate gives a new profile its id.
func (p *AdvProfile) BeforeCreate(*gorm.DB) error {
	if p.ID == 0 {
		p.ID = models.NewID()
	}
	return nil
}

// SaveAdvAuth stores a group's new consent for a region: the first one creates the authorisation, a later one
// replaces the sealed token of the same row and enables it again. It returns the stored row. Run it in the
// transaction that also stores the profiles, so a consent is kept whole or not at all.
func SaveAdvAuth(db *models.DB, companyID, groupID int64, region string, sealedToken string, now time.Time) (*AdvAuth, error) {
	a := AdvAuth{CompanyID: companyID, GroupID: groupID, Region: region, RefreshToken: sealedToken,
		AuthorizedAt: now, CreatedAt: now, UpdatedAt: now}
	err := db.Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "company_id"}, {Name: "group_id"}, {Name: "region"}},
		DoUpdates: clause.Assignments(map[string]any{"refresh_token": sealedToken, "disabled": false,
			"disabled_at": nil, "authorized_at": now, "updated_at": now}),
	}).Create(&a).Error
	if err != nil {
		return nil, err
	}
	var saved AdvAuth
	err = db.Scopes(models.InCompany("adv_auths", companyID)).
		Take(&saved, "group_id = ? AND region = ?", groupID, region).Error
	return &saved, err
}

// AdvAuthByID loads one of the company's advertising authorisations, or ErrNotFound (also for another company's).
func AdvAuthByID(db *models.DB, companyID, id int64) (*AdvAuth, error) {
	var a AdvAuth
	if err := db.Scopes(models.InCompany("adv_auths", companyID)).Take(&a, "adv_auths.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// AdvAuthsOf lists the company's advertising authorisations of the given groups (all groups for nil), by group and
// region, for the store list.
func AdvAuthsOf(db *models.DB, companyID int64, groupIDs []int64) ([]AdvAuth, error) {
	q := db.Scopes(models.InCompany("adv_auths", companyID))
	if groupIDs != nil {
		q = q.Where("group_id IN ?", nonEmptyIDs(groupIDs))
	}
	var rows []AdvAuth
	return rows, q.Order("group_id, region").Find(&rows).Error
}

// AdvAuthCountOfGroup counts a store group's advertising authorisations, disabled ones included: the refusal to
// delete a group that has any.
func AdvAuthCountOfGroup(db *models.DB, companyID, groupID int64) (int64, error) {
	var n int64
	err := db.Model(&AdvAuth{}).Scopes(models.InCompany("adv_auths", companyID)).Where("group_id = ?", groupID).Count(&n).Error
	return n, err
}

// DisableAdvAuth stops using an authorisation (停用): its profiles stay, but no call is made with its token until
// the group authorises again. Answers ErrNotFound for another company's.
func DisableAdvAuth(db *models.DB, companyID, id int64, now time.Time) error {
	res := db.Model(&AdvAuth{}).Scopes(models.InCompany("adv_auths", companyID)).Where("id = ?", id).
		Updates(map[string]any{"disabled": true, "disabled_at": now, "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return models.ErrNotFound
	}
	return nil
}

// ReplaceAdvProfiles makes the authorisation's stored profiles those Amazon answered: known ones are updated in
// place (keeping their id), new ones added, and ones Amazon no longer lists removed. Run it in a transaction.
func ReplaceAdvProfiles(db *models.DB, companyID, authID int64, profiles []AdvProfile, now time.Time) error {
	var keep []int64
	for i := range profiles {
		p := profiles[i]
		p.ID, p.CompanyID, p.AuthID, p.CapturedAt, p.CreatedAt, p.UpdatedAt = 0, companyID, authID, now, now, now
		err := db.Clauses(clause.OnConflict{
			Columns: []clause.Column{{Name: "auth_id"}, {Name: "profile_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"country_code", "currency_code", "timezone",
				"marketplace_id", "account_id", "account_type", "account_name", "captured_at", "updated_at"}),
		}).Create(&p).Error
		if err != nil {
			return err
		}
		keep = append(keep, p.ProfileID)
	}
	return db.Scopes(models.InCompany("adv_profiles", companyID)).
		Where("auth_id = ? AND profile_id NOT IN ?", authID, nonEmptyIDs(keep)).Delete(&AdvProfile{}).Error
}

// AdvProfilesOf lists the profiles of the company's authorisations that are in use, of one group (0 for every
// group), by region and country.
func AdvProfilesOf(db *models.DB, companyID, groupID int64) ([]AdvProfile, error) {
	q := db.Table("adv_profiles").Scopes(models.InCompany("adv_profiles", companyID)).
		Select("adv_profiles.*, adv_auths.region, adv_auths.group_id").
		Joins("JOIN adv_auths ON adv_auths.id = adv_profiles.auth_id AND adv_auths.company_id = adv_profiles.company_id").
		Where("adv_auths.disabled = ?", false)
	if groupID != 0 {
		q = q.Where("adv_auths.group_id = ?", groupID)
	}
	var rows []AdvProfile
	return rows, q.Order("adv_auths.region, adv_profiles.country_code, adv_profiles.profile_id").Find(&rows).Error
}

// GroupsWithAdvertising lists the company's store groups, of the given ones (all for nil), that have an
// advertising authorisation in use, by name: the group picker of the advertising screens.
func GroupsWithAdvertising(db *models.DB, companyID int64, groupIDs []int64) ([]StoreGroup, error) {
	q := db.Scopes(models.InCompany("store_groups", companyID)).
		Where("EXISTS (SELECT 1 FROM adv_auths WHERE adv_auths.group_id = store_groups.id AND adv_auths.disabled = ?)", false)
	if groupIDs != nil {
		q = q.Where("store_groups.id IN ?", nonEmptyIDs(groupIDs))
	}
	var rows []StoreGroup
	return rows, q.Order("store_groups.name, store_groups.id").Find(&rows).Error
}

// nonEmptyIDs is ids for an IN list, never empty (IN () is an error in SQL): 0 matches no row.
func nonEmptyIDs(ids []int64) []int64 {
	return append(ids[:len(ids):len(ids)], 0)
}

// AdvAuthOfGroupRegion loads the authorisation in use of a store group in a region, or ErrNotFound (none, or
// disabled): the advertising sync of the group's seller account in that region calls Amazon with it.
func AdvAuthOfGroupRegion(db *models.DB, companyID, groupID int64, region string) (*AdvAuth, error) {
	var a AdvAuth
	err := db.Scopes(models.InCompany("adv_auths", companyID)).
		Take(&a, "adv_auths.group_id = ? AND adv_auths.region = ? AND adv_auths.disabled = ?", groupID, region, false).Error
	if err != nil {
		return nil, err
	}
	return &a, nil
}
