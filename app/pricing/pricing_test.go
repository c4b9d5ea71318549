package pricing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/pricing"
	"sellerhub/config"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	pricingdb "sellerhub/models/pricing"
	storesdb "sellerhub/models/stores"
)

const us = "ATVPDKIKX0DER"

// priceWorld is the demo company with two store groups of its own: G1 authorised in North America at the
// stand-in (DefaultSeller) with three listings Amazon knows, G2 with one listing; and a sub-user granted 调价
// but limited to G2.
type priceWorld struct {
	h        *apptest.Harness
	amz      *amazontest.Server
	offers   *amazontest.Offers
	owner    *apptest.Client
	company  int64
	g1, g2   int64
	listings map[string]int64 // seller SKU -> our id
}

func startPriceWorld(t *testing.T, kind string) *priceWorld {
	t.Helper()
	amz := amazontest.Start(t)
	offers := amazontest.NewOffers()
	amz.Listings = offers
	h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) { amz.Configure(c) }))
	w := &priceWorld{h: h, amz: amz, offers: offers, owner: h.Client(), listings: map[string]int64{}}
	apptest.ExpectOK(t, w.owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	w.company = admin.CompanyID
	for _, name := range []string{"调价一店", "调价二店"} {
		g := storesdb.StoreGroup{CompanyID: w.company, Name: name}
		if err := h.DB.Create(&g).Error; err != nil {
			t.Fatal(err)
		}
		if w.g1 == 0 {
			w.g1 = g.ID
		} else {
			w.g2 = g.ID
		}
	}
	keys, err := amazon.NewKeys([]byte(amazontest.SecretKey))
	if err != nil {
		t.Fatal(err)
	}
	token, err := keys.Cipher.Encrypt(amz.IssueRefreshToken(amazontest.DefaultSeller))
	if err != nil {
		t.Fatal(err)
	}
	seller := &storesdb.Seller{CompanyID: w.company, GroupID: w.g1, Region: "NA", SellingPartnerID: amazontest.DefaultSeller,
		RefreshToken: token, Status: storesdb.SellerActive, AuthorizedAt: time.Now().UTC().Truncate(time.Microsecond)}
	if err := h.DB.Tx(context.Background(), func(tx *models.DB) error {
		return storesdb.SaveSellerAuthorization(tx, seller, []storesdb.SellerMarketplace{{MarketplaceID: us, Participating: true}})
	}); err != nil {
		t.Fatal(err)
	}
	money := func(s string) models.Money { m, _ := models.NewMoney(s); return m }
	add := func(group int64, sku, price string) {
		l := catalogdb.Listing{CompanyID: w.company, GroupID: group, MarketplaceID: us, SellerSKU: sku, ASIN: "B0" + strings.ReplaceAll(sku, "-", ""),
			ItemName: "调价测试 " + sku, Price: money(price), Currency: "USD", Status: "Active", FulfillmentChannel: "AMAZON_NA"}
		if err := h.DB.Create(&l).Error; err != nil {
			t.Fatal(err)
		}
		w.listings[sku] = l.ID
	}
	add(w.g1, "PRICE-A", "20.00")
	add(w.g1, "PRICE-B", "30.00")
	add(w.g1, "PRICE-C", "40.00")
	add(w.g2, "PRICE-G2", "50.00")
	// A listing Amazon no longer has (404 on a patch).
	add(w.g1, "PRICE-GONE", "15.00")
	offers.Add(amazontest.DefaultSeller, us, "PRICE-A", "20.00", "", "USD")
	// Amazon refuses PRICE-B under 28.00 (the seller's minimum allowed price in Seller Central).
	offers.Add(amazontest.DefaultSeller, us, "PRICE-B", "30.00", "28.00", "USD")
	offers.Add(amazontest.DefaultSeller, us, "PRICE-C", "40.00", "", "USD")
	return w
}

func (w *priceWorld) ids(skus ...string) []string {
	out := make([]string, len(skus))
	for i, s := range skus {
		out[i] = fmt.Sprint(w.listings[s])
	}
	return out
}

type changeRow struct {
	ID, SellerSKU, OldPrice, NewPrice, Percent, Message, ErrorType, SubmissionID string
	NeedsConfirm, Send, OK                                                       bool
}

type changed struct {
	Rows           []changeRow
	ConfirmPercent int
	Confirm, Send  int
	Changed        int
	Refused        int
}

