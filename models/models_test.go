package models_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/migrations"
	"sellerhub/models/seed"
)

func TestMigrationsGoDownAndUpAgain(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		sqlDB, _ := db.DB.DB()
		ctx := context.Background()
		if err := migrations.Reset(ctx, sqlDB, db.Driver); err != nil {
			t.Fatalf("down: %v", err)
		}
		tables := []string{"users", "sessions", "menus", "notifications", "notification_targets", "dicts", "dict_items", "query_field_versions",
			"tag_groups", "tags", "clients", "customers", "operation_logs", "departments"}
		for _, table := range tables {
			if db.Migrator().HasTable(table) {
				t.Fatalf("%s table still there after down", table)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("up again: %v", err)
		}
		for _, table := range tables {
			if !db.Migrator().HasTable(table) {
				t.Fatalf("%s table missing after up", table)
			}
		}
	})
}

// Migration 00021 gives the menus already stored the icon names older clients render: the seeded groups and an
// admin's entry with an old name; other names stay. Its down migration puts the old names back.
func TestMenuIconNamesMigration(t *testing.T) {
	const iconNames = 21 // 00021_menu_icon_names.sql
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		if err := seed.SeedMenus(db); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		own := &admindb.Menu{Title: "运营", Icon: "finance", CreatedAt: now, UpdatedAt: now}
		house := &admindb.Menu{Title: "门户", Icon: "home", CreatedAt: now, UpdatedAt: now}
		for _, m := range []*admindb.Menu{own, house} {
			if err := admindb.CreateMenu(db, m); err != nil {
				t.Fatal(err)
			}
		}
		icons := func() []string {
			t.Helper()
			var out []string
			for _, code := range []string{"product", "sales", "purchase", "warehouse", "logistics", "advertising",
				"finance", "service", "authorization", "system"} {
				m, err := admindb.MenuByCode(db, code)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, m.Icon)
			}
			for _, m := range []*admindb.Menu{own, house} {
				var stored admindb.Menu
				if err := db.First(&stored, m.ID).Error; err != nil {
					t.Fatal(err)
				}
				out = append(out, stored.Icon)
			}
			return out
		}
		renamed := []string{"Commodity", "SalesReport", "ShoppingBag", "Home", "Ship", "Ad", "Finance", "HeadsetOne",
			"Config", "Workbench", "Finance", "home"}
		sqlDB, _ := db.DB.DB()
		if err := migrations.DownTo(ctx, sqlDB, db.Driver, iconNames-1); err != nil {
			t.Fatalf("down: %v", err)
		}
		old := []string{"product", "sales", "purchase", "warehouse", "logistics", "advertising", "finance", "service",
			"authorization", "system", "finance", "home"}
		if got := icons(); !slices.Equal(got, old) {
			t.Fatalf("icons before the migration: %v, want %v", got, old)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("up: %v", err)
		}
		if got := icons(); !slices.Equal(got, renamed) {
			t.Fatalf("icons after the migration: %v, want %v", got, renamed)
		}
	})
}

func TestCompanyWithOwnerAndDefaultRole(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲公司", "13800000001")
		u, err := accountsdb.UserInCompany(db, owner.CompanyID, owner.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !u.IsOwner || u.Company.Name != "甲公司" || u.Profile.Name != "老板甲公司" || u.Status != accountsdb.StatusActive {
			t.Fatalf("owner loaded wrong: %+v", u)
		}
		roles, err := accountsdb.RolesOfUser(db, owner.CompanyID, owner.ID)
		if err != nil || len(roles) != 1 || roles[0].Code != accountsdb.DefaultRoleCode || !roles[0].IsDefault {
			t.Fatalf("roles = %+v, %v", roles, err)
		}
	})
}

func TestAccountIsUniqueAndDuplicateIsRecognised(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		dbtest.NewCompany(t, db, "甲", "13800000001")
		err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "乙"}, &accountsdb.User{Account: "13800000001", PasswordHash: "x"})
		if !models.IsDuplicate(err) {
			t.Fatalf("second account: want duplicate error, got %v", err)
		}
		// The failed registration left nothing behind: no second company.
		var n int64
		db.Model(&accountsdb.Company{}).Count(&n)
		if n != 1 {
			t.Fatalf("companies = %d after a failed registration, want 1", n)
		}
	})
}

