package amazon_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
)

func secretQueue(url string) *amazon.SecretQueue {
	return &amazon.SecretQueue{URL: url, AccessKey: amazontest.SQSAccessKey, SecretKey: amazontest.SQSSecretKey,
		Region: amazontest.SQSRegion}
}

// A rotation puts the new secret on the registered queue; the old secret works through Amazon's grace, then is
// refused with invalid_client.
func TestRotateClientSecretThroughTheQueue(t *testing.T) {
	s := amazontest.Start(t)
	queue := secretQueue(s.EnrollRotation())
	lwa, _ := client(s)
	before := time.Now().UTC().Add(-time.Second)
	if err := amazon.RotateClientSecret(t.Context(), lwa, s.URL); err != nil {
		t.Fatal(err)
	}
	got, err := queue.TakeNewSecret(t.Context(), amazontest.ClientID, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if got.NewClientSecret != s.ClientSecretOf(amazontest.ClientID) || got.NewClientSecret == amazontest.ClientSecret ||
		got.EventTime.Before(before) || got.OldSecretExpiryTime.Sub(got.EventTime) != amazontest.DefaultRotationGrace {
		t.Fatalf("new secret = %+v", got)
	}
	if s.QueueLength() != 0 {
		t.Fatalf("the message stays on the queue: %d", s.QueueLength())
	}
	// The rotation's token was grantless, with the rotation scope.
	tokens := s.RequestsTo("/auth/o2/token")
	if f := tokens[len(tokens)-1].Form; f.Get("grant_type") != "client_credentials" || f.Get("scope") != amazon.RotationScope {
		t.Fatalf("token request = %v", f)
	}
	// Within the grace both secrets work.
	if _, err := lwa.Grantless(t.Context(), amazon.RotationScope); err != nil {
		t.Fatalf("old secret within the grace: %v", err)
	}
	fresh := *lwa
	fresh.ClientSecret = got.NewClientSecret
	if _, err := fresh.Grantless(t.Context(), amazon.RotationScope); err != nil {
		t.Fatalf("new secret: %v", err)
	}
}

func TestRotationWithoutGraceRefusesTheOldSecretAtOnce(t *testing.T) {
	s := amazontest.Start(t)
	s.RotationGrace = 0
	queue := secretQueue(s.EnrollRotation())
	lwa, _ := client(s)
	if err := amazon.RotateClientSecret(t.Context(), lwa, s.URL); err != nil {
		t.Fatal(err)
	}
	if _, err := queue.TakeNewSecret(t.Context(), amazontest.ClientID, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := lwa.Grantless(t.Context(), amazon.RotationScope); !amazon.IsInvalidClient(err) {
		t.Fatalf("old secret after the rotation: %v", err)
	}
}

func TestRotationNotEnrolled(t *testing.T) {
	s := amazontest.Start(t)
	lwa, _ := client(s)
	err := amazon.RotateClientSecret(t.Context(), lwa, s.URL)
	if !amazon.IsNotEnrolled(err) {
		t.Fatalf("err = %v", err)
	}
	if s.ClientSecretOf(amazontest.ClientID) != amazontest.ClientSecret {
		t.Fatal("the secret changed")
	}
}

// The rotation needs a grantless token with its scope: a seller's token or another scope is refused (403).
func TestRotationNeedsTheRotationScope(t *testing.T) {
	s := amazontest.Start(t)
	s.EnrollRotation()
	lwa, _ := client(s)
	tok, err := lwa.Grantless(t.Context(), "sellingpartnerapi::notifications")
	if err != nil {
		t.Fatal(err)
	}
	res, err := lwa.HTTP.Do(t.Context(), func(ctx context.Context) (*http.Request, error) {
		r, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/applications/2023-11-30/clientSecret", nil)
		if r != nil {
			r.Header.Set("x-amz-access-token", tok.AccessToken)
		}
		return r, err
	})
	if err != nil || res.Status != http.StatusForbidden {
		t.Fatalf("res = %+v, err = %v", res, err)
	}
}

// A queue read with keys of another account is refused; an empty queue ends the wait with ErrNoNewSecret.
func TestSecretQueueRefusals(t *testing.T) {
	s := amazontest.Start(t)
	url := s.EnrollRotation()
	wrong := secretQueue(url)
	wrong.AccessKey = "AKIAOTHERACCOUNT0001"
	if _, err := wrong.TakeNewSecret(t.Context(), amazontest.ClientID, time.Second); err == nil || errors.Is(err, amazon.ErrNoNewSecret) {
		t.Fatalf("wrong keys: %v", err)
	}
	if _, err := secretQueue(url).TakeNewSecret(t.Context(), amazontest.ClientID, 0); !errors.Is(err, amazon.ErrNoNewSecret) {
		t.Fatalf("empty queue: %v", err)
	}
}
