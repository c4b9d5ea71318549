package models_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

func newStoreGroup(t *testing.T, db *models.DB, companyID int64, name string) *models.StoreGroup {
	t.Helper()
	g := &models.StoreGroup{CompanyID: companyID, Name: name}
	if err := db.Create(g).Error; err != nil {
		t.Fatalf("create store group %s: %v", name, err)
	}
	return g
}

func usProfile(id int64, name string) models.AdvProfile {
	return models.AdvProfile{ProfileID: id, CountryCode: "US", CurrencyCode: "USD", Timezone: "America/Los_Angeles",
		MarketplaceID: "ATVPDKIKX0DER", AccountID: "A1SELLER", AccountType: "seller", AccountName: name}
}

// consent stores an authorisation with its profiles the way the service does: in one transaction.
func consent(t *testing.T, db *models.DB, companyID, groupID int64, region string, token string, now time.Time, profiles ...models.AdvProfile) *models.AdvAuth {
	t.Helper()
	var a *models.AdvAuth
	err := db.Tx(context.Background(), func(tx *models.DB) error {
		var err error
		if a, err = tx.SaveAdvAuth(companyID, groupID, region, token, now); err != nil {
			return err
		}
		return tx.ReplaceAdvProfiles(companyID, a.ID, profiles, now)
	})
	if err != nil {
		t.Fatalf("save consent: %v", err)
	}
	return a
}

func TestAdvertisingAuthorisationIsOnePerGroupAndRegion(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		g := newStoreGroup(t, db, a.CompanyID, "美国店")
		t0 := time.Now().UTC().Truncate(time.Second)

		first := consent(t, db, a.CompanyID, g.ID, "NA", "sealed-1", t0, usProfile(11, "店一"))
		if err := db.DisableAdvAuth(a.CompanyID, first.ID, t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		again := consent(t, db, a.CompanyID, g.ID, "NA", "sealed-2", t0.Add(time.Hour), usProfile(11, "店一"))
		if again.ID != first.ID || again.RefreshToken != "sealed-2" || again.Disabled || again.DisabledAt != nil ||
			!again.AuthorizedAt.Equal(t0.Add(time.Hour)) {
			t.Fatalf("re-authorised = %+v, want the same row with the new token, enabled", again)
		}
		eu := consent(t, db, a.CompanyID, g.ID, "EU", "sealed-eu", t0)
		if eu.ID == first.ID {
			t.Fatal("another region must be another authorisation")
		}
		auths, err := db.AdvAuthsOf(a.CompanyID, nil)
		if err != nil || len(auths) != 2 || auths[0].Region != "EU" || auths[1].Region != "NA" {
			t.Fatalf("auths = %+v, %v", auths, err)
		}
	})
}

func TestAdvertisingProfilesAreReplacedKeepingTheirIDs(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		g := newStoreGroup(t, db, a.CompanyID, "美国店")
		t0 := time.Now().UTC().Truncate(time.Second)
		ca := usProfile(22, "店一 CA")
		ca.CountryCode, ca.CurrencyCode, ca.MarketplaceID = "CA", "CAD", "A2EUQ1WTGCTBG2"
		auth := consent(t, db, a.CompanyID, g.ID, "NA", "sealed", t0, usProfile(11, "店一"), ca)

		before, err := db.AdvProfilesOf(a.CompanyID, g.ID)
		if err != nil || len(before) != 2 || before[0].CountryCode != "CA" || before[1].CountryCode != "US" ||
			before[0].Region != "NA" || before[0].GroupID != g.ID || before[1].AccountName != "店一" {
			t.Fatalf("profiles = %+v, %v", before, err)
		}

		renamed := usProfile(11, "店一改名")
		mx := usProfile(33, "店一 MX")
		mx.CountryCode, mx.CurrencyCode, mx.MarketplaceID = "MX", "MXN", "A1AM78C64UM0Y8"
		t1 := t0.Add(time.Hour)
		if err := db.Tx(context.Background(), func(tx *models.DB) error {
			return tx.ReplaceAdvProfiles(a.CompanyID, auth.ID, []models.AdvProfile{renamed, mx}, t1)
		}); err != nil {
			t.Fatal(err)
		}
		after, err := db.AdvProfilesOf(a.CompanyID, g.ID)
		if err != nil || len(after) != 2 || after[0].CountryCode != "MX" || after[1].CountryCode != "US" {
			t.Fatalf("profiles after refresh = %+v, %v", after, err)
		}
		if after[1].ID != before[1].ID || after[1].AccountName != "店一改名" || !after[1].CapturedAt.Equal(t1) {
			t.Fatalf("US profile = %+v, want id %d kept, renamed, captured at %v", after[1], before[1].ID, t1)
		}

		if err := db.Tx(context.Background(), func(tx *models.DB) error {
			return tx.ReplaceAdvProfiles(a.CompanyID, auth.ID, nil, t1)
		}); err != nil {
			t.Fatal(err)
		}
		if none, err := db.AdvProfilesOf(a.CompanyID, g.ID); err != nil || len(none) != 0 {
			t.Fatalf("profiles after Amazon lists none = %+v, %v", none, err)
		}
	})
}

