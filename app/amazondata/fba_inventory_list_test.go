package amazondata_test

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// fbaLine is an inventory report line of every state: fulfillable, reserved, inbound working, shipped, receiving,
// unsellable and researching.
func fbaLine(sku string, q ...int) string {
	n := func(i int) string { return fmt.Sprint(q[i]) }
	total := 0
	for _, v := range q {
		total += v
	}
	return strings.Join([]string{sku, "X00" + sku, "B0" + sku, "商品 " + sku, "New", "19.99", "No", "", "Yes", "0",
		n(0), n(5), n(1), fmt.Sprint(total), "0.1", n(2), n(3), n(4), n(6)}, "\t")
}

type fbaRow struct {
	ID               string `json:"id"`
	GroupName        string `json:"groupName"`
	MarketplaceName  string `json:"marketplaceName"`
	SellerSKU        string `json:"sellerSku"`
	ItemName         string `json:"itemName"`
	ProductID        string `json:"productId"`
	ProductSKU       string `json:"productSku"`
	ProductName      string `json:"productName"`
	ProductImage     string `json:"productImage"`
	Paired           string `json:"paired"`
	Fulfillable      int    `json:"fulfillable"`
	Reserved         int    `json:"reserved"`
	InboundWorking   int    `json:"inboundWorking"`
	InboundShipped   int    `json:"inboundShipped"`
	InboundReceiving int    `json:"inboundReceiving"`
	Unsellable       int    `json:"unsellable"`
	Researching      int    `json:"researching"`
	Total            int    `json:"total"`
	Units30          int64  `json:"units30"`
	DaysOfCover      string `json:"daysOfCover"`
}

