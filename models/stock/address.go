package stock

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Address kinds (Address.Kind): a warehouse's (仓库地址) or a ship-from address (发货地址).
const (
	AddressWarehouse = "warehouse"
	AddressShipFrom  = "ship_from"
)

// Address is a postal address with the fields Amazon's inbound API takes (AddressInput): Name is the contact.
type Address struct {
	ID              int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID       int64
	Kind            string
	WarehouseID     *int64
	Name            string
	CompanyName     string
	AddressLine1    string `gorm:"column:address_line1"`
	AddressLine2    string `gorm:"column:address_line2"`
	City            string
	StateOrProvince string
	PostalCode      string
	CountryCode     string
	Phone           string
	Email           string
	IsDefault       bool
	Remark          string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// BeforeCreate gives a new address its id.
func (a *Address) BeforeCreate(*gorm.DB) error {
	if a.ID == 0 {
		a.ID = models.NewID()
	}
	return nil
}

// AddressRow is an address as its list shows it: with its warehouse's name.
type AddressRow struct {
	Address
	WarehouseName string `gorm:"->"`
}

// AddressFilter narrows an address list: Search is a part of the contact, company, city or first line; a
// warehouse (0 for all).
type AddressFilter struct {
	Kind          string
	Search        string
	WarehouseID   int64
	Offset, Limit int
}

func addresses(db *models.DB, companyID int64, f AddressFilter) *gorm.DB {
	q := db.Table("addresses").Scopes(models.InCompany("addresses", companyID)).Where("addresses.kind = ?", f.Kind)
	if f.Search != "" {
		like := models.ContainsPattern(f.Search)
		esc := " ESCAPE '" + models.LikeEscape + "'"
		q = q.Where("(addresses.name LIKE ?"+esc+" OR addresses.company_name LIKE ?"+esc+" OR addresses.city LIKE ?"+esc+
			" OR addresses.address_line1 LIKE ?"+esc+")", like, like, like, like)
	}
	if f.WarehouseID != 0 {
		q = q.Where("addresses.warehouse_id = ?", f.WarehouseID)
	}
	return q
}

// AddressPage lists a page of the company's addresses of a kind, the default first, then the newest.
func AddressPage(db *models.DB, companyID int64, f AddressFilter) ([]AddressRow, int64, error) {
	rows := []AddressRow{}
	var total int64
	if err := addresses(db, companyID, f).Count(&total).Error; err != nil {
		return rows, 0, err
	}
	err := addresses(db, companyID, f).Select("addresses.*, COALESCE(warehouses.name, '') AS warehouse_name").
		Joins("LEFT JOIN warehouses ON warehouses.id = addresses.warehouse_id").
		Order("addresses.is_default DESC, addresses.created_at DESC, addresses.id DESC").Offset(f.Offset).Limit(f.Limit).
		Find(&rows).Error
	return rows, total, err
}

// AddressByID loads one of the company's addresses of a kind, or ErrNotFound.
func AddressByID(db *models.DB, companyID int64, kind string, id int64) (*AddressRow, error) {
	var a AddressRow
	err := addresses(db, companyID, AddressFilter{Kind: kind}).Select("addresses.*, COALESCE(warehouses.name, '') AS warehouse_name").
		Joins("LEFT JOIN warehouses ON warehouses.id = addresses.warehouse_id").Where("addresses.id = ?", id).Take(&a).Error
	if err != nil {
		return nil, err
	}
	return &a, nil
}

// SaveAddress stores a new address or an address's changes; a default one makes the others of its kind not.
func SaveAddress(db *models.DB, a *Address, create bool) error {
	if a.IsDefault {
		err := db.Model(&Address{}).Scopes(models.InCompany("addresses", a.CompanyID)).
			Where("addresses.kind = ? AND addresses.id <> ?", a.Kind, a.ID).Update("is_default", false).Error
		if err != nil {
			return err
		}
	}
	if create {
		return db.Create(a).Error
	}
	return db.Model(a).Scopes(models.InCompany("addresses", a.CompanyID)).Select("warehouse_id", "name", "company_name",
		"address_line1", "address_line2", "city", "state_or_province", "postal_code", "country_code", "phone", "email",
		"is_default", "remark", "updated_at").Updates(a).Error
}

// DeleteAddress deletes one of the company's addresses of a kind, or answers ErrNotFound.
func DeleteAddress(db *models.DB, companyID int64, kind string, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("addresses", companyID)).
		Where("addresses.kind = ? AND addresses.id = ?", kind, id).Delete(&Address{}))
}
