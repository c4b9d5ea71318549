// Package claims finds the money Amazon owes a seller and follows it: 赔偿报告 lists what Amazon reimbursed, and
// 待索赔 (the audit) the claims the seller can still file, each with its evidence, the amount at stake and the
// deadline of Amazon's policy, marked 已提交 with a case id and settled when the reimbursement comes.
package claims

import (
	"sellerhub/app/core"
	"sellerhub/models"
	claimsdb "sellerhub/models/claims"
)

// Service is the claims domain.
type Service struct {
	db  *models.DB
	now core.Clock
}

// New builds the service.
func New(db *models.DB, now core.Clock) *Service { return &Service{db: db, now: now} }

// Today is the audit's day (UTC, yyyy-mm-dd): the one claims are opened, expired and counted down by.
func (s *Service) Today() string { return s.now().UTC().Format("2006-01-02") }

// The claim kinds, as the policies and the screen name them.
const (
	KindLost    = claimsdb.KindLost
	KindInbound = claimsdb.KindInbound
	KindReturn  = claimsdb.KindReturn
	KindFee     = claimsdb.KindFee
)
