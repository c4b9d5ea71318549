-- Store authorization: the product's generated secret key (when SELLERHUB_SECRET_KEY is not set), the nonces of
-- OAuth consent states (single use), the seller accounts authorised per store group and region with their
-- marketplaces, and the report requests waiting for the report worker. Refresh tokens and client secrets are
-- stored encrypted (AES-256-GCM, text "v1.<base64>"), never in the clear.

-- +goose Up
CREATE TABLE app_secrets (
    name       VARCHAR(50)  PRIMARY KEY,
    value      VARCHAR(200) NOT NULL,
    created_at ${TIME} NOT NULL
);

-- One row per consent link handed out; used_at is set once, by the callback that redeems it.
CREATE TABLE oauth_states (
    nonce      VARCHAR(32) PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    group_id   ${ID} NOT NULL,
    kind       VARCHAR(10) NOT NULL,
    expires_at ${TIME} NOT NULL,
    used_at    ${TIME} NULL,
    created_at ${TIME} NOT NULL
);
-- The sweep of expired states.
CREATE INDEX oauth_states_expires ON oauth_states (expires_at);

-- A seller account (selling partner id) authorised for a store group in one region. client_id/client_secret are
-- the seller's own developer application (saveAuth) when set, else the product's application was used.
CREATE TABLE sellers (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    group_id           ${ID} NOT NULL REFERENCES store_groups (id),
    region             VARCHAR(2)   NOT NULL,
    selling_partner_id VARCHAR(30)  NOT NULL,
    refresh_token      TEXT         NOT NULL,
    mws_auth_token     VARCHAR(100) NOT NULL DEFAULT '',
    client_id          VARCHAR(100) NOT NULL DEFAULT '',
    client_secret      TEXT         NOT NULL,
    status             VARCHAR(16)  NOT NULL,
    disabled           BOOLEAN      NOT NULL DEFAULT FALSE,
    authorized_at      ${TIME} NOT NULL,
    disabled_at        ${TIME} NULL,
    created_at         ${TIME} NOT NULL,
    updated_at         ${TIME} NOT NULL
);
-- One seller account per store group and region; re-authorising replaces its tokens.
CREATE UNIQUE INDEX sellers_group_region ON sellers (group_id, region);
-- The company's list, and finding a seller account already authorised in another group.
CREATE INDEX sellers_company_partner ON sellers (company_id, selling_partner_id);

CREATE TABLE seller_marketplaces (
    seller_id      ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id VARCHAR(20) NOT NULL REFERENCES marketplaces (id),
    participating  BOOLEAN     NOT NULL,
    PRIMARY KEY (seller_id, marketplace_id)
);

-- Reports asked for a seller account, waiting for the report worker (status pending, then done or failed).
CREATE TABLE report_requests (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    seller_id    ${ID} NOT NULL REFERENCES sellers (id),
    report_type  VARCHAR(80) NOT NULL,
    status       VARCHAR(16) NOT NULL,
    requested_by ${ID} NOT NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
-- The worker's queue and the check for a request already waiting.
CREATE INDEX report_requests_seller_status ON report_requests (seller_id, status);

-- +goose Down
DROP TABLE report_requests;
DROP TABLE seller_marketplaces;
DROP TABLE sellers;
DROP TABLE oauth_states;
DROP TABLE app_secrets;
