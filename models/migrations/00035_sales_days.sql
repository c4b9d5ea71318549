-- 销售报表's daily summary (models/sales_days.go): the order items summed per day so that a year's report reads
-- days rather than millions of items. A day is keyed twice, in the marketplace's zone (day) and in Beijing time
-- (bj_day), so that both date switches and the rate month read the same rows; an instant has one of each, so a
-- local day holds at most two rows per key. Amounts are in the item price's units (as amazon_order_items).
-- The rows are written by the orders import, in its batch's transaction, and a company's existing orders are
-- summed once, on its first report (the day in a marketplace's zone needs the zone rules, which SQLite lacks):
-- sales_days_built names the companies whose rows are complete.

-- +goose Up
-- Per SKU: orders are the SKU's item rows, since an order has one row per SKU.
CREATE TABLE sales_sku_days (
    company_id ${ID} NOT NULL,
    group_id ${ID} NOT NULL,
    seller_id ${ID} NOT NULL,
    marketplace_id VARCHAR(32) NOT NULL,
    sku VARCHAR(200) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    day VARCHAR(10) NOT NULL,
    bj_day VARCHAR(10) NOT NULL,
    asin VARCHAR(32) NOT NULL,
    product_name TEXT NOT NULL,
    units BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (seller_id, marketplace_id, day, bj_day, sku, currency)
);
CREATE INDEX sales_sku_days_company_day ON sales_sku_days (company_id, day);
CREATE INDEX sales_sku_days_company_bj_day ON sales_sku_days (company_id, bj_day);
-- Per seller account, marketplace and currency: the distinct orders, which the SKUs' rows cannot add up to.
CREATE TABLE sales_order_days (
    company_id ${ID} NOT NULL,
    group_id ${ID} NOT NULL,
    seller_id ${ID} NOT NULL,
    marketplace_id VARCHAR(32) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    day VARCHAR(10) NOT NULL,
    bj_day VARCHAR(10) NOT NULL,
    units BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (seller_id, marketplace_id, day, bj_day, currency)
);
CREATE INDEX sales_order_days_company_day ON sales_order_days (company_id, day);
CREATE INDEX sales_order_days_company_bj_day ON sales_order_days (company_id, bj_day);
-- sales_sku_days summed by month (of day and of bj_day), for a year by month: a SKU sells a few items a day, so
-- days alone leave a year's report hundreds of thousands of rows to read.
CREATE TABLE sales_sku_months (
    company_id ${ID} NOT NULL,
    group_id ${ID} NOT NULL,
    seller_id ${ID} NOT NULL,
    marketplace_id VARCHAR(32) NOT NULL,
    sku VARCHAR(200) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    month VARCHAR(7) NOT NULL,
    bj_month VARCHAR(7) NOT NULL,
    asin VARCHAR(32) NOT NULL,
    product_name TEXT NOT NULL,
    units BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (seller_id, marketplace_id, month, bj_month, sku, currency)
);
CREATE INDEX sales_sku_months_company_month ON sales_sku_months (company_id, month);
CREATE INDEX sales_sku_months_company_bj_month ON sales_sku_months (company_id, bj_month);
CREATE TABLE sales_days_built (
    company_id ${ID} PRIMARY KEY
);

-- +goose Down
DROP TABLE sales_days_built;
DROP TABLE sales_sku_months;
DROP TABLE sales_order_days;
DROP TABLE sales_sku_days;
