// Package stores holds the store groups, their Amazon seller accounts and marketplaces, the authorisation
// handshakes (OAuth states) and the advertising consents and profiles.
package stores

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// StoreGroup (店铺) is one business of a company on Amazon: it holds seller accounts (one per region) and the
// advertising authorisations, and owns listings and shipments. A name is unique in the company.
type StoreGroup struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new store group its id.
func (g *StoreGroup) BeforeCreate(*gorm.DB) error {
	if g.ID == 0 {
		g.ID = models.NewID()
	}
	return nil
}

// UserStoreGroup limits a user to a store group; a user with no rows sees every group of the company.
type UserStoreGroup struct {
	UserID  int64 `gorm:"primaryKey;autoIncrement:false"`
	GroupID int64 `gorm:"primaryKey;autoIncrement:false"`
}

// StoreGroupByID loads one of the company's store groups, or ErrNotFound (also for another company's).
func StoreGroupByID(db *models.DB, companyID, id int64) (*StoreGroup, error) {
	var g StoreGroup
	if err := db.Scopes(models.InCompany("store_groups", companyID)).First(&g, "store_groups.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &g, nil
}

// StoreGroupIDByName answers the id of the company's store group with the name, or ErrNotFound.
func StoreGroupIDByName(db *models.DB, companyID int64, name string) (int64, error) {
	var g StoreGroup
	if err := db.Select("store_groups.id").Scopes(models.InCompany("store_groups", companyID)).
		Take(&g, "store_groups.name = ?", name).Error; err != nil {
		return 0, err
	}
	return g.ID, nil
}

// VisibleStoreGroups lists the store groups the user may see, by name; name filters by a part of it.
func VisibleStoreGroups(db *models.DB, companyID, userID int64, name string) ([]StoreGroup, error) {
	out := []StoreGroup{}
	err := db.VisibleGroups(companyID, userID, name).Order("store_groups.name, store_groups.id").Find(&out).Error
	return out, err
}

// VisibleStoreGroupPage counts the store groups the user may see and reads those from offset, at most limit.
func VisibleStoreGroupPage(db *models.DB, companyID, userID int64, name string, offset, limit int) ([]StoreGroup, int64, error) {
	out := []StoreGroup{}
	query := func() *gorm.DB { return db.VisibleGroups(companyID, userID, name) }
	p := models.PageQuery{Matching: query, ID: "store_groups.id", Order: models.Ordered("store_groups.name, store_groups.id"),
		Offset: offset, Limit: limit}
	total, err := models.ReadPage(db, p, query, &out)
	return out, total, err
}

// VisibleStoreGroup loads a store group the user may see, or ErrNotFound (another company's, or one the user is
// not limited to).
func VisibleStoreGroup(db *models.DB, companyID, userID, id int64) (*StoreGroup, error) {
	var g StoreGroup
	if err := db.VisibleGroups(companyID, userID, "").First(&g, "store_groups.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &g, nil
}

// UpdateStoreGroup changes a store group's name and remark. ErrNotFound for another company's group.
func UpdateStoreGroup(db *models.DB, g *StoreGroup) error {
	res := db.Model(&StoreGroup{}).Scopes(models.InCompany("store_groups", g.CompanyID)).Where("store_groups.id = ?", g.ID).
		Updates(map[string]any{"name": g.Name, "remark": g.Remark, "updated_at": g.UpdatedAt})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return gorm.ErrRecordNotFound
	}
	return nil
}

// StoreGroupUsage counts what still refers to a store group: seller accounts and users limited to it.
func StoreGroupUsage(db *models.DB, groupID int64) (sellers, users int64, err error) {
	if err = db.Model(&Seller{}).Where("group_id = ?", groupID).Count(&sellers).Error; err != nil {
		return
	}
	err = db.Model(&UserStoreGroup{}).Where("group_id = ?", groupID).Count(&users).Error
	return
}

// DeleteStoreGroup removes one of the company's store groups (the caller checked StoreGroupUsage); listings or
// shipments still referring to it make the database refuse (gorm.ErrForeignKeyViolated).
func DeleteStoreGroup(db *models.DB, companyID, id int64) error {
	res := db.Scopes(models.InCompany("store_groups", companyID)).Where("store_groups.id = ?", id).Delete(&StoreGroup{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return gorm.ErrRecordNotFound
	}
	return nil
}

// SetUserStoreGroups limits one of the company's users to the given store groups (none: every group). Every
// group must be the company's, else ErrNotFound and nothing changes (the caller's transaction rolls back).
func SetUserStoreGroups(db *models.DB, companyID, userID int64, groupIDs []int64) error {
	if len(groupIDs) > 0 {
		var n int64
		if err := db.Model(&StoreGroup{}).Scopes(models.InCompany("store_groups", companyID)).
			Where("store_groups.id IN ?", groupIDs).Count(&n).Error; err != nil {
			return err
		}
		if n != int64(len(groupIDs)) {
			return gorm.ErrRecordNotFound
		}
	}
	if err := db.Where("user_id = ?", userID).Delete(&UserStoreGroup{}).Error; err != nil {
		return err
	}
	for _, g := range groupIDs {
		if err := db.Create(&UserStoreGroup{UserID: userID, GroupID: g}).Error; err != nil {
			return err
		}
	}
	return nil
}

// StoreGroupsOfUsers returns the store groups each of the company's users is limited to, by name.
func StoreGroupsOfUsers(db *models.DB, companyID int64, userIDs []int64) (map[int64][]StoreGroup, error) {
	out := map[int64][]StoreGroup{}
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		UserID int64
		StoreGroup
	}
	err := db.Table("user_store_groups").Select("user_store_groups.user_id, store_groups.*").
		Joins("JOIN store_groups ON store_groups.id = user_store_groups.group_id").
		Where("store_groups.company_id = ? AND user_store_groups.user_id IN ?", companyID, userIDs).
		Order("store_groups.name, store_groups.id").Scan(&rows).Error
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r.StoreGroup)
	}
	return out, err
}

// StoreGroupsOf lists the company's store groups the user is granted, by name, for the plan and shipment forms.
func StoreGroupsOf(db *models.DB, companyID, userID int64) ([]StoreGroup, error) {
	var rows []StoreGroup
	err := db.Scopes(models.InCompany("store_groups", companyID), models.InGrantedGroups("store_groups.id", userID)).Order("name, id").Find(&rows).Error
	return rows, err
}
