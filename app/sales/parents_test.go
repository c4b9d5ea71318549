package sales_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/app/sales"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// keepParents writes the simulated world's parents of the shop's ASINs, as the data sync's catalogue lookup does.
func (s *shop) keepParents(t *testing.T) {
	t.Helper()
	data := amazondata.New(s.db, func() time.Time { return today })
	truth := s.world.ParentsOf(amazontest.DefaultSeller)
	asins := make([]string, 0, len(truth))
	for a := range truth {
		asins = append(asins, a)
	}
	for _, m := range s.markets {
		_, err := data.SaveParents(context.Background(), s.store, m, s.world.Parents(amazontest.DefaultSeller, m, asins))
		must(t, err)
	}
}

// sums are a line's figures that add up over its children.
type sums struct {
	units                                int64
	sales, salesCNY, refunds, refundsCNY decimal.Decimal
	lines                                int64
}

func (a *sums) add(l sales.Line) {
	a.units += l.Units
	a.sales = a.sales.Add(l.Sales.Decimal)
	a.salesCNY = a.salesCNY.Add(l.SalesCNY.Decimal)
	a.refunds = a.refunds.Add(l.Refunds.Decimal)
	a.refundsCNY = a.refundsCNY.Add(l.RefundsCNY.Decimal)
	a.lines++
}

// equal compares a family's line a with its children's sum b: the same units and amounts to the cent; in CNY each
// child is rounded to the fen on its own and the family once (finance.CNYSum), so they differ by at most half a
// fen a child.
func (a sums) equal(b sums) bool {
	near := func(x, y decimal.Decimal) bool {
		return x.Sub(y).Abs().LessThanOrEqual(decimal.New(5, -3).Mul(decimal.NewFromInt(b.lines)))
	}
	return a.units == b.units && a.sales.Equal(b.sales) && near(a.salesCNY, b.salesCNY) && a.refunds.Equal(b.refunds) &&
		near(a.refundsCNY, b.refundsCNY)
}

