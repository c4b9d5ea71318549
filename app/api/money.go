package api

import "sellerhub/models"

// zeroDecimalCurrencies are the currencies whose amounts have no minor unit (Amazon writes yen as whole numbers).
var zeroDecimalCurrencies = map[string]bool{"JPY": true}

// MoneyText shows an amount with its currency's symbol and decimals ($19.99, ¥1980, -€3.50); "" for an amount
// without a currency (nothing reported it).
func MoneyText(m models.Money, currency string) string {
	if currency == "" {
		return ""
	}
	places := int32(2)
	if zeroDecimalCurrencies[currency] {
		places = 0
	}
	symbol, ok := models.CurrencySymbols[currency]
	if !ok {
		symbol = currency + " "
	}
	if m.IsNegative() {
		return "-" + symbol + m.Neg().StringFixed(places)
	}
	return symbol + m.StringFixed(places)
}
