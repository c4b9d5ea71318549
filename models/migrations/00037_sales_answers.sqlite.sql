-- 销售报表's answers are kept in memory between imports (app/sales/answers.go): a report is thousands of lines
-- summed and converted for a page of 20. A kept answer is good while the company's generation is the one it was
-- computed at. The generation is the sum of these counters, one per seller account (seller_id 0: the company's
-- exchange rates), each raised in the transaction that changes what a report reads: an orders import that
-- changed items, a settlement import that changed lines, a rate saved or deleted. One row per seller account,
-- so that two stores imported at once do not wait for each other's counter.

-- 订单管理's first page counts its total up to the cap (models.countCapped) over the date index: with the store
-- group (the user's grants) and the marketplace (each zone's days) on the index's entries, that count reads the
-- index alone, not 10,001 orders' rows. PostgreSQL carries them beside the ordered key (INCLUDE); SQLite has no
-- INCLUDE, and its row id (the order's id) ends every entry anyway.

-- +goose Up
CREATE TABLE sales_generations (
    company_id ${ID} NOT NULL,
    seller_id ${ID} NOT NULL,
    generation BIGINT NOT NULL,
    PRIMARY KEY (company_id, seller_id)
);

DROP INDEX amazon_orders_company_purchase;
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date, marketplace_id, group_id);

-- +goose Down
DROP INDEX amazon_orders_company_purchase;
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date, id);
DROP TABLE sales_generations;
