// Package catalog owns a company's products: local products with their pictures, brands, categories,
// suppliers, the .xlsx product sheets, and the Amazon listings paired with products (SKU配对).
package catalog

import (
	"sellerhub/app/core"
	"sellerhub/models"
)

// Service is the catalogue domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	uploads *core.Uploads
}

// New builds the service.
func New(db *models.DB, now core.Clock, uploads *core.Uploads) *Service {
	return &Service{db: db, now: now, uploads: uploads}
}
