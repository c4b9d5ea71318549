package finance_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	financedb "sellerhub/models/finance"
)

var beijing = time.FixedZone("CST", 8*3600)

// world is a finance service on db with its clock at now, and a company of its own.
func world(t *testing.T, db *models.DB, now time.Time) (*finance.Service, core.Principal) {
	t.Helper()
	c := &accountsdb.Company{Name: "汇率公司", CreatedAt: now, UpdatedAt: now}
	if err := db.Create(c).Error; err != nil {
		t.Fatal(err)
	}
	return finance.New(db, func() time.Time { return now }, beijing), core.Principal{CompanyID: c.ID}
}

func money(t *testing.T, s string) models.Money {
	t.Helper()
	m, err := models.NewMoney(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func setRate(t *testing.T, s *finance.Service, p core.Principal, currency, month, rate string) *financedb.ExchangeRate {
	t.Helper()
	r, err := s.SetRate(context.Background(), p, finance.RateForm{Currency: currency, Month: month, Rate: rate})
	if err != nil {
		t.Fatalf("set %s %s %s: %v", currency, month, rate, err)
	}
	return r
}

// The conversion rule: the product's default before the company's first month; a month's rate from that month
// on, until the next month that has one; months placed in Beijing time; CNY always 1.
func TestAMonthsRateHoldsUntilTheNextMonthThatHasOne(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		ctx := context.Background()
		s, p := world(t, db, time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
		on := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, beijing) }
		want := func(amount, currency string, day time.Time, cny string) {
			t.Helper()
			got, err := s.ToCNY(ctx, p.CompanyID, money(t, amount), currency, day)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != cny {
				t.Fatalf("%s %s on %s = %s CNY, want %s", amount, currency, day.Format(time.DateOnly), got, cny)
			}
		}
		// No rate of the company's: the default (USD 7.1).
		want("100", "USD", on(2026, 3, 1), "710")
		setRate(t, s, p, "USD", "2026-05", "7.2")
		setRate(t, s, p, "USD", "2026-09", "7.05")
		want("100", "USD", on(2026, 4, 30), "710")     // before the first month: the default
		want("100", "USD", on(2026, 5, 1), "720")      // the month itself
		want("100", "USD", on(2026, 8, 31), "720")     // held until the next month that has one
		want("100", "USD", on(2026, 9, 15), "705")     // the next one
		want("100", "USD", on(2027, 2, 1), "705")      // and on
		want("12.34", "usd", on(2026, 6, 1), "88.848") // codes in any case
		// 31 August 16:30 UTC is 1 September in Beijing: September's rate.
		got, err := s.ToCNY(ctx, p.CompanyID, money(t, "1"), "USD", time.Date(2026, 8, 31, 16, 30, 0, 0, time.UTC))
		if err != nil || got.String() != "7.05" {
			t.Fatalf("31 Aug 16:30 UTC = %s, %v; want September's 7.05", got, err)
		}
		// Other currencies keep their defaults; CNY is 1; yen round to Money's four decimals.
		want("1000", "JPY", on(2026, 6, 1), "46.5")
		want("0.01", "JPY", on(2026, 6, 1), "0.0005")
		want("99.99", "CNY", on(2026, 6, 1), "99.99")
		// Changing a month's rate changes that month's row, not a second one.
		setRate(t, s, p, "USD", "2026-05", "7.25")
		want("100", "USD", on(2026, 5, 1), "725")
		var rows int64
		db.Model(&financedb.ExchangeRate{}).Where("company_id = ?", p.CompanyID).Count(&rows)
		if rows != 2 {
			t.Fatalf("%d rate rows, want 2", rows)
		}

		// Another company's rates are not this one's.
		s2, p2 := world(t, db, time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
		if got, _ := s2.ToCNY(ctx, p2.CompanyID, money(t, "100"), "USD", on(2026, 6, 1)); got.String() != "710" {
			t.Fatalf("other company's 100 USD = %s, want the default 710", got)
		}
	})
}

func TestAnUnknownCurrencyIsAnErrorNamingIt(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s, p := world(t, db, time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
		_, err := s.ToCNY(context.Background(), p.CompanyID, money(t, "1"), "XYZ", time.Now())
		var e *core.Error
		if !errors.As(err, &e) || e.Msg != "不支持的币种：XYZ" {
			t.Fatalf("XYZ: %v, want 不支持的币种：XYZ", err)
		}
	})
}

func TestARateIsCheckedBeforeItIsSaved(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		s, p := world(t, db, time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
		for _, c := range []struct{ currency, month, rate, msg string }{
			{"", "2026-11", "7", "请选择币种"},
			{"XYZ", "2026-11", "7", "不支持的币种：XYZ"},
			{"CNY", "2026-11", "1", "人民币汇率固定为1，不能修改"},
			{"USD", "", "7", "月份不能为空"},
			{"USD", "2026-13", "7", "月份格式应为yyyy-MM，如2026-11"},
			{"USD", "2026/11", "7", "月份格式应为yyyy-MM，如2026-11"},
			{"USD", "2026-11", "", "汇率不能为空"},
			{"USD", "2026-11", "七", "汇率必须是数字，如7.1"},
			{"USD", "2026-11", "0", "汇率必须大于0"},
			{"USD", "2026-11", "-7", "汇率必须大于0"},
			{"USD", "2026-11", "7.1234567", "汇率最多6位小数"},
			{"USD", "2026-11", "100001", "汇率不能超过100000"},
		} {
			_, err := s.SetRate(context.Background(), p, finance.RateForm{Currency: c.currency, Month: c.month, Rate: c.rate})
			var e *core.Error
			if !errors.As(err, &e) || e.Msg != c.msg {
				t.Errorf("%+v: %v, want %s", c, err, c.msg)
			}
		}
		var n int64
		db.Model(&financedb.ExchangeRate{}).Count(&n)
		if n != 0 {
			t.Fatalf("%d rows after refused saves, want 0", n)
		}
		// Six decimals are kept exactly.
		setRate(t, s, p, "JPY", "2026-11", "0.046512")
		r, _, err := mustBook(t, s, p).RateOn("JPY", time.Date(2026, 11, 2, 0, 0, 0, 0, beijing))
		if err != nil || r.String() != "0.046512" {
			t.Fatalf("JPY = %s, %v", r, err)
		}
	})
}

func mustBook(t *testing.T, s *finance.Service, p core.Principal) *finance.RateBook {
	t.Helper()
	b, err := s.Rates(context.Background(), p.CompanyID)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
