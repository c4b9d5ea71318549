-- 创建SD广告 and 创建SB广告 (issue 47) put Sponsored Display and Sponsored Brands campaigns beside the synced Sponsored
-- Products ones: ad_type says which (SP, SD, SB), so 广告管理 filters and shows it and changes made there go to the
-- API of the campaign's own type. Every campaign before this one is Sponsored Products.

-- +goose Up
ALTER TABLE adv_campaigns ADD COLUMN ad_type VARCHAR(2) NOT NULL DEFAULT 'SP';

-- +goose Down
ALTER TABLE adv_campaigns DROP COLUMN ad_type;
