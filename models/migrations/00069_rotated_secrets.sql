-- A rotation through Amazon's Application Management API (轮换应用密钥) brings the product's application a new
-- client secret that the configuration does not hold: it is kept sealed (encrypted with the secret key) with the
-- fingerprint of the configured secret it replaced. It is used while the configuration still holds that secret;
-- an administrator who sets another secret in the configuration takes over again.
-- +goose Up
ALTER TABLE app_credentials ADD COLUMN rotated_secret TEXT NULL;
ALTER TABLE app_credentials ADD COLUMN replaced_fingerprint VARCHAR(64) NULL;

-- +goose Down
ALTER TABLE app_credentials DROP COLUMN replaced_fingerprint;
ALTER TABLE app_credentials DROP COLUMN rotated_secret;
