package reference_test

import (
	"fmt"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/reference"
	"sellerhub/models/seed"
)

func newDict(t *testing.T, db *models.DB, companyID int64, code string) *reference.Dict {
	t.Helper()
	d := &reference.Dict{CompanyID: companyID, Name: "字典" + code, Code: code, Status: reference.DictEnabled}
	if err := reference.CreateDict(db, d); err != nil {
		t.Fatalf("create dict %s: %v", code, err)
	}
	return d
}

func newItem(t *testing.T, db *models.DB, companyID int64, code, name, value string, sort int) *reference.DictItem {
	t.Helper()
	it := &reference.DictItem{CompanyID: companyID, DictCode: code, Name: name, Value: value, Sort: sort,
		Status: reference.DictEnabled}
	if err := reference.CreateDictItem(db, it); err != nil {
		t.Fatalf("create item %s/%s: %v", code, value, err)
	}
	return it
}

func TestDictCodeIsUniquePerCompany(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		mine := newDict(t, db, a.CompanyID, "currency")
		err := reference.CreateDict(db, &reference.Dict{CompanyID: a.CompanyID, Name: "又一个", Code: "currency"})
		if !models.IsDuplicate(err) {
			t.Fatalf("second currency in 甲: want duplicate, got %v", err)
		}
		theirs := newDict(t, db, b.CompanyID, "currency")

		if d, err := reference.DictByCode(db, a.CompanyID, "currency"); err != nil || d.ID != mine.ID {
			t.Fatalf("甲's currency = %+v, %v", d, err)
		}
		if d, err := reference.DictByCode(db, b.CompanyID, "currency"); err != nil || d.ID != theirs.ID {
			t.Fatalf("乙's currency = %+v, %v", d, err)
		}
		if _, err := reference.DictByID(db, a.CompanyID, theirs.ID); !models.IsNotFound(err) {
			t.Fatalf("甲 reading 乙's dict: want not found, got %v", err)
		}
		if err := reference.DeleteDict(db, a.CompanyID, theirs.ID); !models.IsNotFound(err) {
			t.Fatalf("甲 deleting 乙's dict: want not found, got %v", err)
		}
		// An update names its company: 甲's id under 乙 changes nothing.
		stolen := *mine
		stolen.CompanyID, stolen.Name = b.CompanyID, "改掉"
		if err := reference.UpdateDict(db, &stolen); err != nil {
			t.Fatal(err)
		}
		if d, _ := reference.DictByID(db, a.CompanyID, mine.ID); d.Name != mine.Name {
			t.Fatalf("update under 乙 renamed 甲's dict to %q", d.Name)
		}
		if n, _ := reference.CountDicts(db, a.CompanyID, ""); n != 1 {
			t.Fatalf("甲 counts %d dicts, want 1", n)
		}
	})
}

func TestDictListFiltersByNameAndPagesByCode(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		for _, code := range []string{"c_ship", "a_currency", "b_unit"} {
			newDict(t, db, a.CompanyID, code)
		}
		if err := reference.CreateDict(db, &reference.Dict{CompanyID: a.CompanyID, Name: "税率100%", Code: "rate"}); err != nil {
			t.Fatal(err)
		}
		newDict(t, db, b.CompanyID, "z_other")

		ds, err := reference.Dicts(db, a.CompanyID, "", models.ListSort{}, 1, 2)
		if err != nil || len(ds) != 2 || ds[0].Code != "b_unit" || ds[1].Code != "c_ship" {
			t.Fatalf("page 2 of 2 = %+v, %v", ds, err)
		}
		if n, _ := reference.CountDicts(db, a.CompanyID, ""); n != 4 {
			t.Fatalf("甲 counts %d, want 4", n)
		}
		if n, _ := reference.CountDicts(db, a.CompanyID, "ship"); n != 1 {
			t.Fatalf("name contains ship: %d, want 1", n)
		}
		// % and _ in the filter are the characters, not wildcards.
		if n, _ := reference.CountDicts(db, a.CompanyID, "0%"); n != 1 {
			t.Fatalf("name contains 0%%: %d, want 1", n)
		}
		if n, _ := reference.CountDicts(db, a.CompanyID, "%"); n != 1 {
			t.Fatalf("name contains %%: %d, want 1", n)
		}
		if n, _ := reference.CountDicts(db, a.CompanyID, "_"); n != 3 {
			t.Fatalf("name contains _: %d, want 3 (not 税率100%%)", n)
		}
	})
}

