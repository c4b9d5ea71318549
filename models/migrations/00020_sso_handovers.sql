-- Single-sign-on hand-overs: the SSO server trades a session it holds for a one-time code bound to the state of
-- the browser's round trip, and /ssologin redeems the code once, within a minute. Only a hash of the code is kept;
-- the session token is blanked when the code is used.

-- +goose Up
CREATE TABLE sso_handovers (
    code_hash     VARCHAR(64) PRIMARY KEY,
    state         VARCHAR(64) NOT NULL,
    session_token VARCHAR(64) NOT NULL,
    expires_at    ${TIME} NOT NULL,
    used_at       ${TIME} NULL,
    created_at    ${TIME} NOT NULL
);
-- The sweep of expired hand-overs.
CREATE INDEX sso_handovers_expires ON sso_handovers (expires_at);

-- +goose Down
DROP TABLE sso_handovers;
