-- 订单管理, 今日订单 and 退款订单 at millions of order items (models/order_list.go, refund_list.go). The orders
-- replace three indexes with the same index plus the id that breaks ties, so the order import writes no more
-- index entries than before; the refunds get one partial index, which a settlement import writes only for a
-- refund's principal line (one line in about sixty).

-- +goose Up
-- The orders newest first by purchase date (the default, and the 下单时间 sort), over a date range.
DROP INDEX amazon_orders_company_purchase;
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date, id);
-- The same with the marketplace filter.
DROP INDEX amazon_orders_company_market_purchase;
CREATE INDEX amazon_orders_company_market_purchase ON amazon_orders (company_id, marketplace_id, purchase_date, id);
-- The 订单号 sort, and the search by the start of an order id.
DROP INDEX amazon_orders_company_order;
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id, id);
-- The refunds latest posted first (the default and the 退款时间 sort); the condition is the one refund_list.go
-- writes out as literals.
CREATE INDEX settlement_lines_refunds ON settlement_lines (company_id, posted_date, id)
    WHERE transaction_type = 'Refund' AND amount_type = 'ItemPrice' AND amount_description = 'Principal';

-- +goose Down
DROP INDEX settlement_lines_refunds;
DROP INDEX amazon_orders_company_order;
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id);
DROP INDEX amazon_orders_company_market_purchase;
CREATE INDEX amazon_orders_company_market_purchase ON amazon_orders (company_id, marketplace_id, purchase_date);
DROP INDEX amazon_orders_company_purchase;
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date);
