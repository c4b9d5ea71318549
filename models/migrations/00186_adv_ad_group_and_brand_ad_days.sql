-- Sponsored Brands has no advertised product report, so 广告管理 summed nothing for its ad groups and ads (issue
-- 47): their days come from sbAdGroup and sbAds. adv_ad_group_days holds ad group days by ad type (SB's now;
-- Sponsored Products' and Display's ad groups stay summed from their advertised products), adv_brand_ad_days the
-- Sponsored Brands ads' days (adv_brand_ads' ad_id). 广告管理 sums one campaign's or ad group's days of a range,
-- hence the (company, campaign, day) index beside the (company, day) one every days table has.

-- +goose Up
CREATE TABLE adv_ad_group_days (
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    ad_group_id VARCHAR(30) NOT NULL,
    day         VARCHAR(10) NOT NULL,
    campaign_id VARCHAR(30) NOT NULL,
    ad_type     VARCHAR(2)  NOT NULL,
    currency    VARCHAR(3)  NOT NULL,
    impressions BIGINT NOT NULL DEFAULT 0,
    clicks      BIGINT NOT NULL DEFAULT 0,
    cost        BIGINT NOT NULL DEFAULT 0,
    orders      BIGINT NOT NULL DEFAULT 0,
    sales       BIGINT NOT NULL DEFAULT 0,
    units       BIGINT NOT NULL DEFAULT 0,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL,
    PRIMARY KEY (profile_id, ad_group_id, day)
);
CREATE INDEX adv_ad_group_days_company_day ON adv_ad_group_days (company_id, day);
CREATE INDEX adv_ad_group_days_company_campaign_day ON adv_ad_group_days (company_id, campaign_id, day);

CREATE TABLE adv_brand_ad_days (
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    ad_id       VARCHAR(30) NOT NULL,
    day         VARCHAR(10) NOT NULL,
    campaign_id VARCHAR(30) NOT NULL,
    ad_group_id VARCHAR(30) NOT NULL,
    ad_type     VARCHAR(2)  NOT NULL DEFAULT 'SB',
    currency    VARCHAR(3)  NOT NULL,
    impressions BIGINT NOT NULL DEFAULT 0,
    clicks      BIGINT NOT NULL DEFAULT 0,
    cost        BIGINT NOT NULL DEFAULT 0,
    orders      BIGINT NOT NULL DEFAULT 0,
    sales       BIGINT NOT NULL DEFAULT 0,
    units       BIGINT NOT NULL DEFAULT 0,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL,
    PRIMARY KEY (profile_id, ad_id, day)
);
CREATE INDEX adv_brand_ad_days_company_day ON adv_brand_ad_days (company_id, day);
CREATE INDEX adv_brand_ad_days_company_campaign_day ON adv_brand_ad_days (company_id, campaign_id, day);

-- +goose Down
DROP TABLE adv_brand_ad_days;
DROP TABLE adv_ad_group_days;
