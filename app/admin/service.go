// Package admin owns who may do what inside a company: the product menu and its button permissions, each user's
// compiled menu, roles and their grants, departments, sub-users, the operation log and each user's column layouts.
package admin

import (
	"time"

	"sellerhub/app/accounts"
	"sellerhub/app/core"
	"sellerhub/models"
)

// Deps is what the admin service is built from.
type Deps struct {
	DB *models.DB
	// Accounts ends the sessions of disabled users and of users whose password an admin resets.
	Accounts *accounts.Service
	Menus    *core.MenuCache
	Now      core.Clock
	// PlatformAdmins may change the product menu shared by every company; TimeZone is the zone of date filters.
	PlatformAdmins []string
	TimeZone       *time.Location
}

// Service is the admin domain.
type Service struct {
	db             *models.DB
	accounts       *accounts.Service
	menus          *core.MenuCache
	now            core.Clock
	platformAdmins []string
	timeZone       *time.Location
}

// New builds the service.
func New(d Deps) *Service {
	return &Service{db: d.DB, accounts: d.Accounts, menus: d.Menus, now: d.Now, platformAdmins: d.PlatformAdmins,
		timeZone: d.TimeZone}
}