func TestTenantScopeHidesOtherCompaniesUsers(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if _, err := accountsdb.UserInCompany(db, a.CompanyID, b.ID); !models.IsNotFound(err) {
			t.Fatalf("company A reading B's user: want not found, got %v", err)
		}
		if roles, _ := accountsdb.RolesOfUser(db, a.CompanyID, b.ID); len(roles) != 0 {
			t.Fatalf("company A sees B's roles: %+v", roles)
		}
	})
}

func TestLoginRecordsOneLiveSession(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		u := dbtest.NewCompany(t, db, "甲", "13800000001")
		prev, err := accountsdb.RecordLogin(db, u.ID, "tok-1", time.Now())
		if err != nil || prev != "" {
			t.Fatalf("first login: prev=%q err=%v", prev, err)
		}
		prev, err = accountsdb.RecordLogin(db, u.ID, "tok-2", time.Now())
		if err != nil || prev != "tok-1" {
			t.Fatalf("second login: prev=%q err=%v", prev, err)
		}
		if err := accountsdb.ClearSessionToken(db, u.ID, "tok-1"); err != nil {
			t.Fatal(err)
		}
		got, _ := accountsdb.UserByAccount(db, "13800000001")
		if got.SessionToken != "tok-2" {
			t.Fatalf("logout of an ended session cleared the live one: %q", got.SessionToken)
		}
	})
}

func TestSessionStore(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s := models.NewSessionStore(db)
		if err := s.Commit("abc", []byte("one"), time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.Commit("abc", []byte("two"), time.Now().Add(time.Hour)); err != nil {
			t.Fatalf("overwrite: %v", err)
		}
		b, found, err := s.Find("abc")
		if err != nil || !found || string(b) != "two" {
			t.Fatalf("find = %q %v %v", b, found, err)
		}
		if err := s.Commit("old", []byte("x"), time.Now().Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		if _, found, err := s.Find("old"); found || err != nil {
			t.Fatalf("expired session: found %v, %v", found, err)
		}
		if _, found, err := s.Find("never-there"); found || err != nil {
			t.Fatalf("unknown token: found %v, %v", found, err)
		}
		if err := s.DeleteExpired(context.Background()); err != nil {
			t.Fatal(err)
		}
		var n int64
		db.Model(&models.Session{}).Count(&n)
		if n != 1 {
			t.Fatalf("sessions after sweep = %d, want 1", n)
		}
		if err := s.Delete("abc"); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete("never-there"); err != nil {
			t.Fatalf("deleting an unknown token: %v", err)
		}
		if _, found, _ := s.Find("abc"); found {
			t.Fatal("deleted session found")
		}
		// A database that fails answers its error (the request then answers 系统执行出错), never a panic: closed
		// before its first read, so that no statement of it was prepared yet.
		closed := dbtest.Open(t, db.Driver)
		_ = closed.Close()
		if _, found, err := models.NewSessionStore(closed).Find("abc"); err == nil || found {
			t.Fatalf("closed database: found %v, %v", found, err)
		}
	})
}

func TestVerificationCodeIsUsedOnceUnderConcurrency(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		now := time.Now().UTC()
		v := &accountsdb.VerificationCode{CodeKey: "k1", Target: "13800000001", Purpose: "register", CodeHash: "h",
			ExpiresAt: now.Add(10 * time.Minute), CreatedAt: now}
		if err := accountsdb.SaveVerificationCode(db, v); err != nil {
			t.Fatal(err)
		}
		last, err := accountsdb.LatestCodeFor(db, "13800000001")
		if err != nil || last.Sub(now).Abs() > time.Second {
			t.Fatalf("latest = %v, %v", last, err)
		}
		if ok, err := accountsdb.ClaimCodeAttempt(db, "k1", now, 5); !ok || err != nil {
			t.Fatalf("claim an attempt of a live code: %v, %v", ok, err)
		}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := accountsdb.UseVerificationCode(db, "k1", time.Now().UTC(), 5)
				if err != nil {
					t.Errorf("use: %v", err)
				}
				if ok {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("code used %d times, want exactly 1", wins.Load())
		}
		if ok, err := accountsdb.ClaimCodeAttempt(db, "k1", now, 5); ok || err != nil {
			t.Fatalf("claim an attempt of a used code: %v, %v", ok, err)
		}
		got, _ := accountsdb.VerificationCodeByKey(db, "k1")
		if got.Attempts != 1 || got.UsedAt == nil {
			t.Fatalf("code after use: %+v", got)
		}
		if err := accountsdb.DeleteExpiredCodes(db, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := accountsdb.VerificationCodeByKey(db, "k1"); !models.IsNotFound(err) {
			t.Fatalf("expired code not swept: %v", err)
		}
	})
}

