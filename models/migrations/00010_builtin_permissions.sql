-- Marks the button permissions the product's code checks (seeded, such as sys:dict:add) apart from those a
-- platform admin adds in 菜单管理: a built-in permission's code must not change or go, or the screen that checks
-- it would lock everyone out, and the seed would add it again at the next start. Every permission stored before
-- the menu admin existed came from the seed.

-- +goose Up
ALTER TABLE menu_permissions ADD COLUMN builtin BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE menu_permissions SET builtin = TRUE;

-- +goose Down
ALTER TABLE menu_permissions DROP COLUMN builtin;
