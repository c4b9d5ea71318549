package models

import (
	"strconv"
	"strings"
)

// RaiseSalesGeneration raises the sales generation of the company's seller accounts (0: what is the company's
// own, its exchange rates) in the caller's transaction, so that a report answer kept from before the change is
// not served once the change is visible (migration 00037).
func (db *DB) RaiseSalesGeneration(companyID int64, sellerIDs ...int64) error {
	for _, id := range sellerIDs {
		err := db.Exec(`INSERT INTO sales_generations (company_id, seller_id, generation) VALUES (?, ?, 1)
			ON CONFLICT (company_id, seller_id) DO UPDATE SET generation = sales_generations.generation + 1`,
			companyID, id).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// SellersOf are the distinct company and seller account ids of a batch's rows.
func SellersOf[T any](rows []T, ids func(*T) (int64, int64)) map[int64][]int64 {
	out := map[int64][]int64{}
	seen := map[[2]int64]bool{}
	for i := range rows {
		c, s := ids(&rows[i])
		if !seen[[2]int64{c, s}] {
			seen[[2]int64{c, s}] = true
			out[c] = append(out[c], s)
		}
	}
	return out
}

// RaiseSalesGenerations raises the generation of every seller account of a batch's rows.
func (db *DB) RaiseSalesGenerations(sellers map[int64][]int64) error {
	for c, ids := range sellers {
		if err := db.RaiseSalesGeneration(c, ids...); err != nil {
			return err
		}
	}
	return nil
}

// SalesVersion is what a sales answer kept for the user is good for: the company's sales generation (the sum of
// its counters, each only ever raised), and the store groups the user is limited to ("" for all), which a change
// of the user's grants changes at once.
func (db *DB) SalesVersion(companyID, userID int64) (int64, string, error) {
	var generation int64
	err := db.Table("sales_generations").Where("company_id = ?", companyID).
		Select("COALESCE(SUM(generation), 0)").Scan(&generation).Error
	if err != nil {
		return 0, "", err
	}
	var groups []int64
	err = db.Table("user_store_groups").Where("user_id = ?", userID).Order("group_id").Pluck("group_id", &groups).Error
	ids := make([]string, len(groups))
	for i, g := range groups {
		ids[i] = strconv.FormatInt(g, 10)
	}
	return generation, strings.Join(ids, ","), err
}

// ListVersion is what a list read for a user is good for: the company's sales generation and the store groups the
// user is limited to (SalesVersion: their ids, "" for all). The zero version keeps nothing.
type ListVersion struct {
	Generation int64
	Groups     string
}

// LimitedTo is the store groups the user is limited to, none for a user of all.
func (v ListVersion) LimitedTo() []int64 {
	var ids []int64
	for _, text := range strings.Split(v.Groups, ",") {
		if id, err := strconv.ParseInt(text, 10, 64); err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// Kinds of report generation (migration 00040): what else than sales a kept answer reads, each raised by triggers in
// the transaction of every change to it.
const (
	// GenerationProfit is 利润报告's: products' cost and size, SKU配对, shipments and their items, 利润配置, fee
	// estimates, store names.
	GenerationProfit = "profit"
	// GenerationFBAStock is 首页's: Amazon's FBA stock.
	GenerationFBAStock = "fba_stock"
	// GenerationFBALedger is the FBA ledger's daily balances, raised in Go by their import (亚马逊补货计划's days out
	// of stock).
	GenerationFBALedger = "fba_ledger"
	// GenerationReplenishment is what else 亚马逊补货计划 reads (00156): local stock, warehouses' kind, purchase
	// orders, the plan's inputs, 销售预测's plans and products' suppliers.
	GenerationReplenishment = "replenishment"
	// GenerationAdvTargets is the keywords' and targets' days (adv_target_days), raised in Go by the targeting
	// report's import: 广告管理's kept totals of a range (00179) hold at one generation.
	GenerationAdvTargets = "adv_targets"
)

// RaiseReportGeneration raises the company's generation of the kind in the caller's transaction.
func (db *DB) RaiseReportGeneration(companyID int64, kind string) error {
	return db.Exec(`INSERT INTO report_generations (company_id, kind, generation) VALUES (?, ?, 1)
		ON CONFLICT (company_id, kind) DO UPDATE SET generation = report_generations.generation + 1`, companyID, kind).Error
}

// ReportVersion is what an answer kept for the user that reads sales and the kinds' data is good for: the sales
// generation plus the company's generations of the kinds (all only ever raised), and the user's store groups.
func (db *DB) ReportVersion(companyID, userID int64, kinds ...string) (int64, string, error) {
	sales, groups, err := db.SalesVersion(companyID, userID)
	if err != nil {
		return 0, "", err
	}
	var other int64
	err = db.Table("report_generations").Where("company_id = ? AND kind IN ?", companyID, kinds).
		Select("COALESCE(SUM(generation), 0)").Scan(&other).Error
	return sales + other, groups, err
}
