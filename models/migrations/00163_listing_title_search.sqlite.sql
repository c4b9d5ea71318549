-- 商品列表 searches a keyword in the listing's title too (issue 48): a leading-wildcard LIKE on item_name that no
-- index served, so one search read all 100,000 listings of the bench's store (2-4 s). 00030's FTS5 trigram table of
-- the listings gets the title as a fourth column (FTS5 cannot add one, so it is made again and rebuilt), kept in
-- step by the same triggers; models/keyword.go asks it only for the columns a search names. PostgreSQL has the same
-- in 00163_listing_title_search.postgres.sql.
-- +goose Up
DROP TRIGGER listings_fts_update;
DROP TRIGGER listings_fts_delete;
DROP TRIGGER listings_fts_insert;
DROP TABLE listings_fts;

CREATE VIRTUAL TABLE listings_fts USING fts5 (seller_sku, asin, fnsku, item_name, content='listings', content_rowid='id',
    tokenize='trigram');
INSERT INTO listings_fts (listings_fts) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
    INSERT INTO listings_fts (rowid, seller_sku, asin, fnsku, item_name)
        VALUES (new.id, new.seller_sku, new.asin, new.fnsku, new.item_name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
    INSERT INTO listings_fts (listings_fts, rowid, seller_sku, asin, fnsku, item_name)
        VALUES ('delete', old.id, old.seller_sku, old.asin, old.fnsku, old.item_name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listings_fts_update AFTER UPDATE OF seller_sku, asin, fnsku, item_name ON listings
    WHEN old.seller_sku <> new.seller_sku OR old.asin <> new.asin OR old.fnsku <> new.fnsku OR old.item_name <> new.item_name BEGIN
    INSERT INTO listings_fts (listings_fts, rowid, seller_sku, asin, fnsku, item_name)
        VALUES ('delete', old.id, old.seller_sku, old.asin, old.fnsku, old.item_name);
    INSERT INTO listings_fts (rowid, seller_sku, asin, fnsku, item_name)
        VALUES (new.id, new.seller_sku, new.asin, new.fnsku, new.item_name);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER listings_fts_update;
DROP TRIGGER listings_fts_delete;
DROP TRIGGER listings_fts_insert;
DROP TABLE listings_fts;

CREATE VIRTUAL TABLE listings_fts USING fts5 (seller_sku, asin, fnsku, content='listings', content_rowid='id', tokenize='trigram');
INSERT INTO listings_fts (listings_fts) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
    INSERT INTO listings_fts (rowid, seller_sku, asin, fnsku) VALUES (new.id, new.seller_sku, new.asin, new.fnsku);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
    INSERT INTO listings_fts (listings_fts, rowid, seller_sku, asin, fnsku)
        VALUES ('delete', old.id, old.seller_sku, old.asin, old.fnsku);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listings_fts_update AFTER UPDATE OF seller_sku, asin, fnsku ON listings
    WHEN old.seller_sku <> new.seller_sku OR old.asin <> new.asin OR old.fnsku <> new.fnsku BEGIN
    INSERT INTO listings_fts (listings_fts, rowid, seller_sku, asin, fnsku)
        VALUES ('delete', old.id, old.seller_sku, old.asin, old.fnsku);
    INSERT INTO listings_fts (rowid, seller_sku, asin, fnsku) VALUES (new.id, new.seller_sku, new.asin, new.fnsku);
END;
-- +goose StatementEnd
