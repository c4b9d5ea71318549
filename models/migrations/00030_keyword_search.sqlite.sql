-- Keyword search (a part of a SKU, name, ASIN, FNSKU or document number) is a leading-wildcard LIKE that no index
-- serves: at a million rows of one company it read every row. An FTS5 table with the trigram tokenizer finds the
-- rows holding a keyword of three or more characters (models/keyword.go narrows by it, then applies the LIKE, so
-- results do not change). Each is an external-content table over the searched columns, kept in step by triggers:
-- the text is stored once, in the table itself. An update re-indexes a row only when its searched text changed
-- (a product's form and Amazon's listing reports write these columns unchanged). PostgreSQL has the same in 00030_keyword_search.postgres.sql.
-- +goose Up
CREATE VIRTUAL TABLE local_products_fts USING fts5 (sku, name, content='local_products', content_rowid='id', tokenize='trigram');
INSERT INTO local_products_fts (local_products_fts) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER local_products_fts_insert AFTER INSERT ON local_products BEGIN
    INSERT INTO local_products_fts (rowid, sku, name) VALUES (new.id, new.sku, new.name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER local_products_fts_delete AFTER DELETE ON local_products BEGIN
    INSERT INTO local_products_fts (local_products_fts, rowid, sku, name) VALUES ('delete', old.id, old.sku, old.name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER local_products_fts_update AFTER UPDATE OF sku, name ON local_products
    WHEN old.sku <> new.sku OR old.name <> new.name BEGIN
    INSERT INTO local_products_fts (local_products_fts, rowid, sku, name) VALUES ('delete', old.id, old.sku, old.name);
    INSERT INTO local_products_fts (rowid, sku, name) VALUES (new.id, new.sku, new.name);
END;
-- +goose StatementEnd

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

CREATE VIRTUAL TABLE stock_ledger_fts USING fts5 (doc_number, content='stock_ledger', content_rowid='id', tokenize='trigram');
INSERT INTO stock_ledger_fts (stock_ledger_fts) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER stock_ledger_fts_insert AFTER INSERT ON stock_ledger BEGIN
    INSERT INTO stock_ledger_fts (rowid, doc_number) VALUES (new.id, new.doc_number);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER stock_ledger_fts_delete AFTER DELETE ON stock_ledger BEGIN
    INSERT INTO stock_ledger_fts (stock_ledger_fts, rowid, doc_number) VALUES ('delete', old.id, old.doc_number);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER stock_ledger_fts_update AFTER UPDATE OF doc_number ON stock_ledger
    WHEN old.doc_number <> new.doc_number BEGIN
    INSERT INTO stock_ledger_fts (stock_ledger_fts, rowid, doc_number) VALUES ('delete', old.id, old.doc_number);
    INSERT INTO stock_ledger_fts (rowid, doc_number) VALUES (new.id, new.doc_number);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER stock_ledger_fts_update;
DROP TRIGGER stock_ledger_fts_delete;
DROP TRIGGER stock_ledger_fts_insert;
DROP TABLE stock_ledger_fts;
DROP TRIGGER listings_fts_update;
DROP TRIGGER listings_fts_delete;
DROP TRIGGER listings_fts_insert;
DROP TABLE listings_fts;
DROP TRIGGER local_products_fts_update;
DROP TRIGGER local_products_fts_delete;
DROP TRIGGER local_products_fts_insert;
DROP TABLE local_products_fts;
