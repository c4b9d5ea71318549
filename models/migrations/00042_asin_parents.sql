-- 销售报表 by 父ASIN: the variation parent of each ASIN a company sells, per marketplace, as the Catalog Items API
-- (searchCatalogItems, includedData=relationships) says it. parent_asin is '' for an ASIN Amazon lists without a
-- parent (a standalone product): it was looked up, and the report keys it by itself. Amazon's relationships are
-- per marketplace, so the key holds the marketplace; the company scopes it like every tenant table.
-- +goose Up
CREATE TABLE asin_parents (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    marketplace_id VARCHAR(20) NOT NULL REFERENCES marketplaces (id),
    asin           VARCHAR(20) NOT NULL,
    parent_asin    VARCHAR(20) NOT NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (company_id, marketplace_id, asin)
);

-- +goose Down
DROP TABLE asin_parents;
