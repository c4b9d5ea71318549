-- Tags and their groups (products carry them later), a company's clients (客户端) and customers (客户), and the
-- operation log: who changed what and when on the admin screens. All are tenant data, so every table starts
-- with company_id and every index with it too.

-- +goose Up
CREATE TABLE tag_groups (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(50)  NOT NULL,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
-- One name per company; it also serves the company's list, ordered by name.
CREATE UNIQUE INDEX tag_groups_company_name ON tag_groups (company_id, name);

CREATE TABLE tags (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    group_id   ${ID} NOT NULL REFERENCES tag_groups (id),
    name       VARCHAR(50)  NOT NULL,
    color      VARCHAR(7)   NOT NULL DEFAULT '',
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX tags_company_name ON tags (company_id, name);
-- A group's tags: the group filter of the list, and the check that refuses deleting a group that has tags.
CREATE INDEX tags_company_group ON tags (company_id, group_id, name);

CREATE TABLE clients (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(100) NOT NULL,
    code       VARCHAR(50)  NOT NULL DEFAULT '',
    contact    VARCHAR(50)  NOT NULL DEFAULT '',
    phone      VARCHAR(30)  NOT NULL DEFAULT '',
    email      VARCHAR(100) NOT NULL DEFAULT '',
    address    VARCHAR(200) NOT NULL DEFAULT '',
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX clients_company_name ON clients (company_id, name);

CREATE TABLE customers (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(100) NOT NULL,
    platform   VARCHAR(50)  NOT NULL DEFAULT '',
    email      VARCHAR(100) NOT NULL DEFAULT '',
    phone      VARCHAR(30)  NOT NULL DEFAULT '',
    country    VARCHAR(50)  NOT NULL DEFAULT '',
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX customers_company_name ON customers (company_id, name);

-- One successful change made through the admin screens. user_name is copied: the log must still say who it was
-- after the user is renamed or removed. detail is the request body with secrets masked.
CREATE TABLE operation_logs (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    user_id    ${ID} NOT NULL,
    user_name  VARCHAR(50)  NOT NULL DEFAULT '',
    method     VARCHAR(10)  NOT NULL,
    path       VARCHAR(200) NOT NULL,
    action     VARCHAR(50)  NOT NULL,
    target_id  VARCHAR(40)  NOT NULL DEFAULT '',
    detail     TEXT         NOT NULL,
    ip         VARCHAR(64)  NOT NULL DEFAULT '',
    status     INTEGER      NOT NULL,
    created_at ${TIME} NOT NULL
);
-- The log is read newest first within a date range.
CREATE INDEX operation_logs_company_time ON operation_logs (company_id, created_at);

-- +goose Down
DROP TABLE operation_logs;
DROP TABLE customers;
DROP TABLE clients;
DROP TABLE tags;
DROP TABLE tag_groups;
