package orders_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/core"
	"sellerhub/app/orders"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// TestListTotalKeptUntilImport: a list's total is counted once and kept while nothing is imported (orders removed
// behind the product's back, which raises no generation, leave it as it was, on every page and sort), and
// counted again once an import writes orders.
func TestListTotalKeptUntilImport(t *testing.T) {
	eachShop(t, func(t *testing.T, db *models.DB) {
		s := newShop(t, db)
		svc := s.service(today0)
		ctx := context.Background()
		q := orders.OrderQuery{PageRequest: core.PageRequest{Current: 1, Size: 10}}
		total := func(q orders.OrderQuery) int64 {
			t.Helper()
			_, n, _, err := svc.OrderPage(ctx, s.owner, q)
			must(t, err)
			return n
		}
		first := total(q)
		if first <= 20 {
			t.Fatalf("%d orders: too few to page", first)
		}
		must(t, db.Exec(`DELETE FROM amazon_order_items WHERE company_id = ? AND amazon_order_id IN
			(SELECT amazon_order_id FROM amazon_orders WHERE company_id = ? AND seller_id = ? ORDER BY id LIMIT 5)`,
			s.owner.CompanyID, s.owner.CompanyID, s.na.ID).Error)
		must(t, db.Exec(`DELETE FROM amazon_orders WHERE id IN (SELECT id FROM amazon_orders WHERE company_id = ? AND seller_id = ?
			ORDER BY id LIMIT 5)`, s.owner.CompanyID, s.na.ID).Error)
		q.Sort, q.Order = "purchaseDate", "asc"
		if n := total(q); n != first {
			t.Fatalf("sorted: total %d, kept %d", n, first)
		}
		q.Current = 2
		page2, n, _, err := svc.OrderPage(ctx, s.owner, q)
		must(t, err)
		if n != first {
			t.Fatalf("page 2: total %d, kept %d", n, first)
		}
		// 下一页 asks for page 3 next to page 2's last row: the same list, the same kept total.
		q.Current, q.After = 3, core.AnchorID(page2[len(page2)-1].ID)
		if n := total(q); n != first {
			t.Fatalf("page 3 next to a row: total %d, kept %d", n, first)
		}
		q.After = 0

		when := today0.Add(-2 * time.Hour)
		_, err = amazondatadb.UpsertAmazonOrders(db, []amazondatadb.AmazonOrder{{CompanyID: s.owner.CompanyID, GroupID: s.na.GroupID, SellerID: s.na.ID,
			MarketplaceID: sellerdata.US, AmazonOrderID: "111-0000000-0000001", PurchaseDate: when, LastUpdatedDate: when,
			OrderStatus: "Shipped", FulfillmentChannel: "Amazon"}}, []amazondatadb.AmazonOrderItem{{CompanyID: s.owner.CompanyID,
			GroupID: s.na.GroupID, SellerID: s.na.ID, MarketplaceID: sellerdata.US, AmazonOrderID: "111-0000000-0000001",
			SKU: "NEW-SKU", PurchaseDate: when, OrderStatus: "Shipped", FulfillmentChannel: "Amazon", Quantity: 1, Currency: "USD"}})
		must(t, err)
		if n := total(q); n != first-5+1 {
			t.Fatalf("after an import: total %d, want %d", n, first-5+1)
		}
	})
}
