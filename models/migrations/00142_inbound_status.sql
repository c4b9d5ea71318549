-- Inbound shipments from Amazon (issue 44): what the Fulfillment Inbound API last said of a shipment (its status,
-- and per seller SKU the units shipped and received) is kept beside what the seller typed, so 货件处理 fills 收货
-- and Amazon's status by itself and shows a hand entry that disagrees as a difference instead of overwriting it.
-- status_by_hand / received_by_hand mark the figures the seller set, which Amazon's then no longer replace.

-- +goose Up
ALTER TABLE shipments ADD COLUMN inbound_status VARCHAR(20) NOT NULL DEFAULT '';
ALTER TABLE shipments ADD COLUMN inbound_checked_at ${TIME} NULL;
ALTER TABLE shipments ADD COLUMN status_by_hand BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE shipment_items ADD COLUMN inbound_shipped INTEGER NULL;
ALTER TABLE shipment_items ADD COLUMN inbound_received INTEGER NULL;
ALTER TABLE shipment_items ADD COLUMN received_by_hand BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE shipment_items DROP COLUMN received_by_hand;
ALTER TABLE shipment_items DROP COLUMN inbound_received;
ALTER TABLE shipment_items DROP COLUMN inbound_shipped;
ALTER TABLE shipments DROP COLUMN status_by_hand;
ALTER TABLE shipments DROP COLUMN inbound_checked_at;
ALTER TABLE shipments DROP COLUMN inbound_status;
