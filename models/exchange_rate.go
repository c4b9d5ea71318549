package models

import (
	"database/sql/driver"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

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

// ExchangeRate is the company's rate of one currency to CNY from Month (yyyy-MM) on, until the next month that
// has a row of the same currency.
type ExchangeRate struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Currency  string
	Month     string
	Rate      Rate
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new rate its id.
func (r *ExchangeRate) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = NewID()
	}
	return nil
}

// ExchangeRates lists every rate the company has set, by currency and month: a company sets one a month per
// currency at most, so this is small enough to read whole for a conversion.
func (db *DB) ExchangeRates(companyID int64) ([]ExchangeRate, error) {
	rows := []ExchangeRate{}
	return rows, db.Scopes(InCompany("exchange_rates", companyID)).
		Order("exchange_rates.currency, exchange_rates.month").Find(&rows).Error
}

// ExchangeRateHistory lists a page of the company's rates of one currency, the latest month first, with the total.
func (db *DB) ExchangeRateHistory(companyID int64, currency string, offset, limit int) ([]ExchangeRate, int64, error) {
	rows := []ExchangeRate{}
	query := func() *gorm.DB {
		return db.Model(&ExchangeRate{}).Scopes(InCompany("exchange_rates", companyID)).
			Where("exchange_rates.currency = ?", currency)
	}
	p := listPage{matching: query, id: "exchange_rates.id", order: ordered("exchange_rates.month DESC, exchange_rates.id DESC"),
		offset: offset, limit: limit}
	total, err := readPage(db, p, p.of(query), &rows)
	return rows, total, err
}

// ExchangeRateByID loads one of the company's rates, or ErrNotFound (also for another company's).
func (db *DB) ExchangeRateByID(companyID, id int64) (*ExchangeRate, error) {
	var r ExchangeRate
	err := db.Scopes(InCompany("exchange_rates", companyID)).Where("exchange_rates.id = ?", id).Take(&r).Error
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// ExchangeRateOfMonth loads the company's rate of the currency set for exactly that month, or ErrNotFound.
func (db *DB) ExchangeRateOfMonth(companyID int64, currency, month string) (*ExchangeRate, error) {
	var r ExchangeRate
	err := db.Scopes(InCompany("exchange_rates", companyID)).
		Where("exchange_rates.currency = ? AND exchange_rates.month = ?", currency, month).Take(&r).Error
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// CreateExchangeRate stores a month's new rate. Every write of a rate raises the company's sales generation in
// its transaction: 销售报表's kept answers converted at the old rate are out of date.
func (db *DB) CreateExchangeRate(r *ExchangeRate) error {
	return db.Tx(db.Statement.Context, func(tx *DB) error {
		if err := tx.Create(r).Error; err != nil {
			return err
		}
		return tx.raiseSalesGeneration(r.CompanyID, 0)
	})
}

// UpdateExchangeRate saves the changed rate of a month that had one.
func (db *DB) UpdateExchangeRate(r *ExchangeRate) error {
	return db.Tx(db.Statement.Context, func(tx *DB) error {
		err := affectedOne(tx.Model(r).Scopes(InCompany("exchange_rates", r.CompanyID)).
			Select("rate", "updated_at").Updates(r))
		if err != nil {
			return err
		}
		return tx.raiseSalesGeneration(r.CompanyID, 0)
	})
}

// DeleteExchangeRate deletes one of the company's rates, or answers ErrNotFound.
func (db *DB) DeleteExchangeRate(companyID, id int64) error {
	return db.Tx(db.Statement.Context, func(tx *DB) error {
		err := affectedOne(tx.Scopes(InCompany("exchange_rates", companyID)).Where("exchange_rates.id = ?", id).
			Delete(&ExchangeRate{}))
		if err != nil {
			return err
		}
		return tx.raiseSalesGeneration(companyID, 0)
	})
}
