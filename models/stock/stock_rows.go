package stock

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

type stockKey struct{ warehouseID, productID int64 }

// stockChunk bounds the rows one statement of values changes on SQLite (well under its parameter limit), and the
// lines of SetLineCosts.
const stockChunk = 500

// lockedColumns are the columns of a Stock, as the statements that lock and read rows by the thousand select them.
const lockedColumns = "stocks.id, stocks.company_id, stocks.warehouse_id, stocks.product_id, stocks.inbound, " +
	"stocks.fulfillable, stocks.outbound, stocks.binned, stocks.stocktake_id, stocks.updated_at"

// lockStocks answers the stock rows of the changes' products and of those frozen by the stocktake released (0:
// none), each created at zero when missing, locked for update until the transaction ends, in (warehouse, product)
// order: every locker takes rows in that order, so two never deadlock. On PostgreSQL the missing rows are created
// in one statement, and only they (the insert's trigger, the sort keys, runs once per new row), then all locked
// in one more; SQLite, which locks the whole database, reads them by the stockChunk (lockChunks).
func lockStocks(db *models.DB, companyID int64, changes []StockChange, released int64, now time.Time) (map[stockKey]*Stock, error) {
	keys := make([]stockKey, 0, len(changes))
	for _, c := range changes {
		keys = append(keys, stockKey{c.WarehouseID, c.ProductID})
	}
	if released != 0 {
		var frozen []Stock
		if err := db.Table("stocks").Select("warehouse_id, product_id").
			Where("company_id = ? AND stocktake_id = ?", companyID, released).Find(&frozen).Error; err != nil {
			return nil, err
		}
		for _, f := range frozen {
			keys = append(keys, stockKey{f.WarehouseID, f.ProductID})
		}
	}
	slices.SortFunc(keys, func(a, b stockKey) int {
		if a.warehouseID != b.warehouseID {
			return compareIDs(a.warehouseID, b.warehouseID)
		}
		return compareIDs(a.productID, b.productID)
	})
	keys = slices.Compact(keys)
	rows := make(map[stockKey]*Stock, len(keys))
	if len(keys) == 0 {
		return rows, nil
	}
	if db.Driver != "postgres" {
		return rows, lockChunks(db, companyID, keys, now, rows)
	}
	// The keys as rows k(id, w, p) from three arrays, one parameter each however many rows.
	ids, ws, ps := make([]int64, len(keys)), make([]int64, len(keys)), make([]int64, len(keys))
	for i, k := range keys {
		ids[i], ws[i], ps[i] = models.NewID(), k.warehouseID, k.productID
	}
	const from = "(SELECT unnest(CAST(? AS BIGINT[])) AS id, unnest(CAST(? AS BIGINT[])) AS w, unnest(CAST(? AS BIGINT[])) AS p) AS k"
	args := []any{bigintArray(ids), bigintArray(ws), bigintArray(ps)}
	// Rows another transaction creates meanwhile are not seen by NOT EXISTS: their insert waits for it and
	// then does nothing.
	err := db.Exec("INSERT INTO stocks (id, company_id, warehouse_id, product_id, updated_at) SELECT k.id, ?, k.w, k.p, ? FROM "+
		from+" WHERE NOT EXISTS (SELECT 1 FROM stocks s WHERE s.warehouse_id = k.w AND s.product_id = k.p) "+
		"ORDER BY k.w, k.p ON CONFLICT (warehouse_id, product_id) DO NOTHING", append([]any{companyID, now}, args...)...).Error
	if err != nil {
		return nil, err
	}
	// Locked in the order they are sorted.
	var locked []Stock
	err = db.Raw("SELECT "+lockedColumns+" FROM stocks JOIN "+from+" ON stocks.warehouse_id = k.w AND stocks.product_id = k.p "+
		"WHERE stocks.company_id = ? ORDER BY stocks.warehouse_id, stocks.product_id FOR UPDATE OF stocks", append(args, companyID)...).
		Scan(&locked).Error
	if err != nil {
		return nil, err
	}
	for n := range locked {
		rows[stockKey{locked[n].WarehouseID, locked[n].ProductID}] = &locked[n]
	}
	return rows, nil
}

