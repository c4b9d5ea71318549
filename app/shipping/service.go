// Package shipping owns FBA shipments: shipment plans, shipments made from plans, by hand or imported, the
// handling steps that move their stock, and the pick list.
package shipping

import (
	"sellerhub/app/core"
	"sellerhub/app/stores"
	"sellerhub/models"
)

// Service is the shipping domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	numbers *core.Numbers
	// stores opens a store's Amazon authorisation, for the Fulfillment Inbound API (inbound.go).
	stores *stores.Service
}

// New builds the service.
func New(db *models.DB, now core.Clock, numbers *core.Numbers, st *stores.Service) *Service {
	return &Service{db: db, now: now, numbers: numbers, stores: st}
}
