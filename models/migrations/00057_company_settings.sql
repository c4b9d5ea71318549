-- A company's settings (models/accounts/company_settings.go): day_zone is which day a "day" means on 首页, 今日订单,
-- the order list's dates, 销售报表 and 周/月汇总 by default: each marketplace's own day (marketplace, as Amazon's
-- reports count) or Beijing's (beijing). A company without a row counts by marketplace.
-- +goose Up
CREATE TABLE company_settings (
    company_id ${ID} PRIMARY KEY REFERENCES companies (id),
    day_zone   VARCHAR(16) NOT NULL,
    updated_at ${TIME} NOT NULL
);

-- +goose Down
DROP TABLE company_settings;
