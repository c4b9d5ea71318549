package orders_test

import (
	"context"
	"io"
	"os"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

// today is the fixed day the stand-in's world stands at: the window holds North America's summer-time change
// (8 March) and not Europe's, so the two zones' days start at different distances from Beijing's.
var today = time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC)

// importDays is how many days of orders the fixture imports (by last update, as a sync does).
const importDays = 16

// shop is a company whose store group 北美店 holds the stand-in's North American seller and 欧洲店 its European
// one, their last importDays days of orders, the North American settlements that reach into them and its
// returns imported; truth is what the imported files say.
type shop struct {
	db          *models.DB
	world       *sellerdata.World
	owner       core.Principal
	na, eu      *storesdb.Seller
	orders      []sellerdata.OrderLine
	settlements []sellerdata.SettlementFile
	returns     []sellerdata.ReturnLine
}

// eachShop runs fn once per database kind on a copy of the shop's database, imported once per kind in this
// process rather than once per test.
func eachShop(t *testing.T, fn func(t *testing.T, db *models.DB)) {
	t.Helper()
	dbtest.ForEachPrepared(t, "orders shop", fillShop, fn)
}

func TestMain(m *testing.M) {
	code := m.Run()
	dbtest.DropPrepared()
	os.Exit(code)
}

const shopAccount = "13800000071"

// fillShop makes the shop: a company with a North American and a European seller account, their orders of the
// last importDays, the North American returns and the settlements that reach into those days.
func fillShop(db *models.DB) error {
	ctx := context.Background()
	owner := &accountsdb.User{Account: shopAccount, PasswordHash: "x"}
	if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "订单公司"}, owner); err != nil {
		return err
	}
	world := sellerdata.New(today)
	na, err := fixtures.Seller(ctx, db, owner.CompanyID, "北美店", "NA", "A1NA", sellerdata.US, sellerdata.CA, sellerdata.MX)
	if err != nil {
		return err
	}
	eu, err := fixtures.Seller(ctx, db, owner.CompanyID, "欧洲店", "EU", "A1EU", sellerdata.UK, sellerdata.DE)
	if err != nil {
		return err
	}
	data := amazondata.New(db, time.Now)
	from := today.AddDate(0, 0, -importDays)
	read := func(sl *storesdb.Seller, kind amazondata.Kind, r io.Reader, market, reportID string) error {
		tsv, err := amazon.NewTSVReader(r)
		if err != nil {
			return err
		}
		st := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: sl.Region,
			MarketplaceID: market, ReportID: reportID}
		_, err = data.Import(ctx, kind, st, tsv, nil)
		return err
	}
	for _, pair := range []struct {
		sl      *storesdb.Seller
		id      string
		markets []string
	}{{na, amazontest.DefaultSeller, []string{sellerdata.US, sellerdata.CA, sellerdata.MX}},
		{eu, sellerdata.EuropeSeller, []string{sellerdata.UK, sellerdata.DE}}} {
		r, err := world.Content(pair.id, sellerdata.OrdersReport, pair.markets, from, today)
		if err == nil {
			err = read(pair.sl, amazondata.Orders, r, "", "")
		}
		if err != nil {
			return err
		}
	}
	for _, m := range []string{sellerdata.US, sellerdata.CA, sellerdata.MX} {
		r, err := world.Content(amazontest.DefaultSeller, sellerdata.ReturnsReport, []string{m}, world.First, today)
		if err == nil {
			err = read(na, amazondata.Returns, r, m, "")
		}
		if err != nil {
			return err
		}
	}
	for _, rep := range world.Scheduled(amazontest.DefaultSeller) {
		if rep.DataEndTime.Before(from) {
			continue
		}
		r, err := world.Content(amazontest.DefaultSeller, sellerdata.SettlementReport, rep.MarketplaceIDs, rep.DataStartTime, rep.DataEndTime)
		if err == nil {
			err = read(na, amazondata.Settlements, r, "", rep.ReportID)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// newShop is the shop of a database eachShop gave, with what the world says it imported.
func newShop(t *testing.T, db *models.DB) *shop {
	t.Helper()
	var owner accountsdb.User
	must(t, db.Take(&owner, "account = ?", shopAccount).Error)
	s := &shop{db: db, world: sellerdata.New(today), owner: core.Principal{UserID: owner.ID, CompanyID: owner.CompanyID},
		na: &storesdb.Seller{}, eu: &storesdb.Seller{}}
	must(t, db.Take(s.na, "company_id = ? AND selling_partner_id = ?", owner.CompanyID, "A1NA").Error)
	must(t, db.Take(s.eu, "company_id = ? AND selling_partner_id = ?", owner.CompanyID, "A1EU").Error)
	from := today.AddDate(0, 0, -importDays)
	s.orders = append(s.world.Orders(amazontest.DefaultSeller, from, today), s.world.Orders(sellerdata.EuropeSeller, from, today)...)
	s.returns = s.world.Returns(amazontest.DefaultSeller, s.world.First, today)
	for _, rep := range s.world.Scheduled(amazontest.DefaultSeller) {
		if !rep.DataEndTime.Before(from) {
			s.settlements = append(s.settlements, s.world.Settlement(amazontest.DefaultSeller, rep.ReportID))
		}
	}
	if len(s.orders) < 500 || len(s.settlements) == 0 || len(s.returns) == 0 {
		t.Fatalf("fixture: %d order lines, %d settlements, %d returns", len(s.orders), len(s.settlements), len(s.returns))
	}
	return s
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
