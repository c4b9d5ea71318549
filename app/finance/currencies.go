package finance

import "github.com/shopspring/decimal"

// Currency is one of the currencies of the specification's marketplaces, with its default rate to CNY.
type Currency struct {
	Code, Name, Symbol string
	// Default is the product's rate (CNY per unit) that applies before the company sets one of its own.
	Default decimal.Decimal
}

// DefaultsAsOf says when the default rates were taken (the screen shows it): mid-market rates of late 2026,
// rounded; a company that needs its bank's rates sets them per month.
const DefaultsAsOf = "2026年11月"

// Currencies are the spec's eleven currencies (section 3), in the order the screens list them.
var Currencies = []Currency{
	{"CNY", "人民币", "¥", decimal.NewFromInt(1)},
	{"USD", "美元", "$", decimal.RequireFromString("7.1")},
	{"EUR", "欧元", "€", decimal.RequireFromString("8.2")},
	{"GBP", "英镑", "£", decimal.RequireFromString("9.3")},
	{"JPY", "日元", "¥", decimal.RequireFromString("0.0465")},
	{"CAD", "加拿大元", "C$", decimal.RequireFromString("5.05")},
	{"AUD", "澳大利亚元", "A$", decimal.RequireFromString("4.6")},
	{"MXN", "墨西哥比索", "Mex$", decimal.RequireFromString("0.385")},
	{"INR", "印度卢比", "₹", decimal.RequireFromString("0.0805")},
	{"SEK", "瑞典克朗", "kr", decimal.RequireFromString("0.745")},
	{"PLN", "波兰兹罗提", "zł", decimal.RequireFromString("1.93")},
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
