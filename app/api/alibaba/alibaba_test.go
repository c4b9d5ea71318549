package alibaba_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"sellerhub/app/alibaba"
	"sellerhub/app/alibaba/alibabatest"
	"sellerhub/app/amazon"
	"sellerhub/app/apptest"
	"sellerhub/config"
	accountsdb "sellerhub/models/accounts"
	alidb "sellerhub/models/alibaba"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	purchasedb "sellerhub/models/purchase"
)

const v1 = "/erp/api/v1/"

type account struct {
	ID, MemberID, LoginID, WarehouseName, StatusName, ImportState, ImportError string
	Status, ImportDone, ImportTotal                                            int
	Orders                                                                     int64
}

type orderLine struct {
	ID, OfferID, SpecID, Name, Price, Amount, ProductID, SKU string
	Quantity                                                 int
}

type order struct {
	ID, AliOrderID, Status, SellerName, TotalAmount, ShippingFee, Paid, Logistics, PurchaseID, PurchaseNumber string
	LinesUnmapped                                                                                             int
	Lines                                                                                                     []orderLine
}

type payment struct {
	AliOrderID, Amount, PurchaseNumber, RequestNumber, Match, MatchName, Advice string
}

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
}

func standIn(s *alibabatest.Server) apptest.Option {
	return apptest.WithConfig(func(c *config.Config) {
		c.Alibaba = config.Alibaba{AppKey: alibabatest.AppKey, AppSecret: config.Secret(alibabatest.AppSecret),
			AuthURL: s.URL() + "/oauth/authorize", GatewayURL: s.URL() + "/openapi"}
	})
}

