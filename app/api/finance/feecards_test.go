package finance_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"sellerhub/app/apptest"
)

type feeCard struct {
	Marketplace, Name, Currency, Day, Effective, EffectiveNote, LengthUnit, WeightUnit, DimDivisor string
	MinReferral, Rise, TaxName, Tax                                                                string
	PriceBands                                                                                     []string
	Fees                                                                                           []struct {
		Tier, Limits, Weight string
		Fees                 []string
	}
	Referrals []struct{ Code, Name, Rates string }
	Cards     []struct {
		Effective, Note string
		Shown           bool
	}
	Marketplaces []struct{ Code, Name string }
}

// 利润 › FBA费用 shows the card the calculator computes with: the US card of 2026 in inches and pounds with its
// three price bands, each tier's weight bands and overage, the referral steps in words; the calculator's fee for a
// product is the card's fee of its tier and band. A day before a marketplace's first dated card, a bad day or an
// unknown marketplace is refused in Chinese; the fee table exports.
func TestFeeCardsShowWhatTheCalculatorComputesWith(t *testing.T) {
	h := apptest.Start(t)
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))

	us := call[feeCard](t, c, http.MethodGet, amz+"profitCalc/feeCard?marketplace=us&day=2026-12-06", nil)
	if us.Marketplace != "US" || us.Name != "美国" || us.Currency != "USD" || us.Effective != "2026-01-15" ||
		us.LengthUnit != "in" || us.WeightUnit != "lb" || us.DimDivisor != "139" || us.MinReferral != "0.30" {
		t.Fatalf("US card: %+v", us)
	}
	if want := []string{"售价 ≤ 9.99", "售价 9.99–50", "售价 > 50"}; !slices.Equal(us.PriceBands, want) {
		t.Errorf("price bands %q, want %q", us.PriceBands, want)
	}
	first := us.Fees[0]
	if first.Tier != "小号标准尺寸" || first.Weight != "≤ 0.125 lb" || !slices.Equal(first.Fees, []string{"2.43", "3.32", "3.58"}) ||
		first.Limits != "边长 ≤ 15×12×0.75 in，商品重量 ≤ 1 lb" {
		t.Errorf("first line %+v", first)
	}
	if us.Fees[1].Limits != "" {
		t.Errorf("a tier's limits are on its first line only: %+v", us.Fees[1])
	}
	over := slices.IndexFunc(us.Fees, func(r struct {
		Tier, Limits, Weight string
		Fees                 []string
	}) bool {
		return r.Tier == "大号标准尺寸" && strings.Contains(r.Weight, "以上")
	})
	if over < 0 || us.Fees[over].Weight != "3 lb以上每0.25 lb加0.08" || us.Fees[over].Fees[0] != "6.15" {
		t.Errorf("large standard's overage: %+v", us.Fees)
	}
	rates := map[string]string{}
	for _, r := range us.Referrals {
		rates[r.Code] = r.Rates
	}
	if rates["accessories"] != "100以内的部分 15%；超过100的部分 8%" || rates["home"] != "15%" ||
		rates["clothing"] != "售价 ≤ 15：5%；售价 ≤ 20：10%；售价 > 20：17%" {
		t.Errorf("referral rates %v", rates)
	}
	if len(us.Cards) != 1 || !us.Cards[0].Shown || len(us.Marketplaces) < 5 {
		t.Errorf("cards %+v, marketplaces %+v", us.Cards, us.Marketplaces)
	}

	// The calculator's fulfilment fee is the card's, for the product's tier in its price band ($19.99: the second).
	r := call[result](t, c, http.MethodPost, amz+"profitCalc/compute", usProduct)
	found := false
	for _, row := range us.Fees {
		found = found || (row.Tier == r.TierName && row.Fees[1] == r.Fulfilment.Local)
	}
	if !found {
		t.Errorf("the calculator's fee %s (%s) is on no line of the card", r.Fulfilment.Local, r.TierName)
	}

	jp := call[feeCard](t, c, http.MethodGet, amz+"profitCalc/feeCard?marketplace=JP", nil)
	if jp.Effective != "" || jp.Day == "" || jp.WeightUnit != "g" || jp.Tax != "10%" || jp.DimDivisor != "" ||
		!slices.Equal(jp.PriceBands, []string{"费用"}) || jp.Fees[0].Fees[0] != "288" || !strings.Contains(jp.Rise, "750") {
		t.Errorf("JP card: %+v", jp)
	}

	for query, msg := range map[string]string{
		"marketplace=US&day=2025-06-01": "该站点在所选日期没有FBA费用表",
		"marketplace=US&day=2026-13-01": "日期格式不正确，应为yyyy-MM-dd",
		"marketplace=XX":                "利润计算器不支持该站点",
		"marketplace=":                  "请选择站点",
	} {
		apptest.Expect(t, c.Call(http.MethodGet, amz+"profitCalc/feeCard?"+query, nil), 400, "A0400", msg)
	}

	rows := sheet(t, c, amz+"profitCalc/feeCard/export?marketplace=US&day=2026-12-06")
	if !slices.Equal(rows[0], []string{"尺寸分段", "尺寸与重量限制", "发货重量", "售价 ≤ 9.99（USD）", "售价 9.99–50（USD）", "售价 > 50（USD）"}) ||
		!slices.Equal(rows[1], []string{"小号标准尺寸", first.Limits, "≤ 0.125 lb", "2.43", "3.32", "3.58"}) || len(rows) != len(us.Fees)+1 {
		t.Errorf("export: %q", rows[:2])
	}
}

// The fee cards need the FBA费用 screen: the calculator's screen is not enough, and a session is needed.
func TestFeeCardsNeedTheirScreen(t *testing.T) {
	h := apptest.Start(t)
	calculator, _ := h.RestrictedUser("13900000111", []string{"profit.calculator"}, nil)
	for _, path := range []string{"profitCalc/feeCard?marketplace=US", "profitCalc/feeCard/export?marketplace=US"} {
		apptest.Expect(t, h.Client().Call(http.MethodGet, amz+path, nil), 403, "A0231", "token已被禁止访问")
		apptest.Expect(t, calculator.Call(http.MethodGet, amz+path, nil), 401, "A0301", "访问未授权")
	}
	reader, _ := h.RestrictedUser("13900000112", []string{"profit.fbafee"}, nil)
	if card := call[feeCard](t, reader, http.MethodGet, amz+"profitCalc/feeCard?marketplace=DE", nil); card.Currency != "EUR" {
		t.Errorf("DE card: %+v", card)
	}
}