func TestDictItemsOrderPagingCountsAndUniqueValue(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		newDict(t, db, a.CompanyID, "ship")
		newDict(t, db, a.CompanyID, "unit")
		newDict(t, db, b.CompanyID, "ship")
		// 25 items, sorts descending with ties in pairs: the list is by sort, then by id (creation order).
		var want []int64
		created := map[int][]int64{}
		for i := range 25 {
			sort := (24 - i) / 2
			it := newItem(t, db, a.CompanyID, "ship", fmt.Sprintf("方式%02d", i), fmt.Sprintf("v%02d", i), sort)
			created[sort] = append(created[sort], it.ID)
		}
		for sort := 0; sort <= 12; sort++ {
			want = append(want, created[sort]...)
		}
		newItem(t, db, a.CompanyID, "unit", "件", "pcs", 0)
		newItem(t, db, b.CompanyID, "ship", "别家", "v00", 0)

		ship := reference.DictItemFilter{DictCode: "ship"}
		if n, err := reference.CountDictItems(db, a.CompanyID, ship); err != nil || n != 25 {
			t.Fatalf("count = %d, %v; want 25", n, err)
		}
		var got []int64
		for offset := 0; offset < 30; offset += 10 {
			page, err := reference.DictItems(db, a.CompanyID, ship, offset, 10)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range page {
				if it.DictCode != "ship" || it.CompanyID != a.CompanyID {
					t.Fatalf("foreign item in the list: %+v", it)
				}
				got = append(got, it.ID)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("order\n got %v\nwant %v", got, want)
		}
		if n, _ := reference.CountDictItems(db, a.CompanyID, reference.DictItemFilter{DictCode: "ship", Name: "方式1"}); n != 10 {
			t.Fatalf("name contains 方式1: %d, want 10", n)
		}
		if n, _ := reference.CountDictItems(db, a.CompanyID, reference.DictItemFilter{}); n != 26 {
			t.Fatalf("all of 甲's items: %d, want 26", n)
		}
		all, _ := reference.DictItems(db, a.CompanyID, reference.DictItemFilter{}, 0, 100)
		if len(all) != 26 || all[0].DictCode != "ship" || all[25].DictCode != "unit" {
			t.Fatalf("across dictionaries, grouped by code: first %s, last %s", all[0].DictCode, all[len(all)-1].DictCode)
		}

		opts, err := reference.DictOptions(db, a.CompanyID, "ship", "", false, 3)
		if err != nil || len(opts) != 3 || opts[0].Value != "v23" || opts[1].Value != "v24" || opts[2].Value != "v21" {
			t.Fatalf("options = %+v, %v", opts, err)
		}
		db.Model(&reference.DictItem{}).Where("company_id = ? AND value = ?", a.CompanyID, "v23").Update("status", reference.DictDisabled)
		if opts, _ := reference.DictOptions(db, a.CompanyID, "ship", "", true, 1); len(opts) != 1 || opts[0].Value != "v24" {
			t.Fatalf("enabled options start %+v, want v24 (v23 is disabled)", opts)
		}

		// One value per dictionary of a company; the same value in another dictionary or company is fine.
		err = reference.CreateDictItem(db, &reference.DictItem{CompanyID: a.CompanyID, DictCode: "ship", Name: "重复", Value: "v03"})
		if !models.IsDuplicate(err) {
			t.Fatalf("duplicate value: want duplicate, got %v", err)
		}
		newItem(t, db, a.CompanyID, "unit", "同值", "v03", 0)
		if it, err := reference.DictItemByValue(db, a.CompanyID, "ship", "v00"); err != nil || it.Name != "方式00" {
			t.Fatalf("甲's v00 = %+v, %v", it, err)
		}
	})
}