func TestAccountBindings(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		dbtest.NewCompany(t, db, "丙", "13800000003")
		if err := accountsdb.BindAccounts(db, a.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{a.ID, b.ID} {
			bound, err := accountsdb.BoundAccounts(db, id)
			if err != nil || len(bound) != 2 {
				t.Fatalf("bound accounts of %d = %d, %v", id, len(bound), err)
			}
			if bound[0].Company.Name == "" {
				t.Fatal("bound account without its company")
			}
		}
	})
}

func TestSeedIsIdempotent(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		first, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake)
		if err != nil || !first.Created || first.GeneratedPassword == "" {
			t.Fatalf("first seed: %+v %v", first, err)
		}
		again, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake)
		if err != nil || again.Created || again.GeneratedPassword != "" {
			t.Fatalf("second seed must change nothing and print no password: %+v %v", again, err)
		}
		var companies, users int64
		db.Model(&accountsdb.Company{}).Count(&companies)
		db.Model(&accountsdb.User{}).Count(&users)
		if companies != 1 || users != 1 {
			t.Fatalf("after two seeds: %d companies, %d users", companies, users)
		}
	})
}

func TestStrongPasswordHasThreeClasses(t *testing.T) {
	for range 50 {
		p, err := seed.StrongPassword()
		if err != nil || len(p) != 16 {
			t.Fatalf("%q %v", p, err)
		}
		var d, l, u bool
		for _, r := range p {
			d = d || (r >= '0' && r <= '9')
			l = l || (r >= 'a' && r <= 'z')
			u = u || (r >= 'A' && r <= 'Z')
		}
		if !d || !l || !u {
			t.Fatalf("password %q lacks a class", p)
		}
	}
}

func TestNewIDIsUniqueAndIncreasing(t *testing.T) {
	seen := map[int64]bool{}
	last := int64(0)
	for range 100000 {
		id := models.NewID()
		if seen[id] || id <= last {
			t.Fatalf("id %d repeated or not increasing after %d", id, last)
		}
		seen[id], last = true, id
	}
}

