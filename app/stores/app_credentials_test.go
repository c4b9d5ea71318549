package stores_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/stores"
	"sellerhub/config"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	messagesdb "sellerhub/models/messages"
	storesdb "sellerhub/models/stores"
)

// testClock is a clock a test moves by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// appService is the stores service of a product started with the given application secret ("" for none).
func appService(db *models.DB, clock *testClock, secret string, issued time.Time, log *bytes.Buffer) *stores.Service {
	cfg := &config.Config{SecretKey: config.Secret(keyA), TimeZone: time.FixedZone("CST", 8*3600)}
	if secret != "" {
		cfg.Amazon = config.Amazon{AppID: "amzn1.sp.solution.test", ClientID: "amzn1.application-oa2-client.product",
			ClientSecret: config.Secret(secret), ClientSecretIssued: issued}
	}
	return stores.New(stores.Deps{DB: db, Config: cfg, Log: slog.New(slog.NewTextHandler(log, nil)), Now: clock.Now})
}

// The product's application: its secret starts 180 days the first time the product starts with it (or on the day
// the administrator names), keeps them over restarts, and a new secret starts new ones and lifts Amazon's refusal
// of the old. Without an application, the start logs the variables to set. On both databases.
func TestProductAppSecret(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		clock := &testClock{now: time.Date(2026, 6, 1, 2, 0, 0, 0, time.UTC)}
		var log bytes.Buffer
		if err := appService(db, clock, "", time.Time{}, &log).RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(log.String(), "SELLERHUB_AMAZON_CLIENT_ID") {
			t.Fatalf("a start without an application does not name the variables to set: %s", log.String())
		}

		first := clock.Now()
		s := appService(db, clock, "secret-1", time.Time{}, &log)
		if err := s.RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		clock.Add(10 * 24 * time.Hour)
		if err := appService(db, clock, "secret-1", time.Time{}, &log).RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		row, err := storesdb.AppCredentialOf(db, "amzn1.application-oa2-client.product")
		if err != nil || !row.IssuedAt.Equal(first) || row.RefusedAt != nil {
			t.Fatalf("the same secret after a restart: %+v (%v), want issued %v", row, err, first)
		}

		// Amazon refuses it: the stores on the product's application stop, and the start says so.
		keys, _ := amazon.NewKeys([]byte(keyA))
		sealed, _ := keys.Cipher.Encrypt("Atzr|refresh-token")
		seller := &storesdb.Seller{RefreshToken: sealed}
		sellerAPI, err := s.SellerAPIOf(ctx, seller)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RefuseApp(ctx, seller, sellerAPI.App); err != nil {
			t.Fatal(err)
		}
		if refused, err := s.ProductAppRefused(ctx); err != nil || !refused {
			t.Fatalf("refused after invalid_client: %v %v", refused, err)
		}
		log.Reset()
		if err := appService(db, clock, "secret-1", time.Time{}, &log).RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(log.String(), "no longer valid") || !strings.Contains(log.String(), "SELLERHUB_AMAZON_CLIENT_SECRET") {
			t.Fatalf("a start with the refused secret does not say so: %s", log.String())
		}

		// The new secret, issued the day before the administrator sets it.
		issued := time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC)
		s = appService(db, clock, "secret-2", issued, &log)
		if err := s.RecordProductApp(ctx); err != nil {
			t.Fatal(err)
		}
		if refused, err := s.ProductAppRefused(ctx); err != nil || refused {
			t.Fatalf("still refused with a new secret: %v %v", refused, err)
		}
		row, _ = storesdb.AppCredentialOf(db, "amzn1.application-oa2-client.product")
		if !row.IssuedAt.Equal(issued) || row.Reminded != 0 {
			t.Fatalf("the new secret: %+v, want issued %v", row, issued)
		}
	})
}

// A store's own application's secret is remembered to its company's admins (owner and 管理员 role holders, not
// other members) 30 and 7 days before it ends, each reminder once however often the job runs; a disabled store
// is not reminded. On both databases.
func TestSecretRemindersGoToTheAdminsOnce(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		owner := dbtest.NewCompany(t, db, "提醒公司", "13700000001")
		admin := dbtest.SubUser(t, db, owner, "13700000002")
		clerk := dbtest.SubUser(t, db, owner, "13700000003")
		role, err := accountsdb.DefaultRole(db, owner.CompanyID)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Create(&accountsdb.UserRole{UserID: admin.ID, RoleID: role.ID}).Error; err != nil {
			t.Fatal(err)
		}
		clock := &testClock{now: time.Date(2026, 12, 6, 2, 0, 0, 0, time.UTC)}
		issued := clock.Now().Add(-151 * 24 * time.Hour)
		g := dbtest.NewStoreGroup(t, db, owner.CompanyID, "自有应用店")
		seller := &storesdb.Seller{CompanyID: owner.CompanyID, GroupID: g.ID, Region: "NA", SellingPartnerID: "A1OWNAPP",
			ClientID: "amzn1.application-oa2-client.own", ClientSecretIssuedAt: &issued}
		dbtest.SaveSeller(t, db, seller, "ATVPDKIKX0DER")
		off := dbtest.NewStoreGroup(t, db, owner.CompanyID, "停用店")
		disabled := &storesdb.Seller{CompanyID: owner.CompanyID, GroupID: off.ID, Region: "EU", SellingPartnerID: "A2OWNAPP",
			ClientID: "amzn1.application-oa2-client.own", ClientSecretIssuedAt: &issued, Disabled: true}
		dbtest.SaveSeller(t, db, disabled, "A1PA6795UKMFR9")

		var log bytes.Buffer
		s := appService(db, clock, "", time.Time{}, &log)
		reminders := func(days string) map[int64]int {
			got := map[int64]int{}
			var rows []messagesdb.Notification
			db.Where("company_id = ? AND ftype = ? AND content LIKE ?", owner.CompanyID, messagesdb.FtypeReminder, "%（"+days+" 天后）%").Find(&rows)
			for _, n := range rows {
				if n.RecipientID != nil {
					got[*n.RecipientID]++
				}
				if !strings.Contains(n.Content, "自有应用店") || !strings.Contains(n.Content, "2027-01-04") || strings.Contains(n.Content, "停用店") {
					t.Errorf("reminder: %s %s", n.Title, n.Content)
				}
			}
			return got
		}
		for range 2 {
			if _, err := s.RemindSecrets(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := reminders("29"); len(got) != 2 || got[owner.ID] != 1 || got[admin.ID] != 1 || got[clerk.ID] != 0 {
			t.Fatalf("30 days ahead: %v (owner %d, admin %d, clerk %d)", got, owner.ID, admin.ID, clerk.ID)
		}
		if got := reminders("6"); len(got) != 0 {
			t.Fatalf("the 7-day reminder 30 days ahead: %v", got)
		}
		clock.Add(23 * 24 * time.Hour)
		for range 2 {
			if _, err := s.RemindSecrets(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := reminders("6"); len(got) != 2 || got[owner.ID] != 1 || got[admin.ID] != 1 {
			t.Fatalf("7 days ahead: %v", got)
		}
		if got := reminders("29"); got[owner.ID] != 1 {
			t.Fatalf("the 30-day reminder again: %v", got)
		}
	})
}
