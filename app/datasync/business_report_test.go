package datasync_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// businessHeader is the header of Seller Central's "Detail Page Sales and Traffic By Child Item" CSV as it is
// downloaded today (with its B2B columns), byte order mark and quotes included.
const businessHeader = "\ufeff" + `"(Parent) ASIN","(Child) ASIN","Title","Sessions - Mobile App","Sessions - Mobile App - B2B",` +
	`"Sessions - Browser","Sessions - Browser - B2B","Sessions - Total","Sessions - Total - B2B",` +
	`"Session Percentage - Mobile App","Session Percentage - Total","Page Views - Mobile App","Page Views - Browser",` +
	`"Page Views - Total","Page Views - Total - B2B","Page Views Percentage - Total","Featured Offer (Buy Box) Percentage",` +
	`"Featured Offer (Buy Box) Percentage - B2B","Units Ordered","Units Ordered - B2B","Unit Session Percentage",` +
	`"Unit Session Percentage - B2B","Ordered Product Sales","Ordered Product Sales - B2B","Total Order Items",` +
	`"Total Order Items - B2B"`

// businessLine is a line of it: parent, child, title, sessions (mobile, browser, total), page views (total), Buy
// Box %, units, unit session %, sales and order items as Seller Central writes them.
func businessLine(parent, child, title, mobile, browser, sessions, views, buyBox, units, unitSession, sales, items string) string {
	q := func(v string) string { return `"` + strings.ReplaceAll(v, `"`, `""`) + `"` }
	return strings.Join([]string{q(parent), q(child), q(title), q(mobile), q("0"), q(browser), q("0"), q(sessions), q("0"),
		q("1.23%"), q("2.34%"), q("10"), q("20"), q(views), q("0"), q("3.45%"), q(buyBox), q("0.00%"), q(units), q("0"),
		q(unitSession), q("0.00%"), q(sales), q("US$0.00"), q(items), q("0")}, ",")
}

