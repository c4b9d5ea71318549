-- The negative keywords and product targeting clauses of Sponsored Products ad groups, as v3 lists them, beside
-- adv_keywords: a target's figures are adv_target_days' (its id is the targeting report's keywordId).
-- expression is the clause as the console writes it (asin="B0..."); money is ten-thousandths.

-- +goose Up
CREATE TABLE adv_negative_keywords (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    group_id     ${ID} NOT NULL,
    profile_id   ${ID} NOT NULL,
    keyword_id   VARCHAR(30)  NOT NULL,
    ad_group_id  VARCHAR(30)  NOT NULL,
    campaign_id  VARCHAR(30)  NOT NULL,
    keyword_text VARCHAR(500) NOT NULL,
    match_type   VARCHAR(20)  NOT NULL,
    state        VARCHAR(10)  NOT NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_negative_keywords_profile_keyword ON adv_negative_keywords (profile_id, keyword_id);
CREATE INDEX adv_negative_keywords_profile_ad_group ON adv_negative_keywords (profile_id, ad_group_id);

CREATE TABLE adv_targets (
    id              ${ID} PRIMARY KEY,
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    group_id        ${ID} NOT NULL,
    profile_id      ${ID} NOT NULL,
    target_id       VARCHAR(30)  NOT NULL,
    ad_group_id     VARCHAR(30)  NOT NULL,
    campaign_id     VARCHAR(30)  NOT NULL,
    expression_type VARCHAR(10)  NOT NULL DEFAULT '',
    expression      VARCHAR(500) NOT NULL,
    state           VARCHAR(10)  NOT NULL,
    bid             BIGINT       NOT NULL DEFAULT 0,
    created_at      ${TIME} NOT NULL,
    updated_at      ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_targets_profile_target ON adv_targets (profile_id, target_id);
CREATE INDEX adv_targets_profile_ad_group ON adv_targets (profile_id, ad_group_id);

-- +goose Down
DROP TABLE adv_targets;
DROP TABLE adv_negative_keywords;
