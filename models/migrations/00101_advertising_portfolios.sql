-- The portfolios of each advertising profile (Portfolios v3's list): 广告管理's top level, above the campaigns,
-- which name theirs in adv_campaigns.portfolio_id.

-- +goose Up
CREATE TABLE adv_portfolios (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    group_id     ${ID} NOT NULL,
    profile_id   ${ID} NOT NULL,
    portfolio_id VARCHAR(30)  NOT NULL,
    name         VARCHAR(300) NOT NULL,
    state        VARCHAR(10)  NOT NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_portfolios_profile_portfolio ON adv_portfolios (profile_id, portfolio_id);
CREATE INDEX adv_campaigns_profile_portfolio ON adv_campaigns (profile_id, portfolio_id);

-- +goose Down
DROP INDEX adv_campaigns_profile_portfolio;
DROP TABLE adv_portfolios;
