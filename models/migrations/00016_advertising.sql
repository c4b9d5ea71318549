-- Advertising authorisations (广告授权) and their profiles. A store group authorises Amazon Advertising once per
-- region (NA, EU, FE) through Login with Amazon; the refresh token is kept sealed with AES-GCM under the key of
-- the configuration, never in clear. Each authorisation reaches one advertising profile per marketplace and
-- account (Amazon's GET /v2/profiles); profiles keep their row id across refreshes so later modules can refer to
-- them. marketplace_id has no foreign key: Amazon may answer with marketplaces the product does not list.

-- +goose Up
CREATE TABLE adv_auths (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    group_id      ${ID} NOT NULL REFERENCES store_groups (id),
    region        VARCHAR(2) NOT NULL,
    refresh_token TEXT       NOT NULL,
    disabled      BOOLEAN    NOT NULL DEFAULT FALSE,
    authorized_at ${TIME} NOT NULL,
    disabled_at   ${TIME} NULL,
    created_at    ${TIME} NOT NULL,
    updated_at    ${TIME} NOT NULL
);
-- One authorisation per group and region: authorising again replaces the token of the same row.
CREATE UNIQUE INDEX adv_auths_company_group_region ON adv_auths (company_id, group_id, region);
CREATE INDEX adv_auths_group ON adv_auths (group_id);

CREATE TABLE adv_profiles (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    auth_id        ${ID} NOT NULL REFERENCES adv_auths (id),
    profile_id     BIGINT       NOT NULL,
    country_code   VARCHAR(2)   NOT NULL,
    currency_code  VARCHAR(3)   NOT NULL,
    timezone       VARCHAR(50)  NOT NULL DEFAULT '',
    marketplace_id VARCHAR(20)  NOT NULL DEFAULT '',
    account_id     VARCHAR(50)  NOT NULL DEFAULT '',
    account_type   VARCHAR(20)  NOT NULL DEFAULT '',
    account_name   VARCHAR(200) NOT NULL DEFAULT '',
    captured_at    ${TIME} NOT NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_profiles_auth_profile ON adv_profiles (auth_id, profile_id);
CREATE INDEX adv_profiles_company ON adv_profiles (company_id);

-- +goose Down
DROP TABLE adv_profiles;
DROP TABLE adv_auths;