// bind goes through the consent: the binding call's link, the buyer's 同意授权 at the stand-in, and the
// browser's arrival back at /alibaba/authresult.
func bind(t *testing.T, c *apptest.Client, warehouse string) string {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"alibaba/bind", map[string]string{"warehouseId": warehouse})
	apptest.ExpectOK(t, env)
	var consent struct{ URL string }
	env.Into(t, &consent)
	link, err := url.Parse(consent.URL)
	if err != nil || link.Query().Get("client_id") != alibabatest.AppKey || link.Query().Get("site") != "1688" {
		t.Fatalf("consent link %q", consent.URL)
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noFollow.PostForm(link.Scheme+"://"+link.Host+"/oauth/authorize", url.Values{"agree": {"1"},
		"redirect_uri": {link.Query().Get("redirect_uri")}, "state": {link.Query().Get("state")}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil || back.Path != "/alibaba/authresult" {
		t.Fatalf("redirect back %q", res.Header.Get("Location"))
	}
	_, body := c.Raw(http.MethodGet, back.RequestURI(), "", nil)
	return string(body)
}

func accounts(t *testing.T, c *apptest.Client) []account {
	t.Helper()
	env := c.Call(http.MethodGet, v1+"alibaba/accounts", nil)
	apptest.ExpectOK(t, env)
	var out []account
	env.Into(t, &out)
	return out
}

// settled waits until the account's import is no longer queued or running (the job's own state, not a delay).
func settled(t *testing.T, c *apptest.Client) account {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		as := accounts(t, c)
		if len(as) == 1 && as[0].ImportState != alidb.ImportQueued && as[0].ImportState != alidb.ImportRunning {
			return as[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("the import did not end within 30s: %+v", as)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func orders(t *testing.T, c *apptest.Client, body map[string]any) page[order] {
	t.Helper()
	env := c.Call(http.MethodPost, v1+"alibaba/orders/page", body)
	apptest.ExpectOK(t, env)
	var out page[order]
	env.Into(t, &out)
	return out
}

func find(t *testing.T, os []order, id string) order {
	t.Helper()
	for _, o := range os {
		if o.AliOrderID == id {
			return o
		}
	}
	t.Fatalf("no order %s in %+v", id, os)
	return order{}
}

// counts are the rows an import may write, to show a re-import writes none.
func counts(t *testing.T, h *apptest.Harness) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, table := range []string{"suppliers", "purchase_orders", "purchase_order_lines", "alibaba_orders",
		"alibaba_order_lines", "alibaba_payments"} {
		var n int64
		if err := h.DB.Table(table).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	var pos []purchasedb.PurchaseOrder
	if err := h.DB.Find(&pos).Error; err != nil {
		t.Fatal(err)
	}
	for _, po := range pos {
		out["purchase_orders.updated"] = max(out["purchase_orders.updated"], po.UpdatedAt.UnixMicro())
	}
	return out
}

func reimport(t *testing.T, c *apptest.Client, id string) account {
	t.Helper()
	apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"alibaba/account/"+id+"/import", nil))
	return settled(t, c)
}

// A buyer binds a 1688 account through the consent and its orders come in as purchase orders through the job
// queue: the supplier made once per seller, the lines matched by the 1688 offer and spec a product is linked to,
// the freight and waybills kept. An order whose lines all have products becomes a 待提交 purchase order; one
// with a line to map waits, and mapping the line makes it. A re-import changes nothing, also after the access
// token expired (refreshed) and the gateway's frequency limit (waited out). The payments are matched to the
// purchase orders and their 付款申请, the unmatched ones saying what to do. A revoked grant stops the account
// with 1688授权已失效; another company sees nothing.
func TestAlibabaOrdersImportOnce(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv := alibabatest.Start()
			defer srv.Close()
			h := apptest.Start(t, apptest.WithDatabase(kind), standIn(srv))
			h.StartWorkers(t)
			c := h.SignedIn("13700000060", "甲公司")
			u, err := accountsdb.UserByAccount(h.DB, "13700000060")
			if err != nil {
				t.Fatal(err)
			}
			env := c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "深圳仓", "kind": "own"})
			apptest.ExpectOK(t, env)
			var wh struct{ ID string }
			env.Into(t, &wh)
			product := func(sku string) int64 {
				p := &catalogdb.LocalProduct{CompanyID: u.CompanyID, SKU: sku, Name: "产品" + sku, Kind: catalogdb.ProductKindProduct}
				if err := h.DB.Create(p).Error; err != nil {
					t.Fatal(err)
				}
				return p.ID
			}
			box, cable, black := product("BOX-1"), product("CABLE-1"), product("CASE-BK")
			for offer, p := range map[string]int64{alibabatest.OfferBox.ID: box, alibabatest.OfferCable.ID: cable} {
				if err := alidb.SaveLink(h.DB, alidb.ProductLink{CompanyID: u.CompanyID, OfferID: offer, ProductID: p}); err != nil {
					t.Fatal(err)
				}
			}

			// Binding names a warehouse; the consent binds the buyer and queues the first import.
			expectMessage(t, c.Call(http.MethodPost, v1+"alibaba/bind", map[string]string{}), alibaba.MsgWarehouseEmpty)
			if body := bind(t, c, wh.ID); !strings.Contains(body, "授权成功") {
				t.Fatalf("consent result: %s", body)
			}
			a := settled(t, c)
			if a.ImportState != alidb.ImportDone || a.MemberID != alibabatest.MemberID || a.ImportDone != 5 ||
				a.ImportTotal != 5 || a.WarehouseName != "深圳仓" || a.Orders != 5 {
				t.Fatalf("account after the first import %+v", a)
			}
			var sealed alidb.Account
			if err := h.DB.Where("id = ?", a.ID).Take(&sealed).Error; err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(sealed.RefreshToken, amazon.SealedPrefix) || !strings.HasPrefix(sealed.AccessToken, amazon.SealedPrefix) {
				t.Fatalf("tokens not sealed: %q", sealed.RefreshToken)
			}

			os := orders(t, c, map[string]any{}).Records
			if len(os) != 5 {
				t.Fatalf("orders %+v", os)
			}
			boxes := find(t, os, alibabatest.OrderBoxes)
			if boxes.PurchaseNumber == "" || boxes.SellerName != "义乌市优品包装有限公司" || boxes.TotalAmount != "337.00" ||
				boxes.ShippingFee != "12.00" || boxes.Paid != "337.00" || boxes.Logistics != "圆通速递 YT1234567890" || boxes.LinesUnmapped != 0 {
				t.Fatalf("boxes %+v", boxes)
			}
			tech := find(t, os, alibabatest.OrderTech)
			if tech.PurchaseNumber != "" || tech.LinesUnmapped != 1 || !strings.Contains(tech.Logistics, "SF1000000002") {
				t.Fatalf("tech %+v", tech)
			}
			if o := find(t, os, alibabatest.OrderUnpaid); o.PurchaseNumber == "" || o.Paid != "0.00" {
				t.Fatalf("unpaid %+v", o)
			}
			if o := find(t, os, alibabatest.OrderCancelled); o.PurchaseNumber != "" {
				t.Fatalf("a cancelled order became a purchase order %+v", o)
			}
			var po purchasedb.PurchaseOrder
			if err := h.DB.Where("number = ?", boxes.PurchaseNumber).Take(&po).Error; err != nil {
				t.Fatal(err)
			}
			var poLines []purchasedb.PurchaseOrderLine
			h.DB.Where("order_id = ?", po.ID).Find(&poLines)
			var sup catalogdb.Supplier
			h.DB.Where("id = ?", po.SupplierID).Take(&sup)
			if po.Status != purchasedb.OrderDraft || po.PaymentTerms != purchasedb.TermsPrepay || sup.Name != "义乌市优品包装有限公司" ||
				!strings.Contains(po.Remark, alibabatest.OrderBoxes) || !strings.Contains(po.Remark, "运费 12.00") ||
				len(poLines) != 1 || poLines[0].ProductID != box || poLines[0].Quantity != 500 || poLines[0].UnitPrice != 6500 {
				t.Fatalf("purchase order %+v lines %+v supplier %+v", po, poLines, sup)
			}
			before := counts(t, h)
			if before["suppliers"] != 3 || before["purchase_orders"] != 2 || before["alibaba_payments"] != 3 {
				t.Fatalf("after the first import %v", before)
			}

			// Again, unchanged; then with the token expired and two calls over the frequency limit.
			if a := reimport(t, c, a.ID); a.ImportState != alidb.ImportDone {
				t.Fatalf("re-import %+v", a)
			}
			if after := counts(t, h); !equal(before, after) {
				t.Fatalf("a re-import changed rows: %v, then %v", before, after)
			}
			srv.ExpireTokens()
			srv.RateLimit(2)
			if a := reimport(t, c, a.ID); a.ImportState != alidb.ImportDone || a.Status != alidb.AccountActive {
				t.Fatalf("re-import after expiry %+v", a)
			}
			if after := counts(t, h); !equal(before, after) {
				t.Fatalf("a re-import after a refresh changed rows: %v, then %v", before, after)
			}

			// Mapping the black case makes the tech order's purchase order, its two lines at 1688's prices.
			var caseLine string
			for _, l := range tech.Lines {
				if l.ProductID == "" {
					caseLine = l.ID
				}
			}
			expectMessage(t, c.Call(http.MethodPost, v1+"alibaba/orders/map", map[string]string{"lineId": "1", "productId": strconv.FormatInt(black, 10)}), alibaba.MsgLineMissing)
			expectMessage(t, c.Call(http.MethodPost, v1+"alibaba/orders/map", map[string]string{"lineId": caseLine}), alibaba.MsgProductEmpty)
			env = c.Call(http.MethodPost, v1+"alibaba/orders/map", map[string]string{"lineId": caseLine, "productId": strconv.FormatInt(black, 10)})
			apptest.ExpectOK(t, env)
			var made struct{ Made int }
			env.Into(t, &made)
			tech = find(t, orders(t, c, map[string]any{"search": alibabatest.OrderTech}).Records, alibabatest.OrderTech)
			if made.Made != 1 || tech.PurchaseNumber == "" || tech.LinesUnmapped != 0 {
				t.Fatalf("after mapping: made %d, %+v", made.Made, tech)
			}
			var techLines []purchasedb.PurchaseOrderLine
			h.DB.Where("order_id = ?", tech.PurchaseID).Find(&techLines)
			var total int64
			for _, l := range techLines {
				total += int64(l.Quantity) * l.UnitPrice
			}
			if total != 1190_0000 {
				t.Fatalf("tech purchase order lines sum to %d", total)
			}

			// 1688结算: three paid phases; one gets its paid 付款申请.
			pays := func(body map[string]any) []payment {
				env := c.Call(http.MethodPost, v1+"alibaba/payments/page", body)
				apptest.ExpectOK(t, env)
				var p page[payment]
				env.Into(t, &p)
				return p.Records
			}
			ps := pays(map[string]any{})
			if len(ps) != 3 {
				t.Fatalf("payments %+v", ps)
			}
			for _, p := range ps {
				want := alibaba.MatchNoRequest
				if p.AliOrderID == alibabatest.OrderHooks {
					want = alibaba.MatchNoOrder
				}
				if p.Match != want || p.Advice == "" {
					t.Fatalf("payment %+v, want %s", p, want)
				}
			}
			now := h.Clock.Now().UTC()
			if err := h.DB.Create(&purchasedb.PaymentRequest{CompanyID: u.CompanyID, Number: "FK-1", OrderID: po.ID,
				SupplierID: po.SupplierID, Kind: purchasedb.PayDeposit, Currency: "CNY", Amount: 337_0000,
				Status: purchasedb.PayPaid, CreatedAt: now, UpdatedAt: now}).Error; err != nil {
				t.Fatal(err)
			}
			ps = pays(map[string]any{"match": "matched"})
			if len(ps) != 1 || ps[0].AliOrderID != alibabatest.OrderBoxes || ps[0].RequestNumber != "FK-1" || ps[0].MatchName != "已匹配" {
				t.Fatalf("matched %+v", ps)
			}
			if ps = pays(map[string]any{"match": "unmatched"}); len(ps) != 2 {
				t.Fatalf("unmatched %+v", ps)
			}
			env = c.Call(http.MethodPost, v1+"alibaba/payments/summary", map[string]any{})
			apptest.ExpectOK(t, env)
			var sum struct {
				Count, Unmatched   int
				Paid, Matched, Gap string
			}
			env.Into(t, &sum)
			if sum.Count != 3 || sum.Unmatched != 2 || sum.Paid != "1817.00" || sum.Matched != "337.00" || sum.Gap != "1480.00" {
				t.Fatalf("summary %+v", sum)
			}
			expectMessage(t, c.Call(http.MethodPost, v1+"alibaba/payments/page", map[string]any{"match": "x"}), "匹配状态不正确")

			// Another company sees none of it.
			other := h.SignedIn("13700000061", "乙公司")
			if len(accounts(t, other)) != 0 || len(orders(t, other, map[string]any{}).Records) != 0 {
				t.Fatal("another company sees the account or its orders")
			}
			if env := other.Call(http.MethodGet, v1+"alibaba/order/"+boxes.ID, nil); env.Status != http.StatusNotFound {
				t.Fatalf("another company reads an order: %+v", env)
			}

			// The grant revoked: the import fails saying so, and the account waits for a new binding.
			srv.RevokeRefresh()
			srv.ExpireTokens()
			a = reimport(t, c, a.ID)
			if a.ImportState != alidb.ImportFailed || a.ImportError != alibaba.MsgExpired || a.Status != alidb.AccountExpired {
				t.Fatalf("after the grant was revoked %+v", a)
			}
			expectMessage(t, c.Call(http.MethodPost, v1+"alibaba/account/"+a.ID+"/import", nil), alibaba.MsgExpired)
			if after := counts(t, h); after["purchase_orders"] != 3 || after["alibaba_orders"] != 5 {
				t.Fatalf("after the failed import %v", after)
			}
			// Binding again renews the grant on the same account.
			if body := bind(t, c, wh.ID); !strings.Contains(body, "授权成功") {
				t.Fatalf("second consent: %s", body)
			}
			if a := settled(t, c); a.Status != alidb.AccountActive || a.ImportState != alidb.ImportDone {
				t.Fatalf("after binding again %+v", a)
			}
		})
	}
}

