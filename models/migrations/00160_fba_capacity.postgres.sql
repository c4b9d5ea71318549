-- FBA容量 (issue 45): the storage capacity Amazon gives a store in a marketplace, in cubic feet, as the seller reads
-- it in Seller Central's capacity monitor. 亚马逊补货计划 warns where its suggested shipments would take a
-- marketplace's stock over it. Changing it raises the plan's generation (00156), as its other inputs do.
-- SQLite has the same in 00160_fba_capacity.sqlite.sql.

-- +goose Up
CREATE TABLE fba_capacities (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(32) NOT NULL,
    cubic_feet     INTEGER NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id)
);
CREATE CONSTRAINT TRIGGER fba_capacities_replenishment AFTER INSERT OR UPDATE OR DELETE ON fba_capacities
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_report_generation_at_commit('replenishment');

-- +goose Down
DROP TRIGGER fba_capacities_replenishment ON fba_capacities;
DROP TABLE fba_capacities;
