package core

import (
	"context"
	"time"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
)

// Principal is who a request acts for.
type Principal struct {
	UserID    int64
	CompanyID int64
	LoginType string
	LoginTime time.Time
	Token     string
}

// Clock is the service's clock; tests move it to expire codes and sessions.
type Clock func() time.Time

// Stamp is the clock's time as rows store it: UTC, to the microsecond, so that an instant read back compares equal
// on SQLite and PostgreSQL.
func (c Clock) Stamp() time.Time { return c().UTC().Truncate(time.Microsecond) }

// CurrentUser loads the signed-in user with profile and company. A session whose user is gone has ended.
func CurrentUser(ctx context.Context, db *models.DB, p Principal) (*accountsdb.User, error) {
	u, err := accountsdb.UserInCompany(db.With(ctx), p.CompanyID, p.UserID)
	if models.IsNotFound(err) {
		return nil, ErrNoSession
	}
	return u, err
}
