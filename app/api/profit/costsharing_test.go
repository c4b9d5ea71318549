package profit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
)

type sharedCost struct {
	ID, Date, Month, Category, Currency, GroupName, Basis, BasisName string
	Amount, AmountCny                                                float64
	Shares                                                           int
}

type sharesAnswer struct {
	Cost  sharedCost
	Lines []struct {
		SKU, GroupID, MarketplaceID, Currency string
		SalesCny, Share                       json.Number
		Units                                 int64
	}
}

type jobLine struct {
	ProductID, SKU, Month, Purchase, Materials, Packing, Processing, DutyRate, Duties, FirstLeg, Unit, Total, ProfitUses string
	Set                                                                                                                  bool
}

// upload posts a workbook of rows (the first the header) to the cost import.
func upload(t *testing.T, c *apptest.Client, rows [][]any) apptest.Envelope {
	t.Helper()
	f := excelize.NewFile()
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	var file bytes.Buffer
	if err := f.Write(&file); err != nil {
		t.Fatal(err)
	}
	return uploadBytes(t, c, file.Bytes())
}

func uploadBytes(t *testing.T, c *apptest.Client, data []byte) apptest.Envelope {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "costs.xlsx")
	part.Write(data)
	w.Close()
	resp, raw := c.Raw(http.MethodPost, amz+"costs/import", w.FormDataContentType(), &body)
	var env apptest.Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	env.Status = resp.StatusCode
	return env
}

// expectMsg fails the test unless the call was refused with msg.
func expectMsg(t *testing.T, env apptest.Envelope, msg string) {
	t.Helper()
	if env.Status < 400 || env.Status >= 500 || env.Msg != msg {
		t.Fatalf("got %d %q, want a refusal %q", env.Status, env.Msg, msg)
	}
}

// A company with one store selling three SKUs last month (settled sales of 1.00, 1.00 and 1.01 USD) and the first
// paired with a product costing 10.00.
func threeSKUs(t *testing.T, h *apptest.Harness) (*apptest.Client, int64, string) {
	t.Helper()
	c := h.SignedIn("13700000051", "分摊公司")
	u, err := accountsdb.UserByAccount(h.DB, "13700000051")
	if err != nil {
		t.Fatal(err)
	}
	sl, err := fixtures.Seller(context.Background(), h.DB, u.CompanyID, "分摊店", "NA", "A1COSTSHARE", "ATVPDKIKX0DER")
	if err != nil {
		t.Fatal(err)
	}
	zone := h.Config.TimeZone
	now := time.Now().In(zone)
	posted := time.Date(now.Year(), now.Month()-1, 10, 12, 0, 0, 0, zone).UTC()
	for i, s := range []struct {
		sku, amount string
	}{{"CS-A", "1.00"}, {"CS-B", "1.00"}, {"CS-C", "1.01"}} {
		line := amazondatadb.SettlementLine{ID: models.NewID(), CompanyID: u.CompanyID, GroupID: sl.GroupID, SellerID: sl.ID,
			SettlementID: "S-COST-1", LineNo: i + 1, MarketplaceID: "ATVPDKIKX0DER", TransactionType: "Order", OrderID: "111-" + s.sku,
			AmountType: "ItemPrice", AmountDescription: "Principal", Amount: models.Money{Decimal: decimal.RequireFromString(s.amount)}, Currency: "USD",
			PostedDate: &posted, SKU: s.sku, QuantityPurchased: 1, CreatedAt: now, UpdatedAt: now}
		if err := h.DB.Create(&line).Error; err != nil {
			t.Fatal(err)
		}
	}
	p := catalogdb.LocalProduct{CompanyID: u.CompanyID, SKU: "P-CS-A", Name: "分摊测试产品", CreatedAt: now, UpdatedAt: now}
	if err := h.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Exec("INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
		models.NewID(), u.CompanyID, p.ID, "2000-01-01", "10.00", now, now).Error; err != nil {
		t.Fatal(err)
	}
	l := catalogdb.Listing{CompanyID: u.CompanyID, GroupID: sl.GroupID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: "CS-A", ProductID: &p.ID,
		Currency: "USD", CreatedAt: now, UpdatedAt: now}
	if err := h.DB.Create(&l).Error; err != nil {
		t.Fatal(err)
	}
	return c, p.ID, time.Date(now.Year(), now.Month()-1, 1, 0, 0, 0, 0, zone).Format("2006-01")
}

