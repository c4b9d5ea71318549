// Package messages owns what reaches a user's inbox: announcements, reminders and messages, their delivery and
// read state, and the unread counts the shell's badge shows.
package messages

import (
	"sellerhub/app/admin"
	"sellerhub/app/core"
	"sellerhub/models"
)

// Service is the messages domain.
type Service struct {
	db *models.DB
	// access tells who may publish (a button permission of the user's compiled menu).
	access *admin.Service
	now    core.Clock
	counts *core.Counts
}

// New builds the service.
func New(db *models.DB, access *admin.Service, now core.Clock) *Service {
	return &Service{db: db, access: access, now: now, counts: core.NewCounts(now)}
}
