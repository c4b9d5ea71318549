-- Sponsored Brands keywords and targets (sbTargeting), Sponsored Display targets (sdTargeting) and Sponsored
-- Brands search terms (sbSearchTerm) are synced beside Sponsored Products' (issue 47): their days sit in
-- adv_target_days and adv_search_term_days, so ad_type says whose a day is and a report replaces the days of its own
-- ad type only (Amazon's keyword and target ids do not repeat across ad types, so the keys stay). Every day before
-- this one is Sponsored Products.

-- +goose Up
ALTER TABLE adv_target_days ADD COLUMN ad_type VARCHAR(2) NOT NULL DEFAULT 'SP';
ALTER TABLE adv_search_term_days ADD COLUMN ad_type VARCHAR(2) NOT NULL DEFAULT 'SP';

-- +goose Down
ALTER TABLE adv_search_term_days DROP COLUMN ad_type;
ALTER TABLE adv_target_days DROP COLUMN ad_type;
