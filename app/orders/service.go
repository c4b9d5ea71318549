// Package orders is what a seller reads of the synced Amazon orders: 订单管理 (every order, by store,
// marketplace, purchase dates, status, channel and order id, SKU or ASIN, with an order's items and what its
// settlements booked), 今日订单 and 退款订单 (the refunds of the settlement reports with the returns' reasons).
// Dates are counted in each marketplace's own zone, as Amazon counts them, or in Beijing time, as the user
// switches. It reads what amazondata imported and writes nothing.
package orders

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Permission of the orders screens beyond opening them.
const PermissionOrderExport = "amz:order:export"

// Service is the orders domain.
type Service struct {
	db  *models.DB
	now core.Clock
	// beijing is the zone of 北京时间, the product's own (the configuration's zone).
	beijing *time.Location
	// totals are the lists' counts kept until the next import (totals.go).
	totals *core.Answers[int64]
}

// New builds the service.
func New(db *models.DB, now core.Clock, beijing *time.Location) *Service {
	return &Service{db: db, now: now, beijing: beijing, totals: core.NewAnswers[int64](maxKeptTotals)}
}
