-- An orders report writes every index of amazon_orders once per order, and two of them held the same order id:
-- the unique key by seller account and order id, and 订单管理's index by company and order id (the 订单号 order
-- and the search by the start of an order id). A seller account belongs to one company, so the company, order id
-- and seller account are as unique as the seller account and order id: one index is both (see the PostgreSQL
-- version for what it saves). The 订单号 order (order id, seller account: models/order_list.go) is the index's.
-- +goose Up
DROP INDEX amazon_orders_company_order;
DROP INDEX amazon_orders_seller_order;
CREATE UNIQUE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id, seller_id);

-- +goose Down
DROP INDEX amazon_orders_company_order;
CREATE UNIQUE INDEX amazon_orders_seller_order ON amazon_orders (seller_id, amazon_order_id);
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id, id);
