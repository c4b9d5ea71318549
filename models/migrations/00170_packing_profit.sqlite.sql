-- 成本核算 and 利润报告 cost a product's packing (包材用量) at its materials' costs (app/profit packing.go), so a
-- change to a product's packing or to its 单箱数量 (a per-carton line's units) raises the 'profit' generation the
-- report's kept answers are good for, as product_costs does (00062). PostgreSQL has the same in
-- 00170_packing_profit.postgres.sql.
-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER product_packings_profit_insert AFTER INSERT ON product_packings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER product_packings_profit_update AFTER UPDATE ON product_packings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER product_packings_profit_delete AFTER DELETE ON product_packings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER local_products_carton_units_profit AFTER UPDATE OF carton_units ON local_products
    WHEN old.carton_units IS NOT new.carton_units BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER local_products_carton_units_profit;
DROP TRIGGER product_packings_profit_delete;
DROP TRIGGER product_packings_profit_update;
DROP TRIGGER product_packings_profit_insert;
