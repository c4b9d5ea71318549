-- 利润报告 and 首页 keep their answers until what they read changes (app/core/answers.go). Orders, settlements and
-- rates raise the sales generation (00037) in Go. 利润报告 also reads products' cost, weight and size, SKU配对
-- (listings), shipments and their items, 利润配置, Amazon's fee estimates and store names (kind 'profit'); 首页 reads
-- the FBA stock (kind 'fba_stock'). Many screens, imports and the sync write those: triggers raise the company's
-- generation of the kind in the writing transaction, whatever code writes them, so an answer is never served after
-- such a change is visible. PostgreSQL has the same in
-- 00040_report_generations.postgres.sql (there the sync's bulk writes raise it once per statement).
-- +goose Up
CREATE TABLE report_generations (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    kind       VARCHAR(20) NOT NULL,
    generation BIGINT NOT NULL,
    PRIMARY KEY (company_id, kind)
);

-- +goose StatementBegin
CREATE TRIGGER local_products_profit AFTER UPDATE OF price, weight, length, width, height, sku, name ON local_products
    WHEN old.price IS NOT new.price OR old.weight IS NOT new.weight OR old.length IS NOT new.length OR old.width IS NOT new.width
    OR old.height IS NOT new.height OR old.sku IS NOT new.sku OR old.name IS NOT new.name BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER local_products_profit_delete AFTER DELETE ON local_products BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER shipments_profit_insert AFTER INSERT ON shipments BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER shipments_profit_update AFTER UPDATE ON shipments BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER shipments_profit_delete AFTER DELETE ON shipments BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER shipment_items_profit_insert AFTER INSERT ON shipment_items BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER shipment_items_profit_update AFTER UPDATE ON shipment_items BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER shipment_items_profit_delete AFTER DELETE ON shipment_items BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER listings_profit_insert AFTER INSERT ON listings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER listings_profit_update AFTER UPDATE ON listings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER listings_profit_delete AFTER DELETE ON listings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_fee_estimates_profit_insert AFTER INSERT ON fba_fee_estimates BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_fee_estimates_profit_update AFTER UPDATE ON fba_fee_estimates BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_fee_estimates_profit_delete AFTER DELETE ON fba_fee_estimates BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER profit_settings_profit_insert AFTER INSERT ON profit_settings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER profit_settings_profit_update AFTER UPDATE ON profit_settings BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER store_groups_profit AFTER UPDATE OF name ON store_groups WHEN old.name IS NOT new.name BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER store_groups_profit_delete AFTER DELETE ON store_groups BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_inventory_stock_insert AFTER INSERT ON fba_inventory BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'fba_stock', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_inventory_stock_update AFTER UPDATE ON fba_inventory BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'fba_stock', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_inventory_stock_delete AFTER DELETE ON fba_inventory BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'fba_stock', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER fba_inventory_stock_delete;
DROP TRIGGER fba_inventory_stock_update;
DROP TRIGGER fba_inventory_stock_insert;
DROP TRIGGER store_groups_profit_delete;
DROP TRIGGER store_groups_profit;
DROP TRIGGER profit_settings_profit_update;
DROP TRIGGER profit_settings_profit_insert;
DROP TRIGGER fba_fee_estimates_profit_delete;
DROP TRIGGER fba_fee_estimates_profit_update;
DROP TRIGGER fba_fee_estimates_profit_insert;
DROP TRIGGER listings_profit_delete;
DROP TRIGGER listings_profit_update;
DROP TRIGGER listings_profit_insert;
DROP TRIGGER shipment_items_profit_delete;
DROP TRIGGER shipment_items_profit_update;
DROP TRIGGER shipment_items_profit_insert;
DROP TRIGGER shipments_profit_delete;
DROP TRIGGER shipments_profit_update;
DROP TRIGGER shipments_profit_insert;
DROP TRIGGER local_products_profit_delete;
DROP TRIGGER local_products_profit;
DROP TABLE report_generations;
