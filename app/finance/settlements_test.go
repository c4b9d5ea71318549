package finance_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

// settle writes a settlement of the seller with its total and lines (amounts as text), numbered as in a file.
func settle(t *testing.T, db *models.DB, s *storesdb.Seller, id, total string, end time.Time, amounts ...string) {
	t.Helper()
	start, deposit := end.AddDate(0, 0, -14), end.AddDate(0, 0, 2)
	head := amazondatadb.Settlement{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID, MarketplaceID: "ATVPDKIKX0DER",
		SettlementID: id, SettlementStartDate: &start, SettlementEndDate: &end, DepositDate: &deposit,
		TotalAmount: money(t, total), Currency: "USD"}
	kinds := [][3]string{{"Order", "ItemPrice", "Principal"}, {"Order", "ItemFees", "Commission"},
		{"Order", "ItemFees", "FBAPerUnitFulfillmentFee"}, {"other-transaction", "other-transaction", "Subscription Fee"}}
	var lines []amazondatadb.SettlementLine
	for i, a := range amounts {
		k := kinds[i%len(kinds)]
		lines = append(lines, amazondatadb.SettlementLine{CompanyID: s.CompanyID, GroupID: s.GroupID, SellerID: s.ID,
			SettlementID: id, LineNo: i + 2, MarketplaceID: "ATVPDKIKX0DER", TransactionType: k[0], AmountType: k[1],
			AmountDescription: k[2], Amount: money(t, a), Currency: "USD", PostedDate: &end, OrderID: "111-" + id, SKU: "MUG-1"})
	}
	if _, err := amazondatadb.UpsertSettlementLines(db, []amazondatadb.Settlement{head}, lines); err != nil {
		t.Fatal(err)
	}
}

