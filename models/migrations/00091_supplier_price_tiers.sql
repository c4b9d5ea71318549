-- Supplier price tiers (issue 45): a supplier's unit price of a product from a quantity up, in the order's
-- currency with tax included (models.Money's units, BIGINT), so a purchase order line takes the price of the
-- highest tier its quantity reaches.

-- +goose Up
CREATE TABLE supplier_price_tiers (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    supplier_id  ${ID} NOT NULL REFERENCES suppliers (id),
    product_id   ${ID} NOT NULL REFERENCES local_products (id),
    min_quantity INTEGER NOT NULL,
    unit_price   BIGINT  NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX supplier_price_tiers_key ON supplier_price_tiers (supplier_id, product_id, min_quantity);
CREATE INDEX supplier_price_tiers_company ON supplier_price_tiers (company_id, supplier_id);

-- +goose Down
DROP TABLE supplier_price_tiers;
