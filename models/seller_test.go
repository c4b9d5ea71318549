package models_test

import (
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

func newGroup(t *testing.T, db *models.DB, companyID int64, name string) *models.StoreGroup {
	t.Helper()
	g := &models.StoreGroup{CompanyID: companyID, Name: name}
	if err := db.Create(g).Error; err != nil {
		t.Fatalf("create group %s: %v", name, err)
	}
	return g
}

func saveSeller(t *testing.T, db *models.DB, s *models.Seller, markets ...string) {
	t.Helper()
	var ms []models.SellerMarketplace
	for _, m := range markets {
		ms = append(ms, models.SellerMarketplace{MarketplaceID: m, Participating: true})
	}
	now := time.Now().UTC().Truncate(time.Second)
	s.Status, s.AuthorizedAt, s.CreatedAt, s.UpdatedAt = models.SellerActive, now, now, now
	if err := db.Tx(t.Context(), func(tx *models.DB) error { return tx.SaveSellerAuthorization(s, ms) }); err != nil {
		t.Fatal(err)
	}
}

func TestSellersAndStoreGroups(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := db.SaveMarketplaces(); err != nil {
			t.Fatal(err)
		}
		a := newCompany(t, db, "甲", "13800000011")
		b := newCompany(t, db, "乙", "13800000012")
		us, eu := newGroup(t, db, a.CompanyID, "美国店"), newGroup(t, db, a.CompanyID, "欧洲店")
		theirs := newGroup(t, db, b.CompanyID, "乙的店")

		// Re-authorising a region replaces the account, tokens and marketplaces on the same row.
		first := &models.Seller{CompanyID: a.CompanyID, GroupID: us.ID, Region: "NA", SellingPartnerID: "A1", RefreshToken: "v1.x"}
		saveSeller(t, db, first, "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
		if err := db.DisableSeller(a.CompanyID, first.ID, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		again := &models.Seller{CompanyID: a.CompanyID, GroupID: us.ID, Region: "NA", SellingPartnerID: "A2", RefreshToken: "v1.y"}
		saveSeller(t, db, again, "A1AM78C64UM0Y8")
		got, err := db.SellerByID(a.CompanyID, first.ID)
		if err != nil || again.ID != first.ID || got.SellingPartnerID != "A2" || got.Disabled || got.DisabledAt != nil ||
			len(got.Marketplaces) != 1 || got.Marketplaces[0].MarketplaceID != "A1AM78C64UM0Y8" {
			t.Fatalf("re-authorised = %+v %v", got, err)
		}
		// Another company's seller and group are not found through a's id.
		if _, err := db.SellerByID(b.CompanyID, first.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 found 甲's seller: %v", err)
		}
		if err := db.DisableSeller(b.CompanyID, first.ID, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 disabled 甲's seller: %v", err)
		}
		if _, err := db.ActiveSellerElsewhere(a.CompanyID, eu.ID, "NA", "A2"); err != nil {
			t.Fatalf("the account active in 美国店 is not found from 欧洲店: %v", err)
		}
		if _, err := db.ActiveSellerElsewhere(b.CompanyID, theirs.ID, "NA", "A2"); !models.IsNotFound(err) {
			t.Fatalf("another company's account counted: %v", err)
		}
		sellers, err := db.SellersOfGroups(a.CompanyID, []int64{us.ID, eu.ID, theirs.ID})
		if err != nil || len(sellers) != 1 {
			t.Fatalf("sellers = %+v %v", sellers, err)
		}

		// Users limited to groups see those; others see all; another company's group is refused.
		clerk := &models.User{CompanyID: a.CompanyID, Account: "13800000013", PasswordHash: "x"}
		if err := db.CreateUser(clerk); err != nil {
			t.Fatal(err)
		}
		err = db.Tx(t.Context(), func(tx *models.DB) error {
			return tx.SetUserStoreGroups(a.CompanyID, clerk.ID, []int64{eu.ID, theirs.ID})
		})
		if !models.IsNotFound(err) {
			t.Fatalf("limited to another company's group: %v", err)
		}
		if err := db.SetUserStoreGroups(a.CompanyID, clerk.ID, []int64{eu.ID}); err != nil {
			t.Fatal(err)
		}
		seen, _ := db.VisibleStoreGroups(a.CompanyID, clerk.ID, "")
		all, _ := db.VisibleStoreGroups(a.CompanyID, a.ID, "")
		if len(seen) != 1 || seen[0].ID != eu.ID || len(all) != 2 || all[0].Name != "欧洲店" {
			t.Fatalf("visible: clerk %+v, owner %+v", seen, all)
		}
		if _, err := db.VisibleStoreGroup(a.CompanyID, clerk.ID, us.ID); !models.IsNotFound(err) {
			t.Fatalf("clerk reached 美国店: %v", err)
		}
		page, total, err := db.VisibleStoreGroupPage(a.CompanyID, a.ID, "店", 1, 5)
		if err != nil || total != 2 || len(page) != 1 || page[0].Name != "美国店" {
			t.Fatalf("page = %+v %d %v", page, total, err)
		}
		limits, err := db.StoreGroupsOfUsers(a.CompanyID, []int64{clerk.ID, a.ID})
		if err != nil || len(limits[clerk.ID]) != 1 || limits[clerk.ID][0].Name != "欧洲店" || len(limits[a.ID]) != 0 {
			t.Fatalf("limits = %+v %v", limits, err)
		}
		sellersN, usersN, _ := db.StoreGroupUsage(eu.ID)
		if sellersN != 0 || usersN != 1 {
			t.Fatalf("usage of 欧洲店 = %d sellers, %d users", sellersN, usersN)
		}

		// Deleting: another company's id does nothing; a listing refers to the group: the database refuses.
		if err := db.DeleteStoreGroup(b.CompanyID, us.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleted 甲's group: %v", err)
		}
		plain := newGroup(t, db, a.CompanyID, "空店")
		if err := db.Create(&models.Listing{CompanyID: a.CompanyID, GroupID: plain.ID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: "S1"}).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Tx(t.Context(), func(tx *models.DB) error { return tx.DeleteStoreGroup(a.CompanyID, plain.ID) }); !isForeignKey(err) {
			t.Fatalf("deleting a group with a listing: %v", err)
		}
	})
}

func isForeignKey(err error) bool { return errors.Is(err, gorm.ErrForeignKeyViolated) }
