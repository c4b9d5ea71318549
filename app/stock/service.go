// Package stock owns warehouses and what is in them: the stock list, the ledger, and the inbound and outbound
// documents that move stock (through models.MoveStock, the one way stock changes).
package stock

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Service is the stock domain.
type Service struct {
	db  *models.DB
	now core.Clock
	// timeZone is the zone of the date filters.
	timeZone *time.Location
	numbers  *core.Numbers
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, numbers *core.Numbers) *Service {
	return &Service{db: db, now: now, timeZone: timeZone, numbers: numbers}
}
