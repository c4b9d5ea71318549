-- 待索赔 (app/claims): the claims the audit found a seller can still file with Amazon, each once (kind and key
-- unique in the company): units lost or damaged at a fulfilment centre that nothing covered, an inbound shipment
-- received short. status: open (待索赔), submitted (已提交, with the case id), settled (已赔偿 or covered: found,
-- received, reimbursed), expired (the window closed unfiled). Amounts in models.Money's units of currency.
-- +goose Up
CREATE TABLE fba_claims (
    id               ${ID} PRIMARY KEY,
    company_id       ${ID} NOT NULL REFERENCES companies (id),
    group_id         ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id        ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id   VARCHAR(20)  NOT NULL,
    kind             VARCHAR(20)  NOT NULL,
    claim_key        VARCHAR(200) NOT NULL,
    sku              VARCHAR(200) NOT NULL DEFAULT '',
    fnsku            VARCHAR(20)  NOT NULL DEFAULT '',
    reference_id     VARCHAR(60)  NOT NULL DEFAULT '',
    units            INTEGER      NOT NULL,
    currency         VARCHAR(3)   NOT NULL DEFAULT '',
    unit_value       BIGINT       NOT NULL DEFAULT 0,
    amount           BIGINT       NOT NULL DEFAULT 0,
    event_day        VARCHAR(10)  NOT NULL,
    opens_on         VARCHAR(10)  NOT NULL,
    deadline         VARCHAR(10)  NOT NULL,
    policy           VARCHAR(60)  NOT NULL,
    evidence         TEXT         NOT NULL,
    status           VARCHAR(12)  NOT NULL,
    case_id          VARCHAR(30)  NOT NULL DEFAULT '',
    submitted_at     ${TIME} NULL,
    submitted_by     ${ID} NULL,
    reimbursement_id VARCHAR(30)  NOT NULL DEFAULT '',
    settled_at       ${TIME} NULL,
    created_at       ${TIME} NOT NULL,
    updated_at       ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_claims_key ON fba_claims (company_id, kind, claim_key);
CREATE INDEX fba_claims_company_status ON fba_claims (company_id, status, deadline);

-- +goose Down
DROP TABLE fba_claims;
