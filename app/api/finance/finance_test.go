package finance_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	financedb "sellerhub/models/finance"
)

const (
	erp = "/erp/api/v1/"
	amz = "/amazon/api/v1/"
)

type page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
	Size    int   `json:"size"`
	Current int   `json:"current"`
	Pages   int64 `json:"pages"`
}

type rate struct {
	ID, Currency, Name, Symbol, DefaultRate, Rate, Since, SinceName, UpdatedAt string
	Months                                                                     int
}

type monthRate struct{ ID, Currency, Month, Rate, CreatedAt, UpdatedAt string }

type figure struct{ Local, CNY string }

type result struct {
	Marketplace, Currency, CardNote, Tier, TierName, ShippingWeight, WeightUnit, ReferralPercent, TaxName string
	Rate, RateMonth, Margin, ROI                                                                          string
	Price, Tax, Referral, Fulfilment, Cost, Profit                                                        figure
}

type plan struct {
	ID, Name, Marketplace, Category, Price, UnitCost, CreatedAt, UpdatedAt string
	Input                                                                  map[string]any
}

func call[T any](t *testing.T, c *apptest.Client, method, path string, body any) T {
	t.Helper()
	env := c.Call(method, path, body)
	apptest.ExpectOK(t, env)
	var out T
	env.Into(t, &out)
	return out
}

func rateOf(rows []rate, currency string) rate {
	for _, r := range rows {
		if r.Currency == currency {
			return r
		}
	}
	return rate{}
}

