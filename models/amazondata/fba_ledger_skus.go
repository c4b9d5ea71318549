package amazondata

import (
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// ledgerSKU is one of a company's distinct (seller SKU, FNSKU) pairs of the ledger's daily balances (migration
// 00173): FBA每日库存's keyword is tested against these before the balances are read by SKU.
type ledgerSKU struct {
	CompanyID int64  `gorm:"primaryKey;autoIncrement:false"`
	SKU       string `gorm:"column:sku;primaryKey"`
	FNSKU     string `gorm:"column:fnsku;primaryKey"`
}

func (ledgerSKU) TableName() string { return "fba_ledger_skus" }

// addLedgerSKUs records the pairs of a batch of balances that are not recorded yet, in the batch's transaction.
func addLedgerSKUs(tx *models.DB, balances []LedgerBalance) error {
	seen := map[ledgerSKU]bool{}
	pairs := []ledgerSKU{}
	for i := range balances {
		p := ledgerSKU{balances[i].CompanyID, balances[i].SKU, balances[i].FNSKU}
		if !seen[p] {
			seen[p] = true
			pairs = append(pairs, p)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	return tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(pairs, 500).Error
}

// ledgerSKUsFew is how many seller SKUs a keyword may name for FBA每日库存 to read their balances by SKU; a keyword
// that more hold (a common letter) reads the list in its order, testing each balance, as any other list does.
const ledgerSKUsFew = 200

// ledgerSKUsContaining are the company's seller SKUs whose own text or one of whose FNSKUs contains keyword, and
// whether they are few enough (ledgerSKUsFew) to read the balances by.
func ledgerSKUsContaining(db *models.DB, companyID int64, keyword string) (skus []string, few bool, err error) {
	q := db.Table("fba_ledger_skus").Where("fba_ledger_skus.company_id = ?", companyID)
	q = db.ContainsKeyword(q, keyword, "fba_ledger_skus.sku", "fba_ledger_skus.fnsku")
	err = q.Distinct("fba_ledger_skus.sku").Limit(ledgerSKUsFew+1).Pluck("fba_ledger_skus.sku", &skus).Error
	return skus, len(skus) <= ledgerSKUsFew, err
}
