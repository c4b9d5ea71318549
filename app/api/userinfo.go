package api

import (
	"net/url"
	"strconv"
	"time"

	accountsdb "sellerhub/models/accounts"
)

// UserInfo is the users/info shape, also returned by auth/login (with Session) and users/register. Company is the
// company's name, which clients show as it is; its id is UserInfo.CompanyID.
type UserInfo struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Image    string      `json:"image"`
	Company  string      `json:"company"`
	Account  string      `json:"account"`
	UserInfo UserProfile `json:"userinfo"`
	Session  string      `json:"session,omitempty"`
	// User, Email and Tel are what an older client's personal centre reads (users/info only; WithAccount).
	User  *OlderAccount `json:"user,omitempty"`
	Email *string       `json:"email,omitempty"`
	Tel   *string       `json:"tel,omitempty"`
}

// OlderAccount is users/info's user object as the older clients read it: the account, its type (ftype: manager
// for the company's owner, actor for a sub-user, the older system's words), whether it has an e-mail address,
// and when it stops working (losingeffect, yyyy-MM-dd HH:mm:ss; null when it never does).
type OlderAccount struct {
	Account      string  `json:"account"`
	Ftype        string  `json:"ftype"`
	HasEmail     bool    `json:"hasEmail"`
	Losingeffect *string `json:"losingeffect"`
}

// The older system's account types (ftype).
const (
	FtypeOwner   = "manager"
	FtypeSubUser = "actor"
)

// WithAccount adds the fields an older client's personal centre reads to the info of u: the account, its type,
// e-mail and expiry (in loc), the e-mail and the phone number.
func (i UserInfo) WithAccount(u *accountsdb.User, loc *time.Location) UserInfo {
	ftype := FtypeSubUser
	if u.IsOwner {
		ftype = FtypeOwner
	}
	acc := &OlderAccount{Account: u.Account, Ftype: ftype, HasEmail: u.Profile.Email != ""}
	if u.ExpiresAt != nil {
		at := FormatTime(u.ExpiresAt, loc)
		acc.Losingeffect = &at
	}
	email, tel := u.Profile.Email, u.Profile.Mobile
	i.User, i.Email, i.Tel = acc, &email, &tel
	return i
}

// UserProfile is the nested userinfo object. CompanyName is URL-encoded, as the clients decode it.
type UserProfile struct {
	Name        string `json:"name"`
	CompanyName string `json:"companyname"`
	CompanyID   string `json:"companyid"`
	Email       string `json:"email"`
	Mobile      string `json:"mobile"`
	Image       string `json:"image"`
}

// NewUserInfo builds the info shape of a user loaded with profile and company.
func NewUserInfo(u *accountsdb.User) UserInfo {
	return UserInfo{
		ID:      strconv.FormatInt(u.ID, 10),
		Name:    u.Profile.Name,
		Image:   u.Profile.Image,
		Company: u.Company.Name,
		Account: u.Account,
		UserInfo: UserProfile{
			Name:        u.Profile.Name,
			CompanyName: url.PathEscape(u.Company.Name),
			CompanyID:   strconv.FormatInt(u.CompanyID, 10),
			Email:       u.Profile.Email,
			Mobile:      u.Profile.Mobile,
			Image:       u.Profile.Image,
		},
	}
}

// BoundAccount is one entry of users/findbindlist: an account of the signed-in user's bind group, Current for the
// one the session is signed in as.
type BoundAccount struct {
	ID        string      `json:"id"`
	Account   string      `json:"account"`
	Name      string      `json:"name"`
	Image     string      `json:"image"`
	CompanyID string      `json:"companyid"`
	UserInfo  UserProfile `json:"userinfo"`
	Current   bool        `json:"current"`
}

// NewBoundAccount builds a findbindlist entry of a user loaded with profile and company.
func NewBoundAccount(u *accountsdb.User, current bool) BoundAccount {
	info := NewUserInfo(u)
	return BoundAccount{ID: info.ID, Account: info.Account, Name: info.Name, Image: info.Image,
		CompanyID: info.UserInfo.CompanyID, UserInfo: info.UserInfo, Current: current}
}

// UserDetail is the users/detail shape: the account as the personal center shows it.
type UserDetail struct {
	ID            string     `json:"id"`
	Account       string     `json:"account"`
	Name          string     `json:"name"`
	Email         string     `json:"email"`
	Mobile        string     `json:"mobile"`
	Image         string     `json:"image"`
	CompanyID     string     `json:"companyid"`
	CompanyName   string     `json:"companyname"`
	IsOwner       bool       `json:"isOwner"`
	Status        string     `json:"status"`
	Roles         []RoleInfo `json:"roles"`
	CreatedAt     string     `json:"createdAt"`
	LastLoginTime string     `json:"lastLoginTime"`
}

// RoleInfo names one role.
type RoleInfo struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// NewUserDetail builds the detail shape.
func NewUserDetail(u *accountsdb.User, roles []accountsdb.Role, loc *time.Location) UserDetail {
	d := UserDetail{
		ID: strconv.FormatInt(u.ID, 10), Account: u.Account, Name: u.Profile.Name, Email: u.Profile.Email,
		Mobile: u.Profile.Mobile, Image: u.Profile.Image, CompanyID: strconv.FormatInt(u.CompanyID, 10),
		CompanyName: u.Company.Name, IsOwner: u.IsOwner, Status: u.Status, Roles: []RoleInfo{},
		CreatedAt: FormatTime(&u.CreatedAt, loc), LastLoginTime: FormatTime(u.LastLoginAt, loc),
	}
	for _, r := range roles {
		d.Roles = append(d.Roles, RoleInfo{ID: strconv.FormatInt(r.ID, 10), Name: r.Name})
	}
	return d
}
