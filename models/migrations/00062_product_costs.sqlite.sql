-- A local product's costs with the date from which each holds (dated rules are data: a month's profit uses the
-- cost in force on each line's date): 采购成本 (unit_cost) and 头程 (first_leg), CNY per unit. effective_from is
-- a calendar date (yyyy-MM-dd) of the company's zone, so text order is date order on both databases; a product's
-- earliest row also stands for the time before it. local_products.price and first_leg keep the latest row's
-- values, as the list shows them. Existing prices become rows holding from the beginning (2000-01-01, before any
-- report line). The same in 00062_product_costs.postgres.sql, whose triggers differ.
-- +goose Up
ALTER TABLE local_products ADD COLUMN first_leg DECIMAL(14,2) NULL;
CREATE TABLE product_costs (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    product_id     ${ID} NOT NULL REFERENCES local_products (id) ON DELETE CASCADE,
    effective_from VARCHAR(10) NOT NULL,
    unit_cost      DECIMAL(14,2) NULL,
    first_leg      DECIMAL(14,2) NULL,
    changed_by     ${ID} NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX product_costs_product_date ON product_costs (product_id, effective_from);
CREATE INDEX product_costs_company ON product_costs (company_id, product_id);
INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, first_leg, changed_by, created_at, updated_at)
    SELECT id, company_id, id, '2000-01-01', price, NULL, NULL, updated_at, updated_at FROM local_products WHERE price IS NOT NULL;

-- +goose StatementBegin
CREATE TRIGGER product_costs_profit_insert AFTER INSERT ON product_costs BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER product_costs_profit_update AFTER UPDATE ON product_costs BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER product_costs_profit_delete AFTER DELETE ON product_costs BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'profit', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER product_costs_profit_delete;
DROP TRIGGER product_costs_profit_update;
DROP TRIGGER product_costs_profit_insert;
DROP TABLE product_costs;
ALTER TABLE local_products DROP COLUMN first_leg;
