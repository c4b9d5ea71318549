// Package reference holds the company's reference data: dictionaries and their items, tag groups and tags,
// clients and customers.
package reference

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Statuses of a dictionary and of an item, as the clients number them.
const (
	DictDisabled = 0
	DictEnabled  = 1
)

// Dict is one of a company's dictionaries: a named list of values that drop-downs read by its code. The code is
// unique in the company, and items name their dictionary by it.
type Dict struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Code      string
	Status    int
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new dictionary its id.
func (d *Dict) BeforeCreate(*gorm.DB) error {
	if d.ID == 0 {
		d.ID = models.NewID()
	}
	return nil
}

// DictItem is one value of a dictionary: Value is what other records store, Name what people see. A value is
// unique within its dictionary.
type DictItem struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	DictCode  string
	Name      string
	Value     string
	Sort      int
	Status    int
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new item its id.
func (i *DictItem) BeforeCreate(*gorm.DB) error {
	if i.ID == 0 {
		i.ID = models.NewID()
	}
	return nil
}

// DictOption is an item as a drop-down shows it.
type DictOption struct {
	Name  string
	Value string
}

// DictItemFilter narrows an item list: DictCode "" means every dictionary of the company, Name is a part of the
// item's name.
type DictItemFilter struct {
	DictCode string
	Name     string
	// Sort names a column of the list (as the API names it) and Desc its direction; an unknown name keeps the
	// list's own order, so a client's sort never reaches the SQL as text.
	Sort   string
	Desc   bool
	Anchor models.Anchor
}

var (
	dictSortColumns     = map[string]string{"name": "dicts.name", "code": "dicts.code", "createdAt": "dicts.created_at", "status": "dicts.status"}
	dictItemSortColumns = map[string]string{"name": "name", "value": "value", "sort": "sort", "status": "status",
		"createdAt": "created_at"}
)

// dicts selects the company's dictionaries, those whose name contains name when it is not empty.
func dicts(db *models.DB, companyID int64, name string) *gorm.DB {
	q := db.Model(&Dict{}).Scopes(models.InCompany("dicts", companyID))
	if name != "" {
		q = q.Where("dicts.name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(name))
	}
	return q
}

// CountDicts counts the company's dictionaries whose name contains name ("" for all), up to the list cap
// (MoreThan past it).
func CountDicts(db *models.DB, companyID int64, name string) (int64, error) {
	return db.CountCapped(dicts(db, companyID, name))
}

// Dicts lists the company's dictionaries whose name contains name ("" for all) in the requested order (by code
// unless asked: a range of dicts_company_code), from offset, at most limit.
func Dicts(db *models.DB, companyID int64, name string, sort models.ListSort, offset, limit int) ([]Dict, error) {
	ds := []Dict{}
	order := models.OrderBy(sort, dictSortColumns, "dicts.id", "dicts.code, dicts.id")
	err := dicts(db, companyID, name).Order(order).Offset(offset).Limit(limit).Find(&ds).Error
	return ds, err
}

// DictByID loads one of the company's dictionaries, or ErrNotFound (also for another company's).
func DictByID(db *models.DB, companyID, id int64) (*Dict, error) {
	var d Dict
	if err := db.Scopes(models.InCompany("dicts", companyID)).First(&d, "dicts.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &d, nil
}

// DictByCode loads the company's dictionary with the code, or ErrNotFound.
func DictByCode(db *models.DB, companyID int64, code string) (*Dict, error) {
	var d Dict
	if err := db.Scopes(models.InCompany("dicts", companyID)).First(&d, "dicts.code = ?", code).Error; err != nil {
		return nil, err
	}
	return &d, nil
}

// CreateDict stores a new dictionary; a code the company already uses is a duplicate-key error.
func CreateDict(db *models.DB, d *Dict) error { return db.Create(d).Error }

// UpdateDict writes a dictionary's name, code, status, remark and update time; a dictionary of another company
// matches nothing. The caller has loaded the dictionary in the same transaction, so it answers no ErrNotFound of its own.
func UpdateDict(db *models.DB, d *Dict) error {
	return db.Model(&Dict{}).Scopes(models.InCompany("dicts", d.CompanyID)).Where("dicts.id = ?", d.ID).
		Updates(map[string]any{"name": d.Name, "code": d.Code, "status": d.Status, "remark": d.Remark,
			"updated_at": d.UpdatedAt}).Error
}

// DeleteDict deletes one of the company's dictionaries, or answers ErrNotFound. It does not look at items:
// whether a dictionary with items may go is the caller's rule.
func DeleteDict(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("dicts", companyID)).Where("dicts.id = ?", id).Delete(&Dict{}))
}

// MoveDictItems gives the company's items of dictionary code from the code to, when the dictionary's code changes.
func MoveDictItems(db *models.DB, companyID int64, from, to string, at time.Time) error {
	return db.Model(&DictItem{}).Scopes(models.InCompany("dict_items", companyID)).Where("dict_items.dict_code = ?", from).
		Updates(map[string]any{"dict_code": to, "updated_at": at}).Error
}

