package stores_test

import (
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/stores"
	"sellerhub/config"
)

// POST amzauthority/rotateSecret as a platform operator: Amazon's "not enrolled" answers its Chinese message (400
// B0001) and changes nothing; once the queue is registered, the answer is the new secret's due day, 180 days on.
// Another company's admin may not rotate the application every company uses.
func TestRotateSecretAPI(t *testing.T) {
	amz := amazontest.Start(t)
	h := apptest.Start(t, apptest.WithConfig(func(c *config.Config) {
		amz.Configure(c)
		c.PlatformAdmins = []string{"13900000061"}
		c.Amazon.SecretQueue = config.SecretQueue{URL: amz.SecretQueueURL(), AccessKey: amazontest.SQSAccessKey,
			SecretKey: config.Secret(amazontest.SQSSecretKey), Region: amazontest.SQSRegion}
	}))
	c := h.SignedIn("13900000061", "轮换贸易")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"rotateSecret", nil), http.StatusBadRequest, "B0001", stores.MsgRotateNotEnrolled)
	if amz.ClientSecretOf(amazontest.ClientID) != amazontest.ClientSecret {
		t.Fatal("a refused rotation changed the secret")
	}
	amz.EnrollRotation()
	other := h.SignedIn("13900000062", "别家贸易")
	apptest.Expect(t, other.Call(http.MethodPost, v1+"rotateSecret", nil), http.StatusUnauthorized, "A0301", "访问未授权")
	if amz.ClientSecretOf(amazontest.ClientID) != amazontest.ClientSecret {
		t.Fatal("a company admin's refused rotation changed the secret")
	}
	env := c.Call(http.MethodPost, v1+"rotateSecret", nil)
	apptest.ExpectOK(t, env)
	var got struct{ SecretDue, SecretState, SecretStatus string }
	env.Into(t, &got)
	due := time.Now().In(h.Config.TimeZone).AddDate(0, 0, 180).Format(time.DateOnly)
	if got.SecretState != stores.SecretOK || got.SecretDue != due || got.SecretStatus != due+" 到期" {
		t.Fatalf("answer %s, want due %s", env.Data, due)
	}
	if amz.ClientSecretOf(amazontest.ClientID) == amazontest.ClientSecret {
		t.Fatal("Amazon kept the old secret")
	}
}
