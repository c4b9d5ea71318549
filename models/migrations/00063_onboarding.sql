-- 首页's getting started (新手引导): shown to a company until it is set up (store, authorisation, first sync,
-- products, costs, pairing). onboarding is what an admin chose: '' follows the steps, 'shown' keeps it after they
-- are done, 'hidden' puts it away before.
-- +goose Up
ALTER TABLE companies ADD COLUMN onboarding VARCHAR(8) NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE companies DROP COLUMN onboarding;
