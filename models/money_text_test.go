package models

import "testing"

// TestMoneyText: two decimals, thousands separators and the currency's symbol, whatever the currency.
func TestMoneyText(t *testing.T) {
	for _, c := range []struct{ amount, currency, want string }{
		{"1478", "USD", "$1,478.00"},
		{"146.4", "GBP", "£146.40"},
		{"16.99", "EUR", "€16.99"},
		{"878040.135", "CNY", "¥878,040.14"},
		{"1980", "JPY", "JP¥1,980.00"},
		{"-3.5", "USD", "-$3.50"},
		{"-0.004", "USD", "$0.00"},
		{"1234567.8", "SGD", "SGD 1,234,567.80"},
		{"999.995", "CAD", "C$1,000.00"},
		{"5", "", ""},
	} {
		m, err := NewMoney(c.amount)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Text(c.currency); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.amount, c.currency, got, c.want)
		}
	}
}
