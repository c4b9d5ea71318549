-- 订单管理 in 订单号 order beside its store or marketplace filter. Amazon's order ids begin with a number of the
-- region that sold them (111- to 114- North America, 0xx- to 4xx- Europe, 249-/250-/503- Japan), so a store's or a
-- marketplace's orders lie together in the index of order ids, behind every other region's: both databases walked
-- that index testing each order (at 715,000 orders, Japan's store, 8% of them and behind the rest: 543 ms a page on
-- SQLite and 193 ms on PostgreSQL with its total known, 1.1 s / 0.4 s counting it), or sorted all of a marketplace's
-- orders (SQLite, the US, 60% of them: 183 ms a page). Here a store's orders and a marketplace's are each a range of
-- their own in 订单号 order (order id, seller account: models/order_list.go).
-- Their price is two index entries more for each order imported: a first import of 300,000 lines, alternating runs,
-- took 5% more of SQLite's CPU and 16% more of PostgreSQL's server CPU (52,700 -> 46,900 lines/s there), which a
-- page that took half a second in a common order of a common filter is worth.

-- +goose Up
CREATE INDEX amazon_orders_company_group_order ON amazon_orders (company_id, group_id, amazon_order_id, seller_id);
CREATE INDEX amazon_orders_company_market_order ON amazon_orders (company_id, marketplace_id, amazon_order_id, seller_id);

-- +goose Down
DROP INDEX amazon_orders_company_market_order;
DROP INDEX amazon_orders_company_group_order;
