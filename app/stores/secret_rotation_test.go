package stores_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/core"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// rotationService is the stores service of a product on the stand-in's application, its secret issued days ago,
// reading new secrets from queueURL ("" for no queue configured).
func rotationService(db *models.DB, amz *amazontest.Server, days int, queueURL string, log *bytes.Buffer) *stores.Service {
	cfg := &config.Config{TimeZone: time.FixedZone("CST", 8*3600)}
	amz.Configure(cfg)
	cfg.Amazon.ClientSecretIssued = time.Now().UTC().Truncate(time.Second).AddDate(0, 0, -days)
	if queueURL != "" {
		cfg.Amazon.SecretQueue = config.SecretQueue{URL: queueURL, AccessKey: amazontest.SQSAccessKey,
			SecretKey: config.Secret(amazontest.SQSSecretKey), Region: amazontest.SQSRegion}
	}
	h := amazon.NewHTTP(5 * time.Second)
	h.Sleep = func(context.Context, time.Duration) error { return nil }
	return stores.New(stores.Deps{DB: db, Config: cfg, Log: slog.New(slog.NewTextHandler(log, nil)), Now: time.Now, AmazonHTTP: h})
}

func refusal(t *testing.T, err error) string {
	t.Helper()
	var ce *core.Error
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a message", err)
	}
	return ce.Msg
}

// 轮换应用密钥 of the product's application on the stand-in: refused with its reason and nothing changed (no queue
// configured, more than 30 days left, not enrolled at Amazon); then rotated: the new secret is kept sealed from
// the rotation's day, and the next token call of a store on the product's application uses it (Amazon refuses
// the old one at once here), on this instance and on a restarted one. On both databases.
func TestRotateProductSecret(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		amz := amazontest.Start(t)
		amz.RotationGrace = 0
		var log bytes.Buffer
		queue := amz.SecretQueueURL()

		early := rotationService(db, amz, 100, queue, &log)
		if err := early.RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := early.RotateProductSecret(ctx); !strings.HasSuffix(refusal(t, err), "到期，到期前 30 天内才可轮换") {
			t.Fatalf("100 days old: %v", err)
		}
		if _, err := rotationService(db, amz, 170, "", &log).RotateProductSecret(ctx); refusal(t, err) != stores.MsgRotateNoQueue {
			t.Fatalf("no queue: %v", err)
		}
		s := rotationService(db, amz, 170, queue, &log)
		if err := s.RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		before, _ := storesdb.AppCredentialOf(db, amazontest.ClientID)
		if _, err := s.RotateProductSecret(ctx); refusal(t, err) != stores.MsgRotateNotEnrolled {
			t.Fatalf("not enrolled: %v", err)
		}
		after, _ := storesdb.AppCredentialOf(db, amazontest.ClientID)
		if amz.ClientSecretOf(amazontest.ClientID) != amazontest.ClientSecret || after.Fingerprint != before.Fingerprint ||
			!after.IssuedAt.Equal(before.IssuedAt) || after.RotatedSecret != nil {
			t.Fatalf("a refused rotation changed %+v into %+v", before, after)
		}

		amz.EnrollRotation()
		start := time.Now().UTC().Add(-2 * time.Second)
		info, err := s.RotateProductSecret(ctx)
		if err != nil {
			t.Fatal(err)
		}
		fresh := amz.ClientSecretOf(amazontest.ClientID)
		row, _ := storesdb.AppCredentialOf(db, amazontest.ClientID)
		if fresh == amazontest.ClientSecret || info.State != stores.SecretOK || row.IssuedAt.Before(start) ||
			!info.Due.Equal(row.IssuedAt.Add(storesdb.SecretLifetime)) || row.RotatedSecret == nil ||
			strings.Contains(*row.RotatedSecret, fresh) || amz.QueueLength() != 0 {
			t.Fatalf("rotated: %+v, row %+v", info, row)
		}

		rt := amz.IssueRefreshToken(amazontest.DefaultSeller)
		keys, _ := amazon.NewKeys([]byte(amazontest.SecretKey))
		sealed, _ := keys.Cipher.Encrypt(rt)
		seller := &storesdb.Seller{RefreshToken: sealed, Region: "NA"}
		for name, svc := range map[string]*stores.Service{"this instance": s, "after a restart": rotationService(db, amz, 170, queue, &log)} {
			if err := svc.RecordProductApp(ctx); err != nil {
				t.Fatal(err)
			}
			api, err := svc.SellerAPIOf(ctx, seller)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := api.Client.MarketplaceParticipations(ctx, api.Endpoint, api.RefreshToken); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			tokens := amz.RequestsTo("/auth/o2/token")
			if f := tokens[len(tokens)-1].Form; f.Get("client_secret") != fresh || f.Get("grant_type") != "refresh_token" {
				t.Fatalf("%s: the token call used %v", name, f)
			}
		}
		if again, _ := storesdb.AppCredentialOf(db, amazontest.ClientID); !again.IssuedAt.Equal(row.IssuedAt) {
			t.Fatalf("a restart moved the rotated secret's day from %v to %v", row.IssuedAt, again.IssuedAt)
		}
		if strings.Contains(log.String(), fresh) {
			t.Fatal("the log shows the new secret")
		}
	})
}
