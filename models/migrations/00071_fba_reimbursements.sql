-- What Amazon reimbursed (GET_FBA_REIMBURSEMENTS_DATA, amazondata's reimbursements kind): cash and units, per
-- reimbursement, SKU and case. Amounts in models.Money's units of currency.
-- +goose Up
CREATE TABLE fba_reimbursements (
    id                          ${ID} PRIMARY KEY,
    company_id                  ${ID} NOT NULL REFERENCES companies (id),
    group_id                    ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id                   ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id              VARCHAR(20)  NOT NULL,
    approval_date               ${TIME} NOT NULL,
    reimbursement_id            VARCHAR(30)  NOT NULL,
    case_id                     VARCHAR(30)  NOT NULL DEFAULT '',
    amazon_order_id             VARCHAR(30)  NOT NULL DEFAULT '',
    reason                      VARCHAR(60)  NOT NULL DEFAULT '',
    sku                         VARCHAR(200) NOT NULL DEFAULT '',
    fnsku                       VARCHAR(20)  NOT NULL DEFAULT '',
    asin                        VARCHAR(20)  NOT NULL DEFAULT '',
    product_name                TEXT         NOT NULL,
    item_condition              VARCHAR(40)  NOT NULL DEFAULT '',
    currency                    VARCHAR(3)   NOT NULL DEFAULT '',
    amount_per_unit             BIGINT       NOT NULL DEFAULT 0,
    amount_total                BIGINT       NOT NULL DEFAULT 0,
    quantity_cash               INTEGER      NOT NULL DEFAULT 0,
    quantity_inventory          INTEGER      NOT NULL DEFAULT 0,
    quantity_total              INTEGER      NOT NULL DEFAULT 0,
    original_reimbursement_id   VARCHAR(30)  NOT NULL DEFAULT '',
    original_reimbursement_type VARCHAR(40)  NOT NULL DEFAULT '',
    created_at                  ${TIME} NOT NULL,
    updated_at                  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_reimbursements_key ON fba_reimbursements (seller_id, reimbursement_id, sku, fnsku, reason, original_reimbursement_id);
CREATE INDEX fba_reimbursements_company_date ON fba_reimbursements (company_id, approval_date);
CREATE INDEX fba_reimbursements_company_case ON fba_reimbursements (company_id, case_id);

-- +goose Down
DROP TABLE fba_reimbursements;
