-- The daily figures of Sponsored Products keywords and product targets (Reporting v3's spTargeting report), as
-- adv_campaign_days keeps the campaigns': target_id is Amazon's keywordId of the report (a keyword's id, or a
-- targeting clause's), so 广告管理's keywords sum their own days.

-- +goose Up
CREATE TABLE adv_target_days (
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    target_id   VARCHAR(30) NOT NULL,
    day         VARCHAR(10) NOT NULL,
    campaign_id VARCHAR(30) NOT NULL,
    ad_group_id VARCHAR(30) NOT NULL,
    currency    VARCHAR(3)  NOT NULL,
    impressions BIGINT NOT NULL DEFAULT 0,
    clicks      BIGINT NOT NULL DEFAULT 0,
    cost        BIGINT NOT NULL DEFAULT 0,
    orders      BIGINT NOT NULL DEFAULT 0,
    sales       BIGINT NOT NULL DEFAULT 0,
    units       BIGINT NOT NULL DEFAULT 0,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL,
    PRIMARY KEY (profile_id, target_id, day)
);
CREATE INDEX adv_target_days_profile_day ON adv_target_days (profile_id, day);

-- +goose Down
DROP TABLE adv_target_days;
