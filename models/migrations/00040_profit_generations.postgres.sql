-- 利润报告 keeps its answers until what they read changes (app/profit/answers.go). Orders, settlements and rates raise
-- the sales generation (00037) in Go; the report also reads products' cost, weight and size, SKU配对 (listings),
-- shipments and their items, 利润配置, Amazon's fee estimates and store names, which many screens and imports
-- write: triggers raise the company's profit generation in the writing transaction, whatever code writes them, so
-- an answer is never served after such a change is visible. Bulk-written tables (listings and fee estimates, by
-- the sync) raise it once per statement; the rest once per row. SQLite has the same in
-- 00040_profit_generations.sqlite.sql.
-- +goose Up
CREATE TABLE profit_generations (
    company_id ${ID} PRIMARY KEY REFERENCES companies (id),
    generation BIGINT NOT NULL
);

-- +goose StatementBegin
CREATE FUNCTION raise_profit_generation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    company BIGINT;
BEGIN
    IF TG_OP = 'DELETE' THEN
        company := OLD.company_id;
    ELSE
        company := NEW.company_id;
    END IF;
    INSERT INTO profit_generations (company_id, generation) VALUES (company, 1)
        ON CONFLICT (company_id) DO UPDATE SET generation = profit_generations.generation + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION raise_profit_generation_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO profit_generations (company_id, generation) SELECT DISTINCT company_id, 1 FROM changed_rows
        ON CONFLICT (company_id) DO UPDATE SET generation = profit_generations.generation + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER local_products_profit AFTER UPDATE OF price, weight, length, width, height, sku, name ON local_products
    FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.weight IS DISTINCT FROM NEW.weight
        OR OLD.length IS DISTINCT FROM NEW.length OR OLD.width IS DISTINCT FROM NEW.width
        OR OLD.height IS DISTINCT FROM NEW.height OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION raise_profit_generation();
CREATE TRIGGER local_products_profit_delete AFTER DELETE ON local_products
    FOR EACH ROW EXECUTE FUNCTION raise_profit_generation();
CREATE TRIGGER shipments_profit AFTER INSERT OR UPDATE OR DELETE ON shipments
    FOR EACH ROW EXECUTE FUNCTION raise_profit_generation();
CREATE TRIGGER shipment_items_profit AFTER INSERT OR UPDATE OR DELETE ON shipment_items
    FOR EACH ROW EXECUTE FUNCTION raise_profit_generation();
CREATE TRIGGER profit_settings_profit AFTER INSERT OR UPDATE ON profit_settings
    FOR EACH ROW EXECUTE FUNCTION raise_profit_generation();
CREATE TRIGGER store_groups_profit AFTER UPDATE OF name ON store_groups
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION raise_profit_generation();
CREATE TRIGGER store_groups_profit_delete AFTER DELETE ON store_groups
    FOR EACH ROW EXECUTE FUNCTION raise_profit_generation();

CREATE TRIGGER listings_profit_insert AFTER INSERT ON listings
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_profit_generation_of_rows();
CREATE TRIGGER listings_profit_update AFTER UPDATE ON listings
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_profit_generation_of_rows();
CREATE TRIGGER listings_profit_delete AFTER DELETE ON listings
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_profit_generation_of_rows();
CREATE TRIGGER fba_fee_estimates_profit_insert AFTER INSERT ON fba_fee_estimates
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_profit_generation_of_rows();
CREATE TRIGGER fba_fee_estimates_profit_update AFTER UPDATE ON fba_fee_estimates
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_profit_generation_of_rows();
CREATE TRIGGER fba_fee_estimates_profit_delete AFTER DELETE ON fba_fee_estimates
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_profit_generation_of_rows();

-- +goose Down
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
DROP FUNCTION raise_profit_generation_of_rows();
DROP FUNCTION raise_profit_generation();
DROP TABLE profit_generations;