func (w *priceWorld) call(t *testing.T, c *apptest.Client, path string, body any) changed {
	t.Helper()
	env := c.Call(http.MethodPost, path, body)
	apptest.ExpectOK(t, env)
	var out changed
	env.Into(t, &out)
	return out
}

func bySKU(rows []changeRow) map[string]changeRow {
	out := map[string]changeRow{}
	for _, r := range rows {
		out[r.SellerSKU] = r
	}
	return out
}

func (w *priceWorld) localPrice(t *testing.T, sku string) string {
	t.Helper()
	var l catalogdb.Listing
	if err := w.h.DB.Take(&l, "id = ?", w.listings[sku]).Error; err != nil {
		t.Fatal(err)
	}
	return l.Price.StringFixed(2)
}

func (w *priceWorld) patchCalls() int {
	n := 0
	for _, r := range w.amz.Requests() {
		if r.Method == http.MethodPatch {
			n++
		}
	}
	return n
}

// A bulk change of three listings by -10 %, one of which Amazon refuses (under its minimum allowed price): the
// other two change at Amazon and here, the refused one keeps its price in both places and says why in Chinese,
// and the history holds all three with who and when.
func TestBulkPriceChangeWithOneRefusedChangesTheOthersOnly(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startPriceWorld(t, kind)
			form := map[string]any{"ids": w.ids("PRICE-A", "PRICE-B", "PRICE-C"), "method": "percent", "value": "-10"}
			preview := w.call(t, w.owner, "/erp/api/v1/listing/price/preview", form)
			rows := bySKU(preview.Rows)
			if preview.Send != 3 || preview.ConfirmPercent != 20 || preview.Confirm != 0 || rows["PRICE-A"].NewPrice != "18.00" ||
				rows["PRICE-B"].NewPrice != "27.00" || rows["PRICE-C"].NewPrice != "36.00" || rows["PRICE-C"].Percent != "-10.00" {
				t.Fatalf("preview: %+v", preview)
			}
			if n := w.patchCalls(); n != 0 {
				t.Fatalf("the preview called Amazon %d times", n)
			}
			// Amazon throttles the first call once: it is retried as every call is.
			w.amz.Throttle("patchListingsItem", 1)
			got := w.call(t, w.owner, "/erp/api/v1/listing/price/change", form)
			rows = bySKU(got.Rows)
			if got.Changed != 2 || got.Refused != 1 || !rows["PRICE-A"].OK || !rows["PRICE-C"].OK || rows["PRICE-B"].OK {
				t.Fatalf("change: %+v", got)
			}
			if m := rows["PRICE-B"].Message; !strings.HasPrefix(m, "亚马逊拒绝：价格低于亚马逊允许的最低价") || rows["PRICE-B"].ErrorType != "8026" {
				t.Fatalf("refused row says %q (%s)", m, rows["PRICE-B"].ErrorType)
			}
			if rows["PRICE-A"].SubmissionID == "" {
				t.Fatal("no submission id")
			}
			for sku, want := range map[string]string{"PRICE-A": "18", "PRICE-B": "30", "PRICE-C": "36"} {
				if p := w.offers.Price(amazontest.DefaultSeller, us, sku); p != want {
					t.Errorf("%s at Amazon: %s, want %s", sku, p, want)
				}
			}
			for sku, want := range map[string]string{"PRICE-A": "18.00", "PRICE-B": "30.00", "PRICE-C": "36.00", "PRICE-G2": "50.00"} {
				if p := w.localPrice(t, sku); p != want {
					t.Errorf("%s here: %s, want %s", sku, p, want)
				}
			}
			// Four PATCH requests: the throttled one, then one per row.
			if n := w.patchCalls(); n != 4 {
				t.Errorf("%d PATCH calls, want 4", n)
			}
			env := w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/history", map[string]any{"currentpage": 1, "pagesize": 20})
			apptest.ExpectOK(t, env)
			var page struct {
				Total   int
				Records []struct {
					SellerSKU, User, OldPrice, NewPrice, ResultName, Message, MethodName, CreatedAt string
				}
			}
			env.Into(t, &page)
			if page.Total != 3 {
				t.Fatalf("history: %+v", page)
			}
			for _, r := range page.Records {
				if r.User == "" || r.CreatedAt == "" || r.MethodName != "按百分比" {
					t.Errorf("history row without who, when or how: %+v", r)
				}
				want := map[string][3]string{"PRICE-A": {"20.00", "18.00", "成功"}, "PRICE-B": {"30.00", "27.00", "失败"},
					"PRICE-C": {"40.00", "36.00", "成功"}}[r.SellerSKU]
				if r.OldPrice != want[0] || r.NewPrice != want[1] || r.ResultName != want[2] {
					t.Errorf("history %s: %+v", r.SellerSKU, r)
				}
			}
			// The list shows each listing's last change.
			env = w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/page", map[string]any{"currentpage": 1, "pagesize": 20, "keyword": "PRICE-"})
			apptest.ExpectOK(t, env)
			var list struct {
				Records []struct{ SellerSKU, Price, LastChange, LastResult string }
			}
			env.Into(t, &list)
			seen := 0
			for _, r := range list.Records {
				switch r.SellerSKU {
				case "PRICE-A":
					seen++
					if r.Price != "18.00" || r.LastChange != "20.00 → 18.00" || r.LastResult != "成功" {
						t.Errorf("list row: %+v", r)
					}
				case "PRICE-B":
					seen++
					if r.Price != "30.00" || r.LastResult != "失败" {
						t.Errorf("list row: %+v", r)
					}
				}
			}
			if seen != 2 {
				t.Errorf("list: %+v", list)
			}
		})
	}
}