func sheet(t *testing.T, c *apptest.Client, path string) [][]string {
	t.Helper()
	resp, body := c.Raw(http.MethodGet, path, "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
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
	return rows
}

var usProduct = map[string]any{"marketplace": "US", "category": "accessories", "price": "19.99", "unitCost": "20",
	"firstLeg": "5", "length": "15", "width": "8", "height": "1.5", "weight": "0.1"}

func TestEveryCallNeedsASession(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	for _, path := range []string{"POST " + erp + "exchangeRate/page", "POST " + erp + "exchangeRate/history",
		"PUT " + erp + "exchangeRate", "DELETE " + erp + "exchangeRate/1", "GET " + amz + "profitCalc/options",
		"POST " + amz + "profitCalc/compute", "POST " + amz + "profitPlan/page", "GET " + amz + "profitPlan/1",
		"POST " + amz + "profitPlan", "PUT " + amz + "profitPlan/1", "DELETE " + amz + "profitPlan/1"} {
		method, p, _ := strings.Cut(path, " ")
		apptest.Expect(t, c.Call(method, p, map[string]any{}), 403, "A0231", "token已被禁止访问")
	}
}

// A month's rate is set, listed as the rate in force, kept in the currency's history, exported, changed,
// deleted (the default applies again), and logged; on both databases.
func TestARateIsSetListedChangedAndDeleted(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000101", "甲公司")

			p := call[page[rate]](t, c, http.MethodPost, erp+"exchangeRate/page", map[string]any{"pagesize": 20})
			if p.Total != 11 || len(p.Records) != 11 || p.Records[0].Currency != "CNY" {
				t.Fatalf("rates = %+v", p)
			}
			usd := rateOf(p.Records, "USD")
			if usd.Rate != "7.1" || usd.DefaultRate != "7.1" || usd.SinceName != "默认汇率" || usd.Months != 0 || usd.Name != "美元" {
				t.Fatalf("USD before = %+v", usd)
			}

			set := call[monthRate](t, c, http.MethodPut, erp+"exchangeRate", map[string]string{"currency": "usd", "month": "2026-01", "rate": "7.25"})
			if set.Currency != "USD" || set.Month != "2026-01" || set.Rate != "7.25" || set.ID == "" {
				t.Fatalf("set = %+v", set)
			}
			// A month still to come is kept but not in force yet.
			call[monthRate](t, c, http.MethodPut, erp+"exchangeRate", map[string]string{"currency": "USD", "month": "2099-01", "rate": "9"})
			p = call[page[rate]](t, c, http.MethodPost, erp+"exchangeRate/page", map[string]any{"currency": "美"})
			if p.Total != 1 || p.Records[0].Rate != "7.25" || p.Records[0].Since != "2026-01" || p.Records[0].Months != 2 ||
				p.Records[0].UpdatedAt == "" {
				t.Fatalf("USD after = %+v", p)
			}
			// Paged: 11 currencies, 5 a page.
			if p := call[page[rate]](t, c, http.MethodPost, erp+"exchangeRate/page", map[string]any{"pagesize": 5, "currentpage": 3}); p.Pages != 3 || len(p.Records) != 1 {
				t.Fatalf("page 3 = %+v", p)
			}

			hist := call[page[monthRate]](t, c, http.MethodPost, erp+"exchangeRate/history", map[string]any{"currency": "USD"})
			if hist.Total != 2 || hist.Records[0].Month != "2099-01" || hist.Records[1].Rate != "7.25" {
				t.Fatalf("history = %+v", hist)
			}
			// Setting the month again changes its row.
			call[monthRate](t, c, http.MethodPut, erp+"exchangeRate", map[string]string{"currency": "USD", "month": "2026-01", "rate": "7.3"})
			if hist := call[page[monthRate]](t, c, http.MethodPost, erp+"exchangeRate/history", map[string]any{"currency": "USD"}); hist.Total != 2 || hist.Records[1].Rate != "7.3" {
				t.Fatalf("history after the change = %+v", hist)
			}

			rows := sheet(t, c, erp+"exchangeRate/export")
			if len(rows) != 12 || rows[0][0] != "币种" || !strings.Contains(strings.Join(rows[2], ","), "7.3") {
				t.Fatalf("export = %v", rows)
			}
			if rows := sheet(t, c, erp+"exchangeRate/history/export?currency=USD"); len(rows) != 3 || rows[1][0] != "2099-01" {
				t.Fatalf("history export = %v", rows)
			}

			// Another company sees its own defaults and cannot touch this one's months.
			other := h.SignedIn("13700000102", "乙公司")
			if p := call[page[rate]](t, other, http.MethodPost, erp+"exchangeRate/page", map[string]any{"currency": "USD"}); p.Records[0].Rate != "7.1" {
				t.Fatalf("other company's USD = %+v", p.Records[0])
			}
			apptest.Expect(t, other.Call(http.MethodDelete, erp+"exchangeRate/"+set.ID, nil), 404, "A0404", "汇率不存在")

			apptest.ExpectOK(t, c.Call(http.MethodDelete, erp+"exchangeRate/"+set.ID, nil))
			if p := call[page[rate]](t, c, http.MethodPost, erp+"exchangeRate/page", map[string]any{"currency": "USD"}); p.Records[0].Rate != "7.1" || p.Records[0].SinceName != "默认汇率" {
				t.Fatalf("after delete = %+v", p.Records[0])
			}
			apptest.Expect(t, c.Call(http.MethodDelete, erp+"exchangeRate/"+set.ID, nil), 404, "A0404", "汇率不存在")
			apptest.Expect(t, c.Call(http.MethodDelete, erp+"exchangeRate/abc", nil), 404, "A0404", "汇率不存在")

			var logs []admindb.OperationLog
			h.DB.Order("created_at, id").Find(&logs)
			var actions []string
			for _, l := range logs {
				actions = append(actions, l.Action+" "+l.Subject)
			}
			if strings.Join(actions, ",") != "编辑汇率 USD 2026-01,编辑汇率 USD 2099-01,编辑汇率 USD 2026-01,删除汇率 USD 2026-01" {
				t.Fatalf("operation log = %v", actions)
			}
			if !strings.Contains(logs[2].Summary, "7.25") || !strings.Contains(logs[2].Summary, "7.3") {
				t.Fatalf("the change's summary = %q", logs[2].Summary)
			}
		})
	}
}