// The periodic import: an hour after an account's last import, the hourly job imports it again, asking 1688 only for
// the orders changed since (a little before) then: the order paid meanwhile is read and kept, the others are not
// read again. Before the hour, and for an account whose grant has gone, it queues nothing.
func TestAlibabaImportsChangedOrdersEveryHour(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv := alibabatest.Start()
			defer srv.Close()
			h := apptest.Start(t, apptest.WithDatabase(kind), standIn(srv))
			h.StartWorkers(t)
			c := h.SignedIn("13700000062", "甲公司")
			env := c.Call(http.MethodPost, v1+"warehouse", map[string]any{"name": "深圳仓", "kind": "own"})
			apptest.ExpectOK(t, env)
			var wh struct{ ID string }
			env.Into(t, &wh)
			if body := bind(t, c, wh.ID); !strings.Contains(body, "授权成功") {
				t.Fatalf("consent result: %s", body)
			}
			first := settled(t, c)
			if first.ImportTotal != 5 {
				t.Fatalf("first import %+v", first)
			}
			// The buyer pays the unpaid order at 1688.
			paid := srv.Find(alibabatest.OrderUnpaid)
			paid.BaseInfo.Status, paid.BaseInfo.ModifyTime = "waitsellersend", alibaba.FormatTime(time.Now())
			refresh := func() {
				t.Helper()
				var last int64
				if err := h.DB.Raw("SELECT COALESCE(MAX(id), 0) FROM river_job WHERE kind = ?", "alibaba_refresh").Scan(&last).Error; err != nil {
					t.Fatal(err)
				}
				if _, err := h.Jobs.Insert(h.DB, alibaba.RefreshArgs{}, nil); err != nil {
					t.Fatal(err)
				}
				deadline := time.Now().Add(30 * time.Second)
				for state := ""; state != "completed"; {
					if err := h.DB.Raw("SELECT CAST(state AS TEXT) FROM river_job WHERE kind = ? AND id > ?", "alibaba_refresh", last).
						Scan(&state).Error; err != nil {
						t.Fatal(err)
					}
					if time.Now().After(deadline) {
						t.Fatalf("the refresh job is %q after 30 s", state)
					}
					time.Sleep(20 * time.Millisecond)
				}
			}
			refresh()
			if a := settled(t, c); a.ImportTotal != 5 || find(t, orders(t, c, map[string]any{}).Records, alibabatest.OrderUnpaid).Status != "waitbuyerpay" {
				t.Fatalf("before the hour the account imported again: %+v", a)
			}
			h.Clock.Advance(61 * time.Minute)
			refresh()
			if a := settled(t, c); a.ImportState != alidb.ImportDone || a.ImportTotal != 1 || a.ImportDone != 1 {
				t.Fatalf("the hourly import read %d orders, want the 1 changed: %+v", a.ImportTotal, a)
			}
			if o := find(t, orders(t, c, map[string]any{}).Records, alibabatest.OrderUnpaid); o.Status != "waitsellersend" {
				t.Fatalf("the paid order after the hourly import %+v", o)
			}
			// A revoked grant: the account waits for its buyer.
			if err := h.DB.Exec("UPDATE alibaba_accounts SET status = ?", alidb.AccountExpired).Error; err != nil {
				t.Fatal(err)
			}
			paid.BaseInfo.ModifyTime = alibaba.FormatTime(time.Now())
			h.Clock.Advance(61 * time.Minute)
			refresh()
			if a := settled(t, c); a.ImportTotal != 1 {
				t.Fatalf("an account whose grant went was imported: %+v", a)
			}
		})
	}
}

