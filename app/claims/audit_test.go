package claims_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"sellerhub/app/claims"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	claimsdb "sellerhub/models/claims"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

const us = "ATVPDKIKX0DER"

// shop is a company with a US seller account, a clock the test moves, and the audit.
type shop struct {
	db    *models.DB
	svc   *claims.Service
	today time.Time
	owner core.Principal
	st    amazondatadb.LedgerEvent // the company, group and seller of every row
}

func newShop(t *testing.T, db *models.DB) *shop {
	t.Helper()
	owner := &accountsdb.User{Account: "13900000081", PasswordHash: "x"}
	if err := accountsdb.CreateCompanyWithOwner(db, &accountsdb.Company{Name: "索赔公司"}, owner); err != nil {
		t.Fatal(err)
	}
	seller, err := fixtures.Seller(context.Background(), db, owner.CompanyID, "美国店", "NA", "A1CLAIMS", us)
	if err != nil {
		t.Fatal(err)
	}
	s := &shop{db: db, today: time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC), owner: core.Principal{UserID: owner.ID, CompanyID: owner.CompanyID},
		st: amazondatadb.LedgerEvent{CompanyID: owner.CompanyID, GroupID: seller.GroupID, SellerID: seller.ID, MarketplaceID: us}}
	s.svc = claims.New(db, func() time.Time { return s.today })
	return s
}

// adjust books a ledger adjustment of the FNSKU n days before today.
func (s *shop) adjust(t *testing.T, fnsku string, daysAgo, qty int, reason string) {
	t.Helper()
	at := s.today.Truncate(24*time.Hour).AddDate(0, 0, -daysAgo).Add(10 * time.Hour)
	e := s.st
	e.Day, e.EventAt, e.FNSKU, e.SKU, e.EventType, e.ReferenceID, e.Quantity, e.FulfillmentCenter, e.Disposition, e.Reason =
		at.Format(time.DateOnly), at, fnsku, "SKU-"+fnsku, "Adjustments", fmt.Sprintf("ADJ-%s-%d", fnsku, daysAgo), qty, "ONT8", "SELLABLE", reason
	if _, err := amazondatadb.UpsertLedgerEvents(s.db, []amazondatadb.LedgerEvent{e}); err != nil {
		t.Fatal(err)
	}
}

func (s *shop) reimburse(t *testing.T, id, fnsku, reason, caseID string, daysAgo, units int) {
	t.Helper()
	r := amazondatadb.Reimbursement{CompanyID: s.st.CompanyID, GroupID: s.st.GroupID, SellerID: s.st.SellerID, MarketplaceID: us,
		ApprovalDate: s.today.AddDate(0, 0, -daysAgo), ReimbursementID: id, CaseID: caseID, Reason: reason, SKU: "SKU-" + fnsku,
		FNSKU: fnsku, Currency: "USD", AmountPerUnit: models.MoneyFromUnits(125000), AmountTotal: models.MoneyFromUnits(125000 * int64(units)),
		QuantityCash: units, QuantityTotal: units}
	if _, err := amazondatadb.UpsertReimbursements(s.db, []amazondatadb.Reimbursement{r}); err != nil {
		t.Fatal(err)
	}
}

func (s *shop) audit(t *testing.T) claims.AuditResult {
	t.Helper()
	res, err := s.svc.Audit(context.Background(), s.st.CompanyID)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func (s *shop) claims(t *testing.T) map[string]claimsdb.Claim {
	t.Helper()
	all, err := claimsdb.ClaimsOfCompany(s.db, s.st.CompanyID, claimsdb.KindLost)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]claimsdb.Claim{}
	for _, c := range all {
		out[c.FNSKU] = c
	}
	return out
}