// A settlement whose lines sum to its total balances; one whose lines are a cent off shows the cent, in the list,
// under 只看不平, and on the settlement itself with its lines by type; a user of another store group sees neither.
func TestSettlementReconciliation(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13800000491", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "结算公司"}, owner); err != nil {
			t.Fatal(err)
		}
		cid := owner.CompanyID
		seller, err := fixtures.Seller(ctx, db, cid, "甲店", "NA", "A1SETTLE49", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		other, err := fixtures.Seller(ctx, db, cid, "乙店", "NA", "A2SETTLE49", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		clerk := &accountsdb.User{CompanyID: cid, Account: "13800000492", PasswordHash: "x"}
		if err := db.Create(clerk).Error; err != nil {
			t.Fatal(err)
		}
		if err := storesdb.SetUserStoreGroups(db, cid, clerk.ID, []int64{other.GroupID}); err != nil {
			t.Fatal(err)
		}
		end := time.Date(2026, 10, 15, 7, 0, 0, 0, time.UTC)
		settle(t, db, seller, "1001", "64.66", end, "100.00", "-15.00", "-20.34", "0.00")
		settle(t, db, seller, "1002", "64.67", end.AddDate(0, 0, 14), "100.00", "-15.00", "-20.34", "0.00")

		svc := finance.NewSettlements(db, beijing)
		p := core.Principal{CompanyID: cid, UserID: owner.ID}
		rows, total, _, err := svc.Page(ctx, p, finance.SettlementQuery{})
		if err != nil || total != 2 || len(rows) != 2 {
			t.Fatalf("list = %d rows of %d, %v; want 2", len(rows), total, err)
		}
		// The latest period first: 1002 is a cent off, 1001 balances.
		if rows[0].SettlementID != "1002" || rows[0].Balanced() || rows[0].Difference.String() != "0.01" || rows[0].LinesSum != 646600 {
			t.Fatalf("1002 = %s, lines %d, difference %s, want unbalanced by 0.01", rows[0].SettlementID, rows[0].LinesSum, rows[0].Difference)
		}
		if rows[1].SettlementID != "1001" || !rows[1].Balanced() || rows[1].LineCount != 4 {
			t.Fatalf("1001 = %s balanced %v lines %d, want balanced of 4 lines", rows[1].SettlementID, rows[1].Balanced(), rows[1].LineCount)
		}
		rows, total, _, err = svc.Page(ctx, p, finance.SettlementQuery{Unbalanced: "1"})
		if err != nil || total != 1 || len(rows) != 1 || rows[0].SettlementID != "1002" {
			t.Fatalf("只看不平 = %d rows of %d, %v; want 1002 alone", len(rows), total, err)
		}
		// The month filter is the period's end, Beijing time.
		rows, _, _, err = svc.Page(ctx, p, finance.SettlementQuery{From: "2026-10", To: "2026-10"})
		if err != nil || len(rows) != 2 {
			t.Fatalf("October = %d rows, %v", len(rows), err)
		}
		rows, _, _, err = svc.Page(ctx, p, finance.SettlementQuery{From: "2026-11"})
		if err != nil || len(rows) != 0 {
			t.Fatalf("from November = %d rows, %v", len(rows), err)
		}
		if _, _, _, err = svc.Page(ctx, p, finance.SettlementQuery{From: "2026-11", To: "2026-10"}); !isInvalid(err, finance.MsgMonthOrder) {
			t.Fatalf("from after to = %v", err)
		}
		if _, _, _, err = svc.Page(ctx, p, finance.SettlementQuery{From: "十月"}); !isInvalid(err, finance.MsgMonthInvalid) {
			t.Fatalf("a month not yyyy-MM = %v", err)
		}

		var unbalancedID int64
		if err := db.Model(&amazondatadb.Settlement{}).Where("settlement_id = ?", "1002").Pluck("id", &unbalancedID).Error; err != nil {
			t.Fatal(err)
		}
		d, err := svc.Settlement(ctx, p, strconv.FormatInt(unbalancedID, 10))
		if err != nil {
			t.Fatal(err)
		}
		if d.Balanced() || d.Difference.String() != "0.01" || len(d.Groups) != 4 {
			t.Fatalf("detail: difference %s, %d groups", d.Difference, len(d.Groups))
		}
		if g := d.Groups[2]; g.AmountDescription != "FBAPerUnitFulfillmentFee" || g.AmountName != "FBA配送费（按件）" || g.Amount != -203400 || g.TransactionTypeName != "订单" {
			t.Fatalf("third group = %+v", g)
		}
		lines, n, _, err := svc.Lines(ctx, p, finance.SettlementLineQuery{ID: strconv.FormatInt(unbalancedID, 10), Typed: "1",
			TransactionType: "Order", AmountType: "ItemFees", AmountDescription: "Commission"})
		if err != nil || n != 1 || len(lines) != 1 || lines[0].Amount.String() != "-15" || lines[0].AmountName != "佣金" {
			t.Fatalf("commission lines = %+v of %d, %v", lines, n, err)
		}

		outsider := &accountsdb.User{Account: "13800000493", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "别家"}, outsider); err != nil {
			t.Fatal(err)
		}
		outP := core.Principal{CompanyID: outsider.CompanyID, UserID: outsider.ID}
		if rows, _, _, err = svc.Page(ctx, outP, finance.SettlementQuery{}); err != nil || len(rows) != 0 {
			t.Fatalf("another company's list = %d rows, %v", len(rows), err)
		}
		if _, err := svc.Settlement(ctx, outP, strconv.FormatInt(unbalancedID, 10)); !isNotFound(err) {
			t.Fatalf("another company opening it = %v", err)
		}
		// 乙店's clerk sees no settlement of 甲店's, in the list or by id; nor does another company.
		clerkP := core.Principal{CompanyID: cid, UserID: clerk.ID}
		if rows, _, _, err = svc.Page(ctx, clerkP, finance.SettlementQuery{}); err != nil || len(rows) != 0 {
			t.Fatalf("clerk's list = %d rows, %v", len(rows), err)
		}
		if _, err := svc.Settlement(ctx, clerkP, strconv.FormatInt(unbalancedID, 10)); !isNotFound(err) {
			t.Fatalf("clerk opening 甲店's = %v", err)
		}
		if _, _, _, err := svc.Lines(ctx, clerkP, finance.SettlementLineQuery{ID: strconv.FormatInt(unbalancedID, 10)}); !isNotFound(err) {
			t.Fatalf("clerk's lines of 甲店's = %v", err)
		}
	})
}

func isInvalid(err error, msg string) bool {
	var e *core.Error
	return errors.As(err, &e) && e.Kind == core.KindInvalid && e.Msg == msg
}

func isNotFound(err error) bool {
	var e *core.Error
	return errors.As(err, &e) && e.Kind == core.KindNotFound
}
