package stores_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/datasync"
	"sellerhub/config"
	"sellerhub/models/seed"
	storesdb "sellerhub/models/stores"
)

const v1 = "/amazon/api/v1/amzauthority/"

// start runs the product against a fresh Amazon stand-in.
func start(t *testing.T, opts ...apptest.Option) (*apptest.Harness, *amazontest.Server) {
	t.Helper()
	amz := amazontest.Start(t)
	opts = append(opts, apptest.WithConfig(func(c *config.Config) { amz.Configure(c) }))
	return apptest.Start(t, opts...), amz
}

// group adds a store group as c's company and returns its id.
func group(t *testing.T, c *apptest.Client, name string) string {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"storeGroups", map[string]string{"name": name})
	apptest.ExpectOK(t, env)
	var g struct{ ID string }
	env.Into(t, &g)
	return g.ID
}

// consentURL asks for the consent link of a group's marketplace.
func consentURL(t *testing.T, c *apptest.Client, groupID, marketplaceID string) string {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"getAuthUrl?groupid="+groupID+"&marketplaceid="+marketplaceID, nil)
	apptest.ExpectOK(t, env)
	return env.String(t)
}

// approve is the seller approving on the stand-in's consent page: it returns where Amazon redirects the browser
// (the product's /authresult with the state, seller id and code), as a path and query on the harness.
func approve(t *testing.T, h *apptest.Harness, link string) string {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || err != nil || !strings.HasPrefix(loc.String(), h.URL+"/authresult?") {
		t.Fatalf("consent answered %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return loc.RequestURI()
}

// result opens the product's /authresult page as the browser c and tells which outcome it shows.
func result(t *testing.T, c *apptest.Client, callback string) string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, callback, "", nil)
	page := string(body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(page, "授权中") || !strings.Contains(page, "授权进行中。。。") {
		t.Fatalf("/authresult answered %d: %s", resp.StatusCode, page)
	}
	switch {
	case strings.Contains(page, "授权成功，请回到授权列表页面刷新。"):
		return "success"
	case strings.Contains(page, "授权失败，请再次尝试（注意：您必须在店铺所在的网络环境重新尝试）"):
		return "failure"
	}
	t.Fatalf("/authresult shows no outcome: %s", page)
	return ""
}

// binding is getBindSeller's answer.
type binding struct {
	ID      string
	Name    string
	Regions []struct {
		Region string
		Name   string
		State  string
		Seller *struct {
			ID           string
			SellerID     string `json:"sellerid"`
			Status       string
			Disabled     bool
			OwnApp       bool
			AuthTime     string
			Marketplaces []struct{ ID, Country, Name string }
		}
	}
}

func bindings(t *testing.T, c *apptest.Client) []binding {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"getBindSeller", nil)
	apptest.ExpectOK(t, env)
	var out []binding
	env.Into(t, &out)
	return out
}

// sellerCount counts the seller accounts authorised so far, leaving out the demo company's own (seed.DemoSeller).
func sellerCount(t *testing.T, h *apptest.Harness) int64 {
	t.Helper()
	var n int64
	if err := h.DB.Model(&storesdb.Seller{}).Where("selling_partner_id <> ?", seed.DemoSellingPartnerID).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// syncJobs counts the data sync jobs in the queue (the workers do not run in these tests).
func syncJobs(t *testing.T, h *apptest.Harness) int64 {
	t.Helper()
	var n int64
	if err := h.DB.Table("river_job").Where("kind = ?", datasync.SyncArgs{}.Kind()).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}
