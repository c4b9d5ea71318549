-- Receipts value stock (domain.md: cost): an inbound document's line has the unit cost it was bought at, in CNY,
-- and its approval writes that cost on the ledger line of the movement, so every unit received carries its value.
-- Both are ten-thousandths of a yuan (models.Money) that sum exactly on both databases; NULL where no cost was
-- entered (lines and movements from before, outbound documents, shipments).

-- +goose Up
ALTER TABLE stock_document_lines ADD COLUMN unit_cost BIGINT NULL;
ALTER TABLE stock_ledger ADD COLUMN unit_cost BIGINT NULL;

-- +goose Down
ALTER TABLE stock_ledger DROP COLUMN unit_cost;
ALTER TABLE stock_document_lines DROP COLUMN unit_cost;