func TestARateIsCheckedWithChineseMessages(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000103", "甲公司")
	for msg, body := range map[string]map[string]string{
		"请选择币种":                  {"month": "2026-11", "rate": "7"},
		"不支持的币种：XYZ":             {"currency": "XYZ", "month": "2026-11", "rate": "7"},
		"人民币汇率固定为1，不能修改":         {"currency": "CNY", "month": "2026-11", "rate": "1"},
		"月份不能为空":                 {"currency": "USD", "rate": "7"},
		"月份格式应为yyyy-MM，如2026-11": {"currency": "USD", "month": "11/2026", "rate": "7"},
		"汇率不能为空":                 {"currency": "USD", "month": "2026-11"},
		"汇率必须是数字，如7.1":           {"currency": "USD", "month": "2026-11", "rate": "abc"},
		"汇率必须大于0":                {"currency": "USD", "month": "2026-11", "rate": "-1"},
		"汇率最多6位小数":               {"currency": "USD", "month": "2026-11", "rate": "7.1234567"},
	} {
		apptest.Expect(t, c.Call(http.MethodPut, erp+"exchangeRate", body), 400, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, erp+"exchangeRate/history", map[string]any{"currency": "CNY"}), 400, "A0400", "人民币汇率固定为1，不能修改")
	var n int64
	h.DB.Model(&financedb.ExchangeRate{}).Count(&n)
	if n != 0 {
		t.Fatalf("%d rates after refused calls", n)
	}
}

// The calculator answers fees, profit, margin and ROI in both currencies at the company's rate; a plan is saved,
// listed, opened, changed and deleted; on both databases.
func TestTheCalculatorComputesAndPlansAreSaved(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000104", "甲公司")

			// Every marketplace, by name; those without a card say so (BR, fourth, is not supported).
			opts := call[[]struct {
				Code, Name, Currency, TaxName, CardNote string
				Supported                               bool
				Categories                              []struct{ Code, Name string }
			}](t, c, http.MethodGet, amz+"profitCalc/options", nil)
			if len(opts) != 20 || opts[0].Code != "US" || opts[0].Name != "美国" || !opts[0].Supported ||
				opts[1].Code != "CA" || !opts[1].Supported || opts[2].TaxName != "IVA" ||
				opts[3].Code != "BR" || opts[3].Supported || opts[3].Name != "巴西" || len(opts[3].Categories) != 0 ||
				opts[4].TaxName != "VAT" || opts[17].Currency != "JPY" || !opts[17].Supported ||
				len(opts[0].Categories) == 0 || !strings.Contains(opts[0].CardNote, "2026-01-15") {
				t.Fatalf("options = %+v", opts)
			}

			call[monthRate](t, c, http.MethodPut, erp+"exchangeRate", map[string]string{"currency": "USD", "month": "2026-01", "rate": "7.2"})
			r := call[result](t, c, http.MethodPost, amz+"profitCalc/compute", usProduct)
			want := result{Marketplace: "US", Currency: "USD", Tier: "small_standard", TierName: "小号标准尺寸",
				ShippingWeight: "0.22", WeightUnit: "lb", ReferralPercent: "15", Rate: "7.2", RateMonth: "2026-01",
				Margin: "50.52", ROI: "290.84", Price: figure{"19.99", "143.93"}, Tax: figure{"0.00", "0.00"},
				Referral: figure{"3.00", "21.60"}, Fulfilment: figure{"3.42", "24.62"}, Cost: figure{"3.47", "25.00"},
				Profit: figure{"10.10", "72.71"}}
			want.CardNote = r.CardNote
			if r != want {
				t.Fatalf("result = %+v\nwant     %+v", r, want)
			}

			created := call[plan](t, c, http.MethodPost, amz+"profitPlan", map[string]any{"name": "手机壳-美国", "input": usProduct})
			if created.Name != "手机壳-美国" || created.Marketplace != "US" || created.Price != "19.99" || created.Input["weight"] != "0.1" {
				t.Fatalf("created = %+v", created)
			}
			apptest.Expect(t, c.Call(http.MethodPost, amz+"profitPlan", map[string]any{"name": "手机壳-美国", "input": usProduct}), 400, "B0001", "计算方案名称已存在")
			uk := map[string]any{"marketplace": "UK", "category": "home", "price": "24.99", "unitCost": "40", "length": "20",
				"width": "15", "height": "5", "weight": "0.3", "taxRegistered": true}
			second := call[plan](t, c, http.MethodPost, amz+"profitPlan", map[string]any{"name": "收纳盒-英国", "input": uk})

			p := call[page[plan]](t, c, http.MethodPost, amz+"profitPlan/page", map[string]any{"sort": "name", "order": "asc"})
			if p.Total != 2 {
				t.Fatalf("plans = %+v", p)
			}
			if p := call[page[plan]](t, c, http.MethodPost, amz+"profitPlan/page", map[string]any{"marketplace": "uk"}); p.Total != 1 || p.Records[0].ID != second.ID {
				t.Fatalf("UK plans = %+v", p)
			}
			if rows := sheet(t, c, amz+"profitPlan/export?name=手机壳"); len(rows) != 2 || rows[1][0] != "手机壳-美国" {
				t.Fatalf("export = %v", rows)
			}

			got := call[plan](t, c, http.MethodGet, amz+"profitPlan/"+created.ID, nil)
			if got.Input["category"] != "accessories" || got.Input["firstLeg"] != "5" {
				t.Fatalf("opened = %+v", got)
			}
			changed := map[string]any{}
			for k, v := range usProduct {
				changed[k] = v
			}
			changed["price"] = "24.99"
			got = call[plan](t, c, http.MethodPut, amz+"profitPlan/"+created.ID, map[string]any{"name": "手机壳-美国-新价", "input": changed})
			if got.Name != "手机壳-美国-新价" || got.Price != "24.99" {
				t.Fatalf("updated = %+v", got)
			}
			apptest.Expect(t, c.Call(http.MethodPut, amz+"profitPlan/"+second.ID, map[string]any{"name": "手机壳-美国-新价", "input": uk}), 400, "B0001", "计算方案名称已存在")

			other := h.SignedIn("13700000105", "乙公司")
			apptest.Expect(t, other.Call(http.MethodGet, amz+"profitPlan/"+created.ID, nil), 404, "A0404", "计算方案不存在")
			apptest.Expect(t, other.Call(http.MethodDelete, amz+"profitPlan/"+created.ID, nil), 404, "A0404", "计算方案不存在")
			if p := call[page[plan]](t, other, http.MethodPost, amz+"profitPlan/page", nil); p.Total != 0 {
				t.Fatalf("other company's plans = %+v", p)
			}

			apptest.ExpectOK(t, c.Call(http.MethodDelete, amz+"profitPlan/"+created.ID, nil))
			apptest.Expect(t, c.Call(http.MethodGet, amz+"profitPlan/"+created.ID, nil), 404, "A0404", "计算方案不存在")

			var actions []string
			h.DB.Model(&admindb.OperationLog{}).Where("action LIKE ?", "%计算方案").Order("created_at, id").Pluck("action", &actions)
			if strings.Join(actions, ",") != "新增计算方案,新增计算方案,编辑计算方案,删除计算方案" {
				t.Fatalf("operation log = %v", actions)
			}
		})
	}
}

