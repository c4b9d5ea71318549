-- The operation log names what was acted on (a SKU, a document number, a name) and says in words what changed,
-- so that its screen shows no ids or raw request bodies; detail keeps the masked body for auditing.

-- +goose Up
ALTER TABLE operation_logs ADD COLUMN subject VARCHAR(100) NOT NULL DEFAULT '';
ALTER TABLE operation_logs ADD COLUMN summary TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE operation_logs DROP COLUMN summary;
ALTER TABLE operation_logs DROP COLUMN subject;
