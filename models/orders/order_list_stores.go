package orders

import (
	"strconv"
	"strings"

	"gorm.io/gorm"

	"sellerhub/models"
)

// eachStoresOrders selects, for a user limited to several stores, the list's orders in 订单号 order as each store's
// first ones from its range of the index by store and order id (migration 00051): Amazon numbers orders by region,
// and the order ids' index walked past every other store's. Each store gives up to the page's end (one past the cap
// when counting). ok is false for a page next to an anchor, which walks from it, and a search (order_search.go).
func eachStoresOrders(db *models.DB, companyID int64, f OrderFilter) (matching func() *gorm.DB, ok bool) {
	stores := f.Version.LimitedTo()
	if len(stores) < 2 || f.GroupID != 0 || f.OrderBy != "amazon_order_id" || f.Search != "" || f.Anchor != (models.Anchor{}) {
		return nil, false
	}
	rows := f.Offset + f.Limit + 1
	if f.Total == 0 {
		rows = max(rows, db.CountLimit()+1)
	}
	order := f.order("amazon_orders", "purchase_date")
	return func() *gorm.DB {
		branches := make([]string, len(stores))
		args := make([]any, len(stores))
		for i, store := range stores {
			one := f
			one.GroupID = store
			branches[i] = "SELECT * FROM (?) AS store" + strconv.Itoa(i)
			args[i] = orders(db, companyID, one, noSearch).
				Select("amazon_orders.id, amazon_orders.amazon_order_id, amazon_orders.seller_id").
				Scopes(order.Sort).Limit(rows)
		}
		return db.Table("("+strings.Join(branches, " UNION ALL ")+") AS amazon_orders", args...)
	}, true
}