// A price under the listing's floor is refused here, with the floor named, and Amazon is not called for it; a
// change of more than the company's percent is refused until confirmed.
func TestUnderFloorRefusedWithoutCallingAmazonAndBigChangesNeedConfirming(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startPriceWorld(t, kind)
			floor := w.owner.Call(http.MethodPut, "/erp/api/v1/listing/price/"+w.ids("PRICE-A")[0]+"/floor", map[string]any{"floor": "19.50"})
			apptest.ExpectOK(t, floor)
			apptest.Expect(t, w.owner.Call(http.MethodPut, "/erp/api/v1/listing/price/"+w.ids("PRICE-A")[0]+"/floor", map[string]any{"floor": "abc"}),
				http.StatusBadRequest, "A0400", fmt.Sprintf(pricing.MsgFloorBad, 2))
			got := w.call(t, w.owner, "/erp/api/v1/listing/price/change", map[string]any{"ids": w.ids("PRICE-A"), "method": "set", "value": "19"})
			if got.Changed != 0 || got.Refused != 1 || got.Rows[0].Message != "新价格 19.00 低于最低价 19.50，未提交亚马逊" {
				t.Fatalf("under floor: %+v", got)
			}
			if n := w.patchCalls(); n != 0 {
				t.Fatalf("Amazon called %d times for a price under the floor", n)
			}
			if p := w.localPrice(t, "PRICE-A"); p != "20.00" {
				t.Fatalf("price here %s", p)
			}
			var n int64
			w.h.DB.Model(&pricingdb.Change{}).Where("listing_id = ? AND ok = ?", w.listings["PRICE-A"], false).Count(&n)
			if n != 1 {
				t.Fatalf("%d refused rows recorded", n)
			}
			// +30 % passes the default 20 %: refused unless confirmed, nothing sent.
			big := map[string]any{"ids": w.ids("PRICE-C"), "method": "percent", "value": "30"}
			apptest.Expect(t, w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/change", big), http.StatusBadRequest, "A0400",
				fmt.Sprintf(pricing.MsgConfirm, 1, 20))
			if n := w.patchCalls(); n != 0 {
				t.Fatalf("Amazon called %d times for an unconfirmed change", n)
			}
			big["confirmed"] = true
			if got := w.call(t, w.owner, "/erp/api/v1/listing/price/change", big); got.Changed != 1 || w.localPrice(t, "PRICE-C") != "52.00" {
				t.Fatalf("confirmed: %+v", got)
			}
			// The company raises its percent to 40: +30 % needs no confirmation then.
			apptest.ExpectOK(t, w.owner.Call(http.MethodPut, "/erp/api/v1/listing/price/settings", map[string]any{"confirmPercent": 40}))
			apptest.Expect(t, w.owner.Call(http.MethodPut, "/erp/api/v1/listing/price/settings", map[string]any{"confirmPercent": 0}),
				http.StatusBadRequest, "A0400", pricing.MsgPercentBad)
			if got := w.call(t, w.owner, "/erp/api/v1/listing/price/preview", map[string]any{"ids": w.ids("PRICE-B"), "method": "percent", "value": "30"}); got.Confirm != 0 || got.ConfirmPercent != 40 {
				t.Fatalf("after 40 %%: %+v", got)
			}
			// Bad input: a clear message, nothing changed.
			for body, msg := range map[string]string{
				`{"ids":[],"method":"set","value":"1"}`:                                  pricing.MsgChangeNone,
				`{"ids":["` + w.ids("PRICE-A")[0] + `"],"method":"x","value":"1"}`:       pricing.MsgMethod,
				`{"ids":["` + w.ids("PRICE-A")[0] + `"],"method":"set","value":"x"}`:     pricing.MsgValue,
				`{"ids":["` + w.ids("PRICE-A")[0] + `"],"method":"margin","value":"20"}`: pricing.MsgCategory,
			} {
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/change", json.RawMessage(body)), http.StatusBadRequest, "A0400", msg)
			}
			// A SKU Amazon does not have: 404, said in Chinese, the price here unchanged.
			got = w.call(t, w.owner, "/erp/api/v1/listing/price/change", map[string]any{"ids": w.ids("PRICE-GONE"), "method": "set", "value": "14"})
			if got.Refused != 1 || got.Rows[0].Message != pricing.MsgRowUnknownSKU || got.Rows[0].ErrorType != "NOT_FOUND" || w.localPrice(t, "PRICE-GONE") != "15.00" {
				t.Fatalf("unknown SKU: %+v", got)
			}
			// A store group without an authorised seller: refused before Amazon.
			got = w.call(t, w.owner, "/erp/api/v1/listing/price/change", map[string]any{"ids": w.ids("PRICE-G2"), "method": "set", "value": "49"})
			if got.Refused != 1 || got.Rows[0].Message != pricing.MsgRowNoSeller {
				t.Fatalf("G2 has no seller: %+v", got)
			}
		})
	}
}

