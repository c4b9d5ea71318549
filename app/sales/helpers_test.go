package sales_test

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
	"sellerhub/app/sales"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/fixtures"
)

// today is the day the stand-in's world stands at in these tests; its orders go back 90 days from it.
var today = time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)

// importedDays is how far back the orders are imported.
const importedDays = 40

// beijing is the product's time zone (the configuration's default).
var beijing = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		panic(err)
	}
	return loc
}()

// shop is a company whose store group's NA seller account holds the stand-in seller's last importedDays of
// orders and its settlements, imported through the product's own import.
type shop struct {
	db      *models.DB
	svc     *sales.Service
	fin     *finance.Service
	world   *sellerdata.World
	owner   core.Principal
	store   amazondata.Store
	markets []string
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newShop(t *testing.T, db *models.DB) *shop {
	t.Helper()
	ctx := context.Background()
	owner := &accountsdb.User{Account: "13800000071", PasswordHash: "x"}
	must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "甲"}, owner))
	w := sellerdata.New(today)
	seller := amazontest.DefaultSeller
	markets := w.Marketplaces(seller)
	sl, err := fixtures.Seller(ctx, db, owner.CompanyID, "甲店", "NA", seller, markets...)
	must(t, err)
	clock := func() time.Time { return today.Add(10 * time.Hour) }
	fin := finance.New(db, clock, beijing)
	s := &shop{db: db, svc: sales.New(db, clock, beijing, fin), fin: fin, world: w, markets: markets,
		owner: core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID},
		store: amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}}
	data := amazondata.New(db, clock)
	read := func(kind amazondata.Kind, reportMarkets []string, start, end time.Time, reportID string) {
		r, err := w.Content(seller, kind.ReportType(), reportMarkets, start, end)
		must(t, err)
		tsv, err := amazon.NewTSVReader(r)
		must(t, err)
		file := s.store
		file.ReportID = reportID
		_, err = data.Import(ctx, kind, file, tsv, nil)
		must(t, err)
	}
	read(amazondata.Orders, markets, today.AddDate(0, 0, -importedDays), today, "")
	for _, set := range w.Scheduled(seller) {
		read(amazondata.Settlements, set.MarketplaceIDs, set.DataStartTime, set.DataEndTime, set.ReportID)
	}
	return s
}

// orders are the order lines the shop imported: the stand-in's truth, read without the database.
func (s *shop) orders() []sellerdata.OrderLine {
	return s.world.Orders(amazontest.DefaultSeller, today.AddDate(0, 0, -importedDays), today)
}

// report reads every line of the report the query asks.
func (s *shop) report(t *testing.T, p core.Principal, q sales.ReportQuery) []sales.Line {
	t.Helper()
	q.PageRequest = core.PageRequest{Current: 1, Size: 100}
	var all []sales.Line
	for {
		lines, total, _, err := s.svc.Report(context.Background(), p, q)
		must(t, err)
		all = append(all, lines...)
		if int64(len(all)) >= total || len(lines) == 0 {
			return all
		}
		q.Current++
	}
}

// byHand is the CNY of lines of Beijing days or months (each line's period names its rate month) as the rule
// says, worked out here: each currency's sales of a month summed, converted at the month's rate, the conversions
// added and the total rounded once to the fen.
func (s *shop) byHand(t *testing.T, lines []sales.Line) decimal.Decimal {
	t.Helper()
	book, err := s.fin.Rates(context.Background(), s.owner.CompanyID)
	must(t, err)
	total := decimal.Zero
	for _, l := range lines {
		rate, _, err := book.RateOfMonth(l.Currency, l.Period[:7])
		must(t, err)
		total = total.Add(l.Sales.Mul(rate))
	}
	return total.Round(2)
}
