-- 包材用量 (issue 46, places and materials): a product's packing, the 物料/耗材/包材 one unit or one carton of it
-- takes (a bag per unit, a box and a label per carton). 发货 consumes it from the shipment's warehouse through
-- MoveStock under the shipment's id, and 取消发货 gives back what its ledger lines took.

-- +goose Up
CREATE TABLE product_packings (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    product_id  ${ID} NOT NULL REFERENCES local_products (id),
    material_id ${ID} NOT NULL REFERENCES local_products (id),
    quantity    INTEGER NOT NULL,
    per_carton  BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX product_packings_product_material ON product_packings (product_id, material_id, per_carton);
CREATE INDEX product_packings_company ON product_packings (company_id, product_id);
CREATE INDEX product_packings_material ON product_packings (material_id);

-- +goose Down
DROP TABLE product_packings;