// A user limited to G2 sees G2's listings only and cannot change, preview or floor G1's.
func TestAnotherStoreGroupIsRefused(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startPriceWorld(t, kind)
			role := w.h.GrantedRole("调价员", []string{"product.listing.price"}, []string{pricing.PermissionPrice})
			apptest.ExpectOK(t, w.owner.Call(http.MethodPost, "/admin/api/v1/users/subusers", map[string]any{
				"account": "13900000777", "name": "二店员工", "password": "Passw0rd!", "repassword": "Passw0rd!",
				"roleIds": []string{fmt.Sprint(role.ID)}, "storeGroupIds": []string{fmt.Sprint(w.g2)}}))
			c := w.h.Client()
			apptest.ExpectOK(t, c.Login("13900000777", "Passw0rd!"))
			env := c.Call(http.MethodPost, "/erp/api/v1/listing/price/page", map[string]any{"currentpage": 1, "pagesize": 50})
			apptest.ExpectOK(t, env)
			var list struct{ Records []struct{ SellerSKU string } }
			env.Into(t, &list)
			if len(list.Records) != 1 || list.Records[0].SellerSKU != "PRICE-G2" {
				t.Fatalf("G2 user lists %+v", list.Records)
			}
			for _, path := range []string{"/erp/api/v1/listing/price/preview", "/erp/api/v1/listing/price/change"} {
				apptest.Expect(t, c.Call(http.MethodPost, path, map[string]any{"ids": w.ids("PRICE-A"), "method": "set", "value": "10"}),
					http.StatusBadRequest, "A0400", pricing.MsgNotFound)
			}
			if env := c.Call(http.MethodPut, "/erp/api/v1/listing/price/"+w.ids("PRICE-A")[0]+"/floor", map[string]any{"floor": "1"}); env.Code == "201" {
				t.Fatal("G2 user set G1's floor")
			}
			if n := w.patchCalls(); n != 0 || w.localPrice(t, "PRICE-A") != "20.00" {
				t.Fatalf("G1's listing touched: %d calls", n)
			}
			var floors int64
			w.h.DB.Model(&pricingdb.Floor{}).Count(&floors)
			if floors != 0 {
				t.Fatal("a floor was written")
			}
		})
	}
}

