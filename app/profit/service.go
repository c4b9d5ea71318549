// Package profit owns what a company earned: the profit report (利润报告) per seller SKU, store and month, from
// Amazon's settlements where they cover a month (otherwise from the orders and Amazon's fee estimates, marked
// 预估), less the paired local products' cost and the first-leg freight (头程) spread over the shipped units as
// the company's 利润配置 says, in each currency and in CNY (through finance, the one conversion), with the lines
// behind every figure.
package profit

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
)

// PermissionConfigEdit is 利润配置's button permission: changing how freight is spread. Reading the setting needs
// the screen.
const PermissionConfigEdit = "amz:profit:config:edit"

// Service is the profit domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	finance *finance.Service
	// timeZone is Beijing time: the report's months, and the months the exchange rates are set for.
	timeZone *time.Location
	// answers are the report's answers kept until what they read changes (answers.go).
	answers *core.Answers[*answer]
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, fin *finance.Service) *Service {
	return &Service{db: db, now: now, finance: fin, timeZone: timeZone, answers: core.NewAnswers[*answer](maxKeptLines)}
}
