-- 广告管理 sums each level's days of a range for the whole company (every profile the user's store groups reach):
-- without an index by company and day it read every day of every profile (issue 47's bench: a year of 20,000
-- keywords).

-- +goose Up
CREATE INDEX adv_campaign_days_company_day ON adv_campaign_days (company_id, day);
CREATE INDEX adv_target_days_company_day ON adv_target_days (company_id, day);
CREATE INDEX adv_product_days_company_day ON adv_product_days (company_id, day);

-- +goose Down
DROP INDEX adv_product_days_company_day;
DROP INDEX adv_target_days_company_day;
DROP INDEX adv_campaign_days_company_day;
