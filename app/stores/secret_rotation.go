package stores

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Messages of 轮换应用密钥 (the product's application, through Amazon's Application Management API).
const (
	MsgRotateNoApp   = "未配置亚马逊应用，无法轮换应用密钥"
	MsgRotateNoQueue = "未配置接收新密钥的 SQS 队列（SELLERHUB_AMAZON_SECRET_QUEUE_URL 及 AWS 密钥），无法自动轮换；" +
		"请在开发者中心轮换应用密钥后更新配置"
	MsgRotateNotEnrolled = "该应用未在开发者中心登记接收新密钥的通知队列，亚马逊拒绝轮换，应用密钥未改变。" +
		"请在开发者中心的通知设置（Notification Preferences）中为 Application Client New Secret 填写 SQS 队列后再试"
	MsgRotateTooEarly = "应用密钥 %s 到期，到期前 30 天内才可轮换"
	MsgRotateFailed   = "亚马逊暂时无法轮换应用密钥，应用密钥未改变，请稍后再试"
	MsgRotateNoSecret = "亚马逊已受理轮换，但新密钥尚未送达通知队列；原密钥仍可使用，请一分钟后再点“轮换应用密钥”收取新密钥"
)

// secretArrivalWait is how long a rotation waits for Amazon's notification on the queue.
var secretArrivalWait = 60 * time.Second

// rotatedRecheck is how often an instance looks for a rotation made by another.
const rotatedRecheck = time.Minute

type rotatedCache struct {
	mu         sync.Mutex
	checked    time.Time
	configured string // fingerprint of the configured secret the answer is for
	secret     string
}

// rotatedSecret is the secret of the last rotation while the configuration still holds the secret it replaced,
// else "". A failed look-up keeps the last answer (the configured secret before any).
func (s *Service) rotatedSecret(configured amazonApp) string {
	if configured.ClientID == "" {
		return ""
	}
	c := &s.amazon.rotated
	c.mu.Lock()
	defer c.mu.Unlock()
	fp := fingerprint(configured)
	if c.configured == fp && time.Since(c.checked) < rotatedRecheck {
		return c.secret
	}
	ctx := context.Background()
	row, err := storesdb.AppCredentialOf(s.db.With(ctx), configured.ClientID)
	secret := ""
	switch {
	case models.IsNotFound(err):
	case err != nil:
		s.log.Error("read the rotated Amazon application secret", slog.Any("err", err))
		return c.secret
	case row.RotatedSecret != nil && row.ReplacedFingerprint != nil && *row.ReplacedFingerprint == fp:
		keys, err := s.amazonKeys(ctx)
		if err == nil {
			secret, err = keys.Cipher.Decrypt(*row.RotatedSecret)
		}
		if err != nil {
			s.log.Error("open the rotated Amazon application secret", slog.Any("err", err))
			return c.secret
		}
	}
	c.checked, c.configured, c.secret = time.Now(), fp, secret
	return secret
}

// forget makes the next productApp look the rotated secret up again.
func (c *rotatedCache) forget() {
	c.mu.Lock()
	c.checked = time.Time{}
	c.mu.Unlock()
}

// rotating lets one rotation run at a time in this instance (Amazon allows one a minute).
var rotating sync.Mutex

// RotateProductSecret is 轮换应用密钥 of the product's application: Amazon makes a new client secret
// (rotateApplicationClientSecret) and sends it to the registered SQS queue; the product keeps it sealed from the
// notification's time on and uses it at once. A new secret already waiting on the queue (a rotation whose
// notification came late) is taken without asking for another. Only within the secret's last 30 days, or once
// refused. The error is a core.Refused (or Failed, for Amazon's trouble) with the Chinese message.
func (s *Service) RotateProductSecret(ctx context.Context) (*SecretInfo, error) {
	if s.SellerAppMissing() != "" {
		return nil, core.Refused(MsgRotateNoApp)
	}
	q := s.cfg.Amazon.SecretQueue
	if q.URL == "" || q.AccessKey == "" || q.SecretKey.Reveal() == "" {
		return nil, core.Refused(MsgRotateNoQueue)
	}
	rotating.Lock()
	defer rotating.Unlock()
	s.amazon.rotated.forget()
	app := s.productApp()
	row, err := s.productCredential(s.db.With(ctx))
	if err != nil {
		return nil, err
	}
	if row != nil {
		if state, due := secretState(row.IssuedAt, row.RefusedAt, s.now()); state == SecretOK {
			return nil, core.Refused(fmt.Sprintf(MsgRotateTooEarly, due.In(s.cfg.TimeZone).Format(time.DateOnly)))
		}
	}
	queue := &amazon.SecretQueue{URL: q.URL, AccessKey: q.AccessKey, SecretKey: q.SecretKey.Reveal(), Region: q.Region}
	fresh, err := queue.TakeNewSecret(ctx, app.ClientID, 0)
	if errors.Is(err, amazon.ErrNoNewSecret) {
		if err := amazon.RotateClientSecret(ctx, s.lwa(app), s.sellingPartnerEndpoint("NA")); err != nil {
			return nil, s.rotationRefused(ctx, err)
		}
		fresh, err = queue.TakeNewSecret(ctx, app.ClientID, secretArrivalWait)
		if errors.Is(err, amazon.ErrNoNewSecret) {
			return nil, core.Failed(MsgRotateNoSecret)
		}
	}
	if err != nil {
		s.log.ErrorContext(ctx, "read the new client secret from the queue", slog.Any("err", err))
		return nil, core.Failed(MsgRotateFailed)
	}
	if err := s.saveRotated(ctx, app, fresh); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "the Amazon application's client secret was rotated", slog.String("client_id", app.ClientID),
		slog.Time("old_secret_ends", fresh.OldSecretExpiryTime))
	row, err = s.productCredential(s.db.With(ctx))
	if err != nil {
		return nil, err
	}
	if row == nil {
		return nil, fmt.Errorf("the rotated secret of %s is not on record", app.ClientID)
	}
	state, due := secretState(row.IssuedAt, row.RefusedAt, s.now())
	return &SecretInfo{State: state, Due: due}, nil
}

// rotationRefused tells why Amazon did not rotate, in the words an admin can act on.
func (s *Service) rotationRefused(ctx context.Context, err error) error {
	switch {
	case amazon.IsNotEnrolled(err):
		return core.Refused(MsgRotateNotEnrolled)
	case amazon.IsInvalidClient(err):
		return core.Refused(MsgClientInvalid)
	}
	s.log.ErrorContext(ctx, "rotateApplicationClientSecret failed", slog.Any("err", err))
	return core.Failed(MsgRotateFailed)
}

// saveRotated keeps the new secret sealed, starting its 180 days at the notification's time.
func (s *Service) saveRotated(ctx context.Context, app amazonApp, fresh *amazon.NewSecret) error {
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return err
	}
	sealed, err := keys.Cipher.Encrypt(fresh.NewClientSecret)
	if err != nil {
		return err
	}
	issued := fresh.EventTime
	if issued.IsZero() {
		issued = s.now.Stamp()
	}
	next := amazonApp{ClientID: app.ClientID, ClientSecret: fresh.NewClientSecret}
	if err := storesdb.SaveRotatedSecret(s.db.With(ctx), app.ClientID, fingerprint(s.configuredApp()), fingerprint(next),
		sealed, issued.UTC()); err != nil {
		return err
	}
	s.amazon.rotated.forget()
	return nil
}