// Seller Central's business report by child item, a CSV of one day, uploaded as 销售与流量 lands in that day's sales
// and traffic rows as the sync's report would: counts with thousands separators, percentages with their sign and
// amounts after their currency read exactly; the same file again writes nothing; a corrected file of the day
// replaces its figures. A wrong file (the parent item report, a value that is no percentage, an orders report, no
// day, a day to come) is refused with a Chinese message and leaves no run and no row. On SQLite and PostgreSQL.
func TestBusinessReportUploadsAsTraffic(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, _ := world(t, kind)
			c := h.SignedIn("13900000163", "业务报告公司")
			seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
			// The store's data comes from uploads alone: without a refresh token its syncs end without a run.
			if err := h.DB.Model(&storesdb.Seller{}).Where("id = ?", seller).Update("refresh_token", "").Error; err != nil {
				t.Fatal(err)
			}
			owner, err := accountsdb.UserByAccount(h.DB, "13900000163")
			if err != nil {
				t.Fatal(err)
			}
			p := core.Principal{UserID: owner.ID, CompanyID: owner.CompanyID}
			h.StartWorkers(t)
			day := h.Clock.Now().UTC().AddDate(0, 0, -2).Format(time.DateOnly)
			upload := func(file, day string) (*datasyncdb.SyncRun, error) {
				return h.Svc.DataSync.UploadReport(context.Background(), p, datasync.Upload{SellerID: strconv.FormatInt(seller, 10),
					Kind: "salestraffic", MarketplaceID: "ATVPDKIKX0DER", Day: day, FileName: "BusinessReport-12-6-26.csv",
					File: strings.NewReader(file)})
			}
			done := func(run *datasyncdb.SyncRun) *datasyncdb.SyncRun {
				t.Helper()
				var out *datasyncdb.SyncRun
				until(t, h, "the upload's run done", func() bool {
					out, err = datasyncdb.SyncRunByID(h.DB, owner.CompanyID, run.ID)
					if err != nil {
						t.Fatal(err)
					}
					if out.Status == datasyncdb.SyncFailed {
						t.Fatalf("the upload failed: %s", out.Error)
					}
					return out.Status == datasyncdb.SyncDone
				})
				return out
			}
			rows := func() map[string]amazondatadb.TrafficDay {
				t.Helper()
				var days []amazondatadb.TrafficDay
				if err := h.DB.Where("seller_id = ?", seller).Find(&days).Error; err != nil {
					t.Fatal(err)
				}
				out := map[string]amazondatadb.TrafficDay{}
				for _, d := range days {
					out[d.Day+" "+d.ChildASIN] = d
				}
				return out
			}

			file := strings.Join([]string{businessHeader,
				businessLine("B0PARENT01", "B0CHILD001", `Tumbler 20 oz, "Black"`, "800", "434", "1,234", "2,468", "95.50%", "152", "12.32%", "US$1,234.56", "150"),
				businessLine("B0PARENT01", "B0CHILD002", "Tumbler 20 oz, White", "3", "4", "7", "9", "100.00%", "0", "0.00%", "$0.00", "0"),
				businessLine("", "B0SOLO0001", "保温杯", "10", "2", "12", "30", "50%", "1", "8.33%", "$19.99", "1"),
			}, "\r\n") + "\r\n"
			run := done(mustUpload(t, upload, file, day))
			if run.Lines != 3 || run.Written != 3 || run.Kind != "salestraffic" || run.FileName != "BusinessReport-12-6-26.csv" {
				t.Fatalf("first upload: %+v", run)
			}
			got := rows()
			a, b, solo := got[day+" B0CHILD001"], got[day+" B0CHILD002"], got[day+" B0SOLO0001"]
			if len(got) != 3 || a.ParentASIN != "B0PARENT01" || a.Sessions != 1234 || a.BrowserSessions != 434 || a.PageViews != 2468 ||
				a.BuyBoxBP != 9550 || a.Units != 152 || a.UnitSessionBP != 1232 || a.OrderItems != 150 ||
				!a.Sales.Equal(dec("1234.56")) || a.Currency != "USD" || a.MarketplaceID != "ATVPDKIKX0DER" {
				t.Fatalf("B0CHILD001 = %+v (of %d rows)", a, len(got))
			}
			if b.Sessions != 7 || b.BuyBoxBP != 10000 || !b.Sales.IsZero() || solo.ParentASIN != "B0SOLO0001" || solo.BuyBoxBP != 5000 ||
				!solo.Sales.Equal(dec("19.99")) {
				t.Fatalf("B0CHILD002 = %+v, B0SOLO0001 = %+v", b, solo)
			}

			// The same file again: read, nothing written.
			if again := done(mustUpload(t, upload, file, day)); again.Lines != 3 || again.Written != 0 {
				t.Fatalf("the same file again: %+v", again)
			}
			// A corrected file of the day replaces the child's figures.
			fixed := businessHeader + "\n" +
				businessLine("B0PARENT01", "B0CHILD001", "Tumbler", "800", "440", "1,240", "2,470", "96.00%", "153", "12.34%", "US$1,240.00", "151")
			if r := done(mustUpload(t, upload, fixed, day)); r.Written != 1 {
				t.Fatalf("the corrected file: %+v", r)
			}
			if a := rows()[day+" B0CHILD001"]; a.Sessions != 1240 || a.Units != 153 || !a.Sales.Equal(dec("1240")) || len(rows()) != 3 {
				t.Fatalf("after the corrected file: %+v", a)
			}

			// Wrong files change nothing.
			before := rows()
			var runs int64
			h.DB.Model(&datasyncdb.SyncRun{}).Where("seller_id = ?", seller).Count(&runs)
			parentReport := `"(Parent) ASIN","Title","Sessions - Total","Page Views - Total","Units Ordered","Ordered Product Sales"` + "\n" +
				`"B0PARENT01","Tumbler","1,234","2,468","152","$1,234.56"` + "\n"
			badPercent := businessHeader + "\n" +
				businessLine("B0PARENT01", "B0CHILD001", "Tumbler", "1", "1", "2", "2", "95.50%", "1", "12,34%", "$1.00", "1")
			badMoney := businessHeader + "\n" +
				businessLine("B0PARENT01", "B0CHILD001", "Tumbler", "1", "1", "2", "2", "95.50%", "1", "1.00%", "1.234,56 €", "1")
			for _, c := range []struct{ name, file, day, msg string }{
				{"the parent item report", parentReport, day, "文件不是业务报告“详情页面上的销售量与访问量 – 按子商品”（Detail Page Sales and Traffic By Child Item）：表头缺少“(Child) ASIN”列"},
				{"a percentage with a comma", badPercent, day, "第 2 行 Unit Session Percentage 列的值“12,34%”不是百分比"},
				{"an amount written the European way", badMoney, day, "第 2 行 Ordered Product Sales 列的值“1.234,56 €”不是金额"},
				{"an orders report", "amazon-order-id\tlast-updated-date\tsku\n111-1\t2026-01-01\tA\n", day, "表头缺少“(Child) ASIN”列"},
				{"no day", file, "", datasync.MsgBusinessReportDay},
				{"a day to come", file, h.Clock.Now().UTC().AddDate(0, 0, 2).Format(time.DateOnly), datasync.MsgBusinessReportDay},
				{"a day not a date", file, "12/06/2026", datasync.MsgBusinessReportDay},
				{"no child line", businessHeader + "\n", day, "业务报告中没有任何子ASIN的数据"},
			} {
				_, err := upload(c.file, c.day)
				var ce *core.Error
				if !errors.As(err, &ce) || ce.Kind != core.KindInvalid || !strings.Contains(ce.Msg, c.msg) {
					t.Errorf("%s: %v, want %q", c.name, err, c.msg)
				}
			}
			var after int64
			h.DB.Model(&datasyncdb.SyncRun{}).Where("seller_id = ?", seller).Count(&after)
			now, was := rows()[day+" B0CHILD001"], before[day+" B0CHILD001"]
			if after != runs || len(rows()) != len(before) || now.Sessions != was.Sessions || !now.UpdatedAt.Equal(was.UpdatedAt) {
				t.Fatalf("a refused file left %d runs (was %d) or changed the rows", after, runs)
			}
		})
	}
}

func mustUpload(t *testing.T, upload func(file, day string) (*datasyncdb.SyncRun, error), file, day string) *datasyncdb.SyncRun {
	t.Helper()
	run, err := upload(file, day)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }
