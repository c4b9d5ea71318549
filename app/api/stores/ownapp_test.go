package stores_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	storesdb "sellerhub/models/stores"
)

const (
	ownClient = "amzn1.application-oa2-client.sellers-own"
	ownSecret = "amzn1.oa2-cs.v1.sellers-own-secret-51d0"
)

func TestSaveOwnApp(t *testing.T) {
	h, amz := start(t)
	amz.AddClient(ownClient, ownSecret)
	c := h.SignedIn("13900000051", "环球贸易")
	g := group(t, c, "日本店")
	rt := amz.IssueRefreshToken("A2JPSELLER", "A1VC38T7YXB528")
	form := func(edit func(map[string]string)) map[string]string {
		f := map[string]string{"groupid": g, "region": "fe", "sellerid": "A2JPSELLER", "clientId": ownClient, "clientSecret": ownSecret, "refreshToken": rt}
		if edit != nil {
			edit(f)
		}
		return f
	}
	for field, msg := range map[string]string{"sellerid": "卖家ID不能为空", "clientId": "Client ID不能为空",
		"clientSecret": "Client Secret不能为空", "refreshToken": "Refresh Token不能为空"} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"saveAuth", form(func(f map[string]string) { f[field] = " " })), http.StatusBadRequest, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, v1+"saveAuth", form(func(f map[string]string) { f["region"] = "CN" })), http.StatusBadRequest, "A0400", "请选择区域（北美、欧洲或远东）")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"saveAuth", form(func(f map[string]string) { f["clientSecret"] = "wrong" })), http.StatusBadRequest, "B0001",
		"亚马逊拒绝了这些凭证，请检查卖家ID、Client ID、Client Secret和Refresh Token")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"saveAuth", form(func(f map[string]string) { f["refreshToken"] = "Atzr|unknown" })), http.StatusBadRequest, "B0001",
		"亚马逊拒绝了这些凭证，请检查卖家ID、Client ID、Client Secret和Refresh Token")
	amz.FailToken(503, 503, 503, 503)
	apptest.Expect(t, c.Call(http.MethodPost, v1+"saveAuth", form(nil)), http.StatusOK, "B0001", "暂时无法连接亚马逊，请稍后再试")
	if n := sellerCount(t, h); n != 0 {
		t.Fatalf("%d sellers stored by refused credentials", n)
	}

	env := c.Call(http.MethodPost, v1+"saveAuth", form(nil))
	apptest.ExpectOK(t, env)
	var s struct {
		ID, SellerID, Region, Status string
		OwnApp                       bool
		Marketplaces                 []struct{ Country string }
	}
	env.Into(t, &s)
	if s.ID == "" || s.Region != "FE" || !s.OwnApp || s.Status != "active" || len(s.Marketplaces) != 1 || s.Marketplaces[0].Country != "JP" {
		t.Fatalf("saved %s", env.Data)
	}
	// The seller's own secret and token are stored encrypted, and Amazon saw the seller's own client.
	var row storesdb.Seller
	h.DB.First(&row, "id = ?", parseInt(s.ID))
	keys, _ := amazon.NewKeys([]byte(amazontest.SecretKey))
	secret, _ := keys.Cipher.Decrypt(row.ClientSecret)
	token, _ := keys.Cipher.Decrypt(row.RefreshToken)
	if row.ClientID != ownClient || secret != ownSecret || token != rt || strings.Contains(row.ClientSecret+row.RefreshToken, "own-secret") {
		t.Fatalf("stored %+v", row)
	}
	last := amz.RequestsTo("/auth/o2/token")
	if f := last[len(last)-1].Form; f.Get("client_id") != ownClient || f.Get("grant_type") != "refresh_token" {
		t.Fatalf("token request %v", f)
	}
}

// No answer and no log line carries a refresh token or a client secret: the product's, a seller's own, or
// Amazon's tokens. The operation log masks them too.
func TestNoSecretsInAnswersOrLog(t *testing.T) {
	h, amz := start(t)
	amz.AddClient(ownClient, ownSecret)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	g := group(t, c, "美国一店")
	seller := authorise(t, h, c, g, "ATVPDKIKX0DER")
	own := amz.IssueRefreshToken("A2JPSELLER", "A1VC38T7YXB528")
	var answers []string
	keep := func(env apptest.Envelope) {
		t.Helper()
		apptest.ExpectOK(t, env)
		answers = append(answers, string(env.Data))
	}
	keep(c.Call(http.MethodPost, v1+"saveAuth", map[string]string{"groupid": g, "region": "FE", "sellerid": "A2JPSELLER",
		"clientId": ownClient, "clientSecret": ownSecret, "refreshToken": own}))
	amz.FailToken(500)
	keep(c.Call(http.MethodGet, report+"?sellerid="+seller, nil))
	keep(c.Call(http.MethodGet, v1+"getBindSeller", nil))
	keep(c.Call(http.MethodPost, v1+"page", map[string]any{}))
	keep(c.Call(http.MethodGet, v1+"getRegionByGroup?groupid="+g, nil))
	keep(c.Call(http.MethodGet, v1+"getAuthMaketplace", nil))
	keep(c.Call(http.MethodGet, v1+"storeGroups", nil))
	keep(c.Call(http.MethodGet, "/admin/api/v1/operationLogs/page", nil))
	amz.RefuseGrants(true)
	result(t, c, approve(t, h, consentURL(t, c, g, "ATVPDKIKX0DER")))

	secrets := append(amz.RefreshTokens(), amazontest.ClientSecret, ownSecret, amazontest.SecretKey)
	everything := strings.Join(answers, "\n") + h.Log.String()
	for _, s := range secrets {
		if strings.Contains(everything, s) {
			t.Fatalf("secret %q found in an answer or the log", s)
		}
	}
	if !strings.Contains(strings.Join(answers, ""), "自有应用授权") || !strings.Contains(strings.Join(answers, ""), "******") {
		t.Fatalf("the operation log lacks the masked saveAuth: %s", answers[len(answers)-1])
	}
	// The client secret went to the token endpoint only.
	for _, r := range amz.Requests() {
		seen := r.Query.Encode() + r.Form.Encode()
		for _, v := range r.Header {
			seen += strings.Join(v, "")
		}
		if r.Path != "/auth/o2/token" && (strings.Contains(seen, amazontest.ClientSecret) || strings.Contains(seen, ownSecret)) {
			t.Fatalf("a client secret went to %s", r.Path)
		}
	}
}
