-- Companies (tenants), their users and profiles, roles, bound accounts, verification codes and web sessions.
-- ${ID}, ${TIME} and ${BLOB} are replaced per database by migrations.go, so one file serves both.

-- +goose Up
CREATE TABLE companies (
    id         ${ID} PRIMARY KEY,
    name       VARCHAR(100) NOT NULL,
    status     VARCHAR(16)  NOT NULL DEFAULT 'active',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);

CREATE TABLE users (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    account       VARCHAR(100) NOT NULL,
    password_hash VARCHAR(255) NOT NULL,
    legacy_salt   VARCHAR(64)  NOT NULL DEFAULT '',
    status        VARCHAR(16)  NOT NULL DEFAULT 'active',
    is_owner      BOOLEAN      NOT NULL DEFAULT FALSE,
    expires_at    ${TIME} NULL,
    session_token VARCHAR(64)  NOT NULL DEFAULT '',
    last_login_at ${TIME} NULL,
    created_at    ${TIME} NOT NULL,
    updated_at    ${TIME} NOT NULL
);
CREATE UNIQUE INDEX users_account ON users (account);
CREATE INDEX users_company ON users (company_id);

CREATE TABLE user_profiles (
    user_id    ${ID} PRIMARY KEY REFERENCES users (id),
    name       VARCHAR(50)  NOT NULL DEFAULT '',
    email      VARCHAR(100) NOT NULL DEFAULT '',
    mobile     VARCHAR(20)  NOT NULL DEFAULT '',
    image      VARCHAR(255) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);

CREATE TABLE roles (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(50) NOT NULL,
    code       VARCHAR(50) NOT NULL DEFAULT '',
    is_default BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX roles_company_name ON roles (company_id, name);

CREATE TABLE user_roles (
    user_id ${ID} NOT NULL REFERENCES users (id),
    role_id ${ID} NOT NULL REFERENCES roles (id),
    PRIMARY KEY (user_id, role_id)
);

CREATE TABLE account_bindings (
    user_id    ${ID} PRIMARY KEY REFERENCES users (id),
    group_id   ${ID} NOT NULL,
    created_at ${TIME} NOT NULL
);
CREATE INDEX account_bindings_group ON account_bindings (group_id);

CREATE TABLE verification_codes (
    code_key   VARCHAR(64)  PRIMARY KEY,
    target     VARCHAR(100) NOT NULL,
    purpose    VARCHAR(20)  NOT NULL,
    code_hash  VARCHAR(64)  NOT NULL,
    attempts   INTEGER      NOT NULL DEFAULT 0,
    client_ip  VARCHAR(64)  NOT NULL DEFAULT '',
    expires_at ${TIME} NOT NULL,
    used_at    ${TIME} NULL,
    created_at ${TIME} NOT NULL
);
CREATE INDEX verification_codes_target ON verification_codes (target, created_at);

CREATE TABLE sessions (
    token  VARCHAR(64) PRIMARY KEY,
    data   ${BLOB} NOT NULL,
    expiry ${TIME} NOT NULL
);
CREATE INDEX sessions_expiry ON sessions (expiry);

-- +goose Down
DROP TABLE sessions;
DROP TABLE verification_codes;
DROP TABLE account_bindings;
DROP TABLE user_roles;
DROP TABLE roles;
DROP TABLE user_profiles;
DROP TABLE users;
DROP TABLE companies;
