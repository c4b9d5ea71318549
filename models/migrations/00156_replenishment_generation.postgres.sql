-- 亚马逊补货计划 keeps its worked-out lines until what they read changes (app/core/answers.go, app/purchase
-- replenishment_kept.go): sales and the ledger's balances (their generations), Amazon's FBA stock ('fba_stock'),
-- SKU配对, products' names, shipments and store names ('profit'), and, under the kind 'replenishment' raised here,
-- local stock, warehouses' kind, purchase orders and their lines, the plan's inputs, 销售预测's plans, products'
-- suppliers and suppliers' names. Working 20,000 lines out took half a second of CPU a call, ten users 19 s.
-- Stock and purchase order lines, written in bulk (a stocktake, an import), raise it once per statement; the rest
-- once per row. SQLite has the same in 00156_replenishment_generation.sqlite.sql.
-- +goose Up
CREATE TRIGGER stocks_replenishment_insert AFTER INSERT ON stocks
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('replenishment');
CREATE TRIGGER stocks_replenishment_update AFTER UPDATE ON stocks
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('replenishment');
CREATE TRIGGER stocks_replenishment_delete AFTER DELETE ON stocks
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('replenishment');
CREATE TRIGGER purchase_order_lines_replenishment_insert AFTER INSERT ON purchase_order_lines
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('replenishment');
CREATE TRIGGER purchase_order_lines_replenishment_update AFTER UPDATE ON purchase_order_lines
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('replenishment');
CREATE TRIGGER purchase_order_lines_replenishment_delete AFTER DELETE ON purchase_order_lines
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('replenishment');
CREATE TRIGGER purchase_orders_replenishment AFTER INSERT OR UPDATE OR DELETE ON purchase_orders
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER replenishment_settings_replenishment AFTER INSERT OR UPDATE OR DELETE ON replenishment_settings
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER replenishment_sku_settings_replenishment AFTER INSERT OR UPDATE OR DELETE ON replenishment_sku_settings
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER sales_plans_replenishment AFTER INSERT OR UPDATE OR DELETE ON sales_plans
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER warehouses_replenishment AFTER UPDATE OF kind, disabled ON warehouses
    FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.disabled IS DISTINCT FROM NEW.disabled)
    EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER warehouses_replenishment_delete AFTER DELETE ON warehouses
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER suppliers_replenishment AFTER UPDATE OF name ON suppliers
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER suppliers_replenishment_delete AFTER DELETE ON suppliers
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('replenishment');
CREATE TRIGGER local_products_replenishment AFTER UPDATE OF supplier_id ON local_products
    FOR EACH ROW WHEN (OLD.supplier_id IS DISTINCT FROM NEW.supplier_id) EXECUTE FUNCTION raise_report_generation('replenishment');

-- +goose Down
DROP TRIGGER local_products_replenishment ON local_products;
DROP TRIGGER suppliers_replenishment_delete ON suppliers;
DROP TRIGGER suppliers_replenishment ON suppliers;
DROP TRIGGER warehouses_replenishment_delete ON warehouses;
DROP TRIGGER warehouses_replenishment ON warehouses;
DROP TRIGGER sales_plans_replenishment ON sales_plans;
DROP TRIGGER replenishment_sku_settings_replenishment ON replenishment_sku_settings;
DROP TRIGGER replenishment_settings_replenishment ON replenishment_settings;
DROP TRIGGER purchase_orders_replenishment ON purchase_orders;
DROP TRIGGER purchase_order_lines_replenishment_delete ON purchase_order_lines;
DROP TRIGGER purchase_order_lines_replenishment_update ON purchase_order_lines;
DROP TRIGGER purchase_order_lines_replenishment_insert ON purchase_order_lines;
DROP TRIGGER stocks_replenishment_delete ON stocks;
DROP TRIGGER stocks_replenishment_update ON stocks;
DROP TRIGGER stocks_replenishment_insert ON stocks;
