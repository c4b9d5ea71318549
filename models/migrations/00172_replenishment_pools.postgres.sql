-- 泛欧计划 (issue 45): the store groups whose seller has Pan-European FBA (or EFN), whose stock in the EU
-- marketplaces serves them all: 亚马逊补货计划 works a SKU's lines there as one pool. Changing it raises the plan's
-- generation (00156), as its other inputs do. SQLite has the same in 00172_replenishment_pools.sqlite.sql.

-- +goose Up
CREATE TABLE replenishment_pools (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    group_id   ${ID} NOT NULL REFERENCES store_groups (id),
    updated_at ${TIME} NOT NULL,
    PRIMARY KEY (company_id, group_id)
);
CREATE CONSTRAINT TRIGGER replenishment_pools_replenishment AFTER INSERT OR UPDATE OR DELETE ON replenishment_pools
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');

-- +goose Down
DROP TRIGGER replenishment_pools_replenishment ON replenishment_pools;
DROP TABLE replenishment_pools;
