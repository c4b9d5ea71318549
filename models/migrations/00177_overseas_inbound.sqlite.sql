-- 海外仓入库 (issue 46): a document of kind overseas_in sends units from an own warehouse to an overseas one as a
-- first-leg shipment (头程): the channel of 物流跟踪 it goes by (its carrier and channel names kept as they were),
-- the number of boxes and the estimated arrival (ship day plus the channel's days); carrier and tracking are the
-- columns 00146 added. PostgreSQL has the same in 00177_overseas_inbound.postgres.sql.

-- +goose Up
ALTER TABLE stock_documents ADD COLUMN channel_id ${ID} NULL REFERENCES freight_channels (id);
ALTER TABLE stock_documents ADD COLUMN channel VARCHAR(100) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN boxes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stock_documents ADD COLUMN estimated_arrival VARCHAR(10) NOT NULL DEFAULT '';
CREATE INDEX stock_documents_channel ON stock_documents (channel_id);

-- +goose Down
DROP INDEX stock_documents_channel;
ALTER TABLE stock_documents DROP COLUMN estimated_arrival;
ALTER TABLE stock_documents DROP COLUMN boxes;
ALTER TABLE stock_documents DROP COLUMN channel;
ALTER TABLE stock_documents DROP COLUMN channel_id;
