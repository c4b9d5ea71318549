-- Sponsored Products as the Advertising API describes it (v3 lists) and its daily figures (Reporting v3), per
-- advertising profile (adv_profiles.id, ours). group_id is the profile's store group, copied so that the
-- advertising screens limit rows to the user's store groups without a join. Amazon's ids are text (v3 answers
-- strings). A profile row may go when Amazon stops listing it: its synced rows stay (no foreign key), readable by
-- the profile id they keep. Money columns are ten-thousandths (models.Money) in the profile's currency, which
-- each figures row repeats for the sums in CNY. Days are YYYY-MM-DD in the profile's time zone, as Amazon's
-- reports date them; orders, sales and units are Amazon's 7-day attribution (the console's for sellers).
-- sync_reports learns which Reporting v3 report (and profile) a row of the advertising sync is.

-- +goose Up
CREATE TABLE adv_campaigns (
    id               ${ID} PRIMARY KEY,
    company_id       ${ID} NOT NULL REFERENCES companies (id),
    group_id         ${ID} NOT NULL,
    profile_id       ${ID} NOT NULL,
    campaign_id      VARCHAR(30)  NOT NULL,
    name             VARCHAR(300) NOT NULL,
    state            VARCHAR(10)  NOT NULL,
    targeting_type   VARCHAR(10)  NOT NULL DEFAULT '',
    budget           BIGINT       NOT NULL DEFAULT 0,
    budget_type      VARCHAR(10)  NOT NULL DEFAULT '',
    bidding_strategy VARCHAR(40)  NOT NULL DEFAULT '',
    start_date       VARCHAR(10)  NOT NULL DEFAULT '',
    end_date         VARCHAR(10)  NOT NULL DEFAULT '',
    portfolio_id     VARCHAR(30)  NOT NULL DEFAULT '',
    created_at       ${TIME} NOT NULL,
    updated_at       ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_campaigns_profile_campaign ON adv_campaigns (profile_id, campaign_id);
CREATE INDEX adv_campaigns_company_group ON adv_campaigns (company_id, group_id);

CREATE TABLE adv_ad_groups (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    ad_group_id VARCHAR(30)  NOT NULL,
    campaign_id VARCHAR(30)  NOT NULL,
    name        VARCHAR(300) NOT NULL,
    state       VARCHAR(10)  NOT NULL,
    default_bid BIGINT       NOT NULL DEFAULT 0,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_ad_groups_profile_ad_group ON adv_ad_groups (profile_id, ad_group_id);
CREATE INDEX adv_ad_groups_profile_campaign ON adv_ad_groups (profile_id, campaign_id);

CREATE TABLE adv_keywords (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    group_id     ${ID} NOT NULL,
    profile_id   ${ID} NOT NULL,
    keyword_id   VARCHAR(30)  NOT NULL,
    ad_group_id  VARCHAR(30)  NOT NULL,
    campaign_id  VARCHAR(30)  NOT NULL,
    keyword_text VARCHAR(500) NOT NULL,
    match_type   VARCHAR(10)  NOT NULL,
    state        VARCHAR(10)  NOT NULL,
    bid          BIGINT       NOT NULL DEFAULT 0,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_keywords_profile_keyword ON adv_keywords (profile_id, keyword_id);
CREATE INDEX adv_keywords_profile_ad_group ON adv_keywords (profile_id, ad_group_id);

CREATE TABLE adv_product_ads (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    ad_id       VARCHAR(30)  NOT NULL,
    ad_group_id VARCHAR(30)  NOT NULL,
    campaign_id VARCHAR(30)  NOT NULL,
    sku         VARCHAR(100) NOT NULL DEFAULT '',
    asin        VARCHAR(20)  NOT NULL DEFAULT '',
    state       VARCHAR(10)  NOT NULL,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_product_ads_profile_ad ON adv_product_ads (profile_id, ad_id);
CREATE INDEX adv_product_ads_profile_ad_group ON adv_product_ads (profile_id, ad_group_id);

CREATE TABLE adv_campaign_days (
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    campaign_id VARCHAR(30) NOT NULL,
    day         VARCHAR(10) NOT NULL,
    currency    VARCHAR(3)  NOT NULL,
    impressions BIGINT NOT NULL DEFAULT 0,
    clicks      BIGINT NOT NULL DEFAULT 0,
    cost        BIGINT NOT NULL DEFAULT 0,
    orders      BIGINT NOT NULL DEFAULT 0,
    sales       BIGINT NOT NULL DEFAULT 0,
    units       BIGINT NOT NULL DEFAULT 0,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL,
    PRIMARY KEY (profile_id, campaign_id, day)
);
CREATE INDEX adv_campaign_days_profile_day ON adv_campaign_days (profile_id, day);

CREATE TABLE adv_product_days (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL,
    profile_id     ${ID} NOT NULL,
    ad_id          VARCHAR(30)  NOT NULL,
    day            VARCHAR(10)  NOT NULL,
    marketplace_id VARCHAR(20)  NOT NULL DEFAULT '',
    campaign_id    VARCHAR(30)  NOT NULL,
    ad_group_id    VARCHAR(30)  NOT NULL,
    sku            VARCHAR(100) NOT NULL DEFAULT '',
    asin           VARCHAR(20)  NOT NULL DEFAULT '',
    currency       VARCHAR(3)   NOT NULL,
    impressions    BIGINT NOT NULL DEFAULT 0,
    clicks         BIGINT NOT NULL DEFAULT 0,
    cost           BIGINT NOT NULL DEFAULT 0,
    orders         BIGINT NOT NULL DEFAULT 0,
    sales          BIGINT NOT NULL DEFAULT 0,
    units          BIGINT NOT NULL DEFAULT 0,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (profile_id, ad_id, day)
);
CREATE INDEX adv_product_days_profile_day ON adv_product_days (profile_id, day);
-- 利润报告's 广告费: a month's spend by seller SKU and marketplace.
CREATE INDEX adv_product_days_company_sku ON adv_product_days (company_id, marketplace_id, sku, day);

ALTER TABLE sync_reports ADD COLUMN report_type VARCHAR(40) NOT NULL DEFAULT '';
ALTER TABLE sync_reports ADD COLUMN profile_id BIGINT NULL;

-- +goose Down
ALTER TABLE sync_reports DROP COLUMN profile_id;
ALTER TABLE sync_reports DROP COLUMN report_type;
DROP TABLE adv_product_days;
DROP TABLE adv_campaign_days;
DROP TABLE adv_product_ads;
DROP TABLE adv_keywords;
DROP TABLE adv_ad_groups;
DROP TABLE adv_campaigns;
