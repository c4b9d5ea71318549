-- Warehouses and stock (domain.md: warehouses and stock). A product's stock in a warehouse is three quantities:
-- inbound (待入库), fulfillable (可用) and outbound (待出库); every change writes one stock_ledger line with the
-- document that caused it and the quantities before and after. Stock documents are the inbound (入库单) and
-- outbound (出库单) documents with their lines.

-- +goose Up
-- kind: own (自有仓), overseas (海外仓), fba (FBA仓). allow_negative lets quantities go below zero there;
-- stocktaking refuses every movement while a stocktake runs.
CREATE TABLE warehouses (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    name           VARCHAR(50)  NOT NULL,
    kind           VARCHAR(10)  NOT NULL DEFAULT 'own',
    address        VARCHAR(200) NOT NULL DEFAULT '',
    allow_negative BOOLEAN      NOT NULL DEFAULT FALSE,
    stocktaking    BOOLEAN      NOT NULL DEFAULT FALSE,
    disabled       BOOLEAN      NOT NULL DEFAULT FALSE,
    remark         VARCHAR(200) NOT NULL DEFAULT '',
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX warehouses_company_name ON warehouses (company_id, name);

CREATE TABLE stocks (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    product_id   ${ID} NOT NULL REFERENCES local_products (id),
    inbound      INTEGER NOT NULL DEFAULT 0,
    fulfillable  INTEGER NOT NULL DEFAULT 0,
    outbound     INTEGER NOT NULL DEFAULT 0,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX stocks_warehouse_product ON stocks (warehouse_id, product_id);
CREATE INDEX stocks_company_product ON stocks (company_id, product_id);

CREATE TABLE stock_ledger (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    warehouse_id       ${ID} NOT NULL REFERENCES warehouses (id),
    product_id         ${ID} NOT NULL REFERENCES local_products (id),
    doc_type           VARCHAR(20) NOT NULL,
    doc_number         VARCHAR(40) NOT NULL,
    inbound_before     INTEGER NOT NULL,
    inbound_change     INTEGER NOT NULL,
    inbound_after      INTEGER NOT NULL,
    fulfillable_before INTEGER NOT NULL,
    fulfillable_change INTEGER NOT NULL,
    fulfillable_after  INTEGER NOT NULL,
    outbound_before    INTEGER NOT NULL,
    outbound_change    INTEGER NOT NULL,
    outbound_after     INTEGER NOT NULL,
    operator_id        ${ID} NULL,
    created_at         ${TIME} NOT NULL
);
CREATE INDEX stock_ledger_company_created ON stock_ledger (company_id, created_at);
CREATE INDEX stock_ledger_product ON stock_ledger (warehouse_id, product_id, created_at);
CREATE INDEX stock_ledger_doc ON stock_ledger (company_id, doc_number);

-- kind: inbound (入库单) or outbound (出库单). status: 0 待提交, 1 待审核, 2 已完成 (approved: stock moved),
-- 3 已作废. Cancelling an approved document reverses its movement.
CREATE TABLE stock_documents (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    kind         VARCHAR(10)  NOT NULL,
    number       VARCHAR(40)  NOT NULL,
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    status       SMALLINT     NOT NULL DEFAULT 0,
    remark       VARCHAR(500) NOT NULL DEFAULT '',
    creator_id   ${ID} NULL,
    approver_id  ${ID} NULL,
    submitted_at ${TIME} NULL,
    approved_at  ${TIME} NULL,
    cancelled_at ${TIME} NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX stock_documents_company_number ON stock_documents (company_id, number);
CREATE INDEX stock_documents_company_kind ON stock_documents (company_id, kind, created_at);

CREATE TABLE stock_document_lines (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    document_id ${ID} NOT NULL REFERENCES stock_documents (id),
    product_id  ${ID} NOT NULL REFERENCES local_products (id),
    quantity    INTEGER      NOT NULL,
    remark      VARCHAR(200) NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX stock_document_lines_doc_product ON stock_document_lines (document_id, product_id);

-- +goose Down
DROP TABLE stock_document_lines;
DROP TABLE stock_documents;
DROP TABLE stock_ledger;
DROP TABLE stocks;
DROP TABLE warehouses;