// 费用分摊 and 成本核算 end to end on both databases: a bad import names its row and files nothing; a cost of
// 100.00 CNY shared by sales over three SKUs (1.00, 1.00, 1.01 USD) is 33.22 + 33.22 + 33.56, the fen left by
// rounding on the largest, summing back to 100.00; 利润报告 shows each share as 分摊费用 and takes it from profit, and
// 月度报告's 分摊费用 line is the 100.00; by hand the shares must sum to the cost. 成本核算 then sets the product's
// duties at 10% with 1.50 of packing: its landed cost 12.50 is 利润报告's unit cost of the month.
func TestCostSharingAndJobCosting(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c, productID, month := threeSKUs(t, h)
			header := []any{"日期", "类别", "金额", "币种", "店铺", "备注"}
			// A bad row (its amount) refuses the whole file, naming the row.
			env := upload(t, c, [][]any{header, {month + "-05", "房租", "100.00", "CNY", "全公司", "办公室"}, {month + "-06", "工资", "abc", "CNY", "", ""}})
			expectMsg(t, env, "第3行：金额不正确，应为大于0、最多两位小数的数字（未导入任何费用，请改正后重新导入）")
			env = uploadBytes(t, c, []byte("not a workbook"))
			expectMsg(t, env, "文件不是有效的.xlsx表格，请下载模板填写后导入")
			if got := call[page[sharedCost]](t, c, http.MethodPost, amz+"costs/page", map[string]any{}); got.Total != 0 {
				t.Fatalf("a refused import filed %d costs", got.Total)
			}
			env = upload(t, c, [][]any{header, {month + "-05", "房租", "100.00", "CNY", "全公司", "办公室"}})
			apptest.ExpectOK(t, env)
			costs := call[page[sharedCost]](t, c, http.MethodPost, amz+"costs/page", map[string]any{"month": month})
			if costs.Total != 1 || costs.Records[0].AmountCny != 100 || costs.Records[0].GroupName != "全公司" {
				t.Fatalf("costs %+v", costs)
			}
			id := costs.Records[0].ID
			shared := call[sharesAnswer](t, c, http.MethodPost, amz+"costs/share", map[string]any{"id": id, "basis": "sales"})
			want := map[string]string{"CS-A": "33.22", "CS-B": "33.22", "CS-C": "33.56"}
			var sum float64
			for _, l := range shared.Lines {
				if string(l.Share) != want[l.SKU] {
					t.Fatalf("%s shares %s, want %s (%+v)", l.SKU, l.Share, want[l.SKU], shared.Lines)
				}
				sum += num(t, string(l.Share))
			}
			if len(shared.Lines) != 3 || shared.Cost.Shares != 3 || shared.Cost.Basis != "sales" || int64(sum*100+0.5) != 10000 {
				t.Fatalf("shared %+v, sum %.2f", shared, sum)
			}
			type sharedLine struct {
				SKU                  string
				Shared, Profit, Cost float64
				SettledCny           float64
			}
			report := call[page[sharedLine]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month})
			for _, l := range report.Records {
				if w := num(t, want[l.SKU]); l.Shared != w || int64((l.SettledCny-l.Cost-l.Shared-l.Profit)*100) != 0 {
					t.Fatalf("利润报告 line %+v, share %.2f", l, w)
				}
			}
			m := call[monthReport](t, c, http.MethodPost, amz+"profit/month", map[string]any{"month": month})
			if got := num(t, m.row(t, "shared").Current); got != 100 {
				t.Fatalf("月度报告 分摊费用 %.2f", got)
			}
			// 分摊费用 opens to the cost and the rule that gave each share: CS-C took the fen left by rounding.
			type detail struct {
				Records []struct {
					Source, Kind, Date, Description, Note string
					Amount                                json.Number
				}
				Total int
				Sum   struct {
					Amount   json.Number
					Currency string
				}
			}
			for sku, note := range map[string]string{"CS-A": "", "CS-C": "含分摊尾差 0.01 元（各SKU四舍五入到分，尾差计入权重最大的SKU）"} {
				d := call[detail](t, c, http.MethodPost, amz+"profit/detail", map[string]any{"currentpage": 1, "pagesize": 20, "figure": "shared",
					"month": month, "groupId": shared.Lines[0].GroupID, "marketplaceId": "ATVPDKIKX0DER", "sku": sku, "currency": "USD"})
				share := map[string]string{"CS-A": "33.22", "CS-C": "33.55"}[sku]
				if d.Total != 1 || len(d.Records) != 1 || d.Records[0].Source != "费用分摊" || d.Records[0].Kind != "房租" ||
					num(t, string(d.Records[0].Amount)) != num(t, want[sku]) || d.Records[0].Note != note || num(t, string(d.Sum.Amount)) != num(t, want[sku]) ||
					!strings.Contains(d.Records[0].Description, "费用 100.00 元，按销售额分摊：本SKU ") ||
					!strings.HasSuffix(d.Records[0].Description, "得 "+share) {
					t.Fatalf("分摊费用 of %s opens %+v", sku, d)
				}
			}
			// By hand: the shares must sum to the cost.
			env = c.Call(http.MethodPost, amz+"costs/share", map[string]any{"id": id, "basis": "manual", "shares": []map[string]string{
				{"groupId": shared.Lines[0].GroupID, "marketplaceId": "ATVPDKIKX0DER", "sku": "CS-A", "currency": "USD", "amount": "60.00"}}})
			expectMsg(t, env, "手动分摊合计 60.00 元，应等于费用金额 100.00 元")

			// 成本核算: 10% duties and 1.50 of packing on a purchase cost of 10.00 make 12.50, 利润报告's unit cost.
			job := call[jobLine](t, c, http.MethodPost, amz+"jobcosting/line", map[string]any{"productId": fmt.Sprint(productID), "month": month})
			if job.Purchase != "10.0000" || job.Set || job.ProfitUses != "采购成本" {
				t.Fatalf("job before %+v", job)
			}
			env = c.Call(http.MethodPost, amz+"jobcosting/save", map[string]any{"productId": job.ProductID, "month": month, "dutyRate": "120"})
			expectMsg(t, env, "关税税率不正确，应为0到100之间的百分数")
			job = call[jobLine](t, c, http.MethodPost, amz+"jobcosting/save", map[string]any{"productId": job.ProductID, "month": month,
				"packing": "1.50", "dutyRate": "10"})
			if job.Duties != "1.0000" || job.Unit != "12.5000" || !job.Set || job.ProfitUses != "到岸成本" {
				t.Fatalf("job after %+v", job)
			}
			report = call[page[sharedLine]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month, "search": "CS-A"})
			if len(report.Records) != 1 || report.Records[0].Cost != 12.5 {
				t.Fatalf("利润报告 after 成本核算 %+v", report.Records)
			}
			// Deleting the cost takes its shares out of 利润报告.
			apptest.ExpectOK(t, c.Call(http.MethodPost, amz+"costs/delete", map[string]any{"id": id}))
			report = call[page[sharedLine]](t, c, http.MethodPost, amz+"profit/report", map[string]any{"startMonth": month, "endMonth": month})
			for _, l := range report.Records {
				if l.Shared != 0 {
					t.Fatalf("a deleted cost still shared: %+v", l)
				}
			}
		})
	}
}
