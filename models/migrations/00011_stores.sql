-- Amazon's marketplaces (reference data written by the seed from models.Marketplaces, the single source) and a
-- company's store groups (店铺): each holds the seller accounts and advertising authorisations of one business. A
-- user may be limited to some store groups (user_store_groups); a user with none sees every group.

-- +goose Up
CREATE TABLE marketplaces (
    id             VARCHAR(20)  PRIMARY KEY,
    country        VARCHAR(2)   NOT NULL,
    name           VARCHAR(20)  NOT NULL,
    region         VARCHAR(2)   NOT NULL,
    currency       VARCHAR(3)   NOT NULL,
    seller_central VARCHAR(100) NOT NULL,
    sort           INTEGER      NOT NULL
);
CREATE UNIQUE INDEX marketplaces_country ON marketplaces (country);

CREATE TABLE store_groups (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(50)  NOT NULL,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
-- One name per company; it also serves the company's list, ordered by name.
CREATE UNIQUE INDEX store_groups_company_name ON store_groups (company_id, name);

CREATE TABLE user_store_groups (
    user_id  ${ID} NOT NULL REFERENCES users (id),
    group_id ${ID} NOT NULL REFERENCES store_groups (id),
    PRIMARY KEY (user_id, group_id)
);
-- The refusal to delete a group that users are still limited to.
CREATE INDEX user_store_groups_group ON user_store_groups (group_id);

-- +goose Down
DROP TABLE user_store_groups;
DROP TABLE store_groups;
DROP TABLE marketplaces;
