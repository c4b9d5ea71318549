-- Keyword search (a part of a SKU, name, ASIN, FNSKU or document number, in any letter case) is a leading-wildcard
-- ILIKE that no B-tree serves: at a million rows of one company it read every row. pg_trgm's GIN indexes serve
-- ILIKE '%x%' as it is written (PostgreSQL rechecks each candidate, so results do not change); SQLite has the
-- same in 00030_keyword_search.sqlite.sql.
-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX local_products_sku_trgm ON local_products USING gin (sku gin_trgm_ops);
CREATE INDEX local_products_name_trgm ON local_products USING gin (name gin_trgm_ops);
CREATE INDEX listings_seller_sku_trgm ON listings USING gin (seller_sku gin_trgm_ops);
CREATE INDEX listings_asin_trgm ON listings USING gin (asin gin_trgm_ops);
CREATE INDEX listings_fnsku_trgm ON listings USING gin (fnsku gin_trgm_ops);
CREATE INDEX stock_ledger_doc_number_trgm ON stock_ledger USING gin (doc_number gin_trgm_ops);

-- +goose Down
-- The extension stays: the database may have had it before, and other databases' objects of the server may use it.
DROP INDEX stock_ledger_doc_number_trgm;
DROP INDEX listings_fnsku_trgm;
DROP INDEX listings_asin_trgm;
DROP INDEX listings_seller_sku_trgm;
DROP INDEX local_products_name_trgm;
DROP INDEX local_products_sku_trgm;
