package catalog_test

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/fixtures"
	storesdb "sellerhub/models/stores"
)

type listingProduct struct {
	ID, SellerSKU, Status, StatusName, Reason, Fulfillable, Inbound, Sales7, Sales30, ParentASIN, Image string
	OwnerID, OwnerName, TagNames, ProductSKU, ChannelName                                               string
	Rank, ClassRankText, Classification, RankedAt                                                       string
	GroupRank                                                                                           int
	Units7, Units30                                                                                     int64
}

type productPage struct {
	Records []listingProduct
	Total   int64
}

// 商品列表 lists every listing of the user's store groups with the listings report's status, why an inactive one
// does not sell (out of FBA stock, with what is inbound), FBA stock, the last 7 and 30 days' units and sales
// (sales_sku_days: a day 40 days back left out), the parent ASIN and the catalogue's picture. Two listings take an
// owner at once and the owner filter finds exactly them; tags go on and come off; bad input is refused in Chinese
// with nothing changed; a user limited to one store group lists its listing only and cannot give another group's
// an owner; the export holds the rows. 排名 is the catalogue's, sortable both ways with the unranked last, and
// exported as shown.
func TestListingProductsShowStockSalesOwnersAndTags(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			cid := companyOf(t, h, ownerAccount)
			ctx := context.Background()
			na, err := fixtures.Seller(ctx, h.DB, cid, "美国店", "NA", "A1LISTPRODNA", "ATVPDKIKX0DER")
			if err != nil {
				t.Fatal(err)
			}
			eu, err := fixtures.Seller(ctx, h.DB, cid, "英国店", "EU", "A1LISTPRODEU", "A1F83G8C2ARO7P")
			if err != nil {
				t.Fatal(err)
			}
			now := h.Clock.Now().UTC()
			mk := func(s *storesdb.Seller, market, sku, asin, status, channel, price string, qty int) *catalogdb.Listing {
				l := &catalogdb.Listing{CompanyID: cid, GroupID: s.GroupID, MarketplaceID: market, SellerSKU: sku, ASIN: asin,
					ItemName: "商品 " + sku, Price: models.Money{Decimal: dec(price)}, Currency: "USD", Status: status,
					FulfillmentChannel: channel, Quantity: qty, CreatedAt: now, UpdatedAt: now}
				if err := h.DB.Create(l).Error; err != nil {
					t.Fatal(err)
				}
				return l
			}
			act := mk(na, "ATVPDKIKX0DER", "SKU-ACT", "B0ACT00001", "Active", "AMAZON_NA", "19.99", 0)
			oos := mk(na, "ATVPDKIKX0DER", "SKU-OOS", "B0OOS00001", "Inactive", "AMAZON_NA", "9.99", 0)
			uk := mk(eu, "A1F83G8C2ARO7P", "SKU-UK", "B0UK000001", "Active", "DEFAULT", "5.00", 7)
			exec := func(sql string, args ...any) {
				t.Helper()
				if err := h.DB.Exec(sql, args...).Error; err != nil {
					t.Fatal(err)
				}
			}
			inv := func(s *storesdb.Seller, sku string, fulfillable, inbound int) {
				exec("INSERT INTO fba_inventory (id, company_id, group_id, seller_id, marketplace_id, sku, fulfillable, inbound_shipped, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
					models.NewID(), cid, s.GroupID, s.ID, "ATVPDKIKX0DER", sku, fulfillable, inbound, now, now)
			}
			inv(na, "SKU-ACT", 30, 0)
			inv(na, "SKU-OOS", 0, 12)
			today := now.In(h.Config.TimeZone)
			day := func(back int) string { return today.AddDate(0, 0, -back).Format(time.DateOnly) }
			sold := func(back int, units int, amount string) {
				exec("INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku, currency, day, bj_day, asin, product_name, units, orders, amount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
					cid, na.GroupID, na.ID, "ATVPDKIKX0DER", "SKU-ACT", "USD", day(back), day(back), "B0ACT00001", "", units, 1, models.Money{Decimal: dec(amount)})
			}
			sold(0, 2, "39.98")
			sold(10, 3, "59.97")
			sold(40, 5, "99.95")
			exec("INSERT INTO asin_parents (company_id, marketplace_id, asin, parent_asin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
				cid, "ATVPDKIKX0DER", "B0ACT00001", "B0PARENT01", now, now)
			exec("INSERT INTO catalog_items (company_id, marketplace_id, asin, image, group_rank, group_title, class_rank, class_title, classification, ranked_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
				cid, "ATVPDKIKX0DER", "B0ACT00001", "https://m.media-amazon.com/images/I/act.jpg", 2109, "Kitchen & Dining", 57, "Tumblers", "Kitchen & Dining › Tumblers", now, now, now)
			exec("INSERT INTO catalog_items (company_id, marketplace_id, asin, group_rank, group_title, ranked_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
				cid, "ATVPDKIKX0DER", "B0OOS00001", 150, "Home & Kitchen", now, now, now)

			page := func(cl *apptest.Client, q map[string]any) productPage {
				t.Helper()
				return into[productPage](t, cl.Call(http.MethodPost, v1+"/listing/products/page", q))
			}
			bySKU := func(p productPage) map[string]listingProduct {
				out := map[string]listingProduct{}
				for _, r := range p.Records {
					out[r.SellerSKU] = r
				}
				return out
			}
			all := page(c, map[string]any{})
			rows := bySKU(all)
			if all.Total != 3 || len(rows) != 3 {
				t.Fatalf("all = %+v", all)
			}
			a := rows["SKU-ACT"]
			if a.Units7 != 2 || a.Sales7 != "39.98" || a.Units30 != 5 || a.Sales30 != "99.95" || a.Fulfillable != "30" ||
				a.ParentASIN != "B0PARENT01" || a.Image != "https://m.media-amazon.com/images/I/act.jpg" || a.Reason != "" || a.StatusName != "在售" {
				t.Errorf("SKU-ACT = %+v", a)
			}
			if u := rows["SKU-UK"]; u.Fulfillable != "" || u.ChannelName != "FBM" || u.Units30 != 0 || u.Sales30 != "0.00" {
				t.Errorf("SKU-UK = %+v", u)
			}
			// 排名: the catalogue's display group rank as Amazon writes it, the classification's beside it; sorted by
			// it best first or worst first, the unranked listing last both ways.
			if a.Rank != "#2,109 Kitchen & Dining" || a.GroupRank != 2109 || a.ClassRankText != "#57 Tumblers" ||
				a.Classification != "Kitchen & Dining › Tumblers" || a.RankedAt == "" || rows["SKU-UK"].Rank != "" || rows["SKU-UK"].RankedAt != "" {
				t.Errorf("ranks: SKU-ACT %+v, SKU-UK %+v", a, rows["SKU-UK"])
			}
			skus := func(p productPage) string {
				out := make([]string, len(p.Records))
				for i, r := range p.Records {
					out[i] = r.SellerSKU
				}
				return strings.Join(out, ",")
			}
			if got := skus(page(c, map[string]any{"sort": "rank", "order": "asc"})); got != "SKU-OOS,SKU-ACT,SKU-UK" {
				t.Errorf("by rank = %s", got)
			}
			if got := skus(page(c, map[string]any{"sort": "rank", "order": "desc"})); got != "SKU-ACT,SKU-OOS,SKU-UK" {
				t.Errorf("by rank, worst first = %s", got)
			}
			if got := skus(page(c, map[string]any{"sort": "rank", "pagesize": 1, "currentpage": 2})); got != "SKU-ACT" {
				t.Errorf("by rank, page 2 of 1 = %s", got)
			}
			inactive := page(c, map[string]any{"status": "inactive"})
			if inactive.Total != 1 || inactive.Records[0].SellerSKU != "SKU-OOS" {
				t.Fatalf("inactive = %+v", inactive)
			}
			if o := inactive.Records[0]; o.StatusName != "不可售" || o.Fulfillable != "0" || o.Inbound != "12" ||
				!strings.Contains(o.Reason, "FBA可售库存为0") || !strings.Contains(o.Reason, "在途12件") {
				t.Errorf("SKU-OOS = %+v", o)
			}
			if p := page(c, map[string]any{"channel": "FBM"}); p.Total != 1 || p.Records[0].SellerSKU != "SKU-UK" {
				t.Errorf("FBM = %+v", p)
			}
			if p := page(c, map[string]any{"keyword": "商品 SKU-OOS"}); p.Total != 1 {
				t.Errorf("title keyword = %+v", p)
			}

			// Two listings to one owner at once.
			h.Member(ownerAccount, "13600000019", false)
			worker, err := accountsdb.UserByAccount(h.DB, "13600000019")
			if err != nil {
				t.Fatal(err)
			}
			wid := strconv.FormatInt(worker.ID, 10)
			choices := into[struct{ Owners, Tags []option }](t, c.Call(http.MethodGet, v1+"/listing/products/choices", nil))
			if len(choices.Owners) != 2 {
				t.Fatalf("owners = %+v", choices.Owners)
			}
			ids := []string{idOf(act), idOf(oos)}
			got := into[struct{ Changed int64 }](t, c.Call(http.MethodPost, v1+"/listing/products/owner", map[string]any{"ids": ids, "ownerId": wid}))
			if got.Changed != 2 {
				t.Fatalf("changed = %d", got.Changed)
			}
			mine := page(c, map[string]any{"ownerId": wid})
			if mine.Total != 2 || mine.Records[0].OwnerName != "成员0019" || mine.Records[0].OwnerID != wid {
				t.Fatalf("owned = %+v", mine)
			}
			if p := page(c, map[string]any{"ownerId": "none"}); p.Total != 1 || p.Records[0].SellerSKU != "SKU-UK" {
				t.Errorf("without owner = %+v", p)
			}

			// Tags on and off.
			gid, tid := models.NewID(), models.NewID()
			exec("INSERT INTO tag_groups (id, company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", gid, cid, "运营", now, now)
			exec("INSERT INTO tags (id, company_id, group_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)", tid, cid, gid, "主推", now, now)
			tag := strconv.FormatInt(tid, 10)
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/listing/products/tags", map[string]any{"ids": []string{idOf(act), idOf(uk)}, "tagIds": []string{tag}}))
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/listing/products/tags", map[string]any{"ids": []string{idOf(act)}, "tagIds": []string{tag}}))
			tagged := page(c, map[string]any{"tagId": tag})
			if tagged.Total != 2 || tagged.Records[0].TagNames != "主推" {
				t.Fatalf("tagged = %+v", tagged)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/listing/products/tags", map[string]any{"ids": []string{idOf(uk)}, "tagIds": []string{tag}, "remove": true}))
			if p := page(c, map[string]any{"tagId": tag}); p.Total != 1 || p.Records[0].SellerSKU != "SKU-ACT" {
				t.Errorf("after removing = %+v", p)
			}

			// Refusals change nothing.
			for _, tc := range []struct {
				path string
				body map[string]any
				code int
				msg  string
			}{
				{"/listing/products/owner", map[string]any{"ids": []string{}, "ownerId": wid}, http.StatusBadRequest, catalog.MsgListingsNone},
				{"/listing/products/owner", map[string]any{"ids": []string{idOf(uk)}, "ownerId": "999"}, http.StatusBadRequest, catalog.MsgOwnerMissing},
				{"/listing/products/owner", map[string]any{"ids": []string{idOf(uk), "999"}, "ownerId": wid}, http.StatusNotFound, "Listing不存在"},
				{"/listing/products/tags", map[string]any{"ids": []string{idOf(uk)}, "tagIds": []string{}}, http.StatusBadRequest, catalog.MsgTagsNone},
				{"/listing/products/tags", map[string]any{"ids": []string{idOf(uk)}, "tagIds": []string{"999"}}, http.StatusBadRequest, catalog.MsgTagMissing},
				{"/listing/products/page", map[string]any{"status": "gone"}, http.StatusBadRequest, catalog.MsgStatusBad},
			} {
				env := c.Call(http.MethodPost, v1+tc.path, tc.body)
				code := "A0400"
				if tc.code == http.StatusNotFound {
					code = "A0404"
				}
				apptest.Expect(t, env, tc.code, code, tc.msg)
			}
			if p := page(c, map[string]any{"ownerId": "none"}); p.Total != 1 || p.Records[0].SellerSKU != "SKU-UK" {
				t.Errorf("after refusals = %+v", p)
			}

			// A user limited to 英国店.
			limited := h.Member(ownerAccount, "13600000029", true)
			lu, err := accountsdb.UserByAccount(h.DB, "13600000029")
			if err != nil {
				t.Fatal(err)
			}
			if err := storesdb.SetUserStoreGroups(h.DB, cid, lu.ID, []int64{eu.GroupID}); err != nil {
				t.Fatal(err)
			}
			if p := page(limited, map[string]any{}); p.Total != 1 || p.Records[0].SellerSKU != "SKU-UK" {
				t.Fatalf("limited = %+v", p)
			}
			apptest.Expect(t, limited.Call(http.MethodPost, v1+"/listing/products/owner", map[string]any{"ids": []string{idOf(act)}, "ownerId": ""}),
				http.StatusNotFound, "A0404", "Listing不存在")
			if p := page(c, map[string]any{"ownerId": wid}); p.Total != 2 {
				t.Errorf("owners after the limited user's try = %+v", p)
			}

			resp, body := c.Raw(http.MethodGet, v1+"/listing/products/export?status=inactive", "", nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("export: %d %s", resp.StatusCode, body)
			}
			f, err := excelize.OpenReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			sheet, _ := f.GetRows(f.GetSheetName(0))
			if len(sheet) != 2 || !strings.Contains(strings.Join(sheet[1], "|"), "SKU-OOS") || !strings.Contains(strings.Join(sheet[0], "|"), "运营负责人") {
				t.Errorf("export = %v", sheet)
			}
			resp, body = c.Raw(http.MethodGet, v1+"/listing/products/export?sort=rank&order=asc", "", nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("export by rank: %d %s", resp.StatusCode, body)
			}
			if f, err = excelize.OpenReader(bytes.NewReader(body)); err != nil {
				t.Fatal(err)
			}
			sheet, _ = f.GetRows(f.GetSheetName(0))
			col := slices.Index(sheet[0], "排名")
			if len(sheet) != 4 || col < 0 || sheet[1][col] != "#150 Home & Kitchen" || sheet[2][col] != "#2,109 Kitchen & Dining" {
				t.Errorf("export by rank = %v", sheet)
			}
		})
	}
}

func idOf(l *catalogdb.Listing) string { return strconv.FormatInt(l.ID, 10) }

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }
