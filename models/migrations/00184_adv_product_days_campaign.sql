-- 广告管理's ad groups and product ads of one campaign sum only that campaign's product days (models/advertising
-- manager.go); without an index on the campaign they were read from every day of the company in the range.
-- +goose Up
CREATE INDEX adv_product_days_company_campaign_day ON adv_product_days (company_id, campaign_id, day);

-- +goose Down
DROP INDEX adv_product_days_company_campaign_day;
