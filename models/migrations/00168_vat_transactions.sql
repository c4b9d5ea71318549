-- VAT交易报告 (issue 49): the lines of Amazon's VAT transactions report (GET_VAT_TRANSACTION_DATA, the VAT
-- calculation service's), a line per transaction (SALE, REFUND, RETURN...), event (the order), activity (the
-- shipment or refund) and SKU, amounts in models.Money's units and the rate in hundredths of a percent. A store
-- group enrolled in the service in a marketplace (vat_settings.vcs_enrolled) has the report synced, and VAT发票
-- reads its orders' VAT from it instead of computing it; an invoice records which (vat_source).

-- +goose Up
CREATE TABLE vat_transactions (
    id                       ${ID} PRIMARY KEY,
    company_id               ${ID} NOT NULL REFERENCES companies (id),
    group_id                 ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id                ${ID} NOT NULL REFERENCES sellers (id),
    -- The marketplace the MARKETPLACE column names ('' for movements of no marketplace: FC_TRANSFER, INBOUND).
    marketplace_id           VARCHAR(20)  NOT NULL,
    activity_period          VARCHAR(7)   NOT NULL,
    sales_channel            VARCHAR(10)  NOT NULL DEFAULT '',
    transaction_type         VARCHAR(30)  NOT NULL,
    transaction_event_id     VARCHAR(60)  NOT NULL,
    activity_transaction_id  VARCHAR(80)  NOT NULL,
    tax_calculation_date     VARCHAR(10)  NOT NULL DEFAULT '',
    transaction_complete_date VARCHAR(10) NOT NULL DEFAULT '',
    seller_sku               VARCHAR(100) NOT NULL,
    asin                     VARCHAR(20)  NOT NULL DEFAULT '',
    qty                      INTEGER      NOT NULL DEFAULT 0,
    currency                 VARCHAR(3)   NOT NULL DEFAULT '',
    items_vat_incl           BIGINT       NOT NULL DEFAULT 0,
    items_vat                BIGINT       NOT NULL DEFAULT 0,
    ship_vat_incl            BIGINT       NOT NULL DEFAULT 0,
    ship_vat                 BIGINT       NOT NULL DEFAULT 0,
    gift_wrap_vat_incl       BIGINT       NOT NULL DEFAULT 0,
    gift_wrap_vat            BIGINT       NOT NULL DEFAULT 0,
    total_vat_excl           BIGINT       NOT NULL DEFAULT 0,
    total_vat                BIGINT       NOT NULL DEFAULT 0,
    total_vat_incl           BIGINT       NOT NULL DEFAULT 0,
    vat_rate                 INTEGER      NOT NULL DEFAULT 0,
    sale_depart_country      VARCHAR(4)   NOT NULL DEFAULT '',
    sale_arrival_country     VARCHAR(4)   NOT NULL DEFAULT '',
    buyer_vat_number         VARCHAR(30)  NOT NULL DEFAULT '',
    vat_inv_number           VARCHAR(60)  NOT NULL DEFAULT '',
    tax_collection           VARCHAR(20)  NOT NULL DEFAULT '',
    created_at               ${TIME} NOT NULL,
    updated_at               ${TIME} NOT NULL
);
CREATE UNIQUE INDEX vat_transactions_key ON vat_transactions
    (seller_id, transaction_type, transaction_event_id, activity_transaction_id, seller_sku);
CREATE INDEX vat_transactions_order ON vat_transactions (company_id, seller_id, transaction_event_id);

ALTER TABLE vat_settings ADD COLUMN vcs_enrolled BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE vat_invoices ADD COLUMN vat_source VARCHAR(10) NOT NULL DEFAULT 'computed';

-- +goose Down
ALTER TABLE vat_invoices DROP COLUMN vat_source;
ALTER TABLE vat_settings DROP COLUMN vcs_enrolled;
DROP TABLE vat_transactions;
