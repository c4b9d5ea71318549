-- 操作记录 of advertising: every change sent to the Advertising API from 广告管理 (and later by rules), one row per
-- entity changed or refused: who (user_id) and when, the entity (its level, Amazon's id and name as they were), what
-- (state, budget or bid), the value before and the one asked, and Amazon's answer (ok, or its error and message).
-- batch_id ties the rows of one bulk action. Values are text as shown (a state, or an amount in the profile's
-- currency). group_id limits rows to the user's store groups like the synced entities'.

-- +goose Up
CREATE TABLE adv_operations (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    group_id     ${ID} NOT NULL,
    profile_id   ${ID} NOT NULL,
    batch_id     ${ID} NOT NULL,
    level        VARCHAR(10)  NOT NULL,
    amazon_id    VARCHAR(30)  NOT NULL,
    entity_name  VARCHAR(500) NOT NULL DEFAULT '',
    action       VARCHAR(10)  NOT NULL,
    before_value VARCHAR(40)  NOT NULL DEFAULT '',
    after_value  VARCHAR(40)  NOT NULL DEFAULT '',
    ok           BOOLEAN      NOT NULL DEFAULT FALSE,
    error_type   VARCHAR(60)  NOT NULL DEFAULT '',
    message      VARCHAR(500) NOT NULL DEFAULT '',
    source       VARCHAR(10)  NOT NULL DEFAULT 'manual',
    user_id      ${ID} NOT NULL,
    created_at   ${TIME} NOT NULL
);
CREATE INDEX adv_operations_company_created ON adv_operations (company_id, created_at);
CREATE INDEX adv_operations_profile_entity ON adv_operations (profile_id, amazon_id);

-- +goose Down
DROP TABLE adv_operations;
