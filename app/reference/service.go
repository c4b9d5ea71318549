// Package reference owns a company's reference data: dictionaries and their items, tags and tag groups, clients
// and customers.
package reference

import (
	"sellerhub/app/core"
	"sellerhub/models"
)

// Service is the reference-data domain.
type Service struct {
	db     *models.DB
	now    core.Clock
	counts *core.Counts
}

// New builds the service.
func New(db *models.DB, now core.Clock) *Service {
	return &Service{db: db, now: now, counts: core.NewCounts(now)}
}
