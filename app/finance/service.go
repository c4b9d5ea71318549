// Package finance owns money across currencies: the company's exchange rates to CNY (汇率), the one conversion
// every report uses (RateBook.ToCNY), and the profit calculator (利润计算器) with Amazon's fee tables and the
// company's saved plans (计算方案).
package finance

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Button permissions of the 汇率 and 利润计算器 screens. Reading needs the screen (its menu entry).
const (
	PermissionRateEdit   = "erp:finance:rate:edit"
	PermissionPlanAdd    = "amz:profit:plan:add"
	PermissionPlanEdit   = "amz:profit:plan:edit"
	PermissionPlanDelete = "amz:profit:plan:delete"
)

// Service is the finance domain.
type Service struct {
	db  *models.DB
	now core.Clock
	// timeZone places an instant in its month: a rate set for November applies to what happened in November,
	// Beijing time.
	timeZone *time.Location
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location) *Service {
	return &Service{db: db, now: now, timeZone: timeZone}
}
