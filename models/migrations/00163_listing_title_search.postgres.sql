-- 商品列表 searches a keyword in the listing's title too (issue 48): a leading-wildcard ILIKE on item_name that no
-- index served, so one search read all 100,000 listings of the bench's store (2-4 s). A pg_trgm GIN index serves it
-- as 00030's serve the seller SKU and ASIN beside it (PostgreSQL rechecks each candidate: results do not change).
-- The extension is 00030's; IF NOT EXISTS keeps this safe where it is installed already. SQLite has the same in
-- 00163_listing_title_search.sqlite.sql.
-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX listings_item_name_trgm ON listings USING gin (item_name gin_trgm_ops);

-- +goose Down
DROP INDEX listings_item_name_trgm;
