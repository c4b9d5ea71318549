-- 存货价值 (issue 49, and issue 46's month-end snapshot of 库存货值): a month closed for the books (结转) keeps
-- every product's stock in every warehouse at the month's end, valued at the product's cost of that day (the
-- dated 采购成本, weighted average), so that the month reads the same later, whatever the ledger or the costs
-- say then. inventory_value_kept says which months of a company are kept, by whom and when; its key refuses a
-- second close of a month.

-- +goose Up
CREATE TABLE inventory_value_kept (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    month      VARCHAR(7) NOT NULL,
    kept_by    ${ID} NOT NULL,
    kept_at    ${TIME} NOT NULL,
    PRIMARY KEY (company_id, month)
);

CREATE TABLE inventory_value_months (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    month          VARCHAR(7) NOT NULL,
    warehouse_id   ${ID} NOT NULL,
    warehouse_name VARCHAR(100) NOT NULL,
    warehouse_kind VARCHAR(20) NOT NULL,
    product_id     ${ID} NOT NULL,
    sku            VARCHAR(200) NOT NULL,
    product_name   TEXT NOT NULL,
    on_hand        INTEGER NOT NULL,
    inbound        INTEGER NOT NULL,
    unit_cost      BIGINT NULL,
    value          BIGINT NULL,
    PRIMARY KEY (company_id, month, warehouse_id, product_id)
);

-- +goose Down
DROP TABLE inventory_value_months;
DROP TABLE inventory_value_kept;
