package reference

import (
	"context"
	"regexp"

	"sellerhub/app/core"
	"sellerhub/models"
	referencedb "sellerhub/models/reference"
)

// Messages of the client (客户端) and customer (客户) calls.
const (
	MsgClientNameTaken   = "客户端名称已存在"
	MsgCustomerNameTaken = "客户名称已存在"
	MsgContactPhoneBad   = "电话格式不正确"
	MsgContactEmailBad   = "邮箱格式不正确"
)

// Button permissions of the 客户端 and 客户管理 screens. Their lists need the screen itself (the menu entry):
// clients and customers are the company's contacts, not reference data every screen reads.
const (
	PermissionClientAdd      = "sys:client:add"
	PermissionClientEdit     = "sys:client:edit"
	PermissionClientDelete   = "sys:client:delete"
	PermissionCustomerAdd    = "sys:customer:add"
	PermissionCustomerEdit   = "sys:customer:edit"
	PermissionCustomerDelete = "sys:customer:delete"
)

const (
	whatClient   = "客户端"
	whatCustomer = "客户"
)

// contactPhonePattern accepts the phone numbers of any country as people write them: digits, spaces, +, - and
// brackets.
var contactPhonePattern = regexp.MustCompile(`^[0-9+\-() ]+$`)

var (
	clientSorts   = map[string]string{"name": "name", "code": "code", "createdAt": "created_at"}
	customerSorts = map[string]string{"name": "name", "platform": "platform", "country": "country", "createdAt": "created_at"}
)

// checkContact checks the phone and e-mail a contact may leave empty.
func checkContact(phone, email string) error {
	switch {
	case phone != "" && !contactPhonePattern.MatchString(phone):
		return core.Invalid(MsgContactPhoneBad)
	case email != "" && !core.IsEmail(email):
		return core.Invalid(MsgContactEmailBad)
	}
	return nil
}

// ClientForm is a client as the add and edit forms send it.
type ClientForm struct {
	Name    string `json:"name" form:"name"`
	Code    string `json:"code" form:"code"`
	Contact string `json:"contact" form:"contact"`
	Phone   string `json:"phone" form:"phone"`
	Email   string `json:"email" form:"email"`
	Address string `json:"address" form:"address"`
	Remark  string `json:"remark" form:"remark"`
}

func (f *ClientForm) check() error {
	err := core.CheckFields(core.Required(&f.Name, "客户端名称", 100), core.Optional(&f.Code, "编码", 50),
		core.Optional(&f.Contact, "联系人", 50), core.Optional(&f.Phone, "电话", 30), core.Optional(&f.Email, "邮箱", 100),
		core.Optional(&f.Address, "地址", 200), core.Optional(&f.Remark, "备注", 200))
	if err != nil {
		return err
	}
	return checkContact(f.Phone, f.Email)
}

// CustomerForm is a customer as the add and edit forms send it.
type CustomerForm struct {
	Name     string `json:"name" form:"name"`
	Platform string `json:"platform" form:"platform"`
	Email    string `json:"email" form:"email"`
	Phone    string `json:"phone" form:"phone"`
	Country  string `json:"country" form:"country"`
	Remark   string `json:"remark" form:"remark"`
}

func (f *CustomerForm) check() error {
	err := core.CheckFields(core.Required(&f.Name, "客户名称", 100), core.Optional(&f.Platform, "平台", 50),
		core.Optional(&f.Email, "邮箱", 100), core.Optional(&f.Phone, "电话", 30), core.Optional(&f.Country, "国家", 50),
		core.Optional(&f.Remark, "备注", 200))
	if err != nil {
		return err
	}
	return checkContact(f.Phone, f.Email)
}

// ClientPage lists a page of the company's clients, with the total and the page served.
func (s *Service) ClientPage(ctx context.Context, p core.Principal, q core.ListQuery) ([]referencedb.Client, int64, core.PageRequest, error) {
	l, r := q.NamedList(clientSorts)
	rows, total, err := referencedb.ClientPage(s.db.With(ctx), p.CompanyID, l)
	return rows, total, r, err
}