func TestTheCalculatorAndPlansAnswerInChinese(t *testing.T) {
	h := apptest.Start(t)
	c := h.SignedIn("13700000106", "甲公司")
	with := func(k, v string) map[string]any {
		out := map[string]any{}
		for key, val := range usProduct {
			out[key] = val
		}
		out[k] = v
		return out
	}
	for msg, body := range map[string]map[string]any{
		"请选择站点":       with("marketplace", ""),
		"利润计算器不支持该站点": with("marketplace", "FR"),
		"请选择品类":       with("category", ""),
		"品类不存在":       with("category", "cars"),
		"售价不能为空":      with("price", ""),
		"售价必须是数字":     with("price", "十元"),
		"售价必须大于0":     with("price", "0"),
		"采购成本不能小于0":   with("unitCost", "-3"),
		"重量必须大于0":     with("weight", "0"),
		"长不能为空":       with("length", " "),
		"尺寸或重量超出计算器支持的范围，请以亚马逊后台的费用预估为准": with("weight", "40"),
	} {
		apptest.Expect(t, c.Call(http.MethodPost, amz+"profitCalc/compute", body), 400, "A0400", msg)
		apptest.Expect(t, c.Call(http.MethodPost, amz+"profitPlan", map[string]any{"name": "方案", "input": body}), 400, "A0400", msg)
	}
	apptest.Expect(t, c.Call(http.MethodPost, amz+"profitPlan", map[string]any{"name": " ", "input": usProduct}), 400, "A0400", "方案名称不能为空")
	apptest.Expect(t, c.Call(http.MethodPost, amz+"profitPlan", map[string]any{"name": strings.Repeat("方", 51), "input": usProduct}), 400, "A0400", "方案名称不能超过50个字符")
	for _, bad := range []string{"0", "abc", "999"} {
		apptest.Expect(t, c.Call(http.MethodGet, amz+"profitPlan/"+bad, nil), 404, "A0404", "计算方案不存在")
		apptest.Expect(t, c.Call(http.MethodPut, amz+"profitPlan/"+bad, map[string]any{"name": "甲", "input": usProduct}), 404, "A0404", "计算方案不存在")
		apptest.Expect(t, c.Call(http.MethodDelete, amz+"profitPlan/"+bad, nil), 404, "A0404", "计算方案不存在")
	}
}

