-- 亚马逊补货计划 keeps its worked-out lines until what they read changes (app/core/answers.go, app/purchase
-- replenishment_kept.go): sales and the ledger's balances (their generations), Amazon's FBA stock ('fba_stock'),
-- SKU配对, products' names, shipments and store names ('profit'), and, under the kind 'replenishment' raised here,
-- local stock, warehouses' kind, purchase orders and their lines, the plan's inputs, 销售预测's plans, products'
-- suppliers and suppliers' names. Working 20,000 lines out took half a second of CPU a call, ten users 19 s.
-- Stock, orders and their lines are written inside the transactions that move stock, which lock stock rows one
-- statement after another: a generation raised at the first write held the company's report_generations row to
-- the commit, and two such transactions deadlocked (one waiting on the row, the other on a stock row it held). The
-- raise is a deferred constraint trigger: it runs at the commit, once per transaction and company, when no stock
-- row is waited for any more. SQLite, one writer at a time, has plain triggers in
-- 00156_replenishment_generation.sqlite.sql.
-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION raise_report_generation_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    company BIGINT;
    raised  TEXT;
BEGIN
    IF TG_OP = 'DELETE' THEN
        company := OLD.company_id;
    ELSE
        company := NEW.company_id;
    END IF;
    raised := 'sellerhub.raised_' || TG_ARGV[0] || '_' || company;
    IF current_setting(raised, true) = '1' THEN
        RETURN NULL;
    END IF;
    PERFORM set_config(raised, '1', true);
    INSERT INTO report_generations (company_id, kind, generation) VALUES (company, TG_ARGV[0], 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = report_generations.generation + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE CONSTRAINT TRIGGER stocks_replenishment AFTER INSERT OR UPDATE OR DELETE ON stocks
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER purchase_orders_replenishment AFTER INSERT OR UPDATE OR DELETE ON purchase_orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER purchase_order_lines_replenishment AFTER INSERT OR UPDATE OR DELETE ON purchase_order_lines
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER replenishment_settings_replenishment AFTER INSERT OR UPDATE OR DELETE ON replenishment_settings
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER replenishment_sku_settings_replenishment AFTER INSERT OR UPDATE OR DELETE ON replenishment_sku_settings
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER sales_plans_replenishment AFTER INSERT OR UPDATE OR DELETE ON sales_plans
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER warehouses_replenishment AFTER UPDATE OF kind, disabled OR DELETE ON warehouses
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER suppliers_replenishment AFTER UPDATE OF name OR DELETE ON suppliers
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');
CREATE CONSTRAINT TRIGGER local_products_replenishment AFTER UPDATE OF supplier_id ON local_products
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');

-- +goose Down
DROP TRIGGER local_products_replenishment ON local_products;
DROP TRIGGER suppliers_replenishment ON suppliers;
DROP TRIGGER warehouses_replenishment ON warehouses;
DROP TRIGGER sales_plans_replenishment ON sales_plans;
DROP TRIGGER replenishment_sku_settings_replenishment ON replenishment_sku_settings;
DROP TRIGGER replenishment_settings_replenishment ON replenishment_settings;
DROP TRIGGER purchase_order_lines_replenishment ON purchase_order_lines;
DROP TRIGGER purchase_orders_replenishment ON purchase_orders;
DROP TRIGGER stocks_replenishment ON stocks;
DROP FUNCTION raise_report_generation_at_commit();
