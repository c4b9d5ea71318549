-- The inventory ledger's detail is, after orders, the report of a million lines (issue 44's bench: at least 50,000
-- lines/s); each line wrote the table and every index of it, and importing it was measured at 7,500 lines/s on
-- SQLite and 8,500 on PostgreSQL. As the orders' tables did (00033), fba_ledger_events drops:
-- - the references to companies, store groups and sellers: on PostgreSQL a trigger per row and reference, on
--   SQLite an index look-up each; the importer copies the three ids from the seller account it read
--   (amazondata.checkStore), and neither is ever deleted under a seller account's rows;
-- - on SQLite, the index a BIGINT PRIMARY KEY keeps beside the table (the id becomes the table's own key);
-- - the event's key by FNSKU first and the index by day apart: one unique key by day serves both. A report comes
--   in date order, so its lines are written near the key's end rather than across every FNSKU's pages, and
--   FBA每日库存 finds a balance's events (seller, marketplace, day, FNSKU, centre, disposition) by its first six
--   columns. A day is the "Date and Time"'s own, so adding it tells no two events apart that were one.
-- SQLite cannot drop a reference from a table, so the table is rebuilt through a copy.

-- +goose Up
CREATE TABLE fba_ledger_events_copy AS SELECT * FROM fba_ledger_events;
DROP TABLE fba_ledger_events;
CREATE TABLE fba_ledger_events (
    id                    ${ROWID} PRIMARY KEY,
    company_id            ${ID} NOT NULL,
    group_id              ${ID} NOT NULL,
    seller_id             ${ID} NOT NULL,
    marketplace_id        VARCHAR(20)  NOT NULL,
    day                   VARCHAR(10)  NOT NULL,
    -- "Date and Time"; the day's midnight UTC when the file gives none.
    event_at              ${TIME} NOT NULL,
    fnsku                 VARCHAR(20)  NOT NULL,
    asin                  VARCHAR(20)  NOT NULL DEFAULT '',
    sku                   VARCHAR(200) NOT NULL DEFAULT '',
    title                 TEXT         NOT NULL,
    event_type            VARCHAR(30)  NOT NULL,
    reference_id          VARCHAR(60)  NOT NULL DEFAULT '',
    quantity              INTEGER      NOT NULL,
    fulfillment_center    VARCHAR(20)  NOT NULL DEFAULT '',
    disposition           VARCHAR(30)  NOT NULL DEFAULT '',
    reason                VARCHAR(20)  NOT NULL DEFAULT '',
    country               VARCHAR(4)   NOT NULL DEFAULT '',
    reconciled_quantity   INTEGER      NOT NULL DEFAULT 0,
    unreconciled_quantity INTEGER      NOT NULL DEFAULT 0,
    created_at            ${TIME} NOT NULL,
    updated_at            ${TIME} NOT NULL
);
INSERT INTO fba_ledger_events SELECT * FROM fba_ledger_events_copy;
DROP TABLE fba_ledger_events_copy;
CREATE UNIQUE INDEX fba_ledger_events_key ON fba_ledger_events (seller_id, marketplace_id, day, fnsku,
    fulfillment_center, disposition, event_at, event_type, reference_id, reason);
-- The audit's adjustments and receipts.
CREATE INDEX fba_ledger_events_company_type ON fba_ledger_events (company_id, event_type, day);

-- +goose Down
CREATE TABLE fba_ledger_events_copy AS SELECT * FROM fba_ledger_events;
DROP TABLE fba_ledger_events;
CREATE TABLE fba_ledger_events (
    id                    ${ID} PRIMARY KEY,
    company_id            ${ID} NOT NULL REFERENCES companies (id),
    group_id              ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id             ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id        VARCHAR(20)  NOT NULL,
    day                   VARCHAR(10)  NOT NULL,
    event_at              ${TIME} NOT NULL,
    fnsku                 VARCHAR(20)  NOT NULL,
    asin                  VARCHAR(20)  NOT NULL DEFAULT '',
    sku                   VARCHAR(200) NOT NULL DEFAULT '',
    title                 TEXT         NOT NULL,
    event_type            VARCHAR(30)  NOT NULL,
    reference_id          VARCHAR(60)  NOT NULL DEFAULT '',
    quantity              INTEGER      NOT NULL,
    fulfillment_center    VARCHAR(20)  NOT NULL DEFAULT '',
    disposition           VARCHAR(30)  NOT NULL DEFAULT '',
    reason                VARCHAR(20)  NOT NULL DEFAULT '',
    country               VARCHAR(4)   NOT NULL DEFAULT '',
    reconciled_quantity   INTEGER      NOT NULL DEFAULT 0,
    unreconciled_quantity INTEGER      NOT NULL DEFAULT 0,
    created_at            ${TIME} NOT NULL,
    updated_at            ${TIME} NOT NULL
);
INSERT INTO fba_ledger_events SELECT * FROM fba_ledger_events_copy;
DROP TABLE fba_ledger_events_copy;
CREATE UNIQUE INDEX fba_ledger_events_key ON fba_ledger_events (seller_id, marketplace_id, fnsku, event_at,
    event_type, reference_id, fulfillment_center, disposition, reason);
CREATE INDEX fba_ledger_events_day ON fba_ledger_events (seller_id, marketplace_id, day, fnsku);
CREATE INDEX fba_ledger_events_company_type ON fba_ledger_events (company_id, event_type, day);
