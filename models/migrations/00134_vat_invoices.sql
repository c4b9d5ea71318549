-- VAT发票 (issue 49): the seller's VAT registration per store group and European marketplace (the number and the
-- name and address printed on its invoices), and the invoices issued for orders, numbered per store group and
-- marketplace without gaps. vat_invoice_counters holds each sequence's last number: issuing raises it and
-- writes the invoice in one transaction, so a failed issue gives its number back; the unique keys refuse a
-- second invoice for an order and a number used twice.

-- +goose Up
CREATE TABLE vat_settings (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(20)  NOT NULL,
    vat_number     VARCHAR(30)  NOT NULL,
    seller_name    VARCHAR(200) NOT NULL,
    seller_address VARCHAR(500) NOT NULL DEFAULT '',
    prefix         VARCHAR(20)  NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id)
);

CREATE TABLE vat_invoice_counters (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL,
    marketplace_id VARCHAR(20) NOT NULL,
    last_no        BIGINT      NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id)
);

CREATE TABLE vat_invoices (
    id              ${ID} PRIMARY KEY,
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    group_id        ${ID} NOT NULL,
    seller_id       ${ID} NOT NULL,
    marketplace_id  VARCHAR(20)  NOT NULL,
    amazon_order_id VARCHAR(50)  NOT NULL,
    seq             BIGINT       NOT NULL,
    number          VARCHAR(50)  NOT NULL,
    vat_number      VARCHAR(30)  NOT NULL,
    currency        VARCHAR(3)   NOT NULL,
    gross           BIGINT       NOT NULL,
    vat             BIGINT       NOT NULL,
    rate            INTEGER      NOT NULL,
    issued_by       ${ID} NULL,
    issued_at       ${TIME} NOT NULL
);
CREATE UNIQUE INDEX vat_invoices_order ON vat_invoices (company_id, seller_id, amazon_order_id);
CREATE UNIQUE INDEX vat_invoices_seq ON vat_invoices (company_id, group_id, marketplace_id, seq);

-- +goose Down
DROP TABLE vat_invoices;
DROP TABLE vat_invoice_counters;
DROP TABLE vat_settings;
