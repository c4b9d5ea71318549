-- 销售报表 by 父ASIN from the daily summary (models/sales_parents.go): a parent's orders are its distinct orders,
-- which its children's SKU rows cannot add up to (an order of two sizes of one shirt is one order of the shirt),
-- so they are counted per parent when the days are summed, under the parents asin_parents names then; a change
-- of parents sums the parents it touches again. Units, sales and names come from the SKU rows, joined to the
-- parents when read. A parent_key is the parent ASIN, or the ASIN itself when it has none.

-- +goose Up
CREATE TABLE sales_parent_days (
    company_id ${ID} NOT NULL,
    group_id ${ID} NOT NULL,
    seller_id ${ID} NOT NULL,
    marketplace_id VARCHAR(32) NOT NULL,
    parent_key VARCHAR(32) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    day VARCHAR(10) NOT NULL,
    bj_day VARCHAR(10) NOT NULL,
    orders BIGINT NOT NULL,
    PRIMARY KEY (seller_id, marketplace_id, day, bj_day, parent_key, currency)
);
CREATE INDEX sales_parent_days_company_day ON sales_parent_days (company_id, day);
CREATE INDEX sales_parent_days_company_bj_day ON sales_parent_days (company_id, bj_day);
CREATE TABLE sales_parent_months (
    company_id ${ID} NOT NULL,
    group_id ${ID} NOT NULL,
    seller_id ${ID} NOT NULL,
    marketplace_id VARCHAR(32) NOT NULL,
    parent_key VARCHAR(32) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    month VARCHAR(7) NOT NULL,
    bj_month VARCHAR(7) NOT NULL,
    orders BIGINT NOT NULL,
    PRIMARY KEY (seller_id, marketplace_id, month, bj_month, parent_key, currency)
);
CREATE INDEX sales_parent_months_company_month ON sales_parent_months (company_id, month);
CREATE INDEX sales_parent_months_company_bj_month ON sales_parent_months (company_id, bj_month);
-- The companies whose parents' rows are complete. A company summed before these tables sums its parents alone on
-- its first report by 父ASIN (models.ensureSalesParents); its other rows stay as they are.
CREATE TABLE sales_parents_built (
    company_id ${ID} PRIMARY KEY
);

-- +goose Down
DROP TABLE sales_parents_built;
DROP TABLE sales_parent_months;
DROP TABLE sales_parent_days;
