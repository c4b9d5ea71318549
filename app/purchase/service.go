// Package purchase owns purchasing: purchase orders (采购单) from draft to approval, ordering, receipts in parts
// into a chosen warehouse, returns to the supplier and short closes, each movement through stockdb.MoveStock, and
// the weighted average cost each receipt gives the product (product_costs, which 利润报告's 商品成本 reads).
package purchase

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
)

// Service is the purchasing domain.
type Service struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
	numbers  *core.Numbers
	finance  *finance.Service
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, numbers *core.Numbers, fin *finance.Service) *Service {
	return &Service{db: db, now: now, timeZone: timeZone, numbers: numbers, finance: fin}
}

// today is the date of the company's zone now (yyyy-MM-dd).
func (s *Service) today() string { return s.now().In(s.timeZone).Format(time.DateOnly) }
