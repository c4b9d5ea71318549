package reference

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// TagGroup gathers a company's tags (颜色, 季节, ...). A group that still has tags is not deleted.
type TagGroup struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new group its id.
func (g *TagGroup) BeforeCreate(*gorm.DB) error {
	if g.ID == 0 {
		g.ID = models.NewID()
	}
	return nil
}

// Tag is a label a company puts on its products, in one group. Color is #RRGGBB. A name is unique in the company.
type Tag struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	GroupID   int64
	Name      string
	Color     string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
	// GroupName is read with the tag for its list; it is not a column of tags.
	GroupName string `gorm:"->"`
}

// BeforeCreate gives a new tag its id.
func (t *Tag) BeforeCreate(*gorm.DB) error {
	if t.ID == 0 {
		t.ID = models.NewID()
	}
	return nil
}

// TagGroupPage lists a page of the company's tag groups, with the total.
func TagGroupPage(db *models.DB, companyID int64, l models.NamedList) ([]TagGroup, int64, error) {
	rows := []TagGroup{}
	total, err := models.NamedPage(db, db.Named(&TagGroup{}, "tag_groups", companyID, l.Name), "tag_groups", l, &rows)
	return rows, total, err
}

// TagGroups lists all the company's tag groups by name, for the group drop-downs.
func TagGroups(db *models.DB, companyID int64, limit int) ([]TagGroup, error) {
	rows := []TagGroup{}
	err := db.Scopes(models.InCompany("tag_groups", companyID)).Order("tag_groups.name, tag_groups.id").Limit(limit).
		Find(&rows).Error
	return rows, err
}

// TagGroupByID loads one of the company's tag groups, or ErrNotFound (also for another company's).
func TagGroupByID(db *models.DB, companyID, id int64) (*TagGroup, error) {
	var g TagGroup
	if err := db.Scopes(models.InCompany("tag_groups", companyID)).First(&g, "tag_groups.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &g, nil
}

// TagGroupByName loads the company's tag group with the name, or ErrNotFound.
func TagGroupByName(db *models.DB, companyID int64, name string) (*TagGroup, error) {
	var g TagGroup
	if err := db.Scopes(models.InCompany("tag_groups", companyID)).First(&g, "tag_groups.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &g, nil
}

// CreateTagGroup stores a new group; a name the company already uses is a duplicate-key error.
func CreateTagGroup(db *models.DB, g *TagGroup) error { return db.Create(g).Error }

// UpdateTagGroup writes a group's name, remark and update time; a group of another company matches nothing.
func UpdateTagGroup(db *models.DB, g *TagGroup) error {
	return db.Model(&TagGroup{}).Scopes(models.InCompany("tag_groups", g.CompanyID)).Where("tag_groups.id = ?", g.ID).
		Updates(map[string]any{"name": g.Name, "remark": g.Remark, "updated_at": g.UpdatedAt}).Error
}

// DeleteTagGroup deletes one of the company's groups, or answers ErrNotFound. Whether a group with tags may go is
// the caller's rule (the foreign key refuses it anyway).
func DeleteTagGroup(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("tag_groups", companyID)).Where("tag_groups.id = ?", id).Delete(&TagGroup{}))
}

// CountTagsInGroup counts the company's tags in a group.
func CountTagsInGroup(db *models.DB, companyID, groupID int64) (int64, error) {
	var n int64
	err := db.Model(&Tag{}).Scopes(models.InCompany("tags", companyID)).Where("tags.group_id = ?", groupID).Count(&n).Error
	return n, err
}

// tagColumns reads a tag with its group's name.
const tagColumns = "tags.*, tag_groups.name AS group_name"

func tagsWithGroup(db *models.DB, companyID int64) *gorm.DB {
	return db.Model(&Tag{}).Scopes(models.InCompany("tags", companyID)).Select(tagColumns).
		Joins("JOIN tag_groups ON tag_groups.id = tags.group_id")
}

// tagFilter narrows tags to those whose name contains name ("" for all), of one group unless groupID is 0.
func tagFilter(groupID int64, name string) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		if name != "" {
			q = q.Where("tags.name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(name))
		}
		if groupID != 0 {
			q = q.Where("tags.group_id = ?", groupID)
		}
		return q
	}
}

// TagPage lists a page of the company's tags with their groups' names, of one group unless groupID is 0, with
// the total.
func TagPage(db *models.DB, companyID, groupID int64, l models.NamedList) ([]Tag, int64, error) {
	filter := tagFilter(groupID, l.Name)
	rows := []Tag{}
	p := models.PageQuery{Matching: func() *gorm.DB { return db.Model(&Tag{}).Scopes(models.InCompany("tags", companyID), filter) },
		ID: "tags.id", Order: l.OrderOf("tags"), Offset: l.Offset, Limit: l.Limit, Anchor: l.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB { return tagsWithGroup(db, companyID) }, &rows)
	return rows, total, err
}

// TagByID loads one of the company's tags with its group's name, or ErrNotFound (also for another company's).
func TagByID(db *models.DB, companyID, id int64) (*Tag, error) {
	var t Tag
	if err := tagsWithGroup(db, companyID).First(&t, "tags.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &t, nil
}

// TagByName loads the company's tag with the name, or ErrNotFound.
func TagByName(db *models.DB, companyID int64, name string) (*Tag, error) {
	var t Tag
	if err := db.Scopes(models.InCompany("tags", companyID)).First(&t, "tags.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &t, nil
}

// CreateTag stores a new tag; a name the company already uses is a duplicate-key error.
func CreateTag(db *models.DB, t *Tag) error { return db.Create(t).Error }

// UpdateTag writes a tag's group, name, color, remark and update time; a tag of another company matches nothing.
func UpdateTag(db *models.DB, t *Tag) error {
	return db.Model(&Tag{}).Scopes(models.InCompany("tags", t.CompanyID)).Where("tags.id = ?", t.ID).
		Updates(map[string]any{"group_id": t.GroupID, "name": t.Name, "color": t.Color, "remark": t.Remark,
			"updated_at": t.UpdatedAt}).Error
}

// DeleteTag deletes one of the company's tags, or answers ErrNotFound.
func DeleteTag(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("tags", companyID)).Where("tags.id = ?", id).Delete(&Tag{}))
}