func equal(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// The stand-in checks each call's signature and token, refusing in 1688's error shape; the client signs as the
// protocol says (a wrong secret is refused, the right one answers).
func TestAlibabaStandInChecksTheSignature(t *testing.T) {
	srv := alibabatest.Start()
	defer srv.Close()
	ctx := context.Background()
	bad := srv.Client()
	bad.Secret = "not-the-secret"
	_, err := bad.BuyerOrders(ctx, "any", 1, 10, time.Now().AddDate(0, 0, -90), nil)
	var e *alibaba.Error
	if !asError(err, &e) || e.Code != alibaba.CodeSignature || e.Status != http.StatusBadRequest {
		t.Fatalf("a wrong signature: %v", err)
	}
	_, err = srv.Client().BuyerOrders(ctx, "no-such-token", 1, 10, time.Now().AddDate(0, 0, -90), nil)
	if !alibaba.TokenExpired(err) {
		t.Fatalf("an unknown token: %v", err)
	}
	sig := alibaba.Sign("s", "param2/1/ns/api/1", url.Values{"b": {"2"}, "a": {"1"}, "_aop_signature": {"x"}})
	if sig != strings.ToUpper(sig) || len(sig) != 40 || sig != alibaba.Sign("s", "param2/1/ns/api/1", url.Values{"a": {"1"}, "b": {"2"}}) {
		t.Fatalf("signature %q", sig)
	}
}

func asError(err error, e **alibaba.Error) bool {
	v, ok := err.(*alibaba.Error)
	if ok {
		*e = v
	}
	return ok
}

func expectMessage(t *testing.T, env apptest.Envelope, msg string) {
	t.Helper()
	if env.Msg != msg || env.Status == http.StatusOK && env.Code == "201" || env.Status >= 500 {
		t.Fatalf("got %d %s %q, want the refusal %q", env.Status, env.Code, env.Msg, msg)
	}
}
