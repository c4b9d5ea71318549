-- The FBA inventory ledger (GET_LEDGER_DETAIL_VIEW_DATA and GET_LEDGER_SUMMARY_VIEW_DATA, amazondata's ledger
-- kinds): every event that moved a seller's units at a fulfilment centre, and each day's starting and ending
-- balance per FNSKU, fulfilment centre and disposition. FBA每日库存 sets the one against the other. A day is the
-- report's own (yyyy-MM-dd, as Amazon dates the ledger).
-- +goose Up
CREATE TABLE fba_ledger_events (
    id                    ${ID} PRIMARY KEY,
    company_id            ${ID} NOT NULL REFERENCES companies (id),
    group_id              ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id             ${ID} NOT NULL REFERENCES sellers (id),
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
-- An event is told apart by what it moved where and when: the ledger has no line id.
CREATE UNIQUE INDEX fba_ledger_events_key ON fba_ledger_events (seller_id, marketplace_id, fnsku, event_at,
    event_type, reference_id, fulfillment_center, disposition, reason);
-- FBA每日库存's days of a SKU, and the audit's adjustments.
CREATE INDEX fba_ledger_events_day ON fba_ledger_events (seller_id, marketplace_id, day, fnsku);
CREATE INDEX fba_ledger_events_company_type ON fba_ledger_events (company_id, event_type, day);

CREATE TABLE fba_ledger_balances (
    id                  ${ID} PRIMARY KEY,
    company_id          ${ID} NOT NULL REFERENCES companies (id),
    group_id            ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id           ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id      VARCHAR(20)  NOT NULL,
    day                 VARCHAR(10)  NOT NULL,
    fnsku               VARCHAR(20)  NOT NULL,
    asin                VARCHAR(20)  NOT NULL DEFAULT '',
    sku                 VARCHAR(200) NOT NULL DEFAULT '',
    title               TEXT         NOT NULL,
    disposition         VARCHAR(30)  NOT NULL DEFAULT '',
    -- The fulfilment centre (the report asked per FC) or the country.
    location            VARCHAR(20)  NOT NULL DEFAULT '',
    starting            INTEGER      NOT NULL DEFAULT 0,
    in_transit          INTEGER      NOT NULL DEFAULT 0,
    receipts            INTEGER      NOT NULL DEFAULT 0,
    customer_shipments  INTEGER      NOT NULL DEFAULT 0,
    customer_returns    INTEGER      NOT NULL DEFAULT 0,
    vendor_returns      INTEGER      NOT NULL DEFAULT 0,
    warehouse_transfers INTEGER      NOT NULL DEFAULT 0,
    found               INTEGER      NOT NULL DEFAULT 0,
    lost                INTEGER      NOT NULL DEFAULT 0,
    damaged             INTEGER      NOT NULL DEFAULT 0,
    disposed            INTEGER      NOT NULL DEFAULT 0,
    other_events        INTEGER      NOT NULL DEFAULT 0,
    ending              INTEGER      NOT NULL DEFAULT 0,
    unknown_events      INTEGER      NOT NULL DEFAULT 0,
    created_at          ${TIME} NOT NULL,
    updated_at          ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_ledger_balances_key ON fba_ledger_balances (seller_id, marketplace_id, day, fnsku, location, disposition);
CREATE INDEX fba_ledger_balances_company_day ON fba_ledger_balances (company_id, day);
CREATE INDEX fba_ledger_balances_company_sku ON fba_ledger_balances (company_id, sku, day);

-- +goose Down
DROP TABLE fba_ledger_balances;
DROP TABLE fba_ledger_events;
