-- 预警管理: a company's thresholds of sudden changes (one row, made with the defaults when first read) and the
-- alerts raised: a campaign whose spend, ACOS or clicks over the last period_days days of data moved from the
-- period before by at least the threshold percent (hundredths), both periods read apart from noise by a least
-- number of clicks. The key raises an alert once per campaign, metric and day of data. checked_day is the newest
-- day of data already looked at, so the daily job looks at each new day once.

-- +goose Up
CREATE TABLE adv_alert_settings (
    company_id  ${ID} PRIMARY KEY REFERENCES companies (id),
    enabled     BOOLEAN NOT NULL DEFAULT TRUE,
    period_days INTEGER NOT NULL DEFAULT 7,
    spend_pct   BIGINT  NOT NULL DEFAULT 5000,
    acos_pct    BIGINT  NOT NULL DEFAULT 3000,
    clicks_pct  BIGINT  NOT NULL DEFAULT 5000,
    min_clicks  INTEGER NOT NULL DEFAULT 20,
    checked_day VARCHAR(10) NOT NULL DEFAULT '',
    updated_by  ${ID} NOT NULL DEFAULT 0,
    updated_at  ${TIME} NOT NULL
);

CREATE TABLE adv_alerts (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    group_id      ${ID} NOT NULL,
    profile_id    ${ID} NOT NULL,
    campaign_id   VARCHAR(30)  NOT NULL,
    campaign_name VARCHAR(300) NOT NULL DEFAULT '',
    metric        VARCHAR(10)  NOT NULL,
    data_day      VARCHAR(10)  NOT NULL,
    period_days   INTEGER      NOT NULL,
    before_value  BIGINT       NOT NULL,
    after_value   BIGINT       NOT NULL,
    change_pct    BIGINT       NOT NULL,
    threshold_pct BIGINT       NOT NULL,
    currency      VARCHAR(3)   NOT NULL DEFAULT '',
    read_at       ${TIME} NULL,
    read_by       ${ID} NOT NULL DEFAULT 0,
    created_at    ${TIME} NOT NULL
);
CREATE UNIQUE INDEX adv_alerts_once ON adv_alerts (profile_id, campaign_id, metric, data_day);
CREATE INDEX adv_alerts_company_created ON adv_alerts (company_id, created_at);

-- +goose Down
DROP TABLE adv_alerts;
DROP TABLE adv_alert_settings;
