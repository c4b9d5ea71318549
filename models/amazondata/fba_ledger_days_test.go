package amazondata_test

import (
	"fmt"
	"slices"
	"testing"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// FBA每日库存's keyword finds a day's balance by a part of its seller SKU or of its FNSKU, in any letter case, through
// the (SKU, FNSKU) pairs the import records, and finds the same lines when it names too many SKUs to read by:
// a balance of a named SKU whose own SKU and FNSKU both lack the keyword is not listed, nor another company's.
func TestLedgerDaysByKeyword(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		if err := storesdb.SaveMarketplaces(db); err != nil {
			t.Fatal(err)
		}
		balance := func(companyID int64, sku, fnsku string, days ...string) []amazondatadb.LedgerBalance {
			seller := &storesdb.Seller{CompanyID: companyID, GroupID: dbtest.NewStoreGroup(t, db, companyID, sku+fnsku).ID,
				Region: "NA", SellingPartnerID: "A" + sku + fnsku, RefreshToken: "v1.x"}
			dbtest.SaveSeller(t, db, seller, "ATVPDKIKX0DER")
			out := make([]amazondatadb.LedgerBalance, len(days))
			for i, d := range days {
				out[i] = amazondatadb.LedgerBalance{CompanyID: companyID, GroupID: seller.GroupID, SellerID: seller.ID,
					MarketplaceID: "ATVPDKIKX0DER", Day: d, FNSKU: fnsku, SKU: sku, Title: sku, Disposition: "SELLABLE",
					Location: "PHX7", Starting: 5, Ending: 5}
			}
			return out
		}
		var all []amazondatadb.LedgerBalance
		all = append(all, balance(a.CompanyID, "CUP-A", "X0KEY1", "2026-11-01", "2026-11-02")...)
		all = append(all, balance(a.CompanyID, "CUP-A", "X0ZZZ1", "2026-11-01")...)
		all = append(all, balance(a.CompanyID, "KEY-B", "X0ZZZ2", "2026-11-03")...)
		all = append(all, balance(b.CompanyID, "KEY-C", "X0KEY3", "2026-11-01")...)
		for i := range 210 {
			all = append(all, balance(a.CompanyID, fmt.Sprintf("MANY-%03d", i), fmt.Sprintf("X0M%03d", i), "2026-11-01")...)
		}
		for _, one := range all {
			if _, err := amazondatadb.UpsertLedgerBalances(db, []amazondatadb.LedgerBalance{one}); err != nil {
				t.Fatal(err)
			}
		}
		var pairs int64
		if err := db.Table("fba_ledger_skus").Where("company_id = ?", a.CompanyID).Count(&pairs).Error; err != nil || pairs != 213 {
			t.Fatalf("%d (SKU, FNSKU) pairs recorded (%v), want 213", pairs, err)
		}
		list := func(keyword string) (lines []string, total int64) {
			t.Helper()
			rows, total, err := amazondatadb.LedgerDayPage(db, a.CompanyID, amazondatadb.LedgerDayFilter{Keyword: keyword,
				Desc: true, Limit: 500})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				lines = append(lines, r.Day+" "+r.SKU+" "+r.FNSKU)
			}
			slices.Sort(lines)
			return lines, total
		}
		for _, c := range []struct {
			keyword string
			want    []string
		}{
			{"key", []string{"2026-11-01 CUP-A X0KEY1", "2026-11-02 CUP-A X0KEY1", "2026-11-03 KEY-B X0ZZZ2"}},
			{"X0ZZZ1", []string{"2026-11-01 CUP-A X0ZZZ1"}},
			{"cup-a", []string{"2026-11-01 CUP-A X0KEY1", "2026-11-01 CUP-A X0ZZZ1", "2026-11-02 CUP-A X0KEY1"}},
			{"KEY-C", nil},
			{"NOSUCH", nil},
		} {
			if got, total := list(c.keyword); !slices.Equal(got, c.want) || total != int64(len(c.want)) {
				t.Errorf("keyword %s: %d lines %q, want %q", c.keyword, total, got, c.want)
			}
		}
		// 210 SKUs hold MANY-: too many to read by SKU, the list is tested line by line, and holds each once.
		got, total := list("many-")
		if total != 210 || len(got) != 210 || got[0] != "2026-11-01 MANY-000 X0M000" || got[209] != "2026-11-01 MANY-209 X0M209" {
			t.Errorf("keyword many-: %d lines, first %q", total, got[:min(1, len(got))])
		}
	})
}
