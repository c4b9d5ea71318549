-- 成本核算 and 利润报告 cost a product's packing (包材用量) at its materials' costs (app/profit packing.go), so a
-- change to a product's packing or to its 单箱数量 (a per-carton line's units) raises the 'profit' generation the
-- report's kept answers are good for, as product_costs does (00062). SQLite has the same in
-- 00170_packing_profit.sqlite.sql.
-- +goose Up
CREATE TRIGGER product_packings_profit AFTER INSERT OR UPDATE OR DELETE ON product_packings
    FOR EACH ROW EXECUTE FUNCTION raise_report_generation('profit');
CREATE TRIGGER local_products_carton_units_profit AFTER UPDATE OF carton_units ON local_products
    FOR EACH ROW WHEN (OLD.carton_units IS DISTINCT FROM NEW.carton_units) EXECUTE FUNCTION raise_report_generation('profit');

-- +goose Down
DROP TRIGGER local_products_carton_units_profit ON local_products;
DROP TRIGGER product_packings_profit ON product_packings;
