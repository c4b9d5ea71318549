package stores_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/stores"
)

func usProfile(id int64, name string) stores.AdvProfile {
	return stores.AdvProfile{ProfileID: id, CountryCode: "US", CurrencyCode: "USD", Timezone: "America/Los_Angeles",
		MarketplaceID: "ATVPDKIKX0DER", AccountID: "A1SELLER", AccountType: "seller", AccountName: name}
}

// consent stores an authorisation with its profiles the way the service does: in one transaction.
func consent(t *testing.T, db *models.DB, companyID, groupID int64, region string, token string, now time.Time, profiles ...stores.AdvProfile) *stores.AdvAuth {
	t.Helper()
	var a *stores.AdvAuth
	err := db.Tx(context.Background(), func(tx *models.DB) error {
		var err error
		if a, err = stores.SaveAdvAuth(tx, companyID, groupID, region, token, now); err != nil {
			return err
		}
		return stores.ReplaceAdvProfiles(tx, companyID, a.ID, profiles, now)
	})
	if err != nil {
		t.Fatalf("save consent: %v", err)
	}
	return a
}

func TestAdvertisingAuthorisationIsOnePerGroupAndRegion(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		g := dbtest.NewStoreGroup(t, db, a.CompanyID, "美国店")
		t0 := time.Now().UTC().Truncate(time.Second)

		first := consent(t, db, a.CompanyID, g.ID, "NA", "sealed-1", t0, usProfile(11, "店一"))
		if err := stores.DisableAdvAuth(db, a.CompanyID, first.ID, t0.Add(time.Minute)); err != nil {
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
		auths, err := stores.AdvAuthsOf(db, a.CompanyID, nil)
		if err != nil || len(auths) != 2 || auths[0].Region != "EU" || auths[1].Region != "NA" {
			t.Fatalf("auths = %+v, %v", auths, err)
		}
	})
}

func TestAdvertisingProfilesAreReplacedKeepingTheirIDs(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		g := dbtest.NewStoreGroup(t, db, a.CompanyID, "美国店")
		t0 := time.Now().UTC().Truncate(time.Second)
		ca := usProfile(22, "店一 CA")
		ca.CountryCode, ca.CurrencyCode, ca.MarketplaceID = "CA", "CAD", "A2EUQ1WTGCTBG2"
		auth := consent(t, db, a.CompanyID, g.ID, "NA", "sealed", t0, usProfile(11, "店一"), ca)

		before, err := stores.AdvProfilesOf(db, a.CompanyID, g.ID)
		if err != nil || len(before) != 2 || before[0].CountryCode != "CA" || before[1].CountryCode != "US" ||
			before[0].Region != "NA" || before[0].GroupID != g.ID || before[1].AccountName != "店一" {
			t.Fatalf("profiles = %+v, %v", before, err)
		}

		renamed := usProfile(11, "店一改名")
		mx := usProfile(33, "店一 MX")
		mx.CountryCode, mx.CurrencyCode, mx.MarketplaceID = "MX", "MXN", "A1AM78C64UM0Y8"
		t1 := t0.Add(time.Hour)
		if err := db.Tx(context.Background(), func(tx *models.DB) error {
			return stores.ReplaceAdvProfiles(tx, a.CompanyID, auth.ID, []stores.AdvProfile{renamed, mx}, t1)
		}); err != nil {
			t.Fatal(err)
		}
		after, err := stores.AdvProfilesOf(db, a.CompanyID, g.ID)
		if err != nil || len(after) != 2 || after[0].CountryCode != "MX" || after[1].CountryCode != "US" {
			t.Fatalf("profiles after refresh = %+v, %v", after, err)
		}
		if after[1].ID != before[1].ID || after[1].AccountName != "店一改名" || !after[1].CapturedAt.Equal(t1) {
			t.Fatalf("US profile = %+v, want id %d kept, renamed, captured at %v", after[1], before[1].ID, t1)
		}

		if err := db.Tx(context.Background(), func(tx *models.DB) error {
			return stores.ReplaceAdvProfiles(tx, a.CompanyID, auth.ID, nil, t1)
		}); err != nil {
			t.Fatal(err)
		}
		if none, err := stores.AdvProfilesOf(db, a.CompanyID, g.ID); err != nil || len(none) != 0 {
			t.Fatalf("profiles after Amazon lists none = %+v, %v", none, err)
		}
	})
}

