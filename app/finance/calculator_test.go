package finance_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models/dbtest"
)

// Products whose tier and fees were worked out by hand from the cards (fees_us.go, fees_na.go, fees_eu.go,
// fees_jp.go), at the default rates (USD 7.1, CAD 5.05, MXN 0.385, GBP 9.3, EUR 8.2, JPY 0.0465).
func TestTheCalculatorFindsTheTierAndTheFees(t *testing.T) {
	db := dbtest.Open(t, dbtest.SQLite)
	s, p := world(t, db, time.Date(2026, 11, 20, 4, 0, 0, 0, time.UTC))
	for _, c := range []struct {
		name                             string
		in                               finance.CalcInput
		tier, fba, referral, tax, profit string
	}{
		// 5.91 × 3.15 × 0.59 in, 0.22 lb: small standard, 2-4 oz, $10-50 → $3.42; 15% of $19.99 → $3.00; the
		// cost 25 CNY is $3.52; profit 19.99 − 3.00 − 3.42 − 3.52.
		{"US phone case", finance.CalcInput{Marketplace: "US", Category: "accessories", Price: "19.99", UnitCost: "20",
			FirstLeg: "5", Length: "15", Width: "8", Height: "1.5", Weight: "0.1"}, "small_standard", "3.42", "3.00", "0", "10.05"},
		// 11.81 × 7.87 × 5.91 in = 549.2 in³ / 139 = 3.95 lb dimensional (the unit is 1.10 lb): large standard,
		// 3 lb + 4 quarter-pounds → $6.97 + 4 × $0.08.
		{"US box by its volume", finance.CalcInput{Marketplace: "US", Category: "home", Price: "35", UnitCost: "30",
			Length: "30", Width: "20", Height: "15", Weight: "0.5"}, "large_standard", "7.29", "5.25", "0", "18.23"},
		// 0.11 lb under $10: small standard's low-price fee; beauty 8% up to $10, above the $0.30 least fee.
		{"US under $10", finance.CalcInput{Marketplace: "US", Category: "beauty", Price: "8.99", UnitCost: "10",
			Length: "10", Width: "10", Height: "1", Weight: "0.05"}, "small_standard", "2.43", "0.72", "0", "4.43"},
		// 1.32 lb dimensional over $50: large standard 1.25-1.5 lb → $5.68; electronics 8%.
		{"US over $50", finance.CalcInput{Marketplace: "US", Category: "electronics", Price: "59.99", UnitCost: "100",
			Length: "20", Width: "15", Height: "10", Weight: "0.3"}, "large_standard", "5.68", "4.80", "0", "35.43"},
		// Jewelry is portioned: 20% of the first $250 and 5% of the rest; 0.11 lb over $50 → $3.58.
		{"US jewelry", finance.CalcInput{Marketplace: "US", Category: "jewelry", Price: "300", UnitCost: "0",
			Length: "10", Width: "8", Height: "1", Weight: "0.05"}, "small_standard", "3.58", "52.50", "0", "243.92"},
		// Remote Fulfilment to Canada: 5.91 × 3.15 × 0.59 in, 0.22 lb: small standard up to 6 oz → C$7.22; 15% of
		// C$24.99 → 3.75; no GST/HST in the price; 25 CNY is C$4.95.
		{"CA phone case", finance.CalcInput{Marketplace: "CA", Category: "accessories", Price: "24.99", UnitCost: "20",
			FirstLeg: "5", Length: "15", Width: "8", Height: "1.5", Weight: "0.1", TaxRegistered: true},
			"small_standard", "7.22", "3.75", "0", "9.07"},
		// 549.2 in³ / 139 = 3.95 lb dimensional: large standard above 3 lb → C$12.79 + 1 × C$0.80.
		{"CA box by its volume", finance.CalcInput{Marketplace: "CA", Category: "home", Price: "45", UnitCost: "30",
			Length: "30", Width: "20", Height: "15", Weight: "0.5"}, "large_standard", "13.59", "6.75", "0", "18.72"},
		// Beauty is 8% up to C$15 in Canada (up to $10 in the US).
		{"CA beauty under C$15", finance.CalcInput{Marketplace: "CA", Category: "beauty", Price: "12", UnitCost: "10",
			Length: "10", Width: "10", Height: "1", Weight: "0.05"}, "small_standard", "7.22", "0.96", "0", "1.84"},
		// Remote Fulfilment to Mexico: a 1.97 in side is past small standard; 0.66 lb (above its 0.66 lb
		// dimensional weight) → large standard 6-12 oz, MX$125.53; IVA 499 × 16/116; 40 CNY is MX$103.90.
		{"MX large standard", finance.CalcInput{Marketplace: "MX", Category: "home", Price: "499", UnitCost: "40",
			Length: "20", Width: "15", Height: "5", Weight: "0.3", TaxRegistered: true},
			"large_standard", "125.53", "74.85", "68.83", "125.89"},
		// 27.56 in long: small oversize; 5,125.9 in³ / 139 = 36.88 lb dimensional → MX$213.06 + 35 × MX$6.90.
		{"MX small oversize", finance.CalcInput{Marketplace: "MX", Category: "home", Price: "1999", UnitCost: "200",
			Length: "70", Width: "40", Height: "30", Weight: "5"}, "small_oversize", "454.56", "299.85", "0", "725.11"},
		// 20 × 15 × 5 cm, 300 g (and 300 g dimensional): small parcel up to 400 g → £2.41; VAT 24.99 × 20/120.
		{"UK small parcel", finance.CalcInput{Marketplace: "UK", Category: "home", Price: "24.99", UnitCost: "40",
			Length: "20", Width: "15", Height: "5", Weight: "0.3", TaxRegistered: true}, "small_parcel", "2.41", "3.75", "4.17", "10.36"},
		// 40 × 30 × 20 cm: 4,800 g dimensional over a 2 kg unit: standard parcel up to 5.9 kg → €6.14; VAT 19/119.
		{"DE standard parcel", finance.CalcInput{Marketplace: "DE", Category: "home", Price: "49.99", UnitCost: "82",
			Length: "40", Width: "30", Height: "20", Weight: "2", TaxRegistered: true}, "standard_parcel", "6.14", "7.50", "7.98", "18.37"},
		// Not registered for VAT: nothing deducted.
		{"DE unregistered", finance.CalcInput{Marketplace: "DE", Category: "home", Price: "49.99", UnitCost: "82",
			Length: "40", Width: "30", Height: "20", Weight: "2"}, "standard_parcel", "6.14", "7.50", "0", "26.35"},
		// Sides 20, 15, 5 (sum 40), 400 g: 標準2 → ¥434; 15% + 0.4 above ¥750 → 15.4% of ¥2,980; tax 10/110.
		{"JP standard 2", finance.CalcInput{Marketplace: "JP", Category: "home", Price: "2980", UnitCost: "50",
			Length: "20", Width: "15", Height: "5", Weight: "0.4", TaxRegistered: true}, "standard_2", "434", "459", "271", "741"},
		// ¥700 is not above ¥750: 15% flat.
		{"JP cheap", finance.CalcInput{Marketplace: "JP", Category: "home", Price: "700", UnitCost: "0",
			Length: "20", Width: "15", Height: "1.5", Weight: "0.2"}, "small", "288", "105", "0", "307"},
	} {
		r, err := s.Calculate(context.Background(), p.CompanyID, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := []string{r.Tier, r.Fulfilment.Local.String(), r.Referral.Local.String(), r.Tax.Local.String(), r.Profit.Local.String()}
		want := []string{c.tier, c.fba, c.referral, c.tax, c.profit}
		for i := range want {
			if !equalDecimalText(got[i], want[i]) {
				t.Errorf("%s: tier, fba, referral, tax, profit = %v, want %v", c.name, got, want)
				break
			}
		}
	}
}

// equalDecimalText compares decimals written with or without trailing zeros (3.00 and 3).
func equalDecimalText(a, b string) bool {
	if a == b {
		return true
	}
	da, err1 := decimalOf(a)
	db, err2 := decimalOf(b)
	return err1 == nil && err2 == nil && da.Equal(db)
}

// The first product in both currencies: CNY figures are the marketplace's at the company's rate, the cost is the
// CNY typed, and margin and ROI are read from the CNY figures.
func TestTheCalculatorAnswersInBothCurrencies(t *testing.T) {
	db := dbtest.Open(t, dbtest.SQLite)
	s, p := world(t, db, time.Date(2026, 11, 20, 4, 0, 0, 0, time.UTC))
	setRate(t, s, p, "USD", "2026-11", "7.2")
	r, err := s.Calculate(context.Background(), p.CompanyID, finance.CalcInput{Marketplace: "US", Category: "accessories",
		Price: "19.99", UnitCost: "20", FirstLeg: "5", Length: "15", Width: "8", Height: "1.5", Weight: "0.1"})
	if err != nil {
		t.Fatal(err)
	}
	// 19.99 × 7.2 = 143.928; 3.00 × 7.2 = 21.6; 3.42 × 7.2 = 24.624; profit 143.93 − 21.60 − 24.62 − 25.
	for _, c := range []struct{ what, got, want string }{
		{"rate", r.Rate.String(), "7.2"}, {"rate month", r.RateMonth, "2026-11"},
		{"price", r.Price.CNY.String(), "143.93"}, {"referral", r.Referral.CNY.String(), "21.6"},
		{"fba", r.Fulfilment.CNY.String(), "24.62"}, {"cost", r.Cost.CNY.String(), "25"},
		{"cost in USD", r.Cost.Local.String(), "3.47"}, {"profit", r.Profit.CNY.String(), "72.71"},
		{"margin", r.Margin.String(), "50.52"}, {"roi", r.ROI.String(), "290.84"},
		{"shipping weight", r.ShippingWeight.String() + r.WeightUnit, "0.22lb"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s, want %s", c.what, c.got, c.want)
		}
	}
}

// The calculator lists every marketplace of the specification, offering those with a card: the demo's North
// American three, the UK, Germany and Japan; the others are listed as not supported, with their names.
func TestTheCalculatorListsEveryMarketplaceAndWhichItSupports(t *testing.T) {
	db := dbtest.Open(t, dbtest.SQLite)
	s, _ := world(t, db, time.Date(2026, 11, 20, 4, 0, 0, 0, time.UTC))
	opts := s.CalculatorOptions()
	var supported []string
	for _, o := range opts {
		if o.Supported {
			supported = append(supported, o.Code+" "+o.Currency+" "+o.TaxName)
			if len(o.Categories) == 0 || o.CardNote == "" {
				t.Errorf("%s has no categories or note", o.Code)
			}
		} else if o.Name == "" || len(o.Categories) != 0 {
			t.Errorf("unsupported %+v", o)
		}
	}
	want := []string{"US USD ", "CA CAD ", "MX MXN IVA", "UK GBP VAT", "DE EUR VAT", "JP JPY 消费税"}
	if len(opts) != 20 || !slices.Equal(supported, want) || opts[3].Code != "BR" || opts[3].Name != "巴西" {
		t.Fatalf("%d marketplaces, supported %q, want 20 and %q, BR fourth", len(opts), supported, want)
	}
}

// A portioned category's rate is what its fee comes to: $50 + $2.50 on $300 of jewelry is 17.5%.
func TestAPortionedCategoryShowsTheRateItsFeeComesTo(t *testing.T) {
	db := dbtest.Open(t, dbtest.SQLite)
	s, p := world(t, db, time.Date(2026, 11, 20, 4, 0, 0, 0, time.UTC))
	r, err := s.Calculate(context.Background(), p.CompanyID, finance.CalcInput{Marketplace: "US", Category: "jewelry",
		Price: "300", UnitCost: "0", Length: "10", Width: "8", Height: "1", Weight: "0.05"})
	if err != nil || r.ReferralPercent.String() != "17.5" || r.ROI != nil {
		t.Fatalf("jewelry: %+v, %v; want 17.5%% and no ROI without a cost", r, err)
	}
}

func TestTheCalculatorNamesWhatIsWrong(t *testing.T) {
	db := dbtest.Open(t, dbtest.SQLite)
	s, p := world(t, db, time.Date(2026, 11, 20, 4, 0, 0, 0, time.UTC))
	ok := finance.CalcInput{Marketplace: "US", Category: "home", Price: "20", UnitCost: "10", Length: "10",
		Width: "10", Height: "5", Weight: "0.2"}
	for _, c := range []struct {
		change func(*finance.CalcInput)
		msg    string
	}{
		{func(in *finance.CalcInput) { in.Marketplace = "" }, "请选择站点"},
		{func(in *finance.CalcInput) { in.Marketplace = "BR" }, "利润计算器不支持该站点"},
		{func(in *finance.CalcInput) { in.Category = "" }, "请选择品类"},
		{func(in *finance.CalcInput) { in.Category = "cars" }, "品类不存在"},
		{func(in *finance.CalcInput) { in.Price = "" }, "售价不能为空"},
		{func(in *finance.CalcInput) { in.Price = "abc" }, "售价必须是数字"},
		{func(in *finance.CalcInput) { in.Price = "0" }, "售价必须大于0"},
		{func(in *finance.CalcInput) { in.Price = "9.999" }, "售价最多2位小数"},
		{func(in *finance.CalcInput) { in.Marketplace, in.Price = "JP", "980.5" }, "售价必须是整数"},
		{func(in *finance.CalcInput) { in.UnitCost = "" }, "采购成本不能为空"},
		{func(in *finance.CalcInput) { in.UnitCost = "-1" }, "采购成本不能小于0"},
		{func(in *finance.CalcInput) { in.FirstLeg = "x" }, "头程运费必须是数字"},
		{func(in *finance.CalcInput) { in.Length = "" }, "长不能为空"},
		{func(in *finance.CalcInput) { in.Height = "0" }, "高必须大于0"},
		{func(in *finance.CalcInput) { in.Weight = "" }, "重量不能为空"},
		{func(in *finance.CalcInput) { in.Weight = "1.2345" }, "重量最多3位小数"},
		// 200 × 100 × 100 cm is 878 lb dimensional: past every tier of the US card.
		{func(in *finance.CalcInput) { in.Length, in.Width, in.Height, in.Weight = "200", "100", "100", "40" },
			"尺寸或重量超出计算器支持的范围，请以亚马逊后台的费用预估为准"},
	} {
		in := ok
		c.change(&in)
		_, err := s.Calculate(context.Background(), p.CompanyID, in)
		var e *core.Error
		if !errors.As(err, &e) || e.Msg != c.msg {
			t.Errorf("%+v: %v, want %s", in, err, c.msg)
		}
	}
}
