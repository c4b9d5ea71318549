package stock

import (
	"context"
	"regexp"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
)

// Messages of the address calls (仓库地址, 发货地址).
const (
	MsgAddressWarehouseEmpty = "请选择仓库"
	MsgAddressWarehouseFBA   = "FBA仓的地址由亚马逊提供，不能填写"
	MsgAddressCountryBad     = "国家/地区应为两位字母代码，如CN、US"
	MsgAddressPhoneBad       = "电话只能包含数字、空格和+-()"
	MsgAddressEmailBad       = "邮箱格式不正确"
)

// Button permissions of the address screens.
const (
	PermissionWarehouseAddressAdd    = "erp:wh:address:add"
	PermissionWarehouseAddressEdit   = "erp:wh:address:edit"
	PermissionWarehouseAddressDelete = "erp:wh:address:delete"
	PermissionShipFromAddressAdd     = "erp:address:add"
	PermissionShipFromAddressEdit    = "erp:address:edit"
	PermissionShipFromAddressDelete  = "erp:address:delete"
)

var (
	countryCode = regexp.MustCompile(`^[A-Z]{2}$`)
	phoneNumber = regexp.MustCompile(`^[0-9+\-() ]{5,20}$`)
	email       = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
)

// addressWhat names an address of a kind in messages.
func addressWhat(kind string) string {
	if kind == stockdb.AddressWarehouse {
		return "仓库地址"
	}
	return "发货地址"
}

// AddressForm is an address as the add and edit forms send it, with Amazon's lengths. A warehouse address names
// its warehouse (own or overseas); a ship-from address none.
type AddressForm struct {
	WarehouseID     string `json:"warehouseId"`
	Name            string `json:"name"`
	CompanyName     string `json:"companyName"`
	AddressLine1    string `json:"addressLine1"`
	AddressLine2    string `json:"addressLine2"`
	City            string `json:"city"`
	StateOrProvince string `json:"stateOrProvince"`
	PostalCode      string `json:"postalCode"`
	CountryCode     string `json:"countryCode"`
	Phone           string `json:"phone"`
	Email           string `json:"email"`
	IsDefault       bool   `json:"isDefault"`
	Remark          string `json:"remark"`
}

func (f *AddressForm) check() error {
	err := core.CheckFields(core.Required(&f.Name, "联系人", 50), core.Optional(&f.CompanyName, "公司名称", 50),
		core.Required(&f.AddressLine1, "地址1", 180), core.Optional(&f.AddressLine2, "地址2", 60), core.Required(&f.City, "城市", 50),
		core.Optional(&f.StateOrProvince, "州/省", 64), core.Required(&f.PostalCode, "邮编", 32),
		core.Required(&f.CountryCode, "国家/地区", 2), core.Required(&f.Phone, "电话", 20), core.Optional(&f.Email, "邮箱", 100),
		core.Optional(&f.Remark, "备注", 200))
	if err != nil {
		return err
	}
	f.CountryCode = strings.ToUpper(f.CountryCode)
	switch {
	case !countryCode.MatchString(f.CountryCode):
		return core.Invalid(MsgAddressCountryBad)
	case !phoneNumber.MatchString(f.Phone):
		return core.Invalid(MsgAddressPhoneBad)
	case f.Email != "" && !email.MatchString(f.Email):
		return core.Invalid(MsgAddressEmailBad)
	}
	return nil
}

// AddressQuery is the body of an address list: the page, a part of the contact, company, city or first line,
// and a warehouse.
type AddressQuery struct {
	core.PageRequest
	Search      string `json:"search"`
	WarehouseID string `json:"warehouseId"`
}

// AddressPage lists a page of the company's addresses of a kind, the default first.
func (s *Service) AddressPage(ctx context.Context, p core.Principal, kind string, q AddressQuery) ([]stockdb.AddressRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := stockdb.AddressFilter{Kind: kind, Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	if w := strings.TrimSpace(q.WarehouseID); w != "" {
		var ok bool
		if f.WarehouseID, ok = core.ParseID(w); !ok {
			return []stockdb.AddressRow{}, 0, r, nil
		}
	}
	rows, total, err := stockdb.AddressPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Address loads one of the company's addresses of a kind.
func (s *Service) Address(ctx context.Context, p core.Principal, kind, id string) (*stockdb.AddressRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(addressWhat(kind))
	}
	a, err := stockdb.AddressByID(s.db.With(ctx), p.CompanyID, kind, n)
	return a, core.NotFoundAs(err, addressWhat(kind))
}

// SaveAddress adds (id "") or changes one of the company's addresses of a kind; marked default, the others of
// its kind are not any more.
func (s *Service) SaveAddress(ctx context.Context, p core.Principal, kind, id string, f AddressForm) (*stockdb.AddressRow, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	a := &stockdb.Address{CompanyID: p.CompanyID, Kind: kind, Name: f.Name, CompanyName: f.CompanyName, AddressLine1: f.AddressLine1,
		AddressLine2: f.AddressLine2, City: f.City, StateOrProvince: f.StateOrProvince, PostalCode: f.PostalCode,
		CountryCode: f.CountryCode, Phone: f.Phone, Email: f.Email, IsDefault: f.IsDefault, Remark: f.Remark,
		CreatedAt: s.now.Stamp(), UpdatedAt: s.now.Stamp()}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if kind == stockdb.AddressWarehouse {
			w, ok := core.ParseID(f.WarehouseID)
			if !ok {
				return core.Invalid(MsgAddressWarehouseEmpty)
			}
			found, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, w)
			switch {
			case models.IsNotFound(err):
				return core.Invalid(MsgDocWarehouseMissing)
			case err != nil:
				return err
			case found.Kind == stockdb.WarehouseFBA:
				return core.Refused(MsgAddressWarehouseFBA)
			}
			a.WarehouseID = &w
		}
		if id == "" {
			return stockdb.SaveAddress(tx, a, true)
		}
		n, ok := core.ParseID(id)
		if !ok {
			return core.NotFound(addressWhat(kind))
		}
		old, err := stockdb.AddressByID(tx, p.CompanyID, kind, n)
		if err != nil {
			return core.NotFoundAs(err, addressWhat(kind))
		}
		a.ID, a.CreatedAt = n, old.CreatedAt
		return stockdb.SaveAddress(tx, a, false)
	})
	if err != nil {
		return nil, err
	}
	return stockdb.AddressByID(s.db.With(ctx), p.CompanyID, kind, a.ID)
}

// DeleteAddress deletes one of the company's addresses of a kind.
func (s *Service) DeleteAddress(ctx context.Context, p core.Principal, kind, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(addressWhat(kind))
	}
	return core.NotFoundAs(stockdb.DeleteAddress(s.db.With(ctx), p.CompanyID, kind, n), addressWhat(kind))
}