// The audit proposes a unit lost and not covered once its window opens and until it closes, under the policy of
// the event's day; never twice; settles it when found, or when a reimbursement names its submitted case; lets an
// unfiled one expire.
func TestAuditLostUnits(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		s.adjust(t, "X0OPEN", 40, -1, "M")    // open: days 30 to 60
		s.adjust(t, "X0EARLY", 10, -1, "M")   // Amazon's own 30 days not over
		s.adjust(t, "X0LATE", 70, -1, "M")    // past 60 days: not proposed
		s.adjust(t, "X0FOUND", 45, -2, "M")   // one found again, one left
		s.adjust(t, "X0FOUND", 40, 1, "F")    //
		s.adjust(t, "X0DAMAGED", 35, -1, "E") // damaged at the centre, reimbursed
		s.reimburse(t, "R1", "X0DAMAGED", "Damaged_Warehouse", "", 33, 1)
		s.adjust(t, "X0CASE", 31, -1, "E")  // will be submitted
		s.adjust(t, "X0OTHER", 40, -1, "Q") // damaged otherwise: not Amazon's fault
		if res := s.audit(t); res.Proposed != 3 {
			t.Fatalf("first audit %+v", res)
		}
		got := s.claims(t)
		if len(got) != 3 || got["X0OPEN"].Units != 1 || got["X0FOUND"].Units != 1 || got["X0CASE"].Units != 1 {
			t.Fatalf("claims %+v", got)
		}
		open := got["X0OPEN"]
		if open.Policy != "FC-lost-60d-2024" || open.Deadline != "2026-12-20" || open.OpensOn != "2026-11-20" || open.Status != claimsdb.StatusOpen {
			t.Fatalf("open claim %+v", open)
		}
		if res := s.audit(t); res != (claims.AuditResult{}) {
			t.Fatalf("second audit %+v", res)
		}

		// Submitted with a case id; Amazon reimburses the case (another reimbursement line, any SKU's).
		if _, err := s.svc.Submit(context.Background(), s.owner, fmt.Sprint(got["X0CASE"].ID), claims.SubmitForm{CaseID: "C-77"}); err != nil {
			t.Fatal(err)
		}
		s.reimburse(t, "R2", "X0ELSE", "Lost_Warehouse", "C-77", 0, 1)
		// The found SKU's last unit turns up too.
		s.adjust(t, "X0FOUND", 2, 1, "F")
		if res := s.audit(t); res.Settled != 2 || res.Proposed != 0 {
			t.Fatalf("audit after the case and the find %+v", res)
		}
		got = s.claims(t)
		if c := got["X0CASE"]; c.Status != claimsdb.StatusSettled || c.ReimbursementID != "R2" {
			t.Fatalf("submitted claim %+v", c)
		}
		if c := got["X0FOUND"]; c.Status != claimsdb.StatusSettled || c.ReimbursementID != "" {
			t.Fatalf("found claim %+v", c)
		}
		// A month on, the unfiled one lapses; the early one had its window and was proposed then.
		s.today = s.today.AddDate(0, 0, 25)
		res := s.audit(t)
		if res.Expired != 1 || res.Proposed != 1 {
			t.Fatalf("audit a month on %+v", res)
		}
		if c := s.claims(t)["X0OPEN"]; c.Status != claimsdb.StatusExpired {
			t.Fatalf("unfiled claim %+v", c)
		}
		var none *core.Error
		if _, err := s.svc.Submit(context.Background(), s.owner, fmt.Sprint(got["X0CASE"].ID), claims.SubmitForm{CaseID: "C-78"}); !errors.As(err, &none) ||
			none.Msg != claims.MsgClaimNotOpen {
			t.Fatalf("submitting a settled claim: %v", err)
		}
	})
}

// A lost unit of 2024-06 is held to the 18 months of the policy then in force.
func TestPolicyOfTheEventsDay(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		s.today = time.Date(2024, 12, 1, 8, 0, 0, 0, time.UTC)
		s.adjust(t, "X0OLD", 180, -1, "M") // 2024-06-04
		if res := s.audit(t); res.Proposed != 1 {
			t.Fatalf("audit %+v", res)
		}
		if c := s.claims(t)["X0OLD"]; c.Policy != "FC-lost-18m" || c.Deadline != "2025-11-26" {
			t.Fatalf("claim %+v", c)
		}
	})
}
