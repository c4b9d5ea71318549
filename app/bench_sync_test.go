package app_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/apptest"
	"sellerhub/config"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
)

// TestLoadReportFirstSync prints, for `make bench`, how long the first sync of the stand-in's largest store takes
// (its North American seller: US, CA and MX, 90 days of orders, every settlement, returns, fees, listings and FBA
// stock), from the authorisation that queues it to the last kind done, through the real client and the job
// queue's workers, on SQLite and PostgreSQL. Amazon makes each report after two polls, 20 ms apart here, so the
// figure is the product's own time.
func TestLoadReportFirstSync(t *testing.T) {
	for _, kind := range []string{dbtest.SQLite, dbtest.Postgres} {
		amz := amazontest.Start(t)
		world := sellerdata.New(time.Now())
		amz.Content, amz.Scheduled = world.Content, world.Scheduled
		h, _ := benchHarness(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) {
			amz.Configure(c)
			c.ReportPoll = 20 * time.Millisecond
		}))
		c := h.SignedIn("13900000081", "压测公司")
		const ownClient, ownSecret = "amzn1.application-oa2-client.bench", "bench-secret"
		amz.AddClient(ownClient, ownSecret)
		env := c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": "北美店"})
		apptest.ExpectOK(t, env)
		var g struct{ ID string }
		env.Into(t, &g)
		if err := h.Jobs.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		started := time.Now()
		apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/saveAuth", map[string]string{"groupid": g.ID,
			"region": "NA", "sellerid": amazontest.DefaultSeller, "clientId": ownClient, "clientSecret": ownSecret,
			"refreshToken": amz.IssueRefreshToken(amazontest.DefaultSeller)}))
		var lines int64
		for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
			var tasks []datasyncdb.SyncTask
			if err := h.DB.Find(&tasks).Error; err != nil {
				t.Fatal(err)
			}
			done := 0
			for _, task := range tasks {
				if task.State == datasyncdb.SyncFailed {
					t.Fatalf("%s failed: %s", task.Kind, task.LastError)
				}
				if task.State == datasyncdb.SyncDone {
					done++
				}
			}
			if len(tasks) == 7 && done == 7 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d kinds synced after 10 minutes", done, len(tasks))
			}
		}
		elapsed := time.Since(started)
		h.DB.Model(&datasyncdb.SyncRun{}).Select("COALESCE(SUM(lines), 0)").Scan(&lines)
		fmt.Printf("== first sync of the stand-in's largest store (%s, 7 kinds, US/CA/MX, 90 days) on %s\n"+
			"   %d report lines in %s: %.0f lines/s\n", amazontest.DefaultSeller, kind, lines,
			elapsed.Round(time.Millisecond), float64(lines)/elapsed.Seconds())
		benchFigure(t, "first sync of the stand-in's largest store, "+kind,
			fmt.Sprintf("%d lines in %s, %.0f lines/s", lines, elapsed.Round(time.Millisecond), float64(lines)/elapsed.Seconds()), "", false)
	}
}
