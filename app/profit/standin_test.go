package profit_test

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// TestStandInMonthMatchesItsSettlements: the stand-in seller's North American orders of 40 days and every
// settlement of its 90 days, imported through the product's import; February's settled lines' Amazon part sums, in
// USD, CAD and MXN, to the settlement files' lines posted in February (Beijing time), to the cent, every amount
// description in one column.
func TestStandInMonthMatchesItsSettlements(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		today := time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)
		owner := &accountsdb.User{Account: "13800000091", PasswordHash: "x"}
		must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "替身公司"}, owner))
		w := sellerdata.New(today)
		seller := amazontest.DefaultSeller
		markets := w.Marketplaces(seller)
		sl, err := fixtures.Seller(ctx, db, owner.CompanyID, "北美店", "NA", seller, markets...)
		must(t, err)
		clock := func() time.Time { return today.Add(10 * time.Hour) }
		data := amazondata.New(db, clock)
		store := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}
		read := func(kind amazondata.Kind, reportMarkets []string, start, end time.Time, reportID string) {
			r, err := w.Content(seller, kind.ReportType(), reportMarkets, start, end)
			must(t, err)
			tsv, err := amazon.NewTSVReader(r)
			must(t, err)
			file := store
			file.ReportID = reportID
			_, err = data.Import(ctx, kind, file, tsv, nil)
			must(t, err)
		}
		read(amazondata.Orders, markets, today.AddDate(0, 0, -40), today, "")
		read(amazondata.FeeEstimates, markets, time.Time{}, today, "")
		want := map[string]decimal.Decimal{}
		descriptions := map[string]bool{}
		for _, set := range w.Scheduled(seller) {
			read(amazondata.Settlements, set.MarketplaceIDs, set.DataStartTime, set.DataEndTime, set.ReportID)
			f := w.Settlement(seller, set.ReportID)
			for _, l := range f.Lines {
				if l.PostedDate.In(beijing).Format("2006-01") == "2026-02" {
					want[f.Currency] = want[f.Currency].Add(l.Amount)
					descriptions[l.TransactionType+"|"+l.AmountType+"|"+l.AmountDescription] = true
				}
			}
		}
		if len(want) != 3 || len(descriptions) < 8 {
			t.Fatalf("February's settlements: %d currencies, %d amount names; too few to prove anything", len(want), len(descriptions))
		}
		clockNow := func() time.Time { return time.Date(2026, 3, 3, 10, 0, 0, 0, beijing) }
		svc := profit.New(db, clockNow, beijing, finance.New(db, clockNow, beijing))
		lines := report(t, svc, core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID}, feb())
		got := map[string]decimal.Decimal{}
		estimated := 0
		for _, l := range lines {
			if l.Estimated > 0 {
				estimated++
				continue
			}
			got[l.Currency] = got[l.Currency].Add(l.Settled().Decimal)
		}
		for currency, sum := range want {
			if !got[currency].Equal(sum) {
				t.Errorf("%s: the report's settled part %s, the settlements' lines %s", currency, got[currency], sum)
			}
		}
		t.Logf("February: %d lines, %d estimated, settlements %v", len(lines), estimated, want)
	})
}
