package stores_test

import (
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/stores"
)

func TestSellersAndStoreGroups(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		if err := stores.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		a := dbtest.NewCompany(t, db, "甲", "13800000011")
		b := dbtest.NewCompany(t, db, "乙", "13800000012")
		us, eu := dbtest.NewStoreGroup(t, db, a.CompanyID, "美国店"), dbtest.NewStoreGroup(t, db, a.CompanyID, "欧洲店")
		theirs := dbtest.NewStoreGroup(t, db, b.CompanyID, "乙的店")

		// Re-authorising a region replaces the account, tokens and marketplaces on the same row.
		first := &stores.Seller{CompanyID: a.CompanyID, GroupID: us.ID, Region: "NA", SellingPartnerID: "A1", RefreshToken: "v1.x"}
		dbtest.SaveSeller(t, db, first, "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
		if err := stores.DisableSeller(db, a.CompanyID, first.ID, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		again := &stores.Seller{CompanyID: a.CompanyID, GroupID: us.ID, Region: "NA", SellingPartnerID: "A2", RefreshToken: "v1.y"}
		dbtest.SaveSeller(t, db, again, "A1AM78C64UM0Y8")
		got, err := stores.SellerByID(db, a.CompanyID, first.ID)
		if err != nil || again.ID != first.ID || got.SellingPartnerID != "A2" || got.Disabled || got.DisabledAt != nil ||
			len(got.Marketplaces) != 1 || got.Marketplaces[0].MarketplaceID != "A1AM78C64UM0Y8" {
			t.Fatalf("re-authorised = %+v %v", got, err)
		}
		// Another company's seller and group are not found through a's id.
		if _, err := stores.SellerByID(db, b.CompanyID, first.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 found 甲's seller: %v", err)
		}
		if err := stores.DisableSeller(db, b.CompanyID, first.ID, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("乙 disabled 甲's seller: %v", err)
		}
		if _, err := stores.ActiveSellerElsewhere(db, a.CompanyID, eu.ID, "NA", "A2"); err != nil {
			t.Fatalf("the account active in 美国店 is not found from 欧洲店: %v", err)
		}
		if _, err := stores.ActiveSellerElsewhere(db, b.CompanyID, theirs.ID, "NA", "A2"); !models.IsNotFound(err) {
			t.Fatalf("another company's account counted: %v", err)
		}
		sellers, err := stores.SellersOfGroups(db, a.CompanyID, []int64{us.ID, eu.ID, theirs.ID})
		if err != nil || len(sellers) != 1 {
			t.Fatalf("sellers = %+v %v", sellers, err)
		}

		// Users limited to groups see those; others see all; another company's group is refused.
		clerk := &accounts.User{CompanyID: a.CompanyID, Account: "13800000013", PasswordHash: "x"}
		if err := accounts.CreateUser(db, clerk); err != nil {
			t.Fatal(err)
		}
		err = db.Tx(t.Context(), func(tx *models.DB) error {
			return stores.SetUserStoreGroups(tx, a.CompanyID, clerk.ID, []int64{eu.ID, theirs.ID})
		})
		if !models.IsNotFound(err) {
			t.Fatalf("limited to another company's group: %v", err)
		}
		if err := stores.SetUserStoreGroups(db, a.CompanyID, clerk.ID, []int64{eu.ID}); err != nil {
			t.Fatal(err)
		}
		seen, _ := stores.VisibleStoreGroups(db, a.CompanyID, clerk.ID, "")
		all, _ := stores.VisibleStoreGroups(db, a.CompanyID, a.ID, "")
		if len(seen) != 1 || seen[0].ID != eu.ID || len(all) != 2 || all[0].Name != "欧洲店" {
			t.Fatalf("visible: clerk %+v, owner %+v", seen, all)
		}
		if _, err := stores.VisibleStoreGroup(db, a.CompanyID, clerk.ID, us.ID); !models.IsNotFound(err) {
			t.Fatalf("clerk reached 美国店: %v", err)
		}
		page, total, err := stores.VisibleStoreGroupPage(db, a.CompanyID, a.ID, "店", 1, 5)
		if err != nil || total != 2 || len(page) != 1 || page[0].Name != "美国店" {
			t.Fatalf("page = %+v %d %v", page, total, err)
		}
		limits, err := stores.StoreGroupsOfUsers(db, a.CompanyID, []int64{clerk.ID, a.ID})
		if err != nil || len(limits[clerk.ID]) != 1 || limits[clerk.ID][0].Name != "欧洲店" || len(limits[a.ID]) != 0 {
			t.Fatalf("limits = %+v %v", limits, err)
		}
		sellersN, usersN, _ := stores.StoreGroupUsage(db, eu.ID)
		if sellersN != 0 || usersN != 1 {
			t.Fatalf("usage of 欧洲店 = %d sellers, %d users", sellersN, usersN)
		}

		// Deleting: another company's id does nothing; a listing refers to the group: the database refuses.
		if err := stores.DeleteStoreGroup(db, b.CompanyID, us.ID); !models.IsNotFound(err) {
			t.Fatalf("乙 deleted 甲's group: %v", err)
		}
		plain := dbtest.NewStoreGroup(t, db, a.CompanyID, "空店")
		if err := db.Create(&catalogdb.Listing{CompanyID: a.CompanyID, GroupID: plain.ID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: "S1"}).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Tx(t.Context(), func(tx *models.DB) error { return stores.DeleteStoreGroup(tx, a.CompanyID, plain.ID) }); !isForeignKey(err) {
			t.Fatalf("deleting a group with a listing: %v", err)
		}
	})
}

func isForeignKey(err error) bool { return errors.Is(err, gorm.ErrForeignKeyViolated) }
