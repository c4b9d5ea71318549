-- 订单管理's status filter. Nine orders in ten are shipped; the rest (pending, unshipped, cancelled...) are the ones a
-- seller filters for, and no index held the status: a capped count of a rare status read every order of the
-- company (PostgreSQL planned a full scan for pending orders: 95 ms at 715,000 orders, ~400 ms with a search
-- beside it). This index holds the orders of every status but Shipped, in their status's date order; it stays
-- small (an order leaves it once shipped), so an import writes it for few orders. The condition is one the lists
-- write out as a literal (models.passing), so that both databases match it to this index: SQLite uses a partial
-- index only for a query that holds its condition.
-- The marketplace and store group ride on its entries (the filter beside a status, the user's grants), so a status
-- of one marketplace is found on the index alone: cancelled orders of one marketplace read 21,000 orders' rows
-- for 685 without them (111 ms).

-- +goose Up
CREATE INDEX amazon_orders_company_open_status ON amazon_orders (company_id, order_status, purchase_date, id)
    INCLUDE (marketplace_id, group_id) WHERE order_status <> 'Shipped';

-- +goose Down
DROP INDEX amazon_orders_company_open_status;
