-- Sponsored Display and Sponsored Brands sync (issue 47). Their campaigns' days sit in adv_campaign_days and
-- Sponsored Display's advertised products' in adv_product_days beside Sponsored Products', so ad_type says whose
-- a day is: a report replaces the days of its own ad type only, and 利润报告's 广告费 reads SP and SD by advertised
-- SKU. adv_brand_ads are the Sponsored Brands ads (v4): a creative shows several ASINs, which 利润报告 spreads the
-- campaign's spend over (asins: the creative's and landing page's, space-separated). Every day before this one
-- is Sponsored Products.

-- +goose Up
ALTER TABLE adv_campaign_days ADD COLUMN ad_type VARCHAR(2) NOT NULL DEFAULT 'SP';
ALTER TABLE adv_product_days ADD COLUMN ad_type VARCHAR(2) NOT NULL DEFAULT 'SP';

CREATE TABLE adv_brand_ads (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    ad_id       VARCHAR(30)  NOT NULL,
    ad_group_id VARCHAR(30)  NOT NULL,
    campaign_id VARCHAR(30)  NOT NULL,
    name        VARCHAR(300) NOT NULL DEFAULT '',
    state       VARCHAR(10)  NOT NULL,
    headline    VARCHAR(300) NOT NULL DEFAULT '',
    brand_name  VARCHAR(300) NOT NULL DEFAULT '',
    asins       VARCHAR(2000) NOT NULL DEFAULT '',
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_brand_ads_profile_ad ON adv_brand_ads (profile_id, ad_id);
CREATE INDEX adv_brand_ads_profile_campaign ON adv_brand_ads (profile_id, campaign_id);

-- +goose Down
DROP TABLE adv_brand_ads;
ALTER TABLE adv_product_days DROP COLUMN ad_type;
ALTER TABLE adv_campaign_days DROP COLUMN ad_type;
