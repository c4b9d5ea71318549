-- 利润报告 and 利润配置 (app/profit, models/profit.go). A company's profit settings: how a shipment's freight (头程)
-- is spread over its units, by weight or by volume. The report groups a month range of settlement lines by store,
-- marketplace, SKU, currency and Amazon's names for each amount: the index on the posted date carries every column
-- that grouping reads, so the lines are read from the index alone, and it replaces the narrower (company_id,
-- posted_date) index whose lookups it also serves.

-- +goose Up
CREATE TABLE profit_settings (
    company_id    ${ID} PRIMARY KEY REFERENCES companies (id),
    freight_basis VARCHAR(10) NOT NULL,
    updated_at    ${TIME} NOT NULL
);
DROP INDEX settlement_lines_company_posted;
CREATE INDEX settlement_lines_company_posted ON settlement_lines (company_id, posted_date, group_id, marketplace_id,
    sku, currency, transaction_type, amount_type, amount_description, settlement_id, amount, quantity_purchased);

-- +goose Down
DROP INDEX settlement_lines_company_posted;
CREATE INDEX settlement_lines_company_posted ON settlement_lines (company_id, posted_date);
DROP TABLE profit_settings;
