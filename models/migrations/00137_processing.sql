-- 加工单 (issue 45, domain.md: processing): a bill of materials (物料清单) per assembled product names its
-- components and how many of each one unit takes; a processing order is a stock document of kind process in one
-- warehouse whose lines are the components consumed (the BOM times the quantity made) and whose header names the
-- product made, how many, the processing fee per unit (Money's units) and, once approved, the unit cost rolled up
-- (the components' cost plus the fee).

-- +goose Up
CREATE TABLE product_boms (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    product_id   ${ID} NOT NULL REFERENCES local_products (id),
    component_id ${ID} NOT NULL REFERENCES local_products (id),
    quantity     INTEGER NOT NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX product_boms_product_component ON product_boms (product_id, component_id);
CREATE INDEX product_boms_company ON product_boms (company_id, product_id);
CREATE INDEX product_boms_component ON product_boms (component_id);

ALTER TABLE stock_documents ADD COLUMN made_product_id ${ID} NULL REFERENCES local_products (id);
ALTER TABLE stock_documents ADD COLUMN made_quantity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stock_documents ADD COLUMN process_fee BIGINT NOT NULL DEFAULT 0;
ALTER TABLE stock_documents ADD COLUMN made_cost BIGINT NULL;
CREATE INDEX stock_documents_made_product ON stock_documents (made_product_id);

-- +goose Down
DROP INDEX stock_documents_made_product;
ALTER TABLE stock_documents DROP COLUMN made_cost;
ALTER TABLE stock_documents DROP COLUMN process_fee;
ALTER TABLE stock_documents DROP COLUMN made_quantity;
ALTER TABLE stock_documents DROP COLUMN made_product_id;
DROP TABLE product_boms;
