-- The daily figures of Sponsored Products search terms (Reporting v3's spSearchTerm report): what shoppers searched
-- before a click, under the keyword or product target (target_id, the report's keywordId) that matched it.
-- 广告管理's 搜索词 sums them over the days asked.

-- +goose Up
CREATE TABLE adv_search_term_days (
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    group_id    ${ID} NOT NULL,
    profile_id  ${ID} NOT NULL,
    target_id   VARCHAR(30)  NOT NULL,
    search_term VARCHAR(500) NOT NULL,
    day         VARCHAR(10)  NOT NULL,
    campaign_id VARCHAR(30)  NOT NULL,
    ad_group_id VARCHAR(30)  NOT NULL,
    keyword     VARCHAR(500) NOT NULL,
    match_type  VARCHAR(40)  NOT NULL,
    currency    VARCHAR(3)   NOT NULL,
    impressions BIGINT NOT NULL DEFAULT 0,
    clicks      BIGINT NOT NULL DEFAULT 0,
    cost        BIGINT NOT NULL DEFAULT 0,
    orders      BIGINT NOT NULL DEFAULT 0,
    sales       BIGINT NOT NULL DEFAULT 0,
    units       BIGINT NOT NULL DEFAULT 0,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL,
    PRIMARY KEY (profile_id, target_id, search_term, day)
);
CREATE INDEX adv_search_term_days_profile_day ON adv_search_term_days (profile_id, day);
CREATE INDEX adv_search_term_days_company_day ON adv_search_term_days (company_id, day);

-- +goose Down
DROP TABLE adv_search_term_days;
