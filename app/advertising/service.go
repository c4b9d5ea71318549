// Package advertising is what a seller reads and does with the synced Sponsored Products: 广告管理's campaigns, ad
// groups, keywords and product ads with their figures over any days, in the profile's currency and in CNY
// (through finance, the one conversion), and the changes a seller sends to Amazon from there, each recorded in
// 操作记录. The data comes from the data sync's advertising kinds.
package advertising

import (
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/stores"
	"sellerhub/models"
)

// Service is the advertising domain.
type Service struct {
	db      *models.DB
	now     core.Clock
	finance *finance.Service
	// stores opens a store group's advertising authorisation for the changes sent to Amazon.
	stores *stores.Service
	// timeZone is Beijing time: the months the exchange rates are set for.
	timeZone *time.Location
}

// New builds the service.
func New(db *models.DB, now core.Clock, timeZone *time.Location, fin *finance.Service, st *stores.Service) *Service {
	return &Service{db: db, now: now, finance: fin, stores: st, timeZone: timeZone}
}
