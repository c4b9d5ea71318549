-- 亚马逊补货计划 (issue 45): the inputs a replenishment suggestion takes besides the data (sales, FBA and local
-- stock, purchase orders): the company's defaults and each seller SKU's own lead times, safety days and sales
-- adjustment. Days are whole days; weights are the shares of the 7/14/30/60-day sales rates (any scale, they are
-- divided by their sum); adjust_percent moves the rate (20 is +20%, -10 is -10%).

-- +goose Up
CREATE TABLE replenishment_settings (
    company_id      ${ID} PRIMARY KEY REFERENCES companies (id),
    weight7         INTEGER NOT NULL,
    weight14        INTEGER NOT NULL,
    weight30        INTEGER NOT NULL,
    weight60        INTEGER NOT NULL,
    production_days INTEGER NOT NULL,
    first_leg_days  INTEGER NOT NULL,
    receiving_days  INTEGER NOT NULL,
    safety_days     INTEGER NOT NULL,
    cycle_days      INTEGER NOT NULL,
    updated_at      ${TIME} NOT NULL
);

-- A seller SKU's own inputs in one store group's marketplace; NULL takes the company's default.
CREATE TABLE replenishment_sku_settings (
    id              ${ID} PRIMARY KEY,
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    group_id        ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id  VARCHAR(20)  NOT NULL,
    sku             VARCHAR(200) NOT NULL,
    production_days INTEGER NULL,
    first_leg_days  INTEGER NULL,
    receiving_days  INTEGER NULL,
    safety_days     INTEGER NULL,
    cycle_days      INTEGER NULL,
    adjust_percent  INTEGER NOT NULL DEFAULT 0,
    updated_at      ${TIME} NOT NULL
);
CREATE UNIQUE INDEX replenishment_sku_settings_key ON replenishment_sku_settings (company_id, group_id, marketplace_id, sku);

-- +goose Down
DROP TABLE replenishment_sku_settings;
DROP TABLE replenishment_settings;
