-- 利润报告 and 首页 keep their answers until what they read changes (app/core/answers.go). Orders, settlements and
-- rates raise the sales generation (00037) in Go. 利润报告 also reads products' cost, weight and size, SKU配对
-- (listings), shipments and their items, 利润配置, Amazon's fee estimates and store names (kind 'profit'); 首页 reads
-- the FBA stock (kind 'fba_stock'). Many screens, imports and the sync write those: triggers raise the company's
-- generation of the kind in the writing transaction, whatever code writes them, so an answer is never served after
-- such a change is visible. Bulk-written tables (listings, fee estimates, FBA stock: the sync) raise it once per
-- statement; the rest once per row. SQLite has the same in
-- 00040_report_generations.sqlite.sql.
-- +goose Up
CREATE TABLE report_generations (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    kind       VARCHAR(20) NOT NULL,
    generation BIGINT NOT NULL,
    PRIMARY KEY (company_id, kind)
);

-- +goose StatementBegin
CREATE FUNCTION raise_report_generation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    company BIGINT;
BEGIN
    IF TG_OP = 'DELETE' THEN
        company := OLD.company_id;
    ELSE
        company := NEW.company_id;
    END IF;
    INSERT INTO report_generations (company_id, kind, generation) VALUES (company, TG_ARGV[0], 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = report_generations.generation + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION raise_report_generation_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO report_generations (company_id, kind, generation) SELECT DISTINCT company_id, TG_ARGV[0], 1 FROM changed_rows
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = report_generations.generation + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER local_products_profit AFTER UPDATE OF price, weight, length, width, height, sku, name ON local_products
    FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.weight IS DISTINCT FROM NEW.weight
        OR OLD.length IS DISTINCT FROM NEW.length OR OLD.width IS DISTINCT FROM NEW.width
        OR OLD.height IS DISTINCT FROM NEW.height OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER local_products_profit_delete AFTER DELETE ON local_products
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER shipments_profit AFTER INSERT OR UPDATE OR DELETE ON shipments
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER shipment_items_profit AFTER INSERT OR UPDATE OR DELETE ON shipment_items
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER profit_settings_profit AFTER INSERT OR UPDATE ON profit_settings
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER store_groups_profit AFTER UPDATE OF name ON store_groups
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER store_groups_profit_delete AFTER DELETE ON store_groups
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('profit');

CREATE TRIGGER listings_profit_insert AFTER INSERT ON listings
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('profit');
CREATE TRIGGER listings_profit_update AFTER UPDATE ON listings
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('profit');
CREATE TRIGGER listings_profit_delete AFTER DELETE ON listings
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('profit');
CREATE TRIGGER fba_fee_estimates_profit_insert AFTER INSERT ON fba_fee_estimates
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('profit');
CREATE TRIGGER fba_fee_estimates_profit_update AFTER UPDATE ON fba_fee_estimates
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('profit');
CREATE TRIGGER fba_fee_estimates_profit_delete AFTER DELETE ON fba_fee_estimates
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('profit');
CREATE TRIGGER fba_inventory_stock_insert AFTER INSERT ON fba_inventory
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('fba_stock');
CREATE TRIGGER fba_inventory_stock_update AFTER UPDATE ON fba_inventory
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('fba_stock');
CREATE TRIGGER fba_inventory_stock_delete AFTER DELETE ON fba_inventory
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('fba_stock');

-- +goose Down
DROP TRIGGER fba_inventory_stock_delete ON fba_inventory;
DROP TRIGGER fba_inventory_stock_update ON fba_inventory;
DROP TRIGGER fba_inventory_stock_insert ON fba_inventory;
DROP TRIGGER fba_fee_estimates_profit_delete ON fba_fee_estimates;
DROP TRIGGER fba_fee_estimates_profit_update ON fba_fee_estimates;
DROP TRIGGER fba_fee_estimates_profit_insert ON fba_fee_estimates;
DROP TRIGGER listings_profit_delete ON listings;
DROP TRIGGER listings_profit_update ON listings;
DROP TRIGGER listings_profit_insert ON listings;
DROP TRIGGER store_groups_profit_delete ON store_groups;
DROP TRIGGER store_groups_profit ON store_groups;
DROP TRIGGER profit_settings_profit ON profit_settings;
DROP TRIGGER shipment_items_profit ON shipment_items;
DROP TRIGGER shipments_profit ON shipments;
DROP TRIGGER local_products_profit_delete ON local_products;
DROP TRIGGER local_products_profit ON local_products;
DROP FUNCTION raise_report_generation_of_rows();
DROP FUNCTION raise_report_generation();
DROP TABLE report_generations;