// To a target margin: the price 利润计算器 finds for the paired product is the least at which its margin reaches
// the target (a cent less falls short); an unpaired listing is not sent and says why.
func TestPriceToTargetMarginUsesTheCalculator(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startPriceWorld(t, kind)
			month := time.Now().In(w.h.Config.TimeZone).Format("2006-01")
			apptest.ExpectOK(t, w.owner.Call(http.MethodPut, "/erp/api/v1/exchangeRate", map[string]string{"currency": "USD", "month": month, "rate": "7.2"}))
			num := func(s string) decimal.NullDecimal {
				return decimal.NullDecimal{Decimal: decimal.RequireFromString(s), Valid: true}
			}
			product := catalogdb.LocalProduct{CompanyID: w.company, SKU: "MARGIN-MUG", Name: "利润杯", Price: num("30"),
				Length: num("20"), Width: num("15"), Height: num("5"), Weight: num("0.4")}
			if err := w.h.DB.Create(&product).Error; err != nil {
				t.Fatal(err)
			}
			if err := w.h.DB.Model(&catalogdb.Listing{}).Where("id = ?", w.listings["PRICE-A"]).Update("product_id", product.ID).Error; err != nil {
				t.Fatal(err)
			}
			got := w.call(t, w.owner, "/erp/api/v1/listing/price/preview", map[string]any{"ids": w.ids("PRICE-A", "PRICE-B"),
				"method": "margin", "value": "25", "category": "home"})
			rows := bySKU(got.Rows)
			if rows["PRICE-B"].Send || rows["PRICE-B"].Message != pricing.MsgRowNoMeasures && rows["PRICE-B"].Message != pricing.MsgRowNoProduct {
				t.Fatalf("unpaired row: %+v", rows["PRICE-B"])
			}
			a := rows["PRICE-A"]
			if !a.Send || a.NewPrice == "" {
				t.Fatalf("paired row: %+v", a)
			}
			calc := func(price string) decimal.Decimal {
				env := w.owner.Call(http.MethodPost, "/amazon/api/v1/profitCalc/compute", map[string]any{"marketplace": "US", "category": "home",
					"price": price, "unitCost": "30", "length": "20", "width": "15", "height": "5", "weight": "0.4"})
				apptest.ExpectOK(t, env)
				var r struct {
					Margin json.Number `json:"margin"`
				}
				env.Into(t, &r)
				return decimal.RequireFromString(r.Margin.String())
			}
			price := decimal.RequireFromString(a.NewPrice)
			if m := calc(a.NewPrice); m.LessThan(decimal.NewFromInt(25)) {
				t.Fatalf("margin at %s: %s, under 25", a.NewPrice, m)
			}
			if m := calc(price.Sub(decimal.RequireFromString("0.01")).StringFixed(2)); !m.LessThan(decimal.NewFromInt(25)) {
				t.Fatalf("a cent under %s still makes %s: not the least price", a.NewPrice, m)
			}
			t.Logf("25 %% margin at $%s", a.NewPrice)
		})
	}
}

