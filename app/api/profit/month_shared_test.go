package profit_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	"sellerhub/app/profit"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

type sharedDetail struct {
	Records []struct {
		ID, Source, Kind, Date, Description, Note, Line, Currency string
		Amount                                                    json.Number
	}
	Total int
	Sum   struct {
		Label, Currency string
		Amount          json.Number
		Sums            bool
	}
}

// cents is an amount's string as a whole number of fen.
func cents(t *testing.T, s json.Number) int64 {
	t.Helper()
	return decimal.RequireFromString(string(s)).Mul(decimal.NewFromInt(100)).IntPart()
}

// 月度报告's 分摊费用 opens to the shares that make it, on both databases. Two stores: 分摊店 sold CS-A, CS-B and CS-C
// (1.00, 1.00, 1.01 USD), 分摊二店 CS-D (2.00 USD). The company's rent of 10.00 by sales over the four, by hand:
// 10 × 1/5.01 = 1.996 → 2.00, the same for CS-B, 10 × 1.01/5.01 = 2.016 → 2.02, 10 × 2/5.01 = 3.992 → 3.99; they
// make 10.01, so CS-D, the largest, takes −0.01: 3.98. 分摊二店's wages of 50.00 by units go all to CS-D. The
// company's 分摊费用 is 60.00, 分摊店's 6.02, 分摊二店's 53.98: each opens to its shares, which sum to it to the fen,
// the costs in date order and each cost's largest share first.
func TestMonthSharedOpensToShares(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c, _, month := threeSKUs(t, h)
			u, err := accountsdb.UserByAccount(h.DB, "13700000051")
			if err != nil {
				t.Fatal(err)
			}
			second, err := fixtures.Seller(context.Background(), h.DB, u.CompanyID, "分摊二店", "NA", "A2COSTSHARE", "ATVPDKIKX0DER")
			if err != nil {
				t.Fatal(err)
			}
			now := time.Now().In(h.Config.TimeZone)
			posted := time.Date(now.Year(), now.Month()-1, 11, 12, 0, 0, 0, h.Config.TimeZone).UTC()
			if err := h.DB.Create(&amazondatadb.SettlementLine{ID: models.NewID(), CompanyID: u.CompanyID, GroupID: second.GroupID,
				SellerID: second.ID, SettlementID: "S-COST-2", LineNo: 1, MarketplaceID: "ATVPDKIKX0DER", TransactionType: "Order",
				OrderID: "111-CS-D", AmountType: "ItemPrice", AmountDescription: "Principal", Amount: models.Money{Decimal: decimal.RequireFromString("2.00")},
				Currency: "USD", PostedDate: &posted, SKU: "CS-D", QuantityPurchased: 1, CreatedAt: now, UpdatedAt: now}).Error; err != nil {
				t.Fatal(err)
			}
			rent := call[sharedCost](t, c, http.MethodPost, amz+"costs", map[string]any{"date": month + "-05", "category": "房租", "amount": "10.00", "currency": "CNY"})
			call[sharesAnswer](t, c, http.MethodPost, amz+"costs/share", map[string]any{"id": rent.ID, "basis": "sales"})
			wages := call[sharedCost](t, c, http.MethodPost, amz+"costs", map[string]any{"date": month + "-10", "category": "工资", "amount": "50.00",
				"currency": "CNY", "groupId": strconv.FormatInt(second.GroupID, 10)})
			call[sharesAnswer](t, c, http.MethodPost, amz+"costs/share", map[string]any{"id": wages.ID, "basis": "units"})

			report := call[monthReport](t, c, http.MethodPost, amz+"profit/month", map[string]any{"month": month})
			var first string
			for _, st := range report.Stores {
				if st.GroupName == "分摊店" {
					first = st.GroupID
				}
				// The list of stores shows each store's 分摊费用, which opens as the store's own does below.
				if w := map[string]string{"分摊店": "6.02", "分摊二店": "53.98"}[st.GroupName]; st.Shared != w {
					t.Fatalf("store %s 分摊费用 %s, want %s", st.GroupName, st.Shared, w)
				}
			}
			type want struct{ kind, line, amount, note string }
			rentRest := "含分摊尾差 -0.01 元（各SKU四舍五入到分，尾差计入权重最大的SKU）"
			for _, scope := range []struct {
				groupID, figure string
				lines           []want
			}{
				{"", "60.00", []want{{"房租", "分摊二店 · 美国 · CS-D · USD", "3.98", rentRest}, {"房租", "分摊店 · 美国 · CS-C · USD", "2.02", ""},
					{"房租", "分摊店 · 美国 · CS-A · USD", "2.00", ""}, {"房租", "分摊店 · 美国 · CS-B · USD", "2.00", ""},
					{"工资", "分摊二店 · 美国 · CS-D · USD", "50.00", ""}}},
				{first, "6.02", []want{{"房租", "分摊店 · 美国 · CS-C · USD", "2.02", ""}, {"房租", "分摊店 · 美国 · CS-A · USD", "2.00", ""},
					{"房租", "分摊店 · 美国 · CS-B · USD", "2.00", ""}}},
				{strconv.FormatInt(second.GroupID, 10), "53.98", []want{{"房租", "分摊二店 · 美国 · CS-D · USD", "3.98", rentRest},
					{"工资", "分摊二店 · 美国 · CS-D · USD", "50.00", ""}}},
			} {
				m := call[monthReport](t, c, http.MethodPost, amz+"profit/month", map[string]any{"month": month, "groupId": scope.groupID})
				if got := m.row(t, "shared").Current; got != scope.figure && num(t, got) != num(t, scope.figure) {
					t.Fatalf("月度报告 %q 分摊费用 %v, want %s", scope.groupID, got, scope.figure)
				}
				d := call[sharedDetail](t, c, http.MethodPost, amz+"profit/month/shared", map[string]any{"currentpage": 1, "pagesize": 20,
					"month": month, "groupId": scope.groupID})
				var sum int64
				for i, r := range d.Records {
					sum += cents(t, r.Amount)
					if i >= len(scope.lines) || r.Source != "费用分摊" || r.Kind != scope.lines[i].kind || r.Line != scope.lines[i].line ||
						cents(t, r.Amount) != cents(t, json.Number(scope.lines[i].amount)) || r.Note != scope.lines[i].note || r.Currency != "CNY" {
						t.Fatalf("scope %q line %d: %+v, want %+v", scope.groupID, i, r, scope.lines)
					}
				}
				if d.Total != len(scope.lines) || sum != cents(t, json.Number(scope.figure)) || cents(t, d.Sum.Amount) != sum ||
					!d.Sum.Sums || d.Sum.Currency != "CNY" {
					t.Fatalf("scope %q: %d lines summing to %d fen, footer %+v, want %s", scope.groupID, d.Total, sum, d.Sum, scope.figure)
				}
			}
			// The rule of a share is 利润报告's: the cost, the basis, the weights and the exact share.
			d := call[sharedDetail](t, c, http.MethodPost, amz+"profit/month/shared", map[string]any{"currentpage": 2, "pagesize": 2, "month": month})
			if d.Total != 5 || len(d.Records) != 2 || d.Records[0].Description[:len("费用 10.00 元，按销售额分摊：本SKU ")] != "费用 10.00 元，按销售额分摊：本SKU " {
				t.Fatalf("page 2 of 2: %+v", d)
			}
			// Another company's owner asking for 分摊店 sees none; a bad month is refused in words.
			other := h.SignedIn("13700000052", "别家公司")
			d = call[sharedDetail](t, other, http.MethodPost, amz+"profit/month/shared", map[string]any{"month": month, "groupId": first})
			if d.Total != 0 || len(d.Records) != 0 || cents(t, d.Sum.Amount) != 0 {
				t.Fatalf("another company sees %+v", d)
			}
			expectMsg(t, c.Call(http.MethodPost, amz+"profit/month/shared", map[string]any{"month": "2026-13"}), profit.MsgMonthBad)
		})
	}
}
