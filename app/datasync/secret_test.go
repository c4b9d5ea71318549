package datasync_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/stores"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// Amazon refusing the application's client secret (invalid_client: Amazon ends every secret 180 days after it
// was issued) stops every sync of the store with 应用密钥已失效，请更新应用密钥, not the advice to authorise again: the
// store stays authorised, the jobs are cancelled, the periodic job and 立即同步 leave it alone, and 店铺管理 says the
// secret is refused. Saving the new secret lifts the refusal and the store syncs again.
func TestInvalidClientStopsUntilTheSecretChanges(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, _ := world(t, kind)
			c := h.SignedIn("13900000066", "密钥公司")
			seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
			// Amazon has replaced the secret the store was authorised with; the access token held expires.
			amz.AddClient(ownClient, "rotated-secret")
			amz.ExpireAccessTokens()
			h.Clock.Advance(2 * time.Hour)
			h.StartWorkers(t)
			until(t, h, "every sync job ended", func() bool {
				var open int64
				h.DB.Table("river_job").Where("kind = ? AND state IN ?", "datasync",
					[]string{"available", "running", "retryable", "scheduled"}).Count(&open)
				return open == 0
			})
			ended(t, h)

			var s storesdb.Seller
			h.DB.Take(&s, "id = ?", seller)
			if s.ClientRefusedAt == nil || s.Status != storesdb.SellerActive {
				t.Fatalf("seller after invalid_client: status %q, refused at %v", s.Status, s.ClientRefusedAt)
			}
			refusedAt := *s.ClientRefusedAt
			var tasks []datasyncdb.SyncTask
			h.DB.Where("seller_id = ?", seller).Order("kind").Find(&tasks)
			for _, task := range tasks {
				if task.State != datasyncdb.SyncFailed || task.LastError != stores.MsgClientInvalid {
					t.Errorf("%s after invalid_client: %s %q", task.Kind, task.State, task.LastError)
				}
			}
			var retrying int64
			h.DB.Table("river_job").Where("kind = ? AND state = ?", "datasync", "retryable").Count(&retrying)
			if retrying != 0 {
				t.Fatalf("%d sync jobs left to retry after invalid_client", retrying)
			}

			// Neither the periodic job nor 立即同步 tries again with the refused secret.
			h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ?", seller).Update("next_run_at", h.Clock.Now().Add(-time.Hour))
			if n, err := h.Svc.DataSync.QueueDue(context.Background()); err != nil || n != 0 {
				t.Fatalf("the periodic job queued %d syncs of the refused store (%v)", n, err)
			}
			env := c.Call(http.MethodPost, fmt.Sprintf("/amazon/api/v1/datasync/tasks/%d/sync", tasks[0].ID), nil)
			apptest.Expect(t, env, http.StatusBadRequest, "B0001", stores.MsgClientInvalid)

			row := storeAuthRow(t, c, "NA")
			if row.SecretState != stores.SecretRefused || row.SecretStatus != "已失效，请更新应用密钥" {
				t.Fatalf("店铺管理 shows the refused secret as %q %q", row.SecretState, row.SecretStatus)
			}

			// The seller saves the new secret: the refusal is lifted and a new 180 days start. (The workers stop
			// first: what is queued is the point, a whole first sync again would only repeat sync_test.go.)
			if err := h.Jobs.Stop(context.Background()); err != nil {
				t.Fatal(err)
			}
			env = c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/saveAuth", map[string]string{"groupid": row.GroupID,
				"region": "NA", "sellerid": amazontest.DefaultSeller, "clientId": ownClient, "clientSecret": "rotated-secret",
				"refreshToken": amz.IssueRefreshToken(amazontest.DefaultSeller)})
			apptest.ExpectOK(t, env)
			s = storesdb.Seller{}
			h.DB.Take(&s, "id = ?", seller)
			if s.ClientRefusedAt != nil || s.ClientSecretIssuedAt == nil || !s.ClientSecretIssuedAt.After(refusedAt) {
				t.Fatalf("after the new secret: refused at %v, issued at %v", s.ClientRefusedAt, s.ClientSecretIssuedAt)
			}
			if row := storeAuthRow(t, c, "NA"); row.SecretState != stores.SecretOK ||
				row.SecretDue != s.ClientSecretIssuedAt.Add(storesdb.SecretLifetime).In(h.Config.TimeZone).Format(time.DateOnly) {
				t.Fatalf("店铺管理 after the new secret: %q due %q", row.SecretState, row.SecretDue)
			}
			// Saving it queued every kind again, as an authorisation does, its error gone.
			var queued, jobs int64
			h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND state = ? AND queued_by = ? AND last_error = ''",
				seller, datasyncdb.SyncQueued, datasyncdb.SyncByAuth).Count(&queued)
			h.DB.Table("river_job").Where("kind = ? AND state = ?", "datasync", "available").Count(&jobs)
			if int(queued) != len(tasks) || int(jobs) != len(tasks) {
				t.Fatalf("%d of %d kinds queued with the new secret, %d jobs", queued, len(tasks), jobs)
			}
		})
	}
}

type authRow struct {
	GroupID      string `json:"groupId"`
	Region       string `json:"region"`
	SecretDue    string `json:"secretDue"`
	SecretState  string `json:"secretState"`
	SecretStatus string `json:"secretStatus"`
}

// storeAuthRow is the 店铺管理 row of the client's first store group in a region.
func storeAuthRow(t *testing.T, c *apptest.Client, region string) authRow {
	t.Helper()
	env := c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/page", map[string]any{"currentpage": 1, "pagesize": 20})
	apptest.ExpectOK(t, env)
	var page struct{ Records []authRow }
	env.Into(t, &page)
	for _, r := range page.Records {
		if r.Region == region {
			return r
		}
	}
	t.Fatalf("no %s row in 店铺管理: %s", region, env.Data)
	return authRow{}
}
