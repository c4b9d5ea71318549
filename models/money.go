package models

import (
	"database/sql/driver"
	"fmt"

	"github.com/shopspring/decimal"
)

// Money is an amount kept as a whole number of ten-thousandths (BIGINT): Amazon's have at most two decimals, four
// leave room for per-unit shares (first-leg freight). An integer sums exactly on both databases, where SQLite's
// DECIMAL is floating-point and drifts over millions of lines. The currency is a column of its own.
type Money struct{ decimal.Decimal }

// moneyScale is the number of decimals a Money keeps.
const moneyScale = 4

// NewMoney reads a decimal string ("12.34", "-0.5", ""); an empty string is zero.
func NewMoney(s string) (Money, error) {
	if s == "" {
		return Money{}, nil
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return Money{}, fmt.Errorf("not an amount: %q", s)
	}
	if !d.Equal(d.Truncate(moneyScale)) {
		return Money{}, fmt.Errorf("amount %s has more than %d decimals", s, moneyScale)
	}
	return Money{d}, nil
}

// Value stores the amount as ten-thousandths.
func (m Money) Value() (driver.Value, error) {
	return m.units(), nil
}

// Scan reads ten-thousandths back (an integer, or the text SQLite may hand back for one).
func (m *Money) Scan(v any) error {
	units, err := scanUnits(v)
	if err != nil {
		return fmt.Errorf("money: %w", err)
	}
	m.Decimal = decimal.New(units, -moneyScale)
	return nil
}

// scanUnits reads a whole number of units (an amount's ten-thousandths, a rate's millionths) as the drivers hand
// it back: an integer, or the text SQLite may give for one.
func scanUnits(v any) (int64, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case int64:
		return x, nil
	case []byte:
		return unitsOfText(string(x))
	case string:
		return unitsOfText(x)
	default:
		return 0, fmt.Errorf("cannot scan %T", v)
	}
}

func unitsOfText(s string) (int64, error) {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return 0, err
	}
	return d.IntPart(), nil
}

// MoneyFromUnits turns a SUM of Money columns (ten-thousandths) into an amount.
func MoneyFromUnits(units int64) Money { return Money{decimal.New(units, -moneyScale)} }

// Units is the amount in ten-thousandths, as the database stores it: MoneyFromUnits turns it back.
func (m Money) Units() int64 { return m.units() }

// units is the amount as ten-thousandths without a detour through big numbers when it already has four decimals
// (as amounts read from reports do), which matters for a million-line report.
func (m Money) units() int64 {
	if m.Exponent() == -moneyScale && m.Coefficient().IsInt64() {
		return m.CoefficientInt64()
	}
	return m.Shift(moneyScale).IntPart()
}

// Rate is an exchange rate (CNY per unit of a currency) kept as a whole number of millionths (BIGINT): six
// decimals hold the yen's 0.0465 to the same relative precision as the dollar's 7.1, and an integer reads back the
// same on SQLite and PostgreSQL.
type Rate struct{ decimal.Decimal }

// RateScale is the number of decimals a Rate keeps.
const RateScale = 6

// NewRate reads a decimal string of at most RateScale decimals.
func NewRate(s string) (Rate, error) {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return Rate{}, fmt.Errorf("not a rate: %q", s)
	}
	if !d.Equal(d.Truncate(RateScale)) {
		return Rate{}, fmt.Errorf("rate %s has more than %d decimals", s, RateScale)
	}
	return Rate{d}, nil
}

// Value stores the rate as millionths.
func (r Rate) Value() (driver.Value, error) { return r.Shift(RateScale).IntPart(), nil }

// Scan reads millionths back.
func (r *Rate) Scan(v any) error {
	units, err := scanUnits(v)
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	r.Decimal = decimal.New(units, -RateScale)
	return nil
}
