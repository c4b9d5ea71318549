package stores_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
	storesdb "sellerhub/models/stores"
)

const (
	keyA = "sellerhub-first-secret-key-0123456789abcdef"
	keyB = "sellerhub-other-secret-key-0123456789abcdef"
)

func service(db *models.DB, key string) *stores.Service {
	return stores.New(stores.Deps{DB: db, Config: &config.Config{SecretKey: config.Secret(key)},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now})
}

// A start whose secret key cannot open the Amazon secrets already encrypted in the database is refused, saying
// what to do; a database without any, or a start with the key they were sealed with, goes on. On both databases.
func TestCheckSecretKey(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		admin, err := seed.Run(ctx, db, "13800000000", "Passw0rd!", func(p string) (string, error) { return p, nil })
		if err != nil {
			t.Fatal(err)
		}
		// Nothing encrypted yet (the demo seller has no token): any key starts, the generated one too.
		for _, key := range []string{keyA, keyB, ""} {
			if err := service(db, key).CheckSecretKey(ctx); err != nil {
				t.Fatalf("key %q on a database without secrets: %v", key, err)
			}
		}
		keys, _ := amazon.NewKeys([]byte(keyA))
		sealed, _ := keys.Cipher.Encrypt("Atzr|refresh-token")
		if err := db.Model(&storesdb.Seller{}).Where("id = ?", admin.Demo.SellerID).
			Updates(map[string]any{"refresh_token": sealed, "updated_at": time.Now().UTC()}).Error; err != nil {
			t.Fatal(err)
		}
		if err := service(db, keyA).CheckSecretKey(ctx); err != nil {
			t.Fatalf("the key the secrets were sealed with: %v", err)
		}
		for _, key := range []string{keyB, ""} {
			err := service(db, key).CheckSecretKey(ctx)
			if err == nil {
				t.Fatalf("key %q: started with secrets it cannot open", key)
			}
			for _, says := range []string{"拒绝启动", "无法解密", "SELLERHUB_SECRET_KEY", "SELLERHUB_DATABASE_URL"} {
				if !strings.Contains(err.Error(), says) {
					t.Errorf("key %q: message %q does not say %q", key, err, says)
				}
			}
		}
	})
}
