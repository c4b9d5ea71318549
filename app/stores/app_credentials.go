package stores

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"time"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	messagesdb "sellerhub/models/messages"
	storesdb "sellerhub/models/stores"
)

// MsgClientInvalid is a sync's failure when Amazon refuses the application's client secret (invalid_client):
// authorising the store again cannot help; the secret must be replaced (Amazon ends each one after 180 days).
const MsgClientInvalid = "应用密钥已失效，请更新应用密钥"

// The secret states 店铺管理 shows beside a seller authorisation.
const (
	SecretOK      = "ok"
	SecretSoon    = "soon"    // ends within 30 days
	SecretExpired = "expired" // past its 180 days, not refused yet
	SecretRefused = "refused" // Amazon answered invalid_client
)

// secretWarnAhead is how long before its end a secret is shown as ending soon; reminders go 30 and 7 days ahead.
const secretWarnAhead = 30 * 24 * time.Hour

// The nearer day first: a secret found late gets its 7-day reminder alone, not the 30-day one with it.
var reminderDays = []int{7, 30}

// AppRef names the application a seller's calls go through: its client id and its secret's fingerprint; Own for
// the seller's own application.
type AppRef struct {
	ClientID    string
	Fingerprint string
	Own         bool
}

// fingerprint tells one secret of a client id from another without keeping it.
func fingerprint(app amazonApp) string {
	sum := sha256.Sum256([]byte(app.ClientID + "\x00" + app.ClientSecret))
	return hex.EncodeToString(sum[:])
}

// variablesToSet are what an administrator sets to give the product its Amazon application.
const variablesToSet = "SELLERHUB_AMAZON_APP_ID, SELLERHUB_AMAZON_CLIENT_ID, SELLERHUB_AMAZON_CLIENT_SECRET " +
	"(SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED: the day Amazon issued the secret)"

// RecordProductApp runs at start: without an Amazon application it logs the variables to set; with one it
// remembers its secret (a new secret starts its 180 days and lifts an earlier refusal) and logs when the secret
// is refused, expired or ending within 30 days.
func (s *Service) RecordProductApp(ctx context.Context) error {
	if s.SellerAppMissing() != "" {
		s.log.WarnContext(ctx, "no Amazon application configured: 授权 is refused until these are set", slog.String("set", variablesToSet))
		return nil
	}
	issued := s.cfg.Amazon.ClientSecretIssued
	if issued.IsZero() {
		issued = s.now.Stamp()
	}
	app := s.productApp()
	row, err := storesdb.RecordAppCredential(s.db.With(ctx), app.ClientID, fingerprint(app), issued)
	if err != nil {
		return fmt.Errorf("record the Amazon application's secret: %w", err)
	}
	// A rotated secret's day is the rotation's, not the configured secret's.
	if !s.cfg.Amazon.ClientSecretIssued.IsZero() && row.RotatedSecret == nil && !row.IssuedAt.Equal(issued) {
		// The administrator named the day after the product had first seen the secret: the day named holds.
		if err := storesdb.SetAppCredentialIssued(s.db.With(ctx), app.ClientID, issued); err != nil {
			return err
		}
		row.IssuedAt = issued
	}
	switch state, due := secretState(row.IssuedAt, row.RefusedAt, s.now()); state {
	case SecretRefused, SecretExpired:
		s.log.ErrorContext(ctx, "the Amazon application's client secret is no longer valid: syncs of stores on it stop until it is replaced",
			slog.String("client_id", app.ClientID), slog.Time("due", due), slog.String("set", "SELLERHUB_AMAZON_CLIENT_SECRET, SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED"))
	case SecretSoon:
		s.log.WarnContext(ctx, "the Amazon application's client secret ends soon: rotate it in the developer console",
			slog.String("client_id", app.ClientID), slog.Time("due", due))
	}
	return nil
}

// secretState is a secret's state and the day it ends.
func secretState(issued time.Time, refused *time.Time, now time.Time) (string, time.Time) {
	due := issued.Add(storesdb.SecretLifetime)
	switch {
	case refused != nil:
		return SecretRefused, due
	case !now.Before(due):
		return SecretExpired, due
	case due.Sub(now) <= secretWarnAhead:
		return SecretSoon, due
	}
	return SecretOK, due
}

// SecretInfo is a seller authorisation's application secret as 店铺管理 shows it.
type SecretInfo struct {
	State string
	Due   time.Time
}

// secretsOf tells each seller's secret: its own application's, or the product's (nil when unknown, before the
// product first started with its application).
func (s *Service) secretsOf(db *models.DB, sellers []storesdb.Seller) (map[int64]*SecretInfo, error) {
	out := map[int64]*SecretInfo{}
	product, err := s.productCredential(db)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for i := range sellers {
		seller := &sellers[i]
		if seller.ClientID != "" {
			if seller.ClientSecretIssuedAt != nil {
				state, due := secretState(*seller.ClientSecretIssuedAt, seller.ClientRefusedAt, now)
				out[seller.ID] = &SecretInfo{State: state, Due: due}
			}
			continue
		}
		if product != nil {
			state, due := secretState(product.IssuedAt, product.RefusedAt, now)
			out[seller.ID] = &SecretInfo{State: state, Due: due}
		}
	}
	return out, nil
}

