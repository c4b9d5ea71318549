package accounts

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"sellerhub/app/core"
	"sellerhub/config"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
)

// TestWrongResetCodeCostsNoHash: the reset hashed the new password before it looked at the code, so that anyone
// could make the server spend a bcrypt on garbage. Only the right code's caller gets a hash made.
func TestWrongResetCodeCostsNoHash(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		cfg, err := config.Load(func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		s := New(Deps{DB: db, Sessions: NewSessions(models.NewSessionStore(db), time.Hour, 2*time.Hour), Config: cfg,
			Log: slog.New(slog.DiscardHandler), Now: time.Now})
		hashes := 0
		s.hash = func(p string) (string, error) {
			hashes++
			b, err := bcrypt.GenerateFromPassword([]byte(p), bcrypt.MinCost)
			return string(b), err
		}
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13700000030", PasswordHash: "x", Profile: accountsdb.UserProfile{Name: "店主", Mobile: "13700000030"}}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "三十号公司"}, owner); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		if err := accountsdb.SaveVerificationCode(db, &accountsdb.VerificationCode{CodeKey: "k30", Target: "13700000030",
			Purpose: PurposeLosePassword, CodeHash: codeHash("k30", "123456"), ExpiresAt: now.Add(codeLifetime), CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		form := ResetForm{Account: "13700000030", Key: "k30", Code: "654321", Password: "NewPass#30", Repassword: "NewPass#30"}
		var refusal *core.Error
		if err := s.ResetForgottenPassword(ctx, form, "127.0.0.2"); !errors.As(err, &refusal) || refusal.Msg != core.MsgCodeInvalid {
			t.Fatalf("wrong code: %v", err)
		}
		if err := s.ResetForgottenPassword(ctx, ResetForm{Account: "13700000030", Key: "nokey", Code: "123456",
			Password: "NewPass#30", Repassword: "NewPass#30"}, "127.0.0.2"); !errors.As(err, &refusal) || refusal.Msg != core.MsgCodeInvalid {
			t.Fatalf("unknown key: %v", err)
		}
		if hashes != 0 {
			t.Fatalf("wrong codes made %d password hashes, want none", hashes)
		}
		form.Code = "123456"
		if err := s.ResetForgottenPassword(ctx, form, "127.0.0.2"); err != nil {
			t.Fatalf("right code: %v", err)
		}
		if hashes != 1 {
			t.Fatalf("the right code made %d password hashes, want 1", hashes)
		}
	})
}
