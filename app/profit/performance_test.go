package profit_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/profit"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

// performanceBook gives the book's listings owners: MSKU-A and MSKU-B to 小李 of 运营一部, UK-A to 小张 of
// 运营二部; MSKU-C and MSKU-E (and the store's charges of no SKU) keep none.
func performanceBook(t *testing.T, bk *book) (li, zhang, one, two int64) {
	t.Helper()
	cid := bk.owner.CompanyID
	d1 := &admindb.Department{CompanyID: cid, Name: "运营一部"}
	d2 := &admindb.Department{CompanyID: cid, Name: "运营二部"}
	must(t, admindb.CreateDepartment(bk.db, d1))
	must(t, admindb.CreateDepartment(bk.db, d2))
	user := func(account, name string, dept int64) int64 {
		u := &accountsdb.User{CompanyID: cid, Account: account, PasswordHash: "x", Profile: accountsdb.UserProfile{Name: name}}
		must(t, accountsdb.CreateUser(bk.db, u))
		must(t, bk.db.Exec("UPDATE users SET dept_id = ? WHERE id = ?", dept, u.ID).Error)
		return u.ID
	}
	li, zhang = user("13800000091", "小李", d1.ID), user("13800000092", "小张", d2.ID)
	give := func(groupID int64, market, sku string, owner int64) {
		id, err := catalogdb.ListingIDBySellerSKU(bk.db, cid, groupID, market, sku)
		must(t, err)
		n, err := catalogdb.SetListingOwners(bk.db, cid, 0, []int64{id}, &owner, time.Now())
		must(t, err)
		if n != 1 {
			t.Fatalf("%s: %d listings given", sku, n)
		}
	}
	give(bk.a.GroupID, us, "MSKU-A", li)
	give(bk.a.GroupID, us, "MSKU-B", li)
	give(bk.b.GroupID, uk, "UK-A", zhang)
	return li, zhang, d1.ID, d2.ID
}

func performance(t *testing.T, bk *book, p core.Principal, q profit.PerformanceQuery) *profit.Performance {
	t.Helper()
	r, err := bk.svc.Performance(context.Background(), p, q)
	must(t, err)
	return r
}

// perfSum adds up a report's rows' sales and profit.
func perfSum(rows []profit.PerformanceRow) (sales, prof models.Money) {
	for _, r := range rows {
		sales = models.Money{Decimal: sales.Add(r.Sales.Decimal)}
		prof = models.Money{Decimal: prof.Add(r.Profit.Decimal)}
	}
	return sales, prof
}

