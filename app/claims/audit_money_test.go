package claims_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"sellerhub/app/claims"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/catalog"
	claimsdb "sellerhub/models/claims"
	"sellerhub/models/dbtest"
)

// lineNo numbers the test's settlement lines apart.
var lineNo int

// settle books settlement lines of an order's SKU posted n days before today: amounts in cents by amount type and
// description ("ItemPrice/Principal").
func (s *shop) settle(t *testing.T, settlement, txType, order, sku string, daysAgo, qty int, amounts map[string]int64) {
	t.Helper()
	at := s.today.Truncate(24*time.Hour).AddDate(0, 0, -daysAgo).Add(9 * time.Hour)
	var lines []amazondatadb.SettlementLine
	for k, cents := range amounts {
		var kind, desc string
		for i := range k {
			if k[i] == '/' {
				kind, desc = k[:i], k[i+1:]
			}
		}
		lineNo++
		lines = append(lines, amazondatadb.SettlementLine{CompanyID: s.st.CompanyID, GroupID: s.st.GroupID, SellerID: s.st.SellerID,
			SettlementID: settlement, LineNo: lineNo, MarketplaceID: us, TransactionType: txType, OrderID: order,
			OrderItemCode: order + sku, AmountType: kind, AmountDescription: desc, Amount: models.MoneyFromUnits(cents * 100),
			Currency: "USD", FulfillmentID: "AFN", PostedDate: &at, SKU: sku, QuantityPurchased: qty})
	}
	if _, err := amazondatadb.UpsertSettlementLines(s.db, nil, lines); err != nil {
		t.Fatal(err)
	}
}

func (s *shop) returned(t *testing.T, order, sku string, daysAgo int) {
	t.Helper()
	r := amazondatadb.CustomerReturn{CompanyID: s.st.CompanyID, GroupID: s.st.GroupID, SellerID: s.st.SellerID, MarketplaceID: us,
		ReturnDate: s.today.AddDate(0, 0, -daysAgo), OrderID: order, SKU: sku, FNSKU: "X0" + sku, Quantity: 1,
		FulfillmentCenterID: "ONT8", DetailedDisposition: "SELLABLE", LicensePlateNumber: "LPNR" + order}
	if _, err := amazondatadb.UpsertCustomerReturns(s.db, []amazondatadb.CustomerReturn{r}); err != nil {
		t.Fatal(err)
	}
}

func (s *shop) reimburseOrder(t *testing.T, id, order, sku, reason string, daysAgo int, units int, cents int64) {
	t.Helper()
	r := amazondatadb.Reimbursement{CompanyID: s.st.CompanyID, GroupID: s.st.GroupID, SellerID: s.st.SellerID, MarketplaceID: us,
		ApprovalDate: s.today.AddDate(0, 0, -daysAgo), ReimbursementID: id, AmazonOrderID: order, Reason: reason, SKU: sku,
		Currency: "USD", AmountTotal: models.MoneyFromUnits(cents * 100), QuantityCash: units, QuantityTotal: units}
	if _, err := amazondatadb.UpsertReimbursements(s.db, []amazondatadb.Reimbursement{r}); err != nil {
		t.Fatal(err)
	}
}

func (s *shop) claimsOf(t *testing.T, kind string) map[string]claimsdb.Claim {
	t.Helper()
	all, err := claimsdb.ClaimsOfCompany(s.db, s.st.CompanyID, kind)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]claimsdb.Claim{}
	for _, c := range all {
		out[c.ReferenceID+" "+c.SKU] = c
	}
	return out
}

