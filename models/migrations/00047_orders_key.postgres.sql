-- An orders report writes every index of amazon_orders once per order, and two of them held the same order id:
-- the unique key by seller account and order id, and 订单管理's index by company and order id (the 订单号 order
-- and the search by the start of an order id). Dropped from a 300,000-line import, the second took 17% off
-- PostgreSQL's CPU: its entries land all over the index, as order ids do. A seller account belongs to one company,
-- so the company, order id and seller account are as unique as the seller account and order id: one index is both.
-- The 订单号 order is the index's own then (models/order_list.go); the ids are included, so that a
-- page's ids are read from the index alone, as before.
-- +goose Up
DROP INDEX amazon_orders_company_order;
DROP INDEX amazon_orders_seller_order;
CREATE UNIQUE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id, seller_id) INCLUDE (id);

-- +goose Down
DROP INDEX amazon_orders_company_order;
CREATE UNIQUE INDEX amazon_orders_seller_order ON amazon_orders (seller_id, amazon_order_id);
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id, id);
