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
	// values keeps each company's 库存货值 of a day until its stock, warehouses or products' costs and names change
	// (stockdb.ValueGeneration): valuing a million stock lines takes seconds, a page of them kept microseconds.
	values *core.Answers[*valueBase]
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, numbers *core.Numbers) *Service {
	return &Service{db: db, now: now, timeZone: timeZone, numbers: numbers, values: core.NewAnswers[*valueBase](maxKeptValueLines)}
}
