-- FBA库存明细's 未配对 and 已配对 filters read whether a listing pairs the row's seller SKU with a local product
-- from the row itself, on an index, instead of probing listings for every row the count passes. Triggers keep it
-- in step with SKU配对 whatever code writes listings or FBA stock. SQLite has the same in
-- 00115_fba_inventory_paired.sqlite.sql.
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
CREATE FUNCTION fba_inventory_set_paired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.paired := EXISTS (SELECT 1 FROM listings l WHERE l.company_id = NEW.company_id AND l.group_id = NEW.group_id
        AND l.marketplace_id = NEW.marketplace_id AND l.seller_sku = NEW.sku AND l.product_id IS NOT NULL);
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION listings_set_fba_paired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE fba_inventory SET paired = false WHERE company_id = OLD.company_id AND group_id = OLD.group_id
            AND marketplace_id = OLD.marketplace_id AND sku = OLD.seller_sku AND paired;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.product_id IS NOT NULL THEN
        UPDATE fba_inventory SET paired = true WHERE company_id = NEW.company_id AND group_id = NEW.group_id
            AND marketplace_id = NEW.marketplace_id AND sku = NEW.seller_sku AND NOT paired;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- A row's key is unique among listings (listings_company_group_market_sku), so the listing that leaves a key
-- leaves it unpaired, and the one that takes it pairs it when it has a product.
CREATE TRIGGER fba_inventory_paired_insert BEFORE INSERT ON fba_inventory
    FOR EACH ROW EXECUTE FUNCTION fba_inventory_set_paired();
CREATE TRIGGER fba_inventory_paired_update BEFORE UPDATE OF group_id, marketplace_id, sku ON fba_inventory
    FOR EACH ROW WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.marketplace_id IS DISTINCT FROM NEW.marketplace_id
        OR OLD.sku IS DISTINCT FROM NEW.sku)
    EXECUTE FUNCTION fba_inventory_set_paired();
CREATE TRIGGER listings_fba_paired_insert AFTER INSERT ON listings
    FOR EACH ROW WHEN (NEW.product_id IS NOT NULL) EXECUTE FUNCTION listings_set_fba_paired();
CREATE TRIGGER listings_fba_paired_update AFTER UPDATE OF product_id, group_id, marketplace_id, seller_sku ON listings
    FOR EACH ROW WHEN ((OLD.product_id IS NULL) <> (NEW.product_id IS NULL) OR OLD.group_id IS DISTINCT FROM NEW.group_id
        OR OLD.marketplace_id IS DISTINCT FROM NEW.marketplace_id OR OLD.seller_sku IS DISTINCT FROM NEW.seller_sku)
    EXECUTE FUNCTION listings_set_fba_paired();
CREATE TRIGGER listings_fba_paired_delete AFTER DELETE ON listings
    FOR EACH ROW WHEN (OLD.product_id IS NOT NULL) EXECUTE FUNCTION listings_set_fba_paired();

-- +goose Down
DROP TRIGGER listings_fba_paired_delete ON listings;
DROP TRIGGER listings_fba_paired_update ON listings;
DROP TRIGGER listings_fba_paired_insert ON listings;
DROP TRIGGER fba_inventory_paired_update ON fba_inventory;
DROP TRIGGER fba_inventory_paired_insert ON fba_inventory;
DROP FUNCTION listings_set_fba_paired();
DROP FUNCTION fba_inventory_set_paired();
DROP INDEX fba_inventory_market_stock;
DROP INDEX fba_inventory_company_paired;
ALTER TABLE fba_inventory DROP COLUMN paired;
