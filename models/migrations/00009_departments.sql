-- Departments (部门): a tree per company. parent_id 0 is the top level; it is not a foreign key, because 0 names no
-- row. A leader is a user of the company (the service checks that the user is the company's). A user may belong to
-- one department (users.dept_id); the service refuses deleting a department that still has members or children,
-- and keeps a department from moving under itself or its own descendants.

-- +goose Up
CREATE TABLE departments (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    parent_id  ${ID} NOT NULL DEFAULT 0,
    name       VARCHAR(50)  NOT NULL,
    sort       INTEGER      NOT NULL DEFAULT 0,
    leader_id  ${ID} NULL REFERENCES users (id),
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
-- One name among siblings; it also finds a department's children, which the delete check and the walk up the tree
-- for the move check read.
CREATE UNIQUE INDEX departments_company_parent_name ON departments (company_id, parent_id, name);

-- No foreign key to departments: the service's check under the department's lock is what keeps members from a
-- deleted department. No index either: the members check reads the company's users through users_company (a
-- company has hundreds of users, not millions).
ALTER TABLE users ADD COLUMN dept_id ${ID} NULL;

-- +goose Down
ALTER TABLE users DROP COLUMN dept_id;
DROP TABLE departments;