// TestReportByParentASIN: by 父ASIN, each line is its variation family's ASIN lines added up (units, sales and
// refunds in the currency and in CNY, to the cent), an ASIN without a parent is its own line, for days, weeks and
// months; a second run of the parents' write changes nothing; another company's parents do not reach this one,
// and a user of another store group sees no line.
func TestReportByParentASIN(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		s.keepParents(t)
		var kept int64
		must(t, db.Model(&amazondatadb.ASINParent{}).Where("company_id = ?", s.owner.CompanyID).Count(&kept).Error)
		s.keepParents(t)
		var again int64
		must(t, db.Model(&amazondatadb.ASINParent{}).Where("company_id = ?", s.owner.CompanyID).Count(&again).Error)
		if kept == 0 || again != kept {
			t.Fatalf("%d parents kept, %d after writing them again", kept, again)
		}
		// Another company that sells the same ASINs under another parent: its parents are its own.
		other := &accountsdb.User{Account: "13800000079", PasswordHash: "x"}
		must(t, accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "乙"}, other))
		truth := s.world.ParentsOf(amazontest.DefaultSeller)
		var theirs []amazondatadb.ASINParent
		for a := range truth {
			theirs = append(theirs, amazondatadb.ASINParent{MarketplaceID: s.markets[0], ASIN: a, ParentASIN: "B0OTHERCO0"})
		}
		_, err := amazondatadb.UpsertASINParents(db, other.CompanyID, theirs)
		must(t, err)
		if n, err := amazondatadb.UpsertASINParents(db, other.CompanyID, theirs); err != nil || n != 0 {
			t.Fatalf("the same parents written again: %d rows, %v", n, err)
		}

		first, last := today.AddDate(0, 0, -35), today.AddDate(0, 0, -1)
		for _, period := range []string{"day", "week", "month"} {
			q := sales.ReportQuery{Period: period, Zone: "marketplace", StartDate: first.Format(time.DateOnly),
				EndDate: last.Format(time.DateOnly)}
			q.By = "asin"
			want := map[string]*sums{}
			children := map[string]map[string]bool{}
			names := map[string][]string{}
			for _, l := range s.report(t, s.owner, q) {
				parent := truth[l.Key]
				if parent == "" {
					parent = l.Key
				}
				k := parent + "|" + l.Period + "|" + l.Currency
				if want[k] == nil {
					want[k] = &sums{}
					children[parent] = map[string]bool{}
				}
				want[k].add(l)
				children[parent][l.Key] = true
				names[k] = append(names[k], l.Name)
			}
			q.By = "parentAsin"
			lines := s.report(t, s.owner, q)
			families, standalone := 0, 0
			for _, l := range lines {
				if l.Key == "B0OTHERCO0" {
					t.Fatalf("another company's parent in the report: %+v", l)
				}
				w := want[l.Key+"|"+l.Period+"|"+l.Currency]
				if w == nil {
					t.Fatalf("%s line %s %s %s is none of the ASIN lines' parents", period, l.Key, l.Period, l.Currency)
				}
				got := sums{}
				got.add(l)
				if !got.equal(*w) {
					t.Fatalf("%s %s %s %s: %+v, its ASINs add up to %+v", period, l.Key, l.Period, l.Currency, got, *w)
				}
				if len(children[l.Key]) > 1 {
					families++
				}
				// The line's name is what its children's names share (their brand and product, not a colour).
				for _, child := range names[l.Key+"|"+l.Period+"|"+l.Currency] {
					if l.Name == "" || !strings.HasPrefix(child, l.Name) {
						t.Fatalf("%s is named %q; a child is %q", l.Key, l.Name, child)
					}
				}
				if l.ASIN != "" {
					t.Fatalf("a parent line shows ASIN %q", l.ASIN)
				}
				if len(children[l.Key]) == 1 && children[l.Key][l.Key] {
					standalone++
				}
			}
			if len(lines) != len(want) || families == 0 || standalone == 0 {
				t.Fatalf("%s: %d lines for %d parent periods (%d of families of several ASINs, %d standalone)",
					period, len(lines), len(want), families, standalone)
			}
		}

		// The answer by parent is kept until parents are written: an ASIN given a new parent shows at the next call.
		q := sales.ReportQuery{By: "asin", Period: "month", Zone: "marketplace", StartDate: first.Format(time.DateOnly),
			EndDate: last.Format(time.DateOnly)}
		sold := s.report(t, s.owner, q)[0].Key
		q.By = "parentAsin"
		s.report(t, s.owner, q)
		for _, m := range s.markets {
			_, err := amazondatadb.UpsertASINParents(db, s.owner.CompanyID, []amazondatadb.ASINParent{{MarketplaceID: m, ASIN: sold, ParentASIN: "B0MOVED000"}})
			must(t, err)
		}
		moved := false
		for _, l := range s.report(t, s.owner, q) {
			moved = moved || l.Key == "B0MOVED000"
		}
		if !moved {
			t.Fatalf("%s's new parent is not in the next answer: the answer kept from before was served", sold)
		}

		// A user granted only another store group sees nothing by parent either.
		group := &storesdb.StoreGroup{CompanyID: s.owner.CompanyID, Name: "乙店"}
		must(t, db.Create(group).Error)
		clerk := &accountsdb.User{Account: "13800000078", PasswordHash: "x", CompanyID: s.owner.CompanyID}
		must(t, db.Create(clerk).Error)
		must(t, db.Create(&storesdb.UserStoreGroup{UserID: clerk.ID, GroupID: group.ID}).Error)
		if lines := s.report(t, core.Principal{CompanyID: s.owner.CompanyID, UserID: clerk.ID},
			sales.ReportQuery{By: "parentAsin", Period: "month"}); len(lines) != 0 {
			t.Fatalf("the other store group's user sees %+v", lines)
		}
		if lines := s.report(t, core.Principal{CompanyID: other.CompanyID, UserID: other.ID},
			sales.ReportQuery{By: "parentAsin", Period: "month"}); len(lines) != 0 {
			t.Fatalf("the other company sees %+v", lines)
		}
	})
}