// lockChunks reads the sorted keys' rows into rows on SQLite, which locks the whole database for the transaction,
// stockChunk products of one warehouse a statement: the missing ones created (the insert ignores those that
// exist, so the triggers run for new rows only), then read.
func lockChunks(db *models.DB, companyID int64, keys []stockKey, now time.Time, rows map[stockKey]*Stock) error {
	for i := 0; i < len(keys); {
		j := i
		var products []int64
		for j < len(keys) && keys[j].warehouseID == keys[i].warehouseID && j-i < stockChunk {
			products = append(products, keys[j].productID)
			j++
		}
		warehouseID := keys[i].warehouseID
		fresh := make([]Stock, len(products))
		for n, p := range products {
			fresh[n] = Stock{ID: models.NewID(), CompanyID: companyID, WarehouseID: warehouseID, ProductID: p, UpdatedAt: now}
		}
		err := db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "warehouse_id"}, {Name: "product_id"}},
			DoNothing: true}).Create(&fresh).Error
		if err != nil {
			return err
		}
		var locked []Stock
		err = db.Select(lockedColumns).Where("stocks.warehouse_id = ? AND stocks.product_id IN ? AND stocks.company_id = ?",
			warehouseID, products, companyID).Find(&locked).Error
		if err != nil {
			return err
		}
		for n := range locked {
			rows[stockKey{warehouseID, locked[n].ProductID}] = &locked[n]
		}
		i = j
	}
	return nil
}

func compareIDs(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// bigintArray writes ids as a PostgreSQL array literal, one text parameter however many.
func bigintArray(ids []int64) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	b.WriteByte('}')
	return b.String()
}

// saveStocks writes the rows' new quantities and unfreezes them, in one write per row: MoveStock refused every
// row a stocktake froze except those of the stocktake it posts, which the same write releases. PostgreSQL takes
// them in one statement of arrays, SQLite stockChunk rows a statement.
func saveStocks(db *models.DB, rows []*Stock, now time.Time) error {
	if len(rows) == 0 {
		return nil
	}
	const set = "UPDATE stocks SET inbound = v.i, fulfillable = v.f, outbound = v.o, binned = v.b, stocktake_id = NULL, updated_at = ? FROM "
	if db.Driver == "postgres" {
		cols := make([][]int64, 5)
		for _, s := range rows {
			for c, v := range []int64{s.ID, int64(s.Inbound), int64(s.Fulfillable), int64(s.Outbound), int64(s.Binned)} {
				cols[c] = append(cols[c], v)
			}
		}
		return db.Exec(set+"(SELECT unnest(CAST(? AS BIGINT[])) AS id, unnest(CAST(? AS INTEGER[])) AS i, "+
			"unnest(CAST(? AS INTEGER[])) AS f, unnest(CAST(? AS INTEGER[])) AS o, unnest(CAST(? AS INTEGER[])) AS b) AS v "+
			"WHERE stocks.id = v.id", now, bigintArray(cols[0]), bigintArray(cols[1]), bigintArray(cols[2]),
			bigintArray(cols[3]), bigintArray(cols[4])).Error
	}
	for i := 0; i < len(rows); i += stockChunk {
		part := rows[i:min(i+stockChunk, len(rows))]
		values := make([]string, len(part))
		args := make([]any, 0, 5*len(part)+1)
		args = append(args, now)
		for n, s := range part {
			values[n] = "(CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS INTEGER))"
			args = append(args, s.ID, s.Inbound, s.Fulfillable, s.Outbound, s.Binned)
		}
		err := db.Exec(set+"(SELECT column1 AS id, column2 AS i, column3 AS f, column4 AS o, column5 AS b FROM (VALUES "+
			strings.Join(values, ", ")+")) AS v WHERE stocks.id = v.id", args...).Error
		if err != nil {
			return err
		}
	}
	return nil
}
