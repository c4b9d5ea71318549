-- FBA容量 (issue 45): the storage capacity Amazon gives a store in a marketplace, in cubic feet, as the seller reads
-- it in Seller Central's capacity monitor. 亚马逊补货计划 warns where its suggested shipments would take a
-- marketplace's stock over it. Changing it raises the plan's generation (00156), as its other inputs do.
-- PostgreSQL has the same in 00160_fba_capacity.postgres.sql.

-- +goose Up
CREATE TABLE fba_capacities (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(32) NOT NULL,
    cubic_feet     INTEGER NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id)
);

-- +goose StatementBegin
CREATE TRIGGER fba_capacities_replenishment_insert AFTER INSERT ON fba_capacities BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'replenishment', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_capacities_replenishment_update AFTER UPDATE ON fba_capacities BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'replenishment', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER fba_capacities_replenishment_delete AFTER DELETE ON fba_capacities BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'replenishment', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER fba_capacities_replenishment_delete;
DROP TRIGGER fba_capacities_replenishment_update;
DROP TRIGGER fba_capacities_replenishment_insert;
DROP TABLE fba_capacities;
