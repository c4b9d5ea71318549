-- The timeline of a shipment (货件详情): one row per handling step done or cancelled (创建, 配货, 装箱, 发货, 收货,
-- Amazon status, and their cancels), with the local status it left and who did it.

-- +goose Up
CREATE TABLE shipment_events (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    shipment_ref ${ID} NOT NULL REFERENCES shipments (id),
    action       VARCHAR(20)  NOT NULL,
    status       SMALLINT     NOT NULL,
    detail       VARCHAR(500) NOT NULL DEFAULT '',
    operator_id  ${ID} NULL,
    created_at   ${TIME} NOT NULL
);
CREATE INDEX shipment_events_shipment ON shipment_events (shipment_ref, created_at);

-- +goose Down
DROP TABLE shipment_events;
