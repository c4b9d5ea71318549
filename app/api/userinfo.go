package api

import (
	"net/url"
	"strconv"
	"time"

	"sellerhub/models"
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
func NewUserInfo(u *models.User) UserInfo {
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
func NewBoundAccount(u *models.User, current bool) BoundAccount {
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
func NewUserDetail(u *models.User, roles []models.Role, loc *time.Location) UserDetail {
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