// A refund whose item never came back is proposed from the 60th day after the refund to the 120th (the policy
// since 2024-10-23), valued at the principal refunded; one whose item came back, or that Amazon reimbursed, is
// not; the open one settles when Amazon reimburses the order.
func TestAuditRefundsWithoutReturn(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		refund := func(order, sku string, daysAgo int) {
			s.settle(t, "S-R01", "Refund", order, sku, daysAgo, 0, map[string]int64{"ItemPrice/Principal": -1999, "ItemFees/Commission": 300})
		}
		refund("111-0000001-0000001", "NORET", 70) // never returned: proposed
		refund("111-0000002-0000002", "BACK", 70)  // came back
		s.returned(t, "111-0000002-0000002", "BACK", 65)
		refund("111-0000003-0000003", "PAID", 70) // Amazon reimbursed it by itself
		s.reimburseOrder(t, "R-PAID", "111-0000003-0000003", "PAID", "CustomerReturn", 5, 1, 1999)
		refund("111-0000004-0000004", "EARLY", 30) // the customer's 60 days not over
		refund("111-0000005-0000005", "LATE", 130) // past 120 days
		// An MFN refund is none of Amazon's business.
		s.settle(t, "S-R02", "Refund", "111-0000006-0000006", "MFN", 70, 0, map[string]int64{"ItemPrice/Principal": -999})
		db.Exec("UPDATE settlement_lines SET fulfillment_id = 'MFN' WHERE settlement_id = 'S-R02'")
		if res := s.audit(t); res.Proposed != 1 {
			t.Fatalf("first audit %+v", res)
		}
		got := s.claimsOf(t, claimsdb.KindReturn)
		c, ok := got["111-0000001-0000001 NORET"]
		if len(got) != 1 || !ok {
			t.Fatalf("claims %+v", got)
		}
		if c.Units != 1 || c.Amount.StringFixed(2) != "19.99" || c.Currency != "USD" || c.Policy != "return-60-120d-2024" ||
			c.OpensOn != "2026-11-20" || c.Deadline != "2027-01-19" || c.Status != claimsdb.StatusOpen {
			t.Fatalf("claim %+v", c)
		}
		detail, err := s.svc.Claim(context.Background(), s.owner, fmt.Sprint(c.ID))
		if err != nil || len(detail.Evidence) != 1 || detail.Evidence[0].Reference != "111-0000001-0000001" || detail.Evidence[0].What != "买家退款 19.99 USD" {
			t.Fatalf("evidence %+v %v", detail, err)
		}
		if res := s.audit(t); res != (claims.AuditResult{}) {
			t.Fatalf("second audit %+v", res)
		}
		if _, err := s.svc.Submit(context.Background(), s.owner, fmt.Sprint(c.ID), claims.SubmitForm{CaseID: "C-900"}); err != nil {
			t.Fatal(err)
		}
		s.reimburseOrder(t, "R-NORET", "111-0000001-0000001", "NORET", "CustomerReturn", 0, 1, 1999)
		if res := s.audit(t); res.Settled != 1 || res.Proposed != 0 {
			t.Fatalf("audit after the reimbursement %+v", res)
		}
		if c := s.claimsOf(t, claimsdb.KindReturn)["111-0000001-0000001 NORET"]; c.Status != claimsdb.StatusSettled || c.ReimbursementID != "R-NORET" {
			t.Fatalf("settled claim %+v", c)
		}
	})
}

// A refund of 2024-06 is held to the 18 months of the policy then in force.
func TestReturnPolicyOfTheRefundsDay(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		s.today = time.Date(2024, 12, 1, 8, 0, 0, 0, time.UTC)
		s.settle(t, "S-R01", "Refund", "111-0000001-0000001", "OLD", 180, 0, map[string]int64{"ItemPrice/Principal": -1000})
		s.returned(t, "111-0000002-0000002", "OTHER", 10) // the returns are synced past the refund
		if res := s.audit(t); res.Proposed != 1 {
			t.Fatalf("audit %+v", res)
		}
		if c := s.claimsOf(t, claimsdb.KindReturn)["111-0000001-0000001 OLD"]; c.Policy != "return-60d-18m" || c.Deadline != "2025-11-26" {
			t.Fatalf("claim %+v", c)
		}
	})
}