// A sale from tomorrow to the day after, -20 % (confirmed): nothing is sent until tomorrow begins under the test
// clock; then the sale price is at Amazon and here, and when the last day is over the price is back; both sends
// are in the history. A second sale of the same listing while one is open is refused; a scheduled one cancels.
func TestScheduledSaleStartsAndEndsOnTime(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			w := startPriceWorld(t, kind)
			tz := w.h.Config.TimeZone
			today := w.h.Clock.Now().In(tz)
			day := func(n int) string { return today.AddDate(0, 0, n).Format("2006-01-02") }
			sale := map[string]any{"ids": w.ids("PRICE-C"), "method": "percent", "value": "-25", "startDate": day(1), "endDate": day(2)}
			apptest.Expect(t, w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/sales/schedule", sale), http.StatusBadRequest, "A0400",
				fmt.Sprintf(pricing.MsgConfirm, 1, 20))
			sale["confirmed"] = true
			got := w.call(t, w.owner, "/erp/api/v1/listing/price/sales/schedule", sale)
			if got.Changed != 1 || got.Rows[0].NewPrice != "30.00" {
				t.Fatalf("scheduled: %+v", got)
			}
			if again := w.call(t, w.owner, "/erp/api/v1/listing/price/sales/schedule", sale); again.Refused != 1 || again.Rows[0].Message != pricing.MsgRowSaleOverlap {
				t.Fatalf("overlap: %+v", again)
			}
			for _, bad := range []map[string]any{{"startDate": day(2), "endDate": day(1)}, {"startDate": day(-3), "endDate": day(-2)}, {"startDate": "", "endDate": day(1)}} {
				body := map[string]any{"ids": w.ids("PRICE-A"), "method": "set", "value": "19", "startDate": bad["startDate"], "endDate": bad["endDate"]}
				apptest.Expect(t, w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/sales/schedule", body), http.StatusBadRequest, "A0400", pricing.MsgSaleDates)
			}
			run := func() int {
				n, err := w.h.Svc.Pricing.RunSales(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			if n := run(); n != 0 || w.patchCalls() != 0 {
				t.Fatalf("before its day: %d moved, %d calls", n, w.patchCalls())
			}
			start := time.Date(today.Year(), today.Month(), today.Day()+1, 0, 0, 0, 0, tz)
			w.h.Clock.Advance(start.Sub(w.h.Clock.Now()) - time.Minute)
			if n := run(); n != 0 {
				t.Fatal("started a minute early")
			}
			w.h.Clock.Advance(time.Minute)
			if n := run(); n != 1 || w.localPrice(t, "PRICE-C") != "30.00" || w.offers.Price(amazontest.DefaultSeller, us, "PRICE-C") != "30" {
				t.Fatalf("at the start: %d moved, %s here, %s at Amazon", n, w.localPrice(t, "PRICE-C"), w.offers.Price(amazontest.DefaultSeller, us, "PRICE-C"))
			}
			if n := run(); n != 0 {
				t.Fatal("started twice")
			}
			// The last day ends at midnight after it.
			w.h.Clock.Advance(48*time.Hour - time.Minute)
			if n := run(); n != 0 {
				t.Fatal("ended a minute early")
			}
			w.h.Clock.Advance(time.Minute)
			if n := run(); n != 1 || w.localPrice(t, "PRICE-C") != "40.00" || w.offers.Price(amazontest.DefaultSeller, us, "PRICE-C") != "40" {
				t.Fatalf("at the end: %d moved, %s here", n, w.localPrice(t, "PRICE-C"))
			}
			env := w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/history", map[string]any{"currentpage": 1, "pagesize": 20, "keyword": "PRICE-C"})
			apptest.ExpectOK(t, env)
			var page struct {
				Records []struct{ OldPrice, NewPrice, MethodName, ResultName string }
			}
			env.Into(t, &page)
			if len(page.Records) != 2 || page.Records[0].MethodName != "定时促销结束恢复原价" || page.Records[0].NewPrice != "40.00" ||
				page.Records[1].MethodName != "定时促销开始" || page.Records[1].NewPrice != "30.00" || page.Records[1].ResultName != "成功" {
				t.Fatalf("history: %+v", page.Records)
			}
			env = w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/sales", map[string]any{"currentpage": 1, "pagesize": 20})
			apptest.ExpectOK(t, env)
			var sales struct {
				Records []struct{ ID, SellerSKU, StatusName, SalePrice, RegularPrice string }
			}
			env.Into(t, &sales)
			if len(sales.Records) != 1 || sales.Records[0].StatusName != "已结束" || sales.Records[0].RegularPrice != "40.00" {
				t.Fatalf("sales: %+v", sales.Records)
			}
			// A scheduled one cancels; an ended one does not.
			later := map[string]any{"ids": w.ids("PRICE-A"), "method": "value", "value": "-1", "startDate": day(10), "endDate": day(11)}
			if got := w.call(t, w.owner, "/erp/api/v1/listing/price/sales/schedule", later); got.Changed != 1 {
				t.Fatalf("later: %+v", got)
			}
			apptest.Expect(t, w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/sales/"+sales.Records[0].ID+"/cancel", nil),
				http.StatusBadRequest, "A0400", pricing.MsgSaleNotWaiting)
			env = w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/sales", map[string]any{"currentpage": 1, "pagesize": 20, "status": "scheduled"})
			apptest.ExpectOK(t, env)
			env.Into(t, &sales)
			if len(sales.Records) != 1 {
				t.Fatalf("scheduled: %+v", sales.Records)
			}
			apptest.ExpectOK(t, w.owner.Call(http.MethodPost, "/erp/api/v1/listing/price/sales/"+sales.Records[0].ID+"/cancel", nil))
			w.h.Clock.Advance(15 * 24 * time.Hour)
			if n := run(); n != 0 || w.localPrice(t, "PRICE-A") != "20.00" {
				t.Fatal("a cancelled sale ran")
			}
		})
	}
}