func TestMenuSeedIsIdempotentAndGrantsAreRead(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		for range 2 {
			if err := seed.SeedMenus(db); err != nil {
				t.Fatal(err)
			}
		}
		menus, _ := admindb.AllMenus(db)
		perms, _ := admindb.AllPermissions(db)
		var tops int
		for _, m := range menus {
			if m.ParentID == 0 {
				tops++
			}
		}
		if tops != 10 || len(menus) < 100 || len(perms) < 40 {
			t.Fatalf("seeded %d top groups, %d entries, %d permissions", tops, len(menus), len(perms))
		}
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		g, err := admindb.GrantsOfUser(db, owner.CompanyID, owner.ID)
		if err != nil || !g.Admin {
			t.Fatalf("owner with the admin role: %+v %v", g, err)
		}
		inbound, _ := admindb.MenuByCode(db, "warehouse.inbound")
		role := accountsdb.Role{CompanyID: owner.CompanyID, Name: "仓管"}
		db.Create(&role)
		db.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: inbound.ID})
		db.Create(&admindb.RolePermission{RoleID: role.ID, PermissionID: perms[0].ID})
		clerk := &accountsdb.User{CompanyID: owner.CompanyID, Account: "13800000009", PasswordHash: "x"}
		if err := accountsdb.CreateUser(db, clerk, role.ID); err != nil {
			t.Fatal(err)
		}
		g, err = admindb.GrantsOfUser(db, owner.CompanyID, clerk.ID)
		if err != nil || g.Admin || len(g.MenuIDs) != 1 || g.MenuIDs[0] != inbound.ID || len(g.PermissionIDs) != 1 {
			t.Fatalf("clerk grants: %+v %v", g, err)
		}
		// Another company reading the clerk's grants gets nothing.
		other := dbtest.NewCompany(t, db, "乙", "13800000002")
		if g, _ := admindb.GrantsOfUser(db, other.CompanyID, clerk.ID); g.Admin || len(g.MenuIDs) != 0 {
			t.Fatalf("grants leak across companies: %+v", g)
		}

		// What roles would grant: the same, the admin role's everything, another company's role nothing.
		adminRole, _ := accountsdb.DefaultRole(db, owner.CompanyID)
		if g, err := admindb.GrantsOfRoles(db, owner.CompanyID, []int64{role.ID}); err != nil || g.Admin || len(g.MenuIDs) != 1 ||
			g.MenuIDs[0] != inbound.ID || len(g.PermissionIDs) != 1 {
			t.Fatalf("role grants: %+v %v", g, err)
		}
		if g, err := admindb.GrantsOfRoles(db, owner.CompanyID, []int64{role.ID, adminRole.ID}); err != nil || !g.Admin {
			t.Fatalf("with the admin role: %+v %v", g, err)
		}
		if g, err := admindb.GrantsOfRoles(db, other.CompanyID, []int64{role.ID, adminRole.ID}); err != nil || g.Admin || len(g.MenuIDs) != 0 {
			t.Fatalf("another company's roles grant %+v %v", g, err)
		}
		if g, err := admindb.GrantsOfRoles(db, owner.CompanyID, nil); err != nil || g.Admin || len(g.MenuIDs) != 0 {
			t.Fatalf("no roles grant %+v %v", g, err)
		}
	})
}

// A new company's sales summary is complete from its creation, as every import keeps it (app/sales
// TestSalesDaysReimportAndRebuild, TestSalesDaysImportedInPieces), so its first report does not sum its items again:
// a raw item the imports never saw stays out of the summary when that first report ensures it.
func TestNewCompanysSalesSummaryIsBuiltFromTheStart(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		s := dbtest.Seller(t, db, owner, "灯具店", "A1LAMPS")
		at := time.Date(2026, 10, 1, 8, 0, 0, 0, time.UTC)
		_, err := amazondatadb.UpsertAmazonOrders(db, []amazondatadb.AmazonOrder{{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
			MarketplaceID: "ATVPDKIKX0DER", AmazonOrderID: "111-0000001-0000001", PurchaseDate: at, LastUpdatedDate: at,
			OrderStatus: "Shipped", FulfillmentChannel: "Amazon"}}, []amazondatadb.AmazonOrderItem{{CompanyID: s.CompanyID,
			GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER", AmazonOrderID: "111-0000001-0000001",
			SKU: "LAMP-01", PurchaseDate: at, OrderStatus: "Shipped", Quantity: 2, Currency: "USD", ItemPrice: models.MoneyFromUnits(199900)}})
		if err != nil {
			t.Fatal(err)
		}
		err = db.Exec("INSERT INTO amazon_order_items (id, company_id, group_id, seller_id, marketplace_id, amazon_order_id, "+
			"sku, asin, product_name, purchase_date, order_status, quantity, currency, item_price, promotion_ids, created_at, updated_at) "+
			"VALUES (9100000000000000001, ?, ?, ?, 'ATVPDKIKX0DER', '111-0000001-0000001', 'LAMP-02', '', '', ?, 'Shipped', 5, 'USD', 500, '', ?, ?)",
			s.CompanyID, s.GroupID, s.ID, at, at, at).Error
		if err != nil {
			t.Fatal(err)
		}
		if err := amazondatadb.EnsureSalesDays(db, owner.CompanyID); err != nil {
			t.Fatal(err)
		}
		var units int64
		if err := db.Table("sales_sku_days").Where("company_id = ?", owner.CompanyID).Select("COALESCE(SUM(units), 0)").
			Scan(&units).Error; err != nil {
			t.Fatal(err)
		}
		if units != 2 {
			t.Fatalf("the summary holds %d units, want the import's 2 (its first report summed the items again)", units)
		}
	})
}