// productCredential is the record of the product's application's current secret, nil without an application or
// before the product first started with this secret.
func (s *Service) productCredential(db *models.DB) (*storesdb.AppCredential, error) {
	if s.cfg.Amazon.ClientID == "" {
		return nil, nil
	}
	row, err := storesdb.AppCredentialOf(db, s.cfg.Amazon.ClientID)
	switch {
	case models.IsNotFound(err):
		return nil, nil
	case err != nil:
		return nil, err
	case row.Fingerprint != fingerprint(s.productApp()):
		return nil, nil
	}
	return row, nil
}

// RefuseApp records Amazon's refusal (invalid_client) of the application a seller's calls went through.
func (s *Service) RefuseApp(ctx context.Context, seller *storesdb.Seller, app AppRef) error {
	db, now := s.db.With(ctx), s.now.Stamp()
	if app.Own {
		return storesdb.RefuseSellerSecret(db, seller.CompanyID, seller.ID, now)
	}
	if err := storesdb.RefuseAppCredential(db, app.ClientID, app.Fingerprint, now); err != nil {
		return err
	}
	s.log.ErrorContext(ctx, "Amazon refused the application's client secret (invalid_client): syncs stop until it is replaced",
		slog.String("client_id", app.ClientID), slog.String("set", "SELLERHUB_AMAZON_CLIENT_SECRET, SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED"))
	return nil
}

// ProductAppRefused tells whether Amazon refused the product's application's current secret: the stores on it
// do not sync until the product starts with a new one.
func (s *Service) ProductAppRefused(ctx context.Context) (bool, error) {
	row, err := s.productCredential(s.db.With(ctx))
	return row != nil && row.RefusedAt != nil, err
}

// RemindSecrets sends the 30- and 7-days-ahead reminders of secrets that end: a seller's own application's to its
// company's admins, the product's application's to the log (its operator sets the variables). Each reminder goes
// once per secret, whichever instance runs it.
func (s *Service) RemindSecrets(ctx context.Context) (int, error) {
	db, now := s.db.With(ctx), s.now.Stamp()
	sent := 0
	for _, days := range reminderDays {
		lifetimeLeft := storesdb.SecretLifetime - time.Duration(days)*24*time.Hour
		due, err := storesdb.SellerSecretsIssuedBefore(db, now.Add(-lifetimeLeft), days)
		if err != nil {
			return sent, err
		}
		for _, d := range due {
			n, err := s.remindSeller(ctx, d, days)
			if err != nil {
				return sent, err
			}
			sent += n
		}
		row, err := s.productCredential(db)
		if err != nil {
			return sent, err
		}
		if row == nil || row.RefusedAt != nil || now.Before(row.IssuedAt.Add(lifetimeLeft)) {
			continue
		}
		if first, err := storesdb.RemindAppCredential(db, row.ClientID, days); err == nil && first {
			s.log.WarnContext(ctx, "the Amazon application's client secret ends soon: rotate it in the developer console and set the new one",
				slog.String("client_id", row.ClientID), slog.Time("due", row.IssuedAt.Add(storesdb.SecretLifetime)),
				slog.String("set", "SELLERHUB_AMAZON_CLIENT_SECRET, SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED"))
		}
	}
	return sent, nil
}

// remindSeller tells a company's admins that a store's own application's secret ends in days, once.
func (s *Service) remindSeller(ctx context.Context, d storesdb.SellerSecretDue, days int) (int, error) {
	sent := 0
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		first, err := storesdb.RemindSellerSecret(tx, d.CompanyID, d.ID, days)
		if err != nil || !first {
			return err
		}
		admins, err := accountsdb.CompanyAdmins(tx, d.CompanyID)
		if err != nil {
			return err
		}
		region, _ := storesdb.RegionByCode(d.Region)
		due := d.ClientSecretIssuedAt.Add(storesdb.SecretLifetime)
		left := int(math.Ceil(due.Sub(s.now()).Hours() / 24))
		content := fmt.Sprintf("店铺“%s”%s的亚马逊应用密钥将于 %s 到期（%d 天后）。请在开发者中心轮换应用密钥，"+
			"并在店铺管理中点“更新应用密钥”填入新密钥；到期后该店铺的数据同步将停止。", d.GroupName, region.Name,
			due.In(s.cfg.TimeZone).Format(time.DateOnly), max(left, 0))
		for _, id := range admins {
			n := &messagesdb.Notification{CompanyID: d.CompanyID, Title: "【系统提醒】亚马逊应用密钥即将到期", Content: content,
				Ftype: messagesdb.FtypeReminder, RecipientID: &id, CreatedAt: s.now.Stamp()}
			if err := messagesdb.CreateNotification(tx, n); err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	return sent, err
}
