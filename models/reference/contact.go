package reference

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Client is one of a company's clients (客户端): a business the company deals with, named uniquely in the company.
type Client struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Code      string
	Contact   string
	Phone     string
	Email     string
	Address   string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new client its id.
func (c *Client) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// Customer is a buyer the company's customer service keeps (客户): where they buy, how to reach them.
type Customer struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	Platform  string
	Email     string
	Phone     string
	Country   string
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new customer its id.
func (c *Customer) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// ClientPage lists a page of the company's clients, with the total.
func ClientPage(db *models.DB, companyID int64, l models.NamedList) ([]Client, int64, error) {
	rows := []Client{}
	total, err := models.NamedPage(db, db.Named(&Client{}, "clients", companyID, l.Name), "clients", l, &rows)
	return rows, total, err
}

// ClientByID loads one of the company's clients, or ErrNotFound (also for another company's).
func ClientByID(db *models.DB, companyID, id int64) (*Client, error) {
	var c Client
	if err := db.Scopes(models.InCompany("clients", companyID)).First(&c, "clients.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// ClientByName loads the company's client with the name, or ErrNotFound.
func ClientByName(db *models.DB, companyID int64, name string) (*Client, error) {
	var c Client
	if err := db.Scopes(models.InCompany("clients", companyID)).First(&c, "clients.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// CreateClient stores a new client; a name the company already uses is a duplicate-key error.
func CreateClient(db *models.DB, c *Client) error { return db.Create(c).Error }

// UpdateClient writes every field of a client but its id, company and creation time; a client of another company
// matches nothing.
func UpdateClient(db *models.DB, c *Client) error {
	return db.Model(&Client{}).Scopes(models.InCompany("clients", c.CompanyID)).Where("clients.id = ?", c.ID).
		Updates(map[string]any{"name": c.Name, "code": c.Code, "contact": c.Contact, "phone": c.Phone,
			"email": c.Email, "address": c.Address, "remark": c.Remark, "updated_at": c.UpdatedAt}).Error
}

// DeleteClient deletes one of the company's clients, or answers ErrNotFound.
func DeleteClient(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("clients", companyID)).Where("clients.id = ?", id).Delete(&Client{}))
}

// CustomerPage lists a page of the company's customers, with the total.
func CustomerPage(db *models.DB, companyID int64, l models.NamedList) ([]Customer, int64, error) {
	rows := []Customer{}
	total, err := models.NamedPage(db, db.Named(&Customer{}, "customers", companyID, l.Name), "customers", l, &rows)
	return rows, total, err
}

// CustomerByID loads one of the company's customers, or ErrNotFound (also for another company's).
func CustomerByID(db *models.DB, companyID, id int64) (*Customer, error) {
	var c Customer
	if err := db.Scopes(models.InCompany("customers", companyID)).First(&c, "customers.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// CustomerByName loads the company's customer with the name, or ErrNotFound.
func CustomerByName(db *models.DB, companyID int64, name string) (*Customer, error) {
	var c Customer
	if err := db.Scopes(models.InCompany("customers", companyID)).First(&c, "customers.name = ?", name).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// CreateCustomer stores a new customer; a name the company already uses is a duplicate-key error.
func CreateCustomer(db *models.DB, c *Customer) error { return db.Create(c).Error }

// UpdateCustomer writes every field of a customer but its id, company and creation time; a customer of another
// company matches nothing.
func UpdateCustomer(db *models.DB, c *Customer) error {
	return db.Model(&Customer{}).Scopes(models.InCompany("customers", c.CompanyID)).Where("customers.id = ?", c.ID).
		Updates(map[string]any{"name": c.Name, "platform": c.Platform, "email": c.Email, "phone": c.Phone,
			"country": c.Country, "remark": c.Remark, "updated_at": c.UpdatedAt}).Error
}

// DeleteCustomer deletes one of the company's customers, or answers ErrNotFound.
func DeleteCustomer(db *models.DB, companyID, id int64) error {
	return models.AffectedOne(db.Scopes(models.InCompany("customers", companyID)).Where("customers.id = ?", id).Delete(&Customer{}))
}