type stockRow struct {
	WarehouseName string `json:"warehouseName"`
	ProductID     string `json:"productId"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	Inbound       int    `json:"inbound"`
	Fulfillable   int    `json:"fulfillable"`
	Outbound      int    `json:"outbound"`
}

// fbaPage asks FBA库存明细 for a page with the filters.
func fbaPage(t *testing.T, c *apptest.Client, filters map[string]any) ([]fbaRow, int) {
	t.Helper()
	body := map[string]any{"currentpage": 1, "pagesize": 50}
	for k, v := range filters {
		body[k] = v
	}
	env := c.Call(http.MethodPost, erp+"fbaInventory/page", body)
	apptest.ExpectOK(t, env)
	var out struct {
		Records []fbaRow `json:"records"`
		Total   int      `json:"total"`
	}
	env.Into(t, &out)
	return out.Records, out.Total
}

func skusOf(rows []fbaRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.SellerSKU + "@" + r.MarketplaceName
	}
	return out
}

// sold records an order of the SKU bought at the time, which the daily sales summary counts.
func (s *seller) sold(t *testing.T, sku string, at time.Time, units int) {
	t.Helper()
	id := fmt.Sprintf("111-%s-%d", sku, at.Unix())
	o := amazondatadb.AmazonOrder{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, SellerID: s.store.SellerID,
		MarketplaceID: US, AmazonOrderID: id, PurchaseDate: at, LastUpdatedDate: at, OrderStatus: "Shipped", FulfillmentChannel: "Amazon"}
	it := amazondatadb.AmazonOrderItem{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, SellerID: s.store.SellerID,
		MarketplaceID: US, AmazonOrderID: id, SKU: sku, PurchaseDate: at, OrderStatus: "Shipped", Quantity: units,
		Currency: "USD", ItemPrice: models.MoneyFromUnits(int64(units) * 199900)}
	_, err := amazondatadb.UpsertAmazonOrders(s.h.DB, []amazondatadb.AmazonOrder{o}, []amazondatadb.AmazonOrderItem{it})
	must(t, err)
}

// Issue 42, item 2: FBA库存明细 lists every synced seller SKU per marketplace, paired or not, in each state of the
// report, with the paired product's SKU, name and picture, the last 30 days' units and the days of cover worked out
// by hand; it filters by store, marketplace, pairing, stock and SKU, sorts by a state and exports the query. A
// user limited to a store group sees its SKUs only. 库存数量 shows the unpaired SKUs in their FBA warehouse (made
// by the first report, nothing paired) by seller SKU with 未配对, beside the paired product's synced stock, so the
// warehouse's quantities add up to the report's; a SKU paired after the sync shows as its product's at once, until
// the next sync's stock row takes over. On SQLite and PostgreSQL.
func TestFBAInventoryDetail(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newSeller(t, h, 2)
			must(t, h.DB.Model(s.products[0]).Update("image", "/uploads/p1.png").Error)
			s.listing(t, US, "SKU-A", 0)
			s.listing(t, US, "SKU-B", -1)
			s.listing(t, CA, "SKU-Z", 1)
			s.importFile(t, amazondata.Inventory, s.store, inventoryHeader,
				fbaLine("SKU-A", 60, 4, 1, 2, 3, 5, 6), fbaLine("SKU-B", 10, 0, 0, 0, 0, 0, 0),
				fbaLine("SKU-C", 9, 1, 0, 7, 0, 2, 0), fbaLine("SKU-E", 0, 0, 0, 0, 0, 0, 0))
			ca := s.store
			ca.MarketplaceID = CA
			s.importFile(t, amazondata.Inventory, ca, inventoryHeader, fbaLine("SKU-Z", 20, 0, 0, 0, 0, 0, 0))
			// Another store group of the company, with its own seller account.
			other := &storesdb.StoreGroup{CompanyID: s.store.CompanyID, Name: "乙店铺"}
			must(t, h.DB.Create(other).Error)
			otherSeller := &storesdb.Seller{ID: models.NewID(), CompanyID: s.store.CompanyID, GroupID: other.ID, Region: "NA",
				SellingPartnerID: "A2SELLER", RefreshToken: "token", Status: storesdb.SellerActive, AuthorizedAt: time.Now()}
			must(t, h.DB.Create(otherSeller).Error)
			st2 := amazondata.Store{CompanyID: s.store.CompanyID, SellerID: otherSeller.ID, GroupID: other.ID, Region: "NA", MarketplaceID: US}
			s.importFile(t, amazondata.Inventory, st2, inventoryHeader, fbaLine("SKU-G2", 3, 0, 0, 0, 0, 0, 0))

			// SKU-A sold 12 + 8 in the last 30 days (100 before them); SKU-B 7 today.
			now := h.Clock.Now()
			s.sold(t, "SKU-A", now.Add(-2*24*time.Hour), 12)
			s.sold(t, "SKU-A", now.Add(-28*24*time.Hour), 8)
			s.sold(t, "SKU-A", now.Add(-32*24*time.Hour), 100)
			s.sold(t, "SKU-B", now.Add(-time.Minute), 7)

			rows, total := fbaPage(t, s.c, nil)
			want := []string{"SKU-A@美国", "SKU-B@美国", "SKU-C@美国", "SKU-E@美国", "SKU-G2@美国", "SKU-Z@加拿大"}
			if total != 6 || !slices.Equal(skusOf(rows), want) {
				t.Fatalf("FBA库存明细 = %v (%d), want %v", skusOf(rows), total, want)
			}
			a, b, c := rows[0], rows[1], rows[2]
			// 60 fulfillable ÷ (20 units ÷ 30 days) = 90 days; 10 ÷ (7 ÷ 30) = 42.857… days.
			if a.GroupName != "甲店铺" || a.Paired != "已配对" || a.ProductSKU != "P-1" || a.ProductName != "产品1" ||
				a.ProductImage != "/uploads/p1.png" || a.ItemName != "商品 SKU-A" || a.Fulfillable != 60 || a.Reserved != 4 ||
				a.InboundWorking != 1 || a.InboundShipped != 2 || a.InboundReceiving != 3 || a.Unsellable != 5 ||
				a.Researching != 6 || a.Total != 81 || a.Units30 != 20 || a.DaysOfCover != "90.0" {
				t.Fatalf("SKU-A = %+v", a)
			}
			if b.Paired != "未配对" || b.ProductID != "" || b.ProductName != "" || b.Units30 != 7 || b.DaysOfCover != "42.9" {
				t.Fatalf("SKU-B (listed, unpaired) = %+v", b)
			}
			if c.Paired != "未配对" || c.InboundShipped != 7 || c.Unsellable != 2 || c.Units30 != 0 || c.DaysOfCover != "—" {
				t.Fatalf("SKU-C (no listing) = %+v", c)
			}
			if rows[5].Paired != "已配对" || rows[5].ProductSKU != "P-2" {
				t.Fatalf("SKU-Z = %+v", rows[5])
			}

			for _, f := range []struct {
				filters map[string]any
				want    []string
			}{
				{map[string]any{"paired": "yes"}, []string{"SKU-A@美国", "SKU-Z@加拿大"}},
				{map[string]any{"paired": "no"}, []string{"SKU-B@美国", "SKU-C@美国", "SKU-E@美国", "SKU-G2@美国"}},
				{map[string]any{"stock": "yes", "groupId": fmt.Sprint(s.store.GroupID)}, []string{"SKU-A@美国", "SKU-B@美国", "SKU-C@美国", "SKU-Z@加拿大"}},
				{map[string]any{"marketplaceId": CA}, []string{"SKU-Z@加拿大"}},
				{map[string]any{"groupId": fmt.Sprint(other.ID)}, []string{"SKU-G2@美国"}},
				{map[string]any{"groupId": "abc"}, []string{}},
				{map[string]any{"keyword": "sku-c"}, []string{"SKU-C@美国"}},
				{map[string]any{"sort": "fulfillable", "order": "desc"}, []string{"SKU-A@美国", "SKU-Z@加拿大", "SKU-B@美国", "SKU-C@美国", "SKU-G2@美国", "SKU-E@美国"}},
				{map[string]any{"sort": "inboundShipped", "order": "desc", "stock": "yes", "pagesize": 1}, []string{"SKU-C@美国"}},
			} {
				if got, _ := fbaPage(t, s.c, f.filters); !slices.Equal(skusOf(got), f.want) {
					t.Fatalf("%v: %v, want %v", f.filters, skusOf(got), f.want)
				}
			}

			// The export is the query: the unpaired SKUs, in the list's columns.
			resp, body := s.c.Raw(http.MethodGet, erp+"fbaInventory/export?paired=no&sort=sellerSku", "", nil)
			if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "FBA%E5%BA%93%E5%AD%98%E6%98%8E%E7%BB%86_") {
				t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
			}
			book, err := excelize.OpenReader(bytes.NewReader(body))
			must(t, err)
			sheet, err := book.GetRows(book.GetSheetName(0))
			must(t, err)
			if len(sheet) != 5 || !slices.Contains(sheet[0], "可售天数") || !slices.Contains(sheet[0], "入库在途") ||
				!slices.Contains(sheet[1], "SKU-B") || !slices.Contains(sheet[2], "SKU-C") || !slices.Contains(sheet[1], "42.9") {
				t.Fatalf("export = %v", sheet)
			}

			// A user limited to 甲店铺 does not see 乙店铺's SKU in the list, its export or 库存数量.
			clerk := h.Member("13800000001", "13800000077", true)
			u, err := accountsdb.UserByAccount(h.DB, "13800000077")
			must(t, err)
			must(t, h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: s.store.GroupID}).Error)
			if got, total := fbaPage(t, clerk, nil); total != 5 || slices.Contains(skusOf(got), "SKU-G2@美国") {
				t.Fatalf("the 甲店铺 clerk sees %v", skusOf(got))
			}
			if got, _ := fbaPage(t, clerk, map[string]any{"groupId": fmt.Sprint(other.ID)}); len(got) != 0 {
				t.Fatalf("the 甲店铺 clerk sees 乙店铺's %v", skusOf(got))
			}
			if _, body := clerk.Raw(http.MethodGet, erp+"fbaInventory/export", "", nil); bytes.Contains(body, []byte("SKU-G2")) {
				t.Fatal("the 甲店铺 clerk's export holds 乙店铺's SKU")
			}

			// 库存数量: the US FBA warehouse holds P-1's synced stock and the unpaired seller SKUs as Amazon gives them.
			stock := func(c *apptest.Client, search string) []stockRow {
				t.Helper()
				env := c.Call(http.MethodPost, erp+"stock/page", map[string]any{"currentpage": 1, "pagesize": 50, "search": search})
				apptest.ExpectOK(t, env)
				var out struct {
					Records []stockRow `json:"records"`
				}
				env.Into(t, &out)
				return out.Records
			}
			got := stock(s.c, "")
			var inUS []string
			sum := stockRow{}
			for _, r := range got {
				if r.WarehouseName != "FBA-甲店铺-美国" {
					continue
				}
				inUS = append(inUS, fmt.Sprintf("%s %s %d/%d/%d", r.SKU, r.ProductName, r.Inbound, r.Fulfillable, r.Outbound))
				sum.Inbound, sum.Fulfillable, sum.Outbound = sum.Inbound+r.Inbound, sum.Fulfillable+r.Fulfillable, sum.Outbound+r.Outbound
			}
			wantUS := []string{"P-1 产品1 6/60/4", "SKU-B 未配对 0/10/0", "SKU-C 未配对 7/9/1", "SKU-E 未配对 0/0/0"}
			if !slices.Equal(inUS, wantUS) {
				t.Fatalf("库存数量 in FBA-甲店铺-美国 = %v, want %v", inUS, wantUS)
			}
			// The warehouse adds up to the report: inbound 6 + 7, fulfillable 60 + 10 + 9, reserved 4 + 1.
			if sum.Inbound != 13 || sum.Fulfillable != 79 || sum.Outbound != 5 {
				t.Fatalf("FBA-甲店铺-美国 sums to %+v", sum)
			}
			names := func(rows []stockRow) []string {
				var out []string
				for _, r := range rows {
					out = append(out, r.WarehouseName+" "+r.SKU)
				}
				return out
			}
			if n := names(stock(s.c, "SKU-G2")); !slices.Equal(n, []string{"FBA-乙店铺-美国 SKU-G2"}) {
				t.Fatalf("库存数量 searched for SKU-G2 = %v", n)
			}
			if n := names(stock(clerk, "")); slices.Contains(n, "FBA-乙店铺-美国 SKU-G2") || !slices.Contains(n, "FBA-甲店铺-美国 SKU-C") {
				t.Fatalf("the 甲店铺 clerk's 库存数量 = %v", n)
			}

			// SKU-C paired with P-2 after the sync: 库存数量 shows its figures as P-2's at once, and the next sync's
			// stock row takes over (one row, the same figures, now in the ledger).
			s.listing(t, US, "SKU-C", 1)
			usRows := func() []string {
				t.Helper()
				var out []string
				for _, r := range stock(s.c, "") {
					if r.WarehouseName == "FBA-甲店铺-美国" {
						out = append(out, fmt.Sprintf("%s %s %d/%d/%d", r.SKU, r.ProductName, r.Inbound, r.Fulfillable, r.Outbound))
					}
				}
				return out
			}
			wantUS = []string{"P-1 产品1 6/60/4", "P-2 产品2 7/9/1", "SKU-B 未配对 0/10/0", "SKU-E 未配对 0/0/0"}
			if got := usRows(); !slices.Equal(got, wantUS) {
				t.Fatalf("库存数量 in FBA-甲店铺-美国 after pairing SKU-C = %v, want %v", got, wantUS)
			}
			s.importFile(t, amazondata.Inventory, s.store, inventoryHeader,
				fbaLine("SKU-A", 60, 4, 1, 2, 3, 5, 6), fbaLine("SKU-B", 10, 0, 0, 0, 0, 0, 0),
				fbaLine("SKU-C", 9, 1, 0, 7, 0, 2, 0), fbaLine("SKU-E", 0, 0, 0, 0, 0, 0, 0))
			if got := usRows(); !slices.Equal(got, wantUS) {
				t.Fatalf("库存数量 in FBA-甲店铺-美国 after the next sync = %v, want %v", got, wantUS)
			}
			var synced int64
			must(t, h.DB.Table("stocks").Where("product_id = ?", s.products[1].ID).Count(&synced).Error)
			if synced != 2 {
				t.Fatalf("P-2 has %d stock rows after the sync, want 2 (US and CA)", synced)
			}
		})
	}
}
