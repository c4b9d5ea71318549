-- 泛欧计划 (issue 45): the store groups whose seller has Pan-European FBA (or EFN), whose stock in the EU
-- marketplaces serves them all: 亚马逊补货计划 works a SKU's lines there as one pool. Changing it raises the plan's
-- generation (00156), as its other inputs do. PostgreSQL has the same in 00172_replenishment_pools.postgres.sql.

-- +goose Up
CREATE TABLE replenishment_pools (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    group_id   ${ID} NOT NULL REFERENCES store_groups (id),
    updated_at ${TIME} NOT NULL,
    PRIMARY KEY (company_id, group_id)
);

-- +goose StatementBegin
CREATE TRIGGER replenishment_pools_replenishment_insert AFTER INSERT ON replenishment_pools BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'replenishment', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER replenishment_pools_replenishment_delete AFTER DELETE ON replenishment_pools BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'replenishment', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER replenishment_pools_replenishment_delete;
DROP TRIGGER replenishment_pools_replenishment_insert;
DROP TABLE replenishment_pools;
