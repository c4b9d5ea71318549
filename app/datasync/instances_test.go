package datasync_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
	storesdb "sellerhub/models/stores"
)

// instancesDeadline bounds each wait of the two-instance test: a first sync of six kinds against the stand-in.
const instancesDeadline = 3 * time.Minute

// Two `sellerhub serve` processes on one PostgreSQL database share the queue: the periodic job that queues due
// syncs runs on the elected leader only, so every task of the store syncs once, not once per instance, and the
// periodic job itself runs once per period. (Several instances are a PostgreSQL deployment: an SQLite file belongs
// to one machine.)
func TestTwoInstancesSyncOnce(t *testing.T) {
	db := dbtest.Open(t, dbtest.Postgres)
	bin := buildProduct(t)
	amz := amazontest.Start(t)
	world := sellerdata.New(time.Now().UTC().Truncate(24 * time.Hour))
	amz.Content, amz.Scheduled = world.Content, world.Scheduled
	const period = time.Second
	env := append(amz.Env(), "SELLERHUB_DATABASE_URL="+db.URL, "SELLERHUB_ADDR=127.0.0.1:0",
		"SELLERHUB_ADMIN_PASSWORD=Passw0rd!x", "SELLERHUB_DEMO_DATA=false", "SELLERHUB_SYNC_SCHEDULE="+period.String(),
		"SELLERHUB_REPORT_POLL=100ms", "SELLERHUB_LOG_FORMAT=json")

	// The first instance seeds the database; the store is authorised once it runs, the second joins after.
	serve(t, bin, env)
	sellerID := authorisedStore(t, db, amz)
	serve(t, bin, env)

	waitFor(t, "every kind of the store synced", func() bool {
		var n int64
		db.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND last_success_at IS NOT NULL", sellerID).Count(&n)
		return n == int64(len(amazondata.Kinds))
	})
	// Both instances keep running for five more periods of the periodic job.
	periodic := func() int64 {
		var n int64
		db.Table("river_job").Where("kind = ? AND state = ?", "datasync_schedule", "completed").Count(&n)
		return n
	}
	before := periodic()
	waitFor(t, "five more periods of the periodic job", func() bool { return periodic() >= before+5 })

	var runs []datasyncdb.SyncRun
	if err := db.Where("seller_id = ?", sellerID).Find(&runs).Error; err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, r := range runs {
		kinds[r.Kind]++
		if r.Status != "done" {
			t.Errorf("%s run ended %s: %s", r.Kind, r.Status, r.Error)
		}
	}
	if len(runs) != len(amazondata.Kinds) || len(kinds) != len(amazondata.Kinds) {
		t.Fatalf("two instances ran %d syncs of %d kinds (%v); want each kind once", len(runs), len(kinds), kinds)
	}
	var times []time.Time
	if err := db.Table("river_job").Where("kind = ?", "datasync_schedule").Order("scheduled_at").
		Pluck("scheduled_at", &times).Error; err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(times); i++ {
		if gap := times[i].Sub(times[i-1]); gap < period/2 {
			t.Fatalf("the periodic job ran twice within %s (periods %s apart): once per instance", gap, period)
		}
	}
}

// buildProduct is the product's command, built once for every process test of the package (apptest.Binary).
func buildProduct(t *testing.T) string {
	t.Helper()
	return apptest.Binary(t)
}

// serve starts one instance and waits until it listens; it is stopped (SIGTERM, as a deploy does) at the end.
func serve(t *testing.T, bin string, env []string) {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "sellerhub 已启动") {
				ready <- true
			}
		}
		ready <- false
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatalf("the instance stopped before listening:\n%s", log.String())
		}
	case <-time.After(instancesDeadline):
		t.Fatalf("the instance did not start:\n%s", log.String())
	}
}

// authorisedStore gives the demo company a store group with the stand-in's North American seller, authorised as
// a consent leaves it (the refresh token encrypted with the instances' key), and answers the seller's id.
func authorisedStore(t *testing.T, db *models.DB, amz *amazontest.Server) int64 {
	t.Helper()
	company, err := accountsdb.CompanyByName(db, seed.DemoCompanyName)
	if err != nil {
		t.Fatal(err)
	}
	group := storesdb.StoreGroup{CompanyID: company.ID, Name: "双实例店"}
	if err := db.Create(&group).Error; err != nil {
		t.Fatal(err)
	}
	keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
	if err != nil {
		t.Fatal(err)
	}
	token, err := keys.Cipher.Encrypt(amz.IssueRefreshToken(amazontest.DefaultSeller))
	if err != nil {
		t.Fatal(err)
	}
	seller := &storesdb.Seller{CompanyID: company.ID, GroupID: group.ID, Region: "NA",
		SellingPartnerID: amazontest.DefaultSeller, RefreshToken: token, Status: storesdb.SellerActive,
		AuthorizedAt: time.Now().UTC().Truncate(time.Microsecond)}
	var markets []storesdb.SellerMarketplace
	for _, country := range []string{"US", "CA", "MX"} {
		m, _ := storesdb.MarketplaceByCountry(country)
		markets = append(markets, storesdb.SellerMarketplace{MarketplaceID: m.ID, Participating: true})
	}
	if err := db.Tx(context.Background(), func(tx *models.DB) error { return storesdb.SaveSellerAuthorization(tx, seller, markets) }); err != nil {
		t.Fatal(err)
	}
	return seller.ID
}

// waitFor polls cond until it holds, failing the test after instancesDeadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(instancesDeadline)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: %s", instancesDeadline, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
