-- 广告规则: a company's rules over the synced Sponsored Products of one store group (and one profile, or all of the
-- group's), each of a kind (pause keywords by ACOS, add search terms as exact keywords, lower bids by ROAS or days of
-- cover, raise budgets spent out), with its figures (percent and ratio thresholds in hundredths, a bid in the
-- profile's currency as ten-thousandths) and its schedule (weekdays as 1..7 digits, Monday 1, and the Beijing hour
-- from which it may run). adv_rule_runs keeps one row per rule and day of data: its key makes a rule act once per
-- new day, however often the job or a person asks. adv_operations learns which rule made a change and the figures
-- that made it.

-- +goose Up
CREATE TABLE adv_rules (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    group_id      ${ID} NOT NULL,
    profile_id    ${ID} NOT NULL DEFAULT 0,
    name          VARCHAR(100) NOT NULL,
    kind          VARCHAR(20)  NOT NULL,
    enabled       BOOLEAN      NOT NULL DEFAULT FALSE,
    lookback_days INTEGER      NOT NULL DEFAULT 7,
    min_clicks    INTEGER      NOT NULL DEFAULT 0,
    min_orders    INTEGER      NOT NULL DEFAULT 0,
    acos_above    BIGINT       NOT NULL DEFAULT 0,
    roas_below    BIGINT       NOT NULL DEFAULT 0,
    cover_below   INTEGER      NOT NULL DEFAULT 0,
    spent_days    INTEGER      NOT NULL DEFAULT 0,
    percent       BIGINT       NOT NULL DEFAULT 0,
    bid           BIGINT       NOT NULL DEFAULT 0,
    ad_group_id   ${ID} NOT NULL DEFAULT 0,
    weekdays      VARCHAR(7)   NOT NULL DEFAULT '1234567',
    hour          INTEGER      NOT NULL DEFAULT 0,
    last_day      VARCHAR(10)  NOT NULL DEFAULT '',
    last_run_at   ${TIME} NULL,
    last_changed  INTEGER      NOT NULL DEFAULT 0,
    last_refused  INTEGER      NOT NULL DEFAULT 0,
    created_by    ${ID} NOT NULL,
    created_at    ${TIME} NOT NULL,
    updated_at    ${TIME} NOT NULL
);
CREATE INDEX adv_rules_company_group ON adv_rules (company_id, group_id);

CREATE TABLE adv_rule_runs (
    rule_id    ${ID} NOT NULL,
    data_day   VARCHAR(10) NOT NULL,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    changed    INTEGER NOT NULL DEFAULT 0,
    refused    INTEGER NOT NULL DEFAULT 0,
    created_at ${TIME} NOT NULL,
    PRIMARY KEY (rule_id, data_day)
);

ALTER TABLE adv_operations ADD COLUMN rule_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE adv_operations ADD COLUMN reason VARCHAR(500) NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE adv_operations DROP COLUMN reason;
ALTER TABLE adv_operations DROP COLUMN rule_id;
DROP TABLE adv_rule_runs;
DROP TABLE adv_rules;
