package config

import (
	"fmt"
	"strings"
	"testing"
)

func TestAdvertisingSettings(t *testing.T) {
	c, err := Load(env(map[string]string{
		"SELLERHUB_AMAZON_ADV_CLIENT_ID": "amzn1.application-oa2-client.ads", "SELLERHUB_AMAZON_ADV_CLIENT_SECRET": "ads-secret",
		"SELLERHUB_AMAZON_ADV_CONSENT_URL": "http://127.0.0.1:9000", "SELLERHUB_AMAZON_ADV_API_URL": "http://127.0.0.1:9000",
		"SELLERHUB_AMAZON_ADV_TOKEN_URL": "http://127.0.0.1:9000/auth/o2/token",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Amazon.AdvertisingClientID != "amzn1.application-oa2-client.ads" || c.Amazon.AdvertisingClientSecret.Reveal() != "ads-secret" ||
		c.Amazon.AdvertisingConsentURL != "http://127.0.0.1:9000" || c.Amazon.AdvertisingURL != "http://127.0.0.1:9000" ||
		c.Amazon.AdvertisingTokenURL != "http://127.0.0.1:9000/auth/o2/token" {
		t.Fatalf("advertising settings: %+v", c.Amazon)
	}
	if strings.Contains(fmt.Sprintf("%+v", c), "ads-secret") {
		t.Fatal("the advertising client secret was printed")
	}
	for _, bad := range []struct{ name, value, named string }{
		{"SELLERHUB_AMAZON_ADV_CONSENT_URL", "eu.account.amazon.com", "SELLERHUB_AMAZON_ADV_CONSENT_URL"},
		{"SELLERHUB_AMAZON_ADV_API_URL", "nowhere", "SELLERHUB_AMAZON_ADV_API_URL"},
		{"SELLERHUB_AMAZON_ADV_TOKEN_URL", "api.amazon.co.uk", "SELLERHUB_AMAZON_ADV_TOKEN_URL"},
		{"SELLERHUB_AMAZON_ADV_CLIENT_ID", "an id without its secret", "SELLERHUB_AMAZON_ADV_CLIENT_SECRET"},
	} {
		_, err := Load(env(map[string]string{bad.name: bad.value}))
		if err == nil || !strings.Contains(err.Error(), bad.named) {
			t.Errorf("%s=%q: error %v does not name %s", bad.name, bad.value, err, bad.named)
		}
	}
}
