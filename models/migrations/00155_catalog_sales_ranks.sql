-- 商品列表's 排名 (issue 48): the sales ranks and browse classification Amazon's catalogue gives an ASIN in a
-- marketplace (searchCatalogItems with salesRanks and classifications), read by the 父ASIN sync after the listings in
-- the same calls as the names and pictures, so they sit beside them. group_rank is the rank in the website display
-- group (group_title: Kitchen & Dining), class_rank the first classification rank (class_title: Tumblers), NULL
-- where Amazon ranks the item nowhere; classification is the browse path (Kitchen & Dining › Tumblers). ranked_at
-- is when the sync read the ranks held, NULL until one is read: an answer read again unchanged writes nothing.
-- +goose Up
ALTER TABLE catalog_items ADD COLUMN group_rank INTEGER NULL;
ALTER TABLE catalog_items ADD COLUMN group_title VARCHAR(200) NOT NULL DEFAULT '';
ALTER TABLE catalog_items ADD COLUMN class_rank INTEGER NULL;
ALTER TABLE catalog_items ADD COLUMN class_title VARCHAR(200) NOT NULL DEFAULT '';
ALTER TABLE catalog_items ADD COLUMN classification VARCHAR(500) NOT NULL DEFAULT '';
ALTER TABLE catalog_items ADD COLUMN ranked_at ${TIME} NULL;

-- +goose Down
ALTER TABLE catalog_items DROP COLUMN ranked_at;
ALTER TABLE catalog_items DROP COLUMN classification;
ALTER TABLE catalog_items DROP COLUMN class_title;
ALTER TABLE catalog_items DROP COLUMN class_rank;
ALTER TABLE catalog_items DROP COLUMN group_title;
ALTER TABLE catalog_items DROP COLUMN group_rank;
