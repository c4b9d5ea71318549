package orders_test

import (
	"context"
	"io"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
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

func newShop(t *testing.T, db *models.DB) *shop {
	t.Helper()
	ctx := context.Background()
	owner := &accountsdb.User{Account: "13800000071", PasswordHash: "x"}
	must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "订单公司"}, owner))
	s := &shop{db: db, world: sellerdata.New(today), owner: core.Principal{UserID: owner.ID, CompanyID: owner.CompanyID}}
	var err error
	s.na, err = fixtures.Seller(ctx, db, owner.CompanyID, "北美店", "NA", "A1NA", sellerdata.US, sellerdata.CA, sellerdata.MX)
	must(t, err)
	s.eu, err = fixtures.Seller(ctx, db, owner.CompanyID, "欧洲店", "EU", "A1EU", sellerdata.UK, sellerdata.DE)
	must(t, err)
	data := amazondata.New(db, time.Now)
	from := today.AddDate(0, 0, -importDays)
	read := func(sl *storesdb.Seller, kind amazondata.Kind, r io.Reader, market, reportID string) {
		t.Helper()
		tsv, err := amazon.NewTSVReader(r)
		must(t, err)
		st := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: sl.Region,
			MarketplaceID: market, ReportID: reportID}
		_, err = data.Import(ctx, kind, st, tsv, nil)
		must(t, err)
	}
	for _, pair := range []struct {
		sl      *storesdb.Seller
		id      string
		markets []string
	}{{s.na, amazontest.DefaultSeller, []string{sellerdata.US, sellerdata.CA, sellerdata.MX}},
		{s.eu, sellerdata.EuropeSeller, []string{sellerdata.UK, sellerdata.DE}}} {
		r, err := s.world.Content(pair.id, sellerdata.OrdersReport, pair.markets, from, today)
		must(t, err)
		read(pair.sl, amazondata.Orders, r, "", "")
		s.orders = append(s.orders, s.world.Orders(pair.id, from, today)...)
	}
	for _, m := range []string{sellerdata.US, sellerdata.CA, sellerdata.MX} {
		r, err := s.world.Content(amazontest.DefaultSeller, sellerdata.ReturnsReport, []string{m}, s.world.First, today)
		must(t, err)
		read(s.na, amazondata.Returns, r, m, "")
	}
	s.returns = s.world.Returns(amazontest.DefaultSeller, s.world.First, today)
	for _, rep := range s.world.Scheduled(amazontest.DefaultSeller) {
		if rep.DataEndTime.Before(from) {
			continue
		}
		r, err := s.world.Content(amazontest.DefaultSeller, sellerdata.SettlementReport, rep.MarketplaceIDs, rep.DataStartTime, rep.DataEndTime)
		must(t, err)
		read(s.na, amazondata.Settlements, r, "", rep.ReportID)
		s.settlements = append(s.settlements, s.world.Settlement(amazontest.DefaultSeller, rep.ReportID))
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
