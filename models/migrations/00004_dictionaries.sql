-- Dictionaries: a company's named lists of values (币种, 运输方式, ...) that drop-downs everywhere read, and their
-- items. Items name their dictionary by code, as the clients do, so a dictionary's code is unique in its company.
-- ${ID} and ${TIME} are replaced per database by migrations.go, so one file serves both.

-- +goose Up
CREATE TABLE dicts (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(50)  NOT NULL,
    code       VARCHAR(50)  NOT NULL,
    status     SMALLINT     NOT NULL DEFAULT 1,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
-- One code per company; it also serves the company's list, which is ordered by code.
CREATE UNIQUE INDEX dicts_company_code ON dicts (company_id, code);

CREATE TABLE dict_items (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    dict_code  VARCHAR(50)  NOT NULL,
    name       VARCHAR(50)  NOT NULL,
    value      VARCHAR(100) NOT NULL,
    sort       INTEGER      NOT NULL DEFAULT 0,
    status     SMALLINT     NOT NULL DEFAULT 1,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
-- One value per dictionary: the value is what other tables store.
CREATE UNIQUE INDEX dict_items_company_value ON dict_items (company_id, dict_code, value);
-- The item list of one dictionary: its order is the list's order (sort, then id), and name rides along so that
-- the count and the page's ids, with or without the name filter (a LIKE '%...%' no B-tree can seek), are read
-- from this index alone; only the page's own rows are then fetched by primary key.
CREATE INDEX dict_items_page ON dict_items (company_id, dict_code, sort, id, name);

-- +goose Down
DROP TABLE dict_items;
DROP TABLE dicts;
