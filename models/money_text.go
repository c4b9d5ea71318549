package models

import "strings"

// CurrencySymbols are the symbols money is shown with (ui-behaviour: formats and constants), the one table of the
// Go side (islands/lib/money.js holds the browser's copy). The yen is JP¥, as Chinese writes it (CLDR's zh
// symbol): a bare ¥ on a screen of yuan reads as yuan. A currency not here is shown with its code.
var CurrencySymbols = map[string]string{
	"USD": "$", "GBP": "£", "EUR": "€", "JPY": "JP¥", "CNY": "¥", "CAD": "C$",
	"INR": "₹", "AUD": "A$", "MXN": "Mex$", "SEK": "kr", "PLN": "zł",
}

// CurrencySymbol is the symbol of a currency, or its code and a space when it has none of its own.
func CurrencySymbol(currency string) string {
	if s, ok := CurrencySymbols[currency]; ok {
		return s
	}
	return currency + " "
}

// Text shows the amount as every screen shows money: the currency's symbol, thousands separators and two
// decimals (rounded half away from zero), the yen too (one rule: a yen average or share keeps its fraction, and a
// column of several currencies lines up), a minus before the symbol (-$3.50, ¥203,504.93, JP¥1,980.00); "" without
// a currency (nothing reported the amount).
func (m Money) Text(currency string) string {
	if currency == "" {
		return ""
	}
	s := m.StringFixed(2)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	b.WriteString(CurrencySymbol(currency))
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	b.WriteByte('.')
	b.WriteString(frac)
	return b.String()
}
