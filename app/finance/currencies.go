package finance

import (
	"github.com/shopspring/decimal"

	"sellerhub/models"
)

// Currency is one of the currencies of the specification's marketplaces, with its default rate to CNY.
type Currency struct {
	Code, Name, Symbol string
	// Default is the product's rate (CNY per unit) that applies before the company sets one of its own.
	Default decimal.Decimal
}

// DefaultsAsOf says when the default rates were taken (the screen shows it): mid-market rates of late 2026,
// rounded; a company that needs its bank's rates sets them per month.
const DefaultsAsOf = "2026年11月"

// Currencies are the spec's eleven currencies (section 3), in the order the screens list them, with the symbols
// of models' one table.
var Currencies = []Currency{
	{"CNY", "人民币", models.CurrencySymbols["CNY"], decimal.NewFromInt(1)},
	{"USD", "美元", models.CurrencySymbols["USD"], decimal.RequireFromString("7.1")},
	{"EUR", "欧元", models.CurrencySymbols["EUR"], decimal.RequireFromString("8.2")},
	{"GBP", "英镑", models.CurrencySymbols["GBP"], decimal.RequireFromString("9.3")},
	{"JPY", "日元", models.CurrencySymbols["JPY"], decimal.RequireFromString("0.0465")},
	{"CAD", "加拿大元", models.CurrencySymbols["CAD"], decimal.RequireFromString("5.05")},
	{"AUD", "澳大利亚元", models.CurrencySymbols["AUD"], decimal.RequireFromString("4.6")},
	{"MXN", "墨西哥比索", models.CurrencySymbols["MXN"], decimal.RequireFromString("0.385")},
	{"INR", "印度卢比", models.CurrencySymbols["INR"], decimal.RequireFromString("0.0805")},
	{"SEK", "瑞典克朗", models.CurrencySymbols["SEK"], decimal.RequireFromString("0.745")},
	{"PLN", "波兰兹罗提", models.CurrencySymbols["PLN"], decimal.RequireFromString("1.93")},
}

// currencyOf finds a currency by its code.
func currencyOf(code string) (Currency, bool) {
	for _, c := range Currencies {
		if c.Code == code {
			return c, true
		}
	}
	return Currency{}, false
}

// KnownCurrency tells whether code is one of Currencies.
func KnownCurrency(code string) bool {
	_, ok := currencyOf(code)
	return ok
}