// Reading needs the screen; each change its button permission.
func TestScreensAndButtonsAreGuarded(t *testing.T) {
	h := apptest.Start(t)
	owner := h.Client()
	apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	set := call[monthRate](t, owner, http.MethodPut, erp+"exchangeRate", map[string]string{"currency": "EUR", "month": "2026-02", "rate": "8.3"})
	pl := call[plan](t, owner, http.MethodPost, amz+"profitPlan", map[string]any{"name": "方案甲", "input": usProduct})

	nobody, _ := h.RestrictedUser("13900000101", nil, nil)
	for _, path := range []string{"POST " + erp + "exchangeRate/page", "POST " + erp + "exchangeRate/history",
		"GET " + erp + "exchangeRate/export", "PUT " + erp + "exchangeRate", "DELETE " + erp + "exchangeRate/" + set.ID,
		"GET " + amz + "profitCalc/options", "POST " + amz + "profitCalc/compute", "POST " + amz + "profitPlan/page",
		"GET " + amz + "profitPlan/" + pl.ID, "POST " + amz + "profitPlan", "DELETE " + amz + "profitPlan/" + pl.ID} {
		method, p, _ := strings.Cut(path, " ")
		apptest.Expect(t, nobody.Call(method, p, map[string]any{}), 401, "A0301", "访问未授权")
	}

	reader, _ := h.RestrictedUser("13900000102", []string{"finance.rate", "profit.calculator"}, nil)
	call[page[rate]](t, reader, http.MethodPost, erp+"exchangeRate/page", nil)
	call[page[monthRate]](t, reader, http.MethodPost, erp+"exchangeRate/history", map[string]any{"currency": "EUR"})
	call[result](t, reader, http.MethodPost, amz+"profitCalc/compute", usProduct)
	call[plan](t, reader, http.MethodGet, amz+"profitPlan/"+pl.ID, nil)
	for _, path := range []string{"PUT " + erp + "exchangeRate", "DELETE " + erp + "exchangeRate/" + set.ID,
		"POST " + amz + "profitPlan", "PUT " + amz + "profitPlan/" + pl.ID, "DELETE " + amz + "profitPlan/" + pl.ID} {
		method, p, _ := strings.Cut(path, " ")
		apptest.Expect(t, reader.Call(method, p, map[string]any{"name": "乙", "input": usProduct, "currency": "EUR",
			"month": "2026-03", "rate": "8"}), 401, "A0301", "访问未授权")
	}

	editor, _ := h.RestrictedUser("13900000103", []string{"finance.rate", "profit.calculator"},
		[]string{"erp:finance:rate:edit", "amz:profit:plan:add"})
	call[monthRate](t, editor, http.MethodPut, erp+"exchangeRate", map[string]string{"currency": "EUR", "month": "2026-03", "rate": "8.1"})
	call[plan](t, editor, http.MethodPost, amz+"profitPlan", map[string]any{"name": "方案乙", "input": usProduct})
	apptest.Expect(t, editor.Call(http.MethodDelete, amz+"profitPlan/"+pl.ID, nil), 401, "A0301", "访问未授权")
}
