package datasync_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/apptest"
	"sellerhub/app/claims"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// claimLine is a line of 待索赔 as the list answers it.
type claimLine struct {
	ID, Kind, SKU, ReferenceID, Status, CaseID, ReimbursementID, EventDay, Deadline, OpensOn, Urgency string
	Units                                                                                             int
	Amount                                                                                            float64
	DaysLeft                                                                                          *int
	Urgent                                                                                            bool
}

func claimsOf(t *testing.T, c *apptest.Client, status string) []claimLine {
	t.Helper()
	var page struct {
		Records []claimLine
		Total   int
	}
	env := c.Call(http.MethodPost, "/amazon/api/v1/claims/page", map[string]any{"currentpage": 1, "pagesize": 100, "status": status})
	apptest.ExpectOK(t, env)
	env.Into(t, &page)
	return page.Records
}

// checkClaims runs 待索赔 over the synced Japanese store, with a closed inbound shipment of ours received 2 units
// short: the audit proposes exactly the planted unit lost and never reimbursed nor found, the shipment's 2 units
// and the planted refund whose item never came back; not the units reimbursed, the unit found again, the unit
// lost past the policy's window, nor any refund whose item came back. Auditing again proposes nothing more. One
// is marked 已提交 with a case id (a bad one refused); an uploaded reimbursements file naming that case, one
// reimbursing the shipment's units and one the refunded order settle the three, and nothing new is proposed.
func checkClaims(t *testing.T, h *apptest.Harness, c *apptest.Client, w *sellerdata.World, sellerID int64, seller string) {
	t.Helper()
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(h.Log.String())
		}
	})
	planted := w.Planted(seller)
	var st storesdb.Seller
	h.DB.Take(&st, "id = ?", sellerID)
	// Our shipment: 10 units packed, Amazon received 8 and closed it 20 days ago.
	wh := &stockdb.Warehouse{ID: models.NewID(), CompanyID: st.CompanyID, Name: "深圳仓", Kind: "own"}
	must(t, h.DB.Create(wh).Error)
	p := &catalogdb.LocalProduct{ID: models.NewID(), CompanyID: st.CompanyID, SKU: "LOCAL-" + planted.FoundSKU, Name: "本地产品"}
	must(t, h.DB.Create(p).Error)
	sh := &shippingdb.Shipment{CompanyID: st.CompanyID, ShipmentID: "FBA15SHORT01", Name: "短少货件", GroupID: st.GroupID,
		MarketplaceID: planted.MarketplaceID, WarehouseID: wh.ID, Status: shippingdb.ShipmentShipped, AmazonStatus: "CLOSED"}
	must(t, h.DB.Create(sh).Error)
	must(t, h.DB.Create(&shippingdb.ShipmentItem{CompanyID: st.CompanyID, ShipmentRef: sh.ID, ProductID: p.ID,
		SellerSKU: planted.FoundSKU, Quantity: 10, QuantityShipped: 10, QuantityReceived: 8}).Error)
	closed := time.Now().UTC().AddDate(0, 0, -20)
	must(t, h.DB.Create(&shippingdb.ShipmentEvent{ID: models.NewID(), CompanyID: st.CompanyID, ShipmentRef: sh.ID, Action: "亚马逊状态",
		Status: shippingdb.ShipmentShipped, AmazonStatus: "CLOSED", CreatedAt: closed}).Error)

	open := claimsOf(t, c, "open")
	if len(open) != 3 {
		t.Fatalf("proposed %+v, want the planted lost unit, the short shipment and the refund never returned", open)
	}
	var lost, short, refund claimLine
	for _, l := range open {
		switch l.Kind {
		case "lost":
			lost = l
		case "inbound":
			short = l
		case "return":
			refund = l
		}
	}
	if lost.SKU != planted.LostSKU || lost.ReferenceID != planted.LostOpenReference || lost.Units != 1 || lost.EventDay != planted.LostOpenDay ||
		lost.Amount <= 0 {
		t.Fatalf("lost claim %+v, planted %+v", lost, planted)
	}
	if want := mustDay(t, planted.LostOpenDay).AddDate(0, 0, 60).Format(time.DateOnly); lost.Deadline != want {
		t.Fatalf("deadline %s, want 60 days after %s", lost.Deadline, planted.LostOpenDay)
	}
	if short.SKU != planted.FoundSKU || short.ReferenceID != "FBA15SHORT01" || short.Units != 2 || short.Amount <= 0 {
		t.Fatalf("inbound claim %+v", short)
	}
	if refund.SKU != planted.UnreturnedSKU || refund.ReferenceID != planted.UnreturnedOrder || refund.EventDay != planted.UnreturnedDay ||
		refund.Units < 1 || refund.Amount <= 0 {
		t.Fatalf("refund claim %+v, planted %+v", refund, planted)
	}
	// The Japanese store's customer-return window is its own help page's: 45 days to 18 months after the refund.
	if want := mustDay(t, planted.UnreturnedDay).AddDate(0, 0, 540).Format(time.DateOnly); refund.Deadline != want {
		t.Fatalf("refund deadline %s, want 540 days after %s", refund.Deadline, planted.UnreturnedDay)
	}
	// Each open claim counts down to its deadline, the nearest first.
	today := h.Clock.Now().UTC().Format(time.DateOnly)
	for i, l := range open {
		left := claims.DaysLeft(l.Deadline, today)
		if l.DaysLeft == nil || *l.DaysLeft != left || left < 0 || l.Urgency != fmt.Sprintf("剩%d天", left) || l.Urgent != (left <= 7) {
			t.Fatalf("claim %+v as of %s, want %d days left", l, today, left)
		}
		if i > 0 && open[i-1].Deadline > l.Deadline {
			t.Fatalf("claims not by deadline: %+v", open)
		}
	}
	var detail struct {
		Evidence []struct {
			What, Reference string
			Units           int
		}
		PolicySource string
	}
	env := c.Call(http.MethodGet, "/amazon/api/v1/claims/"+lost.ID, nil)
	apptest.ExpectOK(t, env)
	env.Into(t, &detail)
	if len(detail.Evidence) != 1 || detail.Evidence[0].Units != -1 || detail.Evidence[0].Reference != planted.LostOpenReference ||
		!strings.Contains(detail.PolicySource, "60 天") {
		t.Fatalf("evidence %+v", detail)
	}
	if again := claimsOf(t, c, "all"); len(again) != 3 {
		t.Fatalf("auditing again: %+v", again)
	}

	for _, bad := range []struct{ caseID, msg string }{{"", "请填写亚马逊的案例编号（Case ID）"}, {"12 34", "案例编号只能包含字母、数字和短横线，最多30位"}} {
		env := c.Call(http.MethodPost, "/amazon/api/v1/claims/"+lost.ID+"/submit", map[string]string{"caseId": bad.caseID})
		if env.Code == "00000" || env.Msg != bad.msg {
			t.Fatalf("case id %q answered %+v", bad.caseID, env)
		}
	}
	apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/claims/"+lost.ID+"/submit", map[string]string{"caseId": "17345678901"}))
	if env := c.Call(http.MethodPost, "/amazon/api/v1/claims/"+lost.ID+"/submit", map[string]string{"caseId": "17345678901"}); env.Msg != "该索赔已不是待索赔状态，不能标记已提交" {
		t.Fatalf("submitted twice: %+v", env)
	}
	if sub := claimsOf(t, c, "submitted"); len(sub) != 1 || sub[0].CaseID != "17345678901" {
		t.Fatalf("submitted %+v", sub)
	}

	// Amazon reimburses: the case (a unit of the lost SKU) and the shipment's 2 units, in a file uploaded by hand.
	now := time.Now().UTC().Format("2006-01-02T15:04:05+00:00")
	file := strings.Join([]string{strings.Join(sellerdata.ReimbursementsHeader, "\t"),
		strings.Join([]string{now, "5550001", "17345678901", "", "Lost_Warehouse", planted.LostSKU, planted.LostFNSKU, "", "", "SELLABLE",
			"JPY", "1200", "1200", "1", "0", "1", "", ""}, "\t"),
		strings.Join([]string{now, "5550002", "", "", "Lost_Inbound", planted.FoundSKU, "", "", "", "SELLABLE",
			"JPY", "900", "1800", "2", "0", "2", "", ""}, "\t"),
		strings.Join([]string{now, "5550003", "", planted.UnreturnedOrder, "CustomerReturn", planted.UnreturnedSKU, "", "", "", "SELLABLE",
			"JPY", "1500", strconv.Itoa(1500 * refund.Units), strconv.Itoa(refund.Units), "0", strconv.Itoa(refund.Units), "", ""}, "\t")}, "\n") + "\n"
	owner := ownerOf(t, h, st.CompanyID)
	run, err := h.Svc.DataSync.UploadReport(context.Background(), owner, datasync.Upload{SellerID: strconv.FormatInt(sellerID, 10),
		Kind: "reimbursements", MarketplaceID: planted.MarketplaceID, FileName: "reimbursements.txt", File: bytes.NewReader([]byte(file))})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(syncDeadline)
	for {
		var r datasyncdb.SyncRun
		h.DB.Take(&r, "id = ?", run.ID)
		if r.Status == datasyncdb.SyncDone {
			break
		}
		if r.Status == datasyncdb.SyncFailed || time.Now().After(deadline) {
			t.Fatalf("upload run %+v", r)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The import's own audit settled both, before anyone opened 待索赔.
	var settledNow int64
	h.DB.Table("fba_claims").Where("company_id = ? AND status = ?", st.CompanyID, "settled").Count(&settledNow)
	if settledNow != 3 {
		t.Fatalf("%d claims settled by the upload's import", settledNow)
	}
	if left := claimsOf(t, c, "open"); len(left) != 0 {
		t.Fatalf("still open after the reimbursements: %+v", left)
	}
	settled := claimsOf(t, c, "settled")
	if len(settled) != 3 {
		t.Fatalf("settled %+v", settled)
	}
	for _, s := range settled {
		if want := map[string]string{"lost": "5550001", "inbound": "5550002", "return": "5550003"}[s.Kind]; s.ReimbursementID != want {
			t.Fatalf("%s settled by %q, want %s", s.Kind, s.ReimbursementID, want)
		}
	}
	if all := claimsOf(t, c, "all"); len(all) != 3 {
		t.Fatalf("claims after settling: %+v", all)
	}
}

func mustDay(t *testing.T, day string) time.Time {
	t.Helper()
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func ownerOf(t *testing.T, h *apptest.Harness, companyID int64) core.Principal {
	t.Helper()
	var id int64
	must(t, h.DB.Table("users").Where("company_id = ?", companyID).Order("created_at").Limit(1).Pluck("id", &id).Error)
	return core.Principal{UserID: id, CompanyID: companyID}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
