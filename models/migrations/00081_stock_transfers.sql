-- Transfers (调拨单, domain.md: transfer) are stock documents of kind transfer from warehouse_id to to_warehouse_id.
-- Approving one ships it: fulfillable -> outbound at the source, + inbound (in transit) at the target. Receiving
-- it consumes the source's outbound and turns the target's inbound into fulfillable, each line's received quantity
-- (received, which may be less than shipped: the difference is booked with the reason). status 4 is 已完成
-- (received); 2 is 调拨中 for a transfer.

-- +goose Up
ALTER TABLE stock_documents ADD COLUMN to_warehouse_id ${ID} NULL REFERENCES warehouses (id);
ALTER TABLE stock_documents ADD COLUMN reason VARCHAR(200) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN receiver_id ${ID} NULL;
ALTER TABLE stock_documents ADD COLUMN received_at ${TIME} NULL;
ALTER TABLE stock_document_lines ADD COLUMN received INTEGER NULL;
CREATE INDEX stock_documents_to_warehouse ON stock_documents (to_warehouse_id);

-- +goose Down
DROP INDEX stock_documents_to_warehouse;
ALTER TABLE stock_document_lines DROP COLUMN received;
ALTER TABLE stock_documents DROP COLUMN received_at;
ALTER TABLE stock_documents DROP COLUMN receiver_id;
ALTER TABLE stock_documents DROP COLUMN reason;
ALTER TABLE stock_documents DROP COLUMN to_warehouse_id;
