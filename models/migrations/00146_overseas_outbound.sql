-- 海外仓发货 (issue 46): an outbound document of kind overseas from an overseas warehouse, either to FBA (a
-- store group's marketplace and fulfilment centre, optionally linked to one of the company's shipments) or to a
-- buyer (name, phone, address, carrier, tracking). Its approval takes the lines out of the overseas warehouse's
-- fulfillable stock; one sent to FBA also adds them to the FBA warehouse's inbound (在途), as 发货 of a shipment does.

-- +goose Up
ALTER TABLE stock_documents ADD COLUMN destination VARCHAR(10) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN dest_group_id ${ID} NULL REFERENCES store_groups (id);
ALTER TABLE stock_documents ADD COLUMN dest_marketplace VARCHAR(20) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN dest_center VARCHAR(20) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN shipment_ref ${ID} NULL REFERENCES shipments (id);
ALTER TABLE stock_documents ADD COLUMN buyer_name VARCHAR(100) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN buyer_phone VARCHAR(30) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN buyer_address VARCHAR(300) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN carrier VARCHAR(50) NOT NULL DEFAULT '';
ALTER TABLE stock_documents ADD COLUMN tracking VARCHAR(100) NOT NULL DEFAULT '';
CREATE INDEX stock_documents_shipment ON stock_documents (shipment_ref);

-- +goose Down
DROP INDEX stock_documents_shipment;
ALTER TABLE stock_documents DROP COLUMN tracking;
ALTER TABLE stock_documents DROP COLUMN carrier;
ALTER TABLE stock_documents DROP COLUMN buyer_address;
ALTER TABLE stock_documents DROP COLUMN buyer_phone;
ALTER TABLE stock_documents DROP COLUMN buyer_name;
ALTER TABLE stock_documents DROP COLUMN shipment_ref;
ALTER TABLE stock_documents DROP COLUMN dest_center;
ALTER TABLE stock_documents DROP COLUMN dest_marketplace;
ALTER TABLE stock_documents DROP COLUMN dest_group_id;
ALTER TABLE stock_documents DROP COLUMN destination;
