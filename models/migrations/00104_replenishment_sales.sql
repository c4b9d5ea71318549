-- 亚马逊补货计划's kept sales (issue 45): per seller SKU of a store group in a marketplace, the units sold and the days
-- out of stock (the ledger's sellable units 0 at the day's start and end) in the 7/14/30/60 days before as_of, so
-- that a plan reads one row per line rather than 60 days of sales and ledger rows. A company's rows are rebuilt
-- whole, in one transaction, when its day or the version of what they sum (the sales generation and the ledger's
-- report generation) moved since replenishment_sales_built says they were summed.

-- +goose Up
CREATE TABLE replenishment_sales (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL,
    marketplace_id VARCHAR(32)  NOT NULL,
    sku            VARCHAR(200) NOT NULL,
    units7         BIGINT  NOT NULL,
    units14        BIGINT  NOT NULL,
    units30        BIGINT  NOT NULL,
    units60        BIGINT  NOT NULL,
    out7           INTEGER NOT NULL,
    out14          INTEGER NOT NULL,
    out30          INTEGER NOT NULL,
    out60          INTEGER NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id, sku)
);

CREATE TABLE replenishment_sales_built (
    company_id ${ID} PRIMARY KEY REFERENCES companies (id),
    as_of      VARCHAR(10) NOT NULL,
    version    BIGINT NOT NULL
);

-- +goose Down
DROP TABLE replenishment_sales_built;
DROP TABLE replenishment_sales;
