package models

import (
	"time"

	"gorm.io/gorm/clause"
)

// JobInstance is an instance working the job queue, by River's client id, and when it last said it was alive.
type JobInstance struct {
	ID     string `gorm:"primaryKey"`
	SeenAt time.Time
}

// JobInstanceAlive records that the instance is alive at now. Times are kept in UTC, so that instances in other
// time zones compare alike (SQLite compares them as text).
func (db *DB) JobInstanceAlive(id string, now time.Time) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns([]string{"seen_at"})}).
		Create(&JobInstance{ID: id, SeenAt: now.UTC()}).Error
}

// ForgetJobInstance removes a stopped instance.
func (db *DB) ForgetJobInstance(id string) error {
	return db.Delete(&JobInstance{}, "id = ?", id).Error
}

// RescueJobsOfGoneInstances frees the jobs left running by instances not seen since seenBefore, forgets those
// instances and answers the jobs' ids. Only an instance that said it was alive counts as gone; other jobs, and a
// job's last attempt, are left to River's own rescue. Racing rescuers agree: a running job is taken once.
func (db *DB) RescueJobsOfGoneInstances(seenBefore time.Time) ([]int64, error) {
	// The instance that worked a job last is the last of its attempted_by.
	owner := `json_extract(river_job.attempted_by, '$[#-1]')`
	if db.Driver == "postgres" {
		owner = `river_job.attempted_by[array_length(river_job.attempted_by, 1)]`
	}
	var ids []int64
	err := db.Tx(db.Context(), func(tx *DB) error {
		var gone []string
		if err := tx.Model(&JobInstance{}).Where("seen_at < ?", seenBefore.UTC()).Pluck("id", &gone).Error; err != nil || len(gone) == 0 {
			return err
		}
		if err := tx.Raw(`UPDATE river_job SET state = 'available' WHERE state = 'running' AND attempt < max_attempts AND `+
			owner+` IN ? RETURNING id`, gone).Scan(&ids).Error; err != nil {
			return err
		}
		return tx.Delete(&JobInstance{}, "id IN ?", gone).Error
	})
	return ids, err
}

// RunningJobsOfCompanyAhead counts the queue's jobs running for a company (their args' company_id), on every
// instance, that started before the job (by attempted_at, then id): the jobs that starting together agree come
// first, so that exactly the first ones run and the others wait, rather than all counting each other and waiting.
func (db *DB) RunningJobsOfCompanyAhead(companyID string, jobID int64) (int64, error) {
	company := `CAST(json_extract(o.args, '$.company_id') AS TEXT)`
	if db.Driver == "postgres" {
		company = `o.args->>'company_id'`
	}
	var n int64
	err := db.Raw(`SELECT count(*) FROM river_job o JOIN river_job me ON me.id = ? WHERE o.state = 'running' AND `+
		company+` = ? AND o.id <> me.id AND (o.attempted_at < me.attempted_at OR (o.attempted_at = me.attempted_at AND o.id < me.id))`,
		jobID, companyID).Scan(&n).Error
	return n, err
}
