package sales_test

import (
	"context"
	"os"
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
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
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

// shopAccount is the shop owner's account; shopStore its store group's name.
const shopAccount, shopStore = "13800000071", "甲店"

// eachShop runs fn once per database kind on a copy of the shop's database, imported once per kind in this
// process: 22 tests each imported the same 40 days of orders and 90 days of settlements on both databases.
func eachShop(t *testing.T, fn func(t *testing.T, db *models.DB)) {
	t.Helper()
	dbtest.ForEachPrepared(t, "sales shop", fillShop, fn)
}

func TestMain(m *testing.M) {
	code := m.Run()
	dbtest.DropPrepared()
	os.Exit(code)
}

// fillShop makes the shop: its company, its NA seller account, and its orders and settlements imported.
func fillShop(db *models.DB) error {
	ctx := context.Background()
	owner := &accountsdb.User{Account: shopAccount, PasswordHash: "x"}
	if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "甲"}, owner); err != nil {
		return err
	}
	w := sellerdata.New(today)
	seller := amazontest.DefaultSeller
	markets := w.Marketplaces(seller)
	sl, err := fixtures.Seller(ctx, db, owner.CompanyID, shopStore, "NA", seller, markets...)
	if err != nil {
		return err
	}
	store := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}
	data := amazondata.New(db, func() time.Time { return today.Add(10 * time.Hour) })
	read := func(kind amazondata.Kind, reportMarkets []string, start, end time.Time, reportID string) error {
		r, err := w.Content(seller, kind.ReportType(), reportMarkets, start, end)
		if err != nil {
			return err
		}
		tsv, err := amazon.NewTSVReader(r)
		if err != nil {
			return err
		}
		file := store
		file.ReportID = reportID
		_, err = data.Import(ctx, kind, file, tsv, nil)
		return err
	}
	if err := read(amazondata.Orders, markets, today.AddDate(0, 0, -importedDays), today, ""); err != nil {
		return err
	}
	for _, set := range w.Scheduled(seller) {
		if err := read(amazondata.Settlements, set.MarketplaceIDs, set.DataStartTime, set.DataEndTime, set.ReportID); err != nil {
			return err
		}
	}
	return nil
}

// newShop is the shop of a database eachShop gave.
func newShop(t *testing.T, db *models.DB) *shop {
	t.Helper()
	var owner accountsdb.User
	must(t, db.Take(&owner, "account = ?", shopAccount).Error)
	var sl storesdb.Seller
	must(t, db.Take(&sl, "company_id = ?", owner.CompanyID).Error)
	w := sellerdata.New(today)
	clock := func() time.Time { return today.Add(10 * time.Hour) }
	fin := finance.New(db, clock, beijing)
	return &shop{db: db, svc: sales.New(db, clock, beijing, fin), fin: fin, world: w, markets: w.Marketplaces(amazontest.DefaultSeller),
		owner: core.Principal{CompanyID: owner.CompanyID, UserID: owner.ID},
		store: amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}}
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
