package finance_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

// movementSheet is an import file of the given rows under the template's titles.
func movementSheet(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	head := []any{"账户名称*", "日期*", "收入", "支出", "类型", "对方", "备注"}
	if err := f.SetSheetRow("Sheet1", "A1", &head); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func refusedWith(t *testing.T, err error, want string) {
	t.Helper()
	var e *core.Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, want) {
		t.Fatalf("err = %v, want %q", err, want)
	}
}

// An account's balance is its opening balance plus its movements, typed and imported, to the cent on both
// databases, and in CNY at the company's rate; a bad file or a bad row imports nothing; a voided movement leaves
// the balance; a deposit is matched to a settlement of the user's store groups (结算记录 reads it back, the
// difference shown), a payment to a 付款申请 of its amount; another company sees nothing.
func TestFundAccountsBalanceAndMatch(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		owner := &accountsdb.User{Account: "13800001331", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "资金公司"}, owner); err != nil {
			t.Fatal(err)
		}
		cid := owner.CompanyID
		seller, err := fixtures.Seller(ctx, db, cid, "甲店", "NA", "A1FUNDS133", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		other, err := fixtures.Seller(ctx, db, cid, "乙店", "NA", "A2FUNDS133", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		clerk := &accountsdb.User{CompanyID: cid, Account: "13800001332", PasswordHash: "x"}
		if err := db.Create(clerk).Error; err != nil {
			t.Fatal(err)
		}
		if err := storesdb.SetUserStoreGroups(db, cid, clerk.ID, []int64{other.GroupID}); err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 11, 20, 10, 0, 0, 0, beijing)
		clock := func() time.Time { return now }
		funds := finance.NewFunds(db, clock, beijing, finance.New(db, clock, beijing))
		p := core.Principal{CompanyID: cid, UserID: owner.ID}

		usd, err := funds.SaveAccount(ctx, p, finance.FundAccountForm{Name: "招行美元户", Kind: "bank", Currency: "usd",
			OpeningBalance: "1,000.10", OpeningDate: "2026-10-01"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := funds.SaveAccount(ctx, p, finance.FundAccountForm{Name: "招行美元户", Kind: "cash", Currency: "CNY"}); err == nil {
			t.Fatal("a second account of the same name was added")
		}
		for _, bad := range []struct {
			form finance.FundAccountForm
			want string
		}{
			{finance.FundAccountForm{Kind: "bank", Currency: "USD"}, finance.MsgFundNameEmpty},
			{finance.FundAccountForm{Name: "x", Kind: "paypal", Currency: "USD"}, finance.MsgFundKindBad},
			{finance.FundAccountForm{Name: "x", Kind: "bank", Currency: "XYZ"}, finance.MsgFundCurrencyBad},
			{finance.FundAccountForm{Name: "x", Kind: "bank", Currency: "USD", OpeningBalance: "1.001"}, finance.MsgFundOpeningBad},
			{finance.FundAccountForm{Name: "x", Kind: "bank", Currency: "USD", OpeningDate: "2026-13-01"}, finance.MsgFundDateBad},
		} {
			_, err := funds.SaveAccount(ctx, p, bad.form)
			refusedWith(t, err, bad.want)
		}
		id := strconv.FormatInt(usd.ID, 10)
		add := func(direction, amount, day string) string {
			t.Helper()
			m, err := funds.AddMovement(ctx, p, finance.FundMovementForm{AccountID: id, Date: day, Direction: direction, Amount: amount, Category: "其他"})
			if err != nil {
				t.Fatal(err)
			}
			return strconv.FormatInt(m.ID, 10)
		}
		deposit := add("in", "64.65", "2026-10-17")
		add("out", "0.03", "2026-10-18")
		for _, bad := range []struct{ direction, amount, day, want string }{
			{"in", "0", "2026-10-18", finance.MsgFundAmountBad},
			{"in", "1.005", "2026-10-18", finance.MsgFundAmountBad},
			{"sideways", "1", "2026-10-18", finance.MsgFundDirectionBad},
			{"in", "1", "2026-09-30", finance.MsgFundBeforeOpening},
			{"in", "1", "2026-11-21", finance.MsgFundDateLate},
		} {
			_, err := funds.AddMovement(ctx, p, finance.FundMovementForm{AccountID: id, Date: bad.day, Direction: bad.direction, Amount: bad.amount})
			refusedWith(t, err, bad.want)
		}

		balance := func() int64 {
			t.Helper()
			all, err := funds.Accounts(ctx, p)
			if err != nil || len(all.Accounts) != 1 {
				t.Fatalf("accounts = %+v, %v", all, err)
			}
			return all.Accounts[0].Balance()
		}
		count := func() int64 {
			var n int64
			db.Table("fund_movements").Where("company_id = ?", cid).Count(&n)
			return n
		}
		// A file that is no workbook, and a sheet with one wrong row among right ones, add nothing.
		before, movements := balance(), count()
		_, err = funds.ImportMovements(ctx, p, []byte("not a workbook"))
		refusedWith(t, err, finance.MsgFundImportFileBad)
		_, err = funds.ImportMovements(ctx, p, movementSheet(t,
			[]any{"招行美元户", "2026-11-01", "0.07", "", "亚马逊回款", "Amazon", ""},
			[]any{"不存在的账户", "2026-11-01", "1.00", "", "", "", ""},
			[]any{"招行美元户", "2026-11-02", "1.00", "2.00", "", "", ""}))
		var refusal *core.Error
		if !errors.As(err, &refusal) || len(refusal.Problems) != 2 || !strings.Contains(refusal.Msg, "不存在的账户") {
			t.Fatalf("a sheet with two wrong rows: %v", err)
		}
		if balance() != before || count() != movements {
			t.Fatal("a refused import changed the movements")
		}
		res, err := funds.ImportMovements(ctx, p, movementSheet(t,
			[]any{"招行美元户", "2026-11-01", "0.07", "", "亚马逊回款", "Amazon", "回款"},
			[]any{"招行美元户", "2026/11/2", "", "50.50", "采购付款", "深圳供应商", ""},
			[]any{"招行美元户", "2026-11-03", "12,345.67", "", "", "", ""}))
		if err != nil || res.Count != 3 {
			t.Fatalf("import = %+v, %v", res, err)
		}
		// 1000.10 + 64.65 - 0.03 + 0.07 - 50.50 + 12345.67 = 13359.96, on both databases to the cent.
		if got := balance(); got != 133599600 {
			t.Fatalf("balance = %s, want 13359.96", models.MoneyFromUnits(got).StringFixed(4))
		}
		all, _ := funds.Accounts(ctx, p)
		if all.TotalCNY != all.Accounts[0].BalanceCNY || models.MoneyFromUnits(all.TotalCNY).StringFixed(4) != "94855.7160" {
			t.Fatalf("CNY = %d, want 13359.96 × 7.1 = 94855.716", all.TotalCNY)
		}

		// The deposit is matched to settlement 1001 (64.66: a cent more than reached the account).
		end := time.Date(2026, 10, 15, 7, 0, 0, 0, time.UTC)
		settle(t, db, seller, "1001", "64.66", end, "100.00", "-15.00", "-20.34", "0.00")
		settle(t, db, other, "2001", "10.00", end, "10.00")
		cands, err := funds.SettlementCandidates(ctx, p, deposit)
		if err != nil || len(cands) != 2 || cands[0].SettlementID != "1001" || cands[0].Difference != -100 {
			t.Fatalf("candidates = %+v, %v", cands, err)
		}
		clerkP := core.Principal{CompanyID: cid, UserID: clerk.ID}
		err = funds.MatchSettlement(ctx, clerkP, finance.MatchForm{MovementID: deposit, SettlementID: strconv.FormatInt(cands[0].ID, 10)})
		if !strings.Contains(errString(err), "不存在") {
			t.Fatalf("the clerk of 乙店 matched 甲店's settlement: %v", err)
		}
		if err := funds.MatchSettlement(ctx, p, finance.MatchForm{MovementID: deposit, SettlementID: strconv.FormatInt(cands[0].ID, 10)}); err != nil {
			t.Fatal(err)
		}
		got, err := funds.SettlementDeposit(ctx, p, cands[0].ID)
		if err != nil || got == nil || got.Amount != 646500 || got.AccountName != "招行美元户" {
			t.Fatalf("settlement's deposit = %+v, %v", got, err)
		}
		second := add("in", "64.66", "2026-10-19")
		err = funds.MatchSettlement(ctx, p, finance.MatchForm{MovementID: second, SettlementID: strconv.FormatInt(cands[0].ID, 10)})
		refusedWith(t, err, finance.MsgSettlementTaken)

		// A payment is matched to a 付款申请 of its amount and currency only.
		request := paymentRequest(t, db, cid, "USD", 3000000)
		pay := add("out", "300.00", "2026-11-05")
		short := add("out", "299.99", "2026-11-05")
		pays, err := funds.PaymentCandidates(ctx, p, pay)
		if err != nil || len(pays) != 1 || pays[0].Number != "PAY-133" {
			t.Fatalf("payment candidates = %+v, %v", pays, err)
		}
		refusedWith(t, funds.MatchPayment(ctx, p, finance.MatchForm{MovementID: short, PaymentID: request}), "金额不一致")
		refusedWith(t, funds.MatchPayment(ctx, p, finance.MatchForm{MovementID: deposit, PaymentID: request}), finance.MsgFundMatched)
		if err := funds.MatchPayment(ctx, p, finance.MatchForm{MovementID: pay, PaymentID: request}); err != nil {
			t.Fatal(err)
		}
		rows, _, _, err := funds.Movements(ctx, p, finance.FundMovementQuery{})
		if err != nil {
			t.Fatal(err)
		}
		matched := map[string]string{}
		for _, r := range rows {
			matched[strconv.FormatInt(r.ID, 10)] = r.SettlementID + r.PaymentNo
		}
		if matched[deposit] != "1001" || matched[pay] != "PAY-133" {
			t.Fatalf("the list's matches = %v", matched)
		}

		// Voiding takes the movement out of the balance and gives its settlement back.
		before = balance()
		if err := funds.VoidMovement(ctx, p, deposit); err != nil {
			t.Fatal(err)
		}
		if got := balance(); before-got != 646500 {
			t.Fatalf("voiding 64.65 moved the balance by %d", before-got)
		}
		refusedWith(t, funds.VoidMovement(ctx, p, deposit), finance.MsgFundVoided)
		if d, _ := funds.SettlementDeposit(ctx, p, cands[0].ID); d != nil {
			t.Fatal("a voided movement still stands as the settlement's deposit")
		}

		// Another company sees no account and cannot void this one's movement.
		stranger := &accountsdb.User{Account: "13800001333", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "别家"}, stranger); err != nil {
			t.Fatal(err)
		}
		sp := core.Principal{CompanyID: stranger.CompanyID, UserID: stranger.ID}
		if theirs, _ := funds.Accounts(ctx, sp); len(theirs.Accounts) != 0 {
			t.Fatal("another company sees the accounts")
		}
		if err := funds.VoidMovement(ctx, sp, pay); err == nil {
			t.Fatal("another company voided a movement")
		}
	})
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// paymentRequest writes a paid 付款申请 PAY-133 of amount (Money's units) with its supplier and order.
func paymentRequest(t *testing.T, db *models.DB, cid int64, currency string, amount int64) string {
	t.Helper()
	now := time.Now().UTC()
	supplier, warehouse, order, request := models.NewID(), models.NewID(), models.NewID(), models.NewID()
	for _, s := range []struct {
		sql  string
		args []any
	}{
		{"INSERT INTO suppliers (id, company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", []any{supplier, cid, "深圳供应商", now, now}},
		{"INSERT INTO warehouses (id, company_id, name, kind, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)", []any{warehouse, cid, "深圳仓", "own", now, now}},
		{"INSERT INTO purchase_orders (id, company_id, number, supplier_id, warehouse_id, currency, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 3, ?, ?)",
			[]any{order, cid, "PO-133", supplier, warehouse, currency, now, now}},
		{"INSERT INTO payment_requests (id, company_id, number, order_id, supplier_id, kind, currency, amount, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 2, ?, ?)",
			[]any{request, cid, "PAY-133", order, supplier, "deposit", currency, amount, now, now}},
	} {
		if err := db.Exec(s.sql, s.args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	return strconv.FormatInt(request, 10)
}
