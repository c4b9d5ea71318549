package orders

import (
	"strconv"
	"strings"

	"gorm.io/gorm"

	"sellerhub/models"
)

// eachStoresOrders selects the list's orders for a user limited to several stores, in 订单号 order, as each store's
// first orders in that order, read from the store's range of the orders' index by store and order id (migration
// 00051), together. A store's orders lie apart in the order ids (Amazon numbers them by region), and the index of
// order ids was walked testing every other store's order before them (a clerk of 日本站 and 欧洲站: 174 ms a page on
// SQLite at 359,000 orders, the US store's 57% first; 4.4 s at 20 users). Each store gives its orders up to the
// page's end, and to one past the cap when the page counts them, so that the union holds the page and the capped
// count. ok is false where it does not apply: a page next to an anchor walks from it (the anchor's condition is
// the outer query's), and a search is gathered or tested on its own (order_search.go).
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
