package core

import (
	"context"
	"time"

	"sellerhub/models"
)

// Numbers gives the documents the product makes their numbers (发货计划, 入库单, 出库单, and the shipments made
// without Amazon's id): the series' letters, the company's date and the day's sequence, SP20261125-0001. The date
// is the one in the company's time zone (SELLERHUB_TIMEZONE), as every date the product shows: a plan made at
// 03:14 on the 25th in Beijing is of the 25th, though it is still the 24th in UTC.
type Numbers struct {
	db   *models.DB
	now  Clock
	zone *time.Location
}

// NewNumbers builds the numbering of the company's documents on the clock, in the company's time zone.
func NewNumbers(db *models.DB, now Clock, zone *time.Location) *Numbers {
	return &Numbers{db: db, now: now, zone: zone}
}

// numberTries bounds how often a write runs again because a document numbered at the same moment took its number.
const numberTries = 5

// Write runs write in one transaction, with next answering the company's next number of the series today; a
// write numbering several documents stores each before asking for the next. Two writes numbered at once get the
// same number and the unique index refuses the second: it runs again with the next one, up to numberTries times.
// The write must hand back that refusal as it is (not through DuplicateAs), and leave nothing of a failed run in
// what outlives it.
func (n *Numbers) Write(ctx context.Context, series models.NumberSeries, companyID int64, write func(tx *models.DB, next func() (string, error)) error) error {
	day := n.now().In(n.zone).Format("20060102")
	for try := 1; ; try++ {
		err := n.db.Tx(ctx, func(tx *models.DB) error {
			return write(tx, func() (string, error) { return tx.NextNumber(series, companyID, day) })
		})
		if !models.IsDuplicate(err) || try == numberTries {
			return err
		}
	}
}