func TestDisabledAdvertisingLeavesTheGroupPickerAndProfileList(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		us := newStoreGroup(t, db, a.CompanyID, "美国店")
		jp := newStoreGroup(t, db, a.CompanyID, "日本店")
		newStoreGroup(t, db, a.CompanyID, "没有广告的店")
		now := time.Now().UTC()
		usAuth := consent(t, db, a.CompanyID, us.ID, "NA", "s", now, usProfile(11, "店一"))
		consent(t, db, a.CompanyID, jp.ID, "FE", "s", now)

		groups, err := db.GroupsWithAdvertising(a.CompanyID, nil)
		if err != nil || len(groups) != 2 || groups[0].Name != "日本店" || groups[1].Name != "美国店" {
			t.Fatalf("groups = %+v, %v", groups, err)
		}
		if only, err := db.GroupsWithAdvertising(a.CompanyID, []int64{jp.ID}); err != nil || len(only) != 1 || only[0].ID != jp.ID {
			t.Fatalf("groups of a limited user = %+v, %v", only, err)
		}
		if none, err := db.GroupsWithAdvertising(a.CompanyID, []int64{}); err != nil || len(none) != 0 {
			t.Fatalf("groups of a user limited to none = %+v, %v", none, err)
		}

		if err := db.DisableAdvAuth(a.CompanyID, usAuth.ID, now); err != nil {
			t.Fatal(err)
		}
		if groups, _ := db.GroupsWithAdvertising(a.CompanyID, nil); len(groups) != 1 || groups[0].ID != jp.ID {
			t.Fatalf("groups after disabling = %+v", groups)
		}
		if profiles, _ := db.AdvProfilesOf(a.CompanyID, us.ID); len(profiles) != 0 {
			t.Fatalf("profiles of a disabled authorisation = %+v", profiles)
		}
		got, err := db.AdvAuthByID(a.CompanyID, usAuth.ID)
		if err != nil || !got.Disabled || got.DisabledAt == nil {
			t.Fatalf("disabled auth = %+v, %v", got, err)
		}
	})
}

func TestAdvertisingIsInvisibleToOtherCompanies(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := newCompany(t, db, "甲", "13800000001")
		b := newCompany(t, db, "乙", "13800000002")
		g := newStoreGroup(t, db, a.CompanyID, "美国店")
		auth := consent(t, db, a.CompanyID, g.ID, "NA", "s", time.Now().UTC(), usProfile(11, "店一"))

		if _, err := db.AdvAuthByID(b.CompanyID, auth.ID); !models.IsNotFound(err) {
			t.Fatalf("another company's auth: %v", err)
		}
		if err := db.DisableAdvAuth(b.CompanyID, auth.ID, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("disable another company's auth: %v", err)
		}
		if err := db.Tx(context.Background(), func(tx *models.DB) error {
			return tx.ReplaceAdvProfiles(b.CompanyID, auth.ID, nil, time.Now())
		}); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.AdvProfilesOf(a.CompanyID, g.ID); len(p) != 1 {
			t.Fatalf("another company removed the profiles: %+v", p)
		}
		for name, n := range map[string]func() int{
			"auths":    func() int { r, _ := db.AdvAuthsOf(b.CompanyID, nil); return len(r) },
			"profiles": func() int { r, _ := db.AdvProfilesOf(b.CompanyID, 0); return len(r) },
			"groups":   func() int { r, _ := db.GroupsWithAdvertising(b.CompanyID, nil); return len(r) },
		} {
			if n() != 0 {
				t.Fatalf("another company sees %s", name)
			}
		}
		if n, err := db.AdvAuthCountOfGroup(a.CompanyID, g.ID); err != nil || n != 1 {
			t.Fatalf("the group's authorisations = %d, %v", n, err)
		}
		if n, _ := db.AdvAuthCountOfGroup(b.CompanyID, g.ID); n != 0 {
			t.Fatalf("another company counts %d authorisations", n)
		}
		if got, _ := db.AdvAuthByID(a.CompanyID, auth.ID); got.Disabled {
			t.Fatal("another company disabled the auth")
		}
	})
}