// Client loads one of the company's clients by the id in the path.
func (s *Service) Client(ctx context.Context, p core.Principal, id string) (*referencedb.Client, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatClient)
	}
	c, err := referencedb.ClientByID(s.db.With(ctx), p.CompanyID, n)
	return c, core.NotFoundAs(err, whatClient)
}

func clientNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		c, err := referencedb.ClientByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return c.ID, nil
	}, self, MsgClientNameTaken)
}

// CreateClient adds a client to the company; its name must be new in the company.
func (s *Service) CreateClient(ctx context.Context, p core.Principal, f ClientForm) (*referencedb.Client, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	c := &referencedb.Client{CompanyID: p.CompanyID, Name: f.Name, Code: f.Code, Contact: f.Contact, Phone: f.Phone,
		Email: f.Email, Address: f.Address, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := clientNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(referencedb.CreateClient(tx, c), MsgClientNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// UpdateClient changes one of the company's clients; its name must stay unique in the company.
func (s *Service) UpdateClient(ctx context.Context, p core.Principal, id string, f ClientForm) (*referencedb.Client, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatClient)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var c *referencedb.Client
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if c, err = referencedb.ClientByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatClient)
		}
		if err := clientNameFree(tx, p.CompanyID, f.Name, c.ID); err != nil {
			return err
		}
		c.Name, c.Code, c.Contact, c.Phone, c.Email, c.Address, c.Remark = f.Name, f.Code, f.Contact, f.Phone, f.Email, f.Address, f.Remark
		c.UpdatedAt = s.now.Stamp()
		return core.DuplicateAs(referencedb.UpdateClient(tx, c), MsgClientNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteClient deletes one of the company's clients.
func (s *Service) DeleteClient(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatClient)
	}
	return core.NotFoundAs(referencedb.DeleteClient(s.db.With(ctx), p.CompanyID, n), whatClient)
}

// CustomerPage lists a page of the company's customers, with the total and the page served.
func (s *Service) CustomerPage(ctx context.Context, p core.Principal, q core.ListQuery) ([]referencedb.Customer, int64, core.PageRequest, error) {
	l, r := q.NamedList(customerSorts)
	rows, total, err := referencedb.CustomerPage(s.db.With(ctx), p.CompanyID, l)
	return rows, total, r, err
}

// Customer loads one of the company's customers by the id in the path.
func (s *Service) Customer(ctx context.Context, p core.Principal, id string) (*referencedb.Customer, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatCustomer)
	}
	c, err := referencedb.CustomerByID(s.db.With(ctx), p.CompanyID, n)
	return c, core.NotFoundAs(err, whatCustomer)
}

func customerNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		c, err := referencedb.CustomerByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return c.ID, nil
	}, self, MsgCustomerNameTaken)
}

// CreateCustomer adds a customer to the company; its name must be new in the company.
func (s *Service) CreateCustomer(ctx context.Context, p core.Principal, f CustomerForm) (*referencedb.Customer, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	c := &referencedb.Customer{CompanyID: p.CompanyID, Name: f.Name, Platform: f.Platform, Email: f.Email, Phone: f.Phone,
		Country: f.Country, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := customerNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(referencedb.CreateCustomer(tx, c), MsgCustomerNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// UpdateCustomer changes one of the company's customers; its name must stay unique in the company.
func (s *Service) UpdateCustomer(ctx context.Context, p core.Principal, id string, f CustomerForm) (*referencedb.Customer, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatCustomer)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var c *referencedb.Customer
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if c, err = referencedb.CustomerByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatCustomer)
		}
		if err := customerNameFree(tx, p.CompanyID, f.Name, c.ID); err != nil {
			return err
		}
		c.Name, c.Platform, c.Email, c.Phone, c.Country, c.Remark = f.Name, f.Platform, f.Email, f.Phone, f.Country, f.Remark
		c.UpdatedAt = s.now.Stamp()
		return core.DuplicateAs(referencedb.UpdateCustomer(tx, c), MsgCustomerNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCustomer deletes one of the company's customers.
func (s *Service) DeleteCustomer(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatCustomer)
	}
	return core.NotFoundAs(referencedb.DeleteCustomer(s.db.With(ctx), p.CompanyID, n), whatCustomer)
}