// The fulfilment fee charged above the fee of the paired product's measured tier on the card of the day, Amazon
// having measured the unit into another tier, is proposed per settlement and SKU with the overcharge as its amount;
// a fee charged right, one Amazon measured into the same tier, an unpaired SKU and a product without measures are
// not; fee corrections of the SKU settle it.
func TestAuditFeeOvercharges(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		// 20 x 15 x 1.5 cm, 0.1 kg: small standard, 0.22 lb; at $19.99 the 2026 US card's fee is $3.42.
		measured := func(sku string, pair bool, dims bool) {
			p := &catalog.LocalProduct{CompanyID: s.st.CompanyID, SKU: "LP-" + sku, Name: sku, Kind: catalog.ProductKindProduct}
			if dims {
				p.Weight, p.Length, p.Width, p.Height = dbtest.Dec("0.1"), dbtest.Dec("20"), dbtest.Dec("15"), dbtest.Dec("1.5")
			}
			if err := db.Create(p).Error; err != nil {
				t.Fatal(err)
			}
			l := &catalog.Listing{CompanyID: s.st.CompanyID, GroupID: s.st.GroupID, MarketplaceID: us, SellerSKU: sku}
			if pair {
				l.ProductID = &p.ID
			}
			if err := db.Create(l).Error; err != nil {
				t.Fatal(err)
			}
		}
		// Amazon's measures, from its fee estimate: OVER 2 in thick (large standard), the others as measured.
		estimate := func(sku, shortest string) {
			fe := amazondatadb.FeeEstimate{CompanyID: s.st.CompanyID, GroupID: s.st.GroupID, SellerID: s.st.SellerID, MarketplaceID: us,
				SKU: sku, ProductSizeTier: "Small standard-size", LongestSide: "7.87", MedianSide: "5.91", ShortestSide: shortest,
				UnitOfDimension: "inches", ItemPackageWeight: "0.22", UnitOfWeight: "pounds", Currency: "USD"}
			if shortest != "0.59" {
				fe.ProductSizeTier = "Large standard-size"
			}
			if _, err := amazondatadb.UpsertFeeEstimates(db, []amazondatadb.FeeEstimate{fe}); err != nil {
				t.Fatal(err)
			}
		}
		estimate("OVER", "1.97")
		estimate("RIGHT", "0.59")
		estimate("UNPAIRED", "1.97")
		estimate("NODIMS", "1.97")
		estimate("SAMETIER", "0.59")
		measured("OVER", true, true)
		measured("SAMETIER", true, true)
		measured("RIGHT", true, true)
		measured("UNPAIRED", false, true)
		measured("NODIMS", true, false)
		sale := func(settlement, order, sku string, daysAgo, qty int, feeCents int64) {
			s.settle(t, settlement, "Order", order, sku, daysAgo, qty, map[string]int64{"ItemPrice/Principal": 1999 * int64(qty),
				"ItemFees/FBAPerUnitFulfillmentFee": -feeCents * int64(qty), "ItemFees/Commission": -300 * int64(qty)})
		}
		sale("S-F01", "111-1000001-0000001", "OVER", 20, 2, 460) // charged as large standard: $1.18 too much a unit
		sale("S-F01", "111-1000002-0000002", "OVER", 18, 1, 460)
		sale("S-F01", "111-1000003-0000003", "RIGHT", 20, 1, 342)
		sale("S-F01", "111-1000007-0000007", "SAMETIER", 20, 1, 380) // above the card, but Amazon measured it as we did
		sale("S-F01", "111-1000004-0000004", "UNPAIRED", 20, 1, 460)
		sale("S-F01", "111-1000005-0000005", "NODIMS", 20, 1, 460)
		sale("S-F02", "111-1000006-0000006", "OVER", 100, 1, 460) // past the 90 days
		if res := s.audit(t); res.Proposed != 1 {
			t.Fatalf("first audit %+v", res)
		}
		got := s.claimsOf(t, claimsdb.KindFee)
		c, ok := got["S-F01 OVER"]
		if len(got) != 1 || !ok {
			t.Fatalf("claims %+v", got)
		}
		if c.Units != 3 || c.Amount.StringFixed(2) != "3.54" || c.UnitValue.StringFixed(2) != "1.18" || c.Policy != "fee-90d" ||
			c.EventDay != "2026-11-10" || c.Deadline != "2027-02-08" {
			t.Fatalf("claim %+v", c)
		}
		detail, err := s.svc.Claim(context.Background(), s.owner, fmt.Sprint(c.ID))
		if err != nil || len(detail.Evidence) != 4 || detail.Evidence[0].What != "本地产品 LP-OVER 实测 20×15×1.5 cm、0.1 kg：小号标准尺寸，配送费应为 3.42 USD/件" ||
			detail.Evidence[1].What != "亚马逊测量 7.87×5.91×1.97 inches、0.22 pounds：大号标准尺寸（Large standard-size）" ||
			detail.Evidence[2].What != "FBA配送费 4.60 USD/件（多收 1.18/件）" || detail.Evidence[2].Units != 2 {
			t.Fatalf("evidence %+v %v", detail.Evidence, err)
		}
		if res := s.audit(t); res != (claims.AuditResult{}) {
			t.Fatalf("second audit %+v", res)
		}
		// Amazon corrects part of the fee, then the rest.
		s.reimburseOrder(t, "R-FEE1", "", "OVER", "FeeCorrection", 2, 0, 200)
		if res := s.audit(t); res != (claims.AuditResult{}) {
			t.Fatalf("audit after part of the correction %+v", res)
		}
		s.reimburseOrder(t, "R-FEE2", "", "OVER", "FeeCorrection", 1, 0, 154)
		if res := s.audit(t); res.Settled != 1 {
			t.Fatalf("audit after the correction %+v", res)
		}
		if c := s.claimsOf(t, claimsdb.KindFee)["S-F01 OVER"]; c.Status != claimsdb.StatusSettled || c.ReimbursementID != "R-FEE2" {
			t.Fatalf("settled claim %+v", c)
		}
	})
}
