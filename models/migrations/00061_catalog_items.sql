-- 生成本地产品 names, pictures and measures a product from what Amazon's catalogue says of its ASIN
-- (searchCatalogItems with includedData summaries, images and dimensions), read by the 父ASIN sync in the same
-- calls as the parents and kept here per company, marketplace and ASIN. Measures are converted to the local
-- products' units (kg, cm), from the package's dimensions where Amazon gives them (what ships), else the item's;
-- NULL when unknown. image is the MAIN picture's link.
-- +goose Up
CREATE TABLE catalog_items (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    marketplace_id VARCHAR(20) NOT NULL REFERENCES marketplaces (id),
    asin           VARCHAR(20) NOT NULL,
    title          VARCHAR(500) NOT NULL DEFAULT '',
    brand          VARCHAR(200) NOT NULL DEFAULT '',
    image          VARCHAR(300) NOT NULL DEFAULT '',
    weight         DECIMAL(10,3) NULL,
    length         DECIMAL(10,2) NULL,
    width          DECIMAL(10,2) NULL,
    height         DECIMAL(10,2) NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (company_id, marketplace_id, asin)
);

-- +goose Down
DROP TABLE catalog_items;
