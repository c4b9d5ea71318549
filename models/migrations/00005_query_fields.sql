-- Saved column layouts ("versions") of the lists: each user names layouts per list (query name) and uses at most
-- one of them. The default columns are the product's and live in code (app/service/query_fields.go).
-- ${ID} and ${TIME} are replaced per database by migrations.go, so one file serves both.

-- +goose Up
-- field_list is the layout as JSON text, [{"ffield","findex","isshow"}, ...]: a layout is always read and written
-- whole and never searched by column, so one row is one indexed read with no join, a replace is one UPDATE and a
-- delete one DELETE. TEXT is the same on both databases, where a JSON type is not (none on SQLite, json or jsonb
-- on PostgreSQL).
--
-- in_use is TRUE for the version in use and NULL (never FALSE) for the others: unique indexes let NULLs repeat on
-- both databases, so query_field_versions_in_use lets a user keep many versions of a list but have only one
-- in use, whatever two requests do at once. The same index is loadfield's lookup, made on every list page load.
CREATE TABLE query_field_versions (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    user_id     ${ID} NOT NULL REFERENCES users (id),
    queryname   VARCHAR(50) NOT NULL,
    versionname VARCHAR(20) NOT NULL,
    in_use      BOOLEAN     NULL,
    field_list  TEXT        NOT NULL,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX query_field_versions_name ON query_field_versions (user_id, queryname, versionname);
CREATE UNIQUE INDEX query_field_versions_in_use ON query_field_versions (user_id, queryname, in_use);

-- +goose Down
DROP TABLE query_field_versions;
