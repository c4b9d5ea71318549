package advertising_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	"sellerhub/models/dbtest"
)

// TestKeywordsSortFromKeptTotalsAsFromTheirDays pages 广告管理's keywords most spent first over a range, whose
// totals are kept after the first call, and finds every page equal to the keywords' days summed and sorted here:
// the spent ones by cost (equal costs by name), then those with impressions but no spend and those without days by
// name. An import that moves the range's days (a keyword starts spending, another spends more) is seen at once.
func TestKeywordsSortFromKeptTotalsAsFromTheirDays(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		u := dbtest.NewCompany(t, db, "甲公司", "13900000001")
		p := advertisingdb.Profile{CompanyID: u.CompanyID, GroupID: 1, ProfileID: 2, MarketplaceID: "ATVPDKIKX0DER", Currency: "USD"}
		now := time.Now().UTC()
		var keywords []advertisingdb.Keyword
		for k := range 30 {
			keywords = append(keywords, advertisingdb.Keyword{KeywordID: fmt.Sprint("k", k), AdGroupID: "g1", CampaignID: "c1",
				KeywordText: fmt.Sprintf("word %02d", 29-k), MatchType: "EXACT", State: "ENABLED", Bid: models.MoneyFromUnits(7500)})
		}
		// Keywords 0-19 spend (4 and 5 the same each day), 20-23 show without a click, 24-29 have no days.
		figures := func(k, d int, bump int64) advertisingdb.Figures {
			if k >= 20 {
				return advertisingdb.Figures{Impressions: int64(10 + d)}
			}
			cost := int64(1000*(k%7+1)+d*10) + bump
			if k == 5 {
				cost = int64(1000*(4%7+1)+d*10) + bump
			}
			return advertisingdb.Figures{Impressions: int64(100 + k + d), Clicks: int64(1 + k%3), Cost: models.MoneyFromUnits(cost),
				Orders: int64(k % 2), Sales: models.MoneyFromUnits(int64(k%2) * 250_000), Units: int64(k % 2)}
		}
		days := map[[2]string]advertisingdb.TargetDay{}
		replace := func(start, end string, bump map[int]int64) {
			t.Helper()
			var rows []advertisingdb.TargetDay
			for d := 1; d <= 31; d++ {
				on := fmt.Sprintf("2026-01-%02d", d)
				if on < start || on > end {
					continue
				}
				for k := range 24 {
					if (k+d)%3 == 0 && k != 7 {
						continue
					}
					row := advertisingdb.TargetDay{TargetID: fmt.Sprint("k", k), Day: on, CampaignID: "c1", AdGroupID: "g1",
						Figures: figures(k, d, bump[k])}
					if b, ok := bump[k]; ok && b < 0 {
						row.Figures = advertisingdb.Figures{Impressions: 5}
					}
					rows = append(rows, row)
				}
			}
			for key := range days {
				if key[1] >= start && key[1] <= end {
					delete(days, key)
				}
			}
			for _, r := range rows {
				days[[2]string{r.TargetID, r.Day}] = r
			}
			if err := db.Tx(ctx, func(tx *models.DB) error {
				_, err := advertisingdb.ReplaceTargetDays(tx, p, advertisingdb.AdTypeSP, start, end, rows, now)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Tx(ctx, func(tx *models.DB) error {
			_, err := advertisingdb.SaveKeywords(tx, p, keywords, now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		replace("2026-01-01", "2026-01-31", nil)

		const start, end = "2026-01-05", "2026-01-20"
		want := func() []string {
			sums := map[string]*advertisingdb.Figures{}
			for _, k := range keywords {
				sums[k.KeywordID] = &advertisingdb.Figures{}
			}
			for key, d := range days {
				if key[1] < start || key[1] > end {
					continue
				}
				s := sums[d.TargetID]
				s.Impressions += d.Impressions
				s.Clicks += d.Clicks
				s.Cost = models.Money{Decimal: s.Cost.Add(d.Cost.Decimal)}
				s.Orders += d.Orders
				s.Sales = models.Money{Decimal: s.Sales.Add(d.Sales.Decimal)}
				s.Units += d.Units
			}
			sorted := slices.Clone(keywords)
			slices.SortFunc(sorted, func(a, b advertisingdb.Keyword) int {
				if c := sums[b.KeywordID].Cost.Cmp(sums[a.KeywordID].Cost.Decimal); c != 0 {
					return c
				}
				return strings.Compare(a.KeywordText, b.KeywordText)
			})
			out := make([]string, len(sorted))
			for i, k := range sorted {
				s := sums[k.KeywordID]
				out[i] = fmt.Sprint(k.KeywordText, s.Impressions, s.Clicks, s.Cost.Units(), s.Orders, s.Sales.Units(), s.Units)
			}
			return out
		}
		got := func() []string {
			t.Helper()
			var out []string
			for offset := 0; offset < 35; offset += 7 {
				rows, total, err := advertisingdb.ManagerPage(db, u.CompanyID, advertisingdb.ManagerFilter{Level: advertisingdb.LevelKeyword,
					UserID: u.ID, Start: start, End: end, Offset: offset, Limit: 7})
				if err != nil || total != 30 {
					t.Fatalf("page at %d: %d in all (%v)", offset, total, err)
				}
				for _, r := range rows {
					out = append(out, fmt.Sprint(r.Name, r.Impressions, r.Clicks, r.Cost.Units(), r.Orders, r.Sales.Units(), r.Units))
				}
			}
			return out
		}
		for pass := range 2 {
			if g, w := got(), want(); !slices.Equal(g, w) {
				t.Fatalf("pass %d:\n got %v\nwant %v", pass, g, w)
			}
		}
		var kept []int64
		db.Table("adv_target_ranges").Where("company_id = ? AND start_day = ? AND end_day = ?", u.CompanyID, start, end).
			Pluck("generation", &kept)
		if len(kept) != 1 || kept[0] < 1 {
			t.Fatalf("the range is kept at %v", kept)
		}
		// Attribution moved inside the range: keyword 3 spends far more, 20 starts spending, 0 spends less.
		replace("2026-01-10", "2026-01-12", map[int]int64{3: 90_000, 20: 70_000, 0: -1})
		if g, w := got(), want(); !slices.Equal(g, w) {
			t.Fatalf("after the import:\n got %v\nwant %v", g, w)
		}
		// A window outside the range changes nothing in it, though its totals are summed again.
		replace("2026-01-25", "2026-01-31", map[int]int64{1: 50_000})
		if g, w := got(), want(); !slices.Equal(g, w) {
			t.Fatalf("after an import outside:\n got %v\nwant %v", g, w)
		}
		// Another company's same range keeps its own totals: none.
		other := dbtest.NewCompany(t, db, "乙公司", "13900000002")
		rows, total, err := advertisingdb.ManagerPage(db, other.CompanyID, advertisingdb.ManagerFilter{Level: advertisingdb.LevelKeyword,
			UserID: other.ID, Start: start, End: end, Limit: 7})
		if err != nil || total != 0 || len(rows) != 0 {
			t.Fatalf("another company: %d rows, %d in all (%v)", len(rows), total, err)
		}
	})
}
