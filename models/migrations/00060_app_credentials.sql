-- Amazon makes every application's Login with Amazon client secret expire 180 days after it was issued; the token
-- endpoint then answers invalid_client. The product's own application (from the configuration) is remembered by its
-- client id with a fingerprint of its secret, so that a new secret starts a new 180 days and lifts a refusal; a
-- seller's own application keeps the same on its seller row. reminded: the days-ahead reminder last sent (30, 7).
-- +goose Up
CREATE TABLE app_credentials (
    client_id   VARCHAR(100) PRIMARY KEY,
    fingerprint VARCHAR(64) NOT NULL,
    issued_at   ${TIME} NOT NULL,
    refused_at  ${TIME} NULL,
    reminded    INTEGER NOT NULL DEFAULT 0
);
ALTER TABLE sellers ADD COLUMN client_secret_issued_at ${TIME} NULL;
ALTER TABLE sellers ADD COLUMN client_refused_at ${TIME} NULL;
ALTER TABLE sellers ADD COLUMN secret_reminded INTEGER NOT NULL DEFAULT 0;
UPDATE sellers SET client_secret_issued_at = authorized_at WHERE client_id <> '';

-- +goose Down
ALTER TABLE sellers DROP COLUMN secret_reminded;
ALTER TABLE sellers DROP COLUMN client_refused_at;
ALTER TABLE sellers DROP COLUMN client_secret_issued_at;
DROP TABLE app_credentials;
