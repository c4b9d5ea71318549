-- 广告规则's 库存充足时提高竞价 (issue 47's inventory-aware advertising): spend moves to the SKUs with stock to spare.
-- A rule of that kind raises the bids of keywords whose ad group's SKUs all have more than cover_above days of cover,
-- optionally only while their ROAS (hundredths) is above roas_above.

-- +goose Up
ALTER TABLE adv_rules ADD COLUMN cover_above INTEGER NOT NULL DEFAULT 0;
ALTER TABLE adv_rules ADD COLUMN roas_above BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE adv_rules DROP COLUMN roas_above;
ALTER TABLE adv_rules DROP COLUMN cover_above;
