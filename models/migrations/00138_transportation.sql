-- 物流跟踪 (issue 46): first-leg carriers (承运商) and their channels (物流渠道: sea, air or express, the days they
-- take and a price per kg or per cubic metre), and per shipment the channel, its gross weight and volume, the
-- estimated arrival (ship date + the channel's days), where its freight came from (computed from the channel or
-- typed; the amount stays shipments.freight, which 利润报告's 头程 spreads) and its milestones (typed or imported).

-- +goose Up
CREATE TABLE freight_carriers (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(100) NOT NULL,
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX freight_carriers_name ON freight_carriers (company_id, name);

CREATE TABLE freight_channels (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    carrier_id ${ID} NOT NULL REFERENCES freight_carriers (id),
    name       VARCHAR(100) NOT NULL,
    mode       VARCHAR(10) NOT NULL,
    days       INTEGER NOT NULL,
    basis      VARCHAR(10) NOT NULL,
    unit_price DECIMAL(14,2) NOT NULL,
    remark     VARCHAR(500) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX freight_channels_name ON freight_channels (carrier_id, name);
CREATE INDEX freight_channels_company ON freight_channels (company_id);

ALTER TABLE shipments ADD COLUMN channel_id ${ID} NULL REFERENCES freight_channels (id);
ALTER TABLE shipments ADD COLUMN gross_weight DECIMAL(14,3) NULL;
ALTER TABLE shipments ADD COLUMN volume DECIMAL(14,4) NULL;
ALTER TABLE shipments ADD COLUMN estimated_arrival VARCHAR(10) NOT NULL DEFAULT '';
ALTER TABLE shipments ADD COLUMN freight_source VARCHAR(10) NOT NULL DEFAULT '';
CREATE INDEX shipments_channel ON shipments (channel_id);

CREATE TABLE shipment_milestones (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    shipment_ref ${ID} NOT NULL REFERENCES shipments (id),
    happened_at  ${TIME} NOT NULL,
    location     VARCHAR(200) NOT NULL DEFAULT '',
    description  VARCHAR(500) NOT NULL,
    operator_id  ${ID} NULL,
    created_at   ${TIME} NOT NULL
);
CREATE INDEX shipment_milestones_shipment ON shipment_milestones (shipment_ref, happened_at);

-- +goose Down
DROP TABLE shipment_milestones;
DROP INDEX shipments_channel;
ALTER TABLE shipments DROP COLUMN freight_source;
ALTER TABLE shipments DROP COLUMN estimated_arrival;
ALTER TABLE shipments DROP COLUMN volume;
ALTER TABLE shipments DROP COLUMN gross_weight;
ALTER TABLE shipments DROP COLUMN channel_id;
DROP TABLE freight_channels;
DROP TABLE freight_carriers;
