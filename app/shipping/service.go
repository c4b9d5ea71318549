// Package shipping owns FBA shipments: shipment plans, shipments made from plans, by hand or imported, the
// handling steps that move their stock, and the pick list.
package shipping

import (
	"sellerhub/app/core"
	"sellerhub/models"
)

// Service is the shipping domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	numbers *core.Numbers
}

// New builds the service.
func New(db *models.DB, now core.Clock, numbers *core.Numbers) *Service {
	return &Service{db: db, now: now, numbers: numbers}
}
