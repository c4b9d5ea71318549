-- The product's menu (three levels: top group, heading, link), the button permissions inside its pages, and
-- what each role is granted of both. Menus are the product's, shared by all companies; grants are per role and
-- so per company.

-- +goose Up
CREATE TABLE menus (
    id         ${ID} PRIMARY KEY,
    parent_id  ${ID} NOT NULL DEFAULT 0,
    code       VARCHAR(100) NULL,
    title      VARCHAR(50)  NOT NULL,
    path       VARCHAR(200) NOT NULL DEFAULT '',
    component  VARCHAR(200) NOT NULL DEFAULT '',
    redirect   VARCHAR(200) NOT NULL DEFAULT '',
    icon       VARCHAR(50)  NOT NULL DEFAULT '',
    sort       INTEGER      NOT NULL DEFAULT 0,
    old_id     VARCHAR(50)  NOT NULL DEFAULT '',
    hidden     BOOLEAN      NOT NULL DEFAULT FALSE,
    keep_alive BOOLEAN      NOT NULL DEFAULT TRUE,
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX menus_code ON menus (code);
CREATE INDEX menus_parent ON menus (parent_id, sort);

CREATE TABLE menu_permissions (
    id         ${ID} PRIMARY KEY,
    menu_id    ${ID} NOT NULL REFERENCES menus (id),
    code       VARCHAR(100) NOT NULL,
    name       VARCHAR(50)  NOT NULL,
    created_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX menu_permissions_code ON menu_permissions (code);

CREATE TABLE role_menus (
    role_id ${ID} NOT NULL REFERENCES roles (id),
    menu_id ${ID} NOT NULL REFERENCES menus (id),
    PRIMARY KEY (role_id, menu_id)
);

CREATE TABLE role_permissions (
    role_id       ${ID} NOT NULL REFERENCES roles (id),
    permission_id ${ID} NOT NULL REFERENCES menu_permissions (id),
    PRIMARY KEY (role_id, permission_id)
);

-- +goose Down
DROP TABLE role_permissions;
DROP TABLE role_menus;
DROP TABLE menu_permissions;
DROP TABLE menus;
