-- A role's remark (备注), shown and edited on the 角色授权 screen beside its name.
-- Nothing else changes for roles and sub-users: users already carry their status and live session, and
-- user_roles' primary key (user_id, role_id) already answers "does anyone in this company hold role R" through
-- users_company, one primary-key probe per user of the company.

-- +goose Up
ALTER TABLE roles ADD COLUMN remark VARCHAR(200) NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE roles DROP COLUMN remark;
