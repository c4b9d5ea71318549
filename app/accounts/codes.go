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
	accountsdb "sellerhub/models/accounts"
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
	last, err := accountsdb.LatestCodeFor(db, target)
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
	v := &accountsdb.VerificationCode{CodeKey: key, Target: target, Purpose: purpose, CodeHash: codeHash(key, code),
		ClientIP: clientIP, ExpiresAt: now.Add(codeLifetime), CreatedAt: now}
	if err := accountsdb.SaveVerificationCode(db, v); err != nil {
		return "", err
	}
	if purpose == PurposeLosePassword {
		if _, err := accountsdb.UserByAccount(db, target); models.IsNotFound(err) {
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
		_ = db.Delete(&accountsdb.VerificationCode{}, "code_key = ?", key).Error
		return "", core.Failed(core.MsgCodeSendFailed)
	}
	return key, nil
}

// CheckCode tells whether code is the live code under key, without using it up. target and purpose, when given,
// must be what the code was sent for. Each wrong guess counts; after five the code is dead, the right code included.
// It runs on the plain handle, never in a caller's transaction: a refused guess makes that transaction roll back,
// and the count must survive it.
func (s *Service) CheckCode(ctx context.Context, key, code, target, purpose string) error {
	if key == "" || code == "" {
		return core.Invalid(core.MsgCodeInvalid)
	}
	db := s.db.With(ctx)
	v, err := accountsdb.VerificationCodeByKey(db, key)
	if models.IsNotFound(err) {
		return core.Invalid(core.MsgCodeInvalid)
	} else if err != nil {
		return err
	}
	if (target != "" && v.Target != core.NormalizeAccount(target)) || (purpose != "" && v.Purpose != purpose) {
		return core.Invalid(core.MsgCodeInvalid)
	}
	// The attempt is counted before the comparison, in one statement that also refuses a dead code, so that
	// parallel guesses cannot all be compared before any of them counted.
	claimed, err := accountsdb.ClaimCodeAttempt(db, key, s.now().UTC(), codeMaxAttempts)
	if err != nil {
		return err
	}
	if !claimed {
		return core.Invalid(core.MsgCodeInvalid)
	}
	if subtle.ConstantTimeCompare([]byte(v.CodeHash), []byte(codeHash(key, code))) != 1 {
		return core.Invalid(core.MsgCodeInvalid)
	}
	return accountsdb.ReturnCodeAttempt(db, key)
}

// useCode uses up, in tx, a code that CheckCode passed before tx began; a code can prove one thing once, and not
// at all once it is dead.
func (s *Service) useCode(tx *models.DB, key string) error {
	ok, err := accountsdb.UseVerificationCode(tx, key, s.now().UTC(), codeMaxAttempts)
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