// TestPerformanceAddsUpToProfitReport: 业绩报告's February by owner and by department sums to 利润报告's February to
// the cent (sales and profit), for the owner and for the clerk limited to 乙店; each owner's figures are the sum of
// 利润报告's lines of the owner's listings; what no owner holds (MSKU-C, MSKU-E, the store's charges) is 未分配;
// the targets set for the month read back with their progress, and bad targets are refused.
func TestPerformanceAddsUpToProfitReport(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		li, zhang, one, _ := performanceBook(t, bk)
		for _, who := range []struct {
			name string
			p    core.Principal
		}{{"owner", bk.owner}, {"clerk", bk.clerk}} {
			lines := report(t, bk.svc, who.p, profit.Query{By: profit.ByStore, StartMonth: "2026-02", EndMonth: "2026-02"})
			want := sumLines(lines)
			for _, by := range []string{"owner", "dept"} {
				r := performance(t, bk, who.p, profit.PerformanceQuery{Month: "2026-02", By: by})
				sales, prof := perfSum(r.Rows)
				if !sales.Equal(want.AmazonCNY[profit.BucketSales].Decimal) || !prof.Equal(want.Profit.Decimal) {
					t.Errorf("%s by %s: sales %s profit %s, want %s %s", who.name, by, sales, prof, want.AmazonCNY[profit.BucketSales], want.Profit)
				}
				if !r.Total.Sales.Equal(sales.Decimal) || !r.Total.Profit.Equal(prof.Decimal) {
					t.Errorf("%s by %s: total %s %s, rows %s %s", who.name, by, r.Total.Sales, r.Total.Profit, sales, prof)
				}
			}
		}

		// Each owner's row is 利润报告's lines (by SKU) of the owner's listings.
		bySKU := report(t, bk.svc, bk.owner, profit.Query{By: profit.BySKU, StartMonth: "2026-02", EndMonth: "2026-02"})
		of := func(skus ...string) profit.Line {
			var mine []profit.Line
			for _, l := range bySKU {
				for _, s := range skus {
					if l.SKU == s {
						mine = append(mine, l)
					}
				}
			}
			return sumLines(mine)
		}
		r := performance(t, bk, bk.owner, profit.PerformanceQuery{Month: "2026-02"})
		if r.By != "owner" || len(r.Rows) != 3 || r.Rows[2].Name != profit.MsgNoOwner {
			t.Fatalf("rows %+v", r.Rows)
		}
		rows := map[int64]profit.PerformanceRow{}
		for _, x := range r.Rows {
			rows[x.SubjectID] = x
		}
		for _, c := range []struct {
			id   int64
			name string
			skus []string
		}{{li, "小李", []string{"MSKU-A", "MSKU-B"}}, {zhang, "小张", []string{"UK-A"}}} {
			want := of(c.skus...)
			got := rows[c.id]
			if got.Name != c.name || !got.Sales.Equal(want.AmazonCNY[profit.BucketSales].Decimal) || !got.Profit.Equal(want.Profit.Decimal) {
				t.Errorf("%s: %+v, want sales %s profit %s", c.name, got, want.AmazonCNY[profit.BucketSales], want.Profit)
			}
		}
		if rows[li].DeptName != "运营一部" || rows[zhang].DeptName != "运营二部" {
			t.Errorf("departments %q %q", rows[li].DeptName, rows[zhang].DeptName)
		}
		if !rows[li].Sales.IsPositive() || !rows[zhang].Sales.IsPositive() {
			t.Errorf("owners without sales: %+v %+v", rows[li], rows[zhang])
		}
		if rows[0].Lines == 0 {
			t.Errorf("未分配 holds no line: %+v", rows[0])
		}
		byDept := performance(t, bk, bk.owner, profit.PerformanceQuery{Month: "2026-02", By: "dept"})
		for _, x := range byDept.Rows {
			if x.SubjectID == one && (!x.Sales.Equal(rows[li].Sales.Decimal) || !x.Profit.Equal(rows[li].Profit.Decimal)) {
				t.Errorf("运营一部 %+v, 小李 %+v", x, rows[li])
			}
		}

		// Targets: 小李's February, and 运营一部's.
		ctx := context.Background()
		must(t, bk.svc.SetTarget(ctx, bk.owner, profit.TargetForm{Month: "2026-02", Kind: "owner", SubjectID: idText(li), SalesTarget: "1000", ProfitTarget: "100.50"}))
		must(t, bk.svc.SetTarget(ctx, bk.owner, profit.TargetForm{Month: "2026-02", Kind: "dept", SubjectID: idText(one), SalesTarget: "2000"}))
		r = performance(t, bk, bk.owner, profit.PerformanceQuery{Month: "2026-02"})
		for _, x := range r.Rows {
			if x.SubjectID != li {
				continue
			}
			wantMoney(t, "小李's sales target", x.SalesTarget, "1000")
			wantMoney(t, "小李's profit target", x.ProfitTarget, "100.50")
			pct, ok := profit.Progress(x.Sales, x.SalesTarget)
			if !ok || !pct.Equal(x.Sales.Decimal.Div(dec("10")).Round(2)) {
				t.Errorf("progress %s of %s", pct, x.Sales)
			}
		}
		wantMoney(t, "total sales target", r.Total.SalesTarget, "1000")
		if m := performance(t, bk, bk.owner, profit.PerformanceQuery{Month: "2026-03"}); len(m.Rows) == 0 || !m.Total.SalesTarget.IsZero() {
			t.Errorf("March holds February's target: %+v", m.Total)
		}
		for _, f := range []struct {
			form profit.TargetForm
			msg  string
		}{
			{profit.TargetForm{Month: "2026-2", Kind: "owner", SubjectID: idText(li)}, profit.MsgMonthBad},
			{profit.TargetForm{Month: "2026-02", Kind: "boss", SubjectID: idText(li)}, profit.MsgPerformanceBy},
			{profit.TargetForm{Month: "2026-02", Kind: "owner", SubjectID: ""}, profit.MsgTargetSubject},
			{profit.TargetForm{Month: "2026-02", Kind: "owner", SubjectID: idText(bk.outside.UserID), SalesTarget: "1"}, profit.MsgTargetMissing},
			{profit.TargetForm{Month: "2026-02", Kind: "dept", SubjectID: idText(li), SalesTarget: "1"}, profit.MsgTargetMissing},
			{profit.TargetForm{Month: "2026-02", Kind: "owner", SubjectID: idText(li), SalesTarget: "-1"}, profit.MsgTargetAmount},
			{profit.TargetForm{Month: "2026-02", Kind: "owner", SubjectID: idText(li), ProfitTarget: "1.234"}, profit.MsgTargetAmount},
		} {
			err := bk.svc.SetTarget(ctx, bk.owner, f.form)
			var ce *core.Error
			if !errors.As(err, &ce) || ce.Msg != f.msg {
				t.Errorf("%+v: %v, want %s", f.form, err, f.msg)
			}
		}
		if _, err := bk.svc.Performance(ctx, bk.owner, profit.PerformanceQuery{By: "x"}); err == nil {
			t.Error("by x answered")
		}
		// Another company reads nothing of this one.
		if o := performance(t, bk, bk.outside, profit.PerformanceQuery{Month: "2026-02"}); !o.Total.Sales.IsZero() || !o.Total.SalesTarget.IsZero() {
			t.Errorf("outside %+v", o.Total)
		}
		// A store the clerk may not see is an empty report.
		if o := performance(t, bk, bk.clerk, profit.PerformanceQuery{Month: "2026-02", GroupID: idText(bk.a.GroupID)}); !o.Total.Sales.IsZero() {
			t.Errorf("clerk in 甲店 %+v", o.Total)
		}
	})
}
