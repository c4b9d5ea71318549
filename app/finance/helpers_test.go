package finance_test

import "github.com/shopspring/decimal"

func decimalOf(s string) (decimal.Decimal, error) { return decimal.NewFromString(s) }
