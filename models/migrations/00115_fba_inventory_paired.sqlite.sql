-- FBA库存明细's 未配对 and 已配对 filters read whether a listing pairs the row's seller SKU with a local product
-- from the row itself, on an index, instead of probing listings for every row the count passes. Triggers keep it
-- in step with SKU配对 whatever code writes listings or FBA stock. PostgreSQL has the same in
-- 00115_fba_inventory_paired.postgres.sql.
-- +goose Up
ALTER TABLE fba_inventory ADD COLUMN paired BOOLEAN NOT NULL DEFAULT false;
UPDATE fba_inventory SET paired = EXISTS (SELECT 1 FROM listings l WHERE l.company_id = fba_inventory.company_id
    AND l.group_id = fba_inventory.group_id AND l.marketplace_id = fba_inventory.marketplace_id
    AND l.seller_sku = fba_inventory.sku AND l.product_id IS NOT NULL);
CREATE INDEX fba_inventory_company_paired ON fba_inventory (company_id, paired, sku, id);
-- 有库存 of one marketplace: its rows holding some unit in any state (fba_inventory_list.go's hasStock, written
-- the same way so that both databases use the index), in seller SKU order.
CREATE INDEX fba_inventory_market_stock ON fba_inventory (company_id, marketplace_id, sku, id)
    WHERE (fulfillable > 0 OR reserved > 0 OR unsellable > 0 OR researching > 0 OR inbound_working > 0
    OR inbound_shipped > 0 OR inbound_receiving > 0);

-- +goose StatementBegin
CREATE TRIGGER fba_inventory_paired_insert AFTER INSERT ON fba_inventory BEGIN
    UPDATE fba_inventory SET paired = EXISTS (SELECT 1 FROM listings l WHERE l.company_id = new.company_id
        AND l.group_id = new.group_id AND l.marketplace_id = new.marketplace_id AND l.seller_sku = new.sku
        AND l.product_id IS NOT NULL) WHERE id = new.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_inventory_paired_update AFTER UPDATE OF group_id, marketplace_id, sku ON fba_inventory
    WHEN old.group_id IS NOT new.group_id OR old.marketplace_id IS NOT new.marketplace_id OR old.sku IS NOT new.sku BEGIN
    UPDATE fba_inventory SET paired = EXISTS (SELECT 1 FROM listings l WHERE l.company_id = new.company_id
        AND l.group_id = new.group_id AND l.marketplace_id = new.marketplace_id AND l.seller_sku = new.sku
        AND l.product_id IS NOT NULL) WHERE id = new.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER listings_fba_paired_insert AFTER INSERT ON listings WHEN new.product_id IS NOT NULL BEGIN
    UPDATE fba_inventory SET paired = true WHERE company_id = new.company_id AND group_id = new.group_id
        AND marketplace_id = new.marketplace_id AND sku = new.seller_sku;
END;
-- +goose StatementEnd

-- A row's key is unique among listings (listings_company_group_market_sku), so the listing that leaves a key
-- leaves it unpaired, and the one that takes it pairs it when it has a product.
-- +goose StatementBegin
CREATE TRIGGER listings_fba_paired_update AFTER UPDATE OF product_id, group_id, marketplace_id, seller_sku ON listings
    WHEN (old.product_id IS NULL) IS NOT (new.product_id IS NULL) OR old.group_id IS NOT new.group_id
    OR old.marketplace_id IS NOT new.marketplace_id OR old.seller_sku IS NOT new.seller_sku BEGIN
    UPDATE fba_inventory SET paired = false WHERE company_id = old.company_id AND group_id = old.group_id
        AND marketplace_id = old.marketplace_id AND sku = old.seller_sku AND paired;
    UPDATE fba_inventory SET paired = true WHERE new.product_id IS NOT NULL AND company_id = new.company_id
        AND group_id = new.group_id AND marketplace_id = new.marketplace_id AND sku = new.seller_sku;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER listings_fba_paired_delete AFTER DELETE ON listings WHEN old.product_id IS NOT NULL BEGIN
    UPDATE fba_inventory SET paired = false WHERE company_id = old.company_id AND group_id = old.group_id
        AND marketplace_id = old.marketplace_id AND sku = old.seller_sku;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER listings_fba_paired_delete;
DROP TRIGGER listings_fba_paired_update;
DROP TRIGGER listings_fba_paired_insert;
DROP TRIGGER fba_inventory_paired_update;
DROP TRIGGER fba_inventory_paired_insert;
DROP INDEX fba_inventory_market_stock;
DROP INDEX fba_inventory_company_paired;
ALTER TABLE fba_inventory DROP COLUMN paired;
