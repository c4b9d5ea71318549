// Package finance holds the company's money across currencies: its monthly exchange rates to CNY (each write
// raises the sales generation in its transaction) and the profit calculator's saved plans (计算方案). The Rate
// value type stays in the base beside Money.
package finance

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// ExchangeRate is the company's rate of one currency to CNY from Month (yyyy-MM) on, until the next month that
// has a row of the same currency.
type ExchangeRate struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Currency  string
	Month     string
	Rate      models.Rate
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new rate its id.
func (r *ExchangeRate) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = models.NewID()
	}
	return nil
}

// ExchangeRates lists every rate the company has set, by currency and month: a company sets one a month per
// currency at most, so this is small enough to read whole for a conversion.
func ExchangeRates(db *models.DB, companyID int64) ([]ExchangeRate, error) {
	rows := []ExchangeRate{}
	return rows, db.Scopes(models.InCompany("exchange_rates", companyID)).
		Order("exchange_rates.currency, exchange_rates.month").Find(&rows).Error
}

// ExchangeRateHistory lists a page of the company's rates of one currency, the latest month first, with the total.
func ExchangeRateHistory(db *models.DB, companyID int64, currency string, offset, limit int) ([]ExchangeRate, int64, error) {
	rows := []ExchangeRate{}
	query := func() *gorm.DB {
		return db.Model(&ExchangeRate{}).Scopes(models.InCompany("exchange_rates", companyID)).
			Where("exchange_rates.currency = ?", currency)
	}
	p := models.PageQuery{Matching: query, ID: "exchange_rates.id",
		Order: models.Ordered("exchange_rates.month DESC, exchange_rates.id DESC"), Offset: offset, Limit: limit}
	total, err := models.ReadPage(db, p, query, &rows)
	return rows, total, err
}

// ExchangeRateByID loads one of the company's rates, or ErrNotFound (also for another company's).
func ExchangeRateByID(db *models.DB, companyID, id int64) (*ExchangeRate, error) {
	var r ExchangeRate
	err := db.Scopes(models.InCompany("exchange_rates", companyID)).Where("exchange_rates.id = ?", id).Take(&r).Error
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// ExchangeRateOfMonth loads the company's rate of the currency set for exactly that month, or ErrNotFound.
func ExchangeRateOfMonth(db *models.DB, companyID int64, currency, month string) (*ExchangeRate, error) {
	var r ExchangeRate
	err := db.Scopes(models.InCompany("exchange_rates", companyID)).
		Where("exchange_rates.currency = ? AND exchange_rates.month = ?", currency, month).Take(&r).Error
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// CreateExchangeRate stores a month's new rate. Every write of a rate raises the company's sales generation in
// its transaction: 销售报表's kept answers converted at the old rate are out of date.
func CreateExchangeRate(db *models.DB, r *ExchangeRate) error {
	return db.Tx(db.Statement.Context, func(tx *models.DB) error {
		if err := tx.Create(r).Error; err != nil {
			return err
		}
		return tx.RaiseSalesGeneration(r.CompanyID, 0)
	})
}

// UpdateExchangeRate saves the changed rate of a month that had one.
func UpdateExchangeRate(db *models.DB, r *ExchangeRate) error {
	return db.Tx(db.Statement.Context, func(tx *models.DB) error {
		err := models.AffectedOne(tx.Model(r).Scopes(models.InCompany("exchange_rates", r.CompanyID)).
			Select("rate", "updated_at").Updates(r))
		if err != nil {
			return err
		}
		return tx.RaiseSalesGeneration(r.CompanyID, 0)
	})
}

// DeleteExchangeRate deletes one of the company's rates, or answers ErrNotFound.
func DeleteExchangeRate(db *models.DB, companyID, id int64) error {
	return db.Tx(db.Statement.Context, func(tx *models.DB) error {
		err := models.AffectedOne(tx.Scopes(models.InCompany("exchange_rates", companyID)).Where("exchange_rates.id = ?", id).
			Delete(&ExchangeRate{}))
		if err != nil {
			return err
		}
		return tx.RaiseSalesGeneration(companyID, 0)
	})
}