func TestDictItemsMoveWithTheirCodeAndStayInTheirCompany(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		newDict(t, db, a.CompanyID, "ship")
		newDict(t, db, b.CompanyID, "ship")
		mine := newItem(t, db, a.CompanyID, "ship", "海运", "sea", 1)
		theirs := newItem(t, db, b.CompanyID, "ship", "空运", "air", 1)

		if _, err := reference.DictItemByID(db, a.CompanyID, theirs.ID); !models.IsNotFound(err) {
			t.Fatalf("甲 reading 乙's item: want not found, got %v", err)
		}
		if err := reference.DeleteDictItem(db, a.CompanyID, theirs.ID); !models.IsNotFound(err) {
			t.Fatalf("甲 deleting 乙's item: want not found, got %v", err)
		}
		at := time.Now().UTC().Truncate(time.Microsecond)
		err := db.Tx(t.Context(), func(tx *models.DB) error {
			if _, err := reference.DictByCode(tx.ForUpdate(), a.CompanyID, "ship"); err != nil {
				return err
			}
			return reference.MoveDictItems(tx, a.CompanyID, "ship", "shipping", at)
		})
		if err != nil {
			t.Fatal(err)
		}
		if it, _ := reference.DictItemByID(db, a.CompanyID, mine.ID); it.DictCode != "shipping" || !it.UpdatedAt.Equal(at) {
			t.Fatalf("moved item = %+v", it)
		}
		if it, _ := reference.DictItemByID(db, b.CompanyID, theirs.ID); it.DictCode != "ship" {
			t.Fatalf("乙's item moved too: %+v", it)
		}
		if err := reference.DeleteDictItem(db, a.CompanyID, mine.ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := reference.CountDictItems(db, a.CompanyID, reference.DictItemFilter{}); n != 0 {
			t.Fatalf("甲 has %d items after deleting its one", n)
		}
	})
}

func TestSeedGivesTheDemoCompanyItsMissingDictionariesOnly(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := t.Context()
		if _, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake); err != nil {
			t.Fatal(err)
		}
		admin, _ := accounts.UserByAccount(db, "admin@example.com")
		demo := admin.CompanyID
		other := dbtest.NewCompany(t, db, "乙", "13800000002")
		opts, err := reference.DictOptions(db, demo, "currency", "", true, 100)
		if err != nil || len(opts) != 11 || opts[0] != (reference.DictOption{Name: "美元", Value: "USD"}) || opts[10].Value != "PLN" {
			t.Fatalf("seeded currencies = %+v, %v", opts, err)
		}
		if n, _ := reference.CountDictItems(db, demo, reference.DictItemFilter{DictCode: "ship_method"}); n == 0 {
			t.Fatal("no shipping methods seeded")
		}

		// The admin's changes to a seeded dictionary stay; a dictionary removed is missing again and comes back.
		usd, _ := reference.DictItemByValue(db, demo, "currency", "USD")
		if err := reference.DeleteDictItem(db, demo, usd.ID); err != nil {
			t.Fatal(err)
		}
		ship, _ := reference.DictByCode(db, demo, "ship_method")
		db.Where("company_id = ? AND dict_code = ?", demo, "ship_method").Delete(&reference.DictItem{})
		if err := reference.DeleteDict(db, demo, ship.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := seed.Run(ctx, db, "admin@example.com", "", dbtest.HashFake); err != nil {
			t.Fatal(err)
		}
		if n, _ := reference.CountDictItems(db, demo, reference.DictItemFilter{DictCode: "currency"}); n != 10 {
			t.Fatalf("currency has %d items after the second seed, want the admin's 10", n)
		}
		if _, err := reference.DictByCode(db, demo, "ship_method"); err != nil {
			t.Fatalf("removed ship_method not seeded again: %v", err)
		}
		if n, _ := reference.CountDicts(db, demo, ""); n != int64(len(seed.DemoDictionaries)) {
			t.Fatalf("demo company has %d dicts, want %d", n, len(seed.DemoDictionaries))
		}
		if n, _ := reference.CountDicts(db, other.CompanyID, ""); n != 0 {
			t.Fatalf("another company got %d seeded dicts", n)
		}
	})
}