func TestDisabledAdvertisingLeavesTheGroupPickerAndProfileList(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		us := dbtest.NewStoreGroup(t, db, a.CompanyID, "美国店")
		jp := dbtest.NewStoreGroup(t, db, a.CompanyID, "日本店")
		dbtest.NewStoreGroup(t, db, a.CompanyID, "没有广告的店")
		now := time.Now().UTC()
		usAuth := consent(t, db, a.CompanyID, us.ID, "NA", "s", now, usProfile(11, "店一"))
		consent(t, db, a.CompanyID, jp.ID, "FE", "s", now)

		groups, err := stores.GroupsWithAdvertising(db, a.CompanyID, nil)
		if err != nil || len(groups) != 2 || groups[0].Name != "日本店" || groups[1].Name != "美国店" {
			t.Fatalf("groups = %+v, %v", groups, err)
		}
		if only, err := stores.GroupsWithAdvertising(db, a.CompanyID, []int64{jp.ID}); err != nil || len(only) != 1 || only[0].ID != jp.ID {
			t.Fatalf("groups of a limited user = %+v, %v", only, err)
		}
		if none, err := stores.GroupsWithAdvertising(db, a.CompanyID, []int64{}); err != nil || len(none) != 0 {
			t.Fatalf("groups of a user limited to none = %+v, %v", none, err)
		}

		if err := stores.DisableAdvAuth(db, a.CompanyID, usAuth.ID, now); err != nil {
			t.Fatal(err)
		}
		if groups, _ := stores.GroupsWithAdvertising(db, a.CompanyID, nil); len(groups) != 1 || groups[0].ID != jp.ID {
			t.Fatalf("groups after disabling = %+v", groups)
		}
		if profiles, _ := stores.AdvProfilesOf(db, a.CompanyID, us.ID); len(profiles) != 0 {
			t.Fatalf("profiles of a disabled authorisation = %+v", profiles)
		}
		got, err := stores.AdvAuthByID(db, a.CompanyID, usAuth.ID)
		if err != nil || !got.Disabled || got.DisabledAt == nil {
			t.Fatalf("disabled auth = %+v, %v", got, err)
		}
	})
}

func TestAdvertisingIsInvisibleToOtherCompanies(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		g := dbtest.NewStoreGroup(t, db, a.CompanyID, "美国店")
		auth := consent(t, db, a.CompanyID, g.ID, "NA", "s", time.Now().UTC(), usProfile(11, "店一"))

		if _, err := stores.AdvAuthByID(db, b.CompanyID, auth.ID); !models.IsNotFound(err) {
			t.Fatalf("another company's auth: %v", err)
		}
		if err := stores.DisableAdvAuth(db, b.CompanyID, auth.ID, time.Now()); !models.IsNotFound(err) {
			t.Fatalf("disable another company's auth: %v", err)
		}
		if err := db.Tx(context.Background(), func(tx *models.DB) error {
			return stores.ReplaceAdvProfiles(tx, b.CompanyID, auth.ID, nil, time.Now())
		}); err != nil {
			t.Fatal(err)
		}
		if p, _ := stores.AdvProfilesOf(db, a.CompanyID, g.ID); len(p) != 1 {
			t.Fatalf("another company removed the profiles: %+v", p)
		}
		for name, n := range map[string]func() int{
			"auths":    func() int { r, _ := stores.AdvAuthsOf(db, b.CompanyID, nil); return len(r) },
			"profiles": func() int { r, _ := stores.AdvProfilesOf(db, b.CompanyID, 0); return len(r) },
			"groups":   func() int { r, _ := stores.GroupsWithAdvertising(db, b.CompanyID, nil); return len(r) },
		} {
			if n() != 0 {
				t.Fatalf("another company sees %s", name)
			}
		}
		if n, err := stores.AdvAuthCountOfGroup(db, a.CompanyID, g.ID); err != nil || n != 1 {
			t.Fatalf("the group's authorisations = %d, %v", n, err)
		}
		if n, _ := stores.AdvAuthCountOfGroup(db, b.CompanyID, g.ID); n != 0 {
			t.Fatalf("another company counts %d authorisations", n)
		}
		if got, _ := stores.AdvAuthByID(db, a.CompanyID, auth.ID); got.Disabled {
			t.Fatal("another company disabled the auth")
		}
	})
}
