-- pg_trgm narrows a keyword search by the keyword's distinct trigrams. A keyword of one character repeated
-- (99999, 0000) has a single one (999), which thousands of rows hold at a million products: PostgreSQL then
-- reads and rechecks each of them (keyword 99999: 4,600 rows over 1,054 heap blocks for 28 matches, ~2 ms of CPU
-- a search). These indexes hold the four-character pieces of the same columns (lower-cased, as ILIKE compares),
-- so such a keyword is narrowed by 9999 instead (370 rows over 106 blocks); models/keyword.go says when.
-- SQLite's FTS5 trigram tables (00030) need nothing more: only PostgreSQL has this version.
-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION fourgrams(s text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    l text := lower(s);
    pieces text[] := '{}';
BEGIN
    FOR i IN 1 .. length(l) - 3 LOOP
        pieces := pieces || substr(l, i, 4);
    END LOOP;
    RETURN pieces;
END
$$;
-- +goose StatementEnd
CREATE INDEX local_products_fourgrams ON local_products USING gin ((fourgrams(sku) || fourgrams(name)));
CREATE INDEX listings_fourgrams ON listings USING gin ((fourgrams(seller_sku) || fourgrams(asin) || fourgrams(fnsku)));
CREATE INDEX stock_ledger_doc_number_fourgrams ON stock_ledger USING gin (fourgrams(doc_number));

-- +goose Down
DROP INDEX stock_ledger_doc_number_fourgrams;
DROP INDEX listings_fourgrams;
DROP INDEX local_products_fourgrams;
DROP FUNCTION fourgrams(text);
