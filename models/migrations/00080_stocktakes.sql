-- Stocktakes (盘点单, domain.md: stocktake finished). A stocktake counts a whole warehouse or some of its products.
-- Starting it records each product's book quantity (fulfillable) and freezes the products: a frozen stock row
-- (stocks.stocktake_id) refuses every movement but the stocktake's own, and a whole warehouse's stocktake also sets
-- warehouses.stocktaking with its id, so products first moved there meanwhile are refused too. Posting applies
-- counted − book to fulfillable, each line valued at the product's cost (models.Money units), and unfreezes.

-- +goose Up
ALTER TABLE stocks ADD COLUMN stocktake_id ${ID} NULL;
ALTER TABLE warehouses ADD COLUMN stocktake_id ${ID} NULL;
CREATE INDEX stocks_stocktake ON stocks (stocktake_id);

-- scope: warehouse (every product of it) or products (those of the lines). status: 0 待提交 (the sheet, editable),
-- 1 盘点中 (started: frozen, book recorded, counts entered), 2 已完成 (posted), 3 已作废.
CREATE TABLE stocktakes (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    number       VARCHAR(40)  NOT NULL,
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    scope        VARCHAR(10)  NOT NULL,
    status       SMALLINT     NOT NULL DEFAULT 0,
    remark       VARCHAR(500) NOT NULL DEFAULT '',
    creator_id   ${ID} NULL,
    poster_id    ${ID} NULL,
    started_at   ${TIME} NULL,
    posted_at    ${TIME} NULL,
    cancelled_at ${TIME} NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX stocktakes_company_number ON stocktakes (company_id, number);
CREATE INDEX stocktakes_company_created ON stocktakes (company_id, created_at);

-- book: the fulfillable stock when the stocktake started (NULL before); counted: NULL until counted;
-- unit_cost: the product's cost when posted.
CREATE TABLE stocktake_lines (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    stocktake_id ${ID} NOT NULL REFERENCES stocktakes (id),
    product_id   ${ID} NOT NULL REFERENCES local_products (id),
    book         INTEGER NULL,
    counted      INTEGER NULL,
    unit_cost    BIGINT NULL,
    remark       VARCHAR(200) NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX stocktake_lines_take_product ON stocktake_lines (stocktake_id, product_id);

-- +goose Down
DROP TABLE stocktake_lines;
DROP TABLE stocktakes;
DROP INDEX stocks_stocktake;
ALTER TABLE warehouses DROP COLUMN stocktake_id;
ALTER TABLE stocks DROP COLUMN stocktake_id;
