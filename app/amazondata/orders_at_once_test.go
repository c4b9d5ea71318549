package amazondata_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// sharedDaysFile is an orders report of several batches whose orders all fall on three days and four SKUs, so
// that every batch adds to the same rows of the sales summary; first names the first order, and quantity gives
// each order's quantity of its first SKU.
func sharedDaysFile(first, orders int, quantity func(i int) int) string {
	days := []string{"2026-10-01T08:15:30+00:00", "2026-10-02T23:30:00+00:00", "2026-10-03T04:00:00+00:00"}
	var rows []map[string]string
	for i := range orders {
		id := fmt.Sprintf("111-%07d-0000001", first+i)
		for j, sku := range []string{fmt.Sprintf("SKU-%d", i%4), fmt.Sprintf("SKU-%d", (i+1)%4)} {
			qty := 1
			if j == 0 {
				qty = quantity(i)
			}
			rows = append(rows, orderLine(id, days[i%3], "Shipped", "Amazon.com", sku, fmt.Sprint(qty), "USD", fmt.Sprintf("%d.50", 10*qty)))
		}
	}
	return tsv(orderColumns, rows...)
}

// summaryOf reads a seller account's rows of every table of the sales summary, each as text.
func summaryOf(t *testing.T, db *models.DB, sellerID int64) []string {
	t.Helper()
	var out []string
	for _, q := range []string{
		"SELECT marketplace_id, sku, currency, day, bj_day, asin, product_name, units, orders, amount FROM sales_sku_days",
		"SELECT marketplace_id, sku, currency, month, bj_month, asin, product_name, units, orders, amount FROM sales_sku_months",
		"SELECT marketplace_id, currency, day, bj_day, units, orders, amount FROM sales_order_days",
		"SELECT marketplace_id, parent_key, currency, day, bj_day, orders FROM sales_parent_days",
		"SELECT marketplace_id, parent_key, currency, month, bj_month, orders FROM sales_parent_months",
	} {
		rows, err := db.Raw(q+" WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5", sellerID).Rows()
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%s %s", q[strings.LastIndex(q, " ")+1:], fmt.Sprint(vals...)))
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// expectSummaryAsItsItems checks that the sales summary the imports kept is the one summed again from all the
// stored items (EnsureSalesDays for a company whose summary was not built).
func expectSummaryAsItsItems(t *testing.T, db *models.DB, st amazondata.Store, when string) {
	t.Helper()
	kept := summaryOf(t, db, st.SellerID)
	if len(kept) == 0 {
		t.Fatalf("%s: no summary rows", when)
	}
	for _, table := range []string{"sales_sku_days", "sales_sku_months", "sales_order_days", "sales_parent_days",
		"sales_parent_months", "sales_days_built", "sales_parents_built"} {
		if err := db.Exec("DELETE FROM "+table+" WHERE company_id = ?", st.CompanyID).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := amazondatadb.EnsureSalesDays(db, st.CompanyID); err != nil {
		t.Fatal(err)
	}
	summed := summaryOf(t, db, st.SellerID)
	if strings.Join(kept, "\n") != strings.Join(summed, "\n") {
		t.Fatalf("%s: the summary kept by the import\n%s\nis not the one its items sum to\n%s",
			when, strings.Join(kept, "\n"), strings.Join(summed, "\n"))
	}
}

// TestOrderBatchesWrittenAtOnce imports reports of several batches, which PostgreSQL writes two at a time
// (OrderBatchWriters), into rows of the sales summary that every batch shares: the summary must be what its items
// sum to, for new orders (sums added), for changed ones (days summed again), and for two imports of the same new
// orders at once, of which one finds the other's orders written meanwhile and must write them as changes, not
// fail nor count them twice.
func TestOrderBatchesWrittenAtOnce(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		orders := amazondata.BatchLines + amazondata.BatchLines/2 // two lines each: three batches
		w.mustImport(t, amazondata.Orders, w.store, sharedDaysFile(0, orders, func(int) int { return 1 }), 2*orders, 3*orders)
		expectSummaryAsItsItems(t, db, w.store, "first import")

		// Every seventh order bought one more: each batch writes changed items and sums its days again.
		changed := sharedDaysFile(0, orders, func(i int) int {
			if i%7 == 0 {
				return 2
			}
			return 1
		})
		w.mustImport(t, amazondata.Orders, w.store, changed, 2*orders, (orders+6)/7)
		expectSummaryAsItsItems(t, db, w.store, "changed orders")

		// The same new orders, twice at once.
		more := sharedDaysFile(orders, orders, func(i int) int { return 2 })
		var wg sync.WaitGroup
		results := make([]amazondata.Result, 2)
		errs := make([]error, 2)
		for i := range results {
			wg.Go(func() { results[i], errs[i] = w.importFile(t, amazondata.Orders, w.store, more) })
		}
		wg.Wait()
		for i := range results {
			if errs[i] != nil || results[i].Lines != 2*orders {
				t.Fatalf("import %d at once: %+v %v", i, results[i], errs[i])
			}
		}
		if written := results[0].Written + results[1].Written; written != 3*orders {
			t.Fatalf("the two imports wrote %d rows, want the %d of one", written, 3*orders)
		}
		totals, err := amazondatadb.AmazonOrderTotalsOfSeller(db, w.store.CompanyID, w.store.SellerID)
		if err != nil || totals.Orders != int64(2*orders) || totals.Items != int64(4*orders) {
			t.Fatalf("totals = %+v %v", totals, err)
		}
		expectSummaryAsItsItems(t, db, w.store, "two imports at once")
	})
}
