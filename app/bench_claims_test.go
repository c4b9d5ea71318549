package app_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"testing"
	"time"

	"sellerhub/app/claims"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

// TestLoadReportClaimsAudit prints, for `make bench`, how long 待索赔's audit takes over two years of a 5,000-SKU
// store's ledger adjustments and reimbursements (goal: under 2 s): 20,000 units lost or damaged, 5,000 found again,
// 9,000 reimbursed, the rest to claim where the window is open; then the same audit again, which proposes nothing.
func TestLoadReportClaimsAudit(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	for _, kind := range benchKinds() {
		db := dbtest.Open(t, kind)
		owner := &accountsdb.User{Account: "13900000001", PasswordHash: "x"}
		if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "压测"}, owner); err != nil {
			t.Fatal(err)
		}
		seller, err := fixtures.Seller(context.Background(), db, owner.CompanyID, "压测店", "NA", "A1BENCH", "ATVPDKIKX0DER")
		if err != nil {
			t.Fatal(err)
		}
		today := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
		seedAuditBench(t, db, owner.CompanyID, seller.GroupID, seller.ID, today)
		svc := claims.New(db, func() time.Time { return today })
		for _, pass := range []string{"first audit", "again"} {
			start := time.Now()
			res, err := svc.Audit(context.Background(), owner.CompanyID)
			elapsed := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Printf("== 待索赔 audit of two years of a 5,000-SKU store on %s, %s (goal: < 2 s)\n   %+v in %s\n",
				kind, pass, res, elapsed.Round(time.Millisecond))
			benchFigure(t, fmt.Sprintf("claims audit, 5,000 SKUs over two years, %s, %s", kind, pass),
				elapsed.Round(time.Millisecond).String(), "< 2 s", elapsed < 2*time.Second)
		}
	}
}

func seedAuditBench(t *testing.T, db *models.DB, companyID, groupID, sellerID int64, today time.Time) {
	t.Helper()
	rnd := rand.New(rand.NewSource(23))
	var events []amazondatadb.LedgerEvent
	var reimbursed []amazondatadb.Reimbursement
	flush := func() {
		if len(events) > 0 {
			if _, err := amazondatadb.UpsertLedgerEvents(db, events); err != nil {
				t.Fatal(err)
			}
		}
		if len(reimbursed) > 0 {
			if _, err := amazondatadb.UpsertReimbursements(db, reimbursed); err != nil {
				t.Fatal(err)
			}
		}
		events, reimbursed = events[:0], reimbursed[:0]
	}
	for i := range 20000 {
		sku := rnd.Intn(5000)
		at := today.Add(-time.Duration(rnd.Intn(730*24)) * time.Hour)
		fnsku := fmt.Sprintf("X00%07d", sku)
		e := amazondatadb.LedgerEvent{CompanyID: companyID, GroupID: groupID, SellerID: sellerID, MarketplaceID: "ATVPDKIKX0DER",
			Day: at.Format(time.DateOnly), EventAt: at, FNSKU: fnsku, SKU: fmt.Sprintf("SKU-%05d", sku), EventType: "Adjustments",
			ReferenceID: fmt.Sprint(1000000000 + i), Quantity: -1, FulfillmentCenter: "ONT8", Disposition: "SELLABLE", Reason: "M"}
		if i%4 == 3 {
			e.Reason = "E"
		}
		events = append(events, e)
		switch {
		case i%4 == 0:
			f := e
			f.EventAt, f.Day, f.Quantity, f.Reason, f.ReferenceID = at.Add(72*time.Hour), at.Add(72*time.Hour).Format(time.DateOnly), 1, "F", fmt.Sprint(3000000000+i)
			events = append(events, f)
		case i%5 < 3:
			reimbursed = append(reimbursed, amazondatadb.Reimbursement{CompanyID: companyID, GroupID: groupID, SellerID: sellerID,
				MarketplaceID: "ATVPDKIKX0DER", ApprovalDate: at.Add(48 * time.Hour), ReimbursementID: fmt.Sprint(5000000000 + i),
				Reason: "Lost_Warehouse", SKU: e.SKU, FNSKU: fnsku, Currency: "USD", AmountPerUnit: models.MoneyFromUnits(120000),
				AmountTotal: models.MoneyFromUnits(120000), QuantityCash: 1, QuantityTotal: 1})
		}
		if len(events) >= 4000 {
			flush()
		}
	}
	flush()
}
