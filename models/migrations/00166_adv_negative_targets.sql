-- Sponsored Products negative product targets (issue 47): an ad group's exclusions of an ASIN's page
-- (ASIN_SAME_AS) or of a brand's products (ASIN_BRAND_SAME_AS), as v3's negativeTargets lists them, beside its
-- negative keywords. expression is the clause as the console writes it (asin="B0..." or brand="123"), value the
-- ASIN or brand id alone.

-- +goose Up
CREATE TABLE adv_negative_targets (
    id              ${ID} PRIMARY KEY,
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    group_id        ${ID} NOT NULL,
    profile_id      ${ID} NOT NULL,
    target_id       VARCHAR(30)  NOT NULL,
    ad_group_id     VARCHAR(30)  NOT NULL,
    campaign_id     VARCHAR(30)  NOT NULL,
    expression_type VARCHAR(20)  NOT NULL,
    expression      VARCHAR(500) NOT NULL,
    value           VARCHAR(100) NOT NULL,
    state           VARCHAR(10)  NOT NULL,
    created_at      ${TIME} NOT NULL,
    updated_at      ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_negative_targets_profile_target ON adv_negative_targets (profile_id, target_id);
CREATE INDEX adv_negative_targets_profile_ad_group ON adv_negative_targets (profile_id, ad_group_id);

-- +goose Down
DROP TABLE adv_negative_targets;
