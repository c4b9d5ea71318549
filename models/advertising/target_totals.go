package advertising

import (
	"errors"
	"math/rand/v2"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// keptRanges bounds the ranges a company keeps totals of (adv_target_ranges): past it the least recently summed
// go. A range is asked again by its screen's users within the day; the preset ranges move daily.
const keptRanges = 8

// staleClaim is how long a range being summed by a request keeps others out: one that died leaves its claim.
const staleClaim = 2 * time.Minute

// errClaimLost stops a build whose claim another request took over (after staleClaim).
var errClaimLost = errors.New("advertising: the range's totals were claimed by another request")

// targetTotalsReady tells whether adv_target_totals holds the company's keyword and target totals of start..end
// at the current GenerationAdvTargets, summing them first when no other request is: false sends the caller to the
// days themselves. The generation is read before the days are summed, so totals summed while an import commits
// are kept at the generation before it and never used after it.
func targetTotalsReady(db *models.DB, companyID int64, start, end string, now time.Time) (bool, error) {
	var generation int64
	err := db.Table("report_generations").Where("company_id = ? AND kind = ?", companyID, models.GenerationAdvTargets).
		Select("COALESCE(MAX(generation), 0)").Scan(&generation).Error
	if err != nil {
		return false, err
	}
	var kept []struct {
		Generation int64
		BuiltAt    time.Time
	}
	err = db.Table("adv_target_ranges").Where("company_id = ? AND start_day = ? AND end_day = ?", companyID, start, end).
		Select("generation, built_at").Find(&kept).Error
	if err != nil {
		return false, err
	}
	// Claim the range with a token of this request's (below 0: being summed): a new range by its insert, an old or
	// abandoned one by changing the generation it was read at.
	token := -1 - rand.Int64N(1<<62)
	var claim *gorm.DB
	switch {
	case len(kept) == 0:
		claim = db.Exec(`INSERT INTO adv_target_ranges (company_id, start_day, end_day, generation, built_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (company_id, start_day, end_day) DO NOTHING`, companyID, start, end, token, now)
	case kept[0].Generation == generation:
		return true, nil
	case kept[0].Generation < 0 && now.Sub(kept[0].BuiltAt) < staleClaim:
		return false, nil
	default:
		claim = db.Exec(`UPDATE adv_target_ranges SET generation = ?, built_at = ?
			WHERE company_id = ? AND start_day = ? AND end_day = ? AND generation = ?`,
			token, now, companyID, start, end, kept[0].Generation)
	}
	if claim.Error != nil || claim.RowsAffected != 1 {
		return false, claim.Error
	}
	err = db.Transaction(func(g *gorm.DB) error {
		tx := db.On(g)
		if err := tx.Exec("DELETE FROM adv_target_totals WHERE company_id = ? AND start_day = ? AND end_day = ?",
			companyID, start, end).Error; err != nil {
			return err
		}
		err := tx.Exec(`INSERT INTO adv_target_totals (company_id, start_day, end_day, profile_id, target_id, impressions,
			clicks, cost, orders, sales, units)
			SELECT company_id, ?, ?, profile_id, target_id, SUM(impressions), SUM(clicks), SUM(cost), SUM(orders), SUM(sales),
			SUM(units) FROM adv_target_days WHERE company_id = ? AND day >= ? AND day <= ? GROUP BY company_id, profile_id, target_id`,
			start, end, companyID, start, end).Error
		if err != nil {
			return err
		}
		done := tx.Exec(`UPDATE adv_target_ranges SET generation = ?, built_at = ?
			WHERE company_id = ? AND start_day = ? AND end_day = ? AND generation = ?`,
			generation, now, companyID, start, end, token)
		if done.Error != nil || done.RowsAffected != 1 {
			return errors.Join(done.Error, errClaimLost)
		}
		return forgetRanges(tx, companyID)
	})
	if errors.Is(err, errClaimLost) {
		return false, nil
	}
	if err != nil {
		// Let the next request sum the range rather than wait out the claim.
		db.Exec("DELETE FROM adv_target_ranges WHERE company_id = ? AND start_day = ? AND end_day = ? AND generation = ?",
			companyID, start, end, token)
		return false, err
	}
	return true, nil
}

// forgetRanges drops the company's kept ranges past the keptRanges most recently summed, with their totals.
func forgetRanges(tx *models.DB, companyID int64) error {
	var old []struct{ StartDay, EndDay string }
	err := tx.Table("adv_target_ranges").Where("company_id = ?", companyID).Select("start_day, end_day").
		Order("built_at DESC").Order("start_day").Order("end_day").Offset(keptRanges).Limit(1000).Find(&old).Error
	if err != nil {
		return err
	}
	for _, r := range old {
		for _, table := range []string{"adv_target_totals", "adv_target_ranges"} {
			if err := tx.Exec("DELETE FROM "+table+" WHERE company_id = ? AND start_day = ? AND end_day = ?",
				companyID, r.StartDay, r.EndDay).Error; err != nil {
				return err
			}
		}
	}
	return nil
}
