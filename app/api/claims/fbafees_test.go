package claims_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

const amz = "/amazon/api/v1/"

type fbaFee struct {
	SKU, MarketplaceName, ProductSizeTier, Dimensions, Weight, Currency, StatusName, GroupName string
	ExpectedFulfillmentFee, EstimatedReferralFee, Charged, Difference, Overcharge              float64
	ChargedPerUnit                                                                             *float64
	Units                                                                                      int64
	Overcharged                                                                                bool
}

type fbaFeePage struct {
	Records []fbaFee `json:"records"`
	Total   int64    `json:"total"`
}

// FBA费用报告 on both databases: Amazon's estimate beside what the period's settlements charged per unit, the
// overcharge to the cent, the filters, the export, and only the callers with the screen of the company.
func TestFBAFeeReport(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { fbaFeeReport(t, kind) })
	}
}

func fbaFeeReport(t *testing.T, kind string) {
	h := apptest.Start(t, apptest.WithDatabase(kind))
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	const us = "ATVPDKIKX0DER"
	seller, err := fixtures.Seller(context.Background(), h.DB, admin.CompanyID, "费用店", "NA", "A1FBAFEES", us)
	if err != nil {
		t.Fatal(err)
	}
	cents := func(c int64) models.Money { return models.MoneyFromUnits(c * 100) }
	estimate := func(sku, asin, tier string, fee, referral int64) amazondatadb.FeeEstimate {
		return amazondatadb.FeeEstimate{CompanyID: admin.CompanyID, GroupID: seller.GroupID, SellerID: seller.ID, MarketplaceID: us,
			SKU: sku, ASIN: asin, ProductName: sku + " mug", ProductSizeTier: tier, LongestSide: "7.87", MedianSide: "5.91",
			ShortestSide: "1.97", UnitOfDimension: "inches", ItemPackageWeight: "0.22", UnitOfWeight: "pounds", Currency: "USD",
			YourPrice: cents(1999), ExpectedFulfillmentFee: cents(fee), EstimatedReferralFee: cents(referral),
			EstimatedFeeTotal: cents(fee + referral)}
	}
	if _, err := amazondatadb.UpsertFeeEstimates(h.DB, []amazondatadb.FeeEstimate{
		estimate("FEE-OVER", "B0FEEOVER1", "Small standard-size", 342, 300),
		estimate("FEE-RIGHT", "B0FEERIGHT", "Small standard-size", 342, 300),
		estimate("FEE-NONE", "B0FEENONE1", "Large standard-size", 560, 300),
	}); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	lineNo := 0
	var lines []amazondatadb.SettlementLine
	fee := func(txType, sku string, daysAgo, qty int, feeCents int64) {
		lineNo++
		at := now.AddDate(0, 0, -daysAgo)
		lines = append(lines, amazondatadb.SettlementLine{CompanyID: admin.CompanyID, GroupID: seller.GroupID, SellerID: seller.ID,
			SettlementID: "S-FEES", LineNo: lineNo, MarketplaceID: us, TransactionType: txType, OrderID: "111-000000" + string(rune('0'+lineNo)),
			AmountType: "ItemFees", AmountDescription: "FBAPerUnitFulfillmentFee", Amount: cents(-feeCents), Currency: "USD",
			FulfillmentID: "AFN", PostedDate: &at, SKU: sku, QuantityPurchased: qty})
	}
	fee("Order", "FEE-OVER", 10, 2, 920) // 4.60 a unit
	fee("Order", "FEE-OVER", 5, 1, 461)  // 4.61: 13.81 / 3 = 4.6033 → 4.60, 1.18 above the estimate
	fee("Order", "FEE-OVER", 60, 1, 999) // before the period asked
	fee("Refund", "FEE-OVER", 4, 1, 460) // not a charge of an order
	fee("Order", "FEE-RIGHT", 8, 2, 684) // 3.42 as estimated
	if _, err := amazondatadb.UpsertSettlementLines(h.DB, nil, lines); err != nil {
		t.Fatal(err)
	}

	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	from := now.AddDate(0, 0, -30).Format(time.DateOnly)
	q := map[string]any{"from": from, "pagesize": 50}
	get := func(client *apptest.Client, body map[string]any) fbaFeePage {
		t.Helper()
		env := client.Call(http.MethodPost, amz+"fbafees/page", body)
		apptest.ExpectOK(t, env)
		var p fbaFeePage
		env.Into(t, &p)
		return p
	}
	with := func(k string, v any) map[string]any {
		out := map[string]any{k: v}
		for key, val := range q {
			out[key] = val
		}
		return out
	}

	// Shape: every estimate of the store, the overcharged one first.
	p := get(c, q)
	if p.Total != 3 || len(p.Records) != 3 {
		t.Fatalf("page %+v", p)
	}
	over := p.Records[0]
	if over.SKU != "FEE-OVER" || !over.Overcharged || over.StatusName != "多收" || over.Units != 3 || over.ChargedPerUnit == nil ||
		*over.ChargedPerUnit != 4.60 || over.ExpectedFulfillmentFee != 3.42 || over.Difference != 1.18 || over.Overcharge != 3.54 ||
		over.Charged != 13.81 || over.EstimatedReferralFee != 3 || over.Currency != "USD" || over.MarketplaceName != "美国" ||
		over.ProductSizeTier != "Small standard-size" || over.Dimensions != "7.87 × 5.91 × 1.97 inches" || over.Weight != "0.22 pounds" ||
		over.GroupName != "费用店" {
		t.Fatalf("overcharged line %+v", over)
	}
	bySKU := map[string]fbaFee{}
	for _, r := range p.Records {
		bySKU[r.SKU] = r
	}
	if r := bySKU["FEE-RIGHT"]; r.Overcharged || r.StatusName != "一致" || r.ChargedPerUnit == nil || *r.ChargedPerUnit != 3.42 || r.Difference != 0 {
		t.Fatalf("fee charged as estimated %+v", r)
	}
	if r := bySKU["FEE-NONE"]; r.ChargedPerUnit != nil || r.Units != 0 || r.StatusName != "未结算" {
		t.Fatalf("SKU without charges %+v", r)
	}

	// The whole period: the older charge counts too (23.80 / 4 = 5.95, 2.53 above).
	all := get(c, map[string]any{"overcharged": "1"})
	if all.Total != 1 || all.Records[0].Units != 4 || *all.Records[0].ChargedPerUnit != 5.95 || all.Records[0].Overcharge != 10.12 {
		t.Fatalf("without a period %+v", all)
	}
	// Filters: only overcharged, keyword by ASIN, another marketplace, a sort.
	if p := get(c, with("overcharged", "1")); p.Total != 1 || p.Records[0].SKU != "FEE-OVER" {
		t.Fatalf("only overcharged %+v", p)
	}
	if p := get(c, with("keyword", "feeright")); p.Total != 1 || p.Records[0].SKU != "FEE-RIGHT" {
		t.Fatalf("keyword %+v", p)
	}
	if p := get(c, with("keyword", "B0FEENONE")); p.Total != 1 || p.Records[0].SKU != "FEE-NONE" {
		t.Fatalf("keyword by ASIN %+v", p)
	}
	if p := get(c, with("marketplaceId", "A2EUQ1WTGCTBG2")); p.Total != 0 {
		t.Fatalf("another marketplace %+v", p)
	}
	sorted := get(c, map[string]any{"from": from, "sort": "expectedFulfillmentFee", "order": "desc"})
	if sorted.Records[0].SKU != "FEE-NONE" {
		t.Fatalf("sorted by the estimate %+v", sorted.Records)
	}
	if p := get(c, map[string]any{"to": now.AddDate(0, 0, -9).Format(time.DateOnly), "from": from}); bySKUOf(p)["FEE-OVER"].Units != 2 {
		t.Fatalf("to a day %+v", p)
	}
	for _, bad := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"from": "2026/01/01"}, "日期格式应为 yyyy-MM-dd"},
		{map[string]any{"from": "2026-03-02", "to": "2026-03-01"}, "开始日期不能晚于结束日期"},
	} {
		apptest.Expect(t, c.Call(http.MethodPost, amz+"fbafees/page", bad.body), http.StatusBadRequest, "A0400", bad.msg)
	}

	// Export: the overcharged line, in the list's columns.
	resp, body := c.Raw(http.MethodGet, amz+"fbafees/export?overcharged=1&from="+from, "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("FBA费用报告_")) {
		t.Fatalf("export: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, title := range rows[0] {
		col[title] = i
	}
	if len(rows) != 2 || rows[1][col["平台SKU"]] != "FEE-OVER" || rows[1][col["实收配送费"]] != "4.6" ||
		rows[1][col["单件多收"]] != "1.18" || rows[1][col["多收合计"]] != "3.54" || rows[1][col["核对"]] != "多收" {
		t.Fatalf("export rows %v", rows)
	}

	// Who may call: the screen's users; no screen, refused; another company sees none of it.
	reader, _ := h.RestrictedUser("13900000041", []string{"sales.reports.fbafee"}, nil)
	if p := get(reader, q); p.Total != 3 {
		t.Fatalf("a user with the screen %+v", p)
	}
	clerk, _ := h.RestrictedUser("13900000042", nil, nil)
	apptest.Expect(t, clerk.Call(http.MethodPost, amz+"fbafees/page", q), http.StatusUnauthorized, "A0301", "访问未授权")
	apptest.Expect(t, clerk.Call(http.MethodGet, amz+"fbafees/export", nil), http.StatusUnauthorized, "A0301", "访问未授权")
	other := h.SignedIn("13900000043", "别的公司")
	if p := get(other, map[string]any{}); p.Total != 0 || len(p.Records) != 0 {
		t.Fatalf("another company sees %+v", p)
	}
}

func bySKUOf(p fbaFeePage) map[string]fbaFee {
	out := map[string]fbaFee{}
	for _, r := range p.Records {
		out[r.SKU] = r
	}
	return out
}