// dictItems selects the company's items that pass the filter.
func dictItems(db *models.DB, companyID int64, f DictItemFilter) *gorm.DB {
	q := db.Model(&DictItem{}).Scopes(models.InCompany("dict_items", companyID))
	if f.DictCode != "" {
		q = q.Where("dict_items.dict_code = ?", f.DictCode)
	}
	if f.Name != "" {
		q = q.Where("dict_items.name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Name))
	}
	return q
}

// dictItemOrder is the order of item lists: the requested column if any, else within a dictionary by sort, then
// id, and across dictionaries grouped by code first (both dict_items_page's order).
func dictItemOrder(f DictItemFilter) models.PageOrder {
	switch col, ok := dictItemSortColumns[f.Sort]; {
	case ok:
		return models.ByKeys("dict_items", f.Desc, col)
	case f.DictCode != "":
		return models.ByKeys("dict_items", false, "sort")
	}
	return models.ByKeys("dict_items", false, "dict_code", "sort")
}

// CountDictItems counts the company's items that pass the filter, from dict_items_page alone, up to the list cap
// (MoreThan past it).
func CountDictItems(db *models.DB, companyID int64, f DictItemFilter) (int64, error) {
	return db.CountCapped(dictItems(db, companyID, f))
}

// DictItems lists the company's items that pass the filter, in list order, from offset (or next to the filter's
// anchor), at most limit. The page's ids come from dict_items_page alone, however deep the offset; only the rows of
// the page are then read, by primary key.
func DictItems(db *models.DB, companyID int64, f DictItemFilter, offset, limit int) ([]DictItem, error) {
	items := []DictItem{}
	p := models.PageQuery{Matching: func() *gorm.DB { return dictItems(db, companyID, f) }, ID: "dict_items.id",
		Order: dictItemOrder(f), Offset: offset, Limit: limit, Anchor: f.Anchor,
		Generation: models.ListGeneration{Company: companyID, Kind: models.GenerationDictItems}}
	if _, _, anchored := f.Anchor.Row(); offset == 0 && !anchored {
		// The first page's rows are read straight: reading their ids first saves work only on a page that skips
		// rows, and here it was a statement more on every opening of a dictionary.
		return items, models.FindPage(dictItems(db, companyID, f).Scopes(p.Order.Sort).Limit(limit), &items)
	}
	// The service counts the items itself (and keeps the count): the page reads ids only.
	ids, _, _, err := db.PageIDs(p, false)
	if err != nil || len(ids) == 0 {
		return items, err
	}
	return items, models.FindPage(db.Model(&DictItem{}).Scopes(models.InCompany("dict_items", companyID)).Where("dict_items.id IN ?", ids).
		Scopes(p.Order.Sort), &items)
}

// DictOptions lists the names and values of a dictionary's items whose name contains name ("" for all), by
// sort, at most limit; only the enabled ones when enabledOnly.
func DictOptions(db *models.DB, companyID int64, dictCode, name string, enabledOnly bool, limit int) ([]DictOption, error) {
	f := DictItemFilter{DictCode: dictCode, Name: name}
	q := dictItems(db, companyID, f).Select("dict_items.name, dict_items.value")
	if enabledOnly {
		q = q.Where("dict_items.status = ?", DictEnabled)
	}
	opts := []DictOption{}
	err := q.Scopes(dictItemOrder(f).Sort).Limit(limit).Scan(&opts).Error
	return opts, err
}

// DictItemByID loads one of the company's items, or ErrNotFound (also for another company's).
func DictItemByID(db *models.DB, companyID, id int64) (*DictItem, error) {
	var it DictItem
	if err := db.Scopes(models.InCompany("dict_items", companyID)).First(&it, "dict_items.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &it, nil
}

// DictItemByValue loads the company's item of dictionary dictCode with the value, or ErrNotFound.
func DictItemByValue(db *models.DB, companyID int64, dictCode, value string) (*DictItem, error) {
	var it DictItem
	err := db.Scopes(models.InCompany("dict_items", companyID)).
		First(&it, "dict_items.dict_code = ? AND dict_items.value = ?", dictCode, value).Error
	if err != nil {
		return nil, err
	}
	return &it, nil
}

// CreateDictItem stores a new item; a value its dictionary already has is a duplicate-key error.
func CreateDictItem(db *models.DB, it *DictItem) error { return db.Create(it).Error }

// UpdateDictItem writes every field of an item but its id, company and creation time; an item of another
// company matches nothing.
func UpdateDictItem(db *models.DB, it *DictItem) error {
	return db.Model(&DictItem{}).Scopes(models.InCompany("dict_items", it.CompanyID)).Where("dict_items.id = ?", it.ID).
		Updates(map[string]any{"dict_code": it.DictCode, "name": it.Name, "value": it.Value, "sort": it.Sort,
			"status": it.Status, "remark": it.Remark, "updated_at": it.UpdatedAt}).Error
}

// DeleteDictItem deletes one of the company's items, or answers ErrNotFound.
func DeleteDictItem(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("dict_items", companyID)).Where("dict_items.id = ?", id).Delete(&DictItem{}))
}
