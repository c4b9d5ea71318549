// Package catalog owns a company's products: local products with their pictures, brands, categories,
// suppliers, the .xlsx product sheets, and the Amazon listings paired with products (SKU配对).
package catalog

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Service is the catalogue domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	uploads *core.Uploads
	// timeZone is the company's: the date a cost change holds from, today unless the seller dates it back.
	timeZone *time.Location
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, uploads *core.Uploads) *Service {
	return &Service{db: db, now: now, uploads: uploads, timeZone: timeZone}
}
