// Package sales owns what the synced orders say a company sold: the sales report (销售报表) by SKU, ASIN, local
// product, store or marketplace and day, week or month, and the orders' weekly and monthly summary (周/月汇总),
// in each currency and converted to CNY with the company's rates (through finance, the one conversion).
package sales

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
)

// Service is the sales domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	finance *finance.Service
	// timeZone is Beijing time: the dates of the 北京时间 switch, and the zone the rates' months are set in.
	timeZone *time.Location
	// answers are the report's answers kept until the next import (answers.go).
	answers *core.Answers[*answer]
	// dashboards are 首页's figures kept until the sales or the FBA stock change (dashboard.go).
	dashboards *core.Answers[*Dashboard]
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, fin *finance.Service) *Service {
	return &Service{db: db, now: now, finance: fin, timeZone: timeZone, answers: core.NewAnswers[*answer](maxKeptLines),
		dashboards: core.NewAnswers[*Dashboard](keptDashboards)}
}