// TestReportByParentASINCountsOrdersOnce: by 父ASIN, an order of two children of one parent is one order of the
// parent, from the daily summary as from the order items: summed by the first report by parent of a summary built
// before the parents' rows, before any parent is known; after the catalogue names them (the summary sums the
// parents again), and after a child moves to another parent; by day, and by month across whole and partial months.
func TestReportByParentASINCountsOrdersOnce(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		first, last := time.Date(2026, 1, 22, 0, 0, 0, 0, time.UTC), today.AddDate(0, 0, -1)
		check := func(step string, parents map[string]string, wantShared bool) {
			t.Helper()
			for _, period := range []string{"day", "month"} {
				layout := map[string]string{"day": time.DateOnly, "month": "2006-01"}[period]
				// The truth: each line's distinct orders, and its ASINs' orders added up.
				want, ofChildren := map[string]map[string]bool{}, map[string]map[string]bool{}
				for _, o := range s.orders() {
					local := o.PurchaseDate.In(storesdb.MarketplaceLocation(o.MarketplaceID))
					on := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
					if o.OrderStatus == amazondatadb.OrderCancelled || on.Before(first) || on.After(last) {
						continue
					}
					key := parents[o.ASIN]
					if key == "" {
						key = o.ASIN
					}
					k := key + "|" + local.Format(layout) + "|" + o.Currency
					if want[k] == nil {
						want[k], ofChildren[k] = map[string]bool{}, map[string]bool{}
					}
					want[k][o.AmazonOrderID] = true
					ofChildren[k][o.ASIN+" "+o.AmazonOrderID] = true
				}
				shared := 0
				for k := range want {
					if len(ofChildren[k]) > len(want[k]) {
						shared++
					}
				}
				if wantShared != (shared > 0) {
					t.Fatalf("%s by %s: %d lines hold an order of two of their ASINs", step, period, shared)
				}
				lines := s.report(t, s.owner, sales.ReportQuery{By: "parentAsin", Period: period, Zone: "marketplace",
					StartDate: first.Format(time.DateOnly), EndDate: last.Format(time.DateOnly)})
				sold := 0
				for _, l := range lines {
					k := l.Key + "|" + l.Period + "|" + l.Currency
					if want[k] == nil && l.Orders == 0 {
						continue // refunds alone
					}
					sold++
					if l.Orders != int64(len(want[k])) {
						t.Fatalf("%s by %s: %s has %d orders, its items are of %d (%d orders of its ASINs added up)",
							step, period, k, l.Orders, len(want[k]), len(ofChildren[k]))
					}
				}
				if sold != len(want) {
					t.Fatalf("%s by %s: %d lines sold, the orders make %d", step, period, sold, len(want))
				}
			}
		}
		// A summary built before the parents' rows (migration 00045): the first report by parent sums them alone.
		must(t, amazondatadb.EnsureSalesDays(db, s.owner.CompanyID))
		for _, table := range []string{"sales_parent_days", "sales_parent_months", "sales_parents_built"} {
			must(t, db.Exec("DELETE FROM "+table).Error)
		}
		check("before the parents are known", map[string]string{}, false)
		s.keepParents(t)
		parents := s.world.ParentsOf(amazontest.DefaultSeller)
		check("with the catalogue's parents", parents, true)
		// A child that sold moves to another family.
		moved := s.soldChild(t, parents)
		for _, m := range s.markets {
			_, err := amazondatadb.UpsertASINParents(db, s.owner.CompanyID, []amazondatadb.ASINParent{{MarketplaceID: m, ASIN: moved, ParentASIN: "B0MOVED000"}})
			must(t, err)
		}
		parents[moved] = "B0MOVED000"
		check("after "+moved+" moved", parents, true)
	})
}

// soldChild is an ASIN with a parent that some order not cancelled bought.
func (s *shop) soldChild(t *testing.T, parents map[string]string) string {
	t.Helper()
	for _, o := range s.orders() {
		if parents[o.ASIN] != "" && o.OrderStatus != amazondatadb.OrderCancelled {
			return o.ASIN
		}
	}
	t.Fatal("no order bought a child of a parent")
	return ""
}
