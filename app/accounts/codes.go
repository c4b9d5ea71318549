package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Purposes a code can be requested for (the ftype parameter).
const (
	PurposeRegister     = "register"
	PurposeLosePassword = "losepassword"
	PurposeChangePhone  = "changephone"
	PurposeChangeEmail  = "changeemail"
)

// SendCode makes a verification code for a phone ("sms") or e-mail ("email") target, stores its hash for 10
// minutes under a random key, sends it and returns the key. A code for a password reset of an unknown account is
// stored but not sent, so that the answer does not tell which accounts exist.
func (s *Service) SendCode(ctx context.Context, channel, target, purpose, clientIP string) (string, error) {
	target = core.NormalizeAccount(target)
	if channel == "email" {
		if target == "" {
			return "", core.Invalid(core.MsgEmailEmpty)
		}
		if !core.IsEmail(target) {
			return "", core.Invalid(core.MsgEmailBad)
		}
	} else {
		if target == "" {
			return "", core.Invalid(core.MsgMobileEmpty)
		}
		if !core.IsPhone(target) {
			return "", core.Invalid(core.MsgPhoneBad)
		}
	}
	if _, ok := purposeText[purpose]; !ok {
		return "", core.Invalid(core.MsgFtypeBad)
	}
	db := s.db.With(ctx)
	last, err := db.LatestCodeFor(target)
	if err != nil {
		return "", err
	}
	if !last.IsZero() && s.now().Sub(last) < codeResendAfter {
		return "", core.Limited(core.MsgCodeTooSoon)
	}
	if !s.codeRequests.Spend("ip:" + clientIP) {
		return "", core.Limited(core.MsgTooManyCodes)
	}
	key, code, err := newKeyAndCode()
	if err != nil {
		return "", err
	}
	now := s.now().UTC()
	v := &models.VerificationCode{CodeKey: key, Target: target, Purpose: purpose, CodeHash: codeHash(key, code),
		ClientIP: clientIP, ExpiresAt: now.Add(codeLifetime), CreatedAt: now}
	if err := db.SaveVerificationCode(v); err != nil {
		return "", err
	}
	if purpose == PurposeLosePassword {
		if _, err := db.UserByAccount(target); models.IsNotFound(err) {
			s.log.Info("verification code not sent: no such account", "target", target, "purpose", purpose)
			return key, nil
		} else if err != nil {
			return "", err
		}
	}
	var sendErr error
	core.Idle(ctx, func() {
		sendErr = s.sender.Send(ctx, CodeMessage{Channel: channel, Target: target, Code: code, Purpose: purpose})
	})
	if err := sendErr; err != nil {
		s.log.Error("verification code not delivered", "channel", channel, "target", target, "err", err)
		// Forget the code so that the 60 s lock does not hold back a retry of a send that never happened.
		_ = db.Delete(&models.VerificationCode{}, "code_key = ?", key).Error
		return "", core.Failed(core.MsgCodeSendFailed)
	}
	return key, nil
}

// CheckCode tells whether code is the live code under key, without using it up. target and purpose, when given,
// must be what the code was sent for. Each wrong guess counts; after five the code is dead.
func (s *Service) CheckCode(ctx context.Context, key, code, target, purpose string) error {
	_, err := s.checkCode(s.db.With(ctx), key, code, target, purpose)
	return err
}

func (s *Service) checkCode(db *models.DB, key, code, target, purpose string) (*models.VerificationCode, error) {
	if key == "" || code == "" {
		return nil, core.Invalid(core.MsgCodeInvalid)
	}
	v, err := db.VerificationCodeByKey(key)
	if models.IsNotFound(err) {
		return nil, core.Invalid(core.MsgCodeInvalid)
	} else if err != nil {
		return nil, err
	}
	if v.UsedAt != nil || !s.now().Before(v.ExpiresAt) || v.Attempts >= codeMaxAttempts ||
		(target != "" && v.Target != core.NormalizeAccount(target)) || (purpose != "" && v.Purpose != purpose) {
		return nil, core.Invalid(core.MsgCodeInvalid)
	}
	if subtle.ConstantTimeCompare([]byte(v.CodeHash), []byte(codeHash(key, code))) != 1 {
		if err := db.CountCodeAttempt(key); err != nil {
			return nil, err
		}
		return nil, core.Invalid(core.MsgCodeInvalid)
	}
	return v, nil
}

// useCode checks a code and uses it up; a code can prove one thing once.
func (s *Service) useCode(db *models.DB, key, code, target, purpose string) error {
	if _, err := s.checkCode(db, key, code, target, purpose); err != nil {
		return err
	}
	ok, err := db.UseVerificationCode(key, s.now().UTC())
	if err != nil {
		return err
	}
	if !ok {
		return core.Invalid(core.MsgCodeInvalid)
	}
	return nil
}

func codeHash(key, code string) string {
	h := sha256.Sum256([]byte(key + ":" + code))
	return hex.EncodeToString(h[:])
}

func newKeyAndCode() (key, code string, err error) {
	var b [16]byte
	if _, err = rand.Read(b[:]); err != nil {
		return "", "", err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1000000))
	if err != nil {
		return "", "", err
	}
	return hex.EncodeToString(b[:]), fmt.Sprintf("%06d", n.Int64()), nil
}
